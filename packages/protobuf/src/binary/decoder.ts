/**
 * The binary decoder: one function per message type, compiled once from the descriptor into
 * a table of field decoders indexed by field number, and cached.
 */
import type { ListFieldObject } from "../descriptors/list-field.js";
import type { DescField, DescMessage } from "../descriptors/types.js";
import { ScalarType } from "../descriptors/scalar.js";
import { WireType } from "../wire/wire-type.js";
import type { BinaryReader } from "../wire/binary-reader.js";
import { BinaryWriter } from "../wire/binary-writer.js";
import { BinaryDecodeError, depthExceeded, missingEndGroup, unexpectedEndGroup } from "../wire/errors.js";
import type { JsonObject, Message } from "../types.js";
import { factsOf, typeRecord, LazyOption, type FieldFacts } from "../model/type-record.js";
import { writableForm } from "../model/view-protocol.js";
import { scalarFieldDecoder } from "./scalar-field-decoders.js";
import { scalarReader, type ScalarReader } from "./scalar.js";
import { scalarWireType, isPackable } from "../descriptors/scalar.js";
import { scalarZeroValue } from "../model/scalar-values.js";
import { setOwnProperty } from "../model/map-key.js";
import { zeroMessageFactory, type ZeroMessageFactory } from "../model/zero-message.js";
import { boxWrapper, unboxValue } from "../model/boxing.js";
import { Boxing } from "../model/boxing-kind.js";

/** @internal */
declare module "../model/type-record.js" {
  /** The slot this module fills in every type record. */
  interface RecordSlots {
    decoder: MessageDecoder;
  }
}

/** Options that hold for one decode call. */
export interface DecodeContext {
  /** Keep unknown fields in `$unknown`. */
  readonly readUnknown: boolean;
  /** The number of levels of messages and groups allowed below the top-level message (the recursion limit - 1). */
  readonly maxDepth: number;
  /** When given, `unknown` is set when an unknown field is kept (its bytes are a view of the input). */
  readonly track?: { unknown: boolean };
  /**
   * Makes the views of fields with the `[lazy]` options. Without it, such fields are decoded
   * as ordinary messages.
   */
  readonly lazyFields?: LazyFieldViews;
}

/**
 * What the decoder needs from the lazy layer to decode `[lazy]` fields as views (the lazy
 * layer installs it; without it such fields are decoded as ordinary messages).
 */
export interface LazyFieldViews {
  /**
   * Decodes one occurrence of a `[lazy]` message field (or list element), whose tag has just
   * been read with wire type `wt`, as a view into `msg` if the field's file was marked by
   * withLazyFields(), else with `eager`. Returns false if the wire type does not fit the
   * field. `facts.lazy` says whether the field's bytes are validated first (`lazy`) or not
   * (`unverified_lazy`).
   */
  decodeField(
    facts: FieldFacts,
    msg: Record<string, unknown>,
    r: BinaryReader,
    wt: number,
    depth: number,
    ctx: DecodeContext,
    eager: FieldDecoder,
  ): boolean;
}

/**
 * Decodes fields into `msg` until the reader reaches `end`, or, for a group (`group` > 0),
 * until the end-group tag with that field number.
 */
export type MessageDecoder = (msg: any, r: BinaryReader, end: number, group: number, depth: number, ctx: DecodeContext) => void;

/** Decodes one field occurrence. Returns false if the wire type does not fit the field. */
export type FieldDecoder = (msg: any, r: BinaryReader, wt: number, depth: number, ctx: DecodeContext) => boolean;

/** Field numbers below this are dispatched through an array; larger ones through a Map. */
const DENSE_LIMIT = 256;

/** The compiled decoder of a message type. */
export function messageDecoder(desc: DescMessage): MessageDecoder {
  const rec = typeRecord(desc);
  return (rec.decoder ??= buildMessageDecoder(desc)) as MessageDecoder;
}

function buildMessageDecoder(desc: DescMessage): MessageDecoder {
  let dense: (FieldDecoder | undefined)[] | undefined;
  let sparse: Map<number, FieldDecoder> | undefined;
  const typeName = desc.typeName;
  return (msg, r, end, group, depth, ctx) => {
    if (dense === undefined) {
      [dense, sparse] = compileFields(desc);
    }
    let no = 0;
    try {
      while (r.pos < end) {
        // Errors about the tag report the offset of its first byte (tags may be 1-5 bytes).
        const at = r.pos;
        // One-byte tags (field numbers 1-15) are read inline.
        const b = r.buf[at];
        let tag: number;
        if (b < 0x80 && at < r.len) {
          tag = b;
          r.pos = at + 1;
        } else {
          tag = r.tagU32();
        }
        no = tag >>> 3;
        const dec = no < dense.length ? dense[no] : sparse?.get(no);
        // A field's decoder takes only its own wire types: end-group tags, illegal tags and
        // unknown fields go to otherTag().
        if ((dec === undefined || !dec(msg, r, tag & 7, depth, ctx)) && otherTag(msg, r, tag, at, group, depth, ctx)) return;
      }
    } catch (e) {
      throw e instanceof BinaryDecodeError ? e.withField(typeName, no) : e;
    }
    if (group !== 0) {
      throw missingEndGroup(group, typeName, r.pos);
    }
  };
}

/**
 * A tag that no field of the message takes: the end of the group being decoded (returns true),
 * an illegal tag (throws), or an unknown field, or a known field with another wire type: its
 * value skipped, and kept in `$unknown` if the context says so (returns false). `at` is the
 * tag's offset; `depth` the message's, which bounds how deep an unknown group may nest (as in
 * protobuf-es: the remaining budget). @internal
 */
export function otherTag(msg: Message, r: BinaryReader, tag: number, at: number, group: number, depth: number, ctx: DecodeContext): boolean {
  const no = tag >>> 3;
  const wt = tag & 7;
  if (wt === WireType.EndGroup) {
    if (no === group && group !== 0) return true;
    throw unexpectedEndGroup(no, at, group);
  }
  if (no === 0 || wt > 5) throw BinaryDecodeError.illegalTag(no, wt, at);
  keepUnknown(msg, no, wt, r.skip(wt, no, ctx.maxDepth - depth), ctx);
  return false;
}

/** Keeps bytes of the input as an unknown field of the message, if the context reads them. */
function keepUnknown(msg: Message, no: number, wireType: number, data: Uint8Array, ctx: DecodeContext): void {
  if (ctx.readUnknown) {
    (msg.$unknown ??= []).push({ no, wireType, data });
    if (ctx.track !== undefined) ctx.track.unknown = true;
  }
}

function compileFields(desc: DescMessage): [(FieldDecoder | undefined)[], Map<number, FieldDecoder> | undefined] {
  // The table is as long as the largest field number below DENSE_LIMIT needs (three fields
  // numbered 1-3 get four entries), and packed: holes are undefined, not empty.
  let size = 0;
  for (const field of desc.fields) if (field.number < DENSE_LIMIT) size = Math.max(size, field.number + 1);
  const dense: (FieldDecoder | undefined)[] = new Array(size).fill(undefined);
  let sparse: Map<number, FieldDecoder> | undefined;
  for (const facts of typeRecord(desc).fields) {
    const dec = factsDecoder(facts);
    if (facts.number < DENSE_LIMIT) {
      dense[facts.number] = dec;
    } else {
      (sparse ??= new Map()).set(facts.number, dec);
    }
  }
  return [dense, sparse];
}

/** @internal The decoder of one field, as the message decoder uses it. */
export function fieldDecoder(field: DescField): FieldDecoder {
  return factsDecoder(factsOf(field));
}

function factsDecoder(facts: FieldFacts): FieldDecoder {
  const field = facts.field;
  switch (field.fieldKind) {
    case "list":
      if (facts.lazy !== LazyOption.None) return lazyFieldDecoder(field, facts);
      return field.listKind === "message" ? messageListDecoder(field) : scalarListDecoder(field);
    case "map":
      return mapDecoder(field);
    case "message":
      if (facts.lazy !== LazyOption.None) return lazyFieldDecoder(field, facts);
      return field.oneof ? oneofMessageDecoder(field) : messageFieldDecoder(field);
    default:
      return singularScalarDecoder(field);
  }
}

/**
 * Checks that a message may be entered below one at `depth` (the top-level message: -1), at
 * most `maxDepth` levels below the top-level message; names the recursion limit (`maxDepth + 1`)
 * if not. NaN admits nothing. @internal
 */
export function checkDepth(depth: number, maxDepth: number, at: number, typeName: string): void {
  if (!(depth < maxDepth)) throw depthExceeded(maxDepth, at, typeName);
}

/** @internal Decodes a sub-message (length-delimited or group) into `sub`. */
export function readSubMessage(dec: MessageDecoder, sub: unknown, r: BinaryReader, wt: number, no: number, depth: number, ctx: DecodeContext): void {
  checkDepth(depth, ctx.maxDepth, r.pos, (sub as { $typeName: string }).$typeName);
  if (wt === WireType.StartGroup) {
    dec(sub, r, r.len, no, depth + 1, ctx);
    return;
  }
  const end = r.readEnd();
  // Bound the reader to the sub-message, so that no read inside can run past it.
  const outerLen = r.len;
  r.len = end;
  dec(sub, r, end, 0, depth + 1, ctx);
  r.len = outerLen;
}

/**
 * Reads an unboxed value (a wrapper primitive, a Struct JSON object) of field `no` as the
 * message it stands for, merged into `current` if given, and unboxes it. A Struct is merged
 * as merge() merges it: its entries replace those of the same key in the object that is
 * there (a map field merges so).
 */
function readBoxed(
  boxing: Boxing,
  desc: DescMessage,
  current: unknown,
  r: BinaryReader,
  wt: number,
  no: number,
  depth: number,
  ctx: DecodeContext,
): unknown {
  const sub = current !== undefined && boxing === Boxing.Wrapper ? boxWrapper(desc, current) : zeroMessageFactory(desc)();
  readSubMessage(messageDecoder(desc), sub, r, wt, no, depth, ctx);
  const value = unboxValue(boxing, sub);
  if (current === undefined || boxing === Boxing.Wrapper) return value;
  const entries = value as JsonObject;
  for (const key of Object.keys(entries)) setOwnProperty(current as JsonObject, key, entries[key]);
  return current;
}

function messageFieldDecoder(field: DescField & { fieldKind: "message" }): FieldDecoder {
  const name = field.localName;
  const expected = factsOf(field).wireType;
  const desc = field.message;
  const rec = typeRecord(desc);
  const no = field.number;
  const boxing = factsOf(field).boxing;
  if (boxing !== Boxing.None) {
    return (msg, r, wt, depth, ctx) => {
      if (wt !== expected) return false;
      msg[name] = readBoxed(boxing, desc, msg[name], r, wt, no, depth, ctx);
      return true;
    };
  }
  let dec: MessageDecoder | undefined;
  let factory: ZeroMessageFactory | undefined;
  return (msg, r, wt, depth, ctx) => {
    if (wt !== expected) return false;
    dec ??= messageDecoder(desc);
    let sub = msg[name];
    if (sub === undefined) {
      factory ??= zeroMessageFactory(desc);
      sub = msg[name] = factory();
    } else {
      // Merging into a lazy view: it stays in place, and its fields are merged into through
      // the ordinary message that holds them.
      sub = writableForm(rec, sub);
    }
    readSubMessage(dec, sub, r, wt, no, depth, ctx);
    return true;
  };
}

function oneofMessageDecoder(field: DescField & { fieldKind: "message" }): FieldDecoder {
  const oneofName = field.oneof!.localName;
  const caseName = field.localName;
  const expected = factsOf(field).wireType;
  const desc = field.message;
  const rec = typeRecord(desc);
  const no = field.number;
  // In a oneof, only Struct is unboxed (wrappers stay messages).
  if (factsOf(field).boxing === Boxing.Struct) {
    return (msg, r, wt, depth, ctx) => {
      if (wt !== expected) return false;
      const o = msg[oneofName];
      msg[oneofName] = { case: caseName, value: readBoxed(Boxing.Struct, desc, o.case === caseName ? o.value : undefined, r, wt, no, depth, ctx) };
      return true;
    };
  }
  let dec: MessageDecoder | undefined;
  let factory: ZeroMessageFactory | undefined;
  return (msg, r, wt, depth, ctx) => {
    if (wt !== expected) return false;
    dec ??= messageDecoder(desc);
    factory ??= zeroMessageFactory(desc);
    const o = msg[oneofName];
    const sub = o.case === caseName ? o.value : factory();
    // A lazy view stays the value; its fields are merged into through the message that holds them.
    readSubMessage(dec, writableForm(rec, sub), r, wt, no, depth, ctx);
    if (o.case !== caseName) {
      msg[oneofName] = { case: caseName, value: sub };
    }
    return true;
  };
}

function messageListDecoder(field: DescField & { fieldKind: "list" }): FieldDecoder {
  const name = field.localName;
  const expected = factsOf(field).wireType;
  const desc = field.message!;
  const no = field.number;
  if (factsOf(field).boxing === Boxing.Struct) {
    return (msg, r, wt, depth, ctx) =>
      wt === expected && (msg[name] as unknown[]).push(readBoxed(Boxing.Struct, desc, undefined, r, wt, no, depth, ctx)) > 0;
  }
  let dec: MessageDecoder | undefined;
  let factory: ZeroMessageFactory | undefined;
  return (msg, r, wt, depth, ctx) => {
    if (wt !== expected) return false;
    dec ??= messageDecoder(desc);
    factory ??= zeroMessageFactory(desc);
    const sub = factory();
    readSubMessage(dec, sub, r, wt, no, depth, ctx);
    (msg[name] as unknown[]).push(sub);
    return true;
  };
}

/** Routes an unknown value of a closed enum to the unknown fields, as varint. */
function addUnknownEnumValue(msg: Message, no: number, value: number, ctx: DecodeContext): void {
  if (ctx.readUnknown) {
    (msg.$unknown ??= []).push({ no, wireType: WireType.Varint, data: new BinaryWriter().int32(value).finish() });
  }
}

function closedEnumCheck(field: DescField): ((v: number) => boolean) | undefined {
  const known = factsOf(field).closedEnum;
  if (known === undefined) return undefined;
  return (v) => known.has(v);
}

function singularScalarDecoder(field: DescField & { fieldKind: "scalar" | "enum" }): FieldDecoder {
  const scalar = field.fieldKind === "enum" ? ScalarType.INT32 : field.scalar;
  const read = scalarReader(scalar, field.fieldKind === "scalar" && field.longAsString, field.utf8Validation);
  const expected = scalarWireType(scalar);
  const isKnown = closedEnumCheck(field);
  const no = field.number;
  if (field.oneof) {
    const oneofName = field.oneof.localName;
    const caseName = field.localName;
    return (msg, r, wt, _depth, ctx) => {
      if (wt !== expected) return false;
      const v = read(r);
      if (isKnown !== undefined && !isKnown(v as number)) {
        addUnknownEnumValue(msg, no, v as number, ctx);
      } else {
        msg[oneofName] = { case: caseName, value: v };
      }
      return true;
    };
  }
  const name = field.localName;
  if (isKnown !== undefined) {
    return (msg, r, wt, _depth, ctx) => {
      if (wt !== expected) return false;
      const v = read(r) as number;
      if (isKnown(v)) {
        msg[name] = v;
      } else {
        addUnknownEnumValue(msg, no, v, ctx);
      }
      return true;
    };
  }
  if (field.fieldKind === "scalar") {
    const specialized = scalarFieldDecoder(field.scalar, name, field.longAsString, field.utf8Validation);
    if (specialized !== undefined) return specialized;
  }
  return (msg, r, wt) => {
    if (wt !== expected) return false;
    msg[name] = read(r);
    return true;
  };
}

function scalarListDecoder(field: DescField & { fieldKind: "list" }): FieldDecoder {
  const name = field.localName;
  const scalar = field.listKind === "enum" ? ScalarType.INT32 : field.scalar!;
  const read = scalarReader(scalar, (field as ListFieldObject).longAsString, field.utf8Validation);
  const expected = scalarWireType(scalar);
  const packable = isPackable(scalar);
  const isKnown = closedEnumCheck(field);
  const no = field.number;
  const push = isKnown
    ? (msg: any, list: unknown[], v: number, ctx: DecodeContext) => {
        if (isKnown(v)) list.push(v);
        else addUnknownEnumValue(msg, no, v, ctx);
      }
    : undefined;
  return (msg, r, wt, _depth, ctx) => {
    const list = msg[name] as unknown[];
    if (wt === WireType.LengthDelimited && packable) {
      const end = r.readEnd();
      const outerLen = r.len;
      r.len = end;
      if (push) {
        while (r.pos < end) push(msg, list, read(r) as number, ctx);
      } else {
        while (r.pos < end) list.push(read(r));
      }
      r.len = outerLen;
      return true;
    }
    if (wt !== expected) return false;
    if (push) push(msg, list, read(r) as number, ctx);
    else list.push(read(r));
    return true;
  };
}

function mapDecoder(field: DescField & { fieldKind: "map" }): FieldDecoder {
  const name = field.localName;
  const no = field.number;
  const keyType = field.mapKey;
  const readKey = scalarReader(keyType, false, field.utf8Validation);
  const keyWireType = scalarWireType(keyType);
  const keyZero = String(scalarZeroValue(keyType, false));
  /** Reads a value; a message value merges into `prev`, an earlier value of the same entry. */
  let readValue: (r: BinaryReader, wt: number, depth: number, ctx: DecodeContext, prev: unknown) => unknown;
  let valueWireType: number;
  let valueZero: () => unknown;
  const isKnown = closedEnumCheck(field);
  if (field.mapKind === "message") {
    const desc = field.message!;
    let dec: MessageDecoder | undefined;
    valueWireType = WireType.LengthDelimited;
    valueZero = () => zeroMessageFactory(desc)();
    const struct = factsOf(field).boxing === Boxing.Struct;
    if (struct) valueZero = () => ({});
    readValue = (r, wt, depth, ctx, prev) => {
      if (struct) return readBoxed(Boxing.Struct, desc, prev, r, wt, 2, depth, ctx);
      dec ??= messageDecoder(desc);
      // A value that occurs twice in one entry is merged, as protobuf merges message fields.
      const sub = prev ?? zeroMessageFactory(desc)();
      readSubMessage(dec, sub, r, wt, 2, depth, ctx);
      return sub;
    };
  } else {
    const scalar = field.mapKind === "enum" ? ScalarType.INT32 : field.scalar!;
    const read: ScalarReader = scalarReader(scalar, false, field.utf8Validation);
    valueWireType = scalarWireType(scalar);
    const zero = field.mapKind === "enum" ? (field.enum!.values[0]?.number ?? 0) : scalarZeroValue(scalar, false);
    valueZero = () => (zero instanceof Uint8Array ? new Uint8Array(0) : zero);
    readValue = (r) => read(r);
  }
  return (msg, r, wt, depth, ctx) => {
    if (wt !== WireType.LengthDelimited) return false;
    const start = r.pos;
    const end = r.readEnd();
    const outerLen = r.len;
    r.len = end;
    let key: string | undefined;
    let value: unknown;
    while (r.pos < end) {
      const tag = r.rawTag();
      const fno = tag >>> 3;
      const fwt = tag & 7;
      if (fno === 1 && fwt === keyWireType) {
        key = String(readKey(r));
      } else if (fno === 2 && fwt === valueWireType) {
        value = readValue(r, fwt, depth, ctx, value);
      } else {
        r.skipValue(fwt, fno, ctx.maxDepth - depth);
      }
    }
    r.len = outerLen;
    if (isKnown !== undefined && value !== undefined && !isKnown(value as number)) {
      // A closed enum value that is unknown: the whole entry goes to the unknown fields.
      keepUnknown(msg, no, WireType.LengthDelimited, r.buf.subarray(start, end), ctx);
      return true;
    }
    setOwnProperty(msg[name] as Record<string, unknown>, key ?? keyZero, value === undefined ? valueZero() : value);
    return true;
  };
}

/**
 * A message field with the option `[lazy = true]` or `[unverified_lazy = true]`: decoded as a
 * lazy view even in an eager decode, when the decode call can make views (`ctx.lazyFields`) and
 * its file was marked by withLazyFields(); as an ordinary message otherwise.
 */
function lazyFieldDecoder(field: DescField & { fieldKind: "message" | "list" }, facts: FieldFacts): FieldDecoder {
  const eager =
    field.fieldKind === "list"
      ? messageListDecoder(field as DescField & { fieldKind: "list" })
      : messageFieldDecoder(field as DescField & { fieldKind: "message" });
  // decodeField() returns a boolean: `??` runs `eager` only when the lazy layer is not there.
  return (msg, r, wt, depth, ctx) => ctx.lazyFields?.decodeField(facts, msg, r, wt, depth, ctx, eager) ?? eager(msg, r, wt, depth, ctx);
}
