/**
 * @pbjet/protobuf/txtpb: the protobuf text format, as `@bufbuild/protobuf/txtpb` exports it
 * (the same functions are exported from the package root too).
 */
export { toText, type TextWriteOptions } from "../text/to-text.js";
export { fromText, mergeFromText, type TextReadOptions } from "../text/from-text.js";
export { TextDecodeError } from "../text/errors.js";
