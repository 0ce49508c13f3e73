/**
 * Whether a JavaScript string is well-formed UTF-16 (no lone surrogates), so that it can be
 * encoded as UTF-8 without replacement characters.
 */

type WellFormed = { isWellFormed?: () => boolean };
const hasIsWellFormed = typeof (String.prototype as WellFormed).isWellFormed === "function";
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True if the string has no lone surrogates, so that it can be encoded as UTF-8. */
export function isWellFormed(s: string): boolean {
  return hasIsWellFormed ? (s as unknown as Required<WellFormed>).isWellFormed() : !LONE_SURROGATE.test(s);
}
