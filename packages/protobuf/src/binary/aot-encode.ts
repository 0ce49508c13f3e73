/**
 * What the ahead-of-time binary encoders in generated code (plugin option `aot=true`) call at
 * run time, besides the coders of the type record (field-coder.ts): the wording of errors.
 */
import type { DescMessage } from "../descriptors/types.js";
import { BinaryWriter } from "../wire/binary-writer.js";
import { buildMessageEncoder, type MessageEncoder } from "./encoder.js";

/** The writer as ahead-of-time encoders see it: with the internal methods they call. */
export interface AotWriter extends BinaryWriter {
  /** Writes a precomputed tag `(no << 3 | wireType) >>> 0`. */
  rawTag(tag: number): this;
  /** Writes fields back as they were read (a message's `$unknown`). */
  unknownFields(fields: readonly { readonly no: number; readonly wireType: number; readonly data: Uint8Array }[]): this;
}

/** The encoder that generated code attaches to a message type (the shape of MessageEncoder). */
export type AotEncoder = (m: any, w: AotWriter, writeUnknown: boolean) => void;

/**
 * The error to throw for a failed ahead-of-time encode of `m`: the error the compiled encoder
 * throws for the same message (it names the field, as protobuf-es does), or `e` if it throws
 * none. Generated code throws as soon as a value cannot be written and leaves the wording to
 * this.
 */
export function aotEncodeError(desc: DescMessage, m: unknown, writeUnknown: boolean, e: unknown): unknown {
  const closure = closureEncoders.get(desc) ?? buildMessageEncoder(desc);
  closureEncoders.set(desc, closure);
  try {
    closure(m, new BinaryWriter(), writeUnknown);
  } catch (err) {
    return err;
  }
  return e;
}

/** The compiled encoders of types with ahead-of-time ones (only for the wording of errors). */
const closureEncoders = new WeakMap<DescMessage, MessageEncoder>();
