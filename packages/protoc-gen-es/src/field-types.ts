/**
 * TypeScript types of field values in generated message shapes, as protobuf-es v2 types them.
 */
import { ScalarType, type DescExtension, type DescField, type DescMessage } from "@pbjet/protobuf";
import { scalarJsonType, scalarTypeScriptType } from "@pbjet/protobuf/codegenv2";
import type { GeneratedFile, Printable } from "@pbjet/protoplugin";
import { usesValidType } from "./valid-types.js";

const wrapperTypeNames = new Set(
  ["Double", "Float", "Int64", "UInt64", "Int32", "UInt32", "Bool", "String", "Bytes"].map((n) => `google.protobuf.${n}Value`),
);

/** How a singular message field is held: a message, an unboxed wrapper primitive, or a JSON object. */
export function messageFieldBoxing(field: DescField | DescExtension): "none" | "wrapper" | "struct" {
  if (field.fieldKind !== "message") return "none";
  if (field.oneof === undefined && wrapperTypeNames.has(field.message.typeName)) return "wrapper";
  return isStruct(field, field.message) ? "struct" : "none";
}

function isStruct(field: DescField | DescExtension, message: { typeName: string } | undefined): boolean {
  return message?.typeName === "google.protobuf.Struct" && field.parent?.typeName !== "google.protobuf.Value";
}

/**
 * The TypeScript type of a field's value (without `?`). With `valid`, for a Valid type: message
 * fields hold the Valid types of their messages (see usesValidType).
 */
export function fieldTypeScriptType(f: GeneratedFile, field: DescField | DescExtension, valid = false): Printable {
  const messageType = (message: DescMessage): Printable =>
    valid && field.kind === "field" && usesValidType(field) ? f.importValid(message) : f.importShape(message);
  switch (field.fieldKind) {
    case "scalar":
      return scalarTypeScriptType(field.scalar, field.longAsString);
    case "enum":
      return f.importShape(field.enum);
    case "message":
      switch (messageFieldBoxing(field)) {
        case "wrapper": {
          const value = field.message.fields[0];
          return scalarTypeScriptType(value.scalar!, false);
        }
        case "struct":
          return f.runtime.JsonObject;
        default:
          return messageType(field.message);
      }
    case "list":
      switch (field.listKind) {
        case "scalar":
          return [scalarTypeScriptType(field.scalar!, field.longAsString), "[]"];
        case "enum":
          return [f.importShape(field.enum!), "[]"];
        default:
          return [isStruct(field, field.message) ? f.runtime.JsonObject : messageType(field.message!), "[]"];
      }
    case "map": {
      let value: Printable;
      switch (field.mapKind) {
        case "scalar":
          value = scalarTypeScriptType(field.scalar!, false);
          break;
        case "enum":
          value = f.importShape(field.enum!);
          break;
        default:
          value = isStruct(field, field.message) ? f.runtime.JsonObject : messageType(field.message!);
      }
      return ["{ [key: ", mapKeyType(field.mapKey), "]: ", value, " }"];
    }
  }
}

/** The JSON type of a field's value, for `json_types`. */
export function fieldJsonType(f: GeneratedFile, field: DescField | DescExtension): Printable {
  switch (field.fieldKind) {
    case "scalar":
      return scalarJsonType(field.scalar);
    case "enum":
      return f.importJson(field.enum);
    case "message":
      return f.importJson(field.message);
    case "list":
      if (field.listKind === "scalar") {
        const item = scalarJsonType(field.scalar!);
        return item.includes("|") ? ["(", item, ")[]"] : [item, "[]"];
      }
      return field.listKind === "enum" ? [f.importJson(field.enum!), "[]"] : [f.importJson(field.message!), "[]"];
    case "map": {
      const value: Printable =
        field.mapKind === "scalar"
          ? scalarJsonType(field.scalar!)
          : field.mapKind === "enum"
            ? f.importJson(field.enum!)
            : f.importJson(field.message!);
      return ["{ [key: ", mapKeyType(field.mapKey), "]: ", value, " }"];
    }
  }
}

/** The index signature key of a map: number for 32-bit integer keys, as protobuf-es has it. */
function mapKeyType(key: ScalarType): string {
  switch (key) {
    case ScalarType.INT32:
    case ScalarType.UINT32:
    case ScalarType.SINT32:
    case ScalarType.FIXED32:
    case ScalarType.SFIXED32:
      return "number";
    default:
      return "string";
  }
}
