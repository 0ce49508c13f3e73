/**
 * Decoding one level of a view: on the first read (or write) of any of its fields, one pass
 * over the view's bytes decodes its fields into an ordinary message of the type (the view's
 * own storage), the way the eager decoder does and with the eager decoder's field decoders —
 * except that sub-messages (singular, list elements, map values, oneof members) become child
 * views of their byte ranges, decoded in turn when they are read, or copied as bytes when they
 * are written untouched.
 */
import type { DescField, DescMessage } from "../descriptors/types.js";
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
import { viewConstructor, viewPlan, type LevelTable, type ViewPlan } from "./view-plan.js";

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
    dirty: false,
    watch: false,
    shadows: undefined,
    own: undefined,
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
    if (more !== undefined) for (let i = 0; i < more.length; i += 2) decodeRange(plan.desc.typeName, table, own, r, more[i], more[i + 1], state.depth, ctx);
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
    const dec = levelFieldDecoder(field, slot, checkUtf8);
    if (field.number < DENSE_LIMIT) dense[field.number] = dec;
    else (sparse ??= new Map()).set(field.number, dec);
  }
  return { dense, sparse };
}

/** Sub-messages become child views; everything else is decoded by the eager field decoder. */
function levelFieldDecoder(field: DescField, slot: number, checkUtf8: boolean): FieldDecoder {
  switch (field.fieldKind) {
    case "message":
      if (fieldBoxing(field) !== Boxing.None) break;
      return field.oneof ? oneofViewDecoder(field, slot) : messageViewDecoder(field, slot);
    case "list":
      if (field.listKind === "message" && factsOf(field).boxing === Boxing.None) return listViewDecoder(field, slot);
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
  return newView(plan, p.buf, rangeStart, rangeEnd, undefined, p.depth + 1, p.ctx, p, slot);
}

/** A view over the ranges of `prev` (a child view made in this level decode) and the range just read: protobuf merges the occurrences. */
function mergedView(prev: Message): Message {
  const s = (prev as unknown as { [viewState]: ViewState })[viewState];
  const more = s.more === undefined ? [rangeStart, rangeEnd] : [...s.more, rangeStart, rangeEnd];
  return newView(s.plan, s.buf, s.start, s.end, more, s.depth, s.ctx, s.parent, s.slot);
}

function messageViewDecoder(field: DescField & { fieldKind: "message" }, slot: number): FieldDecoder {
  const name = field.localName;
  const expected = factsOf(field).wireType;
  const no = field.number;
  let plan: ViewPlan | undefined;
  return (msg, r, wt) => {
    if (wt !== expected) return false;
    readRange(r, wt, no);
    const prev = msg[name];
    msg[name] = prev === undefined ? childView((plan ??= viewPlan(field.message)), slot) : mergedView(prev);
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

function listViewDecoder(field: DescField & { fieldKind: "list" }, slot: number): FieldDecoder {
  const name = field.localName;
  const expected = factsOf(field).wireType;
  const no = field.number;
  let plan: ViewPlan | undefined;
  return (msg, r, wt) => {
    if (wt !== expected) return false;
    readRange(r, wt, no);
    (msg[name] as unknown[]).push(childView((plan ??= viewPlan(field.message!)), slot));
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
    if (value === undefined) value = newView((plan ??= viewPlan(field.message!)), p.buf, end, end, undefined, p.depth + 1, p.ctx, p, slot);
    setOwnProperty(msg[name] as Record<string, unknown>, key, value);
    return true;
  };
}
