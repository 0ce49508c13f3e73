/**
 * The plain object form of google/protobuf/descriptor.proto that generated code and the
 * runtime embed: descriptor.proto cannot be embedded in binary form, since its own schema is
 * needed to decode it. Only what linking descriptor.proto needs is in it.
 */
import type {
  DescriptorProto_ExtensionRange,
  EnumValueDescriptorProto,
  FieldDescriptorProto_Label,
  FieldDescriptorProto_Type,
  FieldOptions_EditionDefault,
  FieldOptions_OptionRetention,
  FieldOptions_OptionTargetType,
} from "../wkt/gen/google/protobuf/descriptor_pb.js";

/**
 * An object literal for the message google.protobuf.FileDescriptorProto of
 * google/protobuf/descriptor.proto. See createFileDescriptorProtoBoot().
 */
export type FileDescriptorProtoBoot = {
  name: "google/protobuf/descriptor.proto";
  package: "google.protobuf";
  messageType: DescriptorProtoBoot[];
  enumType: EnumDescriptorProtoBoot[];
};

/** An object literal for a google.protobuf.DescriptorProto of descriptor.proto. */
export type DescriptorProtoBoot = {
  name: string;
  field?: FieldDescriptorProtoBoot[];
  nestedType?: DescriptorProtoBoot[];
  enumType?: EnumDescriptorProtoBoot[];
  extensionRange?: Pick<DescriptorProto_ExtensionRange, "start" | "end">[];
};

/** An object literal for a google.protobuf.FieldDescriptorProto of descriptor.proto. */
export type FieldDescriptorProtoBoot = {
  name: string;
  number: number;
  label?: FieldDescriptorProto_Label;
  type: FieldDescriptorProto_Type;
  typeName?: string;
  extendee?: string;
  defaultValue?: string;
  options?: FieldOptionsBoot;
};

/** An object literal for the google.protobuf.FieldOptions that descriptor.proto uses. */
export type FieldOptionsBoot = {
  packed?: boolean;
  deprecated?: boolean;
  retention?: FieldOptions_OptionRetention;
  targets?: FieldOptions_OptionTargetType[];
  editionDefaults?: FieldOptions_EditionDefaultBoot[];
};

/** An object literal for a google.protobuf.FieldOptions.EditionDefault. */
export type FieldOptions_EditionDefaultBoot = Pick<FieldOptions_EditionDefault, "edition" | "value">;

/** An object literal for a google.protobuf.EnumDescriptorProto of descriptor.proto. */
export type EnumDescriptorProtoBoot = {
  name: string;
  value: EnumValueDescriptorProtoBoot[];
};

/** An object literal for a google.protobuf.EnumValueDescriptorProto of descriptor.proto. */
export type EnumValueDescriptorProtoBoot = Pick<EnumValueDescriptorProto, "name" | "number">;
