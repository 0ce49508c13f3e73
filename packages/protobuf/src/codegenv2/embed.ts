/**
 * What code generators embed of a file descriptor: the FileDescriptorProto without what the
 * runtime restores or does not need, serialized and base64-encoded; for descriptor.proto,
 * which cannot be decoded without itself, an object literal instead.
 */
import type { DescEnum, DescExtension, DescMessage, DescService } from "../descriptors/types.js";
import type { DescriptorProto, FieldDescriptorProto, FileDescriptorProto } from "../descriptors/descriptor-proto.js";
import type { EnumDescriptorProto } from "../wkt/gen/google/protobuf/descriptor_pb.js";
import { protoCamelCase } from "../descriptors/names.js";
import { bootDescriptorCore } from "../boot/boot.js";
import type {
  DescriptorProtoBoot,
  EnumDescriptorProtoBoot,
  FieldDescriptorProtoBoot,
  FieldOptionsBoot,
  FileDescriptorProtoBoot,
} from "../boot/boot-types.js";
import { clone } from "../clone.js";
import { toBinary } from "../to-binary.js";
import { base64Encode } from "../wire/base64.js";
import { ProtobufError } from "../wire/errors.js";

/** What generated code embeds of any file. */
type EmbedUnknown = {
  bootable: false;
  /** The FileDescriptorProto to embed: without dependencies, source info and default json names. */
  proto(): FileDescriptorProto;
  /** The serialized proto(), base64 without padding. */
  base64(): string;
};

/** What generated code embeds of google/protobuf/descriptor.proto. */
type EmbedDescriptorProto = Omit<EmbedUnknown, "bootable"> & {
  bootable: true;
  /** The object literal of proto(), for boot(). */
  boot(): FileDescriptorProtoBoot;
};

/**
 * Computes what a code generator embeds of a file: `fileDesc(embed.base64(), [deps])` in
 * generated code restores the file descriptor. `dependency` is left out (the imported files
 * are passed to fileDesc()), and so are `source_code_info` and every `json_name` of a message
 * field that is the default, lowerCamelCase of the name (fileDesc() puts them back).
 */
export function embedFileDesc(file: FileDescriptorProto): EmbedUnknown | EmbedDescriptorProto {
  const schema = fileDescriptorProtoSchema();
  const proto = (): FileDescriptorProto => {
    const stripped = clone(schema, file) as FileDescriptorProto;
    stripped.dependency = [];
    delete (stripped as { sourceCodeInfo?: unknown }).sourceCodeInfo;
    stripped.messageType.forEach(stripJsonNames);
    return stripped;
  };
  const base64 = (): string => base64Encode(toBinary(schema, proto()), "std_raw");
  if (file.name === "google/protobuf/descriptor.proto") {
    return { bootable: true, proto, base64, boot: () => createFileDescriptorProtoBoot(proto()) };
  }
  return { bootable: false, proto, base64 };
}

function fileDescriptorProtoSchema(): DescMessage {
  return bootDescriptorCore().messages.find((m) => m.name === "FileDescriptorProto")!;
}

function stripJsonNames(message: DescriptorProto): void {
  for (const f of message.field) {
    if (has(f, "jsonName") && f.jsonName === protoCamelCase(f.name)) delete (f as { jsonName?: string }).jsonName;
  }
  message.nestedType.forEach(stripJsonNames);
}

/**
 * The path of a message, enum, extension or service in its file, as generated code passes it
 * to messageDesc(), enumDesc(), extDesc() and serviceDesc(): the index of the top-level
 * element, then the indexes of nested messages, and last of the nested enum or extension.
 */
export function pathInFileDesc(desc: DescMessage | DescEnum | DescExtension | DescService): number[] {
  if (desc.kind === "service") return [desc.file.services.indexOf(desc)];
  const parent = desc.parent;
  if (parent === undefined) {
    switch (desc.kind) {
      case "message":
        return [desc.file.messages.indexOf(desc)];
      case "enum":
        return [desc.file.enums.indexOf(desc)];
      case "extension":
        return [desc.file.extensions.indexOf(desc)];
    }
  }
  const path = pathInFileDesc(parent);
  switch (desc.kind) {
    case "message":
      path.push(parent.nestedMessages.indexOf(desc));
      break;
    case "enum":
      path.push(parent.nestedEnums.indexOf(desc));
      break;
    case "extension":
      path.push(parent.nestedExtensions.indexOf(desc));
      break;
  }
  return path;
}

/**
 * The FileDescriptorProto of google/protobuf/descriptor.proto as an object literal, which
 * bootFileDescriptorProto() turns back into the message, and boot() into the file
 * descriptor. Only what descriptor.proto uses is supported: file options, reserved ranges and
 * names, and the field option `feature_support` are left out, and anything else that the
 * literal cannot hold (services, extensions, oneofs, other options, ...) is an error.
 */
export function createFileDescriptorProtoBoot(proto: FileDescriptorProto): FileDescriptorProtoBoot {
  const where = proto.name;
  if (proto.name !== "google/protobuf/descriptor.proto") {
    throw new ProtobufError(`cannot boot ${where}: only google/protobuf/descriptor.proto can be booted`);
  }
  check(proto.package === "google.protobuf", where, `package "${proto.package}"`);
  check(proto.syntax === "" || proto.syntax === "proto2", where, `syntax "${proto.syntax}"`);
  check(!has(proto, "edition"), where, "edition");
  check(!has(proto, "sourceCodeInfo"), where, "source_code_info");
  for (const list of ["dependency", "publicDependency", "weakDependency", "optionDependency", "service", "extension"] as const) {
    check(proto[list].length === 0, where, list);
  }
  return {
    name: proto.name,
    package: proto.package,
    messageType: proto.messageType.map((m) => messageBoot(m, `${where}: ${m.name}`)),
    enumType: proto.enumType.map((e) => enumBoot(e, `${where}: ${e.name}`)),
  } as FileDescriptorProtoBoot;
}

function messageBoot(proto: DescriptorProto, where: string): DescriptorProtoBoot {
  check(proto.extension.length === 0, where, "extension");
  check(proto.oneofDecl.length === 0, where, "oneof");
  check(!has(proto, "options"), where, "message options");
  check(!has(proto, "visibility"), where, "visibility");
  const boot: DescriptorProtoBoot = { name: proto.name };
  if (proto.field.length > 0) boot.field = proto.field.map((f) => fieldBoot(f, `${where}.${f.name}`));
  if (proto.nestedType.length > 0) boot.nestedType = proto.nestedType.map((m) => messageBoot(m, `${where}.${m.name}`));
  if (proto.enumType.length > 0) boot.enumType = proto.enumType.map((e) => enumBoot(e, `${where}.${e.name}`));
  if (proto.extensionRange.length > 0) {
    boot.extensionRange = proto.extensionRange.map((r) => {
      check(!has(r, "options"), where, "extension range options");
      return { start: r.start, end: r.end };
    });
  }
  return boot;
}

function fieldBoot(proto: FieldDescriptorProto, where: string): FieldDescriptorProtoBoot {
  check(!has(proto, "oneofIndex"), where, "oneof_index");
  check(!has(proto, "jsonName") || proto.jsonName === protoCamelCase(proto.name), where, `json_name "${proto.jsonName}"`);
  const boot: FieldDescriptorProtoBoot = { name: proto.name, number: proto.number, type: proto.type };
  if (has(proto, "label")) boot.label = proto.label;
  if (has(proto, "typeName")) boot.typeName = proto.typeName;
  if (has(proto, "extendee")) boot.extendee = proto.extendee;
  if (has(proto, "defaultValue")) boot.defaultValue = proto.defaultValue;
  const options = proto.options;
  if (options !== undefined) {
    for (const unsupported of ["ctype", "jstype", "lazy", "unverifiedLazy", "weak", "debugRedact", "features"] as const) {
      check(!has(options, unsupported), where, `field option ${unsupported}`);
    }
    check(options.uninterpretedOption.length === 0, where, "uninterpreted_option");
    const opts: FieldOptionsBoot = {};
    if (has(options, "packed")) opts.packed = options.packed;
    if (has(options, "deprecated")) opts.deprecated = options.deprecated;
    if (has(options, "retention")) opts.retention = options.retention;
    if (options.targets.length > 0) opts.targets = [...options.targets];
    if (options.editionDefaults.length > 0) opts.editionDefaults = options.editionDefaults.map((d) => ({ value: d.value, edition: d.edition }));
    boot.options = opts;
  }
  return boot;
}

function enumBoot(proto: EnumDescriptorProto, where: string): EnumDescriptorProtoBoot {
  check(!has(proto, "options"), where, "enum options");
  check(!has(proto, "visibility"), where, "visibility");
  return {
    name: proto.name,
    value: proto.value.map((v) => {
      check(!has(v, "options"), `${where}.${v.name}`, "enum value options");
      return { name: v.name, number: v.number };
    }),
  };
}

function has(obj: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key) && (obj as Record<string, unknown>)[key] !== undefined;
}

function check(ok: boolean, where: string, what: string): void {
  if (!ok) throw new ProtobufError(`cannot boot ${where}: unsupported ${what}`);
}
