/**
 * Where the direct writer of unboxed google.protobuf.Struct values (struct-writer.ts) is
 * plugged in. The encoder reads it here instead of importing it, so that programs without
 * Struct fields do not carry it: generated code for struct.proto (the runtime's
 * `@pbjet/protobuf/wkt`, which every generated file with a Struct field imports) enables it
 * with `withStructWriter()`. Until then, Struct values are encoded through their messages.
 */
import type { JsonObject } from "../types.js";
import type { BinaryWriter } from "../wire/binary-writer.js";

/** Writes the fields of a google.protobuf.Struct that holds `json` (no tag, no length). */
export type StructJsonWriter = (w: BinaryWriter, json: JsonObject) => void;

let writer: StructJsonWriter | undefined;

/** The direct writer of Struct values, once enabled; undefined before. */
export function structJsonWriter(): StructJsonWriter | undefined {
  return writer;
}

/** Enables the direct writer of Struct values (for all schemas). */
export function setStructJsonWriter(w: StructJsonWriter): void {
  writer = w;
}
