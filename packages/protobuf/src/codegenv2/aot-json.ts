/**
 * Ahead-of-time JSON codecs: what code generated with the plugin option `aot=true` imports for
 * JSON, part of the contract of aot.ts (same version, `AOT_CONTRACT`). The generator writes, for
 * every message type of a file (but the well-known types with a JSON form of their own), a JSON
 * text writer and, where the type allows, a reader of JSON text, and attaches them with
 * `aotJson()`; toJsonString() and fromJsonString() then use them. Both handle plain scalar
 * values themselves and leave every other value, and every value they do not expect, to the
 * runtime's writers and the JSON coders of the fields in the type's record (given to them as
 * `w` and `c`), which hold the rules. toJson() and fromJson() (JSON
 * values) use the closures compiled from the descriptor.
 */
import type { DescMessage } from "../descriptors/types.js";
import { typeRecord } from "../model/type-record.js";
import { aotTextWriter, scanOtherKey, scanText, type AotJsonWriter } from "../json/aot-json.js";
import type { JsonScan } from "../json/field-coder.js";
import { jsonKeyBody } from "../json/text-writer.js";
import type { ReadContext } from "../json/reader.js";
import type { JsonScanner } from "../json/scanner.js";
import { checkContract } from "./aot.js";

export type { AotJsonWriter } from "../json/aot-json.js";
export type { JsonScan as AotJsonScan, JsonFieldCoder as AotJsonFieldCoder } from "../json/field-coder.js";
export type { FieldTextWrite as AotJsonFieldWriter } from "../json/text-writer.js";
export type { ReadContext as AotJsonReadContext } from "../json/reader.js";
export type { WriteContext as AotJsonWriteContext } from "../json/options.js";
export type { JsonScanner as AotJsonScanner } from "../json/scanner.js";

/**
 * Attaches ahead-of-time JSON codecs to a message type and returns its descriptor. Called by
 * generated code around `aotBinary(messageDesc(...))`, before the type is used. `contract` is
 * the version of the contract the code was generated for (a mismatch throws). `write` becomes
 * the type's JSON text writer (for every combination of option bits); `scan`, the reader of
 * JSON text, is what fromJsonString() tries first (json/scanner.ts).
 */
export function aotJson<T extends DescMessage>(desc: T, contract: number, write: AotJsonWriter, scan?: JsonScan): T {
  checkContract(desc, contract);
  const rec = typeRecord(desc);
  for (let bits = 0; bits < 8; bits++) rec.jsonTextWriters[bits] = aotTextWriter(desc, write, bits);
  Object.defineProperty(desc, aotJsonMarker, { value: true, enumerable: false });
  if (scan !== undefined) {
    rec.jsonScanner = scan;
    rec.jsonTextReader = (text, options) => scanText(desc, scan, text, options as never);
    Object.defineProperty(desc, aotJsonScanMarker, { value: true, enumerable: false });
  }
  return desc;
}

/** A string as JSON text without its quotes: the string itself, or escaped as JSON.stringify escapes it. */
export function aotJsonString(v: string): string {
  return jsonKeyBody(v);
}

/**
 * Reads the value of key `key` of an object in JSON text that names no field of message `m`:
 * an extension ("[full.name]"), or an unknown field (an error unless unknown fields are
 * ignored). `seen`: the other such keys of the object so far (undefined at first); returns it
 * with `key` added.
 */
export function aotJsonOther(desc: DescMessage, m: unknown, key: string, seen: string[] | undefined, t: JsonScanner, x: ReadContext): string[] {
  return scanOtherKey(desc, m, key, seen, t, x);
}

/** Marks descriptors with ahead-of-time JSON codecs (for tests and the conformance testee). */
const aotJsonMarker = Symbol("pbjet.aotJson");

/** Marks descriptors with an ahead-of-time reader of JSON text (for tests). */
const aotJsonScanMarker = Symbol("pbjet.aotJsonScan");
