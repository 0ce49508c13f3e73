/**
 * The TypeScript and JSON types of scalar values, as code generators print them.
 */
import { ScalarType } from "../descriptors/scalar.js";

/** The TypeScript type of a scalar value: 64-bit integers are `bigint`, or `string` with `longAsString` (jstype = JS_STRING). */
export function scalarTypeScriptType(
  scalar: ScalarType,
  longAsString: boolean,
): "string" | "boolean" | "bigint" | "bigint | string" | "Uint8Array" | "number" {
  switch (scalar) {
    case ScalarType.STRING:
      return "string";
    case ScalarType.BOOL:
      return "boolean";
    case ScalarType.BYTES:
      return "Uint8Array";
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return longAsString ? "string" : "bigint";
    default:
      return "number";
  }
}

/** The type of a scalar value in the JSON mapping: 64-bit integers and bytes are strings, floats may be "NaN" and infinities. */
export function scalarJsonType(scalar: ScalarType): "string" | "boolean" | "number" | `number | "NaN" | "Infinity" | "-Infinity"` {
  switch (scalar) {
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return `number | "NaN" | "Infinity" | "-Infinity"`;
    case ScalarType.INT32:
    case ScalarType.UINT32:
    case ScalarType.SINT32:
    case ScalarType.FIXED32:
    case ScalarType.SFIXED32:
      return "number";
    case ScalarType.BOOL:
      return "boolean";
    default:
      return "string";
  }
}
