/**
 * Generated TypeScript to JavaScript and declaration files, for the targets `js` and `dts` of
 * plugins that only generate TypeScript.
 *
 * The output is @bufbuild/protoplugin's, byte for byte: the same TypeScript version (5.4.5,
 * pinned as @bufbuild/protoplugin pins it: the emitted code depends on it), the same compiler
 * options, and one program of all generated files beside the TypeScript library files that
 * @typescript/vfs loads, so that declarations infer the same types.
 */
// The default import: TypeScript is a CommonJS module whose exports Node.js cannot list, so the
// namespace of `import * as ts` has none of them in an ES module (esModuleInterop makes the
// CommonJS build import the same object).
import ts from "typescript";
import { createDefaultMapFromNodeModules, createSystem, createVirtualCompilerHost } from "@typescript/vfs";
import type { FileInfo } from "./generated-file.js";

/**
 * Transpiles TypeScript files to JavaScript (`foo.ts` to `foo.js`, as ESM or CommonJS) and/or
 * declaration files (`foo.d.ts`), in the compiler's order (per file, JavaScript first). Each
 * output keeps the preamble of its file. Throws if the compiler emits nothing.
 */
export function transpile(files: FileInfo[], transpileJs: boolean, transpileDts: boolean, jsImportStyle: "module" | "legacy_commonjs"): FileInfo[] {
  const options: ts.CompilerOptions = {
    // Lenient: the goal is to emit what can be emitted, not to type-check.
    strict: false,
    module: jsImportStyle === "legacy_commonjs" ? ts.ModuleKind.CommonJS : ts.ModuleKind.ES2020,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    noResolve: true,
    resolveJsonModule: false,
    emitBOM: false,
    // Deprecated in TypeScript 5.x, and still in effect in 5.4: an import whose names are only
    // used as types stays as `import "..."`.
    importsNotUsedAsValues: ts.ImportsNotUsedAsValues.Preserve,
    newLine: ts.NewLineKind.LineFeed,
    preserveValueImports: false,
    allowJs: true,
    checkJs: false,
    lib: [],
    moduleDetection: ts.ModuleDetectionKind.Force,
    target: ts.ScriptTarget.ES2017,
    skipLibCheck: true,
    skipDefaultLibCheck: false,
    declaration: transpileDts,
    emitDeclarationOnly: transpileDts && !transpileJs,
  };
  const fsMap = new Map(libraryFiles());
  for (const file of files) fsMap.set(file.name, file.content);
  // @typescript/vfs is typed against the TypeScript its own resolution finds; ours is 5.4.5.
  const host = createVirtualCompilerHost(createSystem(fsMap), options as never, ts as never).compilerHost as unknown as ts.CompilerHost;
  reuseLibrarySourceFiles(host);
  const program = ts.createProgram({ rootNames: [...fsMap.keys()], options, host });
  const out: FileInfo[] = [];
  let mappingError: Error | undefined;
  const result = program.emit(undefined, (fileName, data, _bom, _onError, sourceFiles) => {
    const source = sourceFiles?.length === 1 ? files.find((f) => f.name === sourceFiles[0].fileName) : undefined;
    if (source === undefined) {
      const why =
        sourceFiles === undefined
          ? "missing source files"
          : sourceFiles.length !== 1
            ? `expected 1 source file, got ${sourceFiles.length}`
            : "not found";
      mappingError = new Error(`unable to map emitted file "${fileName}" to a source file: ${why}`);
      return;
    }
    out.push({ name: fileName, preamble: source.preamble, content: data });
  });
  if (mappingError !== undefined) throw mappingError;
  if (result.emitSkipped) {
    throw new Error(
      `A problem occurred during transpilation and files were not generated.  Contact the plugin author for support.\n\n${describe(result.diagnostics)}`,
    );
  }
  return out;
}

let libraryFilesCache: ReadonlyMap<string, string> | undefined;

/** TypeScript's library files (`/lib.es2017.d.ts`, ...), read once. */
function libraryFiles(): ReadonlyMap<string, string> {
  libraryFilesCache ??= createDefaultMapFromNodeModules({});
  return libraryFilesCache;
}

/** Parsed library files, by file name and language version: the same for every program. */
const librarySourceFiles = new Map<string, ts.SourceFile>();

/**
 * Makes `host` hand out the library files parsed by earlier programs of this process. Parsing
 * the hundred library files is most of a transpile's time; a parsed file is immutable, and
 * programs share them as the language service does.
 */
function reuseLibrarySourceFiles(host: ts.CompilerHost): void {
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (!libraryFiles().has(fileName)) return getSourceFile(fileName, languageVersion, onError, shouldCreate);
    const key = `${fileName} ${JSON.stringify(languageVersion)}`;
    let file = librarySourceFiles.get(key);
    if (file === undefined) {
      file = getSourceFile(fileName, languageVersion, onError, shouldCreate);
      if (file !== undefined) librarySourceFiles.set(key, file);
    }
    return file;
  };
}

/** The first three diagnostics, sorted and without duplicates, and how many more there are. */
function describe(diagnostics: readonly ts.Diagnostic[]): string {
  const sorted = ts.sortAndDeduplicateDiagnostics(diagnostics);
  if (sorted.length === 0) return "";
  const shown = sorted.slice(0, 3);
  const host: ts.FormatDiagnosticsHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ".", getNewLine: () => "\n" };
  let text = ts.formatDiagnostics(shown, host).trim();
  if (shown.length < sorted.length) text += `\n${sorted.length - shown.length} more diagnostics elided`;
  return text;
}
