/**
 * `fromText()` and `mergeFromText()`: parse the protobuf text format.
 */
import { typeRecord } from "../model/type-record.js";
import { writableForm } from "../model/view-protocol.js";
import type { DescMessage } from "../descriptors/types.js";
import type { Registry } from "../registry/registry.js";
import type { MessageShape } from "../types.js";
import { zeroMessageFactory } from "../model/zero-message.js";
import { Tokenizer } from "./tokenizer.js";
import { TextParser, type ParseSettings } from "./text-parser.js";

/** Options for `fromText()` and `mergeFromText()`. */
export interface TextReadOptions {
  /** Message types for Any expansion `[type.googleapis.com/pkg.Msg] {...}`, and extensions `[pkg.ext]`. */
  registry?: Registry | undefined;
  /**
   * The maximum depth of nested messages to parse, the top-level message counting as 1, as
   * protobuf-es counts it: a message nesting deeper fails with a TextDecodeError. Default 100.
   */
  recursionLimit: number;
}

function settingsOf(options: Partial<TextReadOptions> | undefined, forbidOverwrite: boolean): ParseSettings {
  return { registry: options?.registry, forbidOverwrite, maxDepth: (options?.recursionLimit ?? 100) - 1 };
}

/**
 * Parses a message from the text format. Throws a TextDecodeError with line and column on
 * malformed input, unknown fields or enum values, and non-repeated fields (or members of
 * one oneof) given more than once.
 */
export function fromText<Desc extends DescMessage>(schema: Desc, text: string, options?: Partial<TextReadOptions>): MessageShape<Desc> {
  const msg = zeroMessageFactory(schema)();
  new TextParser(new Tokenizer(text), settingsOf(options, true)).parseTopLevel(schema, msg);
  return msg as unknown as MessageShape<Desc>;
}

/**
 * Parses the text format into an existing message, as protobuf merges: scalar fields are
 * replaced, repeated fields appended to, and message fields merged. Unlike `fromText()`, a
 * non-repeated field may be given more than once (the last value wins).
 */
export function mergeFromText<Desc extends DescMessage>(
  schema: Desc,
  target: MessageShape<Desc>,
  text: string,
  options?: Partial<TextReadOptions>,
): MessageShape<Desc> {
  // A lazy view is merged into through the ordinary message that holds its fields.
  const msg = writableForm(typeRecord(schema), target) as unknown as Record<string, unknown>;
  new TextParser(new Tokenizer(text), settingsOf(options, false)).parseTopLevel(schema, msg);
  return target;
}
