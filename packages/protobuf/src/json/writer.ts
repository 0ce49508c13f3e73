/**
 * The JSON writer: one function per message type and combination of the boolean write
 * options, compiled once from the descriptor into a list of field writers, and cached.
 * Well-known types with a JSON form of their own get their writer from wkt-write.ts.
 */
import type { DescEnum, DescExtension, DescField, DescMessage } from "../descriptors/types.js";
import { Edition, FieldPresence } from "../descriptors/edition.js";
import { ScalarType } from "../descriptors/scalar.js";
import type { Registry } from "../registry/registry.js";
import type { Message } from "../types.js";
import { typeRecord } from "../model/type-record.js";
import { extensionRecord } from "../model/extension-record.js";
import { eagerForm } from "../model/view-protocol.js";
import { setOwnProperty } from "../model/map-key.js";
import { JsonProblem, fieldSegment, indexSegment, keySegment, requiredNotSet, withSegment } from "./errors.js";
import type { JsonObject, JsonValue } from "../types.js";
import { int64ToJson, jsonNativeList, scalarToJson, scalarWriteProblem, scalarZeroCheck } from "./scalar-write.js";
import { enumWriter } from "./enum.js";
import { wktWriter } from "./wkt-write.js";
import { boxedWriter } from "./boxed.js";
import { Boxing, elementBoxing, fieldBoxing } from "../model/boxing-kind.js";
import { EMIT_IMPLICIT, ENUM_AS_INTEGER, PROTO_FIELD_NAME, type WriteContext } from "./options.js";
import { forEachExtension } from "./write-ext.js";

/** @internal */
declare module "../model/type-record.js" {
  /** The slot this module fills in every type record. */
  interface RecordSlots {
    extensionJsonWriter: ValueWrite;
    jsonWriter: MessageWriter;
  }
}

/** Writes a message of one type as a JSON value. Throws JsonProblem. */
export type MessageWriter = (msg: any, ctx: WriteContext) => JsonValue;

/** Writes one value (of a singular field, or an element) as JSON. */
export type ValueWrite = (value: any, ctx: WriteContext) => JsonValue;

/** Writes one field into the JSON object. */
type FieldWrite = (msg: any, out: JsonObject, ctx: WriteContext) => void;

const hasOwn = Object.prototype.hasOwnProperty;

/** The compiled JSON writer of a message type for the option bits. */
export function messageWriter(desc: DescMessage, bits: number): MessageWriter {
  const writers = typeRecord(desc).jsonWriters;
  return (writers[bits] ??= buildWriter(desc, bits)) as MessageWriter;
}

function buildWriter(desc: DescMessage, bits: number): MessageWriter {
  const wkt = wktWriter(desc, bits, messageWriter);
  const rec = typeRecord(desc);
  // Lazy views are written from their eager form (views keep defaults on accessors).
  if (wkt !== undefined) return (msg, ctx) => wkt(eagerForm(rec, msg), ctx);
  let fields: FieldWrite[] | undefined;
  let segs: string[] = [];
  return (msg, ctx) => {
    msg = eagerForm(rec, msg);
    // Compiled on first call, so that recursive types can refer to themselves.
    if (fields === undefined) [fields, segs] = compileFields(desc, bits);
    const out: JsonObject = {};
    let i = 0;
    try {
      for (; i < fields.length; i++) fields[i](msg, out, ctx);
    } catch (e) {
      throw segs[i] === "" ? e : withSegment(e, segs[i]);
    }
    if (ctx.registry !== undefined && (msg as Message).$unknown !== undefined) {
      writeExtensions(desc, bits, msg, out, ctx.registry, ctx);
    }
    return out;
  };
}

function compileFields(desc: DescMessage, bits: number): [FieldWrite[], string[]] {
  const writers: FieldWrite[] = [];
  const segs: string[] = [];
  for (const member of desc.members) {
    if (member.kind === "oneof") {
      writers.push(oneofWriter(member.localName, member.fields, bits));
      segs.push("");
      continue;
    }
    const write = fieldWriter(member, bits);
    writers.push(jsonKey(member, bits) === "__proto__" ? protoKeyWriter(write) : write);
    segs.push(fieldSegment(member.name));
  }
  return [writers, segs];
}

/**
 * Wraps the writer of a field whose JSON key is "__proto__", so that the key becomes an own
 * property of the output (an assignment would set the object's prototype).
 */
function protoKeyWriter(write: FieldWrite): FieldWrite {
  return (msg, out, ctx) => {
    const tmp = Object.create(null) as JsonObject;
    write(msg, tmp, ctx);
    for (const k in tmp) setOwnProperty(out, k, tmp[k]);
  };
}

/** The JSON key of a field. */
function jsonKey(field: DescField, bits: number): string {
  return (bits & PROTO_FIELD_NAME) !== 0 ? field.name : field.jsonName;
}

/** The writer of one value of a field: a scalar, an enum value, or a message. */
export function elementWriter(
  field: { readonly scalar: ScalarType | undefined; readonly enum: DescEnum | undefined; readonly message: DescMessage | undefined },
  bits: number,
): ValueWrite {
  if (field.message !== undefined) {
    const desc = field.message;
    let write: MessageWriter | undefined;
    return (v, ctx) => {
      write ??= messageWriter(desc, bits);
      return write(v, ctx);
    };
  }
  if (field.enum !== undefined) return enumWriter(field.enum, (bits & ENUM_AS_INTEGER) !== 0);
  return scalarToJson(field.scalar!);
}

/**
 * The writer of the value of a singular field (or oneof member, or extension): as
 * elementWriter, but for unboxed well-known types (wrappers, Struct) from the unboxed value.
 */
function singularWriter(field: DescField | DescExtension, bits: number): ValueWrite {
  const boxing = fieldBoxing(field);
  if (boxing === Boxing.None) return elementWriter(field, bits);
  const write = boxedWriter(field, boxing);
  return (v) => write(v);
}

/** The writer of the elements of a list or map field: Struct elements are JSON objects. */
function repeatedElementWriter(field: DescField | DescExtension, bits: number): ValueWrite {
  if (elementBoxing(field) === Boxing.None) return elementWriter(field, bits);
  const write = boxedWriter(field, Boxing.Struct);
  return (v) => write(v);
}

/** Writes a list as a JSON array. */
function listWriter(field: DescField | DescExtension, bits: number): ValueWrite {
  const write = repeatedElementWriter(field, bits);
  const scalar = field.fieldKind === "list" && field.listKind === "scalar" ? field.scalar : undefined;
  return (list: unknown[], ctx) => {
    // Scalars that are their own JSON (checked): a copy of the list.
    if (scalar !== undefined && jsonNativeList(scalar, list)) return list.slice() as JsonValue[];
    const n = list.length;
    const out: JsonValue[] = new Array<JsonValue>(n);
    let i = 0;
    try {
      for (; i < n; i++) out[i] = write(list[i], ctx);
    } catch (e) {
      throw withSegment(e, indexSegment(i));
    }
    return out;
  };
}

/** Writes a map as a JSON object: the property names of the map are the JSON keys. */
function mapWriter(field: DescField & { fieldKind: "map" }, bits: number): ValueWrite {
  const write = repeatedElementWriter(field, bits);
  return (map: Record<string, unknown>, ctx) => {
    const out: JsonObject = {};
    let key = "";
    try {
      for (key in map) {
        if (hasOwn.call(map, key)) setOwnProperty(out, key, write(map[key], ctx));
      }
    } catch (e) {
      throw withSegment(e, keySegment(key));
    }
    return out;
  };
}

function fieldWriter(field: DescField, bits: number): FieldWrite {
  const name = field.localName;
  const key = jsonKey(field, bits);
  const emit = (bits & EMIT_IMPLICIT) !== 0;
  switch (field.fieldKind) {
    case "list": {
      const write = listWriter(field, bits);
      return (msg, out, ctx) => {
        const list = msg[name] as unknown[];
        if (list.length > 0 || emit) out[key] = write(list, ctx);
      };
    }
    case "map": {
      const write = mapWriter(field, bits);
      return (msg, out, ctx) => {
        const map = msg[name] as object;
        if (emit || hasEntries(map)) out[key] = write(map, ctx);
      };
    }
    case "message": {
      const write = singularWriter(field, bits);
      if ((field.presence as number) === FieldPresence.LEGACY_REQUIRED) {
        return (msg, out, ctx) => {
          const v = msg[name];
          if (v === undefined) throw requiredNotSet();
          out[key] = write(v, ctx);
        };
      }
      return (msg, out, ctx) => {
        const v = msg[name];
        if (v !== undefined) out[key] = write(v, ctx);
      };
    }
    default: {
      const write = elementWriter(field, bits);
      if ((field.presence as number) === FieldPresence.IMPLICIT) {
        if (emit) {
          return (msg, out, ctx) => {
            out[key] = write(msg[name], ctx);
          };
        }
        if (field.fieldKind === "scalar") {
          const fast = implicitScalarWriter(field.scalar, name, key);
          if (fast !== undefined) return fast;
        }
        const isZero = scalarZeroCheck(field.fieldKind === "enum" ? ScalarType.INT32 : field.scalar);
        return (msg, out, ctx) => {
          const v = msg[name];
          if (!isZero(v)) out[key] = write(v, ctx);
        };
      }
      if ((field.parent.file.edition as number) === Edition.EDITION_PROTO3) {
        return (msg, out, ctx) => {
          const v = msg[name];
          if (v !== undefined) out[key] = write(v, ctx);
        };
      }
      if ((field.presence as number) === FieldPresence.LEGACY_REQUIRED) {
        return (msg, out, ctx) => {
          const v = msg[name];
          if (v === undefined || !hasOwn.call(msg, name)) throw requiredNotSet();
          out[key] = write(v, ctx);
        };
      }
      // Explicit presence with defaults on the prototype: set if the property is own.
      return (msg, out, ctx) => {
        const v = msg[name];
        if (v !== undefined && hasOwn.call(msg, name)) out[key] = write(v, ctx);
      };
    }
  }
}

function hasEntries(map: object): boolean {
  for (const k in map) if (hasOwn.call(map, k)) return true;
  return false;
}

function oneofWriter(localName: string, fields: DescField[], bits: number): FieldWrite {
  const byCase = new Map<string, { key: string; seg: string; write: ValueWrite }>();
  for (const f of fields) {
    byCase.set(f.localName, { key: jsonKey(f, bits), seg: fieldSegment(f.name), write: singularWriter(f, bits) });
  }
  return (msg, out, ctx) => {
    const o = msg[localName];
    if (o === undefined || o.case === undefined) return;
    const c = byCase.get(o.case);
    if (c === undefined) throw new JsonProblem(`oneof ${localName} has unknown case ${JSON.stringify(o.case)}`);
    try {
      setOwnProperty(out, c.key, c.write(o.value, ctx));
    } catch (e) {
      throw withSegment(e, c.seg);
    }
  };
}

/** The writer of an extension's value (a list for repeated extensions). */
function extensionValueWriter(ext: DescExtension, bits: number): ValueWrite {
  const writers = extensionRecord(ext).jsonWriters;
  return (writers[bits] ??= ext.fieldKind === "list" ? listWriter(ext, bits) : singularWriter(ext, bits)) as ValueWrite;
}

/** Writes the extensions found in the unknown fields that the registry knows, as "[full.name]". */
function writeExtensions(desc: DescMessage, bits: number, msg: Message, out: JsonObject, registry: Registry, ctx: WriteContext): void {
  forEachExtension(desc, msg, registry, (ext, key, value) => setOwnProperty(out, key, extensionValueWriter(ext, bits)(value, ctx)));
}

/** Writes one field into the JSON object. */
type ScalarFieldWrite = (msg: any, out: JsonObject) => void;

/**
 * The writer of an implicit-presence scalar field that skips zero values, with the zero check
 * and the conversion inlined (one closure per type, so that each call site stays simple), or
 * undefined.
 */
function implicitScalarWriter(type: ScalarType, name: string, key: string): ScalarFieldWrite | undefined {
  switch (type) {
    case ScalarType.STRING:
      return (msg, out) => {
        const v = msg[name];
        if (v === "") return;
        if (typeof v !== "string") throw scalarWriteProblem(type, v);
        out[key] = v;
      };
    case ScalarType.BOOL:
      return (msg, out) => {
        const v = msg[name];
        if (v === false) return;
        if (v !== true) throw scalarWriteProblem(type, v);
        out[key] = true;
      };
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return (msg, out) => {
        const v = msg[name];
        if (v === 0) return;
        if (typeof v !== "number" || (v | 0) !== v) throw scalarWriteProblem(type, v);
        out[key] = v;
      };
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return (msg, out) => {
        const v = msg[name];
        if (v === 0) return;
        if (typeof v !== "number" || v >>> 0 !== v) throw scalarWriteProblem(type, v);
        out[key] = v;
      };
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return (msg, out) => {
        const v = msg[name];
        if (v === 0) return;
        if (typeof v !== "number") throw scalarWriteProblem(type, v);
        out[key] = v - v === 0 ? v : v !== v ? "NaN" : v > 0 ? "Infinity" : "-Infinity";
      };
    case ScalarType.BYTES:
      return undefined;
    default:
      // 64-bit integers: bigint, or a decimal string.
      return (msg, out) => {
        const v = msg[name];
        if (v == 0) return;
        out[key] = typeof v === "bigint" ? String(v) : int64ToJson(type, v);
      };
  }
}
