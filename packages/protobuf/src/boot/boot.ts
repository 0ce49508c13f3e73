/**
 * Bootstrapping descriptor.proto: the runtime needs the schema of FileDescriptorProto to
 * decode any file descriptor, including descriptor.proto's own. A minimal reader decodes
 * just enough of the embedded descriptor.proto to link it; the linked schema then decodes
 * the same bytes in full, and that result is the descriptor.proto the runtime exposes.
 */
import { BinaryReader } from "../wire/binary-reader.js";
import { base64DecodeStrict } from "../wire/base64.js";
import { WireType } from "../wire/wire-type.js";
import type { DescFile, DescMessage } from "../descriptors/types.js";
import type { FileDescriptorProto } from "../descriptors/descriptor-proto.js";
import { buildFile } from "../descriptors/build-file.js";
import { descriptorProtoBase64 } from "./boot-data.js";
import { createMutableRegistry } from "../registry/registry.js";
import { messageDecoder } from "../binary/decoder.js";
import { zeroMessageFactory } from "../model/zero-message.js";
import { restoreJsonNames } from "../descriptors/json-names.js";

type Obj = Record<string, unknown>;

/** The field numbers the boot reader understands, per message, and how to read them. */
type FieldSpec = [name: string, kind: "string" | "int" | "bool" | "strings" | "message" | "messages", sub?: string];
const specs: Record<string, Record<number, FieldSpec>> = {
  FileDescriptorProto: {
    1: ["name", "string"],
    2: ["package", "string"],
    3: ["dependency", "strings"],
    4: ["messageType", "messages", "DescriptorProto"],
    5: ["enumType", "messages", "EnumDescriptorProto"],
    7: ["extension", "messages", "FieldDescriptorProto"],
    12: ["syntax", "string"],
    14: ["edition", "int"],
  },
  DescriptorProto: {
    1: ["name", "string"],
    2: ["field", "messages", "FieldDescriptorProto"],
    3: ["nestedType", "messages", "DescriptorProto"],
    4: ["enumType", "messages", "EnumDescriptorProto"],
    6: ["extension", "messages", "FieldDescriptorProto"],
    8: ["oneofDecl", "messages", "OneofDescriptorProto"],
  },
  FieldDescriptorProto: {
    1: ["name", "string"],
    2: ["extendee", "string"],
    3: ["number", "int"],
    4: ["label", "int"],
    5: ["type", "int"],
    6: ["typeName", "string"],
    7: ["defaultValue", "string"],
    8: ["options", "message", "FieldOptions"],
    9: ["oneofIndex", "int"],
    10: ["jsonName", "string"],
    17: ["proto3Optional", "bool"],
  },
  FieldOptions: { 2: ["packed", "bool"] },
  OneofDescriptorProto: { 1: ["name", "string"] },
  EnumDescriptorProto: { 1: ["name", "string"], 2: ["value", "messages", "EnumValueDescriptorProto"] },
  EnumValueDescriptorProto: { 1: ["name", "string"], 2: ["number", "int"] },
};

/** Defaults for fields the builder reads unconditionally. */
const defaults: Record<string, Obj> = {
  FileDescriptorProto: {
    name: "",
    package: "",
    dependency: [],
    publicDependency: [],
    messageType: [],
    enumType: [],
    service: [],
    extension: [],
    syntax: "",
    edition: 0,
  },
  DescriptorProto: { name: "", field: [], nestedType: [], enumType: [], extension: [], oneofDecl: [] },
  FieldDescriptorProto: { name: "", extendee: "", number: 0, label: 0, type: 0, typeName: "", proto3Optional: false },
  FieldOptions: {},
  OneofDescriptorProto: { name: "" },
  EnumDescriptorProto: { name: "", value: [] },
  EnumValueDescriptorProto: { name: "", number: 0 },
};

function readBoot(type: string, r: BinaryReader, end: number): Obj {
  const obj: Obj = { $typeName: "google.protobuf." + type };
  for (const [k, v] of Object.entries(defaults[type])) obj[k] = Array.isArray(v) ? [] : v;
  const spec = specs[type];
  while (r.pos < end) {
    const tag = r.uint32();
    const no = tag >>> 3;
    const f = spec[no];
    if (f === undefined || ((tag & 7) !== WireType.LengthDelimited && (f[1] === "string" || f[1] === "strings" || f[1].startsWith("message")))) {
      r.skip(tag & 7, no);
      continue;
    }
    const [name, kind, sub] = f;
    switch (kind) {
      case "string":
        obj[name] = r.string();
        break;
      case "strings":
        (obj[name] as string[]).push(r.string());
        break;
      case "int":
        obj[name] = r.int32();
        break;
      case "bool":
        obj[name] = r.bool();
        break;
      default: {
        const len = r.uint32();
        const value = readBoot(sub!, r, r.pos + len);
        if (kind === "messages") (obj[name] as Obj[]).push(value);
        else obj[name] = value;
      }
    }
  }
  return obj;
}

let booted: DescFile | undefined;

/**
 * The linked descriptor of google/protobuf/descriptor.proto, built on first use from the
 * embedded bytes.
 */
export function bootDescriptorProto(): DescFile {
  if (booted !== undefined) return booted;
  const bytes = base64DecodeStrict(descriptorProtoBase64);
  // Stage 1: the minimal reader, enough to link FileDescriptorProto's schema.
  const r = new BinaryReader(bytes);
  const minimal = readBoot("FileDescriptorProto", r, r.len) as unknown as FileDescriptorProto;
  const stage1 = buildFile(minimal, [], createMutableRegistryResolver());
  const fileSchema = stage1.messages.find((m) => m.name === "FileDescriptorProto") as DescMessage;
  // Stage 2: decode the same bytes in full with the linked schema, and link that.
  const full = zeroMessageFactory(fileSchema)();
  const r2 = new BinaryReader(bytes);
  messageDecoder(fileSchema)(full, r2, r2.len, 0, 0, { readUnknown: true, maxDepth: 100 });
  restoreJsonNames(full as unknown as FileDescriptorProto);
  booted = buildFile(full as unknown as FileDescriptorProto, [], createMutableRegistryResolver());
  return booted;
}

function createMutableRegistryResolver() {
  const reg = createMutableRegistry();
  return {
    resolveType: (typeName: string) => {
      const t = reg.get(typeName);
      return t?.kind === "message" || t?.kind === "enum" ? t : undefined;
    },
    addType: reg.add,
  };
}
