/**
 * Reading and writing scalar values in the binary format (the scalar types' wire facts are
 * in descriptors/scalar.ts, their zero values in model/scalar-values.ts).
 */
import { ScalarType } from "../descriptors/scalar.js";
import type { BinaryWriter } from "../wire/binary-writer.js";
import type { BinaryReader } from "../wire/binary-reader.js";

import type { ScalarValue } from "../model/scalar-values.js";

/** Writes one value of a scalar type (no tag). */
export type ScalarWriter = (w: BinaryWriter, value: any) => void;
/** Reads one value of a scalar type. */
export type ScalarReader = (r: BinaryReader) => ScalarValue;

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
