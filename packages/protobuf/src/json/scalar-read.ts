/**
 * Reading scalar values from JSON: the checks and conversions of the proto3 JSON mapping
 * for numbers, 64-bit integers, floats, booleans, strings and bytes, and for map keys.
 * Every reader throws a JsonProblem that says what is wrong with the value.
 */
import { isWellFormed } from "../wire/well-formed.js";
import { ScalarType, scalarTypeName } from "../descriptors/scalar.js";
import { protoInt64, joinInt64String } from "../wire/int64.js";
import { base64DecodeStrict } from "../wire/base64.js";
import { JsonProblem, formatJson } from "./errors.js";

/** Converts a JSON value to the runtime value of a scalar type, or throws a JsonProblem. */
export type ScalarFromJson = (json: unknown) => unknown;

/** A JSON number as a string: what quoted numbers must look like (leading zeros allowed). */
const NUMBER = /^-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
/** A plain decimal integer. */
const INTEGER = /^-?[0-9]+$/;

/** The largest finite float32. Values that round to it (up to half an ulp above) are in range. */
const TWO32 = 4294967296;
const TWO63 = 2 ** 63;
const TWO64 = 2 ** 64;

/** The proto name of a scalar type, e.g. "int32". */
function typeName(type: ScalarType): string {
  return scalarTypeName(type)!.toLowerCase();
}

function article(name: string): string {
  // "an int32", "an enum value", but "a uint32".
  return /^[aeio]/.test(name) ? "an" : "a";
}

/** @internal The problem "X is not a T". */
export function notA(json: unknown, what: string): JsonProblem {
  return new JsonProblem(`${formatJson(json)} is not ${article(what)} ${what}`);
}

/** The number in a JSON number or quoted number, or undefined if it is neither. */
function numberOf(json: unknown): number | undefined {
  if (typeof json === "number") return json;
  if (typeof json === "string" && NUMBER.test(json)) return Number(json);
  return undefined;
}

/** A reader of the scalar type. 64-bit values become strings with `longAsString`. */
export function scalarFromJson(type: ScalarType, longAsString: boolean): ScalarFromJson {
  switch (type) {
    case ScalarType.DOUBLE:
      return (json) => readFloat(json, false);
    case ScalarType.FLOAT:
      return (json) => readFloat(json, true);
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32: {
      const name = typeName(type);
      return (json) => {
        const n = numberOf(json);
        if (n === undefined || (n | 0) !== n) throw notA(json, name);
        return n | 0;
      };
    }
    case ScalarType.UINT32:
    case ScalarType.FIXED32: {
      const name = typeName(type);
      return (json) => {
        const n = numberOf(json);
        if (n === undefined || n >>> 0 !== n) throw notA(json, name);
        return n >>> 0;
      };
    }
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
      return int64Reader(false, longAsString, typeName(type));
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return int64Reader(true, longAsString, typeName(type));
    case ScalarType.BOOL:
      return (json) => {
        if (typeof json !== "boolean") throw notA(json, "bool");
        return json;
      };
    case ScalarType.STRING:
      return readString;
    case ScalarType.BYTES:
      return readBytes;
  }
}

const FLOAT_MAX = 3.4028234663852886e38;

function readFloat(json: unknown, float32: boolean): number {
  let n: number;
  if (typeof json === "number") {
    n = json;
  } else if (typeof json === "string") {
    switch (json) {
      case "NaN":
        return Number.NaN;
      case "Infinity":
        return Number.POSITIVE_INFINITY;
      case "-Infinity":
        return Number.NEGATIVE_INFINITY;
    }
    if (!NUMBER.test(json)) throw notA(json, float32 ? "float" : "double");
    n = Number(json);
  } else {
    throw notA(json, float32 ? "float" : "double");
  }
  // A JSON number too large for a double parses to Infinity: out of range.
  if (!Number.isFinite(n)) throw new JsonProblem(`${formatJson(json)} is out of range for ${float32 ? "float" : "double"}`);
  if (float32 && (n > FLOAT_MAX || n < -FLOAT_MAX) && !Number.isFinite(Math.fround(n))) {
    throw new JsonProblem(`${formatJson(json)} is out of range for float`);
  }
  return n;
}

// Range limits as bigint, created without literals so that this module loads without BigInt.
const I64_MIN = protoInt64.supported ? BigInt("-9223372036854775808") : undefined;
const I64_MAX = protoInt64.supported ? BigInt("9223372036854775807") : undefined;
const U64_MAX = protoInt64.supported ? BigInt("18446744073709551615") : undefined;
const ZERO = protoInt64.supported ? BigInt(0) : undefined;

const BILLION = protoInt64.supported ? BigInt(1000000000) : undefined;

/**
 * The value of a quoted decimal integer of up to 19 digits after a "-" for signed types, or of
 * up to 20 digits for unsigned types, read digit by digit in two parts (all but the last 9
 * digits, and the last 9): no regular expression and no BigInt parse of the text. Undefined
 * for any other string, and for values out of range: the general path reads (or rejects) them.
 */
export function shortInt64(json: string, unsigned: boolean, asString: boolean): bigint | string | undefined {
  return decimalInt64(json, 0, json.length, unsigned, asString);
}

/**
 * As shortInt64(), for characters `from` to `to` of `text` (the JSON text reader converts a
 * quoted integer where it stands in the text, without a string in between).
 */
export function decimalInt64(text: string, from: number, to: number, unsigned: boolean, asString: boolean): bigint | string | undefined {
  const start = !unsigned && text.charCodeAt(from) === 45 /* - */ ? from + 1 : from;
  const digits = to - start;
  if (digits < 1 || digits > (unsigned ? 20 : 19)) return undefined;
  const split = digits > 9 ? to - 9 : start;
  let hi = 0;
  let lo = 0;
  for (let i = start; i < to; i++) {
    const d = text.charCodeAt(i) - 48;
    if (!(d >= 0 && d <= 9)) return undefined;
    if (i < split) hi = hi * 10 + d;
    else lo = lo * 10 + d;
  }
  if (digits <= 15) {
    // Exact as a double. 0 - n rather than -n: no negative zero.
    const n = start !== from ? 0 - (hi * 1000000000 + lo) : hi * 1000000000 + lo;
    return asString ? String(n) : BigInt(n);
  }
  if (!protoInt64.supported) return undefined;
  let v = BigInt(hi) * (BILLION as bigint) + BigInt(lo);
  if (start !== from) v = -v;
  if (digits >= 19 && (unsigned ? v > (U64_MAX as bigint) : v < (I64_MIN as bigint) || v > (I64_MAX as bigint))) return undefined;
  return asString ? String(v) : v;
}

function int64Reader(unsigned: boolean, longAsString: boolean, name: string): ScalarFromJson {
  const parse = unsigned ? protoInt64.uParse : protoInt64.parse;
  const asString = longAsString || !protoInt64.supported;
  const min = (unsigned ? ZERO : I64_MIN) as bigint;
  const max = (unsigned ? U64_MAX : I64_MAX) as bigint;
  return (json) => {
    if (typeof json === "string" && json.length <= 20) {
      const v = shortInt64(json, unsigned, asString);
      if (v !== undefined) return v;
    }
    if (typeof json === "string" && INTEGER.test(json)) {
      let v: bigint;
      if (protoInt64.supported) {
        v = BigInt(json);
        if (v < min || v > max) throw notA(json, name);
      } else {
        try {
          v = parse(json);
        } catch {
          throw notA(json, name);
        }
      }
      return longAsString ? String(v) : v;
    }
    const n = numberOf(json);
    if (n === undefined || !Number.isInteger(n) || (unsigned ? n < 0 || n >= TWO64 : n < -TWO63 || n >= TWO63)) {
      throw notA(json, name);
    }
    if (asString) return Number.isSafeInteger(n) ? String(n) : exactIntegerString(n);
    return BigInt(n);
  };
}

/** The exact decimal digits of an integral double below 2^64 in magnitude (String() rounds). */
export function exactIntegerString(n: number): string {
  if (Number.isSafeInteger(n)) return String(n);
  const a = Math.abs(n);
  const hi = Math.floor(a / TWO32);
  const lo = a - hi * TWO32;
  return (n < 0 ? "-" : "") + joinInt64String(lo, hi, true);
}

function readString(json: unknown): string {
  if (typeof json !== "string") throw notA(json, "string");
  if (!isWellFormed(json)) throw new JsonProblem(`${formatJson(json)} is not valid UTF-16 (lone surrogate)`);
  return json;
}

/** Reads a bytes value from JSON: a base64 string (json/wire base64DecodeStrict). */
export function readBytes(json: unknown): Uint8Array {
  if (typeof json !== "string") throw notA(json, "base64 string");
  try {
    return base64DecodeStrict(json);
  } catch (e) {
    throw new JsonProblem((e as Error).message);
  }
}

/**
 * A reader of map keys of the scalar type: JSON object keys are strings, and map keys are
 * properties, so this checks the key and returns its canonical property name.
 */
export function mapKeyFromJson(type: ScalarType): (key: string) => string {
  switch (type) {
    case ScalarType.STRING:
      return (key) => {
        if (!isWellFormed(key)) throw new JsonProblem(`${formatJson(key)} is not valid UTF-16 (lone surrogate)`);
        return key;
      };
    case ScalarType.BOOL:
      return (key) => {
        if (key !== "true" && key !== "false") throw new JsonProblem(`map key ${formatJson(key)} is not a bool`);
        return key;
      };
    default: {
      const read = scalarFromJson(type, true);
      return (key) => {
        try {
          return String(read(key));
        } catch (e) {
          throw e instanceof JsonProblem ? new JsonProblem("map key " + e.detail) : e;
        }
      };
    }
  }
}
