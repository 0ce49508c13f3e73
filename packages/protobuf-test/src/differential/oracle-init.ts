/**
 * Translates init objects of pbjet into messages of the oracle (@bufbuild/protobuf 2.17).
 *
 * The binary format of both is the same, but two representation details of the oracle's
 * message objects differ from pbjet's, so one init object cannot be handed to both
 * `create()` functions as is:
 *
 * - property names: pbjet escapes more names that Object.prototype has (`hasOwnProperty$`,
 *   `isPrototypeOf$`, ...); the oracle only escapes constructor/toString/toJSON/valueOf.
 *   Fields are matched by number, and each library's localName is used.
 * - well-known types: both hold singular wrapper fields as primitives and singular
 *   google.protobuf.Struct fields as JSON objects, but the oracle also holds Struct values
 *   in lists and maps as JSON objects (pbjet: messages), and does not unwrap wrappers in
 *   oneofs (pbjet does).
 *
 * The oracle's `create()` ignores `$unknown` in init objects; it is copied here. Where the
 * oracle's representation cannot hold a value (a Struct value without a kind, or with a
 * NullValue other than NULL_VALUE, becomes JSON null in a list or map of Struct), `LossyError` is thrown; properties
 * skip those runs with `fc.pre`.
 */
import * as oracle from "@bufbuild/protobuf";
import type { DescExtension, DescField, DescMessage } from "@pbjet/protobuf";
import { wktBoxing } from "./arbitrary";

export class LossyError extends Error {}

const wrapperTypeNames = new Set([
  "google.protobuf.DoubleValue",
  "google.protobuf.FloatValue",
  "google.protobuf.Int64Value",
  "google.protobuf.UInt64Value",
  "google.protobuf.Int32Value",
  "google.protobuf.UInt32Value",
  "google.protobuf.BoolValue",
  "google.protobuf.StringValue",
  "google.protobuf.BytesValue",
]);

/** Message types whose contents the oracle does not keep completely in some fields. */
export const oracleLossyTypes = new Set([...wrapperTypeNames, "google.protobuf.Struct", "google.protobuf.Value", "google.protobuf.ListValue"]);

type Init = Record<string, unknown>;
type OField = oracle.DescField | oracle.DescExtension;

function isUnwrappedWrapper(field: OField): boolean {
  return field.fieldKind === "message" && field.oneof === undefined && wrapperTypeNames.has(field.message.typeName);
}

function usesJsonStruct(field: OField): boolean {
  return (
    (field.fieldKind === "message" || field.fieldKind === "list" || field.fieldKind === "map") &&
    field.message?.typeName === "google.protobuf.Struct" &&
    field.parent?.typeName !== "google.protobuf.Value"
  );
}

function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

function structToJson(init: Init): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  const fields = (init.fields ?? {}) as Record<string, Init>;
  for (const k of Object.keys(fields)) setOwn(json, k, valueToJson(fields[k]));
  return json;
}

function valueToJson(init: Init): unknown {
  const kind = init.kind as { case?: string; value?: unknown } | undefined;
  if (init.$unknown !== undefined) throw new LossyError("unknown fields in a JSON Struct value");
  switch (kind?.case) {
    case "nullValue":
      if (kind.value !== 0) throw new LossyError(`NullValue ${String(kind.value)} in a JSON Struct`);
      return null;
    case "numberValue":
    case "stringValue":
    case "boolValue":
      return kind.value;
    case "structValue":
      if ((kind.value as Init).$unknown !== undefined) throw new LossyError("unknown fields in a JSON Struct");
      return structToJson(kind.value as Init);
    case "listValue": {
      const list = kind.value as Init;
      if (list.$unknown !== undefined) throw new LossyError("unknown fields in a JSON ListValue");
      return ((list.values ?? []) as Init[]).map(valueToJson);
    }
    default:
      throw new LossyError("google.protobuf.Value without a kind in a JSON Struct");
  }
}

/** Converts one field value (not a oneof ADT) from pbjet's init to the oracle's. */
export function toOracleValue(ours: DescField | DescExtension, theirs: OField, value: unknown): unknown {
  switch (ours.fieldKind) {
    case "message": {
      switch (wktBoxing(ours)) {
        case "wrapper":
          // pbjet holds the primitive; the oracle too, except in oneofs.
          return isUnwrappedWrapper(theirs) ? value : oracle.create(theirs.message!, { value } as never);
        case "struct":
          // Both hold a JSON object.
          return value;
      }
      return toOracleMessage(ours.message, theirs.message!, value as Init);
    }
    case "list":
      if (ours.listKind !== "message") return value;
      // Struct elements: both hold JSON objects.
      if (usesJsonStruct(theirs)) return value;
      return (value as Init[]).map((v) => toOracleMessage(ours.message!, theirs.message!, v));
    case "map": {
      if (ours.mapKind !== "message" || usesJsonStruct(theirs)) return value;
      const out: Record<string, unknown> = {};
      const map = value as Record<string, Init>;
      for (const k of Object.keys(map)) {
        setOwn(out, k, toOracleMessage(ours.message!, theirs.message!, map[k]));
      }
      return out;
    }
    default:
      return value;
  }
}

/** Creates the oracle's message for a pbjet init object. */
export function toOracleMessage(ours: DescMessage, theirs: oracle.DescMessage, init: Init): oracle.Message {
  // No prototype: the oracle's create() reads inherited properties like "hasOwnProperty".
  const out: Init = Object.create(null) as Init;
  for (const member of ours.members) {
    // Own properties only: a plain init object inherits "hasOwnProperty" and the like.
    if (!Object.prototype.hasOwnProperty.call(init, member.localName)) continue;
    const v = init[member.localName];
    if (v === undefined) continue;
    if (member.kind === "oneof") {
      const adt = v as { case?: string; value?: unknown };
      if (adt.case === undefined) continue;
      const field = member.fields.find((f) => f.localName === adt.case)!;
      const tf = theirs.fields.find((f) => f.number === field.number)!;
      out[tf.oneof!.localName] = { case: tf.localName, value: toOracleValue(field, tf, adt.value) };
      continue;
    }
    const tf = theirs.fields.find((f) => f.number === member.number)!;
    out[tf.localName] = toOracleValue(member, tf, v);
  }
  const msg = oracle.create(theirs, out as never) as oracle.Message;
  const unknown = init.$unknown as oracle.Message["$unknown"];
  if (unknown !== undefined && unknown.length > 0) {
    msg.$unknown = unknown.slice();
  }
  return msg;
}
