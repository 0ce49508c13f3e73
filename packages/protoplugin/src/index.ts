/**
 * @pbjet/protoplugin: write Protocol Buffers compiler plugins in TypeScript.
 */
export {
  createEcmaScriptPlugin,
  defaultRuntimeImports,
  wktFiles,
  type Plugin,
  type PluginInit,
  type Schema,
  type CodeGeneratorRequestShape,
  type CodeGeneratorResponseShape,
} from "./plugin.js";
export { runNodeJs } from "./run-node.js";
export { parseParameter, splitParameter, parseBool, PluginOptionError, type EcmaScriptPluginOptions, type Target } from "./parameter.js";
export { createImportSymbol, type GeneratedFile, type ImportSymbol, type Printable, type RuntimeImports } from "./generated-file.js";
export { safeIdentifier, fileDescName, shapeName, jsonTypeName, schemaName, generatedFilePath } from "./names.js";
export { getComments, getPackageComments, getSyntaxComments, type SourceComments } from "./source-comments.js";
export { featureOptionStrings } from "./features.js";
export { relativeImportPath, finishImportPath, importSpecifier } from "./import-path.js";
export { transpileToJs, transpileToDts } from "./transpile.js";
