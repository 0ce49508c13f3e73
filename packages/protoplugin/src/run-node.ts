/**
 * Runs a plugin as a protoc/buf plugin process: CodeGeneratorRequest on stdin,
 * CodeGeneratorResponse on stdout.
 */
import { readFileSync, writeSync } from "node:fs";
import { create, fromBinary, toBinary } from "@pbjet/protobuf";
import { CodeGeneratorRequestSchema, CodeGeneratorResponseSchema } from "@pbjet/protobuf/wkt";
import type { CodeGeneratorRequestShape, Plugin } from "./plugin.js";

/**
 * Reads a request from stdin, runs the plugin, and writes the response to stdout. With
 * `--version` as the only argument, prints the plugin's name and version instead.
 */
export function runNodeJs(plugin: Plugin): void {
  const args = process.argv.slice(2);
  if (args.length === 1 && (args[0] === "-v" || args[0] === "--version")) {
    process.stdout.write(`${plugin.name} v${plugin.version}\n`);
    return;
  }
  if (args.length > 0) {
    process.stderr.write(`${plugin.name} is a protobuf compiler plugin; run it with buf or protoc.\n`);
    process.exitCode = 1;
    return;
  }
  const input = readFileSync(0);
  const request = fromBinary(CodeGeneratorRequestSchema, new Uint8Array(input.buffer, input.byteOffset, input.byteLength));
  const response = plugin.run(request as unknown as CodeGeneratorRequestShape);
  const bytes = toBinary(CodeGeneratorResponseSchema, create(CodeGeneratorResponseSchema, response as never));
  let off = 0;
  while (off < bytes.length) off += writeSync(1, bytes, off, bytes.length - off);
}
