/**
 * Decoding a whole message from bytes, for the layers below the public `fromBinary()`.
 */
import type { DescMessage } from "../descriptors/types.js";
import { BinaryReader } from "../wire/binary-reader.js";
import type { Message } from "../types.js";
import { zeroMessageFactory } from "../model/zero-message.js";
import { messageDecoder, type DecodeContext } from "./decoder.js";

const defaultContext: DecodeContext = { readUnknown: true, maxDepth: 99 }; // protobuf-es's default recursion limit, 100

/** Parses a message (eagerly; fields with the `[lazy]` options too, unless `ctx` makes views). */
export function decodeMessage(desc: DescMessage, bytes: Uint8Array, ctx: DecodeContext = defaultContext): Message {
  const msg = zeroMessageFactory(desc)();
  const r = new BinaryReader(bytes);
  messageDecoder(desc)(msg, r, r.len, 0, 0, ctx);
  return msg;
}
