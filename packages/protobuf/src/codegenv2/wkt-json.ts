/**
 * What generated code for the well-known types with a JSON form of their own calls.
 */
import type { DescFile } from "../descriptors/types.js";
import { enableWktJson } from "../json/wkt-enable.js";

/**
 * Enables the JSON forms of the well-known types (Any, Timestamp, Duration, FieldMask, Struct,
 * Value, ListValue, the wrappers) and returns the file. Generated code wraps the `fileDesc()`
 * of any.proto, timestamp.proto, duration.proto, field_mask.proto, struct.proto and
 * wrappers.proto in it, so that only programs whose schemas refer to them carry these codecs.
 */
export function withWktJson<T extends DescFile>(file: T): T {
  enableWktJson();
  return file;
}
