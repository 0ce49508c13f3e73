/**
 * Options of the JSON functions, with the names and defaults of protobuf-es v2.
 */
import type { Registry } from "../registry/registry.js";

/** Options for parsing JSON. */
export interface JsonReadOptions {
  /**
   * Ignore unknown fields and unknown enum value names instead of rejecting them. An
   * unknown enum name leaves a singular field unset, and drops a list element or map entry.
   * Default false.
   */
  ignoreUnknownFields: boolean;
  /** Types for `google.protobuf.Any` and extensions (`"[full.name]"` keys). */
  registry?: Registry | undefined;
  /** The maximum nesting depth of messages. Default 100. */
  recursionLimit: number;
}

/** Options for serializing to JSON. */
export interface JsonWriteOptions {
  /**
   * Also write fields with implicit presence that hold their zero value (proto3 scalars,
   * enums), and empty lists and maps. Unset fields with explicit presence are never
   * written. Default false.
   */
  alwaysEmitImplicit: boolean;
  /** Write enum values as numbers instead of names. Default false. */
  enumAsInteger: boolean;
  /** Use the proto field names (`first_name`) instead of the JSON names (`firstName`). Default false. */
  useProtoFieldName: boolean;
  /** Types for `google.protobuf.Any` and extensions. */
  registry?: Registry | undefined;
}

/** Options for serializing to a JSON string. */
export interface JsonWriteStringOptions extends JsonWriteOptions {
  /** Indent with this many spaces (as `JSON.stringify`'s `space`). Default 0: no whitespace. */
  prettySpaces: number;
}
