/**
 * What generated code for wrappers.proto and struct.proto calls.
 */
import type { DescFile } from "../descriptors/types.js";
import { enableBoxing } from "../model/boxing-enable.js";
import { enableBoxedBinary } from "../binary/boxed-enable.js";

/**
 * Enables the conversions of unboxed well-known type values (wrapper primitives and
 * google.protobuf.Struct JSON objects, to and from their messages) and the binary codec of
 * such fields (binary/boxed-hook.ts), and returns the file.
 * Generated code wraps the `fileDesc()` of wrappers.proto and struct.proto in it, so that only
 * programs whose schemas refer to these types carry the conversions.
 */
export function withBoxing<T extends DescFile>(file: T): T {
  enableBoxing();
  enableBoxedBinary();
  return file;
}
