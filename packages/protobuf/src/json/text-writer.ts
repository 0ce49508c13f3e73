/**
 * The JSON text writer behind `toJsonString()`: writes the JSON text of a message directly,
 * without building a JSON value first. Compiled once per message type and combination of the
 * boolean options, like the value writer (writer.ts), which it does not use: well-known types
 * (wkt-write.ts) and extensions (write-ext.ts) are written by the same rules as there.
 */
import type { DescEnum, DescExtension, DescField, DescMessage } from "../descriptors/types.js";
import { Edition, FieldPresence } from "../descriptors/edition.js";
import { ScalarType, isInt64Scalar } from "../descriptors/scalar.js";
import type { Message } from "../types.js";
import type { Registry } from "../registry/registry.js";
import { extensionRecord } from "../model/extension-record.js";
import { typeRecord } from "../model/type-record.js";
import { eagerForm } from "../model/view-protocol.js";
import { comparableDefault } from "../model/presence.js";
import { Boxing, elementBoxing, fieldBoxing } from "../model/boxing-kind.js";
import { base64Encode } from "../wire/base64.js";
import { JsonProblem, fieldSegment, indexSegment, keySegment, requiredNotSet, withSegment } from "./errors.js";
import { int64ToJson, jsonNativeList, scalarWriteProblem, scalarZeroCheck } from "./scalar-write.js";
import { enumWriteProblem, enumWriter } from "./enum.js";
import { wktTextWriter } from "./wkt-write.js";
import { boxedWriter } from "./boxed.js";
import { EMIT_IMPLICIT, ENUM_AS_INTEGER, PROTO_FIELD_NAME, type WriteContext } from "./options.js";
import { forEachExtension } from "./write-ext.js";

/** @internal */
declare module "../model/type-record.js" {
  /** The slot this module fills in every type record. */
  interface RecordSlots {
    jsonTextWriter: MessageTextWriter;
    extensionJsonTextWriter: TextWrite;
  }
}

/** Writes a message of one type as JSON text. Throws JsonProblem. */
export type MessageTextWriter = (msg: any, ctx: WriteContext) => string;

/** Writes one value as JSON text. */
type TextWrite = (value: any, ctx: WriteContext) => string;

/**
 * Appends one field, as `"key":value`, to the members written so far: "" (none), or the text
 * of the object from its `{` (no closing `}`), so that the first member brings the brace and
 * an object takes one piece less to join when its text is used.
 */
export type FieldTextWrite = (msg: any, s: string, ctx: WriteContext) => string;

const hasOwn = Object.prototype.hasOwnProperty;

/** The compiled JSON text writer of a message type for the option bits. */
export function messageTextWriter(desc: DescMessage, bits: number): MessageTextWriter {
  const writers = typeRecord(desc).jsonTextWriters;
  return (writers[bits] ??= buildTextWriter(desc, bits)) as MessageTextWriter;
}

function buildTextWriter(desc: DescMessage, bits: number): MessageTextWriter {
  const rec = typeRecord(desc);
  const wkt = wktTextWriter(desc, bits, messageTextWriter);
  if (wkt !== undefined) return (msg, ctx) => wkt(eagerForm(rec, msg), ctx);
  let fields: FieldTextWrite[] | undefined;
  let segs: string[] = [];
  return (msg, ctx) => {
    msg = eagerForm(rec, msg);
    // Compiled on first call, so that recursive types can refer to themselves.
    if (fields === undefined) [fields, segs] = compileFields(desc, bits);
    let s = "";
    let i = 0;
    try {
      for (; i < fields.length; i++) s = fields[i](msg, s, ctx);
    } catch (e) {
      throw segs[i] === "" ? e : withSegment(e, segs[i]);
    }
    if (ctx.registry !== undefined && (msg as Message).$unknown !== undefined) s = extensionsText(desc, bits, msg, ctx.registry, ctx, s);
    return s === "" ? "{}" : s + "}";
  };
}

/**
 * Appends the extensions found in the unknown fields that the registry knows, as "[full.name]"
 * keys, to the members `s` written so far ("" or the object's text from its `{`).
 */
export function extensionsText(desc: DescMessage, bits: number, msg: Message, registry: Registry, ctx: WriteContext, s: string): string {
  forEachExtension(desc, msg, registry, (ext, key, value) => {
    const writers = extensionRecord(ext).jsonTextWriters;
    const write = (writers[bits] ??= ext.fieldKind === "list" ? listTextWriter(ext, bits) : singularTextWriter(ext, bits)) as TextWrite;
    s += (s === "" ? '{"' : ',"') + key + '":' + write(value, ctx);
  });
  return s;
}

function compileFields(desc: DescMessage, bits: number): [FieldTextWrite[], string[]] {
  const writers: FieldTextWrite[] = [];
  const segs: string[] = [];
  for (const member of desc.members) {
    if (member.kind === "oneof") {
      writers.push(oneofTextWriter(member.localName, member.fields, bits));
      segs.push("");
      continue;
    }
    writers.push(fieldTextWriter(member, bits));
    segs.push(fieldSegment(member.name));
  }
  return [writers, segs];
}

/** `"key":` for a field. */
export function keyText(field: DescField, bits: number): string {
  return JSON.stringify((bits & PROTO_FIELD_NAME) !== 0 ? field.name : field.jsonName) + ":";
}

/**
 * Whether JSON text holds string `v` as it is, between quotes: no character that JSON.stringify
 * escapes (control characters, `"`, `\`) and no surrogates (JSON.stringify escapes lone ones).
 * Short strings are checked with a loop, longer ones with a regular expression.
 */
export function plainJsonString(v: string): boolean {
  const n = v.length;
  if (n > 40) return !NEEDS_ESCAPE.test(v);
  for (let i = 0; i < n; i++) {
    const c = v.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return false;
  }
  return true;
}

/** A string as JSON text without its quotes: the string itself if it needs no escaping, else as JSON.stringify escapes it. */
export function jsonKeyBody(k: string): string {
  return plainJsonString(k) ? k : JSON.stringify(k).slice(1, -1);
}

/**
 * Whether `list` (not empty) holds bigints only: a list of a 64-bit type is then written in one
 * piece, `'["' + list.join('","') + '"]'` (join writes each as its decimal digits, as
 * int64ToJson() does), instead of element by element through the shared element writer.
 */
function bigintList(list: unknown[]): boolean {
  const n = list.length;
  if (n === 0) return false;
  for (let i = 0; i < n; i++) if (typeof list[i] !== "bigint") return false;
  return true;
}

/** A string as JSON text: quoted, or through JSON.stringify if it needs escaping. */
export function quote(v: string): string {
  return plainJsonString(v) ? '"' + v + '"' : JSON.stringify(v);
}

const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** The JSON text of a scalar value. */
function scalarToJsonText(type: ScalarType): TextWrite {
  switch (type) {
    case ScalarType.STRING:
      return (v) => {
        if (typeof v !== "string") throw scalarWriteProblem(type, v);
        return quote(v);
      };
    case ScalarType.BOOL:
      return (v) => {
        if (v === true) return "true";
        if (v === false) return "false";
        throw scalarWriteProblem(type, v);
      };
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return (v) => {
        if (typeof v !== "number") throw scalarWriteProblem(type, v);
        if (Number.isFinite(v)) return String(v);
        return v !== v ? '"NaN"' : v > 0 ? '"Infinity"' : '"-Infinity"';
      };
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return (v) => {
        if (typeof v !== "number" || (v | 0) !== v) throw scalarWriteProblem(type, v);
        return String(v);
      };
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return (v) => {
        if (typeof v !== "number" || v >>> 0 !== v) throw scalarWriteProblem(type, v);
        return String(v);
      };
    case ScalarType.BYTES:
      return (v) => {
        if (!(v instanceof Uint8Array)) throw scalarWriteProblem(type, v);
        return '"' + base64Encode(v) + '"';
      };
    default:
      return (v) => '"' + (typeof v === "bigint" ? v : int64ToJson(type, v)) + '"';
  }
}

export function enumToJsonText(desc: DescEnum, bits: number): TextWrite {
  const write = enumWriter(desc, (bits & ENUM_AS_INTEGER) !== 0);
  const quoted = new Map<number, string>();
  for (const v of desc.values) {
    const w = write(v.number);
    if (!quoted.has(v.number)) quoted.set(v.number, JSON.stringify(w));
  }
  return (v) => {
    const q = quoted.get(v);
    if (q !== undefined) return q;
    if (typeof v !== "number" || (v | 0) !== v) throw enumWriteProblem(desc, v);
    return JSON.stringify(write(v));
  };
}

/** The writer of one value of a field (element of a list or map, or singular value). */
function elementTextWriter(
  field: { readonly scalar: ScalarType | undefined; readonly enum: DescEnum | undefined; readonly message: DescMessage | undefined },
  bits: number,
): TextWrite {
  // The message type's writer itself (it compiles its fields on first call: recursive types are fine).
  if (field.message !== undefined) return messageTextWriter(field.message, bits);
  if (field.enum !== undefined) return enumToJsonText(field.enum, bits);
  return scalarToJsonText(field.scalar!);
}

/** As elementTextWriter, for unboxed well-known type values too (singular fields, oneofs). */
function singularTextWriter(field: DescField | DescExtension, bits: number): TextWrite {
  const boxing = fieldBoxing(field);
  if (boxing === Boxing.None) return elementTextWriter(field, bits);
  const write = boxedWriter(field, boxing, true);
  return (v) => JSON.stringify(write(v));
}

/** The writer of the elements of a list or map field: Struct elements are JSON objects. */
function repeatedElementTextWriter(field: DescField | DescExtension, bits: number): TextWrite {
  if (elementBoxing(field) === Boxing.None) return elementTextWriter(field, bits);
  const write = boxedWriter(field, Boxing.Struct, true);
  return (v) => JSON.stringify(write(v));
}

/** Writes a list as a JSON array. */
function listTextWriter(field: DescField | DescExtension, bits: number): TextWrite {
  const write = repeatedElementTextWriter(field, bits);
  const scalar = field.fieldKind === "list" && field.listKind === "scalar" ? field.scalar : undefined;
  const int64 = scalar !== undefined && isInt64Scalar(scalar);
  return (list: unknown[], ctx) => {
    if (scalar !== undefined && jsonNativeList(scalar, list)) return JSON.stringify(list);
    if (int64 && bigintList(list)) return '["' + list.join('","') + '"]';
    let t = "[";
    let i = 0;
    try {
      for (; i < list.length; i++) t += (i === 0 ? "" : ",") + write(list[i], ctx);
    } catch (e) {
      throw withSegment(e, indexSegment(i));
    }
    return t + "]";
  };
}

/** The writer of a field: appends `"key":value` to the members written so far, if the field is set. */
export function fieldTextWriter(field: DescField, bits: number): FieldTextWrite {
  const name = field.localName;
  // The key as the first member (with the object's brace: see FieldTextWrite), and after others.
  const key = keyText(field, bits);
  const k = "{" + key;
  const kc = "," + key;
  const emit = (bits & EMIT_IMPLICIT) !== 0;
  switch (field.fieldKind) {
    case "list": {
      const write = listTextWriter(field, bits);
      return (msg, s, ctx) => {
        const list = msg[name] as unknown[];
        return list.length === 0 && !emit ? s : s + (s === "" ? k : kc) + write(list, ctx);
      };
    }
    case "map": {
      const write = repeatedElementTextWriter(field, bits);
      return (msg, s, ctx) => {
        const map = msg[name] as Record<string, unknown>;
        // Object.keys() lists integer keys (elements) much faster than `for in` walks them.
        const keys = Object.keys(map);
        let t = "";
        let key = "";
        try {
          for (key of keys) t += (t === "" ? '"' : ',"') + jsonKeyBody(key) + '":' + write(map[key], ctx);
        } catch (e) {
          throw withSegment(e, keySegment(key));
        }
        if (t === "" && !emit) return s;
        return s + (s === "" ? k : kc) + "{" + t + "}";
      };
    }
    case "message": {
      const write = singularTextWriter(field, bits);
      if ((field.presence as number) === FieldPresence.LEGACY_REQUIRED) {
        return (msg, s, ctx) => {
          const v = msg[name];
          if (v === undefined) throw requiredNotSet();
          return s + (s === "" ? k : kc) + write(v, ctx);
        };
      }
      return (msg, s, ctx) => {
        const v = msg[name];
        return v === undefined ? s : s + (s === "" ? k : kc) + write(v, ctx);
      };
    }
    default: {
      const write = field.fieldKind === "enum" ? enumToJsonText(field.enum, bits) : scalarToJsonText(field.scalar);
      if ((field.presence as number) === FieldPresence.IMPLICIT) {
        if (emit) return (msg, s, ctx) => s + (s === "" ? k : kc) + write(msg[name], ctx);
        if (field.fieldKind === "scalar") {
          const fast = implicitScalarTextWriter(field.scalar, name, k, kc);
          if (fast !== undefined) return fast;
        }
        const isZero = scalarZeroCheck(field.fieldKind === "enum" ? ScalarType.INT32 : field.scalar);
        return (msg, s, ctx) => {
          const v = msg[name];
          return isZero(v) ? s : s + (s === "" ? k : kc) + write(v, ctx);
        };
      }
      if ((field.parent.file.edition as number) === Edition.EDITION_PROTO3) {
        return (msg, s, ctx) => {
          const v = msg[name];
          return v === undefined ? s : s + (s === "" ? k : kc) + write(v, ctx);
        };
      }
      if ((field.presence as number) === FieldPresence.LEGACY_REQUIRED) {
        return (msg, s, ctx) => {
          const v = msg[name];
          if (v === undefined || !hasOwn.call(msg, name)) throw requiredNotSet();
          return s + (s === "" ? k : kc) + write(v, ctx);
        };
      }
      // Explicit presence: set if the property is own (defaults live on the prototype).
      const d = comparableDefault(field);
      return (msg, s, ctx) => {
        const v = msg[name];
        return v === undefined || ((v === d || d === undefined) && !hasOwn.call(msg, name)) ? s : s + (s === "" ? k : kc) + write(v, ctx);
      };
    }
  }
}

/**
 * Writers of implicit-presence fields of the most common scalar types, with the zero check
 * and the conversion inlined (one closure per type, so that each call site stays simple).
 */
function implicitScalarTextWriter(type: ScalarType, name: string, k: string, kc: string): FieldTextWrite | undefined {
  switch (type) {
    case ScalarType.STRING: {
      // A string that needs no escaping goes in with its quotes: one piece less to join and flatten.
      const kq = k + '"';
      const kcq = kc + '"';
      return (msg, s) => {
        const v = msg[name];
        if (v === "") return s;
        if (typeof v !== "string") throw scalarWriteProblem(type, v);
        return plainJsonString(v) ? s + (s === "" ? kq : kcq) + v + '"' : s + (s === "" ? k : kc) + JSON.stringify(v);
      };
    }
    case ScalarType.BOOL:
      return (msg, s) => {
        const v = msg[name];
        if (v === false) return s;
        if (v !== true) throw scalarWriteProblem(type, v);
        return s + (s === "" ? k : kc) + "true";
      };
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return (msg, s) => {
        const v = msg[name];
        if (v === 0) return s;
        if (typeof v !== "number" || (v | 0) !== v) throw scalarWriteProblem(type, v);
        return s + (s === "" ? k : kc) + v;
      };
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return (msg, s) => {
        const v = msg[name];
        if (v === 0) return s;
        if (typeof v !== "number" || v >>> 0 !== v) throw scalarWriteProblem(type, v);
        return s + (s === "" ? k : kc) + v;
      };
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return (msg, s) => {
        const v = msg[name];
        if (v === 0) return s;
        if (typeof v !== "number") throw scalarWriteProblem(type, v);
        if (v - v === 0) return s + (s === "" ? k : kc) + v;
        return s + (s === "" ? k : kc) + (v !== v ? '"NaN"' : v > 0 ? '"Infinity"' : '"-Infinity"');
      };
    case ScalarType.BYTES:
      return undefined;
    default:
      // 64-bit integers.
      return (msg, s) => {
        const v = msg[name];
        if (v == 0) return s;
        return s + (s === "" ? k : kc) + '"' + (typeof v === "bigint" ? v : int64ToJson(type, v)) + '"';
      };
  }
}

export function oneofTextWriter(localName: string, fields: DescField[], bits: number): FieldTextWrite {
  const byCase = new Map<string, { key: string; seg: string; write: TextWrite }>();
  for (const f of fields) {
    byCase.set(f.localName, { key: keyText(f, bits), seg: fieldSegment(f.name), write: singularTextWriter(f, bits) });
  }
  return (msg, s, ctx) => {
    const o = msg[localName];
    if (o === undefined || o.case === undefined) return s;
    const c = byCase.get(o.case);
    if (c === undefined) throw new JsonProblem(`oneof ${localName} has unknown case ${JSON.stringify(o.case)}`);
    try {
      return s + (s === "" ? "{" : ",") + c.key + c.write(o.value, ctx);
    } catch (e) {
      throw withSegment(e, c.seg);
    }
  };
}
