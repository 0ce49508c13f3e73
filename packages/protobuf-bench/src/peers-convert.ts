// Converts fixture init data (protobuf-es v2 shape) into the objects ts-proto and pbf write, and
// pbf's decoded objects back into init data, walking the message descriptor. (Wrapper types are
// not used by the matrix's protos; google.protobuf.Struct, Timestamp and Duration are.)

import type { DescField, DescMessage, DescOneof } from "@pbjet/protobuf";
import type { Init } from "./fixtures.js";

type Obj = { [key: string]: unknown };

function isStructField(field: DescField, desc: DescMessage): boolean {
  return desc.typeName === "google.protobuf.Struct" && field.parent.typeName !== "google.protobuf.Value";
}

/** int64, uint64, fixed64, sfixed64, sint64 (as a field, a list's items or a map's values). */
function is64(field: DescField): boolean {
  const t = (field as { scalar?: number }).scalar;
  return t === 3 || t === 4 || t === 6 || t === 16 || t === 18;
}

function selected(init: Init, oneof: DescOneof): { case?: string; value?: unknown } | undefined {
  return init[oneof.localName] as { case?: string; value?: unknown } | undefined;
}

// ---------------------------------------------------------------------------------------------
// ts-proto: camelCase names as protobuf-es's, bigint for 64-bit (forceLong=bigint), Struct as a
// JSON object, Timestamp/Duration as { seconds, nanos } (useDate=false); oneof members are flat
// properties (its default oneof=properties).

function tsProtoValue(field: DescField, value: unknown): unknown {
  switch (field.fieldKind) {
    case "message":
      return isStructField(field, field.message) ? value : toTsProtoObject(field.message, value as Init);
    case "list":
      return field.listKind === "message" ? (value as Init[]).map((v) => toTsProtoObject(field.message!, v)) : value;
    case "map": {
      const conv = (v: unknown) => (field.mapKind === "message" ? toTsProtoObject(field.message!, v as Init) : v);
      const key = tsProtoMapKey(field);
      if (key) return new Map(Object.entries(value as Obj).map(([k, v]) => [key(k), conv(v)]));
      const out: Obj = {};
      for (const [k, v] of Object.entries(value as Obj)) out[k] = conv(v);
      return out;
    }
    default:
      return value;
  }
}

/**
 * For a map whose keys are 64-bit integers or booleans, which ts-proto holds in a JavaScript Map
 * (bigint or boolean keys), the key from its text; otherwise undefined (a plain object).
 */
function tsProtoMapKey(field: DescField): ((k: string) => boolean | bigint) | undefined {
  if (field.fieldKind !== "map") return undefined;
  const t = field.mapKey as number;
  if (t === 8) return (k) => k === "true"; // bool
  if (t === 3 || t === 4 || t === 6 || t === 16 || t === 18) return (k) => BigInt(k);
  return undefined;
}

/** A read path (protobuf-es property names and map keys as text) with ts-proto's Map keys typed. */
export function tsProtoPath(desc: DescMessage, path: readonly (string | number)[]): (string | number | boolean | bigint)[] {
  const out: (string | number | boolean | bigint)[] = [];
  let msg: DescMessage | undefined = desc;
  let pending: DescField | undefined;
  for (const k of path) {
    if (pending) {
      const key = tsProtoMapKey(pending);
      out.push(key ? key(String(k)) : k);
      msg = pending.fieldKind === "list" || pending.fieldKind === "map" ? pending.message : undefined;
      pending = undefined;
      continue;
    }
    const field: DescField | undefined = msg?.fields.find((f) => f.localName === k);
    if (!field) throw new Error(`ts-proto path: no field ${String(k)} in ${msg?.typeName}`);
    out.push(k);
    if (field.fieldKind === "list" || field.fieldKind === "map") pending = field;
    else msg = field.fieldKind === "message" ? field.message : undefined;
  }
  return out;
}

/** The object ts-proto's `fromPartial` turns into the same message as `create(desc, init)`. */
export function toTsProtoObject(desc: DescMessage, init: Init): Obj {
  const out: Obj = {};
  for (const field of desc.fields) {
    if (field.oneof) {
      const sel = selected(init, field.oneof);
      if (sel?.case === field.localName) out[field.localName] = tsProtoValue(field, sel.value);
      continue;
    }
    const value = init[field.localName];
    if (value !== undefined) out[field.localName] = tsProtoValue(field, value);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// pbf: the .proto field names (snake_case), numbers for 64-bit values, every message as an object
// (Struct too: { fields: { key: Value } }), oneof members flat plus the oneof's name holding the
// name of the member that was read.

function jsonToPbfValue(v: unknown): Obj {
  if (v === null) return { null_value: 0, kind: "null_value" };
  switch (typeof v) {
    case "number":
      return { number_value: v, kind: "number_value" };
    case "string":
      return { string_value: v, kind: "string_value" };
    case "boolean":
      return { bool_value: v, kind: "bool_value" };
    default:
      if (Array.isArray(v)) return { list_value: { values: v.map(jsonToPbfValue) }, kind: "list_value" };
      return { struct_value: jsonToPbfStruct(v as Obj), kind: "struct_value" };
  }
}

function jsonToPbfStruct(o: Obj): Obj {
  const fields: Obj = {};
  for (const [k, v] of Object.entries(o)) fields[k] = jsonToPbfValue(v);
  return { fields };
}

/** False only inside presenceView(): 64-bit values stay bigint. */
let round64 = true;

function pbfScalar(field: DescField, v: unknown): unknown {
  return round64 && is64(field) ? Number(v as bigint) : v;
}

/** A map key as pbf reads it back: 64-bit keys through a double (its object keys are the number's text). */
function initMapKey(field: DescField, k: string): string {
  const t = field.fieldKind === "map" ? (field.mapKey as number) : 0;
  return round64 && (t === 3 || t === 4 || t === 6 || t === 16 || t === 18) ? BigInt(Number(k)).toString() : k;
}

function pbfValue(field: DescField, value: unknown): unknown {
  switch (field.fieldKind) {
    case "message":
      return isStructField(field, field.message) ? jsonToPbfStruct(value as Obj) : toPbfObject(field.message, value as Init);
    case "list":
      return (value as unknown[]).map((v) => (field.listKind === "message" ? toPbfObject(field.message!, v as Init) : pbfScalar(field, v)));
    case "map": {
      const out: Obj = {};
      for (const [k, v] of Object.entries(value as Obj))
        out[k] = field.mapKind === "message" ? toPbfObject(field.message!, v as Init) : pbfScalar(field, v);
      return out;
    }
    default:
      return pbfScalar(field, value);
  }
}

/** The object pbf's `write<Message>` encodes as `create(desc, init)` (64-bit values as numbers). */
export function toPbfObject(desc: DescMessage, init: Init): Obj {
  const out: Obj = {};
  for (const field of desc.fields) {
    if (field.oneof) {
      const sel = selected(init, field.oneof);
      if (sel?.case === field.localName) {
        out[field.name] = pbfValue(field, sel.value);
        out[field.oneof.name] = field.name;
      }
      continue;
    }
    const value = init[field.localName];
    if (value === undefined) continue;
    // Absent bytes read as undefined in pbf, and its writer writes any bytes that are not null.
    if (value instanceof Uint8Array && value.length === 0 && field.presence === 2) continue;
    out[field.name] = pbfValue(field, value);
  }
  return out;
}

function pbfValueToJson(v: Obj): unknown {
  switch (v.kind) {
    case "number_value":
      return v.number_value;
    case "string_value":
      return v.string_value;
    case "bool_value":
      return v.bool_value;
    case "struct_value":
      return pbfStructToJson(v.struct_value as Obj);
    case "list_value":
      return ((v.list_value as Obj).values as Obj[]).map(pbfValueToJson);
    default:
      return null;
  }
}

function pbfStructToJson(s: Obj): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(s.fields as Obj)) out[k] = pbfValueToJson(v as Obj);
  return out;
}

function initScalar(field: DescField, v: unknown): unknown {
  return is64(field) ? BigInt(v as number) : v;
}

function initValue(field: DescField, value: unknown): unknown {
  switch (field.fieldKind) {
    case "message":
      return isStructField(field, field.message) ? pbfStructToJson(value as Obj) : fromPbfObject(field.message, value as Obj);
    case "list":
      return (value as unknown[]).map((v) => (field.listKind === "message" ? fromPbfObject(field.message!, v as Obj) : initScalar(field, v)));
    case "map": {
      const out: Obj = {};
      for (const [k, v] of Object.entries(value as Obj))
        out[initMapKey(field, k)] = field.mapKind === "message" ? fromPbfObject(field.message!, v as Obj) : initScalar(field, v);
      return out;
    }
    default:
      return initScalar(field, value);
  }
}

function isZero(v: unknown): boolean {
  return v === 0 || v === "" || v === false || v === 0n || (v instanceof Uint8Array && v.length === 0);
}

/**
 * Init data for what pbf decoded (or would decode): 64-bit values as the integers their numbers
 * hold, and, since pbf keeps no field presence, an optional scalar field that is zero or empty as
 * unset (pbf's writer skips it).
 */
export function fromPbfObject(desc: DescMessage, obj: Obj): Init {
  const out: Init = {};
  for (const field of desc.fields) {
    if (field.oneof) {
      if (obj[field.oneof.name] === field.name) out[field.oneof.localName] = { case: field.localName, value: initValue(field, obj[field.name]) };
      continue;
    }
    const value = obj[field.name];
    if (value === undefined || value === null) continue;
    if ((field.fieldKind === "scalar" || field.fieldKind === "enum") && field.presence !== 2 && isZero(value)) continue; // 2: IMPLICIT
    out[field.localName] = initValue(field, value);
  }
  return out;
}

/**
 * The init data as pbf can hold it: through pbf's object shape and back (64-bit values rounded to
 * the nearest double, optional zero scalars unset).
 */
export function pbfView(desc: DescMessage, init: Init): Init {
  return fromPbfObject(desc, toPbfObject(desc, init));
}

/**
 * The init data with optional scalar fields that are zero or empty unset: what ts-proto's writer
 * keeps (it skips zero values of proto2 `optional` fields).
 */
export function presenceView(desc: DescMessage, init: Init): Init {
  round64 = false;
  try {
    return fromPbfObject(desc, toPbfObject(desc, init));
  } finally {
    round64 = true;
  }
}

/** A read path (protobuf-es property names) in pbf's names. */
export function pbfPath(desc: DescMessage, path: readonly (string | number)[]): (string | number)[] {
  const out: (string | number)[] = [];
  let msg: DescMessage | undefined = desc;
  let pending: DescField | undefined; // a list or map field whose index or key comes next
  for (const k of path) {
    if (pending) {
      out.push(k);
      msg = pending.fieldKind === "list" || pending.fieldKind === "map" ? pending.message : undefined;
      pending = undefined;
      continue;
    }
    const field: DescField | undefined = msg?.fields.find((f) => f.localName === k);
    if (!field) throw new Error(`pbf path: no field ${String(k)} in ${msg?.typeName}`);
    out.push(field.name);
    if (field.fieldKind === "list" || field.fieldKind === "map") pending = field;
    else msg = field.fieldKind === "message" ? field.message : undefined;
  }
  return out;
}
