/**
 * `merge()`: merges one message into another, with the semantics of the binary format:
 * the result is what `mergeFromBinary(schema, target, toBinary(schema, source))` gives, except
 * that bytes and messages are taken by reference instead of copied (as in protobuf-es).
 *
 * - scalar and enum fields set in the source replace the target's value;
 * - message fields are merged recursively when set on both sides, else taken from the source;
 * - lists are appended to, maps merged by key (a source entry replaces the target's entry);
 * - a oneof set in the source selects its case; the same message case is merged;
 * - unknown fields (and so extensions, which live there in binary form) are appended.
 *
 * Unboxed well-known types follow their wire form: a wrapper field set in the source replaces
 * the target's value unless the source holds the zero value (the wrapper message is empty on
 * the wire then, and merging an empty wrapper changes nothing); a google.protobuf.Struct field
 * is merged by key, as its map of fields is.
 *
 * Lazy views: a view source is read through its properties and the view protocol (presence);
 * its decoded sub-values that are not views (JSON, ordinary messages) are copied, its sub-views
 * taken by reference (as an ordinary source's messages are). A view target, or a sub-message of
 * the target that is a view, is merged into through the ordinary message that holds its fields
 * (the view stays in place, and is written field by field from then on).
 */
import type { DescField, DescMessage } from "./descriptors/types.js";
import { FieldPresence } from "./descriptors/edition.js";
import { ScalarType } from "./descriptors/scalar.js";
import type { JsonObject, JsonValue, Message, MessageShape, UnknownField } from "./types.js";
import { typeRecord, type TypeRecord } from "./model/type-record.js";
import { writableForm, viewProtocolOf, type ViewProtocol } from "./model/view-protocol.js";
import { Boxing, elementBoxing, fieldBoxing } from "./model/boxing-kind.js";
import { cloneJson } from "./model/boxing.js";
import { setOwnProperty } from "./model/map-key.js";
import { isScalarZeroValue } from "./model/scalar-values.js";
import { ProtobufError } from "./wire/errors.js";
import { clone } from "./clone.js";

/** @internal */
declare module "./model/type-record.js" {
  /** The slot this module fills in every type record. */
  interface RecordSlots {
    merger: readonly Step[];
  }
}

/**
 * Merges message `source` into message `target`, following Protobuf semantics: the same as
 * serializing the source and parsing it into the target with `mergeFromBinary()`, except
 * that bytes and messages of the source are taken by reference instead of copied.
 *
 */
export function merge<Desc extends DescMessage>(schema: Desc, target: MessageShape<Desc>, source: MessageShape<Desc>): void {
  const rec = typeRecord(schema);
  for (const [what, m] of [
    ["target", target],
    ["source", source],
  ] as const) {
    if ((m as Message).$typeName !== schema.typeName) {
      throw new ProtobufError(`cannot merge ${schema.typeName}: the ${what} is a message of ${(m as Message).$typeName}`);
    }
  }
  // A lazy view target is merged into through the ordinary message that holds its fields.
  mergeMessage(rec, writableForm(rec, target) as unknown as Obj, source as unknown as Obj);
}

type Obj = Record<string, unknown>;

/** How one member of a message is merged. */
const enum Kind {
  /** A scalar or enum with implicit presence: taken unless it is the zero value. */
  Implicit,
  /** A scalar or enum with explicit presence: taken if set. */
  Explicit,
  /** A message: merged into the target's, or taken. */
  Message,
  /** An unboxed wrapper: taken, unless it is the zero value and the target has a value. */
  Wrapper,
  /** An unboxed google.protobuf.Struct (a JSON object): merged by key. */
  Struct,
  /** A list of scalars or enums: appended. */
  List,
  /** A list of messages: appended. */
  MessageList,
  /** A list of Struct JSON objects: appended. */
  StructList,
  /** A map with scalar or enum values: merged by key. */
  Map,
  /** A map with message values: merged by key, source values replace the target's. */
  MessageMap,
  /** A map with Struct JSON values. */
  StructMap,
  /** A oneof group. */
  Oneof,
}

interface Step {
  readonly kind: Kind;
  /** The property name. */
  readonly name: string;
  /** The field (undefined for oneofs). */
  readonly field: DescField | undefined;
  /** The scalar type of a scalar, enum (INT32) or wrapper value. */
  readonly scalar: ScalarType | undefined;
  /** Message fields, lists and maps of messages: the value type (resolved on first use). */
  readonly message: DescMessage | undefined;
  /** Oneofs: the step of each member, by local name. */
  readonly cases: ReadonlyMap<string, Step> | undefined;
}

/** The merge steps of a message type, compiled once and kept in its type record. */
function stepsOf(rec: TypeRecord): readonly Step[] {
  return (rec.merger ??= rec.desc.members.map((member): Step => {
    if (member.kind === "oneof") {
      return {
        kind: Kind.Oneof,
        name: member.localName,
        field: undefined,
        scalar: undefined,
        message: undefined,
        cases: new Map(member.fields.map((f) => [f.localName, fieldStep(f)])),
      };
    }
    return fieldStep(member);
  })) as readonly Step[];
}

function fieldStep(field: DescField): Step {
  const step = (kind: Kind, scalar?: ScalarType): Step => ({
    kind,
    name: field.localName,
    field,
    scalar,
    message: field.message,
    cases: undefined,
  });
  switch (field.fieldKind) {
    case "scalar":
      return step((field.presence as number) === FieldPresence.IMPLICIT && field.oneof === undefined ? Kind.Implicit : Kind.Explicit, field.scalar);
    case "enum":
      return step(
        (field.presence as number) === FieldPresence.IMPLICIT && field.oneof === undefined ? Kind.Implicit : Kind.Explicit,
        ScalarType.INT32,
      );
    case "message":
      switch (fieldBoxing(field)) {
        case Boxing.Wrapper:
          return step(Kind.Wrapper, (field.message.fields[0] as { scalar: ScalarType }).scalar);
        case Boxing.Struct:
          return step(Kind.Struct);
        default:
          return step(Kind.Message);
      }
    case "list":
      if (field.listKind !== "message") return step(Kind.List);
      return step(elementBoxing(field) === Boxing.Struct ? Kind.StructList : Kind.MessageList);
    case "map":
      if (field.mapKind !== "message") return step(Kind.Map);
      return step(elementBoxing(field) === Boxing.Struct ? Kind.StructMap : Kind.MessageMap);
  }
}

function mergeMessage(rec: TypeRecord, target: Obj, source: Obj): void {
  // A view source: presence through its protocol; frozen values are copied.
  const vp = viewProtocolOf(rec, source);
  const steps = stepsOf(rec);
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    if (step.kind === Kind.Oneof) {
      mergeOneof(step, target, source, vp !== undefined);
    } else {
      mergeField(step, target, source, vp);
    }
  }
  mergeUnknown(target as Partial<Message>, source as Partial<Message>, vp !== undefined);
}

function mergeField(step: Step, target: Obj, source: Obj, vp: ViewProtocol | undefined): void {
  const name = step.name;
  switch (step.kind) {
    case Kind.Implicit: {
      const v = source[name];
      if (!isScalarZeroValue(step.scalar!, v)) target[name] = v;
      return;
    }
    case Kind.Explicit:
      if (vp !== undefined ? vp.isFieldSet(source, step.field!) : isOwnSet(source, name)) target[name] = source[name];
      return;
    case Kind.List: {
      const from = source[name] as unknown[];
      const n = from.length;
      if (n === 0) return;
      const to = target[name] as unknown[];
      for (let i = 0; i < n; i++) to.push(from[i]);
      return;
    }
    case Kind.Map: {
      const from = source[name] as Obj;
      const to = target[name] as Obj;
      for (const k of Object.keys(from)) setOwnProperty(to, k, from[k]);
      return;
    }
    default: {
      const v = source[name];
      if (v !== undefined) mergeValue(step, target, name, v, vp !== undefined);
    }
  }
}

/**
 * Merges a value of a message, wrapper, Struct, message list or message map field (or oneof
 * member) into `holder[key]`. `fromView`: the value was read from a view (it may be frozen).
 */
function mergeValue(step: Step, holder: Obj, key: string, v: unknown, fromView: boolean): void {
  switch (step.kind) {
    case Kind.Message: {
      const rec = typeRecord(step.message!);
      const t = holder[key];
      if (t === undefined) {
        holder[key] = ownMessage(rec, v, fromView);
        return;
      }
      // A lazy view stays in place; its fields are merged into through the message that holds them.
      mergeMessage(rec, writableForm(rec, t as Obj), v as Obj);
      return;
    }
    case Kind.Wrapper:
      // An empty wrapper on the wire: nothing to merge into a value that is there.
      if (holder[key] === undefined || !isScalarZeroValue(step.scalar!, v)) holder[key] = v;
      return;
    case Kind.Struct: {
      const t = holder[key] as JsonObject | undefined;
      if (t === undefined) {
        holder[key] = cloneJson(v as JsonObject);
        return;
      }
      const from = v as JsonObject;
      for (const k of Object.keys(from)) setOwnProperty(t, k, cloneJson(from[k]));
      return;
    }
    case Kind.MessageList: {
      const rec = typeRecord(step.message!);
      const from = v as unknown[];
      const n = from.length;
      const to = holder[key] as unknown[];
      for (let i = 0; i < n; i++) to.push(ownMessage(rec, from[i], fromView));
      return;
    }
    case Kind.StructList: {
      const from = v as JsonValue[];
      const n = from.length;
      const to = holder[key] as unknown[];
      for (let i = 0; i < n; i++) to.push(fromView ? cloneJson(from[i]) : from[i]);
      return;
    }
    case Kind.MessageMap: {
      const rec = typeRecord(step.message!);
      const from = v as Obj;
      const to = holder[key] as Obj;
      for (const k of Object.keys(from)) setOwnProperty(to, k, ownMessage(rec, from[k], fromView));
      return;
    }
    case Kind.StructMap: {
      const from = v as JsonObject;
      const to = holder[key] as Obj;
      for (const k of Object.keys(from)) setOwnProperty(to, k, fromView ? cloneJson(from[k]) : from[k]);
      return;
    }
    default:
      // Scalars and enums (oneof members).
      holder[key] = v;
  }
}

function mergeOneof(step: Step, target: Obj, source: Obj, fromView: boolean): void {
  const name = step.name;
  const src = source[name] as { case: string | undefined; value?: unknown };
  if (src.case === undefined) return;
  const member = step.cases!.get(src.case);
  if (member === undefined) {
    throw new ProtobufError(`cannot merge oneof ${name}: the source selects an unknown case "${src.case}"`);
  }
  const tgt = target[name] as { case: string | undefined; value?: unknown };
  const holder: Obj = { case: src.case, value: tgt.case === src.case ? tgt.value : undefined };
  if (member.kind === Kind.Implicit || member.kind === Kind.Explicit) {
    holder.value = src.value;
  } else {
    mergeValue(member, holder, "value", src.value, fromView);
  }
  // A new object: the target's may be shared or frozen.
  if (tgt.case !== src.case || holder.value !== tgt.value) target[name] = holder;
}

function mergeUnknown(target: Partial<Message>, source: Partial<Message>, fromView: boolean): void {
  const from = source.$unknown;
  if (from === undefined || from.length === 0) return;
  const n = from.length;
  const to: UnknownField[] = target.$unknown ?? (target.$unknown = []);
  // The entries of a view are frozen: copied, as toMutable() does.
  for (let i = 0; i < n; i++) to.push(fromView ? { ...from[i] } : from[i]);
}

/** A message value of the source as the target holds it: frozen values of a view are copied. */
function ownMessage(rec: TypeRecord, v: unknown, fromView: boolean): unknown {
  if (!fromView || viewProtocolOf(rec, v) !== undefined) return v;
  return clone(rec.desc, v as Message);
}

/** Explicit presence on an ordinary message: an own property that is not undefined. */
function isOwnSet(msg: Obj, name: string): boolean {
  return msg[name] !== undefined && Object.prototype.hasOwnProperty.call(msg, name);
}
