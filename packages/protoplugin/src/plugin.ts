/**
 * `createEcmaScriptPlugin()`: the plugin framework. A plugin gets the files to generate as
 * descriptors, prints TypeScript into generated files, and the framework turns them into the
 * requested targets and a CodeGeneratorResponse.
 */
import { createFileRegistry, type DescFile, type FileRegistry } from "@pbjet/protobuf";
import type { FileDescriptorProto, FileDescriptorSet } from "@pbjet/protobuf/wkt";
import { getPackageComments, getSyntaxComments } from "./source-comments.js";
import { featureOptionStrings } from "./features.js";
import { parseParameter, type EcmaScriptPluginOptions, type Target } from "./parameter.js";
import { createGeneratedFile, type GeneratedFile, type RuntimeImports } from "./generated-file.js";
import { transpileToDts, transpileToJs } from "./transpile.js";

/** The subset of google.protobuf.compiler.CodeGeneratorRequest a plugin reads. */
export interface CodeGeneratorRequestShape {
  fileToGenerate: string[];
  parameter?: string;
  protoFile: FileDescriptorProto[];
  sourceFileDescriptors?: FileDescriptorProto[];
  compilerVersion?: { major: number; minor: number; patch: number; suffix: string };
}

/** The subset of google.protobuf.compiler.CodeGeneratorResponse a plugin writes. */
export interface CodeGeneratorResponseShape {
  error?: string;
  supportedFeatures: bigint;
  minimumEdition?: number;
  maximumEdition?: number;
  file: { name: string; content: string; insertionPoint?: string }[];
}

/** What a plugin's generate functions receive. */
export interface Schema<Options extends object = object> {
  /** The files to generate code for. */
  readonly files: readonly DescFile[];
  /** Every file of the request, including dependencies. */
  readonly registry: FileRegistry;
  /** The shared options and the plugin's own. */
  readonly options: EcmaScriptPluginOptions & Options;
  /** The targets requested. */
  readonly targets: readonly Target[];
  /**
   * Starts a generated file. `name` is its path without extension, e.g. "foo/bar_pb". With a
   * `file`, the header names it and carries its license comments.
   */
  generateFile(name: string, file?: DescFile): GeneratedFile;
}

/** A plugin definition. */
export interface PluginInit<Options extends object> {
  name: string;
  version: string;
  /** Parses the plugin's own options; return the options object. */
  parseOptions?: (pairs: { key: string; value: string }[]) => Options;
  /** Prints TypeScript for the files of the schema. */
  generateTs(schema: Schema<Options>, target: "ts"): void;
  /** Where generated code imports the runtime from. Default: @pbjet/protobuf. */
  runtimeImports?: (options: EcmaScriptPluginOptions & Options) => RuntimeImports;
}

/** A plugin, ready to run a request. */
export interface Plugin {
  readonly name: string;
  readonly version: string;
  /** Runs the plugin on a request; errors become the response's error. */
  run(request: CodeGeneratorRequestShape): CodeGeneratorResponseShape;
}

/** google.protobuf.compiler.CodeGeneratorResponse.Feature: proto3 optional and editions. */
const FEATURE_PROTO3_OPTIONAL = 1n;
const FEATURE_SUPPORTS_EDITIONS = 2n;
const EDITION_PROTO2 = 998;
const EDITION_2024 = 1001;

/** The well-known type files the runtime exports from its `wkt` module. */
export const wktFiles: ReadonlySet<string> = new Set(
  [
    "any",
    "api",
    "duration",
    "empty",
    "field_mask",
    "source_context",
    "struct",
    "timestamp",
    "type",
    "wrappers",
    "descriptor",
    "compiler/plugin",
    "cpp_features",
    "java_features",
    "go_features",
  ].map((n) => `google/protobuf/${n}.proto`),
);

/** The default runtime imports: @pbjet/protobuf and its subpaths. */
export const defaultRuntimeImports: RuntimeImports = {
  runtime: "@pbjet/protobuf",
  codegen: "@pbjet/protobuf/codegenv2",
  wkt: "@pbjet/protobuf/wkt",
  wktFiles,
};

/** Creates a plugin that generates ECMAScript. */
export function createEcmaScriptPlugin<Options extends object = object>(init: PluginInit<Options>): Plugin {
  return {
    name: init.name,
    version: init.version,
    run(request) {
      try {
        return runPlugin(init, request);
      } catch (e) {
        return {
          error: `${init.name}: ${e instanceof Error ? e.message : String(e)}`,
          supportedFeatures: FEATURE_PROTO3_OPTIONAL | FEATURE_SUPPORTS_EDITIONS,
          minimumEdition: EDITION_PROTO2,
          maximumEdition: EDITION_2024,
          file: [],
        };
      }
    },
  };
}

function runPlugin<Options extends object>(init: PluginInit<Options>, request: CodeGeneratorRequestShape): CodeGeneratorResponseShape {
  const parameter = request.parameter ?? "";
  let own: { key: string; value: string }[] = [];
  const shared = parseParameter(parameter, (key, value) => {
    own.push({ key, value });
    return true;
  });
  const ownOptions = init.parseOptions ? init.parseOptions(own) : ({} as Options);
  if (!init.parseOptions && own.length > 0) {
    throw new Error(`invalid plugin option "${own[0].key}": unknown option`);
  }
  own = [];
  const options = { ...shared, ...ownOptions };

  // Source descriptors (with source-retention options) win over the stripped ones.
  const sources = new Map((request.sourceFileDescriptors ?? []).map((f) => [f.name, f]));
  const protos = new Map(request.protoFile.map((f) => [f.name, sources.get(f.name) ?? f]));
  const registry = createFileRegistry({
    $typeName: "google.protobuf.FileDescriptorSet",
    file: [...protos.values()],
  } as FileDescriptorSet);
  for (const name of request.fileToGenerate) {
    if (!registry.getFile(name)) throw new Error(`file_to_generate ${name} is not in proto_file`);
  }
  const files = request.fileToGenerate.map((n) => registry.getFile(n)!);
  for (const file of files) {
    if (file.edition < EDITION_PROTO2 || file.edition > EDITION_2024) {
      throw new Error(`${file.proto.name}: unsupported edition ${file.edition}; this plugin supports proto2, proto3 and editions 2023 to 2024`);
    }
  }
  const runtimeImports = init.runtimeImports ? init.runtimeImports(options) : defaultRuntimeImports;
  // A well-known type that is generated in this run is imported from its generated file, not
  // from the runtime, as protobuf-es does.
  const generating = new Set(request.fileToGenerate);
  const imports: RuntimeImports = {
    ...runtimeImports,
    wktFiles: new Set([...runtimeImports.wktFiles].filter((name) => !generating.has(name))),
  };
  const generated: { file: GeneratedFile; header: string; jsHeader: string }[] = [];
  const schema: Schema<Options> = {
    files,
    registry,
    options,
    targets: options.targets,
    generateFile(name, file) {
      const header = headerFor(init.name, init.version, parameter, options.tsNocheck, file);
      const f = createGeneratedFile(name, options, imports, header);
      // JavaScript and declarations get the header without `// @ts-nocheck`.
      generated.push({ file: f, header, jsHeader: headerFor(init.name, init.version, parameter, false, file) });
      return f;
    },
  };
  init.generateTs(schema, "ts");

  const out: CodeGeneratorResponseShape["file"] = [];
  for (const { file: f, header, jsHeader } of generated) {
    const ts = f.getContent();
    if (!options.keepEmptyFiles && isEmptyContent(ts)) continue;
    // The compiler keeps only comments attached to statements it emits, so the header is
    // put back in front of the transpiled body.
    const body = ts.substring(header.length);
    for (const target of options.targets) {
      switch (target) {
        case "ts":
          out.push({ name: `${f.path}.ts`, content: ts });
          break;
        case "js":
          out.push({ name: `${f.path}.js`, content: jsHeader + transpileToJs(body, `${f.path}.ts`, options.jsImportStyle) });
          break;
        case "dts":
          out.push({ name: `${f.path}.d.ts`, content: jsHeader + transpileToDts(body, `${f.path}.ts`) });
          break;
      }
    }
  }
  return {
    supportedFeatures: FEATURE_PROTO3_OPTIONAL | FEATURE_SUPPORTS_EDITIONS,
    minimumEdition: EDITION_PROTO2,
    maximumEdition: EDITION_2024,
    file: out,
  };
}

const editionNames: Record<number, string> = { 1000: "2023", 1001: "2024" };

function headerFor(name: string, version: string, parameter: string, tsNocheck: boolean, file?: DescFile): string {
  const param = parameter === "" ? "" : ` with parameter "${parameter}"`;
  let license = "";
  let from = "";
  let packageComment = "";
  if (file) {
    // Comments before the syntax statement (a license header), detached or not, are kept at
    // the top, each block followed by a blank line.
    const syntaxComments = getSyntaxComments(file);
    const blocks = [...syntaxComments.leadingDetached];
    if (syntaxComments.leading !== undefined) blocks.push(syntaxComments.leading);
    for (const c of blocks) {
      license += lineComment(c) + "\n\n";
    }
    const syntax =
      file.proto.syntax === "editions"
        ? `edition ${editionNames[file.proto.edition] ?? file.proto.edition}`
        : `syntax ${file.proto.syntax || "proto2"}`;
    const pkg = file.proto.package ? `package ${file.proto.package}, ` : "";
    from = `// @generated from file ${file.proto.name} (${pkg}${syntax})\n`;
    for (const option of featureOptionStrings(file.proto.options)) from += `// option ${option};\n`;
    // The comment on the package statement follows the header.
    const pkgComment = getPackageComments(file).leading;
    if (pkgComment !== undefined) packageComment = lineComment(pkgComment) + "\n\n";
  }
  return (
    license +
    `// @generated by ${name} v${version}${param}\n` +
    from +
    `/* eslint-disable */\n` +
    (tsNocheck ? `// @ts-nocheck\n` : "") +
    `\n` +
    packageComment
  );
}

/** A comment's text as `//` line comments. */
function lineComment(text: string): string {
  return text
    .replace(/\n$/, "")
    .split("\n")
    .map((l) => `//${l}`)
    .join("\n");
}

/** True if a generated file has nothing but its header and imports. */
function isEmptyContent(ts: string): boolean {
  return ts.split("\n").every((l) => l.trim() === "" || l.startsWith("//") || l.startsWith("/*") || l.startsWith("import "));
}
