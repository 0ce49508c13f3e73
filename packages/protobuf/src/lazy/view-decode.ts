/**
 * Views: their class (an accessor per field on the prototype), creating them, decoding their
 * fields on first access, and the view protocol through which the other layers use them.
 */
import { wktName } from "../descriptors/wkt-names.js";
import type { DescField, DescMessage } from "../descriptors/types.js";
import type { BinaryReader } from "../wire/binary-reader.js";
import { BinaryDecodeError } from "../wire/errors.js";
import { WireType } from "../wire/wire-type.js";
import type { Message } from "../types.js";
import { fieldDecoder } from "../binary/decoder.js";
import { scalarReader } from "../binary/scalar.js";
import { scalarWireType } from "../descriptors/scalar.js";
import { ScalarType } from "../descriptors/scalar.js";
import { setOwnProperty } from "../model/map-key.js";
import { typeRecord } from "../model/type-record.js";
import { installViewProtocol } from "../model/view-protocol.js";
import { valueIsSet } from "../model/presence.js";
import { FieldPresence } from "../descriptors/edition.js";
import { groupContentEnd } from "../binary/group-end.js";
import { LazyMessageError, viewState, type ViewContext, type ViewState } from "./view-state.js";
import { SlotKind, viewPlan, type OneofSlot, type Slot, type ViewConstructor, type ViewPlan } from "./view-plan.js";
import { scanView, viewReader } from "./view-scan.js";
import { bytesStandFor, viewBytes, writeViewContent, writeViewField } from "./view-bytes.js";
import { eagerOfView } from "./view-materialize.js";
import { mutableCopy } from "./view-mutable.js";
import { ASCII_CACHE_MAX_LENGTH, cachedAscii } from "../wire/ascii-cache.js";

/**
 * Creates a view of a message whose content is [start, end) of `buf` (and the further
 * [start, end) pairs in `more`, for merged occurrences). Nothing is read until a field is.
 */
export function createView(
  desc: DescMessage,
  buf: Uint8Array,
  start: number,
  end: number,
  more: number[] | undefined,
  depth: number,
  ctx: ViewContext,
): Message {
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
  const view = new (plan.View ?? viewClass(plan))(state);
  (state as { view: object }).view = view;
  return view as Message;
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
  const r = viewReader(state);
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
      return Object.freeze(messageList(state, (slot.childPlan ??= viewPlan(slot.message!)), last));
    case SlotKind.MessageMap:
      return Object.freeze(
        decodeMessageMap(state, slot.field as DescField & { fieldKind: "map" }, (slot.childPlan ??= viewPlan(slot.message!)), last),
      );
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
  return member.message?.typeName === wktName.Struct && member.parent.typeName !== wktName.Value;
}

function decodeMessageMap(state: ViewState, field: DescField & { fieldKind: "map" }, plan: ViewPlan, last: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const readKey = scalarReader(field.mapKey, false, field.utf8Verify && !state.ctx.validated);
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
      const tag = r.uint32();
      const no = tag >>> 3;
      const wt = tag & 7;
      if (no === 1 && wt === keyWireType) {
        key = String(readKey(r));
      } else if (no === 2 && wt === WireType.LengthDelimited) {
        const vEnd = r.readEnd();
        (value ??= []).push(r.pos, vEnd);
        r.pos = vEnd;
      } else {
        r.skipValue(wt, no);
      }
    }
    // An entry without a value gets an empty message, which nests nothing (as in an eager
    // decode, where only a value on the wire counts against the depth limit).
    if (value !== undefined) checkDepth(state, value[0]);
    const [vs, ve] = value ?? [end, end];
    const more = value !== undefined && value.length > 2 ? value.slice(2) : undefined;
    setOwnProperty(out, key, newView(plan, state.buf, vs, ve, more, state.depth + 1, state.ctx));
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

/** The state of `view`; throws if `view` is not a lazy view (e.g. a spread copy of one). */
function ownState(view: { [viewState]?: ViewState }, typeName: string): ViewState {
  const s = view[viewState];
  if (s === undefined || s.view !== view) throw new LazyMessageError(`not a lazy view of ${typeName}`);
  return s;
}

/**
 * The class of a type's views, built once: its prototype has an accessor per slot (getters
 * decode on first access; setters throw). Building it installs the type's view protocol.
 */
function viewClass(plan: ViewPlan): ViewConstructor {
  const View = buildViewClass(plan.desc, plan.slots);
  plan.View = View;
  installProtocol(plan, View.prototype);
  return View;
}

function buildViewClass(desc: DescMessage, slots: readonly Slot[]): ViewConstructor {
  class View {
    constructor(state: ViewState) {
      (this as unknown as Record<symbol, ViewState>)[viewState] = state;
    }
  }
  const proto = View.prototype;
  const typeName = desc.typeName;
  const readOnly = (name: string) => () => {
    throw new LazyMessageError(
      `cannot set ${typeName}.${name}: the message is a read-only lazy view (decoded with { lazy: true }); ` +
        `use toMutable(schema, message) to get a mutable copy`,
    );
  };
  Object.defineProperty(proto, "$typeName", { value: typeName, enumerable: true, writable: false, configurable: false });
  for (const slot of slots) {
    Object.defineProperty(proto, slot.name, {
      enumerable: true,
      configurable: false,
      get: slotGetter(slot, typeName),
      set: readOnly(slot.name),
    });
  }
  Object.defineProperty(proto, "$unknown", {
    enumerable: false,
    configurable: false,
    get(this: { [viewState]?: ViewState }) {
      const s = this[viewState];
      if (s === undefined || s.view !== this) return undefined;
      if (s.values === undefined) scanView(s);
      return s.unknown;
    },
    set: readOnly("$unknown"),
  });
  return View;
}

function slotGetter(slot: Slot, typeName: string): (this: { [viewState]?: ViewState }) => unknown {
  const i = slot.index;
  const absent = slot.absent;
  if (slot.kind === SlotKind.Scalar || slot.kind === SlotKind.EagerDecoded) {
    return function (this: { [viewState]?: ViewState }) {
      const s = ownState(this, typeName);
      const v = (s.values ?? scanView(s))[i];
      return v === undefined ? absent : v;
    };
  }
  // Until decoded, the slot holds the index of its last occurrence (decoded values are never numbers).
  return function (this: { [viewState]?: ViewState }) {
    const s = ownState(this, typeName);
    const values = s.values ?? scanView(s);
    const v = values[i];
    if (typeof v === "number") return (values[i] = decodeSlot(s, slot, v));
    return v === undefined ? absent : v;
  };
}

/** Makes the views of the plan's type answer the view protocol (model/view-protocol.ts). */
function installProtocol(plan: ViewPlan, proto: object): void {
  const typeName = plan.desc.typeName;
  installViewProtocol(typeRecord(plan.desc), {
    proto,
    eager: (view) => eagerOfView(ownState(view, typeName)) as unknown as Record<string, unknown>,
    writeContent(view, w, writeUnknown) {
      const s = ownState(view, typeName);
      if (!bytesStandFor(s, writeUnknown)) return false;
      writeViewContent(s, w);
      return true;
    },
    writeField(view, w, no, delimited, writeUnknown) {
      const s = ownState(view, typeName);
      if (!bytesStandFor(s, writeUnknown)) return false;
      writeViewField(s, w, no, delimited);
      return true;
    },
    bytes(view, writeUnknown) {
      const s = ownState(view, typeName);
      return bytesStandFor(s, writeUnknown) ? viewBytes(s) : undefined;
    },
    mutable: (view) => mutableCopy(ownState(view, typeName)),
    isFieldSet(view, field) {
      const s = ownState(view, typeName);
      const values = s.values ?? scanView(s);
      const slot = field.number < plan.dense.length ? plan.dense[field.number] : plan.sparse.get(field.number);
      if (slot === undefined) return false;
      if (field.oneof !== undefined) {
        return (view as Record<string, { case?: string }>)[field.oneof.localName].case === field.localName;
      }
      const v = values[slot.index];
      // Absent from the wire: unset, empty or the zero value, whatever the kind.
      if (v === undefined) return false;
      // Explicit presence: the wire had the field (the getter would read the default).
      if ((field.fieldKind === "scalar" || field.fieldKind === "enum") && field.presence !== FieldPresence.IMPLICIT) return true;
      switch (slot.kind) {
        case SlotKind.Message:
        case SlotKind.MessageList:
        case SlotKind.MessageMap:
          // Every occurrence is a message, list element or map entry.
          return true;
        case SlotKind.LazyDecoded:
          // Every map entry is kept, unless its value is an unknown value of a closed enum.
          if (field.fieldKind === "map" && (field.enum === undefined || field.enum.open)) return true;
          break;
        case SlotKind.String:
        case SlotKind.Bytes:
          if (typeof v === "number") {
            // The last occurrence: [start, end) with its length prefix. One byte is an empty
            // value; a one-byte prefix and more is not.
            const start = s.occ![v];
            const length = s.occ![v + 1] - start;
            if (length === 1) return false;
            if (s.buf[start] < 0x80) return true;
          }
          break;
      }
      // Otherwise the value decides (only this field is decoded).
      return valueIsSet(field, (view as Record<string, unknown>)[field.localName]);
    },
  });
}
