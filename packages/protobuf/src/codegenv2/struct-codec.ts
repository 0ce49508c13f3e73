/**
 * What generated code for google/protobuf/struct.proto calls.
 */
import type { DescFile } from "../descriptors/types.js";
import { setStructJsonCodec } from "../binary/struct-hook.js";
import { writeStructJson } from "../binary/struct-writer.js";
import { readStructJson } from "../binary/struct-reader.js";

/**
 * Enables the direct binary codec of unboxed google.protobuf.Struct values (JSON objects
 * written as, and read from, the bytes of their Struct messages without building the
 * messages) and returns the file. Generated code wraps the `fileDesc()` of struct.proto in it,
 * so that only programs whose schemas refer to Struct carry the codec.
 */
export function withStructCodec<T extends DescFile>(file: T): T {
  setStructJsonCodec({ write: writeStructJson, read: readStructJson });
  return file;
}
