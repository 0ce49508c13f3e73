/**
 * Well-known types and descriptor.proto.
 */
export * from "./gen/google/protobuf/descriptor_pb.js";
