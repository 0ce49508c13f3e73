/**
 * Everything the codecs need to know about one scalar type: its zero value, its wire
 * type, and functions that read and write it.
 */
import { ScalarType } from "../descriptors/scalar.js";
import { WireType } from "../wire/wire-type.js";
import type { BinaryWriter } from "../wire/binary-writer.js";
import type { BinaryReader } from "../wire/binary-reader.js";
import { protoInt64 } from "../wire/int64.js";

/** A value of any scalar type. */
export type ScalarValue = number | boolean | string | bigint | Uint8Array;

/** Writes one value of a scalar type (no tag). */
export type ScalarWriter = (w: BinaryWriter, value: any) => void;
/** Reads one value of a scalar type. */
export type ScalarReader = (r: BinaryReader) => ScalarValue;

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

/** The zero value of a scalar type: 0, 0n (or "0"), false, "" or an empty Uint8Array. */
export function scalarZeroValue(type: ScalarType, longAsString: boolean): ScalarValue {
  switch (type) {
    case ScalarType.BOOL:
      return false;
    case ScalarType.STRING:
      return "";
    case ScalarType.BYTES:
      return new Uint8Array(0);
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return longAsString ? "0" : protoInt64.zero;
    default:
      return 0;
  }
}

/**
 * True if the value is the zero value of its type, which implicit presence does not
 * serialize. Negative zero is not a zero value: it is serialized, as protobuf C++ does.
 */
export function isScalarZeroValue(type: ScalarType, value: unknown): boolean {
  switch (type) {
    case ScalarType.BOOL:
      return value === false;
    case ScalarType.STRING:
      return value === "";
    case ScalarType.BYTES:
      return (value as Uint8Array).length === 0;
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return value === 0 && 1 / (value as number) > 0;
    default:
      // 64-bit values may be bigint, number or string: 0n == 0 and "0" == 0.
      return value == 0;
  }
}

/** A function that writes values of the scalar type. */
export function scalarWriter(type: ScalarType): ScalarWriter {
  switch (type) {
    case ScalarType.DOUBLE:
      return (w, v) => w.double(v);
    case ScalarType.FLOAT:
      return (w, v) => w.float(v);
    case ScalarType.INT64:
      return (w, v) => w.int64(v);
    case ScalarType.UINT64:
      return (w, v) => w.uint64(v);
    case ScalarType.INT32:
      return (w, v) => w.int32(v);
    case ScalarType.FIXED64:
      return (w, v) => w.fixed64(v);
    case ScalarType.FIXED32:
      return (w, v) => w.fixed32(v);
    case ScalarType.BOOL:
      return (w, v) => w.bool(v);
    case ScalarType.STRING:
      return (w, v) => w.string(v);
    case ScalarType.BYTES:
      return (w, v) => w.bytes(v);
    case ScalarType.UINT32:
      return (w, v) => w.uint32(v);
    case ScalarType.SFIXED32:
      return (w, v) => w.sfixed32(v);
    case ScalarType.SFIXED64:
      return (w, v) => w.sfixed64(v);
    case ScalarType.SINT32:
      return (w, v) => w.sint32(v);
    case ScalarType.SINT64:
      return (w, v) => w.sint64(v);
  }
}

/**
 * A function that reads values of the scalar type. 64-bit values are read as strings when
 * `longAsString` is set; strings are checked for valid UTF-8 when `utf8Verify` is set.
 */
export function scalarReader(type: ScalarType, longAsString: boolean, utf8Verify: boolean): ScalarReader {
  switch (type) {
    case ScalarType.DOUBLE:
      return (r) => r.double();
    case ScalarType.FLOAT:
      return (r) => r.float();
    case ScalarType.INT64:
      return longAsString ? (r) => r.int64String() : (r) => r.int64();
    case ScalarType.UINT64:
      return longAsString ? (r) => r.uint64String() : (r) => r.uint64();
    case ScalarType.INT32:
      return (r) => r.int32();
    case ScalarType.FIXED64:
      return longAsString ? (r) => r.fixed64String() : (r) => r.fixed64();
    case ScalarType.FIXED32:
      return (r) => r.fixed32();
    case ScalarType.BOOL:
      return (r) => r.bool();
    case ScalarType.STRING:
      return utf8Verify ? (r) => r.stringStrict() : (r) => r.string();
    case ScalarType.BYTES:
      return (r) => r.bytes();
    case ScalarType.UINT32:
      return (r) => r.uint32();
    case ScalarType.SFIXED32:
      return (r) => r.sfixed32();
    case ScalarType.SFIXED64:
      return longAsString ? (r) => r.sfixed64String() : (r) => r.sfixed64();
    case ScalarType.SINT32:
      return (r) => r.sint32();
    case ScalarType.SINT64:
      return longAsString ? (r) => r.sint64String() : (r) => r.sint64();
  }
}
