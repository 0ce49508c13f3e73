/**
 * Size-delimited message streams: each message is preceded by its size as a varint, the
 * format of C++'s, Java's and Go's delimited readers and writers.
 */
import type { DescMessage } from "./descriptors/types.js";
import type { MessageShape } from "./types.js";
import { BinaryWriter } from "./wire/binary-writer.js";
import { ProtobufError } from "./wire/errors.js";
import { fromBinary, type BinaryReadOptions } from "./from-binary.js";
import type { BinaryWriteOptions } from "./to-binary.js";
import { writeMessage } from "./binary/encoder.js";

/** Options for `sizeDelimitedDecodeStream()`. */
export interface SizeDelimitedReadOptions extends BinaryReadOptions {
  /** The largest message size accepted, in bytes. Default 2^31 - 1. */
  maxMessageSize: number;
}

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

/**
 * Reads the size prefix at the start of `data`. Returns the message size and the offset of
 * the message after the prefix, or `eof: true` if `data` does not hold a complete prefix.
 * Throws if the prefix is malformed.
 */
export function sizeDelimitedPeek(
  data: Uint8Array,
): { readonly eof: false; readonly size: number; readonly offset: number } | { readonly eof: true; readonly size: null; readonly offset: null } {
  let size = 0;
  for (let i = 0; i < 5; i++) {
    if (i >= data.length) return { eof: true, size: null, offset: null };
    const b = data[i];
    size += (b & 0x7f) * 2 ** (7 * i);
    if ((b & 0x80) === 0) return { eof: false, size, offset: i + 1 };
  }
  throw new ProtobufError("invalid size-delimited stream: size prefix longer than 5 bytes");
}

/**
 * Parses a stream of size-delimited messages, yielding each message as soon as its bytes
 * have arrived. Throws if the stream ends inside a message, or a message is larger than
 * `maxMessageSize`.
 */
export async function* sizeDelimitedDecodeStream<Desc extends DescMessage>(
  schema: Desc,
  iterable: AsyncIterable<Uint8Array>,
  options?: Partial<SizeDelimitedReadOptions>,
): AsyncIterableIterator<MessageShape<Desc>> {
  const maxSize = options?.maxMessageSize ?? 0x7fffffff;
  let buffer = new Uint8Array(0);
  const append = (chunk: Uint8Array): void => {
    const next = new Uint8Array(buffer.length + chunk.length);
    next.set(buffer);
    next.set(chunk, buffer.length);
    buffer = next;
  };
  for await (const chunk of iterable) {
    append(chunk);
    for (;;) {
      const peek = sizeDelimitedPeek(buffer);
      if (peek.eof) break;
      if (peek.size > maxSize) {
        throw new ProtobufError(`size-delimited message of ${peek.size} bytes exceeds the maximum of ${maxSize} bytes`);
      }
      if (peek.offset + peek.size > buffer.length) break;
      yield fromBinary(schema, buffer.subarray(peek.offset, peek.offset + peek.size), options);
      buffer = buffer.subarray(peek.offset + peek.size);
    }
  }
  if (buffer.length > 0) {
    throw new ProtobufError(`size-delimited stream ended inside a message (${buffer.length} bytes left over)`);
  }
}
