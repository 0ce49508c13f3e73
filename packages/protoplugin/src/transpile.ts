/**
 * Turns generated TypeScript into JavaScript and declaration files with the TypeScript
 * compiler API, for the `js` and `dts` targets.
 */
import * as ts from "typescript";

/** JavaScript for a generated TypeScript file, as ESM or CommonJS. */
export function transpileToJs(source: string, fileName: string, style: "module" | "legacy_commonjs"): string {
  const out = ts.transpileModule(source, {
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
  });
  return out.outputText;
}

/** A declaration file for a generated TypeScript file. Generated code annotates every export. */
export function transpileToDts(source: string, fileName: string): string {
  const out = ts.transpileDeclaration(source, {
    fileName,
    compilerOptions: { declaration: true, emitDeclarationOnly: true, removeComments: false },
    reportDiagnostics: true,
  });
  const errors = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0) {
    const msg = errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")).join("; ");
    throw new Error(`cannot emit declarations for ${fileName}: ${msg}`);
  }
  return out.outputText;
}
