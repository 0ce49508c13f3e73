/**
 * `fromJson()`, `fromJsonString()`, `mergeFromJson()` and `mergeFromJsonString()`: parse
 * messages from the proto3 JSON mapping.
 */
import { typeRecord } from "../model/type-record.js";
import { writableForm } from "../model/view-protocol.js";
import type { DescMessage } from "../descriptors/types.js";
import type { MessageShape } from "../types.js";
import { zeroMessageFactory } from "../model/zero-message.js";
import { JsonDecodeError, JsonProblem, toDecodeError } from "./errors.js";
import type { JsonValue } from "../types.js";
import type { JsonReadOptions } from "./options.js";
import { messageReader, readContext } from "./reader.js";
import { checkDuplicateKeys, parseJsonValue } from "./parse.js";

function read(schema: DescMessage, msg: unknown, json: unknown, options: Partial<JsonReadOptions> | undefined): void {
  try {
    messageReader(schema)(msg, json, readContext(options, false));
  } catch (e) {
    throw toDecodeError(e, schema.typeName);
  }
}

/**
 * Parses JSON text and reads it into `msg`, then looks for duplicate keys in the text with
 * the keys and colons the readers counted: usually no second walk of the value (json/parse.ts).
 */
function readText(schema: DescMessage, msg: unknown, text: string, options: Partial<JsonReadOptions> | undefined, merge: boolean): void {
  try {
    if (typeof text !== "string") throw new JsonProblem(`expected a JSON string, got ${typeof text}`);
    const json = parseJsonValue(text);
    // Merged into a message of the caller's: duplicate keys are looked for first (walking the
    // value), so that they leave the target untouched.
    if (merge) checkDuplicateKeys(text, json, -1);
    const ctx = readContext(options, true);
    messageReader(schema)(msg, json, ctx);
    if (!merge) checkDuplicateKeys(text, json, ctx.count, true);
  } catch (e) {
    throw toDecodeError(e, schema.typeName);
  }
}

/**
 * Parses a message from a JSON value (as returned by `JSON.parse`). Accepts JSON names and
 * proto field names. Throws JsonDecodeError, naming the path to the offending value.
 */
export function fromJson<Desc extends DescMessage>(schema: Desc, json: JsonValue, options?: Partial<JsonReadOptions>): MessageShape<Desc> {
  const msg = zeroMessageFactory(schema)();
  read(schema, msg, json, options);
  return msg as unknown as MessageShape<Desc>;
}

/**
 * Parses a message from a JSON string. Duplicate keys in an object are rejected (after
 * reading: the message is dropped).
 */
export function fromJsonString<Desc extends DescMessage>(schema: Desc, json: string, options?: Partial<JsonReadOptions>): MessageShape<Desc> {
  // Generated code may give the type an ahead-of-time reader of JSON text (json/aot-json.ts).
  const scanned = typeRecord(schema).jsonTextReader?.(json, options);
  if (scanned !== undefined) return scanned as MessageShape<Desc>;
  const msg = zeroMessageFactory(schema)();
  readText(schema, msg, json, options, false);
  return msg as unknown as MessageShape<Desc>;
}

/**
 * Parses a JSON value into an existing message: lists are appended to, map entries added
 * (replacing equal keys), message fields merged; JSON null resets a field.
 */
export function mergeFromJson<Desc extends DescMessage>(
  schema: Desc,
  target: MessageShape<Desc>,
  json: JsonValue,
  options?: Partial<JsonReadOptions>,
): MessageShape<Desc> {
  checkTarget(schema, target);
  // A lazy view is merged into through the ordinary message that holds its fields.
  read(schema, writableForm(typeRecord(schema), target), json, options);
  return target;
}

/** Parses a JSON string into an existing message, as `mergeFromJson()` does. */
export function mergeFromJsonString<Desc extends DescMessage>(
  schema: Desc,
  target: MessageShape<Desc>,
  json: string,
  options?: Partial<JsonReadOptions>,
): MessageShape<Desc> {
  checkTarget(schema, target);
  readText(schema, writableForm(typeRecord(schema), target), json, options, true);
  return target;
}

function checkTarget(schema: DescMessage, target: { $typeName: string }): void {
  if (target.$typeName !== schema.typeName) {
    throw new JsonDecodeError(schema.typeName, "", `cannot merge into a message of type ${target.$typeName}`);
  }
}
