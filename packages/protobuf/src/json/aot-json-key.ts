/**
 * Where generated code (plugin option `aot=true`) leaves a message type's ahead-of-time JSON
 * writer and reader on its descriptor (codegenv2/aot-json.ts); the compiled writer and reader
 * of the type (text-writer.ts, reader.ts) hand over to them.
 */
export const aotJsonKey: unique symbol = Symbol("pbjet.aotJson");

/** The ahead-of-time JSON codecs of a message type as the closure path sees them. */
export interface AotJsonSlot {
  readonly write: (m: any, o: number, x: any) => string;
  readonly read: (m: any, j: unknown, x: any) => void;
}

/** The ahead-of-time JSON codecs left on a descriptor, if any. */
export function aotJsonSlot(desc: object): AotJsonSlot | undefined {
  return (desc as { [aotJsonKey]?: AotJsonSlot })[aotJsonKey];
}
