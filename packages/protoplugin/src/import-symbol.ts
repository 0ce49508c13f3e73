/**
 * Import symbols: a name imported from a package or from a generated file.
 */

/** An ECMAScript import: a name, the path it is imported from, and whether only its type is used. */
export type ImportSymbol = {
  readonly kind: "es_symbol";
  /** The name to import. */
  readonly name: string;
  /**
   * The import path: a package (`@foo/bar/baz.js`) or a file relative to the output root,
   * starting with `./` (`./bar/baz.js`); it is made relative to the importing file.
   */
  readonly from: string;
  /** Only the type is used: an `import type` in TypeScript. */
  readonly typeOnly: boolean;
  /** The same import, type-only. */
  toTypeOnly(): ImportSymbol;
  /** An ID from name and path, the same whether type-only or not. */
  readonly id: `import("${string}").${string}`;
};

/** Creates an import symbol. */
export function createImportSymbol(name: string, from: string, typeOnly?: boolean): ImportSymbol {
  const id = `import("${from}").${name}` as const;
  const symbol: ImportSymbol = {
    kind: "es_symbol",
    name,
    from,
    typeOnly: typeOnly ?? false,
    id,
    toTypeOnly: () => (symbol.typeOnly ? symbol : createImportSymbol(name, from, true)),
  };
  return symbol;
}
