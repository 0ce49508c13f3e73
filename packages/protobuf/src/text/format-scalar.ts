/**
 * Scalar values as text format literals: shortest round-trip floats, `inf` / `nan`, and
 * quoted strings and bytes with C-style escapes.
 */
import type { DescEnum } from "../descriptors/types.js";
import { ScalarType } from "../descriptors/scalar.js";

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

function octal(c: number): string {
  return "\\" + c.toString(8).padStart(3, "0");
}

function escapeCode(c: number): string | undefined {
  switch (c) {
    case 10:
      return "\\n";
    case 13:
      return "\\r";
    case 9:
      return "\\t";
    case 34:
      return '\\"';
    case 92:
      return "\\\\";
    default:
      return c < 0x20 || c === 0x7f ? octal(c) : undefined;
  }
}

/** A string in double quotes; control characters escaped, other characters as they are. */
export function quoteString(s: string): string {
  let out = '"';
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const e = escapeCode(s.charCodeAt(i));
    if (e !== undefined) {
      out += s.slice(run, i) + e;
      run = i + 1;
    }
  }
  return out + s.slice(run) + '"';
}

/** Bytes in double quotes; printable ASCII as is, everything else as octal escapes. */
export function quoteBytes(bytes: Uint8Array): string {
  let out = '"';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    const e = escapeCode(b);
    out += e ?? (b >= 0x80 ? octal(b) : String.fromCharCode(b));
  }
  return out + '"';
}
