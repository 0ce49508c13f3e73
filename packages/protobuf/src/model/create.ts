/**
 * `create()`: new messages, from nothing or from an init object.
 */
import type { DescField, DescMessage } from "../descriptors/types.js";
import type { Message, MessageInitShape, MessageShape } from "../types.js";
import { zeroMessageFactory } from "./zero-message.js";
import { setOwnProperty } from "./map-key.js";
import { ProtobufError } from "../wire/errors.js";
import { structToJson } from "./boxing.js";
import { Boxing, elementBoxing, fieldBoxing } from "./boxing-kind.js";
import { typeRecord } from "./type-record.js";
import { ScalarType } from "../descriptors/scalar.js";

/** @internal */
declare module "./type-record.js" {
  /** The slot this module fills in every type record. */
  interface RecordSlots {
    init: readonly InitStep[];
  }
}

/**
 * Creates a new message of the given schema, with every field at its default value, and
 * sets the fields given in `init`. Nested messages in `init` may be init objects as well.
 * If `init` already is a message of this schema, it is returned as is. As in protobuf-es,
 * lists and maps of scalars (and enums) in `init` are taken as they are, not copied: the
 * message holds the same arrays and objects; lists and maps of messages, and of bytes (where
 * a `number[]` becomes a `Uint8Array`), are converted.
 */
export function create<Desc extends DescMessage>(schema: Desc, init?: MessageInitShape<Desc>): MessageShape<Desc> {
  if (init !== undefined && isMessageOf(init, schema)) {
    return init as unknown as MessageShape<Desc>;
  }
  const msg = zeroMessageFactory(schema)();
  if (init !== undefined) {
    initMessage(schema, msg, init as Record<string, unknown>);
  }
  return msg as unknown as MessageShape<Desc>;
}

function isMessageOf(value: unknown, schema: DescMessage): boolean {
  return typeof value === "object" && value !== null && (value as Partial<Message>).$typeName === schema.typeName;
}

const objectPrototype = Object.prototype as unknown as Record<string, unknown>;

/** Converts an init value to what a message holds; members without one take the value as it is. */
type Convert = (value: unknown) => unknown;

interface InitStep {
  readonly name: string;
  /** The conversion of the member's value, or undefined to take it as it is. */
  readonly convert: Convert | undefined;
  /** For a oneof: the conversions of its members' values, by the members' local names. */
  readonly cases: ReadonlyMap<string, Convert> | undefined;
  /** The member's name in the .proto file (for errors). */
  readonly protoName: string;
  /** The name is inherited by plain objects (e.g. "hasOwnProperty"): only an own property counts. */
  readonly inherited: boolean;
}

/** The steps that set a message's members from an init object, compiled once per type. */
function initPlan(schema: DescMessage): readonly InitStep[] {
  const rec = typeRecord(schema);
  return (rec.init ??= schema.members.map(
    (member): InitStep => ({
      name: member.localName,
      convert: member.kind === "oneof" ? undefined : converter(member),
      cases: member.kind === "oneof" ? new Map(member.fields.map((f) => [f.localName, converter(f) ?? ((v) => v)])) : undefined,
      protoName: member.name,
      inherited: member.localName in objectPrototype,
    }),
  )) as readonly InitStep[];
}

/**
 * The conversion of a field's init value: messages are made from init objects, lists and maps
 * of messages and of bytes are copied with their values converted; scalars, enums, and lists
 * and maps of them are taken as they are (as in protobuf-es).
 */
function converter(field: DescField): Convert | undefined {
  const element = elementConverter(field);
  if (element === undefined) return undefined;
  switch (field.fieldKind) {
    case "list":
      return (v) => (v as unknown[]).map(element);
    case "map":
      return (v) => {
        const src = v as Record<string, unknown>;
        const map: Record<string, unknown> = {};
        const keys = Object.keys(src);
        for (let i = 0; i < keys.length; i++) setOwnProperty(map, keys[i], element(src[keys[i]]));
        return map;
      };
    default:
      return element;
  }
}

/** The conversion of a singular value, list element or map value of a field. */
function elementConverter(field: DescField): Convert | undefined {
  const desc = field.message;
  // A bytes value given as an array of numbers becomes a Uint8Array, as in protobuf-es.
  if (desc === undefined) return field.scalar === ScalarType.BYTES ? toBytes : undefined;
  switch (field.fieldKind === "message" ? fieldBoxing(field) : elementBoxing(field)) {
    case Boxing.Wrapper:
      // Held as its primitive: a wrapper message's value, or the primitive (BytesValue: number[] too).
      return (v) => toBytes(isMessageOf(v, desc) ? (v as { value: unknown }).value : v);
    case Boxing.Struct:
      // Held as a JSON object.
      return (v) => (isMessageOf(v, desc) ? structToJson(v as Message) : v);
    default:
      return (v) => create(desc, v as Record<string, unknown>);
  }
}

function toBytes(v: unknown): unknown {
  return Array.isArray(v) ? new Uint8Array(v as number[]) : v;
}

function initMessage(schema: DescMessage, msg: Record<string, unknown>, init: Record<string, unknown>): void {
  const steps = initPlan(schema);
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    const name = step.name;
    // Names like "hasOwnProperty" are not escaped: a plain init object inherits them from
    // Object.prototype, and they are not field values.
    if (step.inherited && !Object.prototype.hasOwnProperty.call(init, name)) continue;
    const value = init[name];
    if (value === undefined || value === null) continue;
    const cases = step.cases;
    if (cases === undefined) {
      msg[name] = step.convert === undefined ? value : step.convert(value);
    } else {
      const o = value as { case?: string; value?: unknown };
      if (o.case === undefined) continue;
      const convert = cases.get(o.case);
      if (convert === undefined) {
        throw new ProtobufError(`cannot create ${schema.typeName}: oneof ${step.protoName} has no case "${o.case}"`);
      }
      msg[name] = { case: o.case, value: convert(o.value) };
    }
  }
  const unknown = init.$unknown as Message["$unknown"];
  if (unknown !== undefined && unknown.length > 0) {
    msg.$unknown = unknown.slice();
  }
}
