/**
 * Runs a plugin as a protoc or buf plugin process: CodeGeneratorRequest on stdin,
 * CodeGeneratorResponse on stdout.
 */
import { readFileSync, writeSync } from "node:fs";
import { fromBinary, toBinary } from "@pbjet/protobuf";
import { CodeGeneratorRequestSchema, CodeGeneratorResponseSchema } from "@pbjet/protobuf/wkt";
import type { Plugin } from "./plugin.js";
import { reasonToString } from "./error.js";

/**
 * Runs a plugin with Node.js: reads a request from stdin and writes the response to stdout.
 * With `--version` (or `-v`), prints the plugin's name and version instead. An error is
 * printed to stderr as `<plugin name>: <message>`, with exit code 1.
 *
 * ```
 * #!/usr/bin/env node
 * const { runNodeJs } = require("@pbjet/protoplugin");
 * const { myPlugin } = require("./protoc-gen-x-plugin.js");
 * runNodeJs(myPlugin);
 * ```
 */
export function runNodeJs(plugin: Plugin): void {
  const args = process.argv.slice(2);
  if (args.length === 1 && (args[0] === "-v" || args[0] === "--version")) {
    process.stdout.write(`${plugin.name} ${plugin.version}\n`);
    return;
  }
  if (args.length > 0) {
    process.stderr.write(
      `${plugin.name} accepts a google.protobuf.compiler.CodeGeneratorRequest on stdin and writes a CodeGeneratorResponse to stdout\n`,
    );
    process.exitCode = 1;
    return;
  }
  try {
    const input = readFileSync(0);
    const request = fromBinary(CodeGeneratorRequestSchema, new Uint8Array(input.buffer, input.byteOffset, input.byteLength));
    const bytes = toBinary(CodeGeneratorResponseSchema, plugin.run(request));
    let off = 0;
    while (off < bytes.length) off += writeSync(1, bytes, off, bytes.length - off);
  } catch (e) {
    process.stderr.write(`${plugin.name}: ${reasonToString(e)}\n`);
    process.exitCode = 1;
  }
}
