/**
 * Creating views, decoding their fields on first access, and getting their bytes back.
 */
import type { DescField, DescMessage } from "../descriptors/types.js";
import { BinaryReader } from "../wire/binary-reader.js";
import type { BinaryWriter } from "../wire/binary-writer.js";
import { BinaryDecodeError } from "../wire/errors.js";
import { WireType } from "../wire/wire-type.js";
import type { Message } from "../types.js";
import { fieldDecoder, messageDecoder } from "../binary/decoder.js";
import { scalarReader } from "../binary/scalar.js";
import { scalarWireType } from "../descriptors/scalar.js";
import { ScalarType } from "../descriptors/scalar.js";
import { setOwnProperty } from "../model/map-key.js";
import { zeroMessageFactory } from "../model/zero-message.js";
import { cachedPlan } from "../model/plan-cache.js";
import { stateOf, viewStateIf, type ViewContext, type ViewState, type ViewTypeInfo } from "./view-state.js";
import { SlotKind, viewHooks, viewPlan, type OneofSlot, type Slot, type ViewPlan } from "./view-plan.js";
import { sharedReader } from "./view-scan.js";
import { ASCII_CACHE_MAX_LENGTH, cachedAscii } from "../wire/ascii-cache.js";

/**
 * Creates a view of a message whose content is [start, end) of `buf` (and the further
 * [start, end) pairs in `more`, for merged occurrences). Nothing is read until a field is.
 */
export function createView(desc: DescMessage, buf: Uint8Array, start: number, end: number, more: number[] | undefined, depth: number, ctx: ViewContext): Message {
  return newView(viewPlan(desc), buf, start, end, more, depth, ctx);
}

function newView(plan: ViewPlan, buf: Uint8Array, start: number, end: number, more: number[] | undefined, depth: number, ctx: ViewContext): Message {
  const state: ViewState = {
    view: undefined as unknown as object,
    plan,
    buf,
    start,
    end,
    more,
    depth,
    ctx,
    values: undefined,
    occ: undefined,
    unknown: undefined,
    eager: undefined,
  };
  const view = new plan.View(state);
  (state as { view: object }).view = view;
  return view as Message;
}

/** The end of a group's content: the offset of its end-group tag (`after` is the offset after it). */
export function groupContentEnd(buf: Uint8Array, start: number, after: number): number {
  // The end-group tag may be encoded in more bytes than needed (as any varint), so it is
  // found by skipping the group's fields (nested groups are skipped whole), not by its size.
  const r = new BinaryReader(buf);
  r.pos = start;
  r.len = after;
  for (;;) {
    const at = r.pos;
    const tag = r.uint32();
    if ((tag & 7) === WireType.EndGroup) return at;
    r.skipValue(tag & 7, tag >>> 3);
  }
}

function checkDepth(state: ViewState, at: number): void {
  if (state.depth >= state.ctx.maxDepth) {
    throw new BinaryDecodeError(`maximum nesting depth ${state.ctx.maxDepth} exceeded at offset ${at}`, at, state.plan.desc.typeName);
  }
}

/** The content [start, end) of the message occurrence recorded at `at` in `state.occ`. */
function contentRange(state: ViewState, r: BinaryReader, at: number): [number, number] {
  const occ = state.occ!;
  const start = occ[at];
  if ((occ[at + 2] & 7) === WireType.StartGroup) return [start, groupContentEnd(state.buf, start, occ[at + 1])];
  r.pos = start;
  r.len = occ[at + 1];
  const end = r.readEnd();
  return [r.pos, end];
}

/** A child view of the message occurrence recorded at `at` in `state.occ`. */
function childView(state: ViewState, plan: ViewPlan, r: BinaryReader, at: number): Message {
  const occ = state.occ!;
  checkDepth(state, occ[at]);
  if ((occ[at + 2] & 7) !== WireType.StartGroup) {
    // Inline contentRange() for the common case: no tuple. The scan checked the length
    // prefix, so the content is what follows it up to the recorded end.
    const start = occ[at];
    const end = occ[at + 1];
    if (state.buf[start] < 0x80) return newView(plan, state.buf, start + 1, end, undefined, state.depth + 1, state.ctx);
    r.pos = start;
    r.len = end;
    r.readEnd();
    return newView(plan, state.buf, r.pos, end, undefined, state.depth + 1, state.ctx);
  }
  const [start, end] = contentRange(state, r, at);
  return newView(plan, state.buf, start, end, undefined, state.depth + 1, state.ctx);
}

/** The occurrences of a slot in wire order (the chain links each to the one before). */
function chain(occ: number[], last: number): number[] {
  const out: number[] = [];
  for (let k = last; k >= 0; k = occ[k + 3]) out.push(k);
  return out.reverse();
}

/** One view over every occurrence of a singular message (protobuf merges them). */
function mergedView(state: ViewState, plan: ViewPlan, last: number): Message {
  const r = sharedReader(state.buf);
  const occ = state.occ!;
  if (occ[last + 3] < 0) return childView(state, plan, r, last);
  checkDepth(state, occ[last]);
  const ranges: number[] = [];
  for (const k of chain(occ, last)) ranges.push(...contentRange(state, r, k));
  return newView(plan, state.buf, ranges[0], ranges[1], ranges.slice(2), state.depth + 1, state.ctx);
}

function messageList(state: ViewState, plan: ViewPlan, last: number): Message[] {
  const occ = state.occ!;
  let n = 0;
  for (let k = last; k >= 0; k = occ[k + 3]) n++;
  const list: Message[] = new Array(n);
  const r = sharedReader(state.buf);
  for (let k = last; k >= 0; k = occ[k + 3]) list[--n] = childView(state, plan, r, k);
  return list;
}

/** Decodes the recorded occurrences of a field with its eager field decoder. */
function decodeWithFieldDecoder(state: ViewState, field: DescField, dec: NonNullable<Slot["decoder"]>, holderValue: unknown, last: number): unknown {
  const name = field.oneof ? field.oneof.localName : field.localName;
  const holder: Record<string, unknown> = { [name]: holderValue };
  const r = sharedReader(state.buf);
  const occ = state.occ!;
  for (const k of chain(occ, last)) {
    r.pos = occ[k];
    r.len = occ[k + 1];
    dec(holder, r, occ[k + 2] & 7, state.depth, state.ctx);
  }
  return holder[name];
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !(value instanceof Uint8Array) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Decodes a slot on first access; `last` is the index in `state.occ` of its last occurrence. */
function decodeSlot(state: ViewState, slot: Slot, last: number): unknown {
  const occ = state.occ!;
  switch (slot.kind) {
    case SlotKind.String: {
      const r = sharedReader(state.buf);
      r.pos = occ[last];
      r.len = occ[last + 1];
      const end = r.readEnd();
      if (end - r.pos <= ASCII_CACHE_MAX_LENGTH) {
        const ascii = cachedAscii(state.buf, r.pos, end);
        if (ascii !== undefined) return ascii;
      }
      r.pos = occ[last];
      // Validated input needs no second UTF-8 check.
      return r.string(slot.utf8Verify && !state.ctx.validated);
    }
    case SlotKind.Scalar64: {
      const r = sharedReader(state.buf);
      r.pos = occ[last];
      r.len = occ[last + 1];
      return slot.read!(r);
    }
    case SlotKind.Bytes: {
      const r = sharedReader(state.buf);
      r.pos = occ[last];
      r.len = occ[last + 1];
      return r.bytes();
    }
    case SlotKind.Message:
      return mergedView(state, (slot.childPlan ??= viewPlan(slot.message!)), last);
    case SlotKind.MessageList:
      return Object.freeze(messageList(state, (slot.childPlan ??= viewPlan(slot.message!)), last));
    case SlotKind.MessageMap:
      return Object.freeze(decodeMessageMap(state, slot.field as DescField & { fieldKind: "map" }, (slot.childPlan ??= viewPlan(slot.message!)), last));
    case SlotKind.Oneof:
      return decodeOneof(state, slot as OneofSlot, last);
    default: {
      const field = slot.field!;
      const initial = field.fieldKind === "list" ? [] : field.fieldKind === "map" ? {} : undefined;
      return deepFreeze(decodeWithFieldDecoder(state, field, slot.decoder!, initial, last));
    }
  }
}

function decodeOneof(state: ViewState, slot: OneofSlot, last: number): unknown {
  const m = slot.members.get(state.occ![last + 2] >>> 3)!;
  const member = m.field;
  let value: unknown;
  if (member.fieldKind === "message" && !isBoxedMember(member)) {
    value = mergedView(state, (m.childPlan ??= viewPlan(member.message)), last);
  } else {
    value = (decodeWithFieldDecoder(state, member, (m.decoder ??= fieldDecoder(member)), { case: undefined }, last) as { value: unknown }).value;
  }
  return Object.freeze({ case: member.localName, value: deepFreeze(value) });
}

function isBoxedMember(member: DescField): boolean {
  // Oneof members hold messages, except Struct (held as JSON).
  return member.message?.typeName === "google.protobuf.Struct" && member.parent.typeName !== "google.protobuf.Value";
}

function decodeMessageMap(state: ViewState, field: DescField & { fieldKind: "map" }, plan: ViewPlan, last: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const readKey = scalarReader(field.mapKey, false, field.utf8Verify && !state.ctx.validated);
  const keyWireType = scalarWireType(field.mapKey);
  const r = sharedReader(state.buf);
  const occ = state.occ!;
  for (const k of chain(occ, last)) {
    r.pos = occ[k];
    r.len = occ[k + 1];
    const end = r.readEnd();
    let key = keyZero(field);
    let value: [number, number] | undefined;
    while (r.pos < end) {
      const tag = r.uint32();
      const no = tag >>> 3;
      const wt = tag & 7;
      if (no === 1 && wt === keyWireType) {
        key = String(readKey(r));
      } else if (no === 2 && wt === WireType.LengthDelimited) {
        const vEnd = r.readEnd();
        value = [r.pos, vEnd];
        r.pos = vEnd;
      } else {
        r.skipValue(wt, no);
      }
    }
    // An entry without a value gets an empty message, which nests nothing (as in an eager
    // decode, where only a value on the wire counts against the depth limit).
    if (value !== undefined) checkDepth(state, value[0]);
    const [vs, ve] = value ?? [end, end];
    setOwnProperty(out, key, newView(plan, state.buf, vs, ve, undefined, state.depth + 1, state.ctx));
  }
  return out;
}

function keyZero(field: DescField & { fieldKind: "map" }): string {
  switch (field.mapKey) {
    case ScalarType.BOOL:
      return "false";
    case ScalarType.STRING:
      return "";
    default:
      return "0";
  }
}

viewHooks.decode = decodeSlot;

/** Writes a view as the value of a message field (tag included): its original bytes. */
export function writeViewField(state: ViewState, w: BinaryWriter, no: number, delimited: boolean): void {
  writeRange(state.buf, state.start, state.end, w, no, delimited);
  const more = state.more;
  if (more !== undefined) for (let i = 0; i < more.length; i += 2) writeRange(state.buf, more[i], more[i + 1], w, no, delimited);
}

function writeRange(buf: Uint8Array, start: number, end: number, w: BinaryWriter, no: number, delimited: boolean): void {
  const content = buf.subarray(start, end);
  if (delimited) {
    w.tag(no, WireType.StartGroup).raw(content).tag(no, WireType.EndGroup);
  } else {
    w.tag(no, WireType.LengthDelimited).bytes(content);
  }
}

/** A copy of a view's original bytes. */
export function viewBytes(state: ViewState): Uint8Array {
  const more = state.more;
  if (more === undefined) return state.buf.slice(state.start, state.end);
  let len = state.end - state.start;
  for (let i = 0; i < more.length; i += 2) len += more[i + 1] - more[i];
  const out = new Uint8Array(len);
  out.set(state.buf.subarray(state.start, state.end), 0);
  let off = state.end - state.start;
  for (let i = 0; i < more.length; i += 2) {
    out.set(state.buf.subarray(more[i], more[i + 1]), off);
    off += more[i + 1] - more[i];
  }
  return out;
}

/**
 * Decodes a view fully into an eager message that holds no reference to the input: its
 * bytes are copied first, so bytes fields point into the copy — unless the type can hold no
 * view of its input (no bytes fields, no lazy fields) and no unknown field turns up: then it
 * is decoded from the input, without the copy.
 */
export function materializeView(state: ViewState): Message {
  const desc = state.plan.desc;
  if (state.more === undefined && !mayReferToInput(desc)) {
    const track = { unknown: false };
    const msg = zeroMessageFactory(desc)();
    const r = new BinaryReader(state.buf);
    r.pos = state.start;
    r.len = state.end;
    messageDecoder(desc)(msg, r, state.end, 0, state.depth, { readUnknown: state.ctx.readUnknown, maxDepth: state.ctx.maxDepth, track });
    if (!track.unknown) return msg;
    // Unknown fields are views of the input: decode a copy instead.
  }
  const msg = zeroMessageFactory(desc)();
  const bytes = viewBytes(state);
  const r = new BinaryReader(bytes);
  messageDecoder(desc)(msg, r, r.len, 0, state.depth, state.ctx);
  return msg;
}

/** Like eagerOf(), for a message of the type of `info` (cheaper on the eager paths). */
export function eagerOfType<T extends object>(info: ViewTypeInfo, message: T): T {
  const s = viewStateIf(info, message);
  if (s === undefined) return message;
  return (s.eager ??= materializeView(s)) as T;
}

const refersKey = Symbol("pbjet.mayReferToInput");

/**
 * Whether an eager decode of the type can hold views of its input besides unknown fields:
 * bytes fields (and BytesValue), or fields with the `[lazy]` options, anywhere in its tree.
 */
function mayReferToInput(desc: DescMessage): boolean {
  return cachedPlan(desc, refersKey, (root) => {
    const seen = new Set<DescMessage>();
    const visit = (m: DescMessage): boolean => {
      if (seen.has(m)) return false;
      seen.add(m);
      for (const f of m.fields) {
        if (f.lazy || f.scalar === ScalarType.BYTES) return true;
        if (f.message !== undefined && visit(f.message)) return true;
      }
      return false;
    };
    return visit(root);
  });
}

/** The eager form of a message: the message itself, or the materialized view (cached). */
export function eagerOf<T>(message: T): T {
  const s = stateOf(message);
  if (s === undefined) return message;
  return (s.eager ??= materializeView(s)) as T;
}
