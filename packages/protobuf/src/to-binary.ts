/**
 * `toBinary()`: serialize a message to the protobuf binary format.
 */
import type { DescMessage } from "./descriptors/types.js";
import type { MessageShape } from "./types.js";
import { encodeMessage } from "./binary/encode.js";

/** Options for `toBinary()`. */
export interface BinaryWriteOptions {
  /** Write the unknown fields a message was decoded with (and extensions). Default true. */
  writeUnknownFields: boolean;
  /**
   * Return a view into a buffer that other results of `toBinary()` share, as Node.js's
   * `Buffer.allocUnsafe()` does for small buffers: no buffer of its own per call, so messages
   * of a few hundred bytes encode two to four times as fast (Node.js 20). The bytes are the
   * result's alone and are never overwritten, but its `.buffer` holds other results' bytes:
   * never send, store or transfer `.buffer` (use the Uint8Array, or `slice()` it). A result
   * pins its buffer (8 KiB) while it lives. Not an option of protobuf-es. Default false.
   */
  pooled?: boolean;
}

/**
 * Serializes a message to the protobuf binary format. A lazy view is written by copying its
 * original bytes (unless they hold unknown fields that are not to be written).
 */
export function toBinary<Desc extends DescMessage>(
  schema: Desc,
  message: MessageShape<Desc>,
  options?: Partial<BinaryWriteOptions>,
): Uint8Array<ArrayBuffer> {
  return encodeMessage(schema, message, options?.writeUnknownFields ?? true, options?.pooled);
}
