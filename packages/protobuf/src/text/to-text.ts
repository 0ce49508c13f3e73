/**
 * `toText()`: serialize a message to the protobuf text format.
 */
import type { DescMessage } from "../descriptors/types.js";
import type { Registry } from "../registry/registry.js";
import type { MessageShape } from "../types.js";
import { TextOutput } from "./text-output.js";
import { printMessage } from "./text-printer.js";

/** Options for `toText()`. */
export interface TextWriteOptions {
  /** Message types to expand Any values with, and extensions to print by name. */
  registry?: Registry | undefined;
  /**
   * Print unknown fields by number, e.g. `123: 456`, `123: "bytes"`, `123 { ... }`, as the
   * C++ printer does. Such output is not valid input for `fromText()`. Default false.
   */
  printUnknownFields: boolean;
  /**
   * Print everything on one line (not in protobuf-es). Default false: one field per line,
   * indented by two spaces.
   */
  singleLine: boolean;
}

/**
 * Serializes a message to the text format, as protobuf-es does: fields in declaration order,
 * then extensions (with a registry) sorted by name; message fields as `name: { ... }`, empty
 * ones as `name: {}`; map entries in the map's order; floats with the fewest digits that parse
 * back to the same value; strings and bytes with valid UTF-8 as it is and controls escaped.
 */
export function toText<Desc extends DescMessage>(schema: Desc, message: MessageShape<Desc>, options?: Partial<TextWriteOptions>): string {
  const out = new TextOutput(options?.singleLine ?? false);
  printMessage(schema, message as unknown as Record<string, unknown>, out, {
    registry: options?.registry,
    printUnknown: options?.printUnknownFields ?? false,
  });
  return out.finish();
}
