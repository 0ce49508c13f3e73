/**
 * What generated code for google/protobuf/struct.proto calls.
 */
import type { DescFile } from "../descriptors/types.js";
import { setStructJsonWriter } from "../binary/struct-hook.js";
import { writeStructJson } from "../binary/struct-writer.js";

/**
 * Enables the direct binary writer of unboxed google.protobuf.Struct values (JSON objects
 * written as the bytes of their Struct messages, without building them) and returns the file.
 * Generated code wraps the `fileDesc()` of struct.proto in it, so that only programs whose
 * schemas refer to Struct carry the writer.
 */
export function withStructWriter<T extends DescFile>(file: T): T {
  setStructJsonWriter(writeStructJson);
  return file;
}
