/**
 * What the ahead-of-time binary decoders in generated code (plugin option `aot=true`) call at
 * run time, besides the coders of the type record (field-coder.ts): the entry into a
 * sub-message, the tags no case of theirs takes, and errors. Each does what the compiled
 * decoder (decoder.ts) does in the same place, so that both decode alike.
 */
import type { DescMessage } from "../descriptors/types.js";
import type { BinaryReader } from "../wire/binary-reader.js";
import { BinaryDecodeError, missingEndGroup } from "../wire/errors.js";
import type { Message } from "../types.js";
import { checkDepth, otherTag, type DecodeContext } from "./decoder.js";

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
  /** Reads a length prefix and returns where the value ends, checked against the input. */
  readEnd(): number;
  /** Reads a tag of more than one byte: at most 5 bytes, within 32 bits (no other check). */
  tagU32(): number;
  /** Reads a tag, rejecting field number 0 and wire types 6 and 7 too. */
  rawTag(): number;
}

/** The decoder that generated code attaches to a message type (the shape of MessageDecoder). */
export type AotDecoder = (m: any, r: AotReader, end: number, group: number, depth: number, ctx: DecodeContext) => void;

/**
 * A tag the generated decoder has no case for (see otherTag()): the end of the group being
 * decoded (returns true), an illegal tag (throws), or a field to skip and keep in the unknown
 * fields. Called with tag 0 at the end of the input of a group (`at` the end): throws, since
 * the group's end-group tag is missing.
 */
export function aotOther(m: Message, r: BinaryReader, tag: number, at: number, group: number, depth: number, ctx: DecodeContext): boolean {
  if (tag === 0 && group !== 0 && at >= r.len) throw missingEndGroup(group, m.$typeName, at);
  return otherTag(m, r, tag, at, group, depth, ctx);
}

/**
 * Enters a length-delimited sub-message below a message at nesting `depth`: checks the depth
 * limit, reads the length and returns where the sub-message ends (checked against the input).
 * The caller bounds the reader to it (`r.len = end`) while it decodes the sub-message.
 */
export function aotEnter(r: BinaryReader, depth: number, ctx: DecodeContext): number {
  checkDepth(depth, ctx.maxDepth, r.pos, UNNAMED);
  return r.readEnd();
}

/** An error of field `no` of the type, annotated with the type and field number (innermost wins). */
export function aotDecodeError(e: unknown, desc: DescMessage, no: number): unknown {
  if (!(e instanceof BinaryDecodeError)) return e;
  if (e.typeName === undefined && e.detail.includes(UNNAMED)) {
    // A depth error of aotEnter(): the type entered is the field's.
    const sub = desc.fields.find((f) => f.number === no)?.message;
    e = new BinaryDecodeError(e.detail.replace(UNNAMED, sub?.typeName ?? "?"), e.offset);
  }
  return (e as BinaryDecodeError).withField(desc.typeName, no);
}

/**
 * Stands for the type of the sub-message in the error of aotEnter(): generated code does not
 * pass it; aotDecodeError() puts it in from the field.
 */
const UNNAMED = "\0";
