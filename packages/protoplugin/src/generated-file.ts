/**
 * A file a plugin generates: printed line by line, with imports collected from the symbols it
 * prints, de-duplicated, made relative, and renamed where they clash with local names.
 */
import { ScalarType, type AnyDesc, type DescEnum, type DescExtension, type DescFile, type DescMessage, type DescService } from "@pbjet/protobuf";
import { createImportSymbol, type ImportSymbol } from "./import-symbol.js";
import type { Printable } from "./printable.js";
import type { RuntimeImports } from "./runtime-imports.js";
import { createJsDocTextFromDesc, formatJsDocBlock } from "./jsdoc.js";
import { makeImportPathRelative, relativePathRE } from "./import-path.js";

/** A file before transpilation: TypeScript, JavaScript or declarations, and its preamble. */
export interface FileInfo {
  name: string;
  content: string;
  preamble?: string | undefined;
}

/** A JavaScript, TypeScript or TypeScript declaration file that a plugin generates. */
export interface GeneratedFile {
  /**
   * Adds the standard preamble at the top of the file, above the imports: the comments above
   * the syntax statement of the .proto file (a license header), and the plugin, its version
   * and parameter. A file with a preamble and nothing else is empty, and not generated unless
   * the plugin option keep_empty_files=true is set.
   */
  preamble(file: DescFile): void;
  /**
   * Adds a line. Strings are printed as they are, numbers and booleans as literals, bigints
   * through protoInt64, Uint8Arrays as an expression that creates them; an ImportSymbol is
   * imported and printed by its (local) name; arrays element by element.
   */
  print(...printables: Printable[]): void;
  /** Adds a line from a tagged template literal: f.print`const x = ${symbol};` */
  print(fragments: TemplateStringsArray, ...printables: Printable[]): void;
  /** A string literal. */
  string(string: string): Printable;
  /** An array literal. */
  array(elements: Printable[]): Printable;
  /** A JSDoc block with the given text; line breaks and white space stay as they are. */
  jsDoc(text: string, indentation?: string): Printable;
  /** A JSDoc block for an element: its comments from the .proto source, and `@generated from ...`. */
  jsDoc(schema: Exclude<AnyDesc, DescFile>, indentation?: string): Printable;
  /**
   * An export statement, e.g. `f.print(f.export("abstract class", "MyClass"), " {}")`. The
   * name is a local name of the file: imports of the same name are renamed.
   */
  export(declaration: string, name: string): Printable;
  /** Imports the type protoc-gen-es generates for a message or enum. */
  importShape(schema: DescMessage | DescEnum): ImportSymbol;
  /** Imports the JSON type protoc-gen-es generates for a message or enum (`json_types=true`). */
  importJson(desc: DescMessage | DescEnum): ImportSymbol;
  /** Imports the Valid type protoc-gen-es generates for a message (`valid_types`). */
  importValid(desc: DescMessage): ImportSymbol;
  /** Imports the descriptor protoc-gen-es generates for an element. */
  importSchema(schema: DescMessage | DescEnum | DescExtension | DescService | DescFile, typeOnly?: boolean): ImportSymbol;
  /**
   * Imports any symbol from a package (`@foo/bar/baz.js`) or from a file relative to the
   * output root (`./bar/baz.js`); the path is made relative to this file.
   */
  import(name: string, from: string, typeOnly?: boolean): ImportSymbol;
  /** "legacy_commonjs" with the plugin option js_import_style=legacy_commonjs for the target js, else "module". */
  readonly jsImportStyle: "module" | "legacy_commonjs";
  /** Symbols of the runtime @pbjet/protobuf, e.g. `f.runtime.create`, `f.runtime.codegen.messageDesc`. */
  readonly runtime: RuntimeImports;
}

/** A generated file and what the framework reads from it. */
export interface GeneratedFileController extends GeneratedFile {
  getFileInfo(): FileInfo;
}

/** How a generated file resolves what it imports. */
export interface GeneratedFileContext {
  /** The file's path, e.g. `foo/bar_pb.ts`. */
  name: string;
  /** The file's own import path, e.g. `./foo/bar_pb.js`. */
  importPath: string;
  jsImportStyle: "module" | "legacy_commonjs";
  /** Applies rewrite_imports and import_extension to an import path. */
  rewriteImport(path: string): string;
  resolveDescImport(desc: DescMessage | DescEnum | DescExtension | DescService | DescFile, typeOnly?: boolean): ImportSymbol;
  resolveShapeImport(desc: DescMessage | DescEnum): ImportSymbol;
  resolveJsonImport(desc: DescMessage | DescEnum): ImportSymbol;
  resolveValidImport(desc: DescMessage): ImportSymbol;
  createPreamble(file: DescFile): string;
  runtime: RuntimeImports;
}

type Token = string | ImportSymbol | { export: string };

/** Creates a generated file. */
export function createGeneratedFile(ctx: GeneratedFileContext): GeneratedFileController {
  const lines: Printable[][] = [];
  let preamble: string | undefined;
  const file: GeneratedFileController = {
    jsImportStyle: ctx.jsImportStyle,
    runtime: ctx.runtime,
    preamble(desc) {
      preamble = ctx.createPreamble(desc);
    },
    print(first?: Printable | TemplateStringsArray, ...rest: Printable[]) {
      if (first !== undefined && isTemplateStrings(first)) {
        const parts: Printable[] = [];
        first.forEach((s, i) => {
          parts.push(s);
          if (i < rest.length) parts.push(rest[i]);
        });
        lines.push(parts);
      } else {
        lines.push(first === undefined ? [] : [first as Printable, ...rest]);
      }
    },
    string: (value) => ({ kind: "es_string", value }),
    array(elements) {
      const out: Printable[] = ["["];
      elements.forEach((e, i) => out.push(i > 0 ? ", " : "", e));
      out.push("]");
      return out;
    },
    jsDoc: (textOrDesc: string | Exclude<AnyDesc, DescFile>, indentation?: string) => ({
      kind: "es_jsdoc",
      text: typeof textOrDesc === "string" ? textOrDesc : createJsDocTextFromDesc(textOrDesc),
      indentation,
    }),
    export: (declaration, name) => ({ kind: "es_export_stmt", declaration, name }),
    importShape: (desc) => ctx.resolveShapeImport(desc),
    importJson: (desc) => ctx.resolveJsonImport(desc),
    importValid: (desc) => ctx.resolveValidImport(desc),
    importSchema: (desc, typeOnly) => ctx.resolveDescImport(desc, typeOnly),
    import: (name, from, typeOnly) => createImportSymbol(name, from, typeOnly),
    getFileInfo: () => ({ name: ctx.name, content: render(ctx, lines), preamble }),
  };
  return file;
}

function isTemplateStrings(p: unknown): p is TemplateStringsArray {
  return Array.isArray(p) && "raw" in p;
}

/** The file's content without preamble: imports and the printed lines. */
function render(ctx: GeneratedFileContext, lines: Printable[][]): string {
  if (lines.length === 0) return "";
  const tokenLines = lines.map((line) => {
    const tokens: Token[] = [];
    for (const p of line) tokenize(ctx, p, tokens);
    return tokens;
  });
  // Names of the file itself: its exports and the symbols it "imports" from itself, wherever
  // they are printed. Imported symbols never take them.
  const taken = new Set<string>();
  for (const line of tokenLines) {
    for (const t of line) {
      if (typeof t === "string") continue;
      if ("export" in t) taken.add(t.export);
      else if (t.from === ctx.importPath) taken.add(t.name);
    }
  }
  // Imports in the order of their first use, as protoc-gen-es orders them: modules by the
  // first use of one of their symbols, and local names given out in that order too. A symbol
  // keeps its name unless a name of the file or a symbol used before it already has it; then
  // it gets a numeric suffix.
  const alias = new Map<string, string>();
  const modules = new Map<string, Map<string, boolean>>();
  for (const line of tokenLines) {
    for (const t of line) {
      if (typeof t === "string" || "export" in t || t.from === ctx.importPath) continue;
      let byName = modules.get(t.from);
      if (byName === undefined) {
        byName = new Map();
        modules.set(t.from, byName);
      }
      const typeOnly = byName.get(t.name);
      if (typeOnly === undefined) {
        let local = t.name;
        for (let i = 1; taken.has(local); i++) local = `${t.name}$${i}`;
        taken.add(local);
        alias.set(t.id, local);
      }
      byName.set(t.name, (typeOnly ?? true) && t.typeOnly);
    }
  }
  const cjs = ctx.jsImportStyle === "legacy_commonjs";
  // CommonJS as protoc-gen-es writes it: strict mode and the ES module marker first, the
  // imports as require() (type-only ones too), the exports assigned at the end.
  let head = cjs ? `"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\n\n` : "";
  for (const [from, byName] of modules) {
    const types: string[] = [];
    const values: string[] = [];
    for (const [name, typeOnly] of [...byName.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const local = alias.get(createImportSymbol(name, from).id)!;
      const renamed = cjs ? `${name}: ${local}` : `${name} as ${local}`;
      (typeOnly ? types : values).push(local === name ? name : renamed);
    }
    let path = ctx.rewriteImport(from);
    if (relativePathRE.test(path)) path = makeImportPathRelative(ctx.importPath, path);
    const spec = stringLiteral(path);
    for (const [names, typeOnly] of [
      [types, true],
      [values, false],
    ] as const) {
      if (names.length === 0) continue;
      if (cjs) head += `const { ${names.join(", ")} } = require(${spec});\n`;
      else head += `import ${typeOnly ? "type " : ""}{ ${names.join(", ")} } from ${spec};\n`;
    }
  }
  const exported: string[] = [];
  const body = tokenLines
    .map((line) =>
      line
        .map((t) => {
          if (typeof t === "string") return t;
          if ("export" in t) {
            exported.push(t.export);
            return "";
          }
          return alias.get(t.id) ?? t.name;
        })
        .join(""),
    )
    .join("\n");
  let content = (head === "" ? "" : head + "\n") + body + "\n";
  if (cjs && exported.length > 0) content += "\n" + exported.map((n) => `exports.${n} = ${n};\n`).join("");
  return content;
}

/** Resolves a printable into strings, import symbols and export markers. */
function tokenize(ctx: GeneratedFileContext, p: Printable, out: Token[]): void {
  if (Array.isArray(p)) {
    for (const e of p) tokenize(ctx, e, out);
    return;
  }
  switch (typeof p) {
    case "string":
      out.push(p);
      return;
    case "number":
      // Not finite: through globalThis, as protoc-gen-es writes them (a local may shadow NaN).
      out.push(Number.isNaN(p) ? "globalThis.NaN" : p === Infinity ? "globalThis.Infinity" : p === -Infinity ? "-globalThis.Infinity" : String(p));
      return;
    case "boolean":
      out.push(String(p));
      return;
    case "bigint":
      int64Literal(ctx, p, p >= 0n ? "uParse" : "parse", out);
      return;
  }
  if (p instanceof Uint8Array) {
    // Empty: `new Uint8Array(0)`, as protoc-gen-es writes it.
    if (p.length === 0) {
      out.push("new Uint8Array(0)");
      return;
    }
    out.push(`new Uint8Array([${Array.from(p, (b) => "0x" + b.toString(16).toUpperCase().padStart(2, "0")).join(", ")}])`);
    return;
  }
  switch (p.kind) {
    case "es_symbol":
      out.push(p);
      return;
    case "es_export_stmt":
      // An empty declaration is none, as in protoc-gen-es.
      out.push(
        { export: p.name },
        (ctx.jsImportStyle === "legacy_commonjs" ? "" : "export ") + (p.declaration ? `${p.declaration} ${p.name}` : p.name),
      );
      return;
    case "es_jsdoc":
      out.push(formatJsDocBlock(p.text, p.indentation));
      return;
    case "es_string":
      out.push(stringLiteral(p.value));
      return;
    case "es_proto_int64": {
      if (p.longAsString) {
        out.push(stringLiteral(String(p.value)));
        return;
      }
      const signed = p.type === ScalarType.INT64 || p.type === ScalarType.SINT64 || p.type === ScalarType.SFIXED64;
      int64Literal(ctx, BigInt(p.value), signed ? "parse" : "uParse", out);
      return;
    }
    case "es_desc_ref":
      out.push(ctx.resolveDescImport(p.desc, p.typeOnly));
      return;
    case "es_shape_ref":
      out.push(ctx.resolveShapeImport(p.desc));
      return;
    case "es_json_type_ref":
      out.push(ctx.resolveJsonImport(p.desc));
      return;
    case "es_valid_type_ref":
      out.push(ctx.resolveValidImport(p.desc));
      return;
  }
}

/** A bigint through protoInt64: `protoInt64.zero`, `protoInt64.parse("-5")`, `protoInt64.uParse("5")`. */
function int64Literal(ctx: GeneratedFileContext, value: bigint, fn: "parse" | "uParse", out: Token[]): void {
  out.push(ctx.runtime.protoInt64);
  out.push(value === 0n ? ".zero" : `.${fn}(${stringLiteral(value.toString())})`);
}

/**
 * A string literal in double quotes, as protoc-gen-es writes it: backslashes, double quotes
 * and the line breaks \n and \r are escaped; every other character (also other control
 * characters and U+2028/U+2029, which a string literal may hold since ES2019) as it is.
 */
function stringLiteral(value: string): string {
  return `"${value.replace(/[\\"\n\r]/g, (c) => stringEscapes[c])}"`;
}

const stringEscapes: Record<string, string> = { "\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r" };
