/**
 * JSON of unboxed well-known type fields (see codecs/boxing.ts): a singular field of a
 * wrapper type holds the primitive value, which is its JSON form too; a singular
 * google.protobuf.Struct field holds a JSON object, which is copied and checked both ways.
 */
import type { DescExtension, DescField } from "../descriptors/types.js";
import { Boxing } from "../model/boxing-kind.js";
import { setOwnProperty } from "../model/map-key.js";
import { JsonProblem, formatJson, indexSegment, keySegment, withSegment } from "./errors.js";
import type { JsonObject, JsonValue } from "../types.js";
import { scalarFromJson } from "./scalar-read.js";
import { isWellFormed } from "../wire/well-formed.js";
import { scalarToJson } from "./scalar-write.js";
import { countColons } from "./parse.js";
import type { ReadContext } from "./reader.js";
import { checkValueDepth, isJsonObject, notAnObject } from "./read-guards.js";

/** The scalar type of a wrapper message's `value` field. */
function wrapperScalar(field: DescField | DescExtension): { scalar: number; longAsString: boolean } {
  const f = field.message!.fields[0];
  return { scalar: f.scalar!, longAsString: f.fieldKind === "scalar" && f.longAsString };
}

/**
 * The JSON writer of an unboxed field value. With `inPlace` (for JSON.stringify() right after),
 * a Struct value is checked and given back as it is, unless it holds an object that
 * JSON.stringify() would write otherwise than its copy (a Date, a class instance): copied then.
 */
export function boxedWriter(field: DescField | DescExtension, boxing: Boxing, inPlace = false): (value: any) => JsonValue {
  if (boxing === Boxing.Wrapper) return scalarToJson(wrapperScalar(field).scalar);
  return (value) => {
    if (!isJsonObject(value)) throw new JsonProblem(`expected a JSON object for google.protobuf.Struct, got ${formatJson(value)}`);
    // No nesting limit when writing, as in protobuf-es (only reading has one).
    try {
      return copyJson(value, 0, Infinity, undefined, inPlace) as JsonObject;
    } catch (e) {
      if (e !== NOT_PLAIN) throw e;
      return copyJson(value, 0, Infinity, undefined, false) as JsonObject;
    }
  };
}

/** What copyJson() throws when it keeps a value that holds an object of another prototype than a plain one. */
const NOT_PLAIN = {};

/** Throws NOT_PLAIN unless `v` has the prototype `plain` (or none). */
function checkPrototype(v: object, plain: object): void {
  const p = Object.getPrototypeOf(v);
  if (p !== plain && p !== null) throw NOT_PLAIN;
}

/**
 * The JSON reader of an unboxed field value; `current` is the value to merge into, if any.
 * Keys and colons in strings are counted in `ctx.count` (see ReadContext).
 */
export function boxedReader(field: DescField | DescExtension, boxing: Boxing): (json: unknown, current: unknown, ctx: ReadContext) => unknown {
  if (boxing === Boxing.Wrapper) {
    const { scalar, longAsString } = wrapperScalar(field);
    const conv = scalarFromJson(scalar, longAsString);
    return (json, _current, ctx) => {
      const v = conv(json);
      if (typeof v === "string") ctx.count += countColons(v);
      return v;
    };
  }
  return (json, current, ctx) => {
    if (!isJsonObject(json)) throw notAnObject(json);
    // JSON that the read parsed itself (ReadContext.owned) is checked in place and kept. The
    // Struct is a message one level down, its Values at its level (see checkValueDepth): as a
    // Value here, it is checked as the message, and its Values one level down.
    const value = copyJson(json, ctx.depth, ctx.recursionLimit, ctx, ctx.owned) as JsonObject;
    if (!isJsonObject(current)) return value;
    for (const key of Object.keys(value)) setOwnProperty(current, key, value[key]);
    return current;
  };
}

/**
 * A deep copy of a JSON value, checked: numbers must be finite, strings well-formed (when
 * reading: with the `ctx` of the read, in which keys and colons in strings are counted), no
 * value at a `depth` of `limit` (see checkValueDepth), and nothing that is not JSON. Keys are
 * set as own properties. With `keep` (JSON that the read parsed itself, which no one else
 * holds, or a value written by JSON.stringify() next), the value is checked and given back as
 * it is; an array or object in it of another prototype throws NOT_PLAIN.
 */
function copyJson(v: unknown, depth: number, limit: number, ctx: { count: number } | undefined, keep: boolean): JsonValue {
  checkValueDepth(depth, limit);
  switch (typeof v) {
    case "number":
      if (!Number.isFinite(v)) throw new JsonProblem(`${formatJson(v)} cannot be a google.protobuf.Value number`);
      return v;
    case "string":
      if (ctx !== undefined) {
        if (!isWellFormed(v)) throw new JsonProblem(`${formatJson(v)} is not valid UTF-16 (lone surrogate)`);
        ctx.count += countColons(v);
      }
      return v;
    case "boolean":
      return v;
    case "object": {
      if (v === null) return null;
      if (Array.isArray(v)) {
        if (keep) checkPrototype(v, Array.prototype);
        const out: JsonValue[] = keep ? v : new Array<JsonValue>(v.length);
        let i = 0;
        try {
          for (; i < v.length; i++) {
            const e = copyJson(v[i], depth + 1, limit, ctx, keep);
            if (!keep) out[i] = e;
          }
        } catch (e) {
          throw withSegment(e, indexSegment(i));
        }
        return out;
      }
      if (v instanceof Uint8Array) break;
      const obj = v as JsonObject;
      if (keep) checkPrototype(obj, Object.prototype);
      const out: JsonObject = keep ? obj : {};
      let key = "";
      try {
        for (key of Object.keys(obj)) {
          if (ctx !== undefined) {
            if (!isWellFormed(key)) throw new JsonProblem(`key ${formatJson(key)} is not valid UTF-16`);
            ctx.count += 1 + countColons(key);
          }
          const e = copyJson(obj[key], depth + 1, limit, ctx, keep);
          if (!keep) setOwnProperty(out, key, e);
        }
      } catch (e) {
        throw withSegment(e, keySegment(key));
      }
      return out;
    }
  }
  throw new JsonProblem(`${formatJson(v)} is not a JSON value`);
}
