/**
 * Ahead-of-time binary codecs: what code generated with the plugin option `aot=true` imports.
 * The generator writes, for every message type of a file, an encoder and a decoder specialized
 * to the type (every property access a literal, every tag a `case`), and attaches them to the
 * type's descriptor with `aotBinary()`; toBinary(), fromBinary() and mergeFromBinary() then use
 * them in place of the closures compiled from the descriptor (binary/encoder.ts, decoder.ts).
 */
import type { DescMessage } from "../descriptors/types.js";
import type { Message } from "../types.js";
import { aotBinaryKey } from "../model/type-record.js";
import type { AotEncoder } from "../binary/aot-encode.js";
import { noteAotType, type AotDecoder } from "../binary/aot-decode.js";

export {
  aotOtherTag,
  aotPackedEnd,
  aotEnter,
  aotEnterGroup,
  aotUnknownEntry,
  aotSetEntry,
  aotSetIndexEntry,
  aotEmptyBytes,
  aotZeroPrototype,
  aotDecoderOf,
  aotZeroOf,
  aotMutable,
  aotDecodeError,
  aotMissingEndGroup,
  aotUnknownEnum,
  aotReadMessage,
  aotField,
} from "../binary/aot-decode.js";
export type { AotDecoder, AotReader } from "../binary/aot-decode.js";
export type { DecodeContext as AotDecodeContext } from "../binary/decoder.js";
export { aotWriteMessage, aotWriteGroup, aotFieldEncoder, aotOneofEncoder, aotEncodeError, aotFail, aotUnknown } from "../binary/aot-encode.js";
export type { AotEncoder, AotWriter } from "../binary/aot-encode.js";

/**
 * Attaches ahead-of-time binary codecs to a message type and returns its descriptor. Called
 * by generated code right after `messageDesc()`, before the type is used. `zero`, where given,
 * creates a message with every field at its zero value (as model/zero-message.ts does; only
 * for types whose defaults need no prototype).
 */
export function aotBinary<T extends DescMessage>(desc: T, encode: AotEncoder, decode: AotDecoder, zero?: () => Message): T {
  Object.defineProperty(desc, aotBinaryKey, { value: { encode, decode, zero }, enumerable: false });
  noteAotType(desc);
  return desc;
}
