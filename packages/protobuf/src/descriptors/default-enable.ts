/**
 * Enables the parser of bytes defaults (see default-hook.ts).
 */
import { unescapeBytes } from "./default-value.js";
import { setBytesDefaultParser } from "./default-hook.js";

/** Enables the parser of declared bytes default values, for every schema. */
export function enableDefaultValues(): void {
  setBytesDefaultParser(unescapeBytes);
}
