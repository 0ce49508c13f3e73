/**
 * Enables the binary codec of unboxed well-known type fields (see boxed-hook.ts).
 */
import { boxedFieldCodec } from "./boxed-fields.js";
import { setBoxedFieldCodec } from "./boxed-hook.js";

/** Enables the binary codec of unboxed wrapper and Struct fields, for every schema. */
export function enableBoxedBinary(): void {
  setBoxedFieldCodec(boxedFieldCodec);
}
