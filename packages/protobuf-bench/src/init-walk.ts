// Walks fixture init data (protobuf-es v2 shape) along a message descriptor: checks that every key
// names a field (create() would silently ignore a typo), and converts the data into the plain-object
// shape protobufjs's fromObject expects (flat oneof members, strings for 64-bit integers, Struct as
// { fields }, wrappers as { value }).

import type { DescField, DescMessage } from "@pbjet/protobuf";
import type { Init } from "./fixtures.js";

type Obj = { [key: string]: unknown };

const WRAPPERS = new Set([
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

function isObject(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
}

/** True for a message field holding google.protobuf.Struct as a JSON object (protobuf-es v2). */
function isUnboxedStruct(field: DescField, desc: DescMessage): boolean {
  return desc.typeName === "google.protobuf.Struct" && field.parent.typeName !== "google.protobuf.Value";
}

/** Throws if the init data has a key that is not a field or oneof of `desc`, at any depth. */
export function checkInit(desc: DescMessage, init: Init, path = desc.typeName): void {
  const byName = new Map<string, DescField | "oneof">();
  for (const f of desc.fields) if (!f.oneof) byName.set(f.localName, f);
  for (const o of desc.oneofs) byName.set(o.localName, "oneof");
  for (const [key, value] of Object.entries(init)) {
    const entry = byName.get(key);
    if (entry === undefined) throw new Error(`${path}: no field "${key}" in ${desc.typeName}`);
    if (value === undefined) continue;
    if (entry === "oneof") {
      const sel = value as { case?: string; value?: unknown };
      if (sel.case === undefined) continue;
      const field = desc.oneofs.find((o) => o.localName === key)!.fields.find((f) => f.localName === sel.case);
      if (!field) throw new Error(`${path}.${key}: no oneof case "${sel.case}"`);
      checkValue(field, sel.value, `${path}.${key}.${sel.case}`);
    } else {
      checkValue(entry, value, `${path}.${key}`);
    }
  }
}

function checkValue(field: DescField, value: unknown, path: string): void {
  switch (field.fieldKind) {
    case "message":
      if (isUnboxedStruct(field, field.message) || WRAPPERS.has(field.message.typeName)) return;
      if (!isObject(value)) throw new Error(`${path}: expected an object`);
      checkInit(field.message, value, path);
      return;
    case "list":
      if (!Array.isArray(value)) throw new Error(`${path}: expected an array`);
      if (field.listKind === "message") value.forEach((v, i) => checkInit(field.message!, v as Init, `${path}[${i}]`));
      return;
    case "map":
      if (!isObject(value)) throw new Error(`${path}: expected an object for a map`);
      if (field.mapKind === "message") for (const [k, v] of Object.entries(value)) checkInit(field.message!, v as Init, `${path}[${k}]`);
      return;
    default:
      return;
  }
}

// ---------------------------------------------------------------------------------------------

function scalarToPjs(v: unknown): unknown {
  return typeof v === "bigint" ? v.toString() : v;
}

function jsonToPjsValue(v: unknown): Obj {
  if (v === null) return { nullValue: 0 };
  switch (typeof v) {
    case "number":
      return { numberValue: v };
    case "string":
      return { stringValue: v };
    case "boolean":
      return { boolValue: v };
    default:
      if (Array.isArray(v)) return { listValue: { values: v.map(jsonToPjsValue) } };
      return { structValue: jsonToPjsStruct(v as Obj) };
  }
}

function jsonToPjsStruct(o: Obj): Obj {
  const fields: Obj = {};
  for (const [k, v] of Object.entries(o)) fields[k] = jsonToPjsValue(v);
  return { fields };
}

function messageToPjs(field: DescField, desc: DescMessage, value: unknown): unknown {
  if (isUnboxedStruct(field, desc)) return jsonToPjsStruct(value as Obj);
  if (WRAPPERS.has(desc.typeName) && !isObject(value)) return { value: scalarToPjs(value) };
  return toProtobufjsObject(desc, value as Init);
}

function fieldToPjs(field: DescField, value: unknown): unknown {
  switch (field.fieldKind) {
    case "message":
      return messageToPjs(field, field.message, value);
    case "list":
      return (value as unknown[]).map((v) => (field.listKind === "message" ? toProtobufjsObject(field.message!, v as Init) : scalarToPjs(v)));
    case "map": {
      const out: Obj = {};
      for (const [k, v] of Object.entries(value as Obj))
        out[k] = field.mapKind === "message" ? toProtobufjsObject(field.message!, v as Init) : scalarToPjs(v);
      return out;
    }
    default:
      return scalarToPjs(value);
  }
}

/** The object protobufjs's `Type.fromObject` turns into the same message as `create(desc, init)`. */
export function toProtobufjsObject(desc: DescMessage, init: Init): Obj {
  const out: Obj = {};
  for (const field of desc.fields) {
    if (field.oneof) {
      const sel = init[field.oneof.localName] as { case?: string; value?: unknown } | undefined;
      if (sel?.case === field.localName) out[field.localName] = fieldToPjs(field, sel.value);
      continue;
    }
    const value = init[field.localName];
    if (value === undefined) continue;
    out[field.localName] = fieldToPjs(field, value);
  }
  return out;
}
