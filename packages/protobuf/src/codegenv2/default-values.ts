/**
 * What generated code calls for a file that declares bytes default values, which the
 * descriptor builder does not parse itself (C escapes: see descriptors/default-hook.ts).
 */
import type { DescField, DescFile, DescMessage } from "../descriptors/types.js";
import type { DescExtension } from "../descriptors/types.js";
import { enableDefaultValues } from "../descriptors/default-enable.js";

/**
 * Enables the parser of bytes default values and returns the file, whose defaults are
 * parsed now (an invalid one throws here, as when the file is built). Generated code wraps the
 * `fileDesc()` of such files in it, so that programs whose schemas declare none do not carry
 * the parser.
 */
export function withDefaultValues<T extends DescFile>(file: T): T {
  enableDefaultValues();
  const parse = (field: DescField | DescExtension): void => {
    if (field.fieldKind === "scalar") field.getDefaultValue();
  };
  const visit = (m: DescMessage): void => {
    m.fields.forEach(parse);
    m.nestedExtensions.forEach(parse);
    m.nestedMessages.forEach(visit);
  };
  file.messages.forEach(visit);
  file.extensions.forEach(parse);
  return file;
}
