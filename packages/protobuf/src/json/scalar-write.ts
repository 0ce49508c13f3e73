/**
 * Writing scalar values as JSON: numbers as numbers, 64-bit integers as decimal strings,
 * NaN and infinities as strings, bytes as standard base64 with padding. Values of the wrong
 * type throw a JsonProblem rather than produce wrong JSON.
 */
import { ScalarType } from "../descriptors/scalar.js";
import { base64Encode } from "../wire/base64.js";
import type { JsonValue } from "../types.js";
import { exactIntegerString } from "./scalar-read.js";
import { JsonProblem } from "./errors.js";
import { describeScalarType, describeValue } from "../model/describe-value.js";

const DECIMAL = /^-?[0-9]+$/;

/**
 * The problem of a value that a scalar field of the type cannot hold, worded as protobuf-es
 * words it: `expected number (int32), got "abc"`, or `expected number (uint32): -1 out of range`
 * for a number of the right kind outside the type's range.
 * @internal
 */
export function scalarWriteProblem(type: ScalarType, v: unknown): JsonProblem {
  const expected = describeScalarType(type);
  switch (type) {
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      if (typeof v === "number" && Number.isInteger(v)) return new JsonProblem(`expected ${expected}: ${v} out of range`);
      break;
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      if (typeof v === "number" || typeof v === "string") return new JsonProblem(`expected ${expected}: ${v} out of range`);
      break;
  }
  return new JsonProblem(`expected ${expected}, got ${describeValue(v)}`);
}

/**
 * The JSON string of a 64-bit integer: a bigint, an integral number below 2^64 in magnitude, or
 * a decimal string (jstype = JS_STRING, or no BigInt). Anything else throws.
 * @internal
 */
export function int64ToJson(type: ScalarType, v: unknown): string {
  if (typeof v === "bigint") return String(v);
  if (typeof v === "string" && DECIMAL.test(v)) return v;
  if (typeof v === "number" && Number.isInteger(v) && Math.abs(v) < 2 ** 64) return exactIntegerString(v);
  throw scalarWriteProblem(type, v);
}

/** Converts the runtime value of a scalar type to its JSON value. */
export type ScalarToJson = (value: any) => JsonValue;

/** A writer of the scalar type. */
export function scalarToJson(type: ScalarType): ScalarToJson {
  switch (type) {
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return (v) => {
        if (typeof v !== "number") throw scalarWriteProblem(type, v);
        if (Number.isFinite(v)) return v;
        return v !== v ? "NaN" : v > 0 ? "Infinity" : "-Infinity";
      };
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return (v) => {
        if (typeof v !== "number" || (v | 0) !== v) throw scalarWriteProblem(type, v);
        return v;
      };
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return (v) => {
        if (typeof v !== "number" || v >>> 0 !== v) throw scalarWriteProblem(type, v);
        return v;
      };
    case ScalarType.BOOL:
      return (v) => {
        if (typeof v !== "boolean") throw scalarWriteProblem(type, v);
        return v;
      };
    case ScalarType.STRING:
      return (v) => {
        if (typeof v !== "string") throw scalarWriteProblem(type, v);
        return v;
      };
    case ScalarType.BYTES:
      return (v) => {
        if (!(v instanceof Uint8Array)) throw scalarWriteProblem(type, v);
        return base64Encode(v);
      };
    default:
      // 64-bit integers: bigint, or a decimal string without BigInt or with jstype = JS_STRING.
      return (v) => int64ToJson(type, v);
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
      // Only an empty Uint8Array is the zero value: "" in a bytes field is an error, as in protobuf-es.
      return (v) => v === undefined || (v instanceof Uint8Array && v.length === 0);
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

/**
 * Whether `JSON.stringify(list)` is the JSON text of `list`, a list of scalar type `type`: an
 * array whose elements are JSON values of the type already (32-bit integers in range, finite
 * doubles and floats, booleans, strings). Such a list is written in one piece, as flat text,
 * instead of element by element (pieces that V8 joins and flattens when the text is used), and
 * the JSON value of such a list is a copy of it.
 * False for any other type, and for a list with an element that is not such a value (the
 * element writers then report it).
 */
export function jsonNativeList(type: ScalarType, list: unknown): boolean {
  if (!Array.isArray(list)) return false;
  const n = list.length;
  switch (type) {
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      for (let i = 0; i < n; i++) {
        const v = list[i];
        if (typeof v !== "number" || (v | 0) !== v) return false;
      }
      return true;
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      for (let i = 0; i < n; i++) {
        const v = list[i];
        if (typeof v !== "number" || v >>> 0 !== v) return false;
      }
      return true;
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      for (let i = 0; i < n; i++) {
        const v = list[i];
        if (typeof v !== "number" || v - v !== 0) return false;
      }
      return true;
    case ScalarType.BOOL:
      for (let i = 0; i < n; i++) {
        const v = list[i];
        if (v !== true && v !== false) return false;
      }
      return true;
    case ScalarType.STRING:
      for (let i = 0; i < n; i++) if (typeof list[i] !== "string") return false;
      return true;
    default:
      return false;
  }
}
