/**
 * The compiled plan of views of one message type: a slot per field (and per oneof), and the
 * class whose prototype accessors read the slots. Built once per message descriptor and
 * cached on it. The scan that fills the slots is in view-scan.ts; decoding a slot on first
 * access in view-decode.ts.
 */
import type { DescField, DescMessage, DescOneof } from "../descriptors/types.js";
import { Edition, FieldPresence } from "../descriptors/edition.js";
import { ScalarType } from "../descriptors/scalar.js";
import { WireType } from "../wire/wire-type.js";
import { cachedPlan } from "../model/plan-cache.js";
import { fieldDecoder, type FieldDecoder } from "../binary/decoder.js";
import { isPackable, scalarWireType } from "../descriptors/scalar.js";
import { scalarReader, type ScalarReader } from "../binary/scalar.js";
import { scalarZeroValue } from "../model/scalar-values.js";
import { Boxing, elementBoxing, fieldBoxing } from "../model/boxing.js";
import { lazyUse, LazyMessageError, viewState, viewTypeInfo, type ViewState } from "./view-state.js";

/** How a slot's value is produced. */
export const enum SlotKind {
  /** A singular scalar or open enum, decoded when the view is scanned. */
  Scalar,
  /** A singular 64-bit integer (a bigint or a string, never a number), decoded on first access. */
  Scalar64,
  /** Decoded when the view is scanned with the eager field decoder (closed enums, wrappers). */
  EagerDecoded,
  /** Decoded on first access with the eager field decoder (scalar lists, maps, Struct, ...). */
  LazyDecoded,
  /** A singular string, decoded on first access. */
  String,
  /** A singular bytes field, a view of the input on first access. */
  Bytes,
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
  /** The wire types the slot takes, as a bit mask (1 << wire type); oneofs check per member. */
  readonly wireTypes: number;
  /** Only the last occurrence counts (singular strings and bytes). */
  readonly lastOnly: boolean;
  /** Scalar slots: reads the value. */
  readonly read: ScalarReader | undefined;
  /** The eager decoder of the field (EagerDecoded, LazyDecoded). */
  readonly decoder: FieldDecoder | undefined;
  /** String slots: check UTF-8 when decoding bytes that were not validated. */
  readonly utf8Verify: boolean;
  /** The message type of Message, MessageList and MessageMap slots. */
  readonly message: DescMessage | undefined;
  /** The view plan of `message`, once needed (message types may recurse). */
  childPlan: ViewPlan | undefined;
}

/** Creates a view object for a state; `state.view` is set by the caller. */
export type ViewConstructor = new (state: ViewState) => object;

/** The plan of views of a message type. */
export interface ViewPlan {
  readonly desc: DescMessage;
  readonly View: ViewConstructor;
  readonly slots: readonly Slot[];
  /** Slots by field number below 256 (a oneof's slot under each member's number). */
  readonly dense: readonly (Slot | undefined)[];
  /** Slots by field number from 256 on. */
  readonly sparse: ReadonlyMap<number, Slot>;
  /** Some slots are decoded during the scan (their lists, maps and oneofs are frozen after it). */
  readonly decodesDuringScan: boolean;
}

const planKey = Symbol("pbjet.viewPlan");
const emptyList: readonly unknown[] = Object.freeze([]);
const emptyMap: Readonly<Record<string, unknown>> = Object.freeze({});
const noCase = Object.freeze({ case: undefined });

/** The view plan of a message type, compiled on first use. */
export function viewPlan(desc: DescMessage): ViewPlan {
  return cachedPlan(desc, planKey, buildPlan);
}

/**
 * Hooks set at module load by view-scan.ts and view-decode.ts (which import this module):
 * scanning a view's bytes into its slots, and decoding a slot on first access.
 */
export const viewHooks: {
  scan: (state: ViewState) => unknown[];
  decode: (state: ViewState, slot: Slot, at: number) => unknown;
} = {
  scan: () => {
    throw new Error("view scanning not initialized");
  },
  decode: () => {
    throw new Error("view decoding not initialized");
  },
};

function buildPlan(desc: DescMessage): ViewPlan {
  const slots: Slot[] = [];
  const sparse = new Map<number, Slot>();
  const dense: (Slot | undefined)[] = [];
  for (const member of desc.members) {
    const slot = member.kind === "oneof" ? oneofSlot(slots.length, member) : fieldSlot(slots.length, member);
    slots.push(slot);
    for (const f of member.kind === "oneof" ? member.fields : [member]) {
      if (f.number < 256) dense[f.number] = slot;
      else sparse.set(f.number, slot);
    }
  }
  // A packed array of the largest index used, so that lookups stay in bounds checks.
  for (let i = 0; i < dense.length; i++) dense[i] ??= undefined;
  const decodesDuringScan = slots.some((s) => s.kind === SlotKind.EagerDecoded || s.kind === SlotKind.Oneof);
  const View = buildViewClass(desc, slots);
  viewTypeInfo(desc).proto = View.prototype;
  lazyUse.viewPlans = true;
  return { desc, View, slots, dense, sparse, decodesDuringScan };
}

/** The state of `view`; throws if `view` is not a lazy view (e.g. a spread copy of one). */
function ownState(view: { [viewState]?: ViewState }, typeName: string): ViewState {
  const s = view[viewState];
  if (s === undefined || s.view !== view) throw new LazyMessageError(`not a lazy view of ${typeName}`);
  return s;
}

/** A class whose prototype has an accessor per slot: getters decode on first access; setters throw. */
function buildViewClass(desc: DescMessage, slots: Slot[]): ViewConstructor {
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
      if (s.values === undefined) viewHooks.scan(s);
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
      const v = (s.values ?? viewHooks.scan(s))[i];
      return v === undefined ? absent : v;
    };
  }
  // Until decoded, the slot holds the index of its last occurrence (decoded values are never numbers).
  return function (this: { [viewState]?: ViewState }) {
    const s = ownState(this, typeName);
    const values = s.values ?? viewHooks.scan(s);
    const v = values[i];
    if (typeof v === "number") return (values[i] = viewHooks.decode(s, slot, v));
    return v === undefined ? absent : v;
  };
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

/** The wire type a field's values have (packed lists also take LengthDelimited). */
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

interface SlotSpec {
  kind: SlotKind;
  wireTypes: number;
  lastOnly?: boolean;
  read?: ScalarReader;
  decoder?: FieldDecoder;
  message?: DescMessage;
}

function makeSlot(index: number, field: DescField, spec: SlotSpec): Slot {
  return {
    index,
    name: field.localName,
    kind: spec.kind,
    field,
    oneof: undefined,
    absent: absentValue(field),
    wireTypes: spec.wireTypes,
    lastOnly: spec.lastOnly ?? false,
    read: spec.read,
    decoder: spec.decoder,
    utf8Verify: field.fieldKind === "scalar" && field.scalar === ScalarType.STRING && field.utf8Verify,
    message: spec.message,
    childPlan: undefined,
  };
}

function fieldSlot(index: number, field: DescField): Slot {
  const mask = 1 << expectedWireType(field);
  if (isClosedEnumField(field)) {
    // Unknown values of closed enums go to the unknown fields, so they are decoded up front.
    // The decoder checks the wire type itself.
    return makeSlot(index, field, { kind: SlotKind.EagerDecoded, wireTypes: 0xff, decoder: fieldDecoder(field) });
  }
  switch (field.fieldKind) {
    case "scalar":
      if (field.scalar === ScalarType.STRING) return makeSlot(index, field, { kind: SlotKind.String, wireTypes: mask, lastOnly: true });
      if (field.scalar === ScalarType.BYTES) return makeSlot(index, field, { kind: SlotKind.Bytes, wireTypes: mask, lastOnly: true });
      return makeSlot(index, field, {
        kind: is64BitInteger(field.scalar) ? SlotKind.Scalar64 : SlotKind.Scalar,
        wireTypes: mask,
        lastOnly: true,
        read: scalarReader(field.scalar, field.longAsString, false),
      });
    case "enum":
      return makeSlot(index, field, { kind: SlotKind.Scalar, wireTypes: mask, read: scalarReader(ScalarType.INT32, false, false) });
    case "message":
      if (fieldBoxing(field) === Boxing.None) return makeSlot(index, field, { kind: SlotKind.Message, wireTypes: mask, message: field.message });
      // Wrappers are unboxed to scalars (which a slot cannot tell from an occurrence index),
      // so they are decoded during the scan; Struct (a JSON object) on first access.
      return makeSlot(index, field, {
        kind: fieldBoxing(field) === Boxing.Struct ? SlotKind.LazyDecoded : SlotKind.EagerDecoded,
        wireTypes: fieldBoxing(field) === Boxing.Struct ? mask : 0xff,
        decoder: fieldDecoder(field),
      });
    case "list":
      if (field.listKind === "message" && elementBoxing(field) === Boxing.None) {
        return makeSlot(index, field, { kind: SlotKind.MessageList, wireTypes: mask, message: field.message });
      }
      return makeSlot(index, field, {
        kind: SlotKind.LazyDecoded,
        wireTypes: field.listKind !== "message" && isPackable(field.listKind === "enum" ? ScalarType.INT32 : field.scalar!) ? mask | (1 << WireType.LengthDelimited) : mask,
        decoder: fieldDecoder(field),
      });
    case "map":
      if (field.mapKind === "message" && elementBoxing(field) === Boxing.None) {
        return makeSlot(index, field, { kind: SlotKind.MessageMap, wireTypes: mask, message: field.message });
      }
      return makeSlot(index, field, { kind: SlotKind.LazyDecoded, wireTypes: mask, decoder: fieldDecoder(field) });
  }
}

function is64BitInteger(type: ScalarType): boolean {
  switch (type) {
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return true;
    default:
      return false;
  }
}

/** A oneof member's wire type and, for closed enum members, the decoder used during the scan. */
export interface OneofMember {
  readonly field: DescField;
  readonly wireType: number;
  readonly scanDecoder: FieldDecoder | undefined;
  /** Decodes the member on first access (members that are not child views), once needed. */
  decoder: FieldDecoder | undefined;
  /** The view plan of a message member, once needed. */
  childPlan: ViewPlan | undefined;
}

/** Oneof slots carry their members by field number. */
export interface OneofSlot extends Slot {
  readonly members: ReadonlyMap<number, OneofMember>;
}

function oneofSlot(index: number, oneof: DescOneof): OneofSlot {
  const members = new Map<number, OneofMember>();
  for (const f of oneof.fields) {
    members.set(f.number, {
      field: f,
      wireType: expectedWireType(f),
      scanDecoder: isClosedEnumField(f) ? fieldDecoder(f) : undefined,
      decoder: undefined,
      childPlan: undefined,
    });
  }
  return {
    index,
    name: oneof.localName,
    kind: SlotKind.Oneof,
    field: undefined,
    oneof,
    absent: noCase,
    wireTypes: 0xff,
    lastOnly: false,
    read: undefined,
    decoder: undefined,
    utf8Verify: false,
    message: undefined,
    childPlan: undefined,
    members,
  };
}
