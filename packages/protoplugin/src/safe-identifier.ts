/**
 * Identifiers of generated code that would clash with reserved words.
 */

// Names that cannot be identifiers of generated declarations. protobuf-es appends a `$` to
// exactly these (ECMAScript keywords and future reserved words, `Object`, the TypeScript type
// keywords, and `globalThis`, `Uint8Array` and `Partial`, which generated code refers to), so we
// do the same to generate the same exported names. Not on its list, but invalid as a declared
// name in a module all the same: `await`, `eval`, `arguments`, and the TypeScript type names
// `any`, `unknown`, `never`, `symbol` and `undefined`.
const reserved = new Set([
  "break",
  "case",
  "catch",
  "class",
  "const",
  "continue",
  "debugger",
  "default",
  "delete",
  "do",
  "else",
  "export",
  "extends",
  "false",
  "finally",
  "for",
  "function",
  "if",
  "import",
  "in",
  "instanceof",
  "new",
  "null",
  "return",
  "super",
  "switch",
  "this",
  "throw",
  "true",
  "try",
  "typeof",
  "var",
  "void",
  "while",
  "with",
  "yield",
  "enum",
  "implements",
  "interface",
  "let",
  "package",
  "private",
  "protected",
  "public",
  "static",
  "Object",
  "bigint",
  "number",
  "boolean",
  "string",
  "object",
  "globalThis",
  "Uint8Array",
  "Partial",
  "await",
  "eval",
  "arguments",
  "any",
  "unknown",
  "never",
  "symbol",
  "undefined",
]);

/**
 * Escapes reserved words of ECMAScript and TypeScript (and names generated code refers to) by
 * appending a dollar sign. The name must be a valid identifier otherwise, as Protobuf names are.
 */
export function safeIdentifier(name: string): string {
  return reserved.has(name) ? name + "$" : name;
}
