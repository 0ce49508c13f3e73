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

/** The scalar type of a wrapper message's `value` field. */
function wrapperScalar(field: DescField | DescExtension): { scalar: number; longAsString: boolean } {
  const f = field.message!.fields[0];
  return { scalar: f.scalar!, longAsString: f.fieldKind === "scalar" && f.longAsString };
}

/** The JSON writer of an unboxed field value. */
export function boxedWriter(field: DescField | DescExtension, boxing: Boxing): (value: any) => JsonValue {
  if (boxing === Boxing.Wrapper) return scalarToJson(wrapperScalar(field).scalar);
  return (value) => {
    if (!isObject(value)) throw new JsonProblem(`expected a JSON object for google.protobuf.Struct, got ${formatJson(value)}`);
    return copyJson(value, 0, 100, undefined) as JsonObject;
  };
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
    if (!isObject(json)) throw new JsonProblem(`expected object, got ${formatJson(json)}`);
    const merge = isObject(current);
    // JSON that the read parsed itself (ReadContext.owned) is checked in place and kept.
    if (ctx.owned && !merge) {
      checkParsedMembers(json, 0, ctx.recursionLimit, ctx);
      return json;
    }
    const out: JsonObject = merge ? (current as JsonObject) : {};
    let key = "";
    try {
      for (key of Object.keys(json)) {
        if (!isWellFormed(key)) throw new JsonProblem(`key ${formatJson(key)} is not valid UTF-16`);
        ctx.count += 1 + countColons(key);
        const v = json[key];
        if (ctx.owned) checkParsedJson(v, 1, ctx.recursionLimit, ctx);
        setOwnProperty(out, key, ctx.owned ? v : copyJson(v, 1, ctx.recursionLimit, ctx));
      }
    } catch (e) {
      throw withSegment(e, keySegment(key));
    }
    return out;
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Checks a value that JSON.parse returned, as copyJson() does when reading, without copying
 * it: strings well-formed, keys and colons in strings counted in `ctx`, nesting below `limit`.
 * (JSON.parse gives only finite numbers, and nothing that is not JSON.)
 */
function checkParsedJson(v: unknown, depth: number, limit: number, ctx: { count: number }): void {
  if (typeof v === "string") {
    if (!isWellFormed(v)) throw new JsonProblem(`${formatJson(v)} is not valid UTF-16 (lone surrogate)`);
    if (v.indexOf(":") !== -1) ctx.count += countColons(v);
    return;
  }
  if (typeof v !== "object" || v === null) return;
  if (depth >= limit) throw new JsonProblem(`maximum nesting depth ${limit} exceeded`);
  if (Array.isArray(v)) {
    let i = 0;
    try {
      for (; i < v.length; i++) checkParsedJson(v[i], depth + 1, limit, ctx);
    } catch (e) {
      throw withSegment(e, indexSegment(i));
    }
    return;
  }
  checkParsedMembers(v as Record<string, unknown>, depth, limit, ctx);
}

/** Checks the keys and values of an object that JSON.parse returned, at nesting `depth`. */
function checkParsedMembers(obj: Record<string, unknown>, depth: number, limit: number, ctx: { count: number }): void {
  let key = "";
  try {
    for (key of Object.keys(obj)) {
      if (!isWellFormed(key)) throw new JsonProblem(`key ${formatJson(key)} is not valid UTF-16`);
      ctx.count += key.indexOf(":") === -1 ? 1 : 1 + countColons(key);
      checkParsedJson(obj[key], depth + 1, limit, ctx);
    }
  } catch (e) {
    throw withSegment(e, keySegment(key));
  }
}

/**
 * A deep copy of a JSON value, checked: numbers must be finite, strings well-formed (when
 * reading: with the `ctx` of the read, in which keys and colons in strings are counted), and
 * there must be nothing that is not JSON. Keys are set as own properties.
 */
export function copyJson(v: unknown, depth: number, limit: number, ctx: { count: number } | undefined): JsonValue {
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
      if (depth >= limit) throw new JsonProblem(`maximum nesting depth ${limit} exceeded`);
      if (Array.isArray(v)) {
        const out: JsonValue[] = new Array<JsonValue>(v.length);
        let i = 0;
        try {
          for (; i < v.length; i++) out[i] = copyJson(v[i], depth + 1, limit, ctx);
        } catch (e) {
          throw withSegment(e, indexSegment(i));
        }
        return out;
      }
      if (v instanceof Uint8Array) break;
      const out: JsonObject = {};
      let key = "";
      try {
        for (key of Object.keys(v)) {
          if (ctx !== undefined) {
            if (!isWellFormed(key)) throw new JsonProblem(`key ${formatJson(key)} is not valid UTF-16`);
            ctx.count += 1 + countColons(key);
          }
          setOwnProperty(out, key, copyJson((v as Record<string, unknown>)[key], depth + 1, limit, ctx));
        }
      } catch (e) {
        throw withSegment(e, keySegment(key));
      }
      return out;
    }
  }
  throw new JsonProblem(`${formatJson(v)} is not a JSON value`);
}
