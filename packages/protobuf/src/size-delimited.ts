/**
 * Size-delimited message streams: each message is preceded by its size as a varint, the
 * format of C++'s, Java's and Go's delimited readers and writers, and of protobuf-es.
 */
import type { DescMessage } from "./descriptors/types.js";
import type { MessageShape } from "./types.js";
import { BinaryWriter } from "./wire/binary-writer.js";
import { BinaryDecodeError } from "./wire/errors.js";
import { fromBinary, type BinaryReadOptions } from "./from-binary.js";
import type { BinaryWriteOptions } from "./to-binary.js";
import { writeMessage } from "./binary/encoder.js";

/** Options for `sizeDelimitedDecodeStream()`: the binary read options, and a size limit. */
export interface SizeDelimitedDecodeOptions extends BinaryReadOptions {
  /**
   * The largest message accepted, in bytes. A larger size prefix raises an error as soon as
   * it is read, before the message is buffered. Default 64 MiB, as in protobuf-es.
   */
  readMaxBytes: number;
  /** Former name of `readMaxBytes`, which takes precedence if both are given. */
  maxMessageSize?: number;
}

/** Former name of `SizeDelimitedDecodeOptions`. */
export type SizeDelimitedReadOptions = SizeDelimitedDecodeOptions;

/** Default of `readMaxBytes`: 64 MiB. */
const defaultReadMaxBytes = 64 * 1024 * 1024;

/** A size prefix is a varint of at most 10 bytes (longer ones carry bits above 64). */
const maxPrefixBytes = 10;

/** Serializes a message with its size as a varint prefix. */
export function sizeDelimitedEncode<Desc extends DescMessage>(
  schema: Desc,
  message: MessageShape<Desc>,
  options?: Partial<BinaryWriteOptions>,
): Uint8Array {
  const w = new BinaryWriter().fork();
  writeMessage(schema, message, w, options?.writeUnknownFields ?? true);
  return w.join().finish();
}

type Peek =
  | { readonly eof: false; readonly size: number; readonly offset: number }
  | { readonly eof: true; readonly size: null; readonly offset: null };

const peekEof: Peek = { eof: true, size: null, offset: null };

/**
 * Reads the size prefix at the start of `data`, which may hold an incomplete size-delimited
 * message. Returns the message size and the offset of the message after the prefix, or
 * `eof: true` (size and offset null) if `data` does not hold a complete prefix. As in
 * protobuf-es (and C++, Java), the prefix is a varint of up to 10 bytes, truncated to its low
 * 32 bits. Throws a BinaryDecodeError ("invalid varint") if 10 bytes do not end the prefix.
 */
export function sizeDelimitedPeek(data: Uint8Array): Peek {
  return peekAt(data, 0);
}

/** sizeDelimitedPeek() of a prefix at offset `streamOffset` of a stream, for errors. */
function peekAt(data: Uint8Array, streamOffset: number): Peek {
  let size = 0;
  for (let i = 0; i < maxPrefixBytes; i++) {
    if (i >= data.length) return peekEof;
    const b = data[i];
    // `<<` works on 32 bits: higher bits fall off (bytes 6 to 10 only carry such bits).
    if (i < 5) size |= (b & 0x7f) << (7 * i);
    if (b < 0x80) return { eof: false, size: size >>> 0, offset: i + 1 };
  }
  throw new BinaryDecodeError(`invalid varint: the size prefix at offset ${streamOffset} is longer than ${maxPrefixBytes} bytes`, streamOffset);
}

/**
 * Parses a stream of size-delimited messages, yielding each message as soon as its bytes
 * have arrived. Options other than the size limit are passed to `fromBinary()`.
 *
 * Throws a BinaryDecodeError if a size prefix is invalid, if a message is larger than
 * `readMaxBytes` (before buffering it), or if the stream ends inside a prefix or a message.
 *
 * Each message is decoded from bytes of its own (copied once from the chunks), so lazy views
 * and bytes fields never alias the chunks: the source may reuse its buffers.
 */
export async function* sizeDelimitedDecodeStream<Desc extends DescMessage>(
  schema: Desc,
  iterable: AsyncIterable<Uint8Array>,
  options?: Partial<SizeDelimitedDecodeOptions>,
): AsyncIterableIterator<MessageShape<Desc>> {
  const maxBytes = options?.readMaxBytes ?? options?.maxMessageSize ?? defaultReadMaxBytes;
  const prefix = new Uint8Array(maxPrefixBytes);
  let prefixLength = 0;
  let streamOffset = 0; // of the current message's size prefix
  // The current message once its prefix is read: its size, and copies of its bytes so far.
  let size = -1;
  let parts: Uint8Array[] = [];
  let received = 0;
  for await (const chunk of iterable) {
    let pos = 0;
    while (pos < chunk.length) {
      if (size < 0) {
        // Collect the prefix byte by byte (it is at most 10 bytes).
        prefix[prefixLength++] = chunk[pos++];
        const peek = peekAt(prefix.subarray(0, prefixLength), streamOffset);
        if (peek.eof) continue;
        if (peek.size > maxBytes) {
          throw new BinaryDecodeError(`message size ${peek.size} is larger than configured readMaxBytes ${maxBytes}`, streamOffset);
        }
        size = peek.size;
      }
      const n = Math.min(size - received, chunk.length - pos);
      if (n > 0) {
        parts.push(chunk.slice(pos, pos + n));
        pos += n;
        received += n;
      }
      if (received < size) break;
      const bytes = parts.length === 1 ? parts[0] : concat(parts, size);
      streamOffset += prefixLength + size;
      prefixLength = 0;
      size = -1;
      parts = [];
      received = 0;
      yield fromBinary(schema, bytes, options);
    }
  }
  if (size >= 0) {
    throw new BinaryDecodeError(
      `incomplete data: the stream ended inside the message at offset ${streamOffset} (${received} of ${size} bytes)`,
      streamOffset,
    );
  }
  if (prefixLength > 0) {
    throw new BinaryDecodeError(`incomplete data: the stream ended inside the size prefix at offset ${streamOffset}`, streamOffset);
  }
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
