/**
 * `create()`: new messages, from nothing or from an init object.
 */
import type { DescField, DescMessage } from "./descriptors/types.js";
import type { Message, MessageInitShape, MessageShape } from "./types.js";
import { zeroMessageFactory } from "./codecs/zero-message.js";
import { setOwnProperty } from "./codecs/map-key.js";
import { ProtobufError } from "./wire/errors.js";
import { Boxing, elementBoxing, fieldBoxing, structToJson } from "./codecs/boxing.js";

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
  return (
    typeof value === "object" && value !== null && (value as Partial<Message>).$typeName === schema.typeName
  );
}

const objectPrototype = Object.prototype as unknown as Record<string, unknown>;

function initMessage(schema: DescMessage, msg: Record<string, unknown>, init: Record<string, unknown>): void {
  for (const member of schema.members) {
    const name = member.localName;
    // Names like "hasOwnProperty" are not escaped: a plain init object inherits them from
    // Object.prototype, and they are not field values.
    if (name in objectPrototype && !Object.prototype.hasOwnProperty.call(init, name)) continue;
    const value = init[name];
    if (value === undefined || value === null) continue;
    if (member.kind === "oneof") {
      const o = value as { case?: string; value?: unknown };
      if (o.case === undefined) continue;
      const field = member.fields.find((f) => f.localName === o.case);
      if (field === undefined) {
        throw new ProtobufError(`cannot create ${schema.typeName}: oneof ${member.name} has no case "${o.case}"`);
      }
      msg[member.localName] = { case: o.case, value: initValue(field, o.value) };
      continue;
    }
    msg[member.localName] = initValue(member, value);
  }
  const unknown = init.$unknown as Message["$unknown"];
  if (unknown !== undefined && unknown.length > 0) {
    msg.$unknown = unknown.slice();
  }
}

function initValue(field: DescField, value: unknown): unknown {
  switch (field.fieldKind) {
    case "message":
      switch (fieldBoxing(field)) {
        case Boxing.Wrapper:
          // Accept a wrapper message as well as the primitive it wraps.
          return isMessageOf(value, field.message) ? (value as { value: unknown }).value : value;
        case Boxing.Struct:
          return isMessageOf(value, field.message) ? structToJson(value as Message) : value;
        default:
          return create(field.message, value as Record<string, unknown>);
      }
    case "list": {
      const list = value as unknown[];
      return field.listKind === "message" ? list.map((v) => initElement(field, v)) : list;
    }
    case "map": {
      const src = value as Record<string, unknown>;
      if (field.mapKind !== "message") return src;
      const map: Record<string, unknown> = {};
      const keys = Object.keys(src);
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i];
        const v = initElement(field, src[k]);
        if (k === "__proto__") setOwnProperty(map, k, v);
        else map[k] = v;
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
