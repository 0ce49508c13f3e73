/**
 * What the ahead-of-time binary encoders in generated code (plugin option `aot=true`) call at
 * run time: sub-messages (which may be lazy views), unknown fields, errors, and the compiled
 * encoders of fields that the generated code leaves to the closure path. Each does what the
 * compiled encoder (encoder.ts) does in the same place, so that both encode alike.
 */
import type { DescMessage } from "../descriptors/types.js";
import { BinaryWriter } from "../wire/binary-writer.js";
import { WireType } from "../wire/wire-type.js";
import { typeRecord } from "../model/type-record.js";
import { buildMessageEncoder, fieldEncoder, messageEncoder, oneofEncoder, type FieldEncoder, type MessageEncoder } from "./encoder.js";
import { aotSlot } from "./aot-slot.js";

export { writeUnknownFields as aotUnknown } from "./encoder.js";

/** The writer as ahead-of-time encoders see it: with the internal methods they call. */
export interface AotWriter extends BinaryWriter {
  /** Writes a precomputed tag `(no << 3 | wireType) >>> 0`. */
  rawTag(tag: number): this;
}

/** The encoder that generated code attaches to a message type (the shape of MessageEncoder). */
export type AotEncoder = (m: any, w: AotWriter, writeUnknown: boolean) => void;

/**
 * Writes a message of type `desc` as the length-delimited value of field `no`: a lazy view by
 * copying its original bytes where they stand for it, any other message with the type's encoder.
 */
export function aotWriteMessage(desc: DescMessage, v: any, w: BinaryWriter, no: number, writeUnknown: boolean): void {
  const rec = typeRecord(desc);
  const views = rec.views;
  if (views !== undefined && (v = views.writeField(v, w, no, false, writeUnknown)) === undefined) return;
  const enc = (rec.encoder as MessageEncoder | undefined) ?? messageEncoder(desc);
  w.rawTag(((no << 3) | WireType.LengthDelimited) >>> 0).fork();
  enc(v, w, writeUnknown);
  w.join();
}

/** Like aotWriteMessage(), delimited: between a start-group and an end-group tag. */
export function aotWriteGroup(desc: DescMessage, v: any, w: BinaryWriter, no: number, writeUnknown: boolean): void {
  const rec = typeRecord(desc);
  const views = rec.views;
  if (views !== undefined && (v = views.writeField(v, w, no, true, writeUnknown)) === undefined) return;
  const enc = (rec.encoder as MessageEncoder | undefined) ?? messageEncoder(desc);
  w.tag(no, WireType.StartGroup);
  enc(v, w, writeUnknown);
  w.tag(no, WireType.EndGroup);
}

/** The compiled encoder of the field at `index` (declaration order; not a oneof member). */
export function aotFieldEncoder(desc: DescMessage, index: number): FieldEncoder {
  const slot = aotSlot(desc);
  return (slot.fieldEncoders[index] ??= fieldEncoder(desc.fields[index]));
}

/**
 * The compiled encoder of the oneof at `index` (declaration order); with `member` (a field
 * index), of that member only, for a oneof whose members are not consecutive by number.
 */
export function aotOneofEncoder(desc: DescMessage, index: number, member?: number): FieldEncoder {
  const oneof = desc.oneofs[index];
  const slot = aotSlot(desc);
  if (member !== undefined) {
    // Members have no field encoder of their own: the slot holds this one.
    return (slot.fieldEncoders[member] ??= oneofEncoder(oneof.localName, oneof.fields, desc.fields[member].localName));
  }
  return (slot.oneofEncoders[index] ??= oneofEncoder(oneof.localName, oneof.fields));
}

/**
 * The error to throw for a failed ahead-of-time encode of `m`: the error the compiled encoder
 * throws for the same message (it names the field, as protobuf-es does), or `e` if it throws
 * none. Generated code throws something as soon as a value cannot be written (a required
 * field that is not set, a oneof case that does not exist) and leaves the wording to this.
 */
export function aotEncodeError(desc: DescMessage, m: unknown, writeUnknown: boolean, e: unknown): unknown {
  const slot = aotSlot(desc);
  const closure = (slot.closureEncoder ??= buildMessageEncoder(desc));
  try {
    closure(m, new BinaryWriter(), writeUnknown);
  } catch (err) {
    return err;
  }
  return e;
}

/** Throws: generated code calls this where a value cannot be written (see aotEncodeError()). */
export function aotFail(): never {
  throw new Error("cannot encode");
}
