/**
 * Readers of the well-known types that have a JSON form of their own: Any, Timestamp,
 * Duration, FieldMask, Struct, Value, ListValue and the wrappers. Dispatched on the type
 * name; a type of that name without the expected fields is read as a plain message.
 */
import { hasCustomJsonForm, wktName, wrapperTypeNames } from "../descriptors/wkt-names.js";
import type { DescField, DescMessage } from "../descriptors/types.js";
import { protoInt64 } from "../wire/int64.js";
import { setOwnProperty } from "../model/map-key.js";
import { zeroMessageFactory } from "../model/zero-message.js";
import { encodeMessage } from "../binary/encode.js";
import { JsonProblem, formatJson, indexSegment, keySegment, withSegment } from "./errors.js";
import { scalarFromJson } from "./scalar-read.js";
import { isWellFormed } from "../wire/well-formed.js";
import { timestampFromJson } from "./timestamp.js";
import { countColons } from "./parse.js";
import { durationFromJson } from "./duration.js";
import { fieldMaskFromJson } from "./field-mask.js";
import type { MessageReader, ReadContext } from "./reader.js";
import { checkValueDepth, enterMessage, isJsonObject, notAnObject } from "./read-guards.js";

/** Well-known types that an Any holds in a `"value"` property rather than inline. */
export function isValueWkt(desc: DescMessage): boolean {
  return hasCustomJsonForm(desc.typeName);
}

/** The field with the given local name and kind, or undefined. */
export function wktField(desc: DescMessage, localName: string, kind: string): DescField | undefined {
  const f = desc.fields.find((f) => f.localName === localName);
  return f !== undefined && f.fieldKind === kind ? f : undefined;
}

/**
 * The reader of a well-known type with a JSON form of its own, or undefined. `readerOf` gives
 * the reader of any message type (for the message inside an Any).
 */
export function wktReader(desc: DescMessage, readerOf: (desc: DescMessage) => MessageReader): MessageReader | undefined {
  switch (desc.typeName) {
    case wktName.Any:
      return wktField(desc, "typeUrl", "scalar") && wktField(desc, "value", "scalar") ? anyReader(readerOf) : undefined;
    case wktName.Timestamp:
    case wktName.Duration: {
      if (!wktField(desc, "seconds", "scalar") || !wktField(desc, "nanos", "scalar")) return undefined;
      const isTimestamp = desc.typeName === wktName.Timestamp;
      const parse = isTimestamp ? timestampFromJson : durationFromJson;
      return (msg, json, ctx) => {
        const { seconds, nanos } = parse(json);
        // A safe integer: BigInt() directly, without the range checks of protoInt64.parse().
        msg.seconds = (protoInt64.supported ? BigInt(seconds) : String(seconds)) as bigint;
        msg.nanos = nanos;
        // The colons of the string, for the duplicate-key check: a valid duration has none, a
        // valid timestamp two in its time and one in a "+hh:mm" / "-hh:mm" offset.
        if (isTimestamp) ctx.count += (json as string).charCodeAt((json as string).length - 1) === 90 ? 2 : 3;
      };
    }
    case wktName.FieldMask:
      if (!wktField(desc, "paths", "list")) return undefined;
      return (msg, json) => {
        const paths = fieldMaskFromJson(json);
        for (const p of paths) msg.paths.push(p);
      };
    case wktName.Struct:
    case wktName.Value:
    case wktName.ListValue:
      return structReaders(desc);
    default: {
      if (!wrapperTypeNames.has(desc.typeName)) return undefined;
      const f = wktField(desc, "value", "scalar");
      if (f === undefined || f.fieldKind !== "scalar") return undefined;
      const conv = scalarFromJson(f.scalar, f.longAsString);
      return (msg, json) => {
        msg.value = conv(json);
      };
    }
  }
}

function anyReader(readerOf: (desc: DescMessage) => MessageReader): MessageReader {
  return (msg, json, ctx) => readAny(readerOf, msg, json, ctx);
}

function readAny(readerOf: (desc: DescMessage) => MessageReader, msg: any, json: unknown, ctx: ReadContext): void {
  if (!isJsonObject(json)) throw notAnObject(json);
  const typeUrl = Object.prototype.hasOwnProperty.call(json, "@type") ? json["@type"] : undefined;
  if (typeUrl === undefined) {
    if (Object.keys(json).length === 0) return;
    throw new JsonProblem(`"@type" is missing`);
  }
  if (typeof typeUrl !== "string" || typeUrl === "") {
    throw new JsonProblem(`"@type" must be a type URL, got ${formatJson(typeUrl)}`);
  }
  const typeName = typeUrl.substring(typeUrl.lastIndexOf("/") + 1);
  const desc = ctx.registry?.getMessage(typeName);
  if (desc === undefined) {
    throw new JsonProblem(
      ctx.registry === undefined
        ? `cannot resolve ${JSON.stringify(typeUrl)}: no registry given in the options`
        : `${JSON.stringify(typeUrl)} is not in the type registry`,
    );
  }
  const sub = zeroMessageFactory(desc)();
  const read = readerOf(desc);
  enterMessage(ctx);
  // The key "@type" and the colons of its value, for the duplicate-key check (the other keys
  // are counted by the readers of what they hold).
  ctx.count += 1 + countColons(typeUrl);
  if (isValueWkt(desc)) {
    for (const key of Object.keys(json)) {
      if (key !== "@type" && key !== "value" && !ctx.ignoreUnknownFields) {
        throw new JsonProblem(`unknown field ${formatJson(key)} next to "@type" of a well-known type`);
      }
    }
    if (Object.prototype.hasOwnProperty.call(json, "value")) {
      ctx.count++;
      try {
        read(sub, json.value, ctx);
      } catch (e) {
        throw withSegment(e, ".value");
      }
    }
  } else {
    const rest: Record<string, unknown> = {};
    for (const key of Object.keys(json)) {
      if (key !== "@type") setOwnProperty(rest, key, json[key]);
    }
    read(sub, rest, ctx);
  }
  ctx.depth--;
  msg.typeUrl = typeUrl;
  msg.value = encodeMessage(desc, sub, true);
}

/** The descriptors of Value, Struct and ListValue, if `desc` is one of them with the expected fields. */
export function structFamily(desc: DescMessage): { value: DescMessage; struct: DescMessage; list: DescMessage } | undefined {
  let value: DescMessage | undefined = desc;
  if (desc.typeName !== wktName.Value) {
    const f = desc.fields[0] as DescField | undefined;
    value = f?.message?.typeName === wktName.Value ? f.message : undefined;
  }
  const kind = value?.oneofs.find((o) => o.localName === "kind");
  const struct = kind?.fields.find((f) => f.localName === "structValue")?.message;
  const list = kind?.fields.find((f) => f.localName === "listValue")?.message;
  if (value === undefined || struct === undefined || list === undefined) return undefined;
  if (!wktField(struct, "fields", "map") || !wktField(list, "values", "list")) return undefined;
  return { value, struct, list };
}

/** Readers of Struct, Value and ListValue, which refer to each other. */
function structReaders(desc: DescMessage): MessageReader | undefined {
  const family = structFamily(desc);
  if (family === undefined) return undefined;
  const { value, struct: structDesc, list: listDesc } = family;
  const newValue = zeroMessageFactory(value);
  const newStruct = zeroMessageFactory(structDesc);
  const newList = zeroMessageFactory(listDesc);

  function readStruct(msg: any, json: unknown, ctx: ReadContext): void {
    if (!isJsonObject(json)) throw notAnObject(json);
    enterMessage(ctx);
    const fields = msg.fields as Record<string, unknown>;
    let key = "";
    try {
      for (key of Object.keys(json)) {
        if (!isWellFormed(key)) throw new JsonProblem(`key ${formatJson(key)} is not valid UTF-16`);
        ctx.count += 1 + countColons(key);
        const v = newValue();
        readValue(v, json[key], ctx);
        setOwnProperty(fields, key, v);
      }
    } catch (e) {
      throw withSegment(e, keySegment(key));
    }
    ctx.depth--;
  }

  function readList(msg: any, json: unknown, ctx: ReadContext): void {
    if (!Array.isArray(json)) throw new JsonProblem(`expected array, got ${formatJson(json)}`);
    enterMessage(ctx);
    const values = msg.values as unknown[];
    let i = 0;
    try {
      for (; i < json.length; i++) {
        const v = newValue();
        readValue(v, json[i], ctx);
        values.push(v);
      }
    } catch (e) {
      throw withSegment(e, indexSegment(i));
    }
    ctx.depth--;
  }

  function readValue(msg: any, json: unknown, ctx: ReadContext): void {
    checkValueDepth(ctx.depth, ctx.recursionLimit);
    switch (typeof json) {
      case "number":
        if (!Number.isFinite(json)) throw new JsonProblem(`${formatJson(json)} is out of range for a number value`);
        msg.kind = { case: "numberValue", value: json };
        return;
      case "string":
        if (!isWellFormed(json)) throw new JsonProblem(`${formatJson(json)} is not valid UTF-16 (lone surrogate)`);
        ctx.count += countColons(json);
        msg.kind = { case: "stringValue", value: json };
        return;
      case "boolean":
        msg.kind = { case: "boolValue", value: json };
        return;
      case "object": {
        if (json === null) {
          msg.kind = { case: "nullValue", value: 0 };
          return;
        }
        if (Array.isArray(json)) {
          const list = msg.kind.case === "listValue" ? msg.kind.value : newList();
          readList(list, json, ctx);
          msg.kind = { case: "listValue", value: list };
          return;
        }
        const struct = msg.kind.case === "structValue" ? msg.kind.value : newStruct();
        readStruct(struct, json, ctx);
        msg.kind = { case: "structValue", value: struct };
        return;
      }
    }
    throw new JsonProblem(`${formatJson(json)} is not a JSON value`);
  }

  switch (desc.typeName) {
    case wktName.Struct:
      return readStruct;
    case wktName.ListValue:
      return readList;
    default:
      // A Value read as a message (a field, the top level) is one level below its parent.
      return (msg, json, ctx) => {
        enterMessage(ctx);
        readValue(msg, json, ctx);
        ctx.depth--;
      };
  }
}
