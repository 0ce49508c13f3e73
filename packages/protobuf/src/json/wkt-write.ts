/**
 * Writers of the well-known types that have a JSON form of their own: Any, Timestamp,
 * Duration, FieldMask, Struct, Value, ListValue and the wrappers.
 */
import { wktName, wrapperTypeNames } from "../descriptors/wkt-names.js";
import type { DescMessage } from "../descriptors/types.js";
import { setOwnProperty } from "../model/map-key.js";
import { decodeMessage } from "../binary/decode.js";
import { JsonProblem, formatJson, indexSegment, keySegment, withSegment } from "./errors.js";
import type { JsonObject, JsonValue } from "../types.js";
import { scalarToJson } from "./scalar-write.js";
import { timestampJsonText, timestampToJson } from "./timestamp.js";
import { durationToJson } from "./duration.js";
import { fieldMaskToJson } from "./field-mask.js";
import { isValueWkt, structFamily, wktField } from "./wkt-read.js";
import type { MessageWriter, WriteContext } from "./writer.js";

/**
 * The writer of a well-known type with a JSON form of its own, or undefined. `writerOf` gives
 * the writer of any message type (for the message inside an Any).
 */
export function wktWriter(desc: DescMessage, bits: number, writerOf: (desc: DescMessage, bits: number) => MessageWriter): MessageWriter | undefined {
  switch (desc.typeName) {
    case wktName.Any:
      return wktField(desc, "typeUrl", "scalar") && wktField(desc, "value", "scalar") ? anyWriter(bits, writerOf) : undefined;
    case wktName.Timestamp:
      if (!wktField(desc, "seconds", "scalar") || !wktField(desc, "nanos", "scalar")) return undefined;
      return (msg) => timestampToJson(Number(msg.seconds), msg.nanos);
    case wktName.Duration:
      if (!wktField(desc, "seconds", "scalar") || !wktField(desc, "nanos", "scalar")) return undefined;
      return (msg) => durationToJson(Number(msg.seconds), msg.nanos);
    case wktName.FieldMask:
      if (!wktField(desc, "paths", "list")) return undefined;
      return (msg) => fieldMaskToJson(msg.paths);
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

/**
 * The writer of the JSON text of a well-known type that makes its text itself, or undefined
 * (the text of the others is JSON.stringify() of what wktWriter() gives).
 */
export function wktTextWriter(desc: DescMessage): ((msg: any) => string) | undefined {
  if (desc.typeName !== wktName.Timestamp || !wktField(desc, "seconds", "scalar") || !wktField(desc, "nanos", "scalar")) return undefined;
  return (msg) => timestampJsonText(Number(msg.seconds), msg.nanos);
}

function anyWriter(bits: number, writerOf: (desc: DescMessage, bits: number) => MessageWriter): MessageWriter {
  return (msg, ctx: WriteContext) => {
    const typeUrl = msg.typeUrl as string;
    const value = msg.value as Uint8Array;
    if (typeUrl === "") {
      if (value.length === 0) return {};
      throw new JsonProblem("the Any has a value but no type URL");
    }
    const typeName = typeUrl.substring(typeUrl.lastIndexOf("/") + 1);
    const desc = ctx.registry?.getMessage(typeName);
    if (desc === undefined) {
      throw new JsonProblem(
        ctx.registry === undefined
          ? `cannot resolve ${formatJson(typeUrl)}: no registry given in the options`
          : `${formatJson(typeUrl)} is not in the type registry`,
      );
    }
    const json = writerOf(desc, bits)(decodeMessage(desc, value), ctx);
    const out: JsonObject = { "@type": typeUrl };
    if (isValueWkt(desc)) {
      out.value = json;
    } else {
      const obj = json as JsonObject;
      for (const k in obj) setOwnProperty(out, k, obj[k]);
      // A field with the JSON name "@type" does not replace the type URL (as in protobuf-es).
      out["@type"] = typeUrl;
    }
    return out;
  };
}

/** Writers of Struct, Value and ListValue, which refer to each other. */
function structWriters(desc: DescMessage): MessageWriter | undefined {
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
