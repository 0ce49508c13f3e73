/**
 * Where the binary codec of unboxed well-known type fields (boxed-fields.ts: wrapper primitives
 * and google.protobuf.Struct JSON objects, read and written as the messages they stand for) is
 * plugged in. The encoder and decoder reach it through here instead of importing it, so that
 * programs whose messages have no wrapper or Struct field do not carry it. It is enabled with
 * the conversions of unboxed values (model/boxing-hook.ts): by the runtime's generated code for
 * wrappers.proto and struct.proto (`withBoxing()`) and by `createFileRegistry()`. Before either,
 * a value of such a field gets the same clear error as those conversions, never a wrong value.
 */
import type { DescField, DescMessage } from "../descriptors/types.js";
import type { JsonObject } from "../types.js";
import type { BinaryReader } from "../wire/binary-reader.js";
import type { BinaryWriter } from "../wire/binary-writer.js";
import { boxingNotLoaded } from "../model/boxing-hook.js";
import type { DecodeContext, FieldDecoder } from "./decoder.js";

/** Writes one value of a field (tag included). */
export type ValueEncoder = (value: any, w: BinaryWriter, writeUnknown: boolean) => void;

/** The binary codec of unboxed wrapper and Struct fields. */
export interface BoxedFieldCodec {
  /** The decoder of a singular message field that is unboxed (wrapper or Struct), not in a oneof. */
  fieldDecoder(field: DescField & { fieldKind: "message" }): FieldDecoder;
  /** The decoder of a Struct member of a oneof. */
  oneofStructDecoder(field: DescField & { fieldKind: "message" }): FieldDecoder;
  /** The decoder of a list of Struct values. */
  listStructDecoder(field: DescField & { fieldKind: "list" }): FieldDecoder;
  /** Reads a Struct value (field `no`, wire type `wt`), merged into `current` (its JSON) if given. */
  readStruct(desc: DescMessage, current: unknown, r: BinaryReader, wt: number, no: number, depth: number, ctx: DecodeContext): JsonObject;
  /** The encoder of a value of an unboxed singular field; `enc` writes the message it stands for. */
  valueEncoder(field: DescField & { fieldKind: "message" }, enc: ValueEncoder): ValueEncoder;
  /** The encoder of a Struct value as message field `no`; `enc` writes a Struct message. */
  structEncoder(desc: DescMessage, enc: ValueEncoder, no: number, delimited: boolean): ValueEncoder;
}

let installed: BoxedFieldCodec | undefined;

/** Enables the binary codec of unboxed fields (for all schemas). */
export function setBoxedFieldCodec(c: BoxedFieldCodec): void {
  installed = c;
}

/** The binary codec of unboxed fields of type `typeName`; a ProtobufError if it is not enabled. */
export function boxedFieldCodec(typeName: string): BoxedFieldCodec {
  if (installed !== undefined) return installed;
  throw boxingNotLoaded(typeName);
}

/**
 * The codec's field decoder for `field` (made by `make`): now if the codec is enabled, else when
 * the field first occurs on the wire with wire type `expected`, with the codec enabled by then.
 */
export function boxedFieldDecoder(field: DescField, expected: number, make: (c: BoxedFieldCodec) => FieldDecoder): FieldDecoder {
  if (installed !== undefined) return make(installed);
  let dec: FieldDecoder | undefined;
  return (msg, r, wt, depth, ctx) => wt === expected && (dec ??= make(boxedFieldCodec(field.message!.typeName)))(msg, r, wt, depth, ctx);
}

/**
 * The codec's value encoder for `field` (made by `make`): now if the codec is enabled, else
 * when the field first has a value, with the codec enabled by then.
 */
export function boxedValueEncoder(field: DescField, make: (c: BoxedFieldCodec) => ValueEncoder): ValueEncoder {
  if (installed !== undefined) return make(installed);
  let enc: ValueEncoder | undefined;
  return (v, w, writeUnknown) => (enc ??= make(boxedFieldCodec(field.message!.typeName)))(v, w, writeUnknown);
}
