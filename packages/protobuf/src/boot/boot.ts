/**
 * Bootstrapping descriptor.proto: the runtime needs the schema of FileDescriptorProto to
 * decode any file descriptor, including descriptor.proto's own. So descriptor.proto is
 * embedded as a packed object literal (boot-data.ts, boot-unpack.ts), linked once from plain objects, and then
 * created again as real messages of the schema it just linked.
 */
import type { DescFile, DescMessage } from "../descriptors/types.js";
import type { FileDescriptorProto } from "../descriptors/descriptor-proto.js";
import { buildFile } from "../descriptors/build-file.js";
import { typeMapResolver } from "../descriptors/type-map.js";
import { create } from "../model/create.js";
import { restoreJsonNames } from "../descriptors/json-names.js";
import { ProtobufError } from "../wire/errors.js";
import type { DescriptorProtoBoot, EnumDescriptorProtoBoot, FieldDescriptorProtoBoot, FileDescriptorProtoBoot } from "./boot-types.js";
import { descriptorProtoPacked } from "./boot-data.js";
import { unpackBoot } from "./boot-unpack.js";

let booted: DescFile | undefined;

/**
 * The linked descriptor of google/protobuf/descriptor.proto, built on first use from the
 * embedded object literal. Generated code for descriptor.proto (`file_google_protobuf_descriptor`)
 * is this very descriptor.
 */
export function bootDescriptorProto(): DescFile {
  if (booted === undefined) {
    const descriptorProtoBoot = unpackBoot(descriptorProtoPacked);
    // Stage 1: plain objects, enough to link the schema of FileDescriptorProto.
    const stage1 = buildFile(plainFile(descriptorProtoBoot), [], typeMapResolver());
    // Stage 2: the same literal as messages of that schema, linked again.
    booted = linkBooted(createFileProto(fileProtoSchema(stage1), descriptorProtoBoot));
  }
  return booted;
}

/**
 * Creates the message google.protobuf.FileDescriptorProto from the object literal of
 * descriptor.proto (see createFileDescriptorProtoBoot()).
 */
export function bootFileDescriptorProto(init: FileDescriptorProtoBoot): FileDescriptorProto {
  return createFileProto(fileProtoSchema(bootDescriptorProto()), init);
}

/**
 * Links a file descriptor for google/protobuf/descriptor.proto from its object literal (see
 * createFileDescriptorProtoBoot()). Generated code of descriptor.proto calls it in protobuf-es;
 * ours calls bootDescriptorProto(), which links the embedded literal once.
 */
export function boot(init: FileDescriptorProtoBoot): DescFile {
  return linkBooted(bootFileDescriptorProto(init));
}

/** Links a booted descriptor.proto, with its json names put back as the compiler sets them. */
function linkBooted(proto: FileDescriptorProto): DescFile {
  restoreJsonNames(proto);
  return buildFile(proto, [], typeMapResolver());
}

function fileProtoSchema(file: DescFile): DescMessage {
  const schema = file.messages.find((m) => m.name === "FileDescriptorProto");
  if (schema === undefined) throw new ProtobufError("descriptor.proto has no message FileDescriptorProto");
  return schema;
}

function createFileProto(schema: DescMessage, init: FileDescriptorProtoBoot): FileDescriptorProto {
  // The literal has the shape of an init object of FileDescriptorProto.
  return create(schema, init as unknown as Record<string, unknown>) as unknown as FileDescriptorProto;
}

// Stage 1: the literal as plain objects with the fields the descriptor builder reads. Fields
// that are not in the literal get the zero values of proto2 (descriptor.proto is proto2);
// `defaultValue` and `options` stay absent unless given, as the builder checks their presence.

function plainFile(init: FileDescriptorProtoBoot): FileDescriptorProto {
  return {
    $typeName: "google.protobuf.FileDescriptorProto",
    name: init.name,
    package: init.package,
    dependency: [],
    publicDependency: [],
    weakDependency: [],
    optionDependency: [],
    messageType: init.messageType.map(plainMessage),
    enumType: init.enumType.map(plainEnum),
    service: [],
    extension: [],
    syntax: "",
    edition: 0,
  } as unknown as FileDescriptorProto;
}

function plainMessage(init: DescriptorProtoBoot): FileDescriptorProto["messageType"][number] {
  return {
    $typeName: "google.protobuf.DescriptorProto",
    name: init.name,
    field: (init.field ?? []).map(plainField),
    extension: [],
    nestedType: (init.nestedType ?? []).map(plainMessage),
    enumType: (init.enumType ?? []).map(plainEnum),
    extensionRange: [],
    oneofDecl: [],
    reservedRange: [],
    reservedName: [],
  } as unknown as FileDescriptorProto["messageType"][number];
}

function plainField(init: FieldDescriptorProtoBoot): Record<string, unknown> {
  const field: Record<string, unknown> = {
    $typeName: "google.protobuf.FieldDescriptorProto",
    name: init.name,
    number: init.number,
    label: init.label ?? 0,
    type: init.type,
    typeName: init.typeName ?? "",
    extendee: init.extendee ?? "",
    proto3Optional: false,
  };
  if (init.defaultValue !== undefined) field.defaultValue = init.defaultValue;
  if (init.options !== undefined) field.options = { $typeName: "google.protobuf.FieldOptions", ...init.options };
  return field;
}

function plainEnum(init: EnumDescriptorProtoBoot): FileDescriptorProto["enumType"][number] {
  return {
    $typeName: "google.protobuf.EnumDescriptorProto",
    name: init.name,
    value: init.value.map((v) => ({ $typeName: "google.protobuf.EnumValueDescriptorProto", name: v.name, number: v.number })),
    reservedRange: [],
    reservedName: [],
  } as unknown as FileDescriptorProto["enumType"][number];
}
