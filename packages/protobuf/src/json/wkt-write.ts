/**
 * Writers of the well-known types that have a JSON form of their own: Any, Timestamp,
 * Duration, FieldMask, Struct, Value, ListValue and the wrappers.
 */
import { wktName, wrapperTypeNames } from "../descriptors/wkt-names.js";
import type { DescField, DescMessage } from "../descriptors/types.js";
import { setOwnProperty } from "../model/map-key.js";
import { decodeMessage } from "../binary/decode.js";
import { JsonProblem, formatJson, indexSegment, keySegment, withSegment } from "./errors.js";
import type { JsonObject, JsonValue } from "../types.js";
import { scalarToJson } from "./scalar-write.js";
import { timestampJsonText, timestampToJson } from "./timestamp.js";
import { durationToJson } from "./duration.js";
import { fieldMaskToJson } from "./field-mask.js";
import { isValueWkt, structFamily, wktField } from "./wkt-read.js";
import type { MessageWriter } from "./writer.js";
import { PROTO_FIELD_NAME, type WriteContext } from "./options.js";

/**
 * The writer of a well-known type with a JSON form of its own, or undefined. `writerOf` gives
 * the writer of any message type (for the message inside an Any).
 */
export function wktWriter(desc: DescMessage, bits: number, writerOf: (desc: DescMessage, bits: number) => MessageWriter): MessageWriter | undefined {
  if (desc.typeName !== wktName.Any) return wktValueWriter(desc);
  if (!isAny(desc)) return undefined;
  return (msg, ctx) => {
    const desc = anyType(msg, ctx);
    if (desc === undefined) return {};
    const json = writerOf(desc, bits)(decodeMessage(desc, msg.value), ctx);
    const out: JsonObject = { "@type": msg.typeUrl };
    if (isValueWkt(desc)) {
      out.value = json;
    } else {
      const obj = json as JsonObject;
      for (const k in obj) setOwnProperty(out, k, obj[k]);
      // A field with the JSON name "@type" does not replace the type URL (as in protobuf-es).
      out["@type"] = msg.typeUrl;
    }
    return out;
  };
}

/**
 * The writer of the JSON text of a well-known type with a JSON form of its own, or undefined:
 * the text of the value that wktWriter() gives, made directly for Timestamp and Any.
 * `textWriterOf` gives the text writer of any message type (for the message inside an Any).
 */
export function wktTextWriter(
  desc: DescMessage,
  bits: number,
  textWriterOf: (desc: DescMessage, bits: number) => (msg: any, ctx: WriteContext) => string,
): ((msg: any, ctx: WriteContext) => string) | undefined {
  if (desc.typeName === wktName.Any) {
    if (!isAny(desc)) return undefined;
    return (msg, ctx) => {
      const desc = anyType(msg, ctx);
      if (desc === undefined) return "{}";
      const text = textWriterOf(desc, bits)(decodeMessage(desc, msg.value), ctx);
      const head = '{"@type":' + JSON.stringify(msg.typeUrl);
      if (isValueWkt(desc)) return head + ',"value":' + text + "}";
      if (text === "{}") return head + "}";
      if ((bits & PROTO_FIELD_NAME) !== 0 || !desc.fields.some((f) => f.jsonName === "@type")) return head + "," + text.substring(1);
      // A field with the JSON name "@type" does not replace the type URL (as in protobuf-es).
      const out: JsonObject = { "@type": msg.typeUrl };
      const obj = JSON.parse(text) as JsonObject;
      for (const k in obj) if (k !== "@type") setOwnProperty(out, k, obj[k]);
      return JSON.stringify(out);
    };
  }
  if (desc.typeName === wktName.Timestamp && secondsAndNanos(desc)) return (msg) => timestampJsonText(Number(msg.seconds), msg.nanos);
  const write = wktValueWriter(desc);
  return write && ((msg) => JSON.stringify(write(msg)));
}

/** The writer of a well-known type other than Any with a JSON form of its own, or undefined. */
function wktValueWriter(desc: DescMessage): ((msg: any) => JsonValue) | undefined {
  switch (desc.typeName) {
    case wktName.Timestamp:
      return secondsAndNanos(desc) ? (msg) => timestampToJson(Number(msg.seconds), msg.nanos) : undefined;
    case wktName.Duration:
      return secondsAndNanos(desc) ? (msg) => durationToJson(Number(msg.seconds), msg.nanos) : undefined;
    case wktName.FieldMask:
      return wktField(desc, "paths", "list") ? (msg) => fieldMaskToJson(msg.paths) : undefined;
    case wktName.Struct:
    case wktName.Value:
    case wktName.ListValue:
      return structWriters(desc);
    default: {
      if (!wrapperTypeNames.has(desc.typeName)) return undefined;
      const f = wktField(desc, "value", "scalar");
      if (f === undefined || f.fieldKind !== "scalar") return undefined;
      const conv = scalarToJson(f.scalar);
      return (msg) => conv(msg.value);
    }
  }
}

/** The field nanos if the type has the fields seconds and nanos (a Timestamp or Duration as expected). */
function secondsAndNanos(desc: DescMessage): DescField | undefined {
  return wktField(desc, "seconds", "scalar") && wktField(desc, "nanos", "scalar");
}

/** The field value if the type has the fields typeUrl and value (an Any as expected). */
function isAny(desc: DescMessage): DescField | undefined {
  return wktField(desc, "typeUrl", "scalar") && wktField(desc, "value", "scalar");
}

/**
 * The type of the message packed in an Any, from the registry of the write call; undefined for
 * an empty Any. Throws a JsonProblem for a value without a type URL, or a type not found.
 */
function anyType(msg: any, ctx: WriteContext): DescMessage | undefined {
  const typeUrl = msg.typeUrl as string;
  if (typeUrl === "") {
    if ((msg.value as Uint8Array).length === 0) return undefined;
    throw new JsonProblem("the Any has a value but no type URL");
  }
  const desc = ctx.registry?.getMessage(typeUrl.substring(typeUrl.lastIndexOf("/") + 1));
  if (desc === undefined) {
    throw new JsonProblem(
      ctx.registry === undefined
        ? `cannot resolve ${formatJson(typeUrl)}: no registry given in the options`
        : `${formatJson(typeUrl)} is not in the type registry`,
    );
  }
  return desc;
}

/** Writers of Struct, Value and ListValue, which refer to each other. */
function structWriters(desc: DescMessage): ((msg: any) => JsonValue) | undefined {
  if (structFamily(desc) === undefined) return undefined;
  function writeValue(msg: any): JsonValue {
    const kind = msg.kind as { case: string | undefined; value: any };
    switch (kind.case) {
      case "nullValue":
        return null;
      case "numberValue":
        if (!Number.isFinite(kind.value)) {
          throw new JsonProblem(`${formatJson(kind.value)} cannot be a google.protobuf.Value number (JSON has no NaN or Infinity)`);
        }
        return kind.value as number;
      case "stringValue":
        if (typeof kind.value !== "string") throw new JsonProblem(`${formatJson(kind.value)} is not a string`);
        return kind.value;
      case "boolValue":
        if (typeof kind.value !== "boolean") throw new JsonProblem(`${formatJson(kind.value)} is not a bool`);
        return kind.value;
      case "structValue":
        return writeStruct(kind.value);
      case "listValue":
        return writeList(kind.value);
      default:
        throw new JsonProblem("google.protobuf.Value must have a value (kind is not set)");
    }
  }

  function writeStruct(msg: any): JsonObject {
    const fields = msg.fields as Record<string, unknown>;
    const out: JsonObject = {};
    let key = "";
    try {
      for (key in fields) {
        if (Object.prototype.hasOwnProperty.call(fields, key)) setOwnProperty(out, key, writeValue(fields[key]));
      }
    } catch (e) {
      throw withSegment(e, keySegment(key));
    }
    return out;
  }

  function writeList(msg: any): JsonValue[] {
    const values = msg.values as unknown[];
    const out: JsonValue[] = new Array<JsonValue>(values.length);
    let i = 0;
    try {
      for (; i < values.length; i++) out[i] = writeValue(values[i]);
    } catch (e) {
      throw withSegment(e, indexSegment(i));
    }
    return out;
  }

  switch (desc.typeName) {
    case wktName.Struct:
      return writeStruct;
    case wktName.ListValue:
      return writeList;
    default:
      return writeValue;
  }
}
