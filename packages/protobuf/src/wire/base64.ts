/**
 * Base64 encoding and decoding (RFC 4648), standard and URL-safe alphabets.
 */
import { ProtobufError } from "./errors.js";

const STD = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Pair tables: 12-bit value -> two characters, built on first use. */
let stdPairs: string[] | undefined;
let urlPairs: string[] | undefined;

function pairTable(alphabet: string): string[] {
  const table: string[] = new Array<string>(4096);
  for (let i = 0; i < 4096; i++) table[i] = alphabet[i >> 6] + alphabet[i & 63];
  return table;
}

/** Character code -> 6-bit value, -1 for characters outside both alphabets. */
const DECODE = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) {
  DECODE[STD.charCodeAt(i)] = i;
  DECODE[URL.charCodeAt(i)] = i;
}

/**
 * Encode bytes as base64. `encoding` is "std" (standard alphabet with
 * padding, the default), "std_raw" (standard alphabet, no padding) or "url"
 * (URL-safe alphabet, no padding).
 */
export function base64Encode(bytes: Uint8Array, encoding: "std" | "std_raw" | "url" = "std"): string {
  const url = encoding === "url";
  const alphabet = url ? URL : STD;
  const pairs = url ? (urlPairs ??= pairTable(URL)) : (stdPairs ??= pairTable(STD));
  const n = bytes.length;
  const whole = n - (n % 3);
  let out = "";
  // Build in chunks to keep intermediate strings flat.
  let chunk = "";
  for (let i = 0; i < whole; i += 3) {
    const v = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    chunk += pairs[v >>> 12] + pairs[v & 0xfff];
    if (chunk.length >= 8192) {
      out += chunk;
      chunk = "";
    }
  }
  out += chunk;
  const rest = n - whole;
  if (rest === 1) {
    const v = bytes[whole];
    out += alphabet[v >> 2] + alphabet[(v & 3) << 4];
    if (encoding === "std") out += "==";
  } else if (rest === 2) {
    const v = (bytes[whole] << 8) | bytes[whole + 1];
    out += alphabet[v >> 10] + alphabet[(v >> 4) & 63] + alphabet[(v & 15) << 2];
    if (encoding === "std") out += "=";
  }
  return out;
}

function fail(_text: string, pos: number, why: string): never {
  throw new ProtobufError(`invalid base64: ${why} at position ${pos}`);
}

/** Report the first character outside both alphabets, if any. */
function checkCharacters(text: string, n: number): void {
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || DECODE[c] < 0) fail(text, i, `unexpected character ${JSON.stringify(text[i])}`);
  }
}

/**
 * Decode base64 in the standard or URL-safe alphabet, as protobuf-es does: with or without
 * padding, whitespace (space, tab, line breaks) anywhere, padding between blocks and excess
 * padding accepted. Any other character throws ProtobufError naming its position.
 */
export function base64Decode(text: string): Uint8Array {
  const out = new Uint8Array(((text.length * 3) >> 2) + 3);
  let o = 0;
  // Position in the current group of four characters, and the previous character's value.
  let group = 0;
  let prev = 0;
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const d = c < 128 ? DECODE[c] : -1;
    if (d < 0) {
      // "=" ends a group (padding); whitespace is skipped.
      if (c === 61) group = 0;
      else if (c !== 32 && c !== 9 && c !== 10 && c !== 13) fail(text, i, `unexpected character ${JSON.stringify(text[i])}`);
      continue;
    }
    switch (group) {
      case 0:
        break;
      case 1:
        out[o++] = (prev << 2) | (d >> 4);
        break;
      case 2:
        out[o++] = ((prev & 15) << 4) | (d >> 2);
        break;
      default:
        out[o++] = ((prev & 3) << 6) | d;
    }
    prev = d;
    group = (group + 1) & 3;
    last = i;
  }
  // A single character cannot encode a byte.
  if (group === 1) fail(text, last, "truncated input: a lone character");
  return out.subarray(0, o);
}

/**
 * Decode base64 strictly (the JSON mapping's bytes): the standard or URL-safe alphabet, with
 * or without padding. Any other character (including whitespace) throws ProtobufError naming
 * its position.
 */
export function base64DecodeStrict(text: string): Uint8Array {
  let n = text.length;
  // Strip up to two trailing "=".
  let pad = 0;
  while (pad < 2 && n > 0 && text.charCodeAt(n - 1) === 61) {
    n--;
    pad++;
  }
  if (n % 4 === 1 || (pad > 0 && (n + pad) % 4 !== 0)) {
    // Prefer reporting a bad character over a bad length.
    checkCharacters(text, n);
    if (n % 4 === 1) fail(text, n, "truncated input");
    fail(text, n, "unexpected padding");
  }
  const out = new Uint8Array((n * 3) >> 2);
  const whole = n - (n % 4);
  let o = 0;
  let i = 0;
  for (; i < whole; i += 4) {
    const c0 = text.charCodeAt(i);
    const c1 = text.charCodeAt(i + 1);
    const c2 = text.charCodeAt(i + 2);
    const c3 = text.charCodeAt(i + 3);
    const d0 = c0 < 128 ? DECODE[c0] : -1;
    const d1 = c1 < 128 ? DECODE[c1] : -1;
    const d2 = c2 < 128 ? DECODE[c2] : -1;
    const d3 = c3 < 128 ? DECODE[c3] : -1;
    if ((d0 | d1 | d2 | d3) < 0) {
      checkCharacters(text, i + 4);
    }
    const v = (d0 << 18) | (d1 << 12) | (d2 << 6) | d3;
    out[o] = v >> 16;
    out[o + 1] = (v >> 8) & 0xff;
    out[o + 2] = v & 0xff;
    o += 3;
  }
  // 2 or 3 trailing characters encode 1 or 2 bytes.
  let v = 0;
  const tail = n - whole;
  for (let k = 0; k < tail; k++, i++) {
    const c = text.charCodeAt(i);
    const d = c < 128 ? DECODE[c] : -1;
    if (d < 0) checkCharacters(text, i + 1);
    v = (v << 6) | d;
  }
  if (tail === 2) {
    out[o] = v >> 4;
  } else if (tail === 3) {
    out[o] = v >> 10;
    out[o + 1] = (v >> 2) & 0xff;
  }
  return out;
}
