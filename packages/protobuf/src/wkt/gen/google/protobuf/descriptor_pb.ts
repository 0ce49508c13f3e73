/**
 * Schemas of google/protobuf/descriptor.proto, from the bootstrapped descriptor.
 *
 * Bootstrap stage: the message types are the hand-written shapes in
 * descriptors/descriptor-proto.ts; the generator will replace this file.
 */
import type { DescFile } from "../../../../descriptors/types.js";
import type { GenMessage } from "../../../../types.js";
import { bootDescriptorProto } from "../../../../descriptors/boot.js";
import { messageDesc } from "../../../../codegenv2/file-desc.js";
import type {
  DescriptorProto,
  EnumDescriptorProto,
  FieldDescriptorProto,
  FileDescriptorProto,
  FileDescriptorSet,
} from "../../../../descriptors/descriptor-proto.js";

/** The file google/protobuf/descriptor.proto. */
export const file_google_protobuf_descriptor: DescFile = /*@__PURE__*/ bootDescriptorProto();

/** Describes the message google.protobuf.FileDescriptorSet. */
export const FileDescriptorSetSchema: GenMessage<FileDescriptorSet> = /*@__PURE__*/ messageDesc(file_google_protobuf_descriptor, 0);
/** Describes the message google.protobuf.FileDescriptorProto. */
export const FileDescriptorProtoSchema: GenMessage<FileDescriptorProto> = /*@__PURE__*/ messageDesc(file_google_protobuf_descriptor, 1);
/** Describes the message google.protobuf.DescriptorProto. */
export const DescriptorProtoSchema: GenMessage<DescriptorProto> = /*@__PURE__*/ messageDesc(file_google_protobuf_descriptor, 2);
/** Describes the message google.protobuf.FieldDescriptorProto. */
export const FieldDescriptorProtoSchema: GenMessage<FieldDescriptorProto> = /*@__PURE__*/ messageDesc(file_google_protobuf_descriptor, 4);
/** Describes the message google.protobuf.EnumDescriptorProto. */
export const EnumDescriptorProtoSchema: GenMessage<EnumDescriptorProto> = /*@__PURE__*/ messageDesc(file_google_protobuf_descriptor, 6);

export type { FileDescriptorSet, FileDescriptorProto, DescriptorProto, FieldDescriptorProto, EnumDescriptorProto };
