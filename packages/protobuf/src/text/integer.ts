/**
 * Integer literals of the text format (decimal, octal and hexadecimal) as decimal strings, so
 * that 64-bit values are exact with and without BigInt, and their range checks.
 */

/** The largest int32. */
export const INT32_MAX = "2147483647";
/** The magnitude of the smallest int32. */
export const INT32_MIN_MAGNITUDE = "2147483648";
/** The largest uint32. */
export const UINT32_MAX = "4294967295";
/** The largest int64. */
export const INT64_MAX = "9223372036854775807";
/** The magnitude of the smallest int64. */
export const INT64_MIN_MAGNITUDE = "9223372036854775808";
/** The largest uint64. */
export const UINT64_MAX = "18446744073709551615";

/** More digits than any 64-bit value has, per radix: the literal is out of range. */
const MAX_DIGITS: Record<number, number> = { 8: 22, 10: 20, 16: 16 };

/**
 * The magnitude of an integer literal (`digits` without sign or radix prefix) as a decimal
 * string without leading zeros, or undefined if it exceeds 64 bits by its digit count alone.
 */
export function integerMagnitude(digits: string, radix: number): string | undefined {
  let i = 0;
  while (i < digits.length - 1 && digits.charCodeAt(i) === 48) i++;
  const d = digits.slice(i);
  if (d.length > MAX_DIGITS[radix]) return undefined;
  if (radix === 10) return d;
  // Base conversion over base-1e7 limbs, least significant first.
  const limbs = [0];
  for (let k = 0; k < d.length; k++) {
    let carry = parseInt(d[k], radix);
    for (let j = 0; j < limbs.length; j++) {
      const v = limbs[j] * radix + carry;
      limbs[j] = v % 1e7;
      carry = Math.floor(v / 1e7);
    }
    if (carry > 0) limbs.push(carry);
  }
  let out = String(limbs[limbs.length - 1]);
  for (let j = limbs.length - 2; j >= 0; j--) out += String(limbs[j]).padStart(7, "0");
  return out;
}

/** Compares two non-negative decimal strings without leading zeros. */
export function compareMagnitude(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}
