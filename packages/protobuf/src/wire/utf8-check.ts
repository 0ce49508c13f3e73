/**
 * A UTF-8 well-formedness check of a range of a byte array, for validating strings without
 * decoding them, per the Unicode standard, table 3-7. ASCII runs are skipped byte by byte, or
 * by a faster scan the caller gives (ascii-run.ts: four bytes at a time), which only code that
 * checks many strings (the lazy validator) takes into a bundle.
 */

/** The end of the run of ASCII bytes of `buf` that starts at `i` (at most `end`). */
export type AsciiRunEnd = (buf: Uint8Array, i: number, end: number) => number;

/**
 * The offset of the first byte in [start, end) of `buf` that is not part of a well-formed
 * UTF-8 sequence, or -1 if the range is well-formed. ASCII runs are skipped with `runEnd` if
 * given, else byte by byte.
 */
export function invalidUtf8At(buf: Uint8Array, start: number, end: number, runEnd?: AsciiRunEnd): number {
  let i = start;
  for (;;) {
    if (runEnd !== undefined) i = runEnd(buf, i, end);
    else while (i < end && buf[i] < 0x80) i++;
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
