/**
 * The compiled plan of views of one message type: a slot per field (and per oneof), built once
 * per message type and kept in its type record. Decoding a view's level is in view-level.ts;
 * the view class in view-class.ts.
 */
import type { DescField, DescMessage, DescOneof } from "../descriptors/types.js";
import { hasRequiredInTree, typeRecord } from "../model/type-record.js";
import { Boxing, elementBoxing, fieldBoxing } from "../model/boxing-kind.js";
import type { FieldDecoder } from "../binary/decoder.js";
import type { ZeroMessageFactory } from "../model/zero-message.js";
import type { ScalarReader } from "../binary/scalar.js";
import { ScalarType } from "../descriptors/scalar.js";
import { WireType } from "../wire/wire-type.js";
import { factsOf } from "../model/type-record.js";
import type { ViewState } from "./view-state.js";

/** What a slot's value is, as far as the change model (view-change.ts) cares. */
export const enum SlotKind {
  /** A scalar, enum, bytes, string, wrapper or Struct value, or a list or map of them. */
  Value,
  /**
   * A singular string, bytes or 64-bit integer field (not in a oneof): its value may be left
   * on the wire by the level decode, and decoded when it is first read (view-level.ts).
   */
  Deferred,
  /** A singular message field: a child view. */
  Message,
  /** A list of messages: child views. */
  MessageList,
  /** A map with message values: child views. */
  MessageMap,
  /** A oneof: a `{ case, value }` object whose value may be a child view. */
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
  /**
   * The slot's value is a mutable container that a view hands out (a list, a map, a oneof
   * object, a Struct's JSON object): changes to it are found by comparison (view-change.ts).
   */
  readonly container: boolean;
  /** The container holds JSON values (Struct), which are compared deeply. */
  readonly deep: boolean;
  /** Message and MessageList slots: the message type, and its view plan once needed. */
  readonly message: DescMessage | undefined;
  childPlan: ViewPlan | undefined;
  /** Message and MessageList slots: the messages are groups (delimited encoding). */
  readonly delimited: boolean;
  /** Deferred slots: read the value, without and with a UTF-8 check (set when a level table is built). */
  read: ScalarReader | undefined;
  readChecked: ScalarReader | undefined;
  /** The slot's bit in `ViewState.pending` when its values may be left on the wire (0: never). */
  readonly bit: number;
  /** Oneofs: where the shadow of the selected value goes in a view's shadows (view-change.ts). */
  readonly valueAt: number;
}

/** Creates a view object for a state; `state.view` is set by the caller. */
export type ViewConstructor = new (state: ViewState) => object;

/** The field decoders of one level of a view, by field number (see view-level.ts). */
export interface LevelTable {
  readonly dense: readonly (FieldDecoder | undefined)[];
  readonly sparse: ReadonlyMap<number, FieldDecoder> | undefined;
}

/** The plan of views of a message type. */
export interface ViewPlan {
  readonly desc: DescMessage;
  /** The class of the type's views, once built (view-class.ts). */
  View: ViewConstructor | undefined;
  readonly slots: readonly Slot[];
  /**
   * The type or a type it holds has required fields: a view's bytes do not stand for it
   * when written, since encoding must check that they are set.
   */
  readonly requiredInTree: boolean;
  /** The length of a view's shadows: one per slot, one for the unknown fields, one per oneof. */
  readonly shadowSize: number;
  /** The zero message factory of the type (a view's own storage starts as a zero message). */
  zero: ZeroMessageFactory | undefined;
  /** The level decoders for validated and for trusted input, once needed (view-level.ts). */
  validatedLevel: LevelTable | undefined;
  trustedLevel: LevelTable | undefined;
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
  const n = desc.members.length;
  let shadowSize = n + 1;
  for (const member of desc.members)
    slots.push(member.kind === "oneof" ? oneofSlot(slots.length, member, shadowSize++) : fieldSlot(slots.length, member));
  return {
    desc,
    View: undefined,
    slots,
    requiredInTree: hasRequiredInTree(desc),
    shadowSize,
    zero: undefined,
    validatedLevel: undefined,
    trustedLevel: undefined,
  };
}

function fieldSlot(index: number, field: DescField): Slot {
  const struct = fieldBoxing(field) === Boxing.Struct || elementBoxing(field) === Boxing.Struct;
  let kind = SlotKind.Value;
  if (field.fieldKind === "scalar" && !field.oneof && deferrable(field.scalar)) kind = SlotKind.Deferred;
  else if (field.fieldKind === "message" && fieldBoxing(field) === Boxing.None) kind = SlotKind.Message;
  else if (field.fieldKind === "list" && field.listKind === "message" && elementBoxing(field) === Boxing.None) kind = SlotKind.MessageList;
  else if (field.fieldKind === "map" && field.mapKind === "message" && elementBoxing(field) === Boxing.None) kind = SlotKind.MessageMap;
  return {
    index,
    name: field.localName,
    kind,
    field,
    oneof: undefined,
    container: field.fieldKind === "list" || field.fieldKind === "map" || struct,
    deep: struct,
    message: kind === SlotKind.Message || kind === SlotKind.MessageList ? field.message : undefined,
    childPlan: undefined,
    delimited: factsOf(field).wireType === WireType.StartGroup,
    bit: index < 31 && (kind === SlotKind.Deferred || kind === SlotKind.Message || kind === SlotKind.MessageList) ? 1 << index : 0,
    read: undefined,
    readChecked: undefined,
    valueAt: -1,
  };
}

function oneofSlot(index: number, oneof: DescOneof, valueAt: number): Slot {
  return {
    index,
    name: oneof.localName,
    kind: SlotKind.Oneof,
    field: undefined,
    oneof,
    container: true,
    deep: oneof.fields.some((f) => f.fieldKind === "message" && fieldBoxing(f) === Boxing.Struct),
    message: undefined,
    childPlan: undefined,
    delimited: false,
    bit: 0,
    read: undefined,
    readChecked: undefined,
    valueAt,
  };
}

/** Scalar types whose values cost an allocation to decode (strings, bytes, 64-bit integers). */
function deferrable(type: ScalarType): boolean {
  switch (type) {
    case ScalarType.STRING:
    case ScalarType.BYTES:
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
