/**
 * Where the JSON forms of the well-known types are plugged in: the readers and writers of Any,
 * Timestamp, Duration, FieldMask, Struct, Value, ListValue and the wrappers (wkt-read.ts,
 * wkt-write.ts) and of unboxed wrapper and Struct fields (boxed.ts). The JSON codecs look them
 * up here instead of importing them, so that programs without such types do not carry them.
 * They are enabled by the runtime's generated code for any.proto, timestamp.proto,
 * duration.proto, field_mask.proto, struct.proto and wrappers.proto (`withWktJson()`: every
 * file that uses one of these types imports it), and by `createFileRegistry()`, which builds
 * them from descriptors. A type with a JSON form of its own that reaches a JSON codec before
 * either gets a clear error, never the JSON of a plain message.
 */
import type { DescExtension, DescField, DescMessage } from "../descriptors/types.js";
import { hasCustomJsonForm } from "../descriptors/wkt-names.js";
import type { Boxing } from "../model/boxing-kind.js";
import type { JsonValue } from "../types.js";
import { ProtobufError } from "../wire/errors.js";
import type { MessageReader, ReadContext } from "./reader.js";
import type { MessageWriter } from "./writer.js";

/** The JSON forms of the well-known types. */
export interface WktJson {
  /** The reader of a well-known type with a JSON form of its own, or undefined. */
  reader(desc: DescMessage, readerOf: (desc: DescMessage) => MessageReader): MessageReader | undefined;
  /** The writer of a well-known type with a JSON form of its own, or undefined. */
  writer(desc: DescMessage, bits: number, writerOf: (desc: DescMessage, bits: number) => MessageWriter): MessageWriter | undefined;
  /** The writer of the JSON text of a well-known type that has one of its own (Timestamp), or undefined. */
  textWriter(desc: DescMessage): ((msg: any) => string) | undefined;
  /** The reader of an unboxed field value (wrapper or Struct). */
  boxedReader(field: DescField | DescExtension, boxing: Boxing): (json: unknown, current: unknown, ctx: ReadContext) => unknown;
  /** The writer of an unboxed field value (wrapper or Struct). */
  boxedWriter(field: DescField | DescExtension, boxing: Boxing): (value: any) => JsonValue;
}

let installed: WktJson | undefined;

/** Enables the JSON forms of the well-known types (for all schemas). */
export function setWktJson(w: WktJson): void {
  installed = w;
}

/**
 * The JSON forms of the well-known types, once enabled; before, undefined for a type of an
 * ordinary JSON form and a ProtobufError for a well-known type of its own form (`typeName`).
 */
export function wktJson(typeName: string): WktJson | undefined {
  if (installed !== undefined || !hasCustomJsonForm(typeName)) return installed;
  throw new ProtobufError(
    `the JSON form of ${typeName} is not loaded: import its schema from "@pbjet/protobuf/wkt" (generated code does), or build the schema with createFileRegistry()`,
  );
}

/** The JSON forms of the well-known types for a field that holds an unboxed wrapper or Struct value; throws if they are not enabled. */
export function boxedJson(field: DescField | DescExtension): WktJson {
  return wktJson(field.message!.typeName)!;
}
