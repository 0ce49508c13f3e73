/**
 * Ahead-of-time binary codecs: what code generated with the plugin option `aot=true` imports.
 *
 * The generator writes, for every message type of a file, an encoder, a decoder and a
 * constructor of zero messages specialized to the type (every property access a literal, every
 * tag a `case`), and attaches them to the type's descriptor with `aotBinary()`. toBinary(),
 * fromBinary() and mergeFromBinary() then use them in place of the closures compiled from the
 * descriptor (binary/encoder.ts, decoder.ts).
 *
 * Generated code writes scalars itself and leaves every rule to the runtime: the parts of a
 * field it does not write out (lazy views, map entries, closed enums, unboxed wrappers, fields
 * of other files' types) go through the field's coder in the type's record (`aotField()`).
 * The contract between the two is this module and aot-json.ts: `aotBinary`, `aotField`,
 * `aotEnter`, `aotOther`, `aotDecodeError`, `aotEncodeError`, `aotJson`, `aotJsonString`,
 * `aotJsonOther`, the types they name, and the methods of AotReader, AotWriter,
 * AotJsonScanner and AotJsonFieldCoder. Its version is `AOT_CONTRACT`; code generated for another
 * version fails when it is loaded, with an error that says to regenerate it.
 */
import type { DescMessage } from "../descriptors/types.js";
import { ProtobufError } from "../wire/errors.js";
import type { Message } from "../types.js";
import { aotBinaryKey } from "../model/type-record.js";
import { zeroPrototype } from "../model/zero-message.js";
import type { AotEncoder } from "../binary/aot-encode.js";
import type { AotDecoder } from "../binary/aot-decode.js";
import { fieldCoder, type FieldCoder } from "../binary/field-coder.js";

export { aotEnter, aotOther, aotDecodeError } from "../binary/aot-decode.js";
export type { AotDecoder, AotReader } from "../binary/aot-decode.js";
export type { DecodeContext as AotDecodeContext } from "../binary/decoder.js";
export { aotEncodeError } from "../binary/aot-encode.js";
export type { AotEncoder, AotWriter } from "../binary/aot-encode.js";
export type { FieldCoder as AotFieldCoder } from "../binary/field-coder.js";

/**
 * The version of the contract between generated ahead-of-time code and this runtime. It
 * changes whenever a helper of the contract changes what it takes or does.
 */
export const AOT_CONTRACT = 5;

/** Throws unless `contract`, the version generated code was written for, is AOT_CONTRACT. */
export function checkContract(desc: DescMessage, contract: number): void {
  if (contract !== AOT_CONTRACT) {
    throw new ProtobufError(
      `cannot use the code generated for ${desc.typeName}: it was generated with aot=true for contract ${String(contract)}, ` +
        `but this @pbjet/protobuf implements contract ${AOT_CONTRACT}; generate it again with the matching @pbjet/protoc-gen-es`,
    );
  }
}

/**
 * Attaches ahead-of-time binary codecs to a message type and returns its descriptor. Called
 * by generated code with `messageDesc()`, before the type is used. `contract` is the version
 * of the contract the code was generated for (a mismatch throws). `ctor`, where given, is the
 * constructor of the type's zero messages (a message with every field at its zero value, as
 * model/zero-message.ts creates one); its prototype is set here.
 */
export function aotBinary<T extends DescMessage>(
  desc: T,
  contract: number,
  encode: AotEncoder,
  decode: AotDecoder,
  ctor?: { prototype: unknown },
): T {
  checkContract(desc, contract);
  let zero: (() => Message) | undefined;
  if (ctor !== undefined) {
    // Object.prototype, or the object with the defaults of fields with explicit presence.
    ctor.prototype = zeroPrototype(desc);
    const Ctor = ctor as new () => Message;
    zero = () => new Ctor();
  }
  Object.defineProperty(desc, aotBinaryKey, { value: { encoder: encode, decoder: decode, zero }, enumerable: false });
  return desc;
}

/** The binary coder of the field at `index` (declaration order) of a message type, from its record. */
export function aotField(desc: DescMessage, index: number): FieldCoder {
  return fieldCoder(desc, index);
}
