/**
 * The schema of a message with ahead-of-time binary codecs (plugin option `aot=true`):
 * `aotBinary(messageDesc(...), encoder, decoder, zero)`, which attaches the codecs to the
 * descriptor that `messageDesc()` returns. The same code serves the targets ts and js: the
 * parameters take their types from `aotBinary()`'s signature.
 */
import type { DescMessage } from "@pbjet/protobuf";
import type { GeneratedFile, Printable } from "@pbjet/protoplugin";
import { encoderBody } from "./encode.js";
import { decoderBody } from "./decode.js";
import { zeroLiteral } from "./zero.js";
import { hasAotJson, jsonWriterBody } from "./json-write.js";
import { jsonReaderBody } from "./json-read.js";

/**
 * Prints the initializer of a message's schema constant: `descCall` (the `messageDesc(...)`
 * call) wrapped in `aotBinary()` with the type's encoder and decoder.
 */
export function printAotSchema(f: GeneratedFile, desc: DescMessage, descCall: Printable): void {
  const from = f.runtime.codegen.messageDesc.from;
  const rt = (name: string): Printable => f.import(name, from);
  const c = { f, rt };
  // With JSON codecs: aotJson(aotBinary(...), writer, reader).
  const json = hasAotJson(desc);
  f.print("  ", json ? [rt("aotJson"), "("] : "", rt("aotBinary"), "(/*@__PURE__*/ ", descCall, ",");
  f.print("  (m, w, u) => {");
  for (const line of encoderBody(c, desc)) f.print("    ", line);
  f.print("  },");
  f.print("  (m, r, end, group, depth, ctx) => {");
  for (const line of decoderBody(c, desc)) f.print("    ", line);
  const zero = zeroLiteral(f, desc);
  const end = json ? ")," : ");";
  if (zero === undefined) {
    f.print("  }", end);
  } else {
    f.print("  },");
    f.print("  () => ", zero, end);
  }
  if (json) {
    f.print("  (m, o, x) => {");
    for (const line of jsonWriterBody(c, desc)) f.print("    ", line);
    f.print("  },");
    f.print("  (m, j, x) => {");
    for (const line of jsonReaderBody(c, desc)) f.print("    ", line);
    f.print("  });");
  }
}
