/**
 * A file a plugin generates: printed line by line, with imports collected automatically from
 * the symbols it refers to, de-duplicated, and renamed when they clash with local names.
 */
import type { AnyDesc, DescEnum, DescExtension, DescFile, DescMessage, DescService } from "@pbjet/protobuf";
import { getComments } from "./source-comments.js";
import { importSpecifier } from "./import-path.js";
import type { EcmaScriptPluginOptions } from "./parameter.js";
import { generatedFilePath, jsonTypeName, schemaName, shapeName } from "./names.js";

/** A symbol imported from another module. */
export interface ImportSymbol {
  readonly kind: "import";
  /** The exported name. */
  readonly name: string;
  /** The module specifier, or a generated file path (without extension) starting with "./". */
  readonly from: string;
  /** True if only the type is used. */
  readonly typeOnly: boolean;
  /** The same symbol, imported as a type only. */
  toTypeOnly(): ImportSymbol;
}

/** Creates an import symbol. */
export function createImportSymbol(name: string, from: string, typeOnly = false): ImportSymbol {
  return {
    kind: "import",
    name,
    from,
    typeOnly,
    toTypeOnly: () => createImportSymbol(name, from, true),
  };
}

/** Anything `print()` accepts. Arrays are printed element by element. */
export type Printable = string | number | bigint | boolean | ImportSymbol | Printable[];

/** Where the runtime's modules are, and where well-known types come from. */
export interface RuntimeImports {
  /** The runtime package, e.g. "@pbjet/protobuf". */
  readonly runtime: string;
  /** The module for generated code helpers, e.g. "@pbjet/protobuf/codegenv2". */
  readonly codegen: string;
  /** The module that exports the well-known types, e.g. "@pbjet/protobuf/wkt". */
  readonly wkt: string;
  /** Files whose generated code lives in the wkt module. */
  readonly wktFiles: ReadonlySet<string>;
}

/** A generated file. */
export interface GeneratedFile {
  /** Prints one line. Template literal tags work: f.print`const x = ${symbol};` */
  print(...printables: Printable[]): void;
  print(fragments: TemplateStringsArray, ...printables: Printable[]): void;
  /** Imports a symbol from a module (or generated file path starting with "./"). */
  import(name: string, from: string, typeOnly?: boolean): ImportSymbol;
  /** Imports the exported descriptor of a file, message, enum, extension or service. */
  importSchema(desc: DescFile | DescMessage | DescEnum | DescExtension | DescService, typeOnly?: boolean): ImportSymbol;
  /** Imports the TypeScript type of a message or enum. */
  importShape(desc: DescMessage | DescEnum): ImportSymbol;
  /** Imports the JSON type of a message or enum (generated with json_types). */
  importJson(desc: DescMessage | DescEnum): ImportSymbol;
  /** A symbol of the runtime package (`@pbjet/protobuf`), e.g. "create". */
  runtime(name: string, typeOnly?: boolean): ImportSymbol;
  /** A symbol of the codegen module (`@pbjet/protobuf/codegenv2`), e.g. "messageDesc". */
  codegen(name: string, typeOnly?: boolean): ImportSymbol;
  /** Declares a local exported name, so imports of the same name are renamed. */
  exportDecl(declaration: string, name: string): string;
  /** A JSDoc block from the element's comments, with the given extra lines. */
  jsDoc(desc: AnyDesc | undefined, extra?: string[], indent?: string): string;
  /** A string literal. */
  string(value: string): string;
  /** The file's content with its imports. */
  getContent(): string;
  /** The file's path without extension. */
  readonly path: string;
}

/** @internal Creates a generated file. */
export function createGeneratedFile(path: string, options: EcmaScriptPluginOptions, imports: RuntimeImports, header: string): GeneratedFile {
  const lines: Printable[][] = [];
  const localNames = new Set<string>();

  const importForFile = (file: DescFile, name: string, typeOnly: boolean): ImportSymbol => {
    const own = "./" + generatedFilePath(file);
    // Well-known types come from the runtime, unless this is the file that declares them.
    if (imports.wktFiles.has(file.proto.name) && own !== "./" + path) return createImportSymbol(name, imports.wkt, typeOnly);
    return createImportSymbol(name, own, typeOnly);
  };
  const fileOf = (desc: DescMessage | DescEnum | DescExtension | DescService | DescFile): DescFile => (desc.kind === "file" ? desc : desc.file);

  const file: GeneratedFile = {
    path,
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
    import: (name, from, typeOnly = false) => createImportSymbol(name, from, typeOnly),
    importSchema: (desc, typeOnly = false) => importForFile(fileOf(desc), schemaName(desc), typeOnly),
    importShape: (desc) => importForFile(desc.file, shapeName(desc), true),
    importJson: (desc) => importForFile(desc.file, jsonTypeName(desc), true),
    runtime: (name, typeOnly = false) => createImportSymbol(name, imports.runtime, typeOnly),
    codegen: (name, typeOnly = false) => createImportSymbol(name, imports.codegen, typeOnly),
    exportDecl(declaration, name) {
      localNames.add(name);
      return `export ${declaration} ${name}`;
    },
    jsDoc: (desc, extra = [], indent = "") => jsDocBlock(desc, extra, indent),
    string: (value) => JSON.stringify(value),
    getContent() {
      const used = new Map<string, ImportSymbol[]>();
      const visit = (p: Printable): void => {
        if (Array.isArray(p)) p.forEach(visit);
        else if (typeof p === "object") {
          const list = used.get(p.from) ?? [];
          list.push(p);
          used.set(p.from, list);
        }
      };
      lines.forEach((l) => l.forEach(visit));
      // Assign local names: a symbol keeps its name unless a local declaration or another
      // module's symbol already has it; then it gets a numeric suffix.
      const taken = new Set(localNames);
      const alias = new Map<string, string>();
      const key = (s: ImportSymbol) => `${s.from}\u0000${s.name}`;
      const importLines: string[] = [];
      for (const from of [...used.keys()].sort(compareModules)) {
        const symbols = used.get(from)!;
        const byName = new Map<string, boolean>();
        for (const s of symbols) byName.set(s.name, (byName.get(s.name) ?? true) && s.typeOnly);
        if (from === "./" + path) {
          // A symbol of this very file: refer to it directly.
          for (const name of byName.keys()) alias.set(key(createImportSymbol(name, from)), name);
          continue;
        }
        const types: string[] = [];
        const values: string[] = [];
        for (const [name, typeOnly] of [...byName.entries()].sort(([a], [b]) => a.localeCompare(b))) {
          let local = name;
          for (let i = 1; taken.has(local); i++) local = `${name}$${i}`;
          taken.add(local);
          alias.set(key(createImportSymbol(name, from)), local);
          (typeOnly ? types : values).push(local === name ? name : `${name} as ${local}`);
        }
        const spec = importSpecifier(path, from, options);
        if (types.length) importLines.push(`import type { ${types.join(", ")} } from ${JSON.stringify(spec)};`);
        if (values.length) importLines.push(`import { ${values.join(", ")} } from ${JSON.stringify(spec)};`);
      }
      const render = (p: Printable): string => {
        if (Array.isArray(p)) return p.map(render).join("");
        if (typeof p === "object") return alias.get(key(p)) ?? p.name;
        if (typeof p === "bigint") return `${p}n`;
        return String(p);
      };
      const body = lines.map((l) => l.map(render).join("")).join("\n");
      return header + (importLines.length ? importLines.join("\n") + "\n\n" : "") + body + "\n";
    },
  };
  return file;
}

function isTemplateStrings(p: unknown): p is TemplateStringsArray {
  return Array.isArray(p) && "raw" in p;
}

function compareModules(a: string, b: string): number {
  // Packages first, then relative paths; each alphabetically.
  const ra = a.startsWith("."),
    rb = b.startsWith(".");
  return ra === rb ? a.localeCompare(b) : ra ? 1 : -1;
}

/** A JSDoc block from an element's leading comment, with extra lines (e.g. `@generated`). */
export function jsDocBlock(desc: AnyDesc | undefined, extra: string[], indent: string): string {
  const lines: string[] = [];
  const comments = desc ? getComments(desc) : undefined;
  // As protobuf-es: the leading comment, then the trailing comment, then the extra lines,
  // separated by blank lines.
  for (const text of [comments?.leading, comments?.trailing]) {
    if (text === undefined) continue;
    if (lines.length > 0) lines.push("");
    for (const l of text.replace(/\n$/, "").split("\n")) lines.push(l.startsWith(" ") ? l.substring(1) : l);
  }
  if (lines.length > 0 && extra.length > 0) lines.push("");
  lines.push(...extra);
  if (desc && "deprecated" in desc && desc.deprecated && !lines.includes("@deprecated")) {
    lines.push("@deprecated");
  }
  if (lines.length === 0) return "";
  const escaped = lines.flatMap((l) => l.split("\n")).map((l) => l.replace(/\*\//g, "*\\/"));
  return [`${indent}/**`, ...escaped.map((l) => (l === "" ? `${indent} *` : `${indent} * ${l}`)), `${indent} */`].join("\n");
}
