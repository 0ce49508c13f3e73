/**
 * @pbjet/protoplugin: write Protocol Buffers compiler plugins in TypeScript, with the API of
 * @bufbuild/protoplugin.
 */
export type { Plugin } from "./plugin.js";
export { runNodeJs } from "./run-node.js";
export { createEcmaScriptPlugin } from "./create-es-plugin.js";
export { getComments, getDeclarationString, getPackageComments, getSyntaxComments } from "./source-code-info.js";
export type { Schema } from "./schema.js";
export type { EcmaScriptPluginOptions, Target, ImportExtension } from "./parameter.js";
export type { GeneratedFile, FileInfo } from "./generated-file.js";
export type { MapImports } from "./map-imports.js";
export type { ImportSymbol } from "./import-symbol.js";
export { createImportSymbol } from "./import-symbol.js";
export type { Printable } from "./printable.js";
export { safeIdentifier } from "./safe-identifier.js";
// Beyond @bufbuild/protoplugin: the error of bad plugin options, for plugins' own option parsers.
export { PluginOptionError } from "./error.js";
