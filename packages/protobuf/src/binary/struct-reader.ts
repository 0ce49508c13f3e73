/**
 * Reads google.protobuf.Struct from the wire straight into its JSON form (what unboxed Struct
 * fields hold), without decoding Struct, Value and ListValue messages first. The result, the
 * errors (message, offset, innermost type and field), the nesting limit and the unknown-field
 * tracking are those of the compiled decoders of the three messages followed by
 * structToJson(): every rule below mirrors decoder.ts.
 *
 * - Struct: entries of field 1 (key 1, value 2, in any order, repeated: the last key wins and
 *   repeated values merge); a later entry with the same key replaces the earlier one.
 * - Value: its oneof; a member that occurs again replaces the value, except struct_value
 *   (merged: entries added) and list_value (merged: values appended) after the same member.
 *   No member, or null_value with any number: null.
 * - Other fields and wire types: skipped (the JSON form has no unknown fields).
 */
import type { JsonObject, JsonValue } from "../types.js";
import type { BinaryReader } from "../wire/binary-reader.js";
import { BinaryDecodeError, missingEndGroup, unexpectedEndGroup } from "../wire/errors.js";
import { WireType } from "../wire/wire-type.js";
import { setOwnProperty } from "../model/map-key.js";
import { checkDepth, type DecodeContext } from "./decoder.js";

const STRUCT = "google.protobuf.Struct";
const VALUE = "google.protobuf.Value";
const LIST = "google.protobuf.ListValue";

/**
 * Reads a Struct sub-message (of field `no`, wire type `wt`, in a message at nesting `depth`)
 * into `into`, and returns it.
 */
export function readStructJson(r: BinaryReader, wt: number, no: number, depth: number, ctx: DecodeContext, into: JsonObject): JsonObject {
  const end = enter(r, wt, depth, ctx);
  if (end < 0) {
    readStruct(r, r.len, no, depth + 1, ctx, into);
  } else {
    const outer = r.len;
    r.len = end;
    readStruct(r, end, 0, depth + 1, ctx, into);
    r.len = outer;
  }
  return into;
}

/** Checks the nesting limit; returns where a length-delimited sub-message ends, or -1 for a group. */
function enter(r: BinaryReader, wt: number, depth: number, ctx: DecodeContext): number {
  checkDepth(depth, ctx.maxDepth, r.pos);
  if (wt === WireType.StartGroup) return -1;
  const len = r.uint32();
  const end = r.pos + len;
  if (end > r.len) throw BinaryDecodeError.prematureEnd(r.pos, len, r.len - r.pos);
  return end;
}

/** Reads a length-delimited sub-message with `body`, the reader bounded to it. */
function sub<T>(r: BinaryReader, depth: number, ctx: DecodeContext, body: (end: number) => T): T {
  const end = enter(r, WireType.LengthDelimited, depth, ctx);
  const outer = r.len;
  r.len = end;
  const result = body(end);
  r.len = outer;
  return result;
}

/** The tag at the reader: one byte inline, or a varint (as the compiled decoder reads it). */
function readTag(r: BinaryReader, at: number): number {
  const b = r.buf[at];
  if (b < 0x80 && at < r.len) {
    r.pos = at + 1;
    return b;
  }
  return r.uint32();
}

/**
 * A tag no field of the type takes: the end of the group being read (true), an illegal tag
 * (throws), or an unknown field (skipped; noted in ctx.track where unknown fields are kept).
 */
function otherTag(r: BinaryReader, tag: number, at: number, group: number, depth: number, ctx: DecodeContext): boolean {
  const no = tag >>> 3;
  const wt = tag & 7;
  if (wt === WireType.EndGroup) {
    if (no === group && group !== 0) return true;
    throw unexpectedEndGroup(no, at);
  }
  if (no === 0 || wt > 5) throw BinaryDecodeError.illegalTag(no, wt, at);
  r.skipValue(wt, no, ctx.maxDepth - depth);
  if (ctx.readUnknown && ctx.track !== undefined) ctx.track.unknown = true;
  return false;
}

function annotated(e: unknown, typeName: string, no: number): unknown {
  return e instanceof BinaryDecodeError ? e.withField(typeName, no) : e;
}

function readStruct(r: BinaryReader, end: number, group: number, depth: number, ctx: DecodeContext, into: JsonObject): void {
  let tag = 0;
  try {
    while (r.pos < end) {
      const at = r.pos;
      tag = readTag(r, at);
      if (tag === 0x0a) {
        readEntry(r, depth, ctx, into);
      } else if (otherTag(r, tag, at, group, depth, ctx)) {
        return;
      }
    }
  } catch (e) {
    throw annotated(e, STRUCT, tag >>> 3);
  }
  if (group !== 0) {
    throw missingEndGroup(group, STRUCT, r.pos);
  }
}

/** A map entry of Struct.fields (as the compiled map decoder reads entries). */
function readEntry(r: BinaryReader, depth: number, ctx: DecodeContext, into: JsonObject): void {
  const len = r.uint32();
  const end = r.pos + len;
  if (end > r.len) throw BinaryDecodeError.prematureEnd(r.pos, len, r.len - r.pos);
  const outer = r.len;
  r.len = end;
  let key: string | undefined;
  let value: JsonValue | undefined;
  while (r.pos < end) {
    const tag = r.uint32();
    if (tag === 0x0a) {
      key = r.string(true);
    } else if (tag === 0x12) {
      const prev = value;
      value = sub(r, depth, ctx, (e) => readValue(r, e, depth + 1, ctx, prev));
    } else {
      r.skipValue(tag & 7, tag >>> 3, ctx.maxDepth - depth);
    }
  }
  r.len = outer;
  setOwnProperty(into, key ?? "", value === undefined ? null : value);
}

/** The fields of a Value; `prev` is the value read so far (undefined: no member yet). */
function readValue(r: BinaryReader, end: number, depth: number, ctx: DecodeContext, prev: JsonValue | undefined): JsonValue | undefined {
  let v = prev;
  let tag = 0;
  try {
    while (r.pos < end) {
      const at = r.pos;
      tag = readTag(r, at);
      switch (tag) {
        case 0x08: // null_value
          r.int32();
          v = null;
          continue;
        case 0x11: // number_value
          v = r.double();
          continue;
        case 0x1a: // string_value
          v = r.string(true);
          continue;
        case 0x20: // bool_value
          v = r.bool();
          continue;
        case 0x2a: {
          // struct_value: merged into a struct_value read before
          const obj: JsonObject = typeof v === "object" && v !== null && !Array.isArray(v) ? v : {};
          v = obj;
          sub(r, depth, ctx, (e) => readStruct(r, e, 0, depth + 1, ctx, obj));
          continue;
        }
        case 0x32: {
          // list_value: appended to a list_value read before
          const list: JsonValue[] = Array.isArray(v) ? v : [];
          v = list;
          sub(r, depth, ctx, (e) => readList(r, e, depth + 1, ctx, list));
          continue;
        }
      }
      otherTag(r, tag, at, 0, depth, ctx);
    }
  } catch (e) {
    throw annotated(e, VALUE, tag >>> 3);
  }
  return v;
}

function readList(r: BinaryReader, end: number, depth: number, ctx: DecodeContext, into: JsonValue[]): void {
  let tag = 0;
  try {
    while (r.pos < end) {
      const at = r.pos;
      tag = readTag(r, at);
      if (tag === 0x0a) {
        const v = sub(r, depth, ctx, (e) => readValue(r, e, depth + 1, ctx, undefined));
        into.push(v === undefined ? null : v);
      } else {
        otherTag(r, tag, at, 0, depth, ctx);
      }
    }
  } catch (e) {
    throw annotated(e, LIST, tag >>> 3);
  }
}
