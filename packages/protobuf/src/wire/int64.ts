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

/** True when 64-bit values are represented as bigint. @internal */
export const bigIntSupported: boolean =
  typeof BigInt === "function" &&
  typeof BigInt.asUintN === "function" &&
  typeof BigInt.asIntN === "function" &&
  typeof DataView.prototype.getBigInt64 === "function" &&
  !envDisablesBigInt();

/**
 * Scratch view for converting between bigint and 32-bit halves: one
 * getBigInt64()/setBigInt64() is faster than shifts and masks on bigints.
 */
const scratch = new DataView(new ArrayBuffer(8));

const TWO32 = 4294967296;
const DECIMAL = /^-?[0-9]+$/;

// BigInt constants, created without literals so that this module loads
// even where BigInt is missing.
const B = bigIntSupported ? BigInt : (((v: number) => v) as unknown as typeof BigInt);
const N32 = B(32);
const I64_MIN = bigIntSupported ? BigInt("-9223372036854775808") : (0 as unknown as bigint);
const I64_MAX = bigIntSupported ? BigInt("9223372036854775807") : (0 as unknown as bigint);
const U64_MAX = bigIntSupported ? BigInt("18446744073709551615") : (0 as unknown as bigint);

function invalid(value: unknown, unsigned: boolean): BinaryEncodeError {
  const shown = typeof value === "string" ? JSON.stringify(value) : String(value);
  return new BinaryEncodeError(`invalid ${unsigned ? "uint64" : "int64"}: ${shown}`);
}

/**
 * Parse a decimal string (already validated against DECIMAL) into `halves`
 * without BigInt. Returns false if the magnitude is out of range.
 */
function decimalToHalves(text: string, unsigned: boolean): boolean {
  const negative = text.charCodeAt(0) === 45; // "-"
  // Four 16-bit limbs, least significant first.
  let a0 = 0,
    a1 = 0,
    a2 = 0,
    a3 = 0;
  for (let i = negative ? 1 : 0; i < text.length; i++) {
    let c = a0 * 10 + (text.charCodeAt(i) - 48);
    a0 = c & 0xffff;
    c = a1 * 10 + (c >>> 16);
    a1 = c & 0xffff;
    c = a2 * 10 + (c >>> 16);
    a2 = c & 0xffff;
    c = a3 * 10 + (c >>> 16);
    if (c > 0xffff) return false;
    a3 = c;
  }
  let lo = ((a1 << 16) | a0) >>> 0;
  let hi = ((a3 << 16) | a2) >>> 0;
  if (negative) {
    if (lo === 0 && hi === 0) {
      // "-0"
    } else if (unsigned) {
      return false;
    } else {
      if (hi > 0x80000000 || (hi === 0x80000000 && lo !== 0)) return false;
      lo = (~lo + 1) >>> 0;
      hi = (~hi + (lo === 0 ? 1 : 0)) >>> 0;
    }
  } else if (!unsigned && hi >= 0x80000000) {
    return false;
  }
  halves.lo = lo;
  halves.hi = hi;
  return true;
}

/** Decimal string of the unsigned 64-bit value `hi:lo`, without BigInt. */
function halvesToDecimal(lo: number, hi: number): string {
  if (hi <= 0x1fffff) return String(hi * TWO32 + lo);
  let a3 = hi >>> 16,
    a2 = hi & 0xffff,
    a1 = lo >>> 16,
    a0 = lo & 0xffff;
  let out = "";
  // Repeated division by 10^4 over 16-bit limbs.
  while ((a3 | a2 | a1 | a0) !== 0) {
    let r = a3;
    a3 = (r / 10000) | 0;
    r = (r % 10000) * 65536 + a2;
    a2 = (r / 10000) | 0;
    r = (r % 10000) * 65536 + a1;
    a1 = (r / 10000) | 0;
    r = (r % 10000) * 65536 + a0;
    a0 = (r / 10000) | 0;
    const group = String(r % 10000);
    out = ((a3 | a2 | a1 | a0) !== 0 ? "0000".slice(group.length) + group : group) + out;
  }
  return out;
}

/**
 * Store the 64-bit two's complement halves of `value` in `halves`, checking
 * the range (int64, or uint64 when `unsigned`). Throws BinaryEncodeError on
 * invalid input. @internal
 */
export function splitInt64(value: Int64Input, unsigned: boolean): void {
  if (typeof value === "bigint") {
    const n = Number(value);
    if (n <= 9007199254740991 && n >= (unsigned ? 0 : -9007199254740991)) {
      splitSafeInteger(n);
      return;
    }
    if (unsigned ? value < 0 || value > U64_MAX : value < I64_MIN || value > I64_MAX) {
      throw invalid(value, unsigned);
    }
    scratch.setBigUint64(0, BigInt.asUintN(64, value), true);
    halves.lo = scratch.getUint32(0, true);
    halves.hi = scratch.getUint32(4, true);
    return;
  }
  if (typeof value === "number") {
    if (Number.isSafeInteger(value)) {
      if (unsigned && value < 0) throw invalid(value, unsigned);
      splitSafeInteger(value);
      return;
    }
    if (!Number.isInteger(value)) throw invalid(value, unsigned);
    if (bigIntSupported) {
      splitInt64(BigInt(value), unsigned);
      return;
    }
    // A large integral double: split it exactly (division by 2^32 is exact).
    const negative = value < 0;
    const mag = Math.abs(value);
    const limit = unsigned ? 2 ** 64 : 2 ** 63;
    if (negative ? unsigned || mag > limit : mag >= limit) throw invalid(value, unsigned);
    let hi = Math.floor(mag / TWO32);
    let lo = mag - hi * TWO32;
    if (negative) {
      lo = (~lo + 1) >>> 0;
      hi = (~hi + (lo === 0 ? 1 : 0)) >>> 0;
    }
    halves.lo = lo >>> 0;
    halves.hi = hi >>> 0;
    return;
  }
  if (typeof value === "string" && DECIMAL.test(value)) {
    if (bigIntSupported) {
      splitInt64(BigInt(value), unsigned);
      return;
    }
    if (decimalToHalves(value, unsigned)) return;
  }
  throw invalid(value, unsigned);
}

/**
 * Decimal string of the 64-bit value `hi:lo` (unsigned 32-bit halves),
 * interpreted as signed unless `unsigned`. @internal
 */
export function joinInt64String(lo: number, hi: number, unsigned: boolean): string {
  if (unsigned || hi < 0x80000000) {
    if (hi <= 0x1fffff) return String(hi * TWO32 + lo);
    return bigIntSupported ? String((B(hi) << N32) | B(lo)) : halvesToDecimal(lo, hi);
  }
  if (hi >= 0xffe00000) return String((hi - TWO32) * TWO32 + lo);
  // Negate the two's complement and print the magnitude.
  const nlo = (~lo + 1) >>> 0;
  const nhi = (~hi + (nlo === 0 ? 1 : 0)) >>> 0;
  return "-" + halvesToDecimal(nlo, nhi);
}

/**
 * The 64-bit value `hi:lo` (unsigned 32-bit halves) as a bigint, or as a
 * decimal string when BigInt is unsupported. @internal
 */
export function joinInt64(lo: number, hi: number, unsigned: boolean): bigint {
  if (!bigIntSupported) return joinInt64String(lo, hi, unsigned) as unknown as bigint;
  scratch.setUint32(0, lo, true);
  scratch.setUint32(4, hi, true);
  return unsigned ? scratch.getBigUint64(0, true) : scratch.getBigInt64(0, true);
}

/**
 * Parses a signed or unsigned 64-bit integer (protoInt64.parse() and uParse()); throws
 * ProtobufError if invalid or out of range. Code that every program reaches calls this instead
 * of going through protoInt64, so that a bundle takes protoInt64 only where it is used.
 */
export function parseInt64(value: Int64Input, unsigned: boolean): bigint {
  try {
    if (bigIntSupported) {
      if (typeof value === "bigint") {
        if (unsigned ? value < 0 || value > U64_MAX : value < I64_MIN || value > I64_MAX) {
          throw invalid(value, unsigned);
        }
        return value;
      }
      splitInt64(value, unsigned);
    } else {
      splitInt64(value, unsigned);
    }
  } catch (e) {
    throw new ProtobufError((e as Error).message);
  }
  return joinInt64(halves.lo, halves.hi, unsigned);
}

function toBits(value: Int64Input, unsigned: boolean): { lo: number; hi: number } {
  try {
    splitInt64(value, unsigned);
  } catch (e) {
    throw new ProtobufError((e as Error).message);
  }
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
  /** Parse a signed 64-bit integer; throws ProtobufError if invalid or out of range. */
  parse(value: Int64Input): bigint;
  /** Parse an unsigned 64-bit integer; throws ProtobufError if invalid or out of range. */
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
