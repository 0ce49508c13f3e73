/**
 * Which message fields hold unboxed well-known types, as in protobuf-es v2: a singular
 * message field (not in a oneof) whose type is a wrapper (google.protobuf.Int32Value, ...)
 * holds the primitive value itself, and google.protobuf.Struct values hold plain JSON
 * objects — in singular fields, oneofs, lists and map values alike — except inside
 * google.protobuf.Value, whose struct_value stays a message. Lists and maps of wrappers hold
 * messages. The conversions are in boxing.ts.
 */
import { structTypeName, valueTypeName, wrapperTypeNames } from "../descriptors/wkt-names.js";
import type { DescExtension, DescField, DescMessage } from "../descriptors/types.js";

/** How a singular message field holds its value. */
export const enum Boxing {
  /** The field holds a message. */
  None = 0,
  /** The field holds the primitive value of a wrapper message. */
  Wrapper = 1,
  /** The field holds a JSON object for a google.protobuf.Struct. */
  Struct = 2,
}

/** True if the message type is one of the wrappers of wrappers.proto. */
export function isWrapperDesc(desc: DescMessage): boolean {
  return wrapperTypeNames.has(desc.typeName) && desc.fields.length === 1 && desc.fields[0].number === 1;
}

/** How a singular message field holds its value: boxed as a message, or unboxed. */
export function fieldBoxing(field: DescField | DescExtension): Boxing {
  if (field.fieldKind !== "message") return Boxing.None;
  if (field.oneof === undefined && isWrapperDesc(field.message)) return Boxing.Wrapper;
  return isStructField(field.message, field) ? Boxing.Struct : Boxing.None;
}

/** How the elements of a list field, or the values of a map field, are held. */
export function elementBoxing(field: DescField | DescExtension): Boxing {
  if ((field.fieldKind !== "list" && field.fieldKind !== "map") || field.message === undefined) return Boxing.None;
  return isStructField(field.message, field) ? Boxing.Struct : Boxing.None;
}

function isStructField(message: DescMessage, field: DescField | DescExtension): boolean {
  return message.typeName === structTypeName && field.parent?.typeName !== valueTypeName;
}
