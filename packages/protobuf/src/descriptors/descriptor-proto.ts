/**
 * The shapes of the google.protobuf descriptor messages that the runtime reads, as plain
 * messages. Only the fields the runtime needs are typed here; a decoded descriptor carries
 * every field of descriptor.proto at run time.
 *
 * These hand-written shapes exist only to bootstrap; generated code for descriptor.proto
 * supersedes them.
 */
import type { Message } from "../types.js";

/** google.protobuf.FeatureSet (the features the runtime resolves). */
export interface FeatureSetProto extends Message<"google.protobuf.FeatureSet"> {
  fieldPresence: number;
  enumType: number;
  repeatedFieldEncoding: number;
  utf8Validation: number;
  messageEncoding: number;
  jsonFormat: number;
  enforceNamingStyle: number;
  defaultSymbolVisibility: number;
}

/** Options messages share an optional `features` field. */
export interface OptionsWithFeatures {
  features?: FeatureSetProto;
  deprecated?: boolean;
}

/** google.protobuf.FileOptions */
export interface FileOptionsProto extends Message<"google.protobuf.FileOptions">, OptionsWithFeatures {}

/** google.protobuf.MessageOptions */
export interface MessageOptionsProto extends Message<"google.protobuf.MessageOptions">, OptionsWithFeatures {
  mapEntry: boolean;
  messageSetWireFormat: boolean;
}

/** google.protobuf.FieldOptions */
export interface FieldOptionsProto extends Message<"google.protobuf.FieldOptions">, OptionsWithFeatures {
  packed: boolean;
  jstype: number;
  lazy: boolean;
  unverifiedLazy: boolean;
}

/** google.protobuf.OneofOptions */
export interface OneofOptionsProto extends Message<"google.protobuf.OneofOptions">, OptionsWithFeatures {}

/** google.protobuf.EnumOptions */
export interface EnumOptionsProto extends Message<"google.protobuf.EnumOptions">, OptionsWithFeatures {
  allowAlias: boolean;
}

/** google.protobuf.EnumValueOptions */
export interface EnumValueOptionsProto extends Message<"google.protobuf.EnumValueOptions">, OptionsWithFeatures {}

/** google.protobuf.ServiceOptions */
export interface ServiceOptionsProto extends Message<"google.protobuf.ServiceOptions">, OptionsWithFeatures {}

/** google.protobuf.MethodOptions */
export interface MethodOptionsProto extends Message<"google.protobuf.MethodOptions">, OptionsWithFeatures {
  idempotencyLevel: number;
}

/** google.protobuf.FieldDescriptorProto */
export interface FieldDescriptorProto extends Message<"google.protobuf.FieldDescriptorProto"> {
  name: string;
  number: number;
  label: number;
  type: number;
  typeName: string;
  extendee: string;
  defaultValue: string;
  oneofIndex: number;
  jsonName: string;
  options?: FieldOptionsProto;
  proto3Optional: boolean;
}

/** google.protobuf.OneofDescriptorProto */
export interface OneofDescriptorProto extends Message<"google.protobuf.OneofDescriptorProto"> {
  name: string;
  options?: OneofOptionsProto;
}

/** google.protobuf.EnumValueDescriptorProto */
export interface EnumValueDescriptorProto extends Message<"google.protobuf.EnumValueDescriptorProto"> {
  name: string;
  number: number;
  options?: EnumValueOptionsProto;
}

/** google.protobuf.EnumDescriptorProto */
export interface EnumDescriptorProto extends Message<"google.protobuf.EnumDescriptorProto"> {
  name: string;
  value: EnumValueDescriptorProto[];
  options?: EnumOptionsProto;
}

/** google.protobuf.DescriptorProto */
export interface DescriptorProto extends Message<"google.protobuf.DescriptorProto"> {
  name: string;
  field: FieldDescriptorProto[];
  extension: FieldDescriptorProto[];
  nestedType: DescriptorProto[];
  enumType: EnumDescriptorProto[];
  oneofDecl: OneofDescriptorProto[];
  options?: MessageOptionsProto;
}

/** google.protobuf.MethodDescriptorProto */
export interface MethodDescriptorProto extends Message<"google.protobuf.MethodDescriptorProto"> {
  name: string;
  inputType: string;
  outputType: string;
  options?: MethodOptionsProto;
  clientStreaming: boolean;
  serverStreaming: boolean;
}

/** google.protobuf.ServiceDescriptorProto */
export interface ServiceDescriptorProto extends Message<"google.protobuf.ServiceDescriptorProto"> {
  name: string;
  method: MethodDescriptorProto[];
  options?: ServiceOptionsProto;
}

/** google.protobuf.FileDescriptorProto */
export interface FileDescriptorProto extends Message<"google.protobuf.FileDescriptorProto"> {
  name: string;
  package: string;
  dependency: string[];
  publicDependency: number[];
  messageType: DescriptorProto[];
  enumType: EnumDescriptorProto[];
  service: ServiceDescriptorProto[];
  extension: FieldDescriptorProto[];
  options?: FileOptionsProto;
  syntax: string;
  edition: number;
}

/** google.protobuf.FileDescriptorSet */
export interface FileDescriptorSet extends Message<"google.protobuf.FileDescriptorSet"> {
  file: FileDescriptorProto[];
}
