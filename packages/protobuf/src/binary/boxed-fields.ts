/**
 * The binary codec of unboxed well-known type fields: wrapper primitives and
 * google.protobuf.Struct JSON objects, read and written as the messages they stand for. Reached
 * through boxed-hook.ts, so that programs without such fields do not carry it.
 */
import type { DescField, DescMessage } from "../descriptors/types.js";
import type { JsonObject } from "../types.js";
import type { BinaryReader } from "../wire/binary-reader.js";
import type { BinaryWriter } from "../wire/binary-writer.js";
import { WireType } from "../wire/wire-type.js";
import { scalarWireType } from "../descriptors/scalar.js";
import { factsOf } from "../model/type-record.js";
import { isScalarZeroValue } from "../model/scalar-values.js";
import { zeroMessageFactory, type ZeroMessageFactory } from "../model/zero-message.js";
import { boxValue, structToJson, unboxValue } from "../model/boxing-hook.js";
import { Boxing } from "../model/boxing-kind.js";
import { messageDecoder, readSubMessage, type DecodeContext, type FieldDecoder, type MessageDecoder } from "./decoder.js";
import { scalarWriter } from "./scalar.js";
import { structJsonCodec } from "./struct-hook.js";
import type { BoxedFieldCodec, ValueEncoder } from "./boxed-hook.js";

/**
 * An unboxed google.protobuf.Struct read from the wire (field `no`, wire type `wt`), merged
 * into `current` (its JSON) if given: straight into JSON where the direct codec is enabled
 * (struct-hook.ts; merges take the messages), else through its messages.
 */
function readStruct(desc: DescMessage, current: unknown, r: BinaryReader, wt: number, no: number, depth: number, ctx: DecodeContext): JsonObject {
  const codec = structJsonCodec();
  if (codec !== undefined && current === undefined) return codec.read(r, wt, no, depth, ctx, {});
  const sub = current === undefined ? zeroMessageFactory(desc)() : boxValue(Boxing.Struct, desc, current);
  readSubMessage(messageDecoder(desc), sub, r, wt, no, depth, ctx);
  return structToJson(sub);
}

function fieldDecoder(field: DescField & { fieldKind: "message" }): FieldDecoder {
  const name = field.localName;
  const expected = factsOf(field).wireType;
  const desc = field.message;
  const no = field.number;
  const boxing = factsOf(field).boxing;
  if (boxing === Boxing.Struct) {
    return (msg, r, wt, depth, ctx) => {
      if (wt !== expected) return false;
      msg[name] = readStruct(desc, msg[name], r, wt, no, depth, ctx);
      return true;
    };
  }
  // Unboxed wrapper: decode a message, merged with the current value, and unbox it.
  let dec: MessageDecoder | undefined;
  let factory: ZeroMessageFactory | undefined;
  return (msg, r, wt, depth, ctx) => {
    if (wt !== expected) return false;
    dec ??= messageDecoder(desc);
    factory ??= zeroMessageFactory(desc);
    const current = msg[name];
    const sub = current === undefined ? factory() : boxValue(boxing, desc, current);
    readSubMessage(dec, sub, r, wt, no, depth, ctx);
    msg[name] = unboxValue(boxing, sub);
    return true;
  };
}

function oneofStructDecoder(field: DescField & { fieldKind: "message" }): FieldDecoder {
  const oneofName = field.oneof!.localName;
  const caseName = field.localName;
  const expected = factsOf(field).wireType;
  const desc = field.message;
  const no = field.number;
  return (msg, r, wt, depth, ctx) => {
    if (wt !== expected) return false;
    const o = msg[oneofName];
    msg[oneofName] = { case: caseName, value: readStruct(desc, o.case === caseName ? o.value : undefined, r, wt, no, depth, ctx) };
    return true;
  };
}

function listStructDecoder(field: DescField & { fieldKind: "list" }): FieldDecoder {
  const name = field.localName;
  const expected = factsOf(field).wireType;
  const desc = field.message!;
  const no = field.number;
  return (msg, r, wt, depth, ctx) => {
    if (wt !== expected) return false;
    (msg[name] as unknown[]).push(readStruct(desc, undefined, r, wt, no, depth, ctx));
    return true;
  };
}

/**
 * Encodes the value of an unboxed singular field: a wrapper primitive without an intermediate
 * message, a Struct with structEncoder(), else the boxed message with `enc`.
 */
function valueEncoder(field: DescField & { fieldKind: "message" }, enc: ValueEncoder): ValueEncoder {
  const boxing = factsOf(field).boxing;
  if (boxing === Boxing.Wrapper && !field.delimitedEncoding) {
    const inner = field.message.fields[0] as DescField & { fieldKind: "scalar" };
    const write = scalarWriter(inner.scalar);
    const innerTag = ((1 << 3) | scalarWireType(inner.scalar)) >>> 0;
    const no = field.number;
    return (v: unknown, w: BinaryWriter) => {
      w.tag(no, WireType.LengthDelimited).fork();
      if (!isScalarZeroValue(inner.scalar, v)) {
        w.uint32(innerTag);
        write(w, v);
      }
      w.join();
    };
  }
  const desc = field.message;
  if (boxing === Boxing.Struct) return structEncoder(desc, enc, field.number, field.delimitedEncoding);
  return (v: unknown, w: BinaryWriter, writeUnknown: boolean) => enc(boxValue(boxing, desc, v), w, writeUnknown);
}

/**
 * Writes an unboxed Struct (a JSON object) as message field `no`: with the direct writer
 * where it is enabled (struct-hook.ts), else through its messages with `enc`.
 */
function structEncoder(desc: DescMessage, enc: ValueEncoder, no: number, delimited: boolean): ValueEncoder {
  const tag = ((no << 3) | WireType.LengthDelimited) >>> 0;
  return (v: unknown, w: BinaryWriter, writeUnknown: boolean) => {
    const codec = structJsonCodec();
    if (codec === undefined) {
      enc(boxValue(Boxing.Struct, desc, v), w, writeUnknown);
    } else if (delimited) {
      w.tag(no, WireType.StartGroup);
      codec.write(w, v as JsonObject);
      w.tag(no, WireType.EndGroup);
    } else {
      w.rawTag(tag).fork();
      codec.write(w, v as JsonObject);
      w.join();
    }
  };
}

/** The binary codec of unboxed wrapper and Struct fields (installed by boxed-enable.ts). */
export const boxedFieldCodec: BoxedFieldCodec = { fieldDecoder, oneofStructDecoder, listStructDecoder, readStruct, valueEncoder, structEncoder };
