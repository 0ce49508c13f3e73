/**
 * The schema of a message with ahead-of-time binary codecs (plugin option `aot=true`):
 * `aotBinary(messageDesc(...), AOT_CONTRACT, encoder, decoder, constructor)`, which attaches the
 * codecs to the descriptor that `messageDesc()` returns. The encoder, the decoder and the
 * constructor of zero messages are function declarations of the module (hoisted), so that the
 * codecs of the file call each other directly.
 */
import type { DescMessage } from "@pbjet/protobuf";
import { Edition } from "@pbjet/protobuf/reflect";
import type { GeneratedFile, Printable } from "@pbjet/protoplugin";
import { encoderBody, type EncodeContext } from "./encode.js";
import { decoderBody, type DecodeContext } from "./decode.js";
import { mayBeBoxed } from "./wire.js";
import { zeroConstructorBody } from "./zero.js";
import { hasAotJson, jsonWriterBody, type JsonContext } from "./json-write.js";
import { hasJsonScan, jsonScanBody } from "./json-scan.js";

/**
 * The local functions of a message type: `$binEnc<i>`, `$binDec<i>` and, where it has one,
 * `$binZero<i>` (with the constructor it calls, `$binMsg<i>`), its JSON text writer
 * `$jsonWrite<i>` and its reader of JSON text `$jsonScan<i>`.
 */
interface LocalNames {
  readonly enc: string;
  readonly dec: string;
  readonly zero: string | undefined;
  readonly ctor: string;
  readonly jsonWrite: string | undefined;
  readonly jsonScan: string | undefined;
}

/**
 * The version of the contract between generated code and @pbjet/protobuf/codegenv2 that this
 * generator writes code for (the runtime's `AOT_CONTRACT`): passed to aotBinary(), which
 * refuses code of another version.
 */
export const AOT_CONTRACT = 5;

/** What a generated file holds of ahead-of-time decoders: local names by type, and copies still to print. */
interface FileState {
  readonly file: DescMessage["file"];
  readonly names: Map<DescMessage, LocalNames>;
  readonly pending: DescMessage[];
  /** The file's constants (`$emptyBytes`, `$hasOwn`) that its code uses: whether each is printed. */
  readonly consts: Map<string, boolean>;
}

/** The constants that generated code may share in a file, by name (TypeScript, JavaScript). */
const FILE_CONSTS: Record<string, readonly [string, string]> = {
  // The zero value of bytes: one empty array for every message (it has no content to change).
  $emptyBytes: ["new Uint8Array(0)", "new Uint8Array(0)"],
  $hasOwn: ["Object.prototype.hasOwnProperty", "Object.prototype.hasOwnProperty"],
  // JSON writers leave a string value open (`q`: the length of `s` then) until the next member:
  // which key text comes next (first member 0, after a value 1, after an open string 2) ...
  $keyOf: ['(s: string, q: number): number => (s === "" ? 0 : q === s.length ? 2 : 1)', '(s, q) => (s === "" ? 0 : q === s.length ? 2 : 1)'],
  // ... and the text with its open string closed.
  $closed: ["(s: string, q: number): string => (q === s.length ? s + '\"' : s)", "(s, q) => (q === s.length ? s + '\"' : s)"],
};

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
  const c: DecodeContext & EncodeContext & JsonContext = {
    f,
    rt,
    ts,
    local: (d) => localNames(f, state, d),
    emptyBytes: () => fileConst(state, "$emptyBytes"),
    hasOwn: () => fileConst(state, "$hasOwn"),
    fileConst: (name) => fileConst(state, name),
  };
  const own = state.names.get(desc)!;
  // aotBinary(messageDesc(...), contract, encoder, decoder, constructor), one argument a line.
  const binary = (pad: string, end: string): Printable[] => {
    const args: Printable[] = [["/*@__PURE__*/ ", descCall], String(AOT_CONTRACT), own.enc, own.dec];
    if (own.zero !== undefined) args.push(own.ctor);
    return [[pad, rt("aotBinary"), "("], ...args.map((a, i) => [pad, "  ", a, i < args.length - 1 ? "," : ""]), [pad, ")", end]];
  };
  const withJson = json && own.jsonWrite !== undefined;
  if (withJson) {
    // With JSON codecs: aotJson(aotBinary(...), contract, writer, scanner).
    f.print(["  ", rt("aotJson"), "("]);
    for (const line of binary("    ", ",")) f.print(line);
    const args = [String(AOT_CONTRACT), own.jsonWrite!];
    if (own.jsonScan !== undefined) args.push(own.jsonScan);
    args.forEach((a, i) => f.print(["    ", a, i < args.length - 1 ? "," : ""]));
    f.print("  );");
  } else {
    for (const line of binary("  ", ";")) f.print(line);
  }
  printFunctions(c, desc, own, ts);
  if (withJson) {
    const typeRef = (name: string): Printable => f.import(name, from, true);
    f.print();
    f.print(
      ts
        ? ["function ", own.jsonWrite!, "(m: any, o: number, k: readonly string[], w: readonly ", typeRef("AotJsonFieldWriter"), "[],"]
        : ["function ", own.jsonWrite!, "(m, o, k, w, x) {"],
    );
    if (ts) f.print(["  x: ", typeRef("AotJsonWriteContext"), "): string {"]);
    for (const line of jsonWriterBody(c, desc, ts)) f.print("  ", line);
    f.print("}");
    if (own.jsonScan !== undefined) {
      f.print();
      f.print(
        ts
          ? ["function ", own.jsonScan, "(m: any, t: ", typeRef("AotJsonScanner"), ", c: readonly ", typeRef("AotJsonFieldCoder"), "[],"]
          : ["function ", own.jsonScan, "(m, t, c, x) {"],
      );
      if (ts) f.print(["  x: ", typeRef("AotJsonReadContext"), "): void {"]);
      for (const line of jsonScanBody(c, desc, ts)) f.print("  ", line);
      f.print("}");
    }
  }
  // Copies of the decoders of well-known types from other files that this file's decoders call.
  for (let d = state.pending.shift(); d !== undefined; d = state.pending.shift()) {
    printFunctions(c, d, state.names.get(d)!, ts);
  }
  printFileConsts(f, ts);
}

function printFunctions(c: DecodeContext & EncodeContext, desc: DescMessage, names: LocalNames, ts: boolean): void {
  const { f } = c;
  const typeRef = (name: string): Printable => f.import(name, f.runtime.codegen.messageDesc.from, true);
  const encoder = encoderBody(c, desc);
  const decoder = decoderBody(c, desc);
  const ctorBody = names.zero === undefined ? undefined : zeroConstructorBody(f, desc, c.emptyBytes);
  printFileConsts(f, ts);
  f.print();
  f.print(ts ? ["function ", names.enc, "(m: any, w: ", typeRef("AotWriter"), ", u: boolean): void {"] : ["function ", names.enc, "(m, w, u) {"]);
  for (const line of encoder) f.print("  ", line);
  f.print("}");
  f.print();
  if (ts) {
    f.print(["function ", names.dec, "(m: any, r: ", typeRef("AotReader"), ", end: number, group: number, depth: number,"]);
    f.print(["  ctx: ", typeRef("AotDecodeContext"), "): void {"]);
  } else {
    f.print(["function ", names.dec, "(m, r, end, group, depth, ctx) {"]);
  }
  for (const line of decoder) f.print("  ", line);
  f.print("}");
  if (names.zero !== undefined && ctorBody !== undefined) {
    // aotBinary() gives the constructor its prototype: Object.prototype (its messages are plain
    // objects), or the runtime's prototype with the defaults of fields with explicit presence.
    f.print();
    f.print(["function ", names.zero, "() {"]);
    f.print(["  return new ", ts ? ["(", names.ctor, " as any)"] : names.ctor, "();"]);
    f.print("}");
    f.print();
    f.print(["function ", names.ctor, ts ? "(this: any): void {" : "() {"]);
    for (const line of ctorBody) f.print("  ", line);
    f.print("}");
    // A copy of a well-known type (proto3: no defaults) has no aotBinary() call of its own.
    if (desc.file !== states.get(f)!.file) f.print([names.ctor, ".prototype = Object.prototype;"]);
  }
}

/** Prints the constants of the file that its code uses and that are not printed yet. */
function printFileConsts(f: GeneratedFile, ts: boolean): void {
  const state = states.get(f)!;
  for (const [name, printed] of state.consts) {
    if (printed) continue;
    f.print();
    f.print(`const ${name} = ${FILE_CONSTS[name][ts ? 0 : 1]};`);
    state.consts.set(name, true);
  }
}

/** The name of a constant of the file (see FILE_CONSTS), declared before the next functions printed. */
function fileConst(state: FileState, name: string): Printable {
  if (!state.consts.has(name)) state.consts.set(name, false);
  return name;
}

/** The state of a file, with the names of all message types of the file on first use. */
function fileState(f: GeneratedFile, desc: DescMessage): FileState {
  let state = states.get(f);
  if (state === undefined) {
    state = { file: desc.file, names: new Map(), pending: [], consts: new Map() };
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
    zero: zeroConstructorBody(f, desc, () => fileConst(state, "$emptyBytes")) === undefined ? undefined : `$binZero${i}`,
    ctor: `$binMsg${i}`,
    // Types of the file only: a copied well-known type has a JSON form of its own.
    jsonWrite: desc.file === state.file && hasAotJson(desc) ? `$jsonWrite${i}` : undefined,
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
  // Only proto3 files: their zero messages need no prototype with defaults (see printFunctions()).
  const proto3 = desc.file.edition === Edition.EDITION_PROTO3;
  if (!desc.file.proto.name.startsWith("google/protobuf/") || !proto3 || mayBeBoxed(desc) || !leaf) return undefined;
  state.pending.push(desc);
  return addNames(f, state, desc);
}
