/**
 * Field decoders for singular scalar fields (not in a oneof, no closed enum), specialized per
 * scalar type: one function per type, with the reader call inline, so that decoding a field
 * is one call rather than two.
 */
import { ScalarType } from "../descriptors/scalar.js";
import { WireType } from "../wire/wire-type.js";
import type { BinaryReader } from "../wire/binary-reader.js";

/** Decodes one occurrence of a field; false if the wire type does not fit. */
export type ScalarFieldDecoder = (msg: any, r: BinaryReader, wt: number) => boolean;

/** The decoder of a singular scalar field, or undefined where the generic path is needed. */
export function scalarFieldDecoder(scalar: ScalarType, name: string, longAsString: boolean, utf8Verify: boolean): ScalarFieldDecoder | undefined {
  switch (scalar) {
    case ScalarType.STRING:
      if (utf8Verify) {
        return (msg, r, wt) => {
          if (wt !== WireType.LengthDelimited) return false;
          msg[name] = r.stringStrict();
          return true;
        };
      }
      return (msg, r, wt) => {
        if (wt !== WireType.LengthDelimited) return false;
        msg[name] = r.string();
        return true;
      };
    case ScalarType.BYTES:
      return (msg, r, wt) => {
        if (wt !== WireType.LengthDelimited) return false;
        msg[name] = r.bytes();
        return true;
      };
    case ScalarType.INT32:
      return (msg, r, wt) => {
        if (wt !== WireType.Varint) return false;
        msg[name] = r.int32();
        return true;
      };
    case ScalarType.UINT32:
      return (msg, r, wt) => {
        if (wt !== WireType.Varint) return false;
        msg[name] = r.uint32();
        return true;
      };
    case ScalarType.SINT32:
      return (msg, r, wt) => {
        if (wt !== WireType.Varint) return false;
        msg[name] = r.sint32();
        return true;
      };
    case ScalarType.BOOL:
      return (msg, r, wt) => {
        if (wt !== WireType.Varint) return false;
        msg[name] = r.bool();
        return true;
      };
    case ScalarType.DOUBLE:
      return (msg, r, wt) => {
        if (wt !== WireType.Bit64) return false;
        msg[name] = r.double();
        return true;
      };
    case ScalarType.FLOAT:
      return (msg, r, wt) => {
        if (wt !== WireType.Bit32) return false;
        msg[name] = r.float();
        return true;
      };
    case ScalarType.FIXED32:
      return (msg, r, wt) => {
        if (wt !== WireType.Bit32) return false;
        msg[name] = r.fixed32();
        return true;
      };
    case ScalarType.SFIXED32:
      return (msg, r, wt) => {
        if (wt !== WireType.Bit32) return false;
        msg[name] = r.sfixed32();
        return true;
      };
    case ScalarType.INT64:
      if (longAsString) return undefined;
      return (msg, r, wt) => {
        if (wt !== WireType.Varint) return false;
        msg[name] = r.int64();
        return true;
      };
    case ScalarType.UINT64:
      if (longAsString) return undefined;
      return (msg, r, wt) => {
        if (wt !== WireType.Varint) return false;
        msg[name] = r.uint64();
        return true;
      };
    default:
      // sint64, fixed64, sfixed64 and JS_STRING 64-bit fields use the generic path.
      return undefined;
  }
}
