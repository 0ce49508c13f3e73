/**
 * Decoding one level of a view: on the first read (or write) of any of its fields, one pass
 * over the view's bytes decodes its fields into an ordinary message of the type (the view's
 * own storage), the way the eager decoder does and with the eager decoder's field decoders —
 * except that sub-messages (singular, list elements, map values, oneof members) become child
 * views of their byte ranges, decoded in turn when they are read, or copied as bytes when they
 * are written untouched.
 */
import type { DescField } from "../descriptors/types.js";
import { ScalarType, scalarWireType } from "../descriptors/scalar.js";
import { BinaryReader } from "../wire/binary-reader.js";
import { BinaryDecodeError } from "../wire/errors.js";
import { WireType } from "../wire/wire-type.js";
import type { Message, UnknownField } from "../types.js";
import { factsOf } from "../model/type-record.js";
import { Boxing, fieldBoxing } from "../model/boxing-kind.js";
import { zeroMessageFactory } from "../model/zero-message.js";
import { setOwnProperty } from "../model/map-key.js";
import { fieldDecoder, type FieldDecoder } from "../binary/decoder.js";
import { scalarReader } from "../binary/scalar.js";
import { groupContentEnd } from "../binary/group-end.js";
import { viewState, type ViewContext, type ViewState } from "./view-state.js";
import { SlotKind, viewConstructor, viewPlan, type LevelTable, type Slot, type ViewPlan } from "./view-plan.js";

/** Field numbers below this are dispatched through an array; larger ones through a Map. */
const DENSE_LIMIT = 256;

/**
 * Creates a view of a message whose content is [start, end) of `buf` (and the further
 * [start, end) pairs in `more`, for merged occurrences). Nothing is read until a field is.
 */
export function newView(
  plan: ViewPlan,
  buf: Uint8Array,
  start: number,
  end: number,
  more: number[] | undefined,
  depth: number,
  ctx: ViewContext,
  parent: ViewState | undefined,
  slot: number,
  at: number,
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
    eager: undefined,
    parent,
    slot,
    at,
    dirty: false,
    self: false,
    watch: false,
    shadows: undefined,
    own: undefined,
    pending: 0,
  };
  const view = new (plan.View ?? viewConstructor(plan))(state);
  (state as { view: object }).view = view;
  return view as Message;
}

/**
 * A reader over the view's input, shared by the level decodes of the views of one decode
 * call (which never nest), so that they share one reader (and its DataView). It is kept in
 * their context, so it lives as long as they do.
 */
function viewReader(state: ViewState): BinaryReader {
  const ctx = state.ctx;
  let r = ctx.reader;
  if (r === undefined || r.buf !== state.buf) r = ctx.reader = new BinaryReader(state.buf);
  return r;
}

/** Where the tag of the field being decoded starts (for the child views of the level). */
let tagAt = 0;

/** The view whose level is being decoded (level decodes never nest). */
let parent: ViewState = undefined as unknown as ViewState;

/**
 * Decodes the view's level into its own storage (see above) and returns it. Unknown fields
 * are kept as the eager decoder keeps them; their entries are frozen (a change to an entry
 * could not be found: replace an entry instead).
 */
export function decodeLevel(state: ViewState): Record<string, unknown> {
  const plan = state.plan;
  const ctx = state.ctx;
  const table = ctx.validated ? (plan.validatedLevel ??= buildLevel(plan, false)) : (plan.trustedLevel ??= buildLevel(plan, true));
  const own = (plan.zero ??= zeroMessageFactory(plan.desc))() as Record<string, unknown>;
  const r = viewReader(state);
  parent = state;
  try {
    decodeRange(plan.desc.typeName, table, own, r, state.start, state.end, state.depth, ctx);
    const more = state.more;
    if (more !== undefined)
      for (let i = 0; i < more.length; i += 2) decodeRange(plan.desc.typeName, table, own, r, more[i], more[i + 1], state.depth, ctx);
  } finally {
    // Not kept: it would keep the input alive.
    parent = undefined as unknown as ViewState;
  }
  const unknown = (own as Partial<Message>).$unknown;
  if (unknown !== undefined) for (const u of unknown) Object.freeze(u);
  state.own = own;
  return own;
}

/** The loop of the eager decoder (binary/decoder.ts) over [start, end), with the level's field decoders. */
function decodeRange(
  typeName: string,
  table: LevelTable,
  own: Record<string, unknown>,
  r: BinaryReader,
  start: number,
  end: number,
  depth: number,
  ctx: ViewContext,
): void {
  const buf = r.buf;
  const dense = table.dense;
  r.pos = start;
  r.len = end;
  let no = 0;
  try {
    while (r.pos < end) {
      const at = r.pos;
      // One-byte tags (field numbers 1-15) are read inline.
      const b = buf[at];
      let tag: number;
      if (b < 0x80) {
        tag = b;
        r.pos = at + 1;
      } else {
        tag = r.uint32();
      }
      no = tag >>> 3;
      const wt = tag & 7;
      if (wt === WireType.EndGroup) throw new BinaryDecodeError(`unexpected end-group tag for field ${no} at offset ${at}`, at);
      if (no === 0) throw BinaryDecodeError.illegalTag(0, wt, at);
      if (wt > 5) throw BinaryDecodeError.illegalTag(no, wt, at);
      const dec = no < dense.length ? dense[no] : table.sparse?.get(no);
      tagAt = at;
      if (dec === undefined || !dec(own, r, wt, depth, ctx)) {
        const data = r.skip(wt, no);
        if (ctx.readUnknown) ((own as Partial<Message>).$unknown ??= []).push({ no, wireType: wt, data } as UnknownField);
      }
    }
  } catch (e) {
    throw e instanceof BinaryDecodeError ? e.withField(typeName, no) : e;
  }
}

function buildLevel(plan: ViewPlan, checkUtf8: boolean): LevelTable {
  const desc = plan.desc;
  let size = 0;
  for (const field of desc.fields) if (field.number < DENSE_LIMIT) size = Math.max(size, field.number + 1);
  const dense: (FieldDecoder | undefined)[] = new Array(size).fill(undefined);
  let sparse: Map<number, FieldDecoder> | undefined;
  for (const field of desc.fields) {
    const slot = plan.slots.findIndex((s) => (field.oneof ? s.oneof === field.oneof : s.field === field));
    const dec = levelFieldDecoder(plan, field, slot, checkUtf8);
    if (field.number < DENSE_LIMIT) dense[field.number] = dec;
    else (sparse ??= new Map()).set(field.number, dec);
  }
  return { dense, sparse };
}

/** Sub-messages become child views; everything else is decoded by the eager field decoder. */
function levelFieldDecoder(plan: ViewPlan, field: DescField, slot: number, checkUtf8: boolean): FieldDecoder {
  switch (field.fieldKind) {
    case "scalar":
      if (plan.slots[slot].bit !== 0) return deferredScalarDecoder(field, plan.slots[slot], checkUtf8);
      break;
    case "message":
      if (fieldBoxing(field) !== Boxing.None) break;
      return field.oneof ? oneofViewDecoder(field, slot) : messageViewDecoder(field, plan.slots[slot]);
    case "list":
      if (field.listKind === "message" && factsOf(field).boxing === Boxing.None) return listViewDecoder(field, plan.slots[slot]);
      break;
    case "map":
      if (field.mapKind === "message" && factsOf(field).boxing === Boxing.None) return mapViewDecoder(field, slot, checkUtf8);
      break;
  }
  return fieldDecoder(field, checkUtf8);
}

// The content range of the sub-message just read by readRange().
let rangeStart = 0;
let rangeEnd = 0;

/**
 * Reads past a sub-message whose tag was just read (length-delimited or a group), noting its
 * content range, after checking the depth limit as the eager decoder does.
 */
function readRange(r: BinaryReader, wt: number, no: number): void {
  const p = parent;
  if (p.depth >= p.ctx.maxDepth) {
    throw new BinaryDecodeError(`maximum nesting depth ${p.ctx.maxDepth} exceeded at offset ${r.pos}`, r.pos, p.plan.desc.typeName);
  }
  if (wt === WireType.StartGroup) {
    const start = r.pos;
    r.skipValue(wt, no);
    rangeStart = start;
    rangeEnd = groupContentEnd(r.buf, start, r.pos);
    return;
  }
  const end = r.readEnd();
  rangeStart = r.pos;
  rangeEnd = end;
  r.pos = end;
}

/** A child view of the range just read, held by the parent's slot `slot`. */
function childView(plan: ViewPlan, slot: number): Message {
  const p = parent;
  return newView(plan, p.buf, rangeStart, rangeEnd, undefined, p.depth + 1, p.ctx, p, slot, tagAt);
}

/** A view over the ranges of `prev` (a child view made in this level decode) and the range just read: protobuf merges the occurrences. */
function mergedView(prev: Message): Message {
  const s = (prev as unknown as { [viewState]: ViewState })[viewState];
  const more = s.more === undefined ? [rangeStart, rangeEnd] : [...s.more, rangeStart, rangeEnd];
  return newView(s.plan, s.buf, s.start, s.end, more, s.depth, s.ctx, s.parent, s.slot, -1);
}

/**
 * The content range of the message whose value (length prefix, or a group's first field)
 * starts at `pos`: checked by the level decode already. Does not use the shared reader (it
 * runs during level decodes too).
 */
function rangeAt(buf: Uint8Array, at: number, slot: Slot): void {
  // Past the tag.
  let pos = at;
  while (buf[pos++] >= 0x80);
  if (slot.delimited) {
    const r = new BinaryReader(buf);
    r.pos = pos;
    r.skipValue(WireType.StartGroup, slot.field!.number);
    rangeStart = pos;
    rangeEnd = groupContentEnd(buf, pos, r.pos);
    return;
  }
  let len = 0;
  let shift = 0;
  let b: number;
  do {
    b = buf[pos++];
    len += (b & 0x7f) * 2 ** shift;
    shift += 7;
  } while (b >= 0x80);
  rangeStart = pos;
  rangeEnd = pos + len;
}

/** The child view of the message whose field occurrence (tag) starts at `at` (left on the wire by the level decode), held by `slot`. */
export function makeDeferred(state: ViewState, slot: Slot, at: number): Message {
  rangeAt(state.buf, at, slot);
  const plan = (slot.childPlan ??= viewPlan(slot.message!));
  return newView(plan, state.buf, rangeStart, rangeEnd, undefined, state.depth + 1, state.ctx, state, slot.index, at);
}

/** Makes the deferred child views of a list of messages (all of them: they are made together). */
export function makeDeferredList(state: ViewState, slot: Slot, list: unknown[]): void {
  for (let j = 0; j < list.length; j++) list[j] = makeDeferred(state, slot, list[j] as number);
}

/** Decodes a deferred scalar whose value starts at `pos` (checked by the level decode already). */
export function decodeDeferred(state: ViewState, slot: Slot, pos: number): unknown {
  const r = viewReader(state);
  r.pos = pos;
  r.len = state.buf.length;
  // Validated input needs no second UTF-8 check.
  return (state.ctx.validated ? slot.read! : slot.readChecked!)(r);
}

/** The view's own storage with every deferred value decoded: for writes, and to hand out whole. */
export function completeOwn(state: ViewState): Record<string, unknown> {
  const own = state.own ?? decodeLevel(state);
  if (state.pending === 0) return own;
  for (const slot of state.plan.slots) {
    if ((state.pending & slot.bit) === 0) continue;
    const v = own[slot.name];
    if (slot.kind === SlotKind.Message) own[slot.name] = makeDeferred(state, slot, v as number);
    else if (slot.kind === SlotKind.Deferred) own[slot.name] = decodeDeferred(state, slot, v as number);
    else makeDeferredList(state, slot, v as unknown[]);
    // Cleared once decoded: a value that fails to decode fails every time.
    state.pending &= ~slot.bit;
  }
  return own;
}

function messageViewDecoder(field: DescField & { fieldKind: "message" }, slot: Slot): FieldDecoder {
  const name = field.localName;
  const expected = factsOf(field).wireType;
  const no = field.number;
  const bit = slot.bit;
  return (msg, r, wt) => {
    if (wt !== expected) return false;
    const pos = tagAt;
    readRange(r, wt, no);
    const p = parent;
    const prev = msg[name];
    if (prev === undefined) {
      if (bit === 0) {
        msg[name] = childView((slot.childPlan ??= viewPlan(field.message)), slot.index);
      } else {
        msg[name] = pos;
        p.pending |= bit;
      }
      return true;
    }
    // A repeated occurrence: one view over both (protobuf merges them).
    const start = rangeStart;
    const end = rangeEnd;
    let first = prev as Message;
    if ((p.pending & bit) !== 0) {
      first = makeDeferred(p, slot, prev as number);
      p.pending &= ~bit;
    }
    rangeStart = start;
    rangeEnd = end;
    msg[name] = mergedView(first);
    return true;
  };
}

/** A deferred string, bytes or 64-bit integer field: short strings are decoded at once, the others left on the wire. */
function deferredScalarDecoder(field: DescField & { fieldKind: "scalar" }, slot: Slot, checkUtf8: boolean): FieldDecoder {
  const bit = slot.bit;
  const name = field.localName;
  const expected = factsOf(field).wireType;
  const read = scalarReader(field.scalar, field.longAsString, checkUtf8 && field.utf8Verify);
  slot.read ??= scalarReader(field.scalar, field.longAsString, false);
  slot.readChecked ??= scalarReader(field.scalar, field.longAsString, field.utf8Verify);
  const no = field.number;
  const isString = field.scalar === ScalarType.STRING;
  return (msg, r, wt) => {
    if (wt !== expected) return false;
    const pos = r.pos;
    // Short strings (keys, names) come from the ASCII cache: as cheap as leaving them.
    if (isString && pos < r.len && r.buf[pos] <= 32) {
      msg[name] = read(r);
      parent.pending &= ~bit;
      return true;
    }
    r.skipValue(wt, no);
    msg[name] = pos;
    parent.pending |= bit;
    return true;
  };
}

function oneofViewDecoder(field: DescField & { fieldKind: "message" }, slot: number): FieldDecoder {
  const oneofName = field.oneof!.localName;
  const caseName = field.localName;
  const expected = factsOf(field).wireType;
  const no = field.number;
  let plan: ViewPlan | undefined;
  return (msg, r, wt) => {
    if (wt !== expected) return false;
    readRange(r, wt, no);
    const o = msg[oneofName] as { case: string | undefined; value?: unknown };
    msg[oneofName] = {
      case: caseName,
      value: o.case === caseName ? mergedView(o.value as Message) : childView((plan ??= viewPlan(field.message)), slot),
    };
    return true;
  };
}

function listViewDecoder(field: DescField & { fieldKind: "list" }, slot: Slot): FieldDecoder {
  const name = field.localName;
  const expected = factsOf(field).wireType;
  const no = field.number;
  const bit = slot.bit;
  return (msg, r, wt) => {
    if (wt !== expected) return false;
    const pos = tagAt;
    readRange(r, wt, no);
    if (bit === 0) {
      (msg[name] as unknown[]).push(childView((slot.childPlan ??= viewPlan(field.message!)), slot.index));
    } else {
      (msg[name] as unknown[]).push(pos);
      parent.pending |= bit;
    }
    return true;
  };
}

function mapViewDecoder(field: DescField & { fieldKind: "map" }, slot: number, checkUtf8: boolean): FieldDecoder {
  const name = field.localName;
  const readKey = scalarReader(field.mapKey, false, checkUtf8 && field.utf8Verify);
  const keyWireType = scalarWireType(field.mapKey);
  const keyZero = field.mapKey === ScalarType.BOOL ? "false" : field.mapKey === ScalarType.STRING ? "" : "0";
  let plan: ViewPlan | undefined;
  return (msg, r, wt) => {
    if (wt !== WireType.LengthDelimited) return false;
    const p = parent;
    const end = r.readEnd();
    const outer = r.len;
    r.len = end;
    let key = keyZero;
    // The value's content ranges: a value that occurs twice in one entry is merged.
    let value: Message | undefined;
    while (r.pos < end) {
      const tag = r.uint32();
      const fno = tag >>> 3;
      const fwt = tag & 7;
      if (fno === 1 && fwt === keyWireType) {
        key = String(readKey(r));
      } else if (fno === 2 && fwt === WireType.LengthDelimited) {
        readRange(r, fwt, 2);
        value = value === undefined ? childView((plan ??= viewPlan(field.message!)), slot) : mergedView(value);
      } else {
        r.skipValue(fwt, fno);
      }
    }
    r.len = outer;
    // An entry without a value gets an empty message, which nests nothing (as in an eager
    // decode, where only a value on the wire counts against the depth limit).
    if (value === undefined) value = newView((plan ??= viewPlan(field.message!)), p.buf, end, end, undefined, p.depth + 1, p.ctx, p, slot, -1);
    setOwnProperty(msg[name] as Record<string, unknown>, key, value);
    return true;
  };
}
