/**
 * Enables the conversions of unboxed well-known type values (see boxing-hook.ts).
 */
import { boxValue, structToJson, unboxValue } from "./boxing.js";
import { setBoxingConversions } from "./boxing-hook.js";

/** Enables the conversions of unboxed wrapper and Struct values, for every schema. */
export function enableBoxing(): void {
  setBoxingConversions({ boxValue, unboxValue, structToJson });
}
