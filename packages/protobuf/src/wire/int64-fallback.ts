/**
 * 64-bit arithmetic without BigInt, for engines that lack it (no runtime pbjet supports today:
 * Node.js, Deno, Bun and current browsers all have BigInt). There, 64-bit values are decimal
 * strings, and values beyond 2^53 need this module: enableInt64Fallback() plugs it into int64.ts,
 * so that programs on engines with BigInt do not carry it. Where BigInt exists but the
 * environment disables bigint values (PBJET_BIGINT_DISABLE=1), int64.ts uses BigInt itself.
 */
import { setInt64Fallback } from "./int64.js";
import { halves } from "./varint.js";

const TWO32 = 4294967296;

/**
 * Parse a decimal string (already validated as `-?[0-9]+`) into `halves`.
 * Returns false if the magnitude is out of range.
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
  return signedHalves(negative, ((a1 << 16) | a0) >>> 0, ((a3 << 16) | a2) >>> 0, unsigned);
}

/** Split an integral number beyond 2^53 exactly (division by 2^32 is exact) into `halves`. */
function numberToHalves(value: number, unsigned: boolean): boolean {
  const mag = Math.abs(value);
  const hi = Math.floor(mag / TWO32);
  return hi < TWO32 && signedHalves(value < 0, mag - hi * TWO32, hi, unsigned);
}

/**
 * Stores the two's complement halves of the magnitude `hi:lo`, negated if `negative`, in
 * `halves`; false if the value is out of range.
 */
function signedHalves(negative: boolean, lo: number, hi: number, unsigned: boolean): boolean {
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

/** Decimal string of the unsigned 64-bit value `hi:lo`. */
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
 * Enables 64-bit integers beyond 2^53 on engines without BigInt (where 64-bit values are decimal
 * strings). Call it once, before encoding or decoding; it does nothing where BigInt exists.
 */
export function enableInt64Fallback(): void {
  setInt64Fallback({
    split: (value, unsigned) => (typeof value === "number" ? numberToHalves(value, unsigned) : decimalToHalves(value, unsigned)),
    decimal(lo, hi, unsigned) {
      if (unsigned || hi < 0x80000000) return halvesToDecimal(lo, hi);
      // Negate the two's complement and print the magnitude.
      const nlo = (~lo + 1) >>> 0;
      return "-" + halvesToDecimal(nlo, (~hi + (nlo === 0 ? 1 : 0)) >>> 0);
    },
  });
}
