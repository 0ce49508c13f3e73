/**
 * Field encoders for singular scalar fields, specialized per scalar type: each type gets its
 * own function, so that the zero check and the writer call are monomorphic and inline.
 */
import { ScalarType } from "../descriptors/scalar.js";
import type { BinaryWriter } from "../wire/binary-writer.js";

/** Writes one field of a message (tag and value) if it is to be written. */
export type ScalarFieldEncoder = (msg: any, w: BinaryWriter) => void;

/** An encoder for a field with implicit presence: zero values are not written. */
export function implicitScalarEncoder(scalar: ScalarType, name: string, tag: number): ScalarFieldEncoder {
  switch (scalar) {
    case ScalarType.STRING:
      return (msg, w) => {
        const v = msg[name];
        if (v !== "") w.rawTag(tag).string(v);
      };
    case ScalarType.INT32:
      return (msg, w) => {
        const v = msg[name];
        if (v !== 0) w.rawTag(tag).int32(v);
      };
    case ScalarType.UINT32:
      return (msg, w) => {
        const v = msg[name];
        if (v !== 0) w.rawTag(tag).uint32(v);
      };
    case ScalarType.SINT32:
      return (msg, w) => {
        const v = msg[name];
        if (v !== 0) w.rawTag(tag).sint32(v);
      };
    case ScalarType.FIXED32:
      return (msg, w) => {
        const v = msg[name];
        if (v !== 0) w.rawTag(tag).fixed32(v);
      };
    case ScalarType.SFIXED32:
      return (msg, w) => {
        const v = msg[name];
        if (v !== 0) w.rawTag(tag).sfixed32(v);
      };
    case ScalarType.BOOL:
      return (msg, w) => {
        const v = msg[name];
        if (v !== false) w.rawTag(tag).bool(v);
      };
    case ScalarType.DOUBLE:
      // Negative zero is not the zero value: it is written, as protobuf C++ does.
      return (msg, w) => {
        const v = msg[name];
        if (v !== 0 || 1 / v < 0) w.rawTag(tag).double(v);
      };
    case ScalarType.FLOAT:
      return (msg, w) => {
        const v = msg[name];
        if (v !== 0 || 1 / v < 0) w.rawTag(tag).float(v);
      };
    case ScalarType.BYTES:
      return (msg, w) => {
        const v = msg[name];
        // Only an empty Uint8Array is the zero value: anything else goes to bytes(), which checks it.
        if (v.length !== 0 || !(v instanceof Uint8Array)) w.rawTag(tag).bytes(v);
      };
    // 64-bit values may be bigint, number or string: 0n == 0 and "0" == 0.
    case ScalarType.INT64:
      return (msg, w) => {
        const v = msg[name];
        if (v != 0) w.rawTag(tag).int64(v);
      };
    case ScalarType.UINT64:
      return (msg, w) => {
        const v = msg[name];
        if (v != 0) w.rawTag(tag).uint64(v);
      };
    case ScalarType.SINT64:
      return (msg, w) => {
        const v = msg[name];
        if (v != 0) w.rawTag(tag).sint64(v);
      };
    case ScalarType.FIXED64:
      return (msg, w) => {
        const v = msg[name];
        if (v != 0) w.rawTag(tag).fixed64(v);
      };
    case ScalarType.SFIXED64:
      return (msg, w) => {
        const v = msg[name];
        if (v != 0) w.rawTag(tag).sfixed64(v);
      };
  }
}
