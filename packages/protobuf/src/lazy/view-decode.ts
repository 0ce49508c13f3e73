/**
 * Creating views, decoding their fields on first access, and getting their bytes back.
 */
import type { DescField, DescMessage } from "../descriptors/types.js";
import { BinaryReader } from "../wire/binary-reader.js";
import type { BinaryWriter } from "../wire/binary-writer.js";
import { BinaryDecodeError } from "../wire/errors.js";
import { WireType } from "../wire/wire-type.js";
import type { Message } from "../types.js";
import { fieldDecoder, messageDecoder } from "../codecs/binary-decoder.js";
import { scalarReader, scalarWireType } from "../codecs/scalar.js";
import { ScalarType } from "../descriptors/scalar.js";
import { setOwnProperty } from "../codecs/map-key.js";
import { zeroMessageFactory } from "../codecs/zero-message.js";
import { notDecoded, stateOf, viewState, type ViewContext, type ViewState } from "./view-state.js";
import { decodeContext, scanView, slotDecoding, SlotKind, viewPlan, type Slot } from "./view-plan.js";

/** Creates a view of a message whose content is the given [start, end) ranges of `buf`. */
export function createView(desc: DescMessage, buf: Uint8Array, ranges: number[], depth: number, ctx: ViewContext): Message {
  const plan = viewPlan(desc);
  const view = Object.create(plan.proto) as Record<symbol, ViewState>;
  const state: ViewState = {
    view,
    desc,
    buf,
    ranges,
    depth,
    ctx,
    values: new Array(plan.slots.length),
    occurrences: [],
    unknown: undefined,
    eager: undefined,
  };
  view[viewState] = state;
  scanView(plan, state);
  return view as unknown as Message;
}

/** The content range of one recorded occurrence of a message field. */
function contentRange(buf: Uint8Array, start: number, end: number, wt: number): [number, number] {
  const r = new BinaryReader(buf);
  r.pos = start;
  r.len = end;
  if (wt === WireType.StartGroup) {
    // The occurrence ends after the end-group tag; the content ends before it. The tag may
    // be encoded in more bytes than needed (as any varint), so it is found by skipping the
    // group's fields (nested groups are skipped whole), not by its minimal size.
    for (;;) {
      const at = r.pos;
      const tag = r.uint32();
      if ((tag & 7) === WireType.EndGroup) return [start, at];
      r.skip(tag & 7, tag >>> 3);
    }
  }
  r.uint32();
  return [r.pos, end];
}

function childView(state: ViewState, desc: DescMessage, ranges: number[]): Message {
  if (state.depth >= state.ctx.maxDepth) {
    throw new BinaryDecodeError(
      `maximum nesting depth ${state.ctx.maxDepth} exceeded at offset ${ranges[0] ?? 0}`,
      ranges[0] ?? 0,
      state.desc.typeName,
    );
  }
  return createView(desc, state.buf, ranges, state.depth + 1, state.ctx);
}

/** Child views for each recorded occurrence, or one merged view over all of them. */
function occurrenceViews(state: ViewState, desc: DescMessage, occ: number[], merged: boolean): Message[] {
  const views: Message[] = [];
  const ranges: number[] = [];
  for (let i = 0; i < occ.length; i += 4) {
    const [s, e] = contentRange(state.buf, occ[i], occ[i + 1], occ[i + 2]);
    if (merged) ranges.push(s, e);
    else views.push(childView(state, desc, [s, e]));
  }
  return merged ? [childView(state, desc, ranges)] : views;
}

/** Decodes recorded occurrences with the eager field decoder. */
function decodeWithFieldDecoder(state: ViewState, field: DescField, holderValue: unknown, occ: number[]): unknown {
  const dec = fieldDecoder(field);
  const name = field.oneof ? field.oneof.localName : field.localName;
  const holder: Record<string, unknown> = { [name]: holderValue };
  const r = new BinaryReader(state.buf);
  const ctx = decodeContext(state.ctx);
  for (let i = 0; i < occ.length; i += 4) {
    r.pos = occ[i];
    r.len = occ[i + 1];
    dec(holder, r, occ[i + 2], state.depth, ctx);
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

function decodeSlot(state: ViewState, slot: Slot): unknown {
  const occ = state.occurrences[slot.index]!;
  const field = slot.field;
  switch (slot.kind) {
    case SlotKind.Message:
      return occurrenceViews(state, field!.message!, occ, true)[0];
    case SlotKind.MessageList:
      return Object.freeze(occurrenceViews(state, field!.message!, occ, false));
    case SlotKind.MessageMap:
      return Object.freeze(decodeMessageMap(state, field as DescField & { fieldKind: "map" }, occ));
    case SlotKind.Oneof: {
      const no = occ[occ.length - 1];
      const member = slot.oneof!.fields.find((f) => f.number === no)!;
      const value =
        member.fieldKind === "message" && member.message !== undefined && !isBoxedMember(member)
          ? occurrenceViews(state, member.message, occ, true)[0]
          : (decodeWithFieldDecoder(state, member, { case: undefined }, occ) as { value: unknown }).value;
      return Object.freeze({ case: member.localName, value: deepFreeze(value) });
    }
    default: {
      const initial = field!.fieldKind === "list" ? [] : field!.fieldKind === "map" ? {} : undefined;
      return deepFreeze(decodeWithFieldDecoder(state, field!, initial, occ));
    }
  }
}

function isBoxedMember(member: DescField): boolean {
  // Oneof members hold messages, except Struct (held as JSON).
  return member.message?.typeName === "google.protobuf.Struct" && member.parent.typeName !== "google.protobuf.Value";
}

function decodeMessageMap(state: ViewState, field: DescField & { fieldKind: "map" }, occ: number[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const readKey = scalarReader(field.mapKey, false, field.utf8Verify);
  const keyWireType = scalarWireType(field.mapKey);
  const r = new BinaryReader(state.buf);
  for (let i = 0; i < occ.length; i += 4) {
    r.pos = occ[i];
    r.len = occ[i + 1];
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
        r.skip(wt, no);
      }
    }
    setOwnProperty(out, key, childView(state, field.message!, value ?? [end, end]));
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

slotDecoding.decode = decodeSlot;

/** Writes a view as the value of a message field (tag included): its original bytes. */
export function writeViewField(state: ViewState, w: BinaryWriter, no: number, delimited: boolean): void {
  const { buf, ranges } = state;
  for (let i = 0; i < ranges.length; i += 2) {
    const content = buf.subarray(ranges[i], ranges[i + 1]);
    if (delimited) {
      w.tag(no, WireType.StartGroup).raw(content).tag(no, WireType.EndGroup);
    } else {
      w.tag(no, WireType.LengthDelimited).bytes(content);
    }
  }
}

/** A copy of a view's original bytes. */
export function viewBytes(state: ViewState): Uint8Array {
  const { buf, ranges } = state;
  let len = 0;
  for (let i = 0; i < ranges.length; i += 2) len += ranges[i + 1] - ranges[i];
  const out = new Uint8Array(len);
  let off = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    out.set(buf.subarray(ranges[i], ranges[i + 1]), off);
    off += ranges[i + 1] - ranges[i];
  }
  return out;
}

/**
 * Decodes a view fully into an eager message that holds no reference to the input: its
 * bytes are copied first, so bytes fields point into the copy.
 */
export function materializeView(state: ViewState): Message {
  const desc = state.desc;
  const msg = zeroMessageFactory(desc)();
  const bytes = viewBytes(state);
  const r = new BinaryReader(bytes);
  messageDecoder(desc)(msg, r, r.len, 0, state.depth, decodeContext(state.ctx));
  return msg;
}

/** The eager form of a message: the message itself, or the materialized view (cached). */
export function eagerOf<T>(message: T): T {
  const s = stateOf(message);
  if (s === undefined) return message;
  return (s.eager ??= materializeView(s)) as T;
}

export { notDecoded };
