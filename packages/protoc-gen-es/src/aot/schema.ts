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

/**
 * Prints the initializer of a message's schema constant: `descCall` (the `messageDesc(...)`
 * call) wrapped in `aotBinary()` with the type's encoder and decoder.
 */
export function printAotSchema(f: GeneratedFile, desc: DescMessage, descCall: Printable): void {
  const from = f.runtime.codegen.messageDesc.from;
  const rt = (name: string): Printable => f.import(name, from);
  const c = { f, rt };
  f.print("  ", rt("aotBinary"), "(/*@__PURE__*/ ", descCall, ",");
  f.print("  (m, w, u) => {");
  for (const line of encoderBody(c, desc)) f.print("    ", line);
  f.print("  },");
  f.print("  (m, r, end, group, depth, ctx) => {");
  for (const line of decoderBody(c, desc)) f.print("    ", line);
  const zero = zeroLiteral(f, desc);
  if (zero === undefined) {
    f.print("  });");
  } else {
    f.print("  },");
    f.print("  () => ", zero, ");");
  }
}
