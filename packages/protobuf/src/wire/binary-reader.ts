/**
 * BinaryReader: reads protobuf wire format from a Uint8Array without
 * copying. Every malformed input raises BinaryDecodeError with an offset.
 */
import { EMPTY_VIEW, viewOf } from "./data-view.js";
import { BinaryDecodeError, decodeErrorAt } from "./errors.js";
import { bigIntSupported, joinInt64, joinInt64String } from "./int64.js";
import { findInvalidUtf8, utf8Decoder, utf8Slice, type Utf8Slice } from "./text-encoding.js";
import { ASCII_CACHE_MAX_LENGTH, cachedAscii } from "./ascii-cache.js";
import { halves, zigzagDecodeHalves } from "./varint.js";
import { WireType } from "./wire-type.js";

/** Default nesting limit for groups in skip(). */
const GROUP_DEPTH_LIMIT = 100;

/** 0..127 as 64-bit values (bigint, or strings without BigInt support). */
const SMALL64: bigint[] = [];
for (let i = 0; i < 128; i++) {
  SMALL64.push(bigIntSupported ? BigInt(i) : (String(i) as unknown as bigint));
}

const EMPTY_BYTES = new Uint8Array(0);

/**
 * Where floats, and doubles that are not in a packed list, are put (as 32-bit integers) to be
 * read back: creating a DataView over each input costs more than the few floats and doubles
 * of most messages take to read. A packed list of doubles is read through a DataView over the
 * input (a double put here as two halves reads back slower than from there).
 */
const FIXED_VIEW = new DataView(new ArrayBuffer(8));

/** The little-endian 32-bit integer at `pos` of `buf`, signed. */
function int32At(buf: Uint8Array, pos: number): number {
  return buf[pos] | (buf[pos + 1] << 8) | (buf[pos + 2] << 16) | (buf[pos + 3] << 24);
}

/** The error for a varint at `offset` that the input ends in. */
function truncatedVarint(offset: number): BinaryDecodeError {
  return new BinaryDecodeError(`premature EOF at offset ${offset} (truncated varint)`, offset);
}

/** The error for a varint at `offset` longer than 10 bytes. */
function varintTooLong(offset: number): BinaryDecodeError {
  return decodeErrorAt("invalid varint", offset);
}

/**
 * Reads protobuf binary wire format. `pos` is the read position and `len`
 * the end of readable input.
 */
export class BinaryReader {
  // Fields are initialized with values of their final types (never
  // `undefined`) so that V8 keeps their representation specialized.
  /** The input. */
  readonly buf: Uint8Array = EMPTY_BYTES;
  /** Current read position. */
  pos = 0;
  /** End of the readable input (narrowed by pushLimit() for sub-messages). */
  len = 0;
  /** DataView over the input, for packed doubles; EMPTY_VIEW until one is met. */
  private view: DataView = EMPTY_VIEW;
  /** The end of the last double read. */
  private doubleEnd = -1;
  private readonly decodeUtf8: (bytes: Uint8Array, strict?: boolean) => string;
  /** Whether decodeUtf8 was supplied by the caller (then strictness is checked here). */
  private readonly customDecode: boolean;
  /** The runtime's decoder of part of a buffer (text-encoding.ts), where the default decoding is used. */
  private readonly slice: Utf8Slice | undefined;

  /**
   * Create a reader over `buf`. `decodeUtf8` defaults to the configured
   * text encoding's decoder.
   */
  constructor(buf: Uint8Array, decodeUtf8?: (bytes: Uint8Array, strict?: boolean) => string) {
    this.buf = buf;
    this.len = buf.length;
    this.customDecode = decodeUtf8 !== undefined;
    this.decodeUtf8 = decodeUtf8 ?? utf8Decoder();
    this.slice = decodeUtf8 === undefined ? utf8Slice() : undefined;
  }

  /** Read a field tag, returning field number and wire type. */
  tag(): [number, WireType] {
    // As protobuf-es: a tag takes at most 5 bytes and fits in 32 bits.
    const tag = this.rawTag();
    return [tag >>> 3, tag & 7];
  }

  /**
   * Read a field tag as the raw uint32 `(fieldNo << 3) | wireType`; the codec
   * splits it with `>>> 3` and `& 7`. Field number 0 and wire types 6 and 7
   * throw BinaryDecodeError, as does a tag of more than 5 bytes or beyond 32
   * bits (as in protobuf-es, and the codecs' tag reads: see tagU32()). @internal
   */
  rawTag(): number {
    const pos = this.pos;
    const tag = this.tagU32();
    if (tag < 8 || (tag & 7) > 5) throw BinaryDecodeError.illegalTag(tag >>> 3, tag & 7, pos);
    return tag;
  }

  /**
   * Read a tag as a varint of at most 5 bytes whose value fits in 32 bits (the protobuf spec's
   * uint32 tag), without checking its field number and wire type. The codecs read one-byte
   * tags inline and call this for longer ones: one rule for every decoding path. @internal
   */
  tagU32(): number {
    const start = this.pos;
    // Read as any varint first (cut short, or over 10 bytes, is that error), as in protobuf-es.
    const tag = this.uint32();
    const n = this.pos - start;
    if (n > 5 || (n === 5 && this.buf[start + 4] > 0x0f)) throw decodeErrorAt("illegal tag: varint overflows uint32", start);
    return tag;
  }

  /**
   * Skip the value of a field with the given wire type (the tag has been
   * read) and return its bytes. For a group, the bytes include the end-group
   * tag, whose field number must match `fieldNo` when given; groups nest at
   * most `recursionLimit` deep.
   */
  skip(wireType: WireType, fieldNo?: number, recursionLimit = GROUP_DEPTH_LIMIT): Uint8Array {
    const start = this.pos;
    this.skipValue(wireType, fieldNo, recursionLimit);
    return this.buf.subarray(start, this.pos);
  }

  /**
   * Skip the value of a field like skip(), without returning its bytes (no allocation).
   * @internal
   */
  skipValue(wireType: WireType, fieldNo?: number, recursionLimit = GROUP_DEPTH_LIMIT): void {
    const start = this.pos;
    switch (wireType) {
      case WireType.Varint:
        this.skipVarint();
        break;
      case WireType.Bit64:
        this.fixed(8);
        break;
      case WireType.Bit32:
        this.fixed(4);
        break;
      case WireType.LengthDelimited:
        this.pos = this.readEnd();
        break;
      case WireType.StartGroup:
        this.skipGroup(fieldNo, recursionLimit);
        break;
      case WireType.EndGroup:
        throw decodeErrorAt("cant skip wire type 4", start);
      default:
        throw decodeErrorAt(`cant skip wire type ${wireType as number}`, start);
    }
  }

  private skipGroup(fieldNo: number | undefined, limit: number): void {
    // (A budget that is not a number, from a caller without one, admits no group.)
    if (!(limit > 0)) {
      throw decodeErrorAt("maximum recursion depth reached", this.pos);
    }
    for (;;) {
      const at = this.pos;
      const tag = this.rawTag();
      const wt = tag & 7;
      if (wt === WireType.EndGroup) {
        if (fieldNo !== undefined && tag >>> 3 !== fieldNo) {
          throw decodeErrorAt(`invalid end group tag: field ${tag >>> 3} does not match group field ${fieldNo}`, at);
        }
        return;
      }
      if (wt === WireType.StartGroup) {
        this.skipGroup(tag >>> 3, limit - 1);
      } else {
        this.skipValue(wt, tag >>> 3);
      }
    }
  }

  private skipVarint(): void {
    const start = this.pos;
    const max = start + 10;
    for (let pos = start; pos < this.len; ) {
      if (this.buf[pos++] < 0x80) {
        this.pos = pos;
        return;
      }
      if (pos === max) throw varintTooLong(start);
    }
    throw truncatedVarint(start);
  }

  /**
   * Read a length prefix and return the end offset of the value that
   * follows (`pos + length`), checking that it lies within the input. Use
   * for sub-messages and packed fields without copying. @internal
   */
  readEnd(): number {
    const len = this.uint32();
    const pos = this.pos;
    if (len > this.len - pos) throw BinaryDecodeError.prematureEnd(pos, len, this.len - pos);
    return pos + len;
  }

  /**
   * Restrict reading to end at `end` (from readEnd()), so that every read
   * past it fails; returns the previous limit for popLimit(). @internal
   */
  pushLimit(end: number): number {
    const prev = this.len;
    this.len = end;
    return prev;
  }

  /** Restore the limit returned by pushLimit(). @internal */
  popLimit(prev: number): void {
    this.len = prev;
  }

  /** Slow path of uint32(): any length up to 10 bytes, with errors. */
  private varint32Slow(): number {
    const buf = this.buf;
    const start = this.pos;
    const len = this.len;
    if (start + 10 <= len) {
      // Enough input for any varint: no bounds checks needed.
      let b = buf[start];
      let result = b & 0x7f;
      b = buf[start + 1];
      result |= (b & 0x7f) << 7;
      if (b < 0x80) return this.varint32Done(start + 2, result);
      b = buf[start + 2];
      result |= (b & 0x7f) << 14;
      if (b < 0x80) return this.varint32Done(start + 3, result);
      b = buf[start + 3];
      result |= (b & 0x7f) << 21;
      if (b < 0x80) return this.varint32Done(start + 4, result);
      b = buf[start + 4];
      result |= b << 28; // bits above 32 fall off
      if (b < 0x80) return this.varint32Done(start + 5, result);
      // Bytes 6..10 only carry bits above 32; skip them.
      for (let pos = start + 5; pos < start + 10; pos++) {
        if (buf[pos] < 0x80) return this.varint32Done(pos + 1, result);
      }
      throw varintTooLong(start);
    }
    let pos = start;
    let result = 0;
    for (let i = 0; i < 10 && pos < len; i++) {
      const b = buf[pos++];
      if (i < 5) result |= (b & 0x7f) << (7 * i);
      if (b < 0x80) return this.varint32Done(pos, result);
    }
    if (pos - start >= 10) throw varintTooLong(start);
    throw truncatedVarint(start);
  }

  private varint32Done(pos: number, result: number): number {
    this.pos = pos;
    return result >>> 0;
  }

  /** Read a uint32 varint (longer varints are truncated to their low 32 bits). */
  uint32(): number {
    const pos = this.pos;
    const buf = this.buf;
    if (pos < this.len) {
      const b0 = buf[pos];
      if (b0 < 0x80) {
        this.pos = pos + 1;
        return b0;
      }
      if (pos + 1 < this.len) {
        const b1 = buf[pos + 1];
        if (b1 < 0x80) {
          this.pos = pos + 2;
          return (b0 & 0x7f) | (b1 << 7);
        }
      }
    }
    return this.varint32Slow();
  }

  /** Read an int32 varint. */
  int32(): number {
    return this.uint32() | 0;
  }

  /** Read a sint32 (zigzag) varint. */
  sint32(): number {
    const v = this.uint32();
    return (v >>> 1) ^ -(v & 1);
  }

  /** Read a 64-bit varint into `halves` (unsigned 32-bit halves). */
  private varint64(): void {
    const buf = this.buf;
    const start = this.pos;
    const len = this.len;
    let pos = start;
    let lo = 0;
    let hi = 0;
    let b = 0;
    // Bytes 1-4: 28 bits of lo.
    for (let shift = 0; shift < 28; shift += 7) {
      if (pos >= len) throw truncatedVarint(start);
      b = buf[pos++];
      lo |= (b & 0x7f) << shift;
      if (b < 0x80) {
        this.pos = pos;
        halves.lo = lo >>> 0;
        halves.hi = 0;
        return;
      }
    }
    // Byte 5: 4 bits of lo, 3 bits of hi.
    if (pos >= len) throw truncatedVarint(start);
    b = buf[pos++];
    lo |= (b & 0x0f) << 28;
    hi = (b & 0x7f) >> 4;
    if (b >= 0x80) {
      // Bytes 6-10: remaining bits of hi.
      for (let shift = 3; ; shift += 7) {
        if (pos >= len) throw truncatedVarint(start);
        b = buf[pos++];
        hi |= (b & 0x7f) << shift;
        if (b < 0x80) break;
        if (shift === 31) throw varintTooLong(start);
      }
    }
    this.pos = pos;
    halves.lo = lo >>> 0;
    halves.hi = hi >>> 0;
  }

  /** Read an int64 varint: bigint, or a string when BigInt is unsupported. */
  int64(): bigint {
    const pos = this.pos;
    if (pos < this.len && this.buf[pos] < 0x80) {
      this.pos = pos + 1;
      return SMALL64[this.buf[pos]];
    }
    this.varint64();
    return joinInt64(halves.lo, halves.hi, false);
  }

  /** Read a uint64 varint: bigint, or a string when BigInt is unsupported. */
  uint64(): bigint {
    const pos = this.pos;
    if (pos < this.len && this.buf[pos] < 0x80) {
      this.pos = pos + 1;
      return SMALL64[this.buf[pos]];
    }
    this.varint64();
    return joinInt64(halves.lo, halves.hi, true);
  }

  /** Read a sint64 (zigzag) varint: bigint, or a string when BigInt is unsupported. */
  sint64(): bigint {
    this.varint64();
    zigzagDecodeHalves();
    return joinInt64(halves.lo, halves.hi, false);
  }

  /** Read 8 bytes little-endian into `halves`. */
  private fixed64Halves(): void {
    const pos = this.fixed(8);
    halves.lo = int32At(this.buf, pos) >>> 0;
    halves.hi = int32At(this.buf, pos + 4) >>> 0;
  }

  /** Read a fixed64: bigint, or a string when BigInt is unsupported. */
  fixed64(): bigint {
    this.fixed64Halves();
    return joinInt64(halves.lo, halves.hi, true);
  }

  /** Read an sfixed64: bigint, or a string when BigInt is unsupported. */
  sfixed64(): bigint {
    this.fixed64Halves();
    return joinInt64(halves.lo, halves.hi, false);
  }

  /** Read an int64 varint as a decimal string (jstype = JS_STRING). @internal */
  int64String(): string {
    this.varint64();
    return joinInt64String(halves.lo, halves.hi, false);
  }

  /** Read a uint64 varint as a decimal string (jstype = JS_STRING). @internal */
  uint64String(): string {
    this.varint64();
    return joinInt64String(halves.lo, halves.hi, true);
  }

  /** Read a sint64 varint as a decimal string (jstype = JS_STRING). @internal */
  sint64String(): string {
    this.varint64();
    zigzagDecodeHalves();
    return joinInt64String(halves.lo, halves.hi, false);
  }

  /** Read a fixed64 as a decimal string (jstype = JS_STRING). @internal */
  fixed64String(): string {
    this.fixed64Halves();
    return joinInt64String(halves.lo, halves.hi, true);
  }

  /** Read an sfixed64 as a decimal string (jstype = JS_STRING). @internal */
  sfixed64String(): string {
    this.fixed64Halves();
    return joinInt64String(halves.lo, halves.hi, false);
  }

  /** Read a bool varint (any non-zero value is true). */
  bool(): boolean {
    const pos = this.pos;
    if (pos < this.len && this.buf[pos] < 0x80) {
      this.pos = pos + 1;
      return this.buf[pos] !== 0;
    }
    this.varint64();
    return halves.lo !== 0 || halves.hi !== 0;
  }

  /** Read a fixed32 (4 bytes little-endian unsigned). */
  fixed32(): number {
    return int32At(this.buf, this.fixed(4)) >>> 0;
  }

  /** Read an sfixed32 (4 bytes little-endian signed). */
  sfixed32(): number {
    return int32At(this.buf, this.fixed(4));
  }

  /** Skips the next `n` bytes (a fixed-width value), checking bounds; returns the offset of the first. */
  private fixed(n: number): number {
    const pos = this.pos;
    if (pos + n > this.len) throw BinaryDecodeError.prematureEnd(pos, n, this.len - pos);
    this.pos = pos + n;
    return pos;
  }

  /** Read a float (4 bytes). */
  float(): number {
    FIXED_VIEW.setInt32(0, int32At(this.buf, this.fixed(4)), true);
    return FIXED_VIEW.getFloat32(0, true);
  }

  /** Read a double (8 bytes). */
  double(): number {
    const pos = this.fixed(8);
    let view = this.view;
    if (view === EMPTY_VIEW) {
      // One that follows another without a tag between is in a packed list.
      if (pos !== this.doubleEnd) {
        this.doubleEnd = pos + 8;
        FIXED_VIEW.setInt32(0, int32At(this.buf, pos), true);
        FIXED_VIEW.setInt32(4, int32At(this.buf, pos + 4), true);
        return FIXED_VIEW.getFloat64(0, true);
      }
      view = this.view = viewOf(this.buf);
    }
    return view.getFloat64(pos, true);
  }

  /** Read a length-prefixed byte array; returns a view of the input (no copy). */
  bytes(): Uint8Array {
    const end = this.readEnd();
    const start = this.pos;
    this.pos = end;
    return this.buf.subarray(start, end);
  }

  /**
   * Read a length-prefixed UTF-8 string. Invalid UTF-8 becomes U+FFFD,
   * unless `strict` is true: then it throws BinaryDecodeError naming the
   * offset of the first invalid byte.
   */
  string(strict?: boolean): string {
    const end = this.readEnd();
    const start = this.pos;
    this.pos = end;
    const buf = this.buf;
    if (end - start <= ASCII_CACHE_MAX_LENGTH && !this.customDecode) {
      // Short ASCII strings (keys, names) repeat: the cache hands out the same string (a hit
      // costs no allocation; building even a short string char by char allocates per char).
      const ascii = cachedAscii(buf, start, end);
      if (ascii !== undefined) return ascii;
    }
    const slice = this.slice;
    if (slice !== undefined) {
      // Without U+FFFD, the bytes were valid UTF-8 and this is their text; otherwise the
      // decoder below decides (replacement characters, or the error of strict decoding).
      const text = slice(buf, start, end);
      if (text.indexOf("\ufffd") === -1) return text;
    }
    const bytes = buf.subarray(start, end);
    if (!strict) return this.decodeUtf8(bytes);
    if (this.customDecode) {
      const bad = findInvalidUtf8(bytes);
      if (bad >= 0) throw decodeErrorAt("invalid UTF-8 in string", start + bad);
      return this.decodeUtf8(bytes, true);
    }
    try {
      return this.decodeUtf8(bytes, true);
    } catch {
      const bad = start + Math.max(0, findInvalidUtf8(bytes));
      throw decodeErrorAt("invalid UTF-8 in string", bad);
    }
  }

  /** Read a length-prefixed UTF-8 string, throwing BinaryDecodeError on invalid UTF-8. @internal */
  stringStrict(): string {
    return this.string(true);
  }
}
