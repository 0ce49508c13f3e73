/**
 * GeneratedFile.runtime: the runtime's symbols as import symbols, from the package, or from
 * the runtime's sources when generating its own well-known types (`bootstrap_wkt`).
 */
import { symbols } from "@pbjet/protobuf/codegenv2";
import { createImportSymbol, type ImportSymbol } from "./import-symbol.js";

type SymbolInfo = { readonly typeOnly: boolean; readonly from: string; readonly bootstrapWktFrom: string };

type MapRecord<T> = { [P in keyof T]: T[P] extends SymbolInfo ? ImportSymbol : MapRecord<T[P]> };

/** The runtime's symbols, and under `codegen` those of `@pbjet/protobuf/codegenv2`. */
export type RuntimeImports = MapRecord<typeof symbols>;

/** The import symbols of `symbols`; with bootstrapWkt, from the runtime's sources. */
export function createRuntimeImports(bootstrapWkt: boolean): RuntimeImports {
  const map = (record: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(record)) {
      const info = value as Partial<SymbolInfo>;
      out[name] =
        typeof info.from === "string"
          ? createImportSymbol(name, bootstrapWkt ? "./" + info.bootstrapWktFrom! : info.from, info.typeOnly)
          : map(value as Record<string, unknown>);
    }
    return out;
  };
  return map(symbols) as RuntimeImports;
}
