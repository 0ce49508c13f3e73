/**
 * A TypeResolver over a plain map of the types added to it, for building files without a
 * registry (embedded descriptors of generated code, descriptor.proto's boot): smaller than a
 * registry, which such programs then need not carry.
 */
import type { DescEnum, DescExtension, DescMessage, DescService } from "./types.js";
import type { TypeResolver } from "./build-file.js";

/** A resolver of the messages and enums added to it (later additions win). */
export function typeMapResolver(): TypeResolver {
  const types = new Map<string, DescMessage | DescEnum | DescExtension | DescService>();
  return {
    resolveType: (typeName) => {
      const t = types.get(typeName);
      return t?.kind === "message" || t?.kind === "enum" ? t : undefined;
    },
    addType: (t) => {
      types.set(t.typeName, t);
    },
  };
}
