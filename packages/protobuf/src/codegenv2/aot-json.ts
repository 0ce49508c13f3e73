/**
 * Ahead-of-time JSON codecs: what code generated with the plugin option `aot=true` imports
 * for JSON. The generator writes, for every message type of a file (but the well-known types
 * with a JSON form of their own), a JSON text writer and a JSON reader specialized to the type,
 * and attaches them to the type's descriptor with `aotJson()`; toJsonString(), fromJson(),
 * fromJsonString() and mergeFromJson(String)() then use them in place of the closures compiled
 * from the descriptor (json/text-writer.ts, json/reader.ts). toJson() (the JSON value) stays on
 * the closures.
 */
import type { DescMessage } from "../descriptors/types.js";
import { typeRecord } from "../model/type-record.js";
import { eagerForm } from "../model/view-protocol.js";
import { scanText, type AotJsonReader, type AotJsonScan, type AotJsonWriter } from "../json/aot-json.js";

export {
  aotJsonMessage,
  aotJsonString,
  aotJsonPlain,
  aotJsonKeyBody,
  aotJsonNativeList,
  aotJsonBytes,
  aotJsonProblem,
  aotJsonNotSet,
  aotJsonInt64,
  aotJsonNonFinite,
  aotJsonEnum,
  aotJsonField,
  aotJsonOneof,
  aotJsonExtensions,
  aotJsonWriteError,
  aotJsonIndexError,
  aotJsonEnter,
  aotJsonOtherKey,
  aotJsonTwice,
  aotJsonOneofTwice,
  aotJsonReadError,
  aotJsonNotArray,
  aotJsonScalar,
  aotJsonReadString,
  aotJsonReadInt64,
  aotJsonReadBytes,
  aotJsonZero,
  aotJsonReadEnum,
  aotJsonNew,
  aotJsonMerge,
  aotJsonReadField,
  aotJsonScanNew,
  aotJsonScanOther,
  aotJsonScanKey,
  aotJsonLargeMap,
  aotJsonScanString,
} from "../json/aot-json.js";
export type { AotJsonReader, AotJsonWriter, AotJsonReadContext, AotJsonScan } from "../json/aot-json.js";
export type { JsonScanner as AotJsonScanner } from "../json/scanner.js";

/**
 * Attaches ahead-of-time JSON codecs to a message type and returns its descriptor. Called by
 * generated code around `messageDesc()` (or `aotBinary(messageDesc(...))`), before the type
 * is used. The codecs go into the type's record as its compiled JSON text writers (one per
 * combination of option bits) and reader, so that the closure path needs no check for them;
 * `scan`, the reader of JSON text, is what fromJsonString() tries first (json/scanner.ts).
 */
export function aotJson<T extends DescMessage>(desc: T, write: AotJsonWriter, read: AotJsonReader, scan?: AotJsonScan): T {
  const rec = typeRecord(desc);
  for (let bits = 0; bits < 8; bits++) {
    // A lazy view is written from its eager form, as the compiled writer does.
    rec.jsonTextWriters[bits] = (msg: unknown, ctx: unknown) => write(eagerForm(rec, msg), bits, ctx as never);
  }
  rec.jsonReader = read;
  Object.defineProperty(desc, aotJsonMarker, { value: true, enumerable: false });
  if (scan !== undefined) {
    rec.jsonScanner = scan;
    rec.jsonTextReader = (text, options) => scanText(desc, scan, text, options as never);
    Object.defineProperty(desc, aotJsonScanMarker, { value: true, enumerable: false });
  }
  return desc;
}

/** Marks descriptors with ahead-of-time JSON codecs (for tests and the conformance testee). */
const aotJsonMarker = Symbol("pbjet.aotJson");

/** Marks descriptors with an ahead-of-time reader of JSON text (for tests). */
const aotJsonScanMarker = Symbol("pbjet.aotJsonScan");
