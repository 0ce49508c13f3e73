/**
 * Unboxed well-known types, as in protobuf-es v2: a singular message field (not in a oneof)
 * whose type is a wrapper (google.protobuf.Int32Value, ...) holds the primitive value itself,
 * and google.protobuf.Struct values hold plain JSON objects — in singular fields, oneofs,
 * lists and map values alike — except inside google.protobuf.Value, whose struct_value stays a
 * message. Lists and maps of wrappers hold messages.
 */
import type { DescMessage } from "../descriptors/types.js";
import type { Message } from "../types.js";
import { ProtobufError } from "../wire/errors.js";
import { setOwnProperty } from "./map-key.js";
import { zeroMessageFactory } from "./zero-message.js";
import { Boxing } from "./boxing-kind.js";

import type { JsonObject, JsonValue } from "../types.js";

type Obj = Record<string, unknown>;

/** Boxes a field value into the message the wire format needs. */
export function boxValue(boxing: Boxing, desc: DescMessage, value: unknown): Message {
  return boxing === Boxing.Wrapper ? boxWrapper(desc, value) : jsonToStruct(desc, value as JsonObject);
}

/** The wrapper message (google.protobuf.Int32Value, ...) of type `desc` that holds `value`. */
export function boxWrapper(desc: DescMessage, value: unknown): Message {
  const msg = zeroMessageFactory(desc)() as Obj;
  msg.value = value;
  return msg as unknown as Message;
}

/** Unboxes a decoded message into the value the field holds. */
export function unboxValue(boxing: Boxing, msg: Message): unknown {
  if (boxing === Boxing.Wrapper) return (msg as unknown as Obj).value;
  return structToJson(msg);
}

/** The google.protobuf.Value type of a Struct type; throws if the type does not have Struct's shape. */
export function valueDescOf(structDesc: DescMessage): DescMessage {
  const fields = structDesc.fields.find((f) => f.number === 1);
  if (fields?.fieldKind !== "map" || fields.message === undefined) {
    throw new ProtobufError(`${structDesc.typeName} is not google.protobuf.Struct`);
  }
  return fields.message;
}

/** Converts a google.protobuf.Struct message to a JSON object. */
export function structToJson(struct: Message): JsonObject {
  const out: JsonObject = {};
  const fields = (struct as unknown as { fields: Record<string, Message> }).fields;
  for (const key of Object.keys(fields)) {
    setOwnProperty(out, key, valueToJson(fields[key]));
  }
  return out;
}

function valueToJson(value: Message): JsonValue {
  const kind = (value as unknown as { kind: { case: string | undefined; value: unknown } }).kind;
  switch (kind.case) {
    case "numberValue":
    case "stringValue":
    case "boolValue":
      return kind.value as JsonValue;
    case "structValue":
      return structToJson(kind.value as Message);
    case "listValue":
      return (kind.value as { values: Message[] }).values.map(valueToJson);
    default:
      return null;
  }
}

/** Converts a JSON object to a google.protobuf.Struct message of the given schema. */
export function jsonToStruct(structDesc: DescMessage, json: JsonObject): Message {
  const valueDesc = valueDescOf(structDesc);
  const listDesc = valueDesc.fields.find((f) => f.number === 6)!.message!;
  const struct = zeroMessageFactory(structDesc)() as Obj;
  const fields = struct.fields as Obj;
  for (const key of Object.keys(json)) {
    setOwnProperty(fields, key, jsonToValue(structDesc, valueDesc, listDesc, json[key]));
  }
  return struct as unknown as Message;
}

function jsonToValue(structDesc: DescMessage, valueDesc: DescMessage, listDesc: DescMessage, json: JsonValue): Message {
  const value = zeroMessageFactory(valueDesc)() as Obj;
  if (json === null) {
    value.kind = { case: "nullValue", value: 0 };
  } else if (typeof json === "number") {
    value.kind = { case: "numberValue", value: json };
  } else if (typeof json === "string") {
    value.kind = { case: "stringValue", value: json };
  } else if (typeof json === "boolean") {
    value.kind = { case: "boolValue", value: json };
  } else if (Array.isArray(json)) {
    const list = zeroMessageFactory(listDesc)() as Obj;
    list.values = json.map((e) => jsonToValue(structDesc, valueDesc, listDesc, e));
    value.kind = { case: "listValue", value: list };
  } else if (typeof json === "object") {
    value.kind = { case: "structValue", value: jsonToStruct(structDesc, json) };
  } else {
    throw notJsonValue(json);
  }
  return value as unknown as Message;
}

/** The error for a value that no google.protobuf.Value can hold (undefined, a function, a bigint, ...). */
export function notJsonValue(json: unknown): ProtobufError {
  return new ProtobufError(`cannot represent ${typeof json} in google.protobuf.Value`);
}

/** Deep copy of a JSON value. */
export function cloneJson(json: JsonValue): JsonValue {
  if (json === null || typeof json !== "object") return json;
  if (Array.isArray(json)) return json.map(cloneJson);
  const out: JsonObject = {};
  for (const key of Object.keys(json)) setOwnProperty(out, key, cloneJson(json[key]));
  return out;
}

/**
 * Deep equality of JSON values. Numbers compare with `===` (NaN is unequal to itself, as in
 * equals()), or with `Object.is` when `sameValue` is true (NaN equals NaN, -0 differs from 0:
 * whether a value is unchanged, as change detection asks).
 */
export function jsonEqual(a: JsonValue, b: JsonValue, sameValue = false): boolean {
  if (sameValue ? Object.is(a, b) : a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bl = b as JsonValue[];
    return a.length === bl.length && a.every((e, i) => jsonEqual(e, bl[i], sameValue));
  }
  const bo = b as JsonObject;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(bo).length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(bo, k) && jsonEqual(a[k], bo[k], sameValue));
}
