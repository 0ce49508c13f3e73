/**
 * Generated TypeScript to JavaScript and declaration files, with the TypeScript compiler API,
 * for the targets `js` and `dts` of plugins that only generate TypeScript.
 */
import * as ts from "typescript";
import type { FileInfo } from "./generated-file.js";

/**
 * Transpiles TypeScript files to JavaScript (`foo.ts` to `foo.js`, as ESM or CommonJS) and/or
 * declaration files (`foo.d.ts`). The preamble of each file is kept on top.
 */
export function transpile(files: FileInfo[], transpileJs: boolean, transpileDts: boolean, jsImportStyle: "module" | "legacy_commonjs"): FileInfo[] {
  const out: FileInfo[] = [];
  for (const file of files) {
    const base = file.name.replace(/\.ts$/, "");
    if (transpileJs) out.push({ name: `${base}.js`, content: toJs(file.content, file.name, jsImportStyle), preamble: file.preamble });
    if (transpileDts) out.push({ name: `${base}.d.ts`, content: toDts(file.content, file.name), preamble: file.preamble });
  }
  return out;
}

function toJs(source: string, fileName: string, style: "module" | "legacy_commonjs"): string {
  return ts.transpileModule(source, {
    fileName,
    compilerOptions: {
      target: ts.ScriptTarget.ES2020,
      module: style === "module" ? ts.ModuleKind.ES2020 : ts.ModuleKind.CommonJS,
      verbatimModuleSyntax: style === "module",
      esModuleInterop: false,
      removeComments: false,
      sourceMap: false,
    },
    reportDiagnostics: false,
  }).outputText;
}

function toDts(source: string, fileName: string): string {
  const out = ts.transpileDeclaration(source, {
    fileName,
    compilerOptions: { declaration: true, emitDeclarationOnly: true, removeComments: false },
    reportDiagnostics: true,
  });
  const errors = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
  return errors.length === 0 ? out.outputText : toDtsInferred(source, fileName);
}

/**
 * Declarations of a file whose exports are not all annotated: the compiler infers their
 * types from the file alone (imports are not resolved, so what comes from them is `any`).
 */
function toDtsInferred(source: string, fileName: string): string {
  const options: ts.CompilerOptions = {
    declaration: true,
    emitDeclarationOnly: true,
    noResolve: true,
    noLib: true,
    types: [],
    target: ts.ScriptTarget.ES2020,
    module: ts.ModuleKind.ES2020,
  };
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2020, true);
  let output = "";
  const host: ts.CompilerHost = {
    getSourceFile: (name) => (name === fileName ? sourceFile : undefined),
    getDefaultLibFileName: () => "lib.d.ts",
    writeFile: (name, text) => {
      if (name.endsWith(".d.ts")) output = text;
    },
    getCurrentDirectory: () => "",
    getDirectories: () => [],
    fileExists: (name) => name === fileName,
    readFile: (name) => (name === fileName ? source : undefined),
    getCanonicalFileName: (name) => name,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => "\n",
  };
  ts.createProgram([fileName], options, host).emit();
  return output;
}
