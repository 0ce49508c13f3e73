/**
 * Bootstrapping descriptor.proto: the runtime needs the schema of FileDescriptorProto to
 * decode any file descriptor, including descriptor.proto's own. So descriptor.proto is
 * embedded as a packed object literal (boot-data.ts), unpacked into plain objects of the shape
 * of its FileDescriptorProto (boot-unpack.ts), linked, and then made messages of the schema it
 * just linked, in place.
 */
import type { DescFile, DescMessage } from "../descriptors/types.js";
import type { FileDescriptorProto } from "../descriptors/descriptor-proto.js";
import { buildFile } from "../descriptors/build-file.js";
import { typeMapResolver } from "../descriptors/type-map.js";
import { create } from "../model/create.js";
import { zeroMessageFactory } from "../model/zero-message.js";
import { restoreJsonNames } from "../descriptors/json-names.js";
import type { FieldOptionsBoot, FileDescriptorProtoBoot } from "./boot-types.js";
import { descriptorProtoPacked } from "./boot-data.js";
import { descriptorFieldOptions } from "./boot-field-options.js";
import { unpackBoot, type PackedFile } from "./boot-unpack.js";

let booted: DescFile | undefined;
let complete = false;

/**
 * descriptor.proto linked from the embedded literal, as the runtime needs it to decode file
 * descriptors: without the options of its own fields that only describe features and options
 * (retention, targets, edition defaults: boot-field-options.ts), which bootDescriptorProto() adds
 * to the same descriptor, so that a program that never looks at descriptor.proto's own schemas
 * does not carry them. @internal
 */
export function bootDescriptorCore(): DescFile {
  return (booted ??= bootPacked(descriptorProtoPacked));
}

/**
 * The linked descriptor of google/protobuf/descriptor.proto, built on first use from the
 * embedded object literal. Generated code for descriptor.proto (`file_google_protobuf_descriptor`)
 * is this very descriptor.
 */
export function bootDescriptorProto(): DescFile {
  const file = bootDescriptorCore();
  if (!complete) {
    complete = true;
    addFieldOptions(file, descriptorFieldOptions);
  }
  return file;
}

/**
 * Sets the options of fields of descriptor.proto (by "Message.field", nested messages dotted) as
 * messages of its FieldOptions. @internal
 */
export function addFieldOptions(file: DescFile, options: Record<string, FieldOptionsBoot>): void {
  const fieldOptions = file.messages.find((m) => m.name === "FieldOptions")!;
  for (const [path, init] of Object.entries(options)) {
    const names = path.split(".");
    const fieldName = names.pop();
    let msg = file.messages.find((m) => m.name === names[0])!;
    for (const name of names.slice(1)) msg = msg.nestedMessages.find((m) => m.name === name)!;
    const field = msg.fields.find((f) => f.name === fieldName)!;
    (field.proto as { options?: unknown }).options = create(fieldOptions, init as unknown as Record<string, unknown>);
  }
}

/**
 * Links descriptor.proto from its packed form (boot-data.ts), with its FileDescriptorProto the
 * message of the schema it describes: the message that createFileDescriptorProtoBoot()'s
 * literal gives, with json names set as the compiler sets them. The options objects of `packed`
 * become part of that message (the runtime boots once from the constant of boot-data.ts).
 * @internal
 */
export function bootPacked(packed: PackedFile): DescFile {
  const proto = unpackBoot(packed);
  const plain = proto as unknown as Record<string, unknown>;
  restoreJsonNames(proto);
  // descriptor.proto is proto2: its syntax is unset, which reads "" once proto is a message.
  plain.syntax = "";
  const file = buildFile(proto, [], typeMapResolver());
  delete plain.syntax;
  adopt(fileProtoSchema(file), plain);
  return file;
}

/**
 * Makes a plain object of the shape of a message of `desc` (the fields it sets as own
 * properties) that message, in place, with the objects of its message fields: type name,
 * prototype (with the defaults of proto2 fields) and empty repeated fields, as create() makes
 * them.
 */
function adopt(desc: DescMessage, obj: Record<string, unknown>): void {
  Object.setPrototypeOf(obj, Object.getPrototypeOf(zeroMessageFactory(desc)()));
  obj.$typeName = desc.typeName;
  for (const field of desc.fields) {
    const value = obj[field.localName] as Record<string, unknown> | Record<string, unknown>[] | undefined;
    const message = field.message;
    if (field.fieldKind === "list") {
      if (value === undefined) obj[field.localName] = [];
      else if (message !== undefined) for (const v of value as Record<string, unknown>[]) adopt(message, v);
    } else if (message !== undefined && value !== undefined) {
      adopt(message, value as Record<string, unknown>);
    }
  }
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

/** The message FileDescriptorProto of descriptor.proto (embedded, so always there). */
function fileProtoSchema(file: DescFile): DescMessage {
  return file.messages.find((m) => m.name === "FileDescriptorProto")!;
}

function createFileProto(schema: DescMessage, init: FileDescriptorProtoBoot): FileDescriptorProto {
  // The literal has the shape of an init object of FileDescriptorProto.
  return create(schema, init as unknown as Record<string, unknown>) as unknown as FileDescriptorProto;
}
