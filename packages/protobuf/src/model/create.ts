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

/**
 * Creates a new message of the given schema, with every field at its default value, and
 * sets the fields given in `init`. Nested messages in `init` may be init objects as well.
 * If `init` already is a message of this schema, it is returned as is. As in protobuf-es,
 * lists and maps of scalars (and enums) in `init` are taken as they are, not copied: the
 * message holds the same arrays and objects; lists and maps of messages are converted.
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

/** How one member of a message is set from an init value. */
const enum Init {
  /** Scalars, enums, and lists and maps of them: the value as it is. */
  AsIs,
  /** A message field: a message made from the value. */
  Message,
  /** A wrapper field, held as its primitive: a wrapper message's value, or the primitive. */
  Wrapper,
  /** A Struct field, held as a JSON object. */
  Struct,
  /** A list of messages (or of Struct JSON objects). */
  MessageList,
  /** A map with message (or Struct) values: a copy with converted values. */
  MessageMap,
  /** A oneof: `{ case, value }` with the value converted for its member. */
  Oneof,
}

interface InitStep {
  readonly name: string;
  readonly how: Init;
  readonly field: DescField | undefined;
  /** Oneof members by local name. */
  readonly cases: ReadonlyMap<string, DescField> | undefined;
  /** The member's name in the .proto file (for errors). */
  readonly protoName: string;
  /** The name is inherited by plain objects (e.g. "hasOwnProperty"): only an own property counts. */
  readonly inherited: boolean;
}

/** The steps that set a message's members from an init object, compiled once per type. */
function initPlan(schema: DescMessage): readonly InitStep[] {
  const rec = typeRecord(schema);
  return (rec.init ??= schema.members.map((member): InitStep => {
    const name = member.localName;
    const inherited = name in objectPrototype;
    if (member.kind === "oneof") {
      return {
        name,
        how: Init.Oneof,
        field: undefined,
        cases: new Map(member.fields.map((f) => [f.localName, f])),
        protoName: member.name,
        inherited,
      };
    }
    return { name, how: initKind(member), field: member, cases: undefined, protoName: member.name, inherited };
  })) as readonly InitStep[];
}

function initKind(field: DescField): Init {
  switch (field.fieldKind) {
    case "message":
      switch (fieldBoxing(field)) {
        case Boxing.Wrapper:
          return Init.Wrapper;
        case Boxing.Struct:
          return Init.Struct;
        default:
          return Init.Message;
      }
    case "list":
      return field.listKind === "message" ? Init.MessageList : Init.AsIs;
    case "map":
      return field.mapKind === "message" ? Init.MessageMap : Init.AsIs;
    default:
      return Init.AsIs;
  }
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
    if (step.how === Init.AsIs) {
      msg[name] = value;
    } else if (step.how === Init.Oneof) {
      const o = value as { case?: string; value?: unknown };
      if (o.case === undefined) continue;
      const field = step.cases!.get(o.case);
      if (field === undefined) {
        throw new ProtobufError(`cannot create ${schema.typeName}: oneof ${step.protoName} has no case "${o.case}"`);
      }
      msg[name] = { case: o.case, value: initValue(field, initKind(field), o.value) };
    } else {
      msg[name] = initValue(step.field!, step.how, value);
    }
  }
  const unknown = init.$unknown as Message["$unknown"];
  if (unknown !== undefined && unknown.length > 0) {
    msg.$unknown = unknown.slice();
  }
}

function initValue(field: DescField, how: Init, value: unknown): unknown {
  switch (how) {
    case Init.Message:
      return create(field.message!, value as Record<string, unknown>);
    case Init.Wrapper:
      // Accept a wrapper message as well as the primitive it wraps.
      return isMessageOf(value, field.message!) ? (value as { value: unknown }).value : value;
    case Init.Struct:
      return isMessageOf(value, field.message!) ? structToJson(value as Message) : value;
    case Init.MessageList:
      return (value as unknown[]).map((v) => initElement(field, v));
    case Init.MessageMap: {
      const src = value as Record<string, unknown>;
      const map: Record<string, unknown> = {};
      const keys = Object.keys(src);
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i];
        setOwnProperty(map, k, initElement(field, src[k]));
      }
      return map;
    }
    default:
      return value;
  }
}

/** A message element of a list or map: a message, or a JSON object for Struct elements. */
function initElement(field: DescField, value: unknown): unknown {
  if (elementBoxing(field) === Boxing.Struct) {
    return isMessageOf(value, field.message!) ? structToJson(value as Message) : value;
  }
  return create(field.message!, value as Record<string, unknown>);
}
