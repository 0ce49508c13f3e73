/**
 * Writing scalar values as JSON: numbers as numbers, 64-bit integers as decimal strings,
 * NaN and infinities as strings, bytes as standard base64 with padding. Values of the wrong
 * type throw a JsonProblem rather than produce wrong JSON.
 */
import { ScalarType } from "../descriptors/scalar.js";
import { base64Encode } from "../wire/base64.js";
import type { JsonValue } from "../types.js";
import { notA, scalarTypeName } from "./scalar-read.js";

/** Converts the runtime value of a scalar type to its JSON value. */
export type ScalarToJson = (value: any) => JsonValue;

/** A writer of the scalar type. */
export function scalarToJson(type: ScalarType): ScalarToJson {
  const name = scalarTypeName(type);
  switch (type) {
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return (v) => {
        if (typeof v !== "number") throw notA(v, name);
        if (Number.isFinite(v)) return v;
        return v !== v ? "NaN" : v > 0 ? "Infinity" : "-Infinity";
      };
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return (v) => {
        if ((v | 0) !== v) throw notA(v, name);
        return v;
      };
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return (v) => {
        if (v >>> 0 !== v) throw notA(v, name);
        return v;
      };
    case ScalarType.BOOL:
      return (v) => {
        if (typeof v !== "boolean") throw notA(v, name);
        return v;
      };
    case ScalarType.STRING:
      return (v) => {
        if (typeof v !== "string") throw notA(v, name);
        return v;
      };
    case ScalarType.BYTES:
      return (v) => {
        if (!(v instanceof Uint8Array)) throw notA(v, name);
        return base64Encode(v);
      };
    default:
      // 64-bit integers: bigint, or a decimal string without BigInt or with jstype = JS_STRING.
      return (v) => {
        const t = typeof v;
        if (t !== "bigint" && t !== "string" && t !== "number") throw notA(v, name);
        return String(v);
      };
  }
}

/** True if the value is the zero value of the scalar type (-0 counts as zero, as in protobuf-es). */
export function scalarZeroCheck(type: ScalarType): (v: any) => boolean {
  switch (type) {
    case ScalarType.BOOL:
      return (v) => v === false;
    case ScalarType.STRING:
      return (v) => v === "";
    case ScalarType.BYTES:
      return (v) => v === undefined || v.length === 0;
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      // bigint 0n, "0" or 0: loose equality covers them all.
      return (v) => v == 0;
    default:
      return (v) => v === 0;
  }
}
