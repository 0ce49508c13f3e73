/**
 * The compiled plan of views of one message type: a slot per field (and per oneof), the
 * prototype whose accessors read the slots, and the scanner that records where each field
 * occurs in the bytes. Built once per message descriptor and cached on it.
 */
import type { DescField, DescMessage, DescOneof } from "../descriptors/types.js";
import { Edition, FieldPresence } from "../descriptors/edition.js";
import { ScalarType } from "../descriptors/scalar.js";
import { BinaryReader } from "../wire/binary-reader.js";
import { BinaryDecodeError } from "../wire/errors.js";
import { WireType } from "../wire/wire-type.js";
import type { UnknownField } from "../types.js";
import { cachedPlan } from "../codecs/plan-cache.js";
import { fieldDecoder, type DecodeContext, type FieldDecoder } from "../codecs/binary-decoder.js";
import { isPackable, scalarReader, scalarWireType, scalarZeroValue, type ScalarReader } from "../codecs/scalar.js";
import { Boxing, elementBoxing, fieldBoxing } from "../codecs/boxing.js";
import { LazyMessageError, notDecoded, viewState, type ViewContext, type ViewState } from "./view-state.js";

/** How a slot's value is produced. */
export const enum SlotKind {
  /** A singular scalar or open enum, decoded when the view is scanned. */
  Scalar,
  /** Decoded when the view is scanned with the eager field decoder (closed enums). */
  EagerDecoded,
  /** Decoded on first access with the eager field decoder (strings, bytes, scalar lists, ...). */
  LazyDecoded,
  /** A singular message field: a child view. */
  Message,
  /** A list of messages: child views. */
  MessageList,
  /** A map with message values: child views. */
  MessageMap,
  /** A oneof: its selected member, decoded on first access. */
  Oneof,
}

/** One property of a view. */
export interface Slot {
  readonly index: number;
  readonly name: string;
  readonly kind: SlotKind;
  /** The field; for a oneof, undefined. */
  readonly field: DescField | undefined;
  readonly oneof: DescOneof | undefined;
  /** The value read when the field is absent. */
  readonly absent: unknown;
  /** Records one occurrence during the scan; false if the wire type does not fit. */
  scan(state: ViewState, r: BinaryReader, wt: number, no: number): boolean;
}

/** The plan of views of a message type. */
export interface ViewPlan {
  readonly desc: DescMessage;
  readonly proto: object;
  readonly slots: readonly Slot[];
  slotFor(no: number): Slot | undefined;
}

const planKey = Symbol("pbjet.viewPlan");
const emptyList: readonly unknown[] = Object.freeze([]);
const emptyMap: Readonly<Record<string, unknown>> = Object.freeze({});
const noCase = Object.freeze({ case: undefined });

/** The view plan of a message type, compiled on first use. */
export function viewPlan(desc: DescMessage): ViewPlan {
  return cachedPlan(desc, planKey, buildPlan);
}

/** Decodes a slot on first access; provided by view-decode.ts (set at module load). */
export const slotDecoding: { decode: (state: ViewState, slot: Slot) => unknown } = {
  decode: () => {
    throw new Error("view decoding not initialized");
  },
};

function buildPlan(desc: DescMessage): ViewPlan {
  const slots: Slot[] = [];
  const byNumber = new Map<number, Slot>();
  for (const member of desc.members) {
    const slot = member.kind === "oneof" ? oneofSlot(slots.length, member) : fieldSlot(slots.length, member);
    slots.push(slot);
    for (const f of member.kind === "oneof" ? member.fields : [member]) byNumber.set(f.number, slot);
  }
  const dense: (Slot | undefined)[] = [];
  for (const [no, slot] of byNumber) if (no < 256) dense[no] = slot;
  const proto = buildPrototype(desc, slots);
  return {
    desc,
    proto,
    slots,
    slotFor: (no) => (no < 256 ? dense[no] : byNumber.get(no)),
  };
}

/** Accessors for every field: getters decode on first access; setters throw. */
function buildPrototype(desc: DescMessage, slots: Slot[]): object {
  const proto: object = {};
  const readOnly = (name: string) => () => {
    throw new LazyMessageError(
      `cannot set ${desc.typeName}.${name}: the message is a read-only lazy view (decoded with { lazy: true }); ` +
        `use toMutable(schema, message) to get a mutable copy`,
    );
  };
  Object.defineProperty(proto, "$typeName", { value: desc.typeName, enumerable: true, writable: false, configurable: false });
  for (const slot of slots) {
    const i = slot.index;
    const absent = slot.absent;
    Object.defineProperty(proto, slot.name, {
      enumerable: true,
      configurable: false,
      get(this: { [viewState]?: ViewState }) {
        const s = this[viewState];
        if (s === undefined || s.view !== this) throw new LazyMessageError(`not a lazy view of ${desc.typeName}`);
        const v = s.values[i];
        if (v === undefined) return absent;
        if (v === notDecoded) return (s.values[i] = slotDecoding.decode(s, slot));
        return v;
      },
      set: readOnly(slot.name),
    });
  }
  Object.defineProperty(proto, "$unknown", {
    enumerable: false,
    configurable: false,
    get(this: { [viewState]?: ViewState }) {
      return this[viewState]?.unknown;
    },
    set: readOnly("$unknown"),
  });
  return proto;
}

/** The value of an absent field, as an eager message of the type would have it. */
function absentValue(field: DescField): unknown {
  switch (field.fieldKind) {
    case "list":
      return emptyList;
    case "map":
      return emptyMap;
    case "message":
      return undefined;
    case "enum":
      if (field.presence === FieldPresence.EXPLICIT && field.parent.file.edition === Edition.EDITION_PROTO3) return undefined;
      return field.getDefaultValue() ?? field.enum.values[0]?.number ?? 0;
    case "scalar": {
      // proto3 explicit presence reads undefined; proto2 and editions read the default.
      if (field.presence === FieldPresence.EXPLICIT && field.parent.file.edition === Edition.EDITION_PROTO3) return undefined;
      // Like the default on an eager message's prototype, a bytes default is shared.
      return field.getDefaultValue() ?? scalarZeroValue(field.scalar, field.longAsString);
    }
  }
}

function recordOccurrence(state: ViewState, i: number, r: BinaryReader, wt: number, no: number, replace: boolean): void {
  const start = r.pos;
  r.skip(wt, no);
  let occ = state.occurrences[i];
  if (occ === undefined || replace) {
    occ = state.occurrences[i] = [];
  }
  occ.push(start, r.pos, wt, no);
  state.values[i] = notDecoded;
}

function expectedWireType(field: DescField): number {
  if (field.fieldKind === "message" || (field.fieldKind === "list" && field.listKind === "message")) {
    return (field as { delimitedEncoding?: boolean }).delimitedEncoding ? WireType.StartGroup : WireType.LengthDelimited;
  }
  if (field.fieldKind === "map") return WireType.LengthDelimited;
  const scalar = field.fieldKind === "enum" || (field.fieldKind === "list" && field.listKind === "enum") ? ScalarType.INT32 : (field.scalar as ScalarType);
  return scalarWireType(scalar);
}

function isClosedEnumField(field: DescField): boolean {
  return field.enum !== undefined && !field.enum.open;
}

function fieldSlot(index: number, field: DescField): Slot {
  const name = field.localName;
  const absent = absentValue(field);
  const expected = expectedWireType(field);
  if (isClosedEnumField(field) || (field.fieldKind === "scalar" && field.scalar !== ScalarType.STRING && field.scalar !== ScalarType.BYTES)) {
    if (field.fieldKind === "scalar") {
      const read: ScalarReader = scalarReader(field.scalar, field.longAsString, false);
      return {
        index, name, kind: SlotKind.Scalar, field, oneof: undefined, absent,
        scan(state, r, wt) {
          if (wt !== expected) return false;
          state.values[index] = read(r);
          return true;
        },
      };
    }
    // Closed enums: unknown values go to the unknown fields, so they are decoded up front.
    return eagerSlot(index, field, absent);
  }
  switch (field.fieldKind) {
    case "message":
      if (fieldBoxing(field) !== Boxing.None) return lazyDecodedSlot(index, field, absent, [expected], false);
      return {
        index, name, kind: SlotKind.Message, field, oneof: undefined, absent,
        scan(state, r, wt, no) {
          if (wt !== expected) return false;
          recordOccurrence(state, index, r, wt, no, false);
          return true;
        },
      };
    case "list":
      if (field.listKind === "message") {
        if (elementBoxing(field) !== Boxing.None) return lazyDecodedSlot(index, field, absent, [expected], false);
        return {
          index, name, kind: SlotKind.MessageList, field, oneof: undefined, absent,
          scan(state, r, wt, no) {
            if (wt !== expected) return false;
            recordOccurrence(state, index, r, wt, no, false);
            return true;
          },
        };
      }
      return lazyDecodedSlot(
        index, field, absent,
        isPackable(field.listKind === "enum" ? ScalarType.INT32 : field.scalar!) ? [expected, WireType.LengthDelimited] : [expected],
        false,
      );
    case "map":
      if (field.mapKind === "message" && elementBoxing(field) === Boxing.None) {
        return {
          index, name, kind: SlotKind.MessageMap, field, oneof: undefined, absent,
          scan(state, r, wt, no) {
            if (wt !== WireType.LengthDelimited) return false;
            recordOccurrence(state, index, r, wt, no, false);
            return true;
          },
        };
      }
      return lazyDecodedSlot(index, field, absent, [WireType.LengthDelimited], false);
    default:
      // Singular strings and bytes: only the last occurrence counts.
      return lazyDecodedSlot(index, field, absent, [expected], true);
  }
}

function lazyDecodedSlot(index: number, field: DescField, absent: unknown, accepted: number[], lastOnly: boolean): Slot {
  return {
    index, name: field.localName, kind: SlotKind.LazyDecoded, field, oneof: undefined, absent,
    scan(state, r, wt, no) {
      if (!accepted.includes(wt)) return false;
      recordOccurrence(state, index, r, wt, no, lastOnly);
      return true;
    },
  };
}

/** A slot decoded during the scan with the eager field decoder, into a scratch holder. */
function eagerSlot(index: number, field: DescField, absent: unknown): Slot {
  const dec: FieldDecoder = fieldDecoder(field);
  const name = field.localName;
  return {
    index, name, kind: SlotKind.EagerDecoded, field, oneof: undefined, absent,
    scan(state, r, wt) {
      const holder = scratchHolder(state, name, field, state.values[index]);
      if (!dec(holder, r, wt, state.depth, decodeContext(state.ctx))) return false;
      state.values[index] = holder[name];
      takeUnknown(state, holder);
      return true;
    },
  };
}

function oneofSlot(index: number, oneof: DescOneof): Slot {
  const expected = new Map(oneof.fields.map((f) => [f.number, expectedWireType(f)]));
  // Records an occurrence of a member, decoded on first access (a message member as a view).
  const record = (state: ViewState, r: BinaryReader, wt: number, no: number): boolean => {
    if (wt !== expected.get(no)) return false;
    // The last member seen wins; repeated occurrences of a message member merge.
    const occ = state.occurrences[index];
    const same = occ !== undefined && occ[occ.length - 1] === no;
    const member = oneof.fields.find((f) => f.number === no)!;
    recordOccurrence(state, index, r, wt, no, !(same && member.fieldKind === "message"));
    return true;
  };
  const closedEnums = oneof.fields.filter(isClosedEnumField);
  if (closedEnums.length > 0) {
    // A closed enum member may route an unknown value to the unknown fields: such members are
    // decoded during the scan. The other members are recorded as usual, so that a message
    // member is a read-only child view, not a mutable message inside the view.
    const decoders = new Map(closedEnums.map((f) => [f.number, fieldDecoder(f)]));
    return {
      index, name: oneof.localName, kind: SlotKind.Oneof, field: undefined, oneof, absent: noCase,
      scan(state, r, wt, no) {
        const dec = decoders.get(no);
        if (dec === undefined) return record(state, r, wt, no);
        const holder: Record<string, unknown> = { [oneof.localName]: { case: undefined } };
        if (!dec(holder, r, wt, state.depth, decodeContext(state.ctx))) return false;
        const value = holder[oneof.localName] as { case: string | undefined };
        if (value.case !== undefined) {
          // A known value selects the enum member, replacing any earlier member.
          state.values[index] = Object.freeze(value);
          (state.occurrences as (number[] | undefined)[])[index] = undefined;
        }
        takeUnknown(state, holder);
        return true;
      },
    };
  }
  return {
    index, name: oneof.localName, kind: SlotKind.Oneof, field: undefined, oneof, absent: noCase,
    scan: record,
  };
}

function scratchHolder(state: ViewState, name: string, field: DescField, current: unknown): Record<string, unknown> {
  let value = current;
  if (value === undefined) {
    value = field.fieldKind === "list" ? [] : field.fieldKind === "map" ? {} : undefined;
  }
  return { [name]: value };
}

function takeUnknown(state: ViewState, holder: { $unknown?: UnknownField[] }): void {
  if (holder.$unknown !== undefined) {
    (state.unknown as UnknownField[] | undefined) ??= [];
    (state.unknown as UnknownField[]).push(...holder.$unknown);
  }
}

const contexts = new WeakMap<ViewContext, DecodeContext>();

/** The eager decoders' context for a view context. */
export function decodeContext(ctx: ViewContext): DecodeContext {
  let dc = contexts.get(ctx);
  if (dc === undefined) {
    dc = { readUnknown: ctx.readUnknown, maxDepth: ctx.maxDepth };
    contexts.set(ctx, dc);
  }
  return dc;
}

/** Records every field of the view's bytes into its slots. */
export function scanView(plan: ViewPlan, state: ViewState): void {
  const r = new BinaryReader(state.buf);
  const ranges = state.ranges;
  for (let i = 0; i < ranges.length; i += 2) {
    r.pos = ranges[i];
    r.len = ranges[i + 1];
    while (r.pos < r.len) {
      const tagAt = r.pos;
      const tag = r.uint32();
      const no = tag >>> 3;
      const wt = tag & 7;
      if (no === 0) throw new BinaryDecodeError(`invalid field number 0 at offset ${tagAt}`, tagAt, plan.desc.typeName);
      if (wt === WireType.EndGroup) {
        throw new BinaryDecodeError(`unexpected end-group tag for field ${no} at offset ${tagAt}`, tagAt, plan.desc.typeName);
      }
      const slot = plan.slotFor(no);
      if (slot === undefined || !slot.scan(state, r, wt, no)) {
        const data = r.skip(wt, no);
        if (state.ctx.readUnknown) {
          (state.unknown as UnknownField[] | undefined) ??= [];
          (state.unknown as UnknownField[]).push({ no, wireType: wt, data });
        }
      }
    }
  }
  // Lists, maps and oneofs decoded during the scan are handed out read-only.
  for (const slot of plan.slots) {
    const v = state.values[slot.index];
    if (slot.kind === SlotKind.EagerDecoded && typeof v === "object" && v !== null) Object.freeze(v);
  }
  if (state.unknown !== undefined) {
    // The entries too: a changed entry would be written by toMutable() copies.
    for (const u of state.unknown) Object.freeze(u);
    Object.freeze(state.unknown);
  }
}
