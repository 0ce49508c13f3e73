/**
 * Short descriptions of values and of field types, for the messages of FieldErrors
 * (`expected number (int32), got "abc"`), worded as protobuf-es words them.
 */
import type { DescField } from "../descriptors/types.js";
import { ScalarType, scalarTypeName } from "../descriptors/scalar.js";
import { unsafeLocal } from "./unsafe-local.js";

/** Strings longer than this are described as `string`, not quoted. */
const MAX_QUOTED_LENGTH = 30;

/** Describes a value the way a FieldError message shows what it got. */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case "string":
      return value.length > MAX_QUOTED_LENGTH ? "string" : `"${value}"`;
    case "bigint":
      return `${String(value)}n`;
    case "number":
    case "boolean":
    case "undefined":
      return String(value);
    case "object":
      return describeObject(value);
    default:
      return typeof value;
  }
}

function describeObject(value: object | null): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return `Array(${value.length})`;
  if (value instanceof Uint8Array) return `Uint8Array(${value.length})`;
  const typeName = (value as { $typeName?: unknown }).$typeName;
  if (typeof typeName === "string") return `message ${typeName}`;
  if (unsafeLocal in value) {
    const r = value as { desc?: { typeName: string }; field?: () => DescField };
    if (r.desc !== undefined) return `ReflectMessage (${r.desc.typeName})`;
    const field = r.field?.();
    if (field?.fieldKind === "list") return `ReflectList (${describeListType(field)})`;
    if (field?.fieldKind === "map") return `ReflectMap (${describeMapType(field)})`;
  }
  return "object";
}

/** The element type of a list: `INT32`, `enum pkg.E` or `message pkg.M`. */
export function describeListType(field: DescField & { fieldKind: "list" }): string {
  switch (field.listKind) {
    case "message":
      return `message ${field.message!.typeName}`;
    case "enum":
      return `enum ${field.enum!.typeName}`;
    default:
      return scalarTypeName(field.scalar!)!;
  }
}

/** The key and value types of a map: `STRING, INT64` or `INT32, message pkg.M`. */
export function describeMapType(field: DescField & { fieldKind: "map" }): string {
  const key = scalarTypeName(field.mapKey);
  switch (field.mapKind) {
    case "message":
      return `${key}, message ${field.message!.typeName}`;
    case "enum":
      return `${key}, enum ${field.enum!.typeName}`;
    default:
      return `${key}, ${scalarTypeName(field.scalar!)}`;
  }
}

/** How a scalar type is named in "expected ..." (`number (int32)`, `bigint (uint64)`, `string`, ...). */
export function describeScalarType(type: ScalarType): string {
  switch (type) {
    case ScalarType.STRING:
      return "string";
    case ScalarType.BOOL:
      return "boolean";
    case ScalarType.BYTES:
      return "Uint8Array";
    case ScalarType.DOUBLE:
      return "number (float64)";
    case ScalarType.FLOAT:
      return "number (float32)";
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return "number (int32)";
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return "number (uint32)";
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return "bigint (uint64)";
    default:
      return "bigint (int64)";
  }
}
