/**
 * Scalar values as text format literals: shortest round-trip floats, `inf` / `nan`, and
 * quoted strings and bytes with the escapes protobuf-es writes.
 */
import type { DescEnum } from "../descriptors/types.js";
import { ScalarType } from "../descriptors/scalar.js";
import { getTextEncoding } from "../wire/text-encoding.js";
import { invalidUtf8At } from "../wire/utf8-check.js";

/** A scalar value as a text format literal. */
export function formatScalar(type: ScalarType, value: unknown): string {
  switch (type) {
    case ScalarType.STRING:
      return quoteString(value as string);
    case ScalarType.BYTES:
      return quoteBytes(value as Uint8Array);
    case ScalarType.BOOL:
      return value ? "true" : "false";
    case ScalarType.DOUBLE:
      return formatDouble(value as number);
    case ScalarType.FLOAT:
      return formatFloat(value as number);
    default:
      return String(value);
  }
}

/** An enum value by name, or by number if the enum has no such value. */
export function formatEnum(desc: DescEnum, value: number): string {
  return desc.value[value]?.name ?? String(value);
}

function special(v: number): string | undefined {
  if (Number.isNaN(v)) return "nan";
  if (v === Infinity) return "inf";
  if (v === -Infinity) return "-inf";
  if (Object.is(v, -0)) return "-0";
  return undefined;
}

/** A double with the fewest digits that parse back to the same value. */
export function formatDouble(v: number): string {
  return special(v) ?? String(v);
}

/** A float with the fewest digits that parse back (rounded to float) to the same value. */
export function formatFloat(value: number): string {
  const v = Math.fround(value);
  const s = special(v);
  if (s !== undefined) return s;
  for (let p = 1; p < 9; p++) {
    const t = v.toPrecision(p);
    if (Math.fround(Number(t)) === v) return String(Number(t));
  }
  return String(Number(v.toPrecision(9)));
}

const HEX = "0123456789abcdef";

/**
 * The escape of a UTF-16 code unit in a quoted literal, or undefined to write it as it is:
 * `\n`, `\r`, `\t`, `\"` and `\\`; `\xHH` for the other C0 controls and DEL; `\u00HH` for
 * the C1 controls (U+0080 to U+009F). Everything else, other non-ASCII too, is written raw.
 */
function escapeCode(c: number): string | undefined {
  if (c >= 0x20 && c < 0x7f) return c === 34 ? '\\"' : c === 92 ? "\\\\" : undefined;
  if (c === 10) return "\\n";
  if (c === 13) return "\\r";
  if (c === 9) return "\\t";
  if (c < 0x20 || c === 0x7f) return "\\x" + HEX[c >> 4] + HEX[c & 15];
  if (c >= 0x80 && c <= 0x9f) return "\\u00" + HEX[c >> 4] + HEX[c & 15];
  return undefined;
}

/** The characters of a string, escaped as in a quoted literal (without the quotes). */
function escapeText(s: string): string {
  let out = "";
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const e = escapeCode(s.charCodeAt(i));
    if (e !== undefined) {
      out += s.slice(run, i) + e;
      run = i + 1;
    }
  }
  return run === 0 ? s : out + s.slice(run);
}

/** A string in double quotes: controls, quotes and backslashes escaped, other text as it is. */
export function quoteString(s: string): string {
  return `"${escapeText(s)}"`;
}

/**
 * Bytes in double quotes: runs of valid UTF-8 as the text they encode (escaped as in a
 * string), every byte that is not part of valid UTF-8 as `\xHH`.
 */
export function quoteBytes(bytes: Uint8Array): string {
  const decode = getTextEncoding().decodeUtf8;
  let out = '"';
  let i = 0;
  while (i < bytes.length) {
    const bad = invalidUtf8At(bytes, i, bytes.length);
    const end = bad < 0 ? bytes.length : bad;
    if (end > i) out += escapeText(decode(bytes.subarray(i, end)));
    if (bad < 0) break;
    const b = bytes[bad];
    out += "\\x" + HEX[b >> 4] + HEX[b & 15];
    i = bad + 1;
  }
  return out + '"';
}
