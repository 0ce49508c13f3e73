/**
 * google.protobuf.Struct, Value and ListValue from and to plain JSON values.
 */
import type { JsonObject, JsonValue } from "../../types.js";
import { jsonToStruct, structToJson as structMessageToJson } from "../../model/boxing.js";
import { ProtobufError } from "../../wire/errors.js";
import { create } from "../../model/create.js";
import { ListValueSchema, StructSchema, type ListValue, type Struct, type Value } from "../gen/google/protobuf/struct_pb.js";

/** A Struct message from a JSON object. */
export function structFromJson(json: JsonObject): Struct {
  return jsonToStruct(StructSchema, json) as Struct;
}

/** The JSON object of a Struct message. */
export function structToJson(struct: Struct): JsonObject {
  return structMessageToJson(struct);
}

/** A Value message from any JSON value. */
export function valueFromJson(json: JsonValue): Value {
  return (structFromJson({ v: json }).fields as Record<string, Value>).v;
}

/** The JSON value of a Value message. A Value without a kind is null. */
export function valueToJson(value: Value): JsonValue {
  const kind = value.kind;
  switch (kind.case) {
    case "structValue":
      return structToJson(kind.value);
    case "listValue":
      return listValueToJson(kind.value);
    case "numberValue":
    case "stringValue":
    case "boolValue":
      return kind.value;
    case "nullValue":
    case undefined:
      return null;
    default:
      throw new ProtobufError(`invalid google.protobuf.Value kind`);
  }
}

/** A ListValue message from a JSON array. */
export function listValueFromJson(json: JsonValue[]): ListValue {
  return create(ListValueSchema, { values: json.map(valueFromJson) });
}

/** The JSON array of a ListValue message. */
export function listValueToJson(list: ListValue): JsonValue[] {
  return list.values.map(valueToJson);
}
