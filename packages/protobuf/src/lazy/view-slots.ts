/**
 * Creating views, and decoding a view's fields on first access: strings, bytes, 64-bit
 * integers, lists, maps, oneofs and sub-messages (child views, which know their parent).
 */
import { wktName } from "../descriptors/wkt-names.js";
import type { DescField } from "../descriptors/types.js";
import type { BinaryReader } from "../wire/binary-reader.js";
import { depthExceeded } from "../wire/errors.js";
import { WireType } from "../wire/wire-type.js";
import type { Message } from "../types.js";
import { fieldDecoder } from "../binary/decoder.js";
import { scalarReader } from "../binary/scalar.js";
import { scalarWireType } from "../descriptors/scalar.js";
import { ScalarType } from "../descriptors/scalar.js";
import { setOwnProperty } from "../model/map-key.js";
import { groupContentEnd } from "../binary/group-end.js";
import type { ViewContext, ViewState } from "./view-state.js";
import { SlotKind, viewConstructor, viewPlan, type OneofSlot, type Slot, type ViewPlan } from "./view-plan.js";
import { viewReader } from "./view-scan.js";
import { ASCII_CACHE_MAX_LENGTH, cachedAscii } from "../wire/ascii-cache.js";

/**
 * Creates a view of a message whose content is [start, end) of `buf` (and the further
 * [start, end) pairs in `more`, for merged occurrences). Nothing is read until a field is.
 */
export function createView(
  plan: ViewPlan,
  buf: Uint8Array,
  start: number,
  end: number,
  more: number[] | undefined,
  depth: number,
  ctx: ViewContext,
): Message {
  return newView(plan, buf, start, end, more, depth, ctx, undefined);
}

function newView(
  plan: ViewPlan,
  buf: Uint8Array,
  start: number,
  end: number,
  more: number[] | undefined,
  depth: number,
  ctx: ViewContext,
  parent: ViewState | undefined,
): Message {
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
    parent,
    dirty: false,
    written: false,
    watch: false,
    shadows: undefined,
    own: undefined,
  };
  const view = new (plan.View ?? viewConstructor(plan))(state);
  (state as { view: object }).view = view;
  return view as Message;
}

/** Checks that a child view of type `typeName` at `at` is within the depth limit. */
function checkDepth(state: ViewState, at: number, typeName: string): void {
  if (state.depth >= state.ctx.maxDepth) {
    throw depthExceeded(state.ctx.maxDepth, at, typeName);
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
  checkDepth(state, occ[at], plan.desc.typeName);
  if ((occ[at + 2] & 7) !== WireType.StartGroup) {
    // Inline contentRange() for the common case: no tuple. The scan checked the length
    // prefix, so the content is what follows it up to the recorded end.
    const start = occ[at];
    const end = occ[at + 1];
    if (state.buf[start] < 0x80) return newView(plan, state.buf, start + 1, end, undefined, state.depth + 1, state.ctx, state);
    r.pos = start;
    r.len = end;
    r.readEnd();
    return newView(plan, state.buf, r.pos, end, undefined, state.depth + 1, state.ctx, state);
  }
  const [start, end] = contentRange(state, r, at);
  return newView(plan, state.buf, start, end, undefined, state.depth + 1, state.ctx, state);
}

/** The occurrences of a slot in wire order (the chain links each to the one before). */
function chain(occ: number[], last: number): number[] {
  const out: number[] = [];
  for (let k = last; k >= 0; k = occ[k + 3]) out.push(k);
  return out.reverse();
}

/** One view over every occurrence of a singular message (protobuf merges them). */
function mergedView(state: ViewState, plan: ViewPlan, last: number): Message {
  const r = viewReader(state);
  const occ = state.occ!;
  if (occ[last + 3] < 0) return childView(state, plan, r, last);
  checkDepth(state, occ[last], plan.desc.typeName);
  const ranges: number[] = [];
  for (const k of chain(occ, last)) ranges.push(...contentRange(state, r, k));
  return newView(plan, state.buf, ranges[0], ranges[1], ranges.slice(2), state.depth + 1, state.ctx, state);
}

function messageList(state: ViewState, plan: ViewPlan, last: number): Message[] {
  const occ = state.occ!;
  let n = 0;
  for (let k = last; k >= 0; k = occ[k + 3]) n++;
  const list: Message[] = new Array(n);
  const r = viewReader(state);
  for (let k = last; k >= 0; k = occ[k + 3]) list[--n] = childView(state, plan, r, k);
  return list;
}

/** Decodes the recorded occurrences of a field with its eager field decoder. */
function decodeWithFieldDecoder(state: ViewState, field: DescField, dec: NonNullable<Slot["decoder"]>, holderValue: unknown, last: number): unknown {
  const name = field.oneof ? field.oneof.localName : field.localName;
  const holder: Record<string, unknown> = { [name]: holderValue };
  const r = viewReader(state);
  const occ = state.occ!;
  for (const k of chain(occ, last)) {
    r.pos = occ[k];
    r.len = occ[k + 1];
    dec(holder, r, occ[k + 2] & 7, state.depth, state.ctx);
  }
  return holder[name];
}

/**
 * Decodes a slot on first access; `last` is the index in `state.occ` of its last occurrence.
 * Lists, maps, oneof objects and JSON values are mutable: a view hands them out as they are
 * (see view-change.ts for how their changes are found).
 */
export function decodeSlot(state: ViewState, slot: Slot, last: number): unknown {
  const occ = state.occ!;
  switch (slot.kind) {
    case SlotKind.String: {
      const r = viewReader(state);
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
      const r = viewReader(state);
      r.pos = occ[last];
      r.len = occ[last + 1];
      return slot.read!(r);
    }
    case SlotKind.Bytes: {
      const r = viewReader(state);
      r.pos = occ[last];
      r.len = occ[last + 1];
      return r.bytes();
    }
    case SlotKind.Message:
      return mergedView(state, (slot.childPlan ??= viewPlan(slot.message!)), last);
    case SlotKind.MessageList:
      return messageList(state, (slot.childPlan ??= viewPlan(slot.message!)), last);
    case SlotKind.MessageMap:
      return decodeMessageMap(state, slot.field as DescField & { fieldKind: "map" }, (slot.childPlan ??= viewPlan(slot.message!)), last);
    case SlotKind.Oneof:
      return decodeOneof(state, slot as OneofSlot, last);
    default: {
      const field = slot.field!;
      const initial = field.fieldKind === "list" ? [] : field.fieldKind === "map" ? {} : undefined;
      return decodeWithFieldDecoder(state, field, slot.decoder!, initial, last);
    }
  }
}

function decodeOneof(state: ViewState, slot: OneofSlot, last: number): unknown {
  const occ = state.occ!;
  const m = slot.members.get(occ[last + 2] >>> 3)!;
  const member = m.field;
  let value: unknown;
  if (m.read !== undefined) {
    // A scalar member: only its last occurrence counts.
    const r = viewReader(state);
    r.pos = occ[last];
    r.len = occ[last + 1];
    value = state.ctx.validated ? m.readValidated!(r) : m.read(r);
  } else if (member.fieldKind === "message" && !isBoxedMember(member)) {
    value = mergedView(state, (m.childPlan ??= viewPlan(member.message)), last);
  } else {
    value = (decodeWithFieldDecoder(state, member, (m.decoder ??= fieldDecoder(member)), { case: undefined }, last) as { value: unknown }).value;
  }
  return { case: member.localName, value };
}

function isBoxedMember(member: DescField): boolean {
  // Oneof members hold messages, except Struct (held as JSON).
  return member.message?.typeName === wktName.Struct && member.parent.typeName !== wktName.Value;
}

function decodeMessageMap(state: ViewState, field: DescField & { fieldKind: "map" }, plan: ViewPlan, last: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const readKey = scalarReader(field.mapKey, false, field.utf8Validation && !state.ctx.validated);
  const keyWireType = scalarWireType(field.mapKey);
  const r = viewReader(state);
  const occ = state.occ!;
  for (const k of chain(occ, last)) {
    r.pos = occ[k];
    r.len = occ[k + 1];
    const end = r.readEnd();
    let key = keyZero(field);
    // The value's content ranges: a value that occurs twice in one entry is merged.
    let value: number[] | undefined;
    while (r.pos < end) {
      const tag = r.rawTag();
      const no = tag >>> 3;
      const wt = tag & 7;
      if (no === 1 && wt === keyWireType) {
        key = String(readKey(r));
      } else if (no === 2 && wt === WireType.LengthDelimited) {
        const vEnd = r.readEnd();
        (value ??= []).push(r.pos, vEnd);
        r.pos = vEnd;
      } else {
        r.skipValue(wt, no, state.ctx.maxDepth - state.depth);
      }
    }
    // An entry without a value gets an empty message, which nests nothing (as in an eager
    // decode, where only a value on the wire counts against the depth limit).
    if (value !== undefined) checkDepth(state, value[0], plan.desc.typeName);
    const [vs, ve] = value ?? [end, end];
    const more = value !== undefined && value.length > 2 ? value.slice(2) : undefined;
    setOwnProperty(out, key, newView(plan, state.buf, vs, ve, more, state.depth + 1, state.ctx, state));
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
