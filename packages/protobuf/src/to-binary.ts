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
  return encodeMessage(schema, message, options?.writeUnknownFields ?? true);
}
