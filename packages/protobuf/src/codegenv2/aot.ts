/**
 * Ahead-of-time binary codecs: what code generated with the plugin option `aot=true` imports.
 * The generator writes, for every message type of a file, an encoder and a decoder specialized
 * to the type (every property access a literal, every tag a `case`), and attaches them to the
 * type's descriptor with `aotBinary()`; toBinary(), fromBinary() and mergeFromBinary() then use
 * them in place of the closures compiled from the descriptor (binary/encoder.ts, decoder.ts).
 */
import type { DescMessage } from "../descriptors/types.js";
import { aotBinaryKey } from "../model/type-record.js";
import type { AotEncoder } from "../binary/aot-encode.js";
import type { AotDecoder } from "../binary/aot-decode.js";

export { aotOtherTag, aotPackedEnd, aotDecodeError, aotMissingEndGroup, aotUnknownEnum, aotReadMessage, aotField } from "../binary/aot-decode.js";
export type { AotDecoder } from "../binary/aot-decode.js";
export { aotWriteMessage, aotWriteGroup, aotFieldEncoder, aotOneofEncoder, aotEncodeError, aotFail, aotUnknown } from "../binary/aot-encode.js";
export type { AotEncoder } from "../binary/aot-encode.js";

/**
 * Attaches ahead-of-time binary codecs to a message type and returns its descriptor. Called
 * by generated code right after `messageDesc()`, before the type is used.
 */
export function aotBinary<T extends DescMessage>(desc: T, encode: AotEncoder, decode: AotDecoder): T {
  Object.defineProperty(desc, aotBinaryKey, { value: { encode, decode }, enumerable: false });
  return desc;
}
