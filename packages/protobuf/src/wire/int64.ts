/**
 * 64-bit integer support. Values are `bigint` where available; otherwise
 * (or when disabled through the environment) they are decimal strings.
 */
import { BinaryEncodeError, ProtobufError } from "./errors.js";
import { halves, splitSafeInteger } from "./varint.js";

/** A 64-bit integral value as accepted by setters and writers. */
export type Int64Input = bigint | number | string;

function envDisablesBigInt(): boolean {
  try {
    const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
    if (env === undefined || env === null) return false;
    return env.PBJET_BIGINT_DISABLE === "1" || env.BUF_BIGINT_DISABLE === "1";
  } catch {
    // Deno without --allow-env throws on access; treat as "not disabled".
    return false;
  }
}

/**
 * True where the engine has what bigint values need (BigInt, and 64-bit typed arrays):
 * then 64-bit arithmetic uses it, also when the environment disables bigint values.
 */
const hasBigInt: boolean =
  typeof BigInt === "function" && typeof BigInt.asUintN === "function" && typeof BigInt.asIntN === "function" && typeof BigInt64Array === "function";

/** True when 64-bit values are represented as bigint. @internal */
export const bigIntSupported: boolean = hasBigInt && !envDisablesBigInt();

/**
 * Scratch for converting between bigint and 32-bit halves: one store to (or load from) a 64-bit
 * typed array is faster than shifts and masks on bigints, and than Number(bigint), a runtime
 * call. WORDS[LO] and WORDS[HI] are the halves on either byte order.
 */
const SIGNED = hasBigInt ? new BigInt64Array(1) : undefined;
const UNSIGNED = SIGNED && new BigUint64Array(SIGNED.buffer);
const WORDS = new Uint32Array(SIGNED ? SIGNED.buffer : new ArrayBuffer(8));
/** 0 on little-endian machines (the first byte of 1 as a 16-bit word is 1), else 1. */
const LO = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 0 : 1;
const HI = 1 - LO;

const TWO32 = 4294967296;
const DECIMAL = /^-?[0-9]+$/;

function invalid(value: unknown, unsigned: boolean): BinaryEncodeError {
  const shown = typeof value === "string" ? JSON.stringify(value) : String(value);
  return new BinaryEncodeError(`invalid ${unsigned ? "uint64" : "int64"}: ${shown}`);
}

/**
 * The error for a 64-bit value beyond 2^53 on an engine without BigInt (no engine pbjet supports
 * lacks it; there, such values cannot be represented).
 */
function noBigInt(): ProtobufError {
  return new ProtobufError("no BigInt here: 64-bit integers beyond 2^53 need an engine with BigInt");
}

/** Stores the halves of `value` in `halves`, checking the range; `shown` is what an error names. */
function splitBigInt(value: bigint, shown: unknown, unsigned: boolean): void {
  // In range if it is its own 64-bit truncation.
  if ((unsigned ? BigInt.asUintN(64, value) : BigInt.asIntN(64, value)) !== value) throw invalid(shown, unsigned);
  // The store takes the value modulo 2^64: the two's complement of a negative one.
  (SIGNED as BigInt64Array)[0] = value;
  halves.lo = WORDS[LO];
  halves.hi = WORDS[HI];
}

/**
 * Store the 64-bit two's complement halves of `value` in `halves`, checking
 * the range (int64, or uint64 when `unsigned`). Throws BinaryEncodeError on
 * invalid input. @internal
 */
export function splitInt64(value: Int64Input, unsigned: boolean): void {
  if (typeof value === "bigint") {
    splitBigInt(value, value, unsigned);
    return;
  }
  if (typeof value === "number") {
    if (Number.isSafeInteger(value)) {
      if (unsigned && value < 0) throw invalid(value, unsigned);
      splitSafeInteger(value);
      return;
    }
    if (!Number.isInteger(value)) throw invalid(value, unsigned);
  } else if (typeof value === "string" && DECIMAL.test(value)) {
    // A decimal beyond 2^53 never converts to a safe integer: this one is exact.
    const n = Number(value);
    if (Number.isSafeInteger(n) && (n >= 0 || !unsigned)) {
      splitSafeInteger(n);
      return;
    }
  } else {
    throw invalid(value, unsigned);
  }
  // An integral number beyond 2^53, or a long decimal string.
  if (hasBigInt) {
    const big = BigInt(value);
    // Errors name the bigint where values are bigint, as a conversion by the caller would.
    splitBigInt(big, bigIntSupported ? big : value, unsigned);
  } else {
    throw noBigInt();
  }
}

/**
 * Decimal string of the 64-bit value `hi:lo` (unsigned 32-bit halves),
 * interpreted as signed unless `unsigned`. @internal
 */
export function joinInt64String(lo: number, hi: number, unsigned: boolean): string {
  if (unsigned || hi < 0x80000000) {
    if (hi <= 0x1fffff) return String(hi * TWO32 + lo);
  } else if (hi >= 0xffe00000) {
    return String((hi - TWO32) * TWO32 + lo);
  }
  if (!hasBigInt) throw noBigInt();
  WORDS[LO] = lo;
  WORDS[HI] = hi;
  return String(unsigned ? (UNSIGNED as BigUint64Array)[0] : (SIGNED as BigInt64Array)[0]);
}

/**
 * The 64-bit value `hi:lo` (unsigned 32-bit halves) as a bigint, or as a
 * decimal string when BigInt is unsupported. @internal
 */
export function joinInt64(lo: number, hi: number, unsigned: boolean): bigint {
  if (!bigIntSupported) return joinInt64String(lo, hi, unsigned) as unknown as bigint;
  WORDS[LO] = lo;
  WORDS[HI] = hi;
  return unsigned ? (UNSIGNED as BigUint64Array)[0] : (SIGNED as BigInt64Array)[0];
}

/**
 * splitInt64(), with ProtobufError for invalid input (the errors of protoInt64), and text that
 * is no plain decimal read as protobuf-es's protoInt64 reads it, with BigInt() (" 1", "+1",
 * "0x10", "" is 0; decimal only where BigInt is unsupported or disabled, as there).
 */
function splitChecked(value: Int64Input, unsigned: boolean): void {
  try {
    splitInt64(value, unsigned);
  } catch (e) {
    if (bigIntSupported) {
      try {
        splitInt64(BigInt(value), unsigned);
        return;
      } catch {}
    }
    throw new ProtobufError((e as Error).message);
  }
}

/**
 * Parses a signed or unsigned 64-bit integer (protoInt64.parse() and uParse()); throws
 * ProtobufError if invalid or out of range. Code that every program reaches calls this instead
 * of going through protoInt64, so that a bundle takes protoInt64 only where it is used.
 */
export function parseInt64(value: Int64Input, unsigned: boolean): bigint {
  splitChecked(value, unsigned);
  return joinInt64(halves.lo, halves.hi, unsigned);
}

function toBits(value: Int64Input, unsigned: boolean): { lo: number; hi: number } {
  splitChecked(value, unsigned);
  return { lo: halves.lo | 0, hi: halves.hi | 0 };
}

/** protoInt64.zero: 0n if bigint is available, "0" otherwise. */
export const int64Zero: bigint = bigIntSupported ? BigInt(0) : ("0" as unknown as bigint);

/** 64-bit integer support for the current environment (protobuf-es compatible). */
export interface Int64Support {
  /** 0n if bigint is available, "0" otherwise. */
  readonly zero: bigint;
  /** Whether 64-bit values are represented as bigint (otherwise as strings). */
  readonly supported: boolean;
  /**
   * Parse a signed 64-bit integer: a bigint, an integral number, or a string as `BigInt()`
   * reads it (as protobuf-es does; decimal only where BigInt is unsupported or disabled);
   * throws ProtobufError if invalid or out of range.
   */
  parse(value: Int64Input): bigint;
  /** Parse an unsigned 64-bit integer, as parse() reads it; throws ProtobufError if invalid or out of range. */
  uParse(value: Int64Input): bigint;
  /** Two's complement of a signed 64-bit value as signed 32-bit halves. Not for hot paths. */
  enc(value: Int64Input): { lo: number; hi: number };
  /** Two's complement of an unsigned 64-bit value as signed 32-bit halves. Not for hot paths. */
  uEnc(value: Int64Input): { lo: number; hi: number };
  /** Signed 64-bit value from 32-bit halves (signed or unsigned numbers). */
  dec(lo: number, hi: number): bigint;
  /** Unsigned 64-bit value from 32-bit halves (signed or unsigned numbers). */
  uDec(lo: number, hi: number): bigint;
}

/**
 * 64-bit integer support. When BigInt is unavailable, or disabled with the
 * environment variable PBJET_BIGINT_DISABLE=1 (or BUF_BIGINT_DISABLE=1),
 * every value typed `bigint` is actually a decimal string.
 */
export const protoInt64: Int64Support = {
  zero: int64Zero,
  supported: bigIntSupported,
  parse: (value) => parseInt64(value, false),
  uParse: (value) => parseInt64(value, true),
  enc: (value) => toBits(value, false),
  uEnc: (value) => toBits(value, true),
  dec: (lo, hi) => joinInt64(lo >>> 0, hi >>> 0, false),
  uDec: (lo, hi) => joinInt64(lo >>> 0, hi >>> 0, true),
};
