/**
 * Enables the parser of declared default values (see default-hook.ts).
 */
import { parseScalarDefault } from "./default-value.js";
import { setScalarDefaultParser } from "./default-hook.js";

/** Enables the parser of declared scalar default values, for every schema. */
export function enableDefaultValues(): void {
  setScalarDefaultParser(parseScalarDefault);
}
