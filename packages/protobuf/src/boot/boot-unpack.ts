/**
 * The packed form of the descriptor.proto literal (boot-data.ts): the same content as a
 * FileDescriptorProtoBoot in nested arrays and strings, without property names and with type
 * names relative to `.google.protobuf.` — a third of the size in a bundle. unpackBoot() gives back
 * the literal (scripts/bootstrap-descriptor.mjs checks that it does, exactly).
 */
import type {
  DescriptorProtoBoot,
  EnumDescriptorProtoBoot,
  FieldDescriptorProtoBoot,
  FieldOptionsBoot,
  FileDescriptorProtoBoot,
} from "./boot-types.js";
import type { FieldDescriptorProto_Label, FieldDescriptorProto_Type } from "../wkt/gen/google/protobuf/descriptor_pb.js";

/**
 * A packed field: name, number, type, then optionally label (1 when left out), type name,
 * default value and options (0 for an absent type name or default value).
 */
export type PackedField = [string, number, number, number?, (string | 0)?, (string | 0)?, FieldOptionsBoot?];

/** A packed enum: its name, then name and number of each value. */
export type PackedEnum = [string, ...(string | number)[]];

/**
 * A packed message: its name and fields, then optionally (0 for absent) its nested messages,
 * its enums and its extension ranges as [start, end, ...].
 */
export type PackedMessage = [string, PackedField[], (PackedMessage[] | 0)?, (PackedEnum[] | 0)?, number[]?];

/** The packed descriptor.proto: its messages and enums. */
export type PackedFile = [PackedMessage[], PackedEnum[]];

const prefix = ".google.protobuf.";

/** The FileDescriptorProtoBoot literal of descriptor.proto that `packed` holds. */
export function unpackBoot(packed: PackedFile): FileDescriptorProtoBoot {
  return {
    name: "google/protobuf/descriptor.proto",
    package: "google.protobuf",
    messageType: packed[0].map(unpackMessage),
    enumType: packed[1].map(unpackEnum),
  };
}

function unpackMessage(m: PackedMessage): DescriptorProtoBoot {
  const out: DescriptorProtoBoot = { name: m[0] };
  if (m[1].length > 0) out.field = m[1].map(unpackField);
  if (m[2]) out.nestedType = m[2].map(unpackMessage);
  if (m[3]) out.enumType = m[3].map(unpackEnum);
  const ranges = m[4];
  if (ranges) {
    out.extensionRange = [];
    for (let i = 0; i < ranges.length; i += 2) out.extensionRange.push({ start: ranges[i], end: ranges[i + 1] });
  }
  return out;
}

function unpackField(f: PackedField): FieldDescriptorProtoBoot {
  const out: FieldDescriptorProtoBoot = {
    name: f[0],
    number: f[1],
    type: f[2] as FieldDescriptorProto_Type,
    label: (f[3] ?? 1) as FieldDescriptorProto_Label,
  };
  if (f[4]) out.typeName = prefix + f[4];
  if (typeof f[5] === "string") out.defaultValue = f[5];
  if (f[6] !== undefined) out.options = f[6];
  return out;
}

function unpackEnum(e: PackedEnum): EnumDescriptorProtoBoot {
  const value: EnumDescriptorProtoBoot["value"] = [];
  for (let i = 1; i < e.length; i += 2) value.push({ name: e[i] as string, number: e[i + 1] as number });
  return { name: e[0], value };
}
