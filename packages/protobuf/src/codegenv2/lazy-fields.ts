/**
 * What generated code calls for a file with `[lazy]` fields.
 */
import type { DescFile } from "../descriptors/types.js";
import { enableLazyDecoding } from "../lazy/enable.js";
import { markLazyFields } from "../lazy/lazy-fields.js";

/**
 * Makes the `[lazy]` fields of the file's messages decode as views (in every decode of this
 * file object; other files are not affected), enables lazy decoding, and returns the file.
 * Generated code wraps `fileDesc()` in it for files with such fields; for a file from a
 * registry, call it yourself.
 */
export function withLazyFields<T extends DescFile>(file: T): T {
  enableLazyDecoding();
  markLazyFields(file);
  return file;
}
