/**
 * Low-level varint and zigzag helpers. 64-bit values are handled as two
 * unsigned 32-bit halves (`lo`, `hi`) so that the hot paths never allocate.
 */

/**
 * Scratch pair of 32-bit halves shared by the 64-bit helpers. Functions that
 * "return" a 64-bit value store it here; read it immediately after the call.
 * @internal
 */
export const halves = { lo: 0, hi: 0 };

/** Number of bytes of the varint encoding of a uint32. @internal */
export function varintSize32(value: number): number {
  if (value < 0x80) return 1;
  if (value < 0x4000) return 2;
  if (value < 0x200000) return 3;
  if (value < 0x10000000) return 4;
  return 5;
}

/**
 * Store the two's complement halves of a safe integer (positive or negative)
 * in `halves`. @internal
 */
export function splitSafeInteger(value: number): void {
  const lo = value >>> 0;
  halves.lo = lo;
  halves.hi = ((value - lo) / 4294967296) >>> 0;
}

/**
 * Write the varint encoding of the 64-bit value `hi:lo` (unsigned halves)
 * into `buf` at `pos`, which must have room for 10 bytes. Returns the
 * position after the last byte written. @internal
 */
export function writeVarint64(buf: Uint8Array, pos: number, lo: number, hi: number): number {
  if (hi === 0) {
    while (lo > 0x7f) {
      buf[pos++] = (lo & 0x7f) | 0x80;
      lo >>>= 7;
    }
    buf[pos++] = lo;
    return pos;
  }
  // The value is >= 2^32, so the first four bytes all carry 7 bits of `lo`.
  buf[pos] = (lo & 0x7f) | 0x80;
  buf[pos + 1] = ((lo >>> 7) & 0x7f) | 0x80;
  buf[pos + 2] = ((lo >>> 14) & 0x7f) | 0x80;
  buf[pos + 3] = ((lo >>> 21) & 0x7f) | 0x80;
  pos += 4;
  // Fifth byte: top 4 bits of `lo` and low 3 bits of `hi`.
  const mixed = (lo >>> 28) | ((hi & 0x07) << 4);
  hi >>>= 3;
  if (hi === 0) {
    buf[pos++] = mixed;
    return pos;
  }
  buf[pos++] = mixed | 0x80;
  while (hi > 0x7f) {
    buf[pos++] = (hi & 0x7f) | 0x80;
    hi >>>= 7;
  }
  buf[pos++] = hi;
  return pos;
}

/** Zigzag-encode the 64-bit value held in `halves`, in place. @internal */
export function zigzagEncodeHalves(): void {
  const { lo, hi } = halves;
  const sign = hi >> 31; // 0 or -1
  halves.hi = (((hi << 1) | (lo >>> 31)) ^ sign) >>> 0;
  halves.lo = ((lo << 1) ^ sign) >>> 0;
}

/** Zigzag-decode the 64-bit value held in `halves`, in place. @internal */
export function zigzagDecodeHalves(): void {
  const { lo, hi } = halves;
  const sign = -(lo & 1);
  halves.lo = (((lo >>> 1) | (hi << 31)) ^ sign) >>> 0;
  halves.hi = ((hi >>> 1) ^ sign) >>> 0;
}

/** Zigzag-encode a signed 32-bit integer (for sint32); returns a uint32. */
export function zigzagEncode32(value: number): number {
  return ((value << 1) ^ (value >> 31)) >>> 0;
}

/** Zigzag-decode a uint32 (from a sint32 field) to a signed 32-bit integer. */
export function zigzagDecode32(value: number): number {
  return (value >>> 1) ^ -(value & 1);
}

/**
 * Zigzag-encode a signed 64-bit integer (for sint64). Returns the unsigned
 * 64-bit result. Requires BigInt support.
 */
export function zigzagEncode64(value: bigint): bigint {
  const v = BigInt.asIntN(64, value);
  const one = BigInt(1);
  return BigInt.asUintN(64, (v << one) ^ (v >> BigInt(63)));
}

/**
 * Zigzag-decode an unsigned 64-bit integer (from a sint64 field) to a signed
 * 64-bit integer. Requires BigInt support.
 */
export function zigzagDecode64(value: bigint): bigint {
  const u = BigInt.asUintN(64, value);
  const one = BigInt(1);
  return BigInt.asIntN(64, (u >> one) ^ -(u & one));
}
