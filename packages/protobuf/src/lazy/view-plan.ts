/**
 * The compiled plan of views of one message type: a slot per field (and per oneof), built once
 * per message type and kept in its type record. The scan that fills the slots is in
 * view-scan.ts; decoding a slot on first access in view-slots.ts; the view class in view-class.ts.
 */
import type { DescField, DescMessage, DescOneof } from "../descriptors/types.js";
import { Edition, FieldPresence } from "../descriptors/edition.js";
import { ScalarType } from "../descriptors/scalar.js";
import { WireType } from "../wire/wire-type.js";
import { factsOf, hasRequiredInTree, typeRecord } from "../model/type-record.js";
import { fieldDecoder, type FieldDecoder } from "../binary/decoder.js";
import { scalarReader, type ScalarReader } from "../binary/scalar.js";
import { scalarZeroValue } from "../model/scalar-values.js";
import { Boxing, elementBoxing, fieldBoxing } from "../model/boxing-kind.js";
import type { ViewState } from "./view-state.js";

/** @internal */
declare module "../model/type-record.js" {
  /** The slot this module fills in every type record. */
  interface RecordSlots {
    viewPlan: ViewPlan;
  }
}

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
  /**
   * The slot's value is a mutable container that a view hands out (a list, a map, a oneof
   * object, a Struct's JSON object): changes to it are found by comparison (view-change.ts).
   */
  readonly container: boolean;
  /** The container holds JSON values (Struct), which are compared deeply. */
  readonly deep: boolean;
}

/** Creates a view object for a state; `state.view` is set by the caller. */
export type ViewConstructor = new (state: ViewState) => object;

/** The plan of views of a message type. */
export interface ViewPlan {
  readonly desc: DescMessage;
  /** The class of the type's views, once built (view-class.ts). */
  View: ViewConstructor | undefined;
  readonly slots: readonly Slot[];
  /** Slots by field number below 256 (a oneof's slot under each member's number). */
  readonly dense: readonly (Slot | undefined)[];
  /** Slots by field number from 256 on. */
  readonly sparse: ReadonlyMap<number, Slot>;
  /** Some slots are decoded during the scan (their lists, maps and oneofs are frozen after it). */
  readonly decodesDuringScan: boolean;
  /**
   * The type or a type it holds has required fields: a view's bytes do not stand for it
   * when written, since encoding must check that they are set.
   */
  readonly requiredInTree: boolean;
  /**
   * The length to allocate a view's slot array with: the slots, and room for as many
   * occurrence records as the type's recent views needed (up to a limit), so that the array
   * does not grow while it is filled.
   */
  size: number;
  /** The encoders of the fields of changed views, by field number (view-encode.ts), once needed. */
  encoders: unknown[] | undefined;
}

// The value of an absent container until it is handed out (then a fresh one is: see
// view-change.ts); never handed out themselves.
const emptyList: readonly unknown[] = Object.freeze([]);
const emptyMap: Readonly<Record<string, unknown>> = Object.freeze({});
const noCase = Object.freeze({ case: undefined });

/** A fresh, mutable value for an absent container slot (an empty list, map or oneof). */
export function emptyContainer(slot: Slot): unknown {
  if (slot.kind === SlotKind.Oneof) return { case: undefined };
  const field = slot.field!;
  return field.fieldKind === "list" ? [] : field.fieldKind === "map" ? {} : undefined;
}

let classBuilder: ((plan: ViewPlan) => ViewConstructor) | undefined;

/**
 * Registers the builder of view classes (view-class.ts registers itself when loaded: a plan
 * cannot import its class, since the class uses plans).
 */
export function setViewClassBuilder(build: (plan: ViewPlan) => ViewConstructor): void {
  classBuilder = build;
}

/** The class of the plan's views, built on first use. */
export function viewConstructor(plan: ViewPlan): ViewConstructor {
  return plan.View ?? classBuilder!(plan);
}

/** The view plan of a message type, compiled on first use. */
export function viewPlan(desc: DescMessage): ViewPlan {
  const rec = typeRecord(desc);
  return (rec.viewPlan ??= buildPlan(desc)) as ViewPlan;
}

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
  return {
    desc,
    View: undefined,
    slots,
    dense,
    sparse,
    decodesDuringScan,
    requiredInTree: hasRequiredInTree(desc),
    size: slots.length,
    encoders: undefined,
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
      if ((field.presence as number) === FieldPresence.EXPLICIT && (field.parent.file.edition as number) === Edition.EDITION_PROTO3) return undefined;
      return field.getDefaultValue() ?? field.enum.values[0]?.number ?? 0;
    case "scalar": {
      // proto3 explicit presence reads undefined; proto2 and editions read the default.
      if ((field.presence as number) === FieldPresence.EXPLICIT && (field.parent.file.edition as number) === Edition.EDITION_PROTO3) return undefined;
      // Like the default on an eager message's prototype, a bytes default is shared.
      return field.getDefaultValue() ?? scalarZeroValue(field.scalar, field.longAsString);
    }
  }
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
  const struct = fieldBoxing(field) === Boxing.Struct || elementBoxing(field) === Boxing.Struct;
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
    utf8Verify: field.fieldKind === "scalar" && field.scalar === ScalarType.STRING && field.utf8Validation,
    message: spec.message,
    childPlan: undefined,
    container: field.fieldKind === "list" || field.fieldKind === "map" || struct,
    deep: struct,
  };
}

function fieldSlot(index: number, field: DescField): Slot {
  const facts = factsOf(field);
  const mask = 1 << facts.wireType;
  if (facts.closedEnum !== undefined) {
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
      if (facts.boxing === Boxing.None) return makeSlot(index, field, { kind: SlotKind.Message, wireTypes: mask, message: field.message });
      // Wrappers are unboxed to scalars (which a slot cannot tell from an occurrence index),
      // so they are decoded during the scan; Struct (a JSON object) on first access.
      return makeSlot(index, field, {
        kind: facts.boxing === Boxing.Struct ? SlotKind.LazyDecoded : SlotKind.EagerDecoded,
        wireTypes: facts.boxing === Boxing.Struct ? mask : 0xff,
        decoder: fieldDecoder(field),
      });
    case "list":
      if (field.listKind === "message" && facts.boxing === Boxing.None) {
        return makeSlot(index, field, { kind: SlotKind.MessageList, wireTypes: mask, message: field.message });
      }
      return makeSlot(index, field, {
        kind: SlotKind.LazyDecoded,
        wireTypes: facts.packable ? mask | (1 << WireType.LengthDelimited) : mask,
        decoder: fieldDecoder(field),
      });
    case "map":
      if (field.mapKind === "message" && facts.boxing === Boxing.None) {
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
  /**
   * Reads a scalar member (not a closed enum) during the scan (or on first access, a string of
   * trusted input that is not valid UTF-8): checking UTF-8, and without the check (for
   * validated input). Undefined for other members.
   */
  readonly read: ScalarReader | undefined;
  readonly readValidated: ScalarReader | undefined;
  /** A string member whose UTF-8 is checked (`read` throws on invalid UTF-8). */
  readonly verifyUtf8: boolean;
  /** Decodes the member on first access (members that are neither scalars nor child views), once needed. */
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
    const facts = factsOf(f);
    const scalar =
      facts.closedEnum === undefined ? (f.fieldKind === "scalar" ? f.scalar : f.fieldKind === "enum" ? ScalarType.INT32 : undefined) : undefined;
    const longAsString = f.fieldKind === "scalar" && f.longAsString;
    members.set(f.number, {
      field: f,
      wireType: facts.wireType,
      scanDecoder: facts.closedEnum !== undefined ? fieldDecoder(f) : undefined,
      read: scalar === undefined ? undefined : scalarReader(scalar, longAsString, f.utf8Validation),
      readValidated: scalar === undefined ? undefined : scalarReader(scalar, longAsString, false),
      verifyUtf8: scalar === ScalarType.STRING && f.utf8Validation,
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
    container: true,
    deep: oneof.fields.some((f) => f.fieldKind === "message" && fieldBoxing(f) === Boxing.Struct),
    members,
  };
}
