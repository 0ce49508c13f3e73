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
import { aotJsonKey } from "../json/aot-json-key.js";
import type { AotJsonReader, AotJsonWriter } from "../json/aot-json.js";

export {
  aotJsonMessage,
  aotJsonString,
  aotJsonBytes,
  aotJsonProblem,
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
  aotJsonZero,
  aotJsonReadEnum,
  aotJsonNew,
  aotJsonMerge,
  aotJsonReadField,
} from "../json/aot-json.js";
export type { AotJsonReader, AotJsonWriter } from "../json/aot-json.js";

/**
 * Attaches ahead-of-time JSON codecs to a message type and returns its descriptor. Called by
 * generated code around `messageDesc()` (or `aotBinary(messageDesc(...))`), before the type
 * is used.
 */
export function aotJson<T extends DescMessage>(desc: T, write: AotJsonWriter, read: AotJsonReader): T {
  Object.defineProperty(desc, aotJsonKey, { value: { write, read }, enumerable: false });
  return desc;
}
