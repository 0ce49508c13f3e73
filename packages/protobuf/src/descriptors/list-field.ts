/**
 * The run-time shape of list fields, for the runtime's own code.
 */
import type { DescField } from "./types.js";

/**
 * A list field as the descriptor builder makes it: every list field object has `longAsString`
 * and `delimitedEncoding` (false where they do not apply), as in protobuf-es, although the
 * public types declare each for one `listKind` only (see DescField).
 */
export type ListFieldObject = DescField & { readonly fieldKind: "list"; readonly longAsString: boolean; readonly delimitedEncoding: boolean };
