/**
 * The packed form of descriptor.proto (boot-data.ts): the content of a FileDescriptorProtoBoot
 * in nested arrays and strings, without property names and with type names relative to
 * `.google.protobuf.` — a third of the size in a bundle. unpackBoot() turns it into the objects
 * of a FileDescriptorProto that the descriptor builder reads, which boot.ts then makes messages
 * of the schema they describe (scripts/bootstrap-descriptor.mjs checks that the result is the
 * literal's message, exactly).
 */
import type { DescriptorProto, EnumDescriptorProto, FieldDescriptorProto, FileDescriptorProto } from "../descriptors/descriptor-proto.js";
import type { FieldOptionsBoot } from "./boot-types.js";

/**
 * A packed field: name, number (0 for the number after the previous field's, or 1 for the first
 * field), type, then optionally label (1 when left out), type name, default value and options
 * (0 for an absent type name or default value).
 */
export type PackedField = [string, number, number, number?, (string | 0)?, (string | 0)?, FieldOptionsBoot?];

/**
 * A packed enum: its name, then the name of each value, followed by its number unless that is
 * the previous value's plus one (or 0 for the first value).
 */
export type PackedEnum = [string, ...(string | number)[]];

/**
 * A packed message: its name and fields, then optionally (0 for absent) its nested messages,
 * its enums and its extension ranges as [start, end, ...].
 */
export type PackedMessage = [string, PackedField[], (PackedMessage[] | 0)?, (PackedEnum[] | 0)?, number[]?];

/** The packed descriptor.proto: its messages and enums. */
export type PackedFile = [PackedMessage[], PackedEnum[]];

const prefix = ".google.protobuf.";

/**
 * The FileDescriptorProto of descriptor.proto that `packed` holds, as plain objects: each with
 * the fields its literal sets (as own properties) and the repeated fields the descriptor builder
 * reads, without `$typeName` and prototypes (boot.ts adds them once the schema is linked).
 */
export function unpackBoot(packed: PackedFile): FileDescriptorProto {
  return {
    name: "google/protobuf/descriptor.proto",
    package: "google.protobuf",
    messageType: packed[0].map(unpackMessage),
    enumType: packed[1].map(unpackEnum),
    extension: [],
    service: [],
  } as unknown as FileDescriptorProto;
}

function unpackMessage(m: PackedMessage): DescriptorProto {
  let number = 0;
  const ranges = m[4] ?? [];
  const extensionRange: { start: number; end: number }[] = [];
  for (let i = 0; i < ranges.length; i += 2) extensionRange.push({ start: ranges[i], end: ranges[i + 1] });
  return {
    name: m[0],
    field: m[1].map((f) => unpackField(f, (number = f[1] || number + 1))),
    nestedType: (m[2] || []).map(unpackMessage),
    enumType: (m[3] || []).map(unpackEnum),
    extensionRange,
    extension: [],
    oneofDecl: [],
  } as unknown as DescriptorProto;
}

function unpackField(f: PackedField, number: number): FieldDescriptorProto {
  const out = { name: f[0], number, label: f[3] ?? 1, type: f[2] } as Record<string, unknown>;
  if (f[4]) out.typeName = prefix + f[4];
  if (typeof f[5] === "string") out.defaultValue = f[5];
  if (f[6] !== undefined) out.options = f[6];
  return out as unknown as FieldDescriptorProto;
}

function unpackEnum(e: PackedEnum): EnumDescriptorProto {
  const value: { name: string; number: number }[] = [];
  let number = -1;
  for (let i = 1; i < e.length; i++) {
    const name = e[i] as string;
    number = typeof e[i + 1] === "number" ? (e[++i] as number) : number + 1;
    value.push({ name, number });
  }
  return { name: e[0], value } as unknown as EnumDescriptorProto;
}
