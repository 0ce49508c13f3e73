/**
 * Where the conversions of unboxed well-known type values (boxing.ts: wrapper primitives and
 * google.protobuf.Struct JSON objects to and from their messages) are plugged in. The binary
 * codecs and create() call them through here instead of importing them, so that programs whose
 * messages have no wrapper or Struct field do not carry them. They are enabled by the runtime's
 * generated code for wrappers.proto and struct.proto (`withBoxing()`: every file with such a
 * field imports it) and by `createFileRegistry()`, which builds these types from descriptors.
 * Before either, a value of such a field gets a clear error, never a wrong value.
 */
import type { DescMessage } from "../descriptors/types.js";
import type { JsonObject, Message } from "../types.js";
import { ProtobufError } from "../wire/errors.js";
import type { Boxing } from "./boxing-kind.js";

/** The conversions of unboxed values. */
export interface BoxingConversions {
  /** Boxes a field value into the message the wire format needs. */
  boxValue(boxing: Boxing, desc: DescMessage, value: unknown): Message;
  /** Unboxes a decoded message into the value the field holds. */
  unboxValue(boxing: Boxing, msg: Message): unknown;
  /** Converts a google.protobuf.Struct message to a JSON object. */
  structToJson(struct: Message): JsonObject;
}

let installed: BoxingConversions | undefined;

/** Enables the conversions of unboxed values (for all schemas). */
export function setBoxingConversions(c: BoxingConversions): void {
  installed = c;
}

function conversions(typeName: string): BoxingConversions {
  if (installed !== undefined) return installed;
  throw boxingNotLoaded(typeName);
}

/** The error for a value of an unboxed field of type `typeName` before unboxed values are enabled. */
export function boxingNotLoaded(typeName: string): ProtobufError {
  return new ProtobufError(
    `unboxed ${typeName} values are not loaded: import its schema from "@pbjet/protobuf/wkt" (generated code does), or build the schema with createFileRegistry()`,
  );
}

/** Boxes a field value into the message the wire format needs (see boxing.ts). */
export function boxValue(boxing: Boxing, desc: DescMessage, value: unknown): Message {
  return conversions(desc.typeName).boxValue(boxing, desc, value);
}

/** Unboxes a decoded message into the value the field holds (see boxing.ts). */
export function unboxValue(boxing: Boxing, msg: Message): unknown {
  return conversions(msg.$typeName).unboxValue(boxing, msg);
}

/** Converts a google.protobuf.Struct message to a JSON object (see boxing.ts). */
export function structToJson(struct: Message): JsonObject {
  return conversions(struct.$typeName).structToJson(struct);
}
