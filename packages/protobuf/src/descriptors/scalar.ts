import { WireType } from "../wire/wire-type.js";

import { ScalarType } from "./scalar-type.js";

export { ScalarType };

/** The TypeScript type of a value of scalar type `T` (64-bit integers as string if `LongAsString`). */
export type ScalarValue<T = ScalarType, LongAsString extends boolean = false> = T extends ScalarType.STRING
  ? string
  : T extends ScalarType.INT32 | ScalarType.UINT32 | ScalarType.SINT32 | ScalarType.FIXED32 | ScalarType.SFIXED32
    ? number
    : T extends ScalarType.FLOAT | ScalarType.DOUBLE
      ? number
      : T extends ScalarType.INT64 | ScalarType.SINT64 | ScalarType.SFIXED64 | ScalarType.UINT64 | ScalarType.FIXED64
        ? LongAsString extends true
          ? string
          : bigint
        : T extends ScalarType.BOOL
          ? boolean
          : T extends ScalarType.BYTES
            ? Uint8Array
            : never;

/** Field types of google.protobuf.FieldDescriptorProto.Type that are not scalars. */
export const enum NonScalarType {
  GROUP = 10,
  MESSAGE = 11,
  ENUM = 14,
}

/** True for the 64-bit integer scalar types, which are represented as bigint (or string). */
export function isInt64Scalar(t: ScalarType): boolean {
  return t === ScalarType.INT64 || t === ScalarType.UINT64 || t === ScalarType.FIXED64 || t === ScalarType.SFIXED64 || t === ScalarType.SINT64;
}

/** True for the 32-bit integer scalar types (int32, uint32, sint32, fixed32, sfixed32). */
export function isInt32Scalar(t: ScalarType): boolean {
  return t === ScalarType.INT32 || t === ScalarType.UINT32 || t === ScalarType.SINT32 || t === ScalarType.FIXED32 || t === ScalarType.SFIXED32;
}

/** The wire type a scalar type is written with when not packed. */
export function scalarWireType(type: ScalarType): WireType {
  switch (type) {
    case ScalarType.STRING:
    case ScalarType.BYTES:
      return WireType.LengthDelimited;
    case ScalarType.DOUBLE:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return WireType.Bit64;
    case ScalarType.FIXED32:
    case ScalarType.SFIXED32:
    case ScalarType.FLOAT:
      return WireType.Bit32;
    default:
      return WireType.Varint;
  }
}

/** True for scalar types that may be packed in a repeated field (all but string and bytes). */
export function isPackable(type: ScalarType): boolean {
  return type !== ScalarType.STRING && type !== ScalarType.BYTES;
}

/** The encoded size of a fixed-width scalar, or 0 for varint and length-delimited types. */
export function scalarFixedSize(type: ScalarType): number {
  switch (scalarWireType(type)) {
    case WireType.Bit64:
      return 8;
    case WireType.Bit32:
      return 4;
    default:
      return 0;
  }
}

// The names of the scalar types by number (ScalarType's reverse mapping), without the enum
// object: code that names a type in a message does not take ScalarType into a bundle.
const scalarTypeNames = "DOUBLE FLOAT INT64 UINT64 INT32 FIXED64 FIXED32 BOOL STRING   BYTES UINT32  SFIXED32 SFIXED64 SINT32 SINT64".split(" ");

/** The name of a scalar type (`ScalarType[type]`, e.g. "INT32"), or undefined if `type` is none. */
export function scalarTypeName(type: number): string | undefined {
  return scalarTypeNames[type - 1] || undefined;
}
