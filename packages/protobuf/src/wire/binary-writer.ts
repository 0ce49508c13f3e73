/**
 * BinaryWriter: serializes protobuf wire format into a single growable
 * buffer. This is the hot path of toBinary().
 */
import { EMPTY_VIEW, viewOf } from "./data-view.js";
import { BinaryEncodeError, ProtobufError } from "./errors.js";
import { splitInt64, type Int64Input } from "./int64.js";
import { halves, varintSize32, writeVarint64, zigzagEncodeHalves } from "./varint.js";
import type { WireType } from "./wire-type.js";

/** Largest finite float32 value. */
export const FLOAT32_MAX = 3.4028234663852886e38;
/** Smallest (most negative) finite float32 value. */
export const FLOAT32_MIN = -3.4028234663852886e38;
/** Largest uint32 value. */
export const UINT32_MAX = 0xffffffff;
/** Largest int32 value. */
export const INT32_MAX = 0x7fffffff;
/** Smallest int32 value. */
export const INT32_MIN = -0x80000000;

const EMPTY = new Uint8Array(0);
/**
 * Size of a reused writer's scratch buffer: results up to this size are written there and
 * copied out by finish() (see grow()).
 */
const SCRATCH_SIZE = 1024;
/** Typed arrays up to this many bytes are allocated on V8's heap (V8's typed_array_max_size_in_heap). */
const ON_HEAP_MAX = 64;
/** Room finish() adds to a result's size when it sizes the writer's next buffer (above ON_HEAP_MAX). */
const GROW_HEADROOM = 16;
/**
 * The largest buffer that glibc's malloc (Node.js on Linux) serves from its fast bins: 120
 * bytes, a 128-byte chunk. Between ON_HEAP_MAX and this size, finish() sizes the next buffer
 * to this instead of 128 bytes (a chunk of 144 bytes, from the slower small bins): results of
 * 65-104 bytes are encoded 10-30% faster (rpc-small, measured in separate processes).
 */
const FAST_BIN_MAX = 120;
/**
 * Size of the buffers that pooled results share (toBinary's `pooled` option): as Node.js's
 * Buffer pool. A fresh one is started when less than POOL_MIN_ROOM is left after a result.
 * A result larger than half of it ends its buffer, and the next one is sized for a result like
 * it, as finish() sizes them (a run of large results: a buffer each, nothing copied).
 */
const POOL_SIZE = 8192;
const POOL_MIN_ROOM = 1024;
/** Size of the first buffer a writer allocates. */
const INITIAL_CAPACITY = 128;
/**
 * finish() copies out results that fill less than an eighth of a buffer larger than this,
 * so that a small result does not keep a large buffer alive.
 */
const PIN_LIMIT = 8192;
/**
 * Strings at least this long are encoded with utf8Write or TextEncoder.encodeInto: ~52 ns a
 * call whatever the length up to 100 code units, where the inline encoder takes 43 ns for 32
 * ASCII code units and 58 ns for 36 (Node.js 20, into a buffer off V8's heap).
 */
const ENCODE_INTO_MIN_LENGTH = 33; // must stay <= 42 (the longest string written inline: 3 * 42 < 128)

interface EncodeInto {
  encodeInto(text: string, dest: Uint8Array): { read: number; written: number };
}
const textEncoder: EncodeInto | undefined = (() => {
  const ctor = (globalThis as { TextEncoder?: new () => EncodeInto }).TextEncoder;
  return typeof ctor === "function" ? new ctor() : undefined;
})();

/** Encodes `text` as UTF-8 into `this` from `offset`, at most `length` bytes; returns the bytes written. */
type Utf8Write = (this: Uint8Array, text: string, offset: number, length: number) => number;
/**
 * Node.js's and Bun's `Buffer.prototype.utf8Write`, which encodes into any Uint8Array at an
 * offset without a subarray (about 110 ns a string against 170-200 ns for encodeInto into a
 * subarray, Node.js 20), if the runtime has it and it encodes a probe as TextEncoder does
 * (lone surrogates as U+FFFD); else undefined.
 */
const utf8Write: Utf8Write | undefined = (() => {
  const write = (globalThis as { Buffer?: { prototype: { utf8Write?: Utf8Write } } }).Buffer?.prototype.utf8Write;
  try {
    // A lone surrogate and "é" into a plain Uint8Array (throws where there is no utf8Write).
    const probe = new Uint8Array(5);
    if (write!.call(probe, "\ud800\u00e9", 0, 5) === 5 && probe[2] === 0xbd && probe[4] === 0xa9) return write;
  } catch {
    // Not Node.js's or Bun's: encodeInto.
  }
  return undefined;
})();

/**
 * The slow path of the 32-bit integer writers, with protobuf-es's input rules: a number, or a
 * string that Number() converts ("1024"); integral and in range. Anything else throws
 * `invalid int32: <value>` (or `uint32`), naming the type for values that are not numbers.
 */
function int32Input(value: unknown, unsigned: boolean): number {
  const n = typeof value === "string" ? Number(value) : value;
  const name = unsigned ? "uint32" : "int32";
  if (typeof n !== "number") throw new BinaryEncodeError(`invalid ${name}: ${typeof value}`);
  if (!Number.isInteger(n) || (unsigned ? n < 0 || n > 0xffffffff : n < -0x80000000 || n > 0x7fffffff)) {
    throw new BinaryEncodeError(`invalid ${name}: ${n}`);
  }
  return n;
}

/** The slow path of float(), with protobuf-es's rules: numbers (NaN and ±Infinity too) and numeric strings in float32 range. */
function float32Input(value: unknown): number {
  let n: number;
  if (typeof value === "string") {
    n = Number(value);
    if (Number.isNaN(n) && value !== "NaN") throw new BinaryEncodeError(`invalid float32: ${value}`);
  } else if (typeof value === "number") {
    n = value;
  } else {
    throw new BinaryEncodeError(`invalid float32: ${typeof value}`);
  }
  if (Number.isFinite(n) && (n > FLOAT32_MAX || n < FLOAT32_MIN)) throw new BinaryEncodeError(`invalid float32: ${n}`);
  return n;
}

/**
 * Write the UTF-8 encoding of `text` starting at code unit `i` into `buf` at
 * `pos` (room for 3 bytes per remaining code unit is required). Lone
 * surrogates become U+FFFD, like TextEncoder. Returns the new position.
 */
function writeUtf8(text: string, i: number, buf: Uint8Array, pos: number): number {
  const n = text.length;
  for (; i < n; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      buf[pos++] = c;
    } else if (c < 0x800) {
      buf[pos++] = 0xc0 | (c >> 6);
      buf[pos++] = 0x80 | (c & 0x3f);
    } else {
      if ((c & 0xf800) === 0xd800) {
        const next = i + 1 < n ? text.charCodeAt(i + 1) : 0;
        if (c < 0xdc00 && (next & 0xfc00) === 0xdc00) {
          const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
          buf[pos++] = 0xf0 | (cp >> 18);
          buf[pos++] = 0x80 | ((cp >> 12) & 0x3f);
          buf[pos++] = 0x80 | ((cp >> 6) & 0x3f);
          buf[pos++] = 0x80 | (cp & 0x3f);
          i++;
          continue;
        }
        c = 0xfffd;
      }
      buf[pos++] = 0xe0 | (c >> 12);
      buf[pos++] = 0x80 | ((c >> 6) & 0x3f);
      buf[pos++] = 0x80 | (c & 0x3f);
    }
  }
  return pos;
}

/**
 * Writes the length prefix of a string whose UTF-8 bytes were written after `reserved` bytes
 * at `at` and end at `pos`; a prefix longer than reserved shifts the bytes right (room for
 * the largest prefix is required). Returns the new end.
 */
function prefixString(buf: Uint8Array, at: number, reserved: number, pos: number): number {
  const start = at + reserved;
  const len = pos - start;
  const size = varintSize32(len);
  if (size !== reserved) {
    // More than n bytes: shift the body right to make room for the prefix.
    buf.copyWithin(at + size, start, pos);
    pos += size - reserved;
  }
  writeVarint64(buf, at, len, 0);
  return pos;
}

/** Size of a fresh buffer for a result of `len` bytes: a power of two, with headroom above ON_HEAP_MAX. */
function capacityFor(len: number): number {
  let cap = ON_HEAP_MAX;
  const want = len <= ON_HEAP_MAX ? len : len + GROW_HEADROOM;
  while (cap < want) cap *= 2;
  return cap;
}

/**
 * Serializes protobuf binary wire format. All methods return `this`.
 * finish() returns the bytes written and resets the writer.
 */
export class BinaryWriter {
  /** Current buffer; EMPTY until the first write. */
  private buf: Uint8Array<ArrayBuffer> = EMPTY;
  /** Write position in `buf`. */
  private pos = 0;
  /** DataView over `buf`, created on first fixed-width write (EMPTY_VIEW until then; kept for the scratch buffer). */
  private view: DataView = EMPTY_VIEW;
  /** Body start positions of open forks (entries past `depth` are stale). */
  private readonly forks: number[] = [];
  /** The scratch buffer of small results (see grow()) and its DataView, made on first use. */
  private scratch: Uint8Array<ArrayBuffer> | undefined;
  private scratchView: DataView | undefined;
  /** Number of open forks. */
  private depth = 0;
  /** Start of the current result in `buf`: 0, except after finishPooled(). */
  private base = 0;
  /**
   * The capacity of the next fresh buffer: the last result's size, rounded up to a power of
   * two; 0 if the next result starts in the scratch buffer (see finish()).
   */
  private nextCapacity = INITIAL_CAPACITY;
  /** Custom UTF-8 encoder given to the constructor, if any. */
  private readonly encodeUtf8: ((text: string) => Uint8Array) | undefined;

  /**
   * Create a writer. Strings are encoded with a built-in UTF-8 encoder that
   * matches TextEncoder, unless `encodeUtf8` is given.
   */
  constructor(encodeUtf8?: (text: string) => Uint8Array) {
    this.encodeUtf8 = encodeUtf8;
  }

  /** Make room for `size` more bytes by replacing the buffer with a larger one. */
  private grow(size: number): void {
    const need = this.pos + size;
    let cap = this.buf.length * 2 || this.nextCapacity || SCRATCH_SIZE;
    while (cap < need) cap *= 2;
    // The first buffer of a result that finish() expects to fit the scratch buffer is that one
    // (which finish() copies the result out of, so that it serves every such result, and keeps
    // its DataView).
    const next =
      cap === SCRATCH_SIZE && this.nextCapacity === 0 && this.buf.length === 0 ? (this.scratch ??= new Uint8Array(cap)) : new Uint8Array(cap);
    // (A pooled writer's buffer holds earlier results before the current one: their bytes
    // are copied along, which keeps every position valid; the copies are never handed out.)
    if (this.pos !== 0) next.set(this.buf);
    this.buf = next;
    this.view = EMPTY_VIEW;
  }

  /** The cached DataView over the buffer (requires a non-empty buffer). */
  private dataView(): DataView {
    const view = this.view;
    if (view !== EMPTY_VIEW) return view;
    return (this.view = this.buf === this.scratch ? (this.scratchView ??= viewOf(this.buf)) : viewOf(this.buf));
  }

  /**
   * Return the bytes written so far (a `subarray` view of the internal buffer,
   * not a copy — unless they are in the writer's scratch buffer, up to 1 KiB, or
   * fill a small part of a large buffer) and reset the writer. Further writes go
   * to a fresh buffer sized for a result like this one, or to the scratch buffer,
   * so the returned bytes are never overwritten. Throws if a fork is not joined.
   */
  finish(): Uint8Array<ArrayBuffer> {
    if (this.depth !== 0) {
      throw new ProtobufError(`cannot finish: ${this.depth} fork() call(s) without join()`);
    }
    const len = this.pos;
    const buf = this.buf;
    // A result in the scratch buffer is a copy of its own (see grow()).
    // (A typed array made for length 0 lives off V8's heap: one made from `[]` does not.)
    const out =
      len === 0
        ? new Uint8Array([])
        : buf === this.scratch || (buf.length > PIN_LIMIT && len < buf.length >>> 3)
          ? buf.slice(0, len)
          : buf.subarray(0, len);
    // Writers are reused for results of similar sizes: the next buffer starts large enough
    // for one, instead of doubling its way up from a small one. With some headroom: the writers
    // reserve room for their worst case (a varint's 10 bytes), and a result that filled its
    // buffer would grow the next one.
    let cap = capacityFor(len);
    if (cap === 2 * ON_HEAP_MAX && len + GROW_HEADROOM <= FAST_BIN_MAX) cap = FAST_BIN_MAX;
    // The next result goes to the scratch buffer if it is as small as this one, and if
    // it is up to 64 bytes (its copy is made on V8's heap, cheaper than a buffer of its own) or
    // wrote fixed-width values: a fresh buffer would need a DataView of its own (~50 ns), the
    // scratch buffer keeps its one. Others cost less in a fresh buffer than copied out.
    this.nextCapacity = cap === ON_HEAP_MAX || (cap <= SCRATCH_SIZE && this.view !== EMPTY_VIEW) ? 0 : cap;
    this.buf = EMPTY;
    this.pos = 0;
    this.view = EMPTY_VIEW;
    return out;
  }

  /**
   * finish() for toBinary's `pooled` results: returns a view of the bytes written since the last
   * result, and the next result continues after them in the same buffer (a fresh one when
   * little room is left). The results share their ArrayBuffer, never their bytes. For the
   * runtime's own writer, whose forks are always joined when it finishes (a writer that threw
   * is dropped); a writer finished this way is only ever finished this way. @internal
   */
  finishPooled(): Uint8Array<ArrayBuffer> {
    const buf = this.buf;
    const pos = this.pos;
    const len = pos - this.base;
    const large = len > POOL_SIZE / 2;
    // A small result first in a buffer sized for a large one is copied out, so that small
    // results do not pin that buffer.
    const copy = !large && this.base === 0 && buf.length > POOL_SIZE;
    const out = copy ? buf.slice(0, pos) : buf.subarray(this.base, pos);
    if (large || copy || buf.length - pos < POOL_MIN_ROOM) {
      // The next result starts a fresh buffer (made by its first write, see grow(), which also
      // replaces the DataView): after a large result, one sized for a result like it, so that
      // a run of large results costs a buffer each, as with finish().
      this.buf = EMPTY;
      this.nextCapacity = large ? capacityFor(len) : POOL_SIZE;
      this.base = this.pos = 0;
    } else this.base = pos;
    return out;
  }

  /**
   * Start a length-delimited value (e.g. a sub-message). Everything written
   * until the matching join() becomes its body, prefixed by its length.
   */
  fork(): this {
    this.rawTag(0); // one byte reserved for the length prefix
    this.forks[this.depth++] = this.pos;
    return this;
  }

  /** Finish the value started by the last fork() by writing its length prefix. */
  join(): this {
    if (this.depth === 0) throw new ProtobufError("join() without fork()");
    const start = this.forks[--this.depth];
    const end = this.pos;
    const len = end - start;
    if (len < 0x80) {
      this.buf[start - 1] = len;
      return this;
    }
    const extra = varintSize32(len) - 1;
    if (end + extra > this.buf.length) this.grow(extra);
    const buf = this.buf;
    buf.copyWithin(start + extra, start, end);
    writeVarint64(buf, start - 1, len, 0);
    this.pos = end + extra;
    return this;
  }

  /** Write a field tag: the varint `(fieldNo << 3) | wireType`. */
  tag(fieldNo: number, wireType: WireType): this {
    return this.rawTag(((fieldNo << 3) | wireType) >>> 0);
  }

  /**
   * Write fields back as they were read: the tag and the raw data of each (a message's
   * unknown fields, `$unknown`). @internal
   */
  unknownFields(fields: readonly { readonly no: number; readonly wireType: WireType; readonly data: Uint8Array }[]): this {
    for (const f of fields) this.tag(f.no, f.wireType).raw(f.data);
    return this;
  }

  /**
   * Write a precomputed tag value `(fieldNo << 3 | wireType) >>> 0` (or any
   * valid uint32) as a varint, without validation. For codecs' hot paths.
   * @internal
   */
  rawTag(tag: number): this {
    let pos = this.pos;
    if (pos + 5 > this.buf.length) this.grow(5);
    const buf = this.buf;
    if (tag < 0x80) {
      buf[pos] = tag;
      this.pos = pos + 1;
      return this;
    }
    if (tag < 0x4000) {
      buf[pos] = (tag & 0x7f) | 0x80;
      buf[pos + 1] = tag >>> 7;
      this.pos = pos + 2;
      return this;
    }
    while (tag > 0x7f) {
      buf[pos++] = (tag & 0x7f) | 0x80;
      tag >>>= 7;
    }
    buf[pos++] = tag;
    this.pos = pos;
    return this;
  }

  /** Write bytes as they are, without a length prefix. */
  raw(chunk: Uint8Array): this {
    const len = chunk.length;
    if (this.pos + len > this.buf.length) this.grow(len);
    this.buf.set(chunk, this.pos);
    this.pos += len;
    return this;
  }

  /**
   * Write a uint32 varint. Takes numbers and numeric strings (as protobuf-es does); throws
   * BinaryEncodeError unless the value is integral and 0 <= value <= 2^32-1.
   */
  uint32(value: number): this {
    if (typeof value !== "number" || value >>> 0 !== value) value = int32Input(value, true);
    return this.rawTag(value);
  }

  /**
   * Write an int32 varint; negative values take 10 bytes (sign-extended).
   * Takes numbers and numeric strings; throws BinaryEncodeError unless the value is an integral int32.
   */
  int32(value: number): this {
    if (typeof value !== "number" || (value | 0) !== value) value = int32Input(value, false);
    if (value >= 0) return this.rawTag(value);
    if (this.pos + 10 > this.buf.length) this.grow(10);
    this.pos = writeVarint64(this.buf, this.pos, value >>> 0, 0xffffffff);
    return this;
  }

  /** Write a sint32 (zigzag) varint. */
  sint32(value: number): this {
    if (typeof value !== "number" || (value | 0) !== value) value = int32Input(value, false);
    return this.rawTag(((value << 1) ^ (value >> 31)) >>> 0);
  }

  /** Write a bool as a one-byte varint. */
  bool(value: boolean): this {
    return this.rawTag(value ? 1 : 0);
  }

  /** Write a length-prefixed byte array. */
  bytes(value: Uint8Array): this {
    if (!(value instanceof Uint8Array)) {
      throw new BinaryEncodeError(`invalid bytes: expected Uint8Array, got ${value === null ? "null" : typeof value}`);
    }
    return this.rawTag(value.length).raw(value);
  }

  /** Write a length-prefixed UTF-8 string; lone surrogates become U+FFFD. */
  string(value: string): this {
    if (this.encodeUtf8 !== undefined) return this.bytes(this.encodeUtf8(value));
    if (typeof value !== "string") value = String(value);
    const n = value.length;
    if (n < ENCODE_INTO_MIN_LENGTH) {
      // At most 3n < 128 bytes: the length prefix is one byte in any case.
      // Reserve for ASCII first; make room for 3 bytes per unit only if needed.
      const at = this.pos;
      if (at + 1 + n > this.buf.length) this.grow(1 + n);
      let buf = this.buf;
      let pos = at + 1;
      let i = 0;
      for (; i < n; i++) {
        const c = value.charCodeAt(i);
        if (c >= 0x80) break;
        buf[pos++] = c;
      }
      if (i < n) {
        const more = 3 * (n - i);
        if (pos + more > buf.length) {
          this.pos = pos; // keep the bytes written so far when growing
          this.grow(more);
          buf = this.buf;
        }
        pos = writeUtf8(value, i, buf, pos);
      }
      buf[at] = pos - at - 1;
      this.pos = pos;
      return this;
    }
    // Room for the largest prefix and 3 bytes per code unit. Near the end of the buffer, the
    // room left is tried first when it would hold ASCII: a buffer sized for the result (see
    // finish()) then does not grow for a worst case that rarely happens.
    if (this.pos + 5 + 3 * n > this.buf.length) {
      if (textEncoder !== undefined && this.pos + 5 + n <= this.buf.length && this.stringIntoRest(value, textEncoder)) return this;
      this.grow(5 + 3 * n);
    }
    const buf = this.buf;
    const at = this.pos;
    // Optimistic: reserve a prefix sized for n bytes (exact for ASCII).
    const reserved = varintSize32(n);
    const start = at + reserved;
    let pos = start;
    if (utf8Write !== undefined) {
      pos += utf8Write.call(buf, value, start, 3 * n);
    } else if (textEncoder !== undefined) {
      pos += textEncoder.encodeInto(value, buf.subarray(start, start + 3 * n)).written;
    } else {
      // No encoder in this runtime.
      pos = writeUtf8(value, 0, buf, pos);
    }
    this.pos = prefixString(buf, at, reserved, pos);
    return this;
  }

  /**
   * Writes a length-prefixed string into the room left in the buffer, if it fits (leaving
   * room for the largest prefix); false, with nothing written, if it does not.
   */
  private stringIntoRest(value: string, encoder: EncodeInto): boolean {
    const buf = this.buf;
    const at = this.pos;
    const reserved = varintSize32(value.length);
    const start = at + reserved;
    const r = encoder.encodeInto(value, buf.subarray(start, buf.length - (5 - reserved)));
    if (r.read < value.length) return false;
    this.pos = prefixString(buf, at, reserved, start + r.written);
    return true;
  }

  /**
   * Write a float (fixed 4 bytes). NaN and ±Infinity are allowed; finite
   * values beyond the float32 range throw BinaryEncodeError.
   */
  float(value: number): this {
    if (typeof value !== "number" || ((value > FLOAT32_MAX || value < FLOAT32_MIN) && value - value === 0)) value = float32Input(value);
    this.fixed(4).setFloat32(this.pos - 4, value, true);
    return this;
  }

  /** Write a double (fixed 8 bytes). */
  double(value: number): this {
    this.fixed(8).setFloat64(this.pos - 8, value, true);
    return this;
  }

  /** Write a fixed32 (4 bytes little-endian unsigned). */
  fixed32(value: number): this {
    if (typeof value !== "number" || value >>> 0 !== value) value = int32Input(value, true);
    this.fixed(4).setUint32(this.pos - 4, value, true);
    return this;
  }

  /** Write an sfixed32 (4 bytes little-endian signed). */
  sfixed32(value: number): this {
    if (typeof value !== "number" || (value | 0) !== value) value = int32Input(value, false);
    this.fixed(4).setInt32(this.pos - 4, value, true);
    return this;
  }

  /** Write 8 bytes little-endian from `halves`. */
  private fixedHalves(): this {
    const view = this.fixed(8);
    const pos = this.pos - 8;
    view.setUint32(pos, halves.lo, true);
    view.setUint32(pos + 4, halves.hi, true);
    return this;
  }

  /** Makes room for `n` bytes (a fixed-width value) and moves past them; returns the DataView to write them with, at pos - n. */
  private fixed(n: number): DataView {
    if (this.pos + n > this.buf.length) this.grow(n);
    this.pos += n;
    return this.dataView();
  }

  /** Write a fixed64 (8 bytes, unsigned). Accepts bigint, integral number or decimal string. */
  fixed64(value: Int64Input): this {
    splitInt64(value, true);
    return this.fixedHalves();
  }

  /** Write an sfixed64 (8 bytes, signed). Accepts bigint, integral number or decimal string. */
  sfixed64(value: Int64Input): this {
    splitInt64(value, false);
    return this.fixedHalves();
  }

  /** Write the varint of `halves`. */
  private varintHalves(): this {
    if (this.pos + 10 > this.buf.length) this.grow(10);
    this.pos = writeVarint64(this.buf, this.pos, halves.lo, halves.hi);
    return this;
  }

  /** Write an int64 varint. Accepts bigint, integral number or decimal string. */
  int64(value: Int64Input): this {
    splitInt64(value, false);
    return this.varintHalves();
  }

  /** Write a uint64 varint. Accepts bigint, integral number or decimal string. */
  uint64(value: Int64Input): this {
    splitInt64(value, true);
    return this.varintHalves();
  }

  /** Write a sint64 (zigzag) varint. Accepts bigint, integral number or decimal string. */
  sint64(value: Int64Input): this {
    splitInt64(value, false);
    zigzagEncodeHalves();
    return this.varintHalves();
  }
}
