/**
 * What generated code calls for a file with `[lazy]` fields.
 */
import type { DescFile } from "../descriptors/types.js";
import { enableLazyDecoding } from "../lazy/enable.js";

/**
 * Enables lazy decoding (so that the `[lazy]` fields of the file's messages decode as views)
 * and returns the file. Generated code wraps `fileDesc()` in it for files with such fields,
 * so that programs using other files do not carry the lazy layer.
 */
export function withLazyFields<T extends DescFile>(file: T): T {
  enableLazyDecoding();
  return file;
}
