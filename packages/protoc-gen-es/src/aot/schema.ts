/**
 * The schema of a message with ahead-of-time binary codecs (plugin option `aot=true`):
 * `aotBinary(messageDesc(...), encoder, decoder, zero)`, which attaches the codecs to the
 * descriptor that `messageDesc()` returns. The encoder, the decoder and the zero message
 * factory are function declarations of the module (hoisted), so that the codecs of the file
 * call each other directly.
 */
import type { DescMessage } from "@pbjet/protobuf";
import type { GeneratedFile, Printable } from "@pbjet/protoplugin";
import { encoderBody } from "./encode.js";
import { decoderBody, type DecodeContext } from "./decode.js";
import { mayBeBoxed } from "./wire.js";
import { zeroConstructorBody, zeroNeedsPrototype } from "./zero.js";
import { hasAotJson, jsonWriterBody, type JsonContext } from "./json-write.js";
import { jsonReaderBody } from "./json-read.js";
import { hasJsonScan, jsonScanBody } from "./json-scan.js";

/**
 * The local functions of a message type: `$binEnc<i>`, `$binDec<i>` and, where it has one,
 * `$binZero<i>` (with the constructor it calls, `$binMsg<i>`) and its JSON readers `$jsonRead<i>`
 * (of parsed JSON) and `$jsonScan<i>` (of JSON text).
 */
interface LocalNames {
  readonly enc: string;
  readonly dec: string;
  readonly zero: string | undefined;
  readonly ctor: string;
  readonly jsonRead: string | undefined;
  readonly jsonScan: string | undefined;
}

/** What a generated file holds of ahead-of-time decoders: local names by type, and copies still to print. */
interface FileState {
  readonly file: DescMessage["file"];
  readonly names: Map<DescMessage, LocalNames>;
  readonly pending: DescMessage[];
}

const states = new WeakMap<GeneratedFile, FileState>();

/**
 * Prints the initializer of a message's schema constant: `descCall` (the `messageDesc(...)`
 * call) wrapped in `aotBinary()` with the type's encoder, decoder and zero message factory
 * (and, where the type has them, in `aotJson()` with its JSON writer and readers), followed by
 * the declarations of the binary codecs (with types for the target ts). `json` false (`aot=binary`):
 * no JSON codecs.
 */
export function printAotSchema(f: GeneratedFile, desc: DescMessage, descCall: Printable, ts = true, json = true): void {
  const from = f.runtime.codegen.messageDesc.from;
  const rt = (name: string): Printable => f.import(name, from);
  const state = fileState(f, desc);
  const c: DecodeContext & JsonContext = { f, rt, local: (d) => localNames(f, state, d) };
  const own = state.names.get(desc)!;
  const binary = [rt("aotBinary"), "(/*@__PURE__*/ ", descCall, ", ", own.enc, ", ", own.dec, own.zero === undefined ? "" : [", ", own.zero], ")"];
  const withJson = json && own.jsonRead !== undefined;
  if (withJson) {
    // With JSON codecs: aotJson(aotBinary(...), writer, reader).
    f.print(["  ", rt("aotJson"), "(", binary, ","]);
    f.print("  (m, o, x) => {");
    for (const line of jsonWriterBody(c, desc)) f.print("    ", line);
    f.print("  },");
    f.print(["  ", own.jsonRead!, own.jsonScan === undefined ? "" : [", ", own.jsonScan], ");"]);
  } else {
    f.print(["  ", binary, ";"]);
  }
  printFunctions(c, desc, own, ts);
  if (withJson) {
    f.print();
    f.print(
      ts
        ? ["function ", own.jsonRead!, "(m: any, j: any, x: ", f.import("AotJsonReadContext", f.runtime.codegen.messageDesc.from, true), "): void {"]
        : ["function ", own.jsonRead!, "(m, j, x) {"],
    );
    for (const line of jsonReaderBody(c, desc)) f.print("  ", line);
    f.print("}");
  }
  if (withJson && own.jsonScan !== undefined) {
    f.print();
    f.print(
      ts
        ? [
            "function ",
            own.jsonScan!,
            "(m: any, t: ",
            f.import("AotJsonScanner", f.runtime.codegen.messageDesc.from, true),
            ", x: ",
            f.import("AotJsonReadContext", f.runtime.codegen.messageDesc.from, true),
            "): void {",
          ]
        : ["function ", own.jsonScan!, "(m, t, x) {"],
    );
    for (const line of jsonScanBody(c, desc, ts)) f.print("  ", line);
    f.print("}");
  }
  // Copies of the decoders of well-known types from other files that this file's decoders call.
  for (let d = state.pending.shift(); d !== undefined; d = state.pending.shift()) {
    printFunctions(c, d, state.names.get(d)!, ts);
  }
}

function printFunctions(c: DecodeContext, desc: DescMessage, names: LocalNames, ts: boolean): void {
  const { f } = c;
  const typeRef = (name: string): Printable => f.import(name, f.runtime.codegen.messageDesc.from, true);
  f.print();
  f.print(ts ? ["function ", names.enc, "(m: any, w: ", typeRef("AotWriter"), ", u: boolean): void {"] : ["function ", names.enc, "(m, w, u) {"]);
  for (const line of encoderBody(c, desc)) f.print("  ", line);
  f.print("}");
  f.print();
  if (ts) {
    f.print([
      "function ",
      names.dec,
      "(m: any, r: ",
      typeRef("AotReader"),
      ", end: number, group: number, depth: number, ctx: ",
      typeRef("AotDecodeContext"),
      "): void {",
    ]);
  } else {
    f.print(["function ", names.dec, "(m, r, end, group, depth, ctx) {"]);
  }
  for (const line of decoderBody(c, desc)) f.print("  ", line);
  f.print("}");
  const ctorBody = names.zero === undefined ? undefined : zeroConstructorBody(f, desc);
  if (names.zero !== undefined && ctorBody !== undefined) {
    // The constructor's prototype is Object.prototype (its messages are plain objects), or the
    // runtime's prototype with the defaults of fields with explicit presence.
    f.print();
    f.print(["function ", names.zero, "() {"]);
    f.print(["  return new ", ts ? ["(", names.ctor, " as any)"] : names.ctor, "();"]);
    f.print("}");
    f.print();
    f.print(["function ", names.ctor, ts ? "(this: any): void {" : "() {"]);
    for (const line of ctorBody) f.print("  ", line);
    f.print("}");
    f.print([
      names.ctor,
      ".prototype = ",
      zeroNeedsPrototype(desc)
        ? [f.import("aotZeroPrototype", f.runtime.codegen.messageDesc.from), "(", f.importSchema(desc), ")"]
        : "Object.prototype",
      ";",
    ]);
  }
}

/** The state of a file, with the names of all message types of the file on first use. */
function fileState(f: GeneratedFile, desc: DescMessage): FileState {
  let state = states.get(f);
  if (state === undefined) {
    state = { file: desc.file, names: new Map(), pending: [] };
    const visit = (d: DescMessage): void => {
      addNames(f, state!, d);
      d.nestedMessages.forEach(visit);
    };
    desc.file.messages.forEach(visit);
    states.set(f, state);
  }
  return state;
}

function addNames(f: GeneratedFile, state: FileState, desc: DescMessage): LocalNames {
  // Indexes, not type names: schema-controlled text never becomes an identifier.
  const i = state.names.size;
  const names = {
    enc: `$binEnc${i}`,
    dec: `$binDec${i}`,
    zero: zeroConstructorBody(f, desc) === undefined ? undefined : `$binZero${i}`,
    ctor: `$binMsg${i}`,
    // Types of the file only: a copied well-known type has a JSON form of its own.
    jsonRead: desc.file === state.file && hasAotJson(desc) ? `$jsonRead${i}` : undefined,
    jsonScan: desc.file === state.file && hasAotJson(desc) && hasJsonScan(desc) ? `$jsonScan${i}` : undefined,
  };
  state.names.set(desc, names);
  return names;
}

/**
 * The local functions of `desc`: those of a type of this file; for a well-known type that
 * the runtime provides and whose fields are all scalars or enums (Timestamp, Duration, ...), a
 * copy made for this file (its runtime schema has no ahead-of-time codecs); else undefined.
 */
function localNames(f: GeneratedFile, state: FileState, desc: DescMessage): LocalNames | undefined {
  const names = state.names.get(desc);
  if (names !== undefined) return names;
  const leaf = desc.fields.every((d) => d.fieldKind === "scalar" || d.fieldKind === "enum" || (d.fieldKind === "list" && d.listKind !== "message"));
  if (!desc.file.proto.name.startsWith("google/protobuf/") || mayBeBoxed(desc) || !leaf) return undefined;
  state.pending.push(desc);
  return addNames(f, state, desc);
}
