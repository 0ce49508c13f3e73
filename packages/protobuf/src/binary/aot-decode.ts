/**
 * What the ahead-of-time binary decoders in generated code (plugin option `aot=true`) call at
 * run time: the rare paths of the decode loop (end-group tags, illegal tags, unknown fields),
 * sub-messages, unknown values of closed enums, errors, and the compiled decoders of fields
 * that the generated code leaves to the closure path. Each does exactly what the compiled
 * decoder (decoder.ts) does in the same place, so that both decode alike.
 */
import type { DescMessage } from "../descriptors/types.js";
import type { BinaryReader } from "../wire/binary-reader.js";
import { BinaryWriter } from "../wire/binary-writer.js";
import { BinaryDecodeError, missingEndGroup, unexpectedEndGroup } from "../wire/errors.js";
import { WireType } from "../wire/wire-type.js";
import type { Message } from "../types.js";
import { typeRecord } from "../model/type-record.js";
import { writableForm } from "../model/view-protocol.js";
import { zeroMessageFactory, type ZeroMessageFactory } from "../model/zero-message.js";
import { checkDepth, fieldDecoder, messageDecoder, readSubMessage, type DecodeContext, type FieldDecoder, type MessageDecoder } from "./decoder.js";
import { aotSlot } from "./aot-slot.js";

/** The reader as ahead-of-time decoders see it: with the internal methods they call. */
export interface AotReader extends BinaryReader {
  /** Reads a string, throwing a BinaryDecodeError on invalid UTF-8. */
  stringStrict(): string;
  /** Reads 64-bit values as decimal strings (jstype = JS_STRING). */
  int64String(): string;
  uint64String(): string;
  sint64String(): string;
  fixed64String(): string;
  sfixed64String(): string;
  /** Skips the value of a field with the given wire type (its tag read). */
  skipValue(wireType: number, fieldNo?: number, recursionLimit?: number): void;
}

/** The decoder that generated code attaches to a message type (the shape of MessageDecoder). */
export type AotDecoder = (m: any, r: AotReader, end: number, group: number, depth: number, ctx: DecodeContext) => void;

/**
 * A tag the generated decoder has no case for: the end of the group being decoded (returns
 * true), an illegal tag (throws), or an unknown field, or a known field with another wire type
 * (skipped, and kept in `$unknown` unless the context says otherwise). `at` is the tag's offset;
 * `depth` the message's, which bounds how deep an unknown group may nest.
 */
export function aotOtherTag(m: Message, r: BinaryReader, tag: number, at: number, group: number, ctx: DecodeContext, depth: number): boolean {
  const no = tag >>> 3;
  const wt = tag & 7;
  if (wt === WireType.EndGroup) {
    if (no === group && group !== 0) return true;
    throw unexpectedEndGroup(no, at, group);
  }
  if (no === 0 || wt > 5) throw BinaryDecodeError.illegalTag(no, wt, at);
  const data = r.skip(wt, no, ctx.maxDepth - depth);
  if (ctx.readUnknown) {
    (m.$unknown ??= []).push({ no, wireType: wt, data });
    if (ctx.track !== undefined) ctx.track.unknown = true;
  }
  return false;
}

/** Reads the length of a packed run of values and returns where it ends (checked against the input). */
export function aotPackedEnd(r: BinaryReader): number {
  const len = r.uint32();
  const end = r.pos + len;
  if (end > r.len) throw BinaryDecodeError.prematureEnd(r.pos, len, r.len - r.pos);
  return end;
}

/** An error of a field of the type, annotated with the type and field number (innermost wins). */
export function aotDecodeError(e: unknown, typeName: string, no: number): unknown {
  if (!(e instanceof BinaryDecodeError)) return e;
  if (e.typeName === undefined && e.detail.includes(UNNAMED)) {
    const sub = aotTypes.get(typeName)?.fields.find((f) => f.number === no)?.message;
    e = new BinaryDecodeError(e.detail.replace(UNNAMED, sub?.typeName ?? "?"), e.offset);
  }
  return (e as BinaryDecodeError).withField(typeName, no);
}

/** The error for a group whose end-group tag is missing. */
export function aotMissingEndGroup(group: number, typeName: string, r: BinaryReader): BinaryDecodeError {
  return missingEndGroup(group, typeName, r.pos);
}

/** An unknown value of a closed enum: kept in the unknown fields as a varint. */
export function aotUnknownEnum(m: Message, no: number, value: number, ctx: DecodeContext): void {
  if (ctx.readUnknown) {
    (m.$unknown ??= []).push({ no, wireType: WireType.Varint, data: new BinaryWriter().int32(value).finish() });
  }
}

/**
 * Decodes a sub-message of type `desc` (length-delimited, or a group with wire type
 * StartGroup) into `current` — merged into it (into the fields of a lazy view, which stays) —
 * or into a new message if `current` is undefined; returns the message to store.
 */
export function aotReadMessage(
  desc: DescMessage,
  current: unknown,
  r: BinaryReader,
  wt: number,
  no: number,
  depth: number,
  ctx: DecodeContext,
): Message {
  const rec = typeRecord(desc);
  const dec = (rec.decoder as MessageDecoder | undefined) ?? messageDecoder(desc);
  if (current === undefined) {
    const sub = ((rec.zero as ZeroMessageFactory | undefined) ?? zeroMessageFactory(desc))();
    readSubMessage(dec, sub, r, wt, no, depth, ctx);
    return sub;
  }
  // Merging into a lazy view: it stays in place, its fields merged into through the ordinary
  // message that holds them (as the compiled decoder does).
  readSubMessage(dec, writableForm(rec, current as Message), r, wt, no, depth, ctx);
  return current as Message;
}

/**
 * Enters a length-delimited sub-message at nesting `depth`: checks the depth limit, reads the
 * length and returns where the sub-message ends (checked against the input). The caller bounds
 * the reader to it (`r.len = end`) while it decodes the sub-message.
 */
export function aotEnter(r: BinaryReader, depth: number, ctx: DecodeContext): number {
  checkDepth(depth, ctx.maxDepth, r.pos, UNNAMED);
  const len = r.uint32();
  const end = r.pos + len;
  if (end > r.len) {
    throw BinaryDecodeError.prematureEnd(r.pos, len, r.len - r.pos);
  }
  return end;
}

/** Enters a group at nesting `depth`: checks the depth limit (the group ends at its end-group tag). */
export function aotEnterGroup(r: BinaryReader, depth: number, ctx: DecodeContext): void {
  checkDepth(depth, ctx.maxDepth, r.pos, UNNAMED);
}

/**
 * Stands for the type of the sub-message in the error of aotEnter(): generated code does not
 * pass it; aotDecodeError() puts it in from the field.
 */
const UNNAMED = "\0";

/** Message types with ahead-of-time decoders, by name: for the sub-message types of depth errors. */
const aotTypes = new Map<string, DescMessage>();

/** Notes a message type with an ahead-of-time decoder (see aotBinary()). @internal */
export function noteAotType(desc: DescMessage): void {
  aotTypes.set(desc.typeName, desc);
}

/**
 * A map entry (its length at `start`, its end at `end`) whose value is unknown to a closed
 * enum: kept whole in the unknown fields.
 */
export function aotUnknownEntry(m: Message, no: number, r: BinaryReader, start: number, end: number, ctx: DecodeContext): void {
  if (ctx.readUnknown) {
    (m.$unknown ??= []).push({ no, wireType: WireType.LengthDelimited, data: r.buf.subarray(start, end) });
    if (ctx.track !== undefined) ctx.track.unknown = true;
  }
}

export { setOwnProperty as aotSetEntry } from "../model/map-key.js";
export { setIndexKeyEntry as aotSetIndexEntry } from "./index-keys.js";
export { zeroPrototype as aotZeroPrototype } from "../model/zero-message.js";

/**
 * The zero value of bytes fields in the zero messages and map entries of generated code: one
 * empty array shared by all of them, as the runtime's zero message factory shares one per
 * field (an empty Uint8Array has no content to change; allocating one per message is costly).
 */
export const aotEmptyBytes: Uint8Array = new Uint8Array(0);

/**
 * The decoder of a message type (its ahead-of-time one, or the compiled one). Generated code
 * calls what this returns at its own call site, so that each call site sees one decoder.
 */
export function aotDecoderOf(desc: DescMessage): MessageDecoder {
  return (typeRecord(desc).decoder as MessageDecoder | undefined) ?? messageDecoder(desc);
}

/** The zero message factory of a message type (for generated code to call, as aotDecoderOf()). */
export function aotZeroOf(desc: DescMessage): ZeroMessageFactory {
  return (typeRecord(desc).zero as ZeroMessageFactory | undefined) ?? zeroMessageFactory(desc);
}

/**
 * The message to merge into for a sub-message `v`: `v` itself, or, for a lazy view, the
 * ordinary message that holds its fields (the view stays in its field and reads it).
 */
export function aotMutable(desc: DescMessage, v: Message): Message {
  return writableForm(typeRecord(desc), v);
}

/**
 * The compiled decoder of the field at `index` (in declaration order) of the type, for the
 * fields whose decoding the generated code leaves to the closure path.
 */
export function aotField(desc: DescMessage, index: number): FieldDecoder {
  const slot = aotSlot(desc);
  return (slot.fieldDecoders[index] ??= fieldDecoder(desc.fields[index]));
}
