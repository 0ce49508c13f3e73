/**
 * A small cache of short ASCII strings by their bytes, for lazy views: attribute keys, names
 * and enum-like strings repeat throughout telemetry payloads, and a cached string costs no
 * decoder call and no allocation. Each entry is checked byte for byte before it is returned.
 */
import { utf8Decoder, utf8Slice } from "./text-encoding.js";

/** Strings longer than this are not cached. */
export const ASCII_CACHE_MAX_LENGTH = 32;
const SIZE_BITS = 11;
const SIZE = 1 << SIZE_BITS;
const table: string[] = new Array<string>(SIZE).fill("");
/** The bytes of each entry of `table`, ASCII_CACHE_MAX_LENGTH per slot (a hit compares bytes with bytes). */
const tableBytes = new Uint8Array(SIZE * ASCII_CACHE_MAX_LENGTH);

/**
 * The string of [start, end) of `buf` if those bytes are ASCII (and at most
 * ASCII_CACHE_MAX_LENGTH), from the cache when it holds it; otherwise undefined.
 */
export function cachedAscii(buf: Uint8Array, start: number, end: number): string | undefined {
  const n = end - start;
  if (n === 0) return "";
  // A cheap slot from the length and three of the bytes, mixed by one multiplication (its top
  // bits); a hit is confirmed byte for byte (which also proves the bytes ASCII: cached strings are).
  const k = Math.imul(n ^ (buf[start] << 8) ^ (buf[start + (n >> 1)] << 16) ^ (buf[end - 1] << 24), 0x9e3779b1) >>> (32 - SIZE_BITS);
  const hit = table[k];
  const at = k * ASCII_CACHE_MAX_LENGTH - start;
  if (hit.length === n) {
    // From the end: strings that collide often share a prefix ("item 17", "item 27").
    let i = end - 1;
    while (i >= start && tableBytes[at + i] === buf[i]) i--;
    if (i < start) return hit;
  }
  // A miss empties the slot, then writes the bytes to it as it checks them: until the new
  // string is stored, no lookup can match the slot's bytes with another string.
  table[k] = "";
  for (let i = start; i < end; i++) if ((tableBytes[at + i] = buf[i]) >= 0x80) return undefined;
  let s = "";
  if (n <= 12) {
    for (let i = start; i < end; i++) s += String.fromCharCode(buf[i]);
  } else {
    // One flat string (concatenation would build a rope): the runtime's slice of the buffer
    // where there is one (~160 ns against ~250 for subarray() and the decoder), else the decoder.
    const slice = utf8Slice();
    s = slice !== undefined ? slice(buf, start, end) : utf8Decoder()(buf.subarray(start, end));
  }
  table[k] = s;
  return s;
}
