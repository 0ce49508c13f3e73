/**
 * The google.protobuf descriptor messages the runtime reads. They are the generated types of
 * descriptor.proto (src/wkt/gen), re-exported under the names the descriptor layer uses.
 */
export type {
  FileDescriptorSet,
  FileDescriptorProto,
  DescriptorProto,
  FieldDescriptorProto,
  OneofDescriptorProto,
  EnumDescriptorProto,
  EnumValueDescriptorProto,
  ServiceDescriptorProto,
  MethodDescriptorProto,
  FeatureSet as FeatureSetProto,
  MethodOptions_IdempotencyLevel,
  FeatureSet_FieldPresence,
} from "../wkt/gen/google/protobuf/descriptor_pb.js";
