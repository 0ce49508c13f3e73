/**
 * Enables the JSON forms of the well-known types (see wkt-hook.ts).
 */
import { setWktJson } from "./wkt-hook.js";
import { wktReader } from "./wkt-read.js";
import { wktTextWriter, wktWriter } from "./wkt-write.js";
import { boxedReader, boxedWriter } from "./boxed.js";

/** Enables the JSON forms of the well-known types, for every schema. */
export function enableWktJson(): void {
  setWktJson({ reader: wktReader, writer: wktWriter, textWriter: wktTextWriter, boxedReader, boxedWriter });
}
