/**
 * Where the direct binary codec of unboxed google.protobuf.Struct values (struct-writer.ts,
 * struct-reader.ts) is plugged in. The encoder and decoder read it here instead of importing
 * it, so that programs without Struct fields do not carry it: generated code for struct.proto
 * (the runtime's `@pbjet/protobuf/wkt`, which every generated file with a Struct field
 * imports) enables it with `withStructCodec()`. Until then, Struct values are encoded and
 * decoded through their messages (the same bytes, the same values).
 */
import type { JsonObject } from "../types.js";
import type { BinaryReader } from "../wire/binary-reader.js";
import type { BinaryWriter } from "../wire/binary-writer.js";
import type { DecodeContext } from "./decoder.js";

/** The direct codec of Struct values. */
export interface StructJsonCodec {
  /** Writes the fields of a google.protobuf.Struct that holds `json` (no tag, no length). */
  write(w: BinaryWriter, json: JsonObject): void;
  /** Reads a Struct sub-message (field `no`, wire type `wt`, at nesting `depth`) into `into`. */
  read(r: BinaryReader, wt: number, no: number, depth: number, ctx: DecodeContext, into: JsonObject): JsonObject;
}

let codec: StructJsonCodec | undefined;

/** The direct codec of Struct values, once enabled; undefined before. */
export function structJsonCodec(): StructJsonCodec | undefined {
  return codec;
}

/** Enables the direct codec of Struct values (for all schemas). */
export function setStructJsonCodec(c: StructJsonCodec): void {
  codec = c;
}
