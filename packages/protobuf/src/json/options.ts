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

/** Option bit of the compiled writers: write implicit-presence fields with zero values, and empty lists and maps. */
export const EMIT_IMPLICIT = 1;
/** Option bit of the compiled writers: write enum values as numbers. */
export const ENUM_AS_INTEGER = 2;
/** Option bit of the compiled writers: use proto field names as keys. */
export const PROTO_FIELD_NAME = 4;

/** Options of one write call that are not compiled into the writers. */
export interface WriteContext {
  readonly registry: Registry | undefined;
}
