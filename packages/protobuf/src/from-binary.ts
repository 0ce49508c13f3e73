/**
 * `fromBinary()` and `mergeFromBinary()`: parse the protobuf binary format.
 */
import type { DescMessage } from "./descriptors/types.js";
import type { MessageShape } from "./types.js";
import { BinaryReader } from "./wire/binary-reader.js";
import { messageDecoder, type DecodeContext } from "./codecs/binary-decoder.js";
import { zeroMessageFactory } from "./codecs/zero-message.js";

/** Options for `fromBinary()` and `mergeFromBinary()`. */
export interface BinaryReadOptions {
  /** Keep unknown fields in `$unknown`, so that they are written back. Default true. */
  readUnknownFields: boolean;
  /** Maximum nesting depth of messages and groups. Default 100, as in Google's runtimes. */
  maxDepth: number;
}

const defaultContext: DecodeContext = { readUnknown: true, maxDepth: 100 };

function contextOf(options: Partial<BinaryReadOptions> | undefined): DecodeContext {
  if (options === undefined) return defaultContext;
  return {
    readUnknown: options.readUnknownFields ?? true,
    maxDepth: options.maxDepth ?? 100,
  };
}

/**
 * Parses a message from the protobuf binary format. Throws a BinaryDecodeError that names
 * the field and byte offset on malformed input. Bytes fields of the result are views into
 * `bytes` (no copies).
 */
export function fromBinary<Desc extends DescMessage>(
  schema: Desc,
  bytes: Uint8Array,
  options?: Partial<BinaryReadOptions>,
): MessageShape<Desc> {
  const msg = zeroMessageFactory(schema)();
  const r = new BinaryReader(bytes);
  messageDecoder(schema)(msg, r, r.len, 0, 0, contextOf(options));
  return msg as unknown as MessageShape<Desc>;
}

/**
 * Parses the protobuf binary format into an existing message: scalar fields are replaced,
 * repeated fields appended to, and message fields merged, as protobuf merges.
 */
export function mergeFromBinary<Desc extends DescMessage>(
  schema: Desc,
  target: MessageShape<Desc>,
  bytes: Uint8Array,
  options?: Partial<BinaryReadOptions>,
): MessageShape<Desc> {
  const r = new BinaryReader(bytes);
  messageDecoder(schema)(target, r, r.len, 0, 0, contextOf(options));
  return target;
}
