/**
 * `toJson()` and `toJsonString()`: serialize messages with the proto3 JSON mapping.
 */
import type { JsonValue, MessageJsonType } from "../types.js";
import type { DescMessage } from "../descriptors/types.js";
import type { MessageShape } from "../types.js";
import { toEncodeError } from "./errors.js";
import {
  EMIT_IMPLICIT,
  ENUM_AS_INTEGER,
  PROTO_FIELD_NAME,
  type JsonWriteOptions,
  type JsonWriteStringOptions,
  type WriteContext,
} from "./options.js";
import { messageTextWriter } from "./text-writer.js";
import { messageWriter } from "./writer.js";

function optionBits(options: Partial<JsonWriteOptions> | undefined): number {
  if (options === undefined) return 0;
  return (
    (options.alwaysEmitImplicit === true ? EMIT_IMPLICIT : 0) |
    (options.enumAsInteger === true ? ENUM_AS_INTEGER : 0) |
    (options.useProtoFieldName === true ? PROTO_FIELD_NAME : 0)
  );
}

const noRegistry: WriteContext = { registry: undefined };

function context(options: Partial<JsonWriteOptions> | undefined): WriteContext {
  const registry = options?.registry;
  return registry === undefined ? noRegistry : { registry };
}

/**
 * The type toJson() returns: the message's JSON type (generated with json_types) when the
 * options keep the shape the JSON type describes, else any JSON value (proto field names,
 * enum numbers or emitted implicit fields change it).
 */
type ToJson<Desc extends DescMessage, Opts extends Partial<JsonWriteOptions> | undefined> = Opts extends
  | undefined
  | { readonly useProtoFieldName?: false; readonly enumAsInteger?: false; readonly alwaysEmitImplicit?: false }
  ? MessageJsonType<Desc>
  : JsonValue;

/**
 * Serializes a message to a JSON value, which `JSON.stringify()` turns into text. Throws
 * JsonEncodeError for values that have no JSON form (e.g. a Timestamp out of range, an Any
 * whose type is not in `options.registry`).
 */
export function toJson<Desc extends DescMessage, Opts extends Partial<JsonWriteOptions> | undefined = undefined>(
  schema: Desc,
  message: MessageShape<Desc>,
  options?: Opts,
): ToJson<Desc, Opts> {
  try {
    return messageWriter(schema, optionBits(options))(message, context(options)) as ToJson<Desc, Opts>;
  } catch (e) {
    throw toEncodeError(e, schema.typeName);
  }
}

/**
 * Serializes a message to a JSON string; `prettySpaces` indents it. Written by the text writer
 * alone (indented text is its text parsed and stringified again), so that a program that
 * writes JSON text carries one writer.
 */
export function toJsonString<Desc extends DescMessage>(schema: Desc, message: MessageShape<Desc>, options?: Partial<JsonWriteStringOptions>): string {
  let text: string;
  try {
    text = messageTextWriter(schema, optionBits(options))(message, context(options));
  } catch (e) {
    throw toEncodeError(e, schema.typeName);
  }
  const spaces = options?.prettySpaces ?? 0;
  return spaces > 0 ? JSON.stringify(JSON.parse(text), null, spaces) : text;
}
