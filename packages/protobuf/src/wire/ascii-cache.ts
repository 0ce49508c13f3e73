/**
 * A small cache of short ASCII strings by their bytes, for lazy views: attribute keys, names
 * and enum-like strings repeat throughout telemetry payloads, and a cached string costs no
 * decoder call and no allocation. Each entry is checked byte for byte before it is returned.
 */
import { utf8Decoder } from "./text-encoding.js";

/** Strings longer than this are not cached. */
export const ASCII_CACHE_MAX_LENGTH = 32;
const SIZE = 2048;
const table: string[] = new Array<string>(SIZE).fill("");

/**
 * The string of [start, end) of `buf` if those bytes are ASCII (and at most
 * ASCII_CACHE_MAX_LENGTH), from the cache when it holds it; otherwise undefined.
 */
export function cachedAscii(buf: Uint8Array, start: number, end: number): string | undefined {
  const n = end - start;
  if (n === 0) return "";
  // A cheap slot from the length and three of the bytes; a hit is confirmed byte for byte
  // (which also proves the bytes ASCII: cached strings are).
  const k = (Math.imul(n, 0x9e3779b1) ^ (buf[start] << 14) ^ (buf[start + (n >> 1)] << 7) ^ buf[end - 1]) & (SIZE - 1);
  const hit = table[k];
  if (hit.length === n) {
    // From the end: strings that collide often share a prefix ("item 17", "item 27").
    let i = n - 1;
    while (i >= 0 && hit.charCodeAt(i) === buf[start + i]) i--;
    if (i < 0) return hit;
  }
  for (let i = start; i < end; i++) if (buf[i] >= 0x80) return undefined;
  let s = "";
  if (n <= 12) {
    for (let i = start; i < end; i++) s += String.fromCharCode(buf[i]);
  } else {
    // One flat string (concatenation would build a rope); the decoder is the fastest way.
    s = utf8Decoder()(buf.subarray(start, end));
  }
  table[k] = s;
  return s;
}
