/**
 * The Schema a plugin's generate functions receive: the files to generate, every file of the
 * request, the options, and the files the plugin creates.
 */
import { createFileRegistry, type DescEnum, type DescExtension, type DescFile, type DescMessage, type DescService } from "@pbjet/protobuf";
import { Edition, EditionSchema, type CodeGeneratorRequest, type FileDescriptorProto, type FileDescriptorSet } from "@pbjet/protobuf/wkt";
import { createGeneratedFile, type FileInfo, type GeneratedFile, type GeneratedFileController } from "./generated-file.js";
import type { EcmaScriptPluginOptions, ParsedParameter, Target } from "./parameter.js";
import { createImportSymbol } from "./import-symbol.js";
import { deriveImportPath, rewriteImportPath } from "./import-path.js";
import { compileMapImports } from "./map-imports.js";
import { generateFilePath, generatedDescName, generatedJsonTypeName, generatedShapeName, generatedValidTypeName } from "./names.js";
import { createRuntimeImports } from "./runtime-imports.js";
import { makeFilePreamble } from "./file-preamble.js";

/** The files and types a plugin is asked to generate code for. */
export interface Schema<Options extends object = object> {
  /** The files to generate code for. */
  readonly files: readonly DescFile[];
  /** Every file of the request. */
  readonly allFiles: readonly DescFile[];
  /** The plugin option `target`. A plugin should support every target. */
  readonly targets: readonly Target[];
  /** The standard options of every plugin, and the plugin's own. */
  readonly options: Options & EcmaScriptPluginOptions;
  /** Creates a generated file, e.g. `foo/bar_pb.ts`. */
  generateFile(name: string): GeneratedFile;
  /** Every type in a file: messages, enums, extensions and services, also nested ones. */
  typesInFile(file: DescFile): Iterable<DescMessage | DescEnum | DescExtension | DescService>;
  /** The google.protobuf.compiler.CodeGeneratorRequest. */
  readonly proto: CodeGeneratorRequest;
}

/** A Schema and what the framework reads from it. */
export interface SchemaController<Options extends object> extends Schema<Options> {
  /** The files generated so far, for every target (empty ones only with keep_empty_files). */
  getFileInfo(): FileInfo[];
  /** Starts generating for a target: later files belong to it. */
  prepareGenerate(target: Target): void;
}

/** Creates the schema of a request. */
export function createSchema<T extends object>(
  request: CodeGeneratorRequest,
  parameter: ParsedParameter<T>,
  pluginName: string,
  pluginVersion: string | undefined,
  minimumEdition: number,
  maximumEdition: number,
): SchemaController<T> {
  if (minimumEdition > maximumEdition) {
    throw new Error(
      `configured minimumEdition ${editionName(minimumEdition)} > maximumEdition ${editionName(maximumEdition)} - please contact plugin author`,
    );
  }
  // Source descriptors (with source-retention options) win over the stripped ones.
  const sources = new Map(request.sourceFileDescriptors.map((f) => [f.name, f]));
  const protos = request.protoFile.map((f) => sources.get(f.name) ?? f);
  const byName = new Map(protos.map((p) => [p.name, p]));
  const missing = request.fileToGenerate.filter((name) => !byName.has(name));
  if (missing.length > 0) throw new Error(`files_to_generate missing in the request: ${missing.join(", ")}`);
  // The editions of the files to generate are checked before they are linked (in the order of
  // the request's files, as @bufbuild/protoplugin does): the runtime cannot link editions it
  // does not support. Unlike @bufbuild/protoplugin, the unstable edition is no exception.
  for (const proto of request.protoFile) {
    if (!request.fileToGenerate.includes(proto.name)) continue;
    const edition = fileEdition(proto);
    if (edition < minimumEdition) {
      throw new Error(
        `${proto.name}: unsupported edition ${editionName(edition)} - the earliest supported edition is ${editionName(minimumEdition)}`,
      );
    }
    if (edition > maximumEdition) {
      throw new Error(`${proto.name}: unsupported edition ${editionName(edition)} - the latest supported edition is ${editionName(maximumEdition)}`);
    }
  }
  const registry = createFileRegistry({ $typeName: "google.protobuf.FileDescriptorSet", file: protos } as FileDescriptorSet);
  const allFiles = protos.map((p) => registry.getFile(p.name)!);
  // In the order of the request's files, as in @bufbuild/protoplugin (not of file_to_generate).
  const files = allFiles.filter((f) => request.fileToGenerate.includes(f.proto.name));
  const options = parameter.parsed;
  const mapImports = compileMapImports(options.mapImports);
  const runtime = createRuntimeImports(options.bootstrapWkt);
  const importPathOf = (file: DescFile) => generateFilePath(file, options.bootstrapWkt, files, mapImports);
  let target: Target = "ts";
  const generated: GeneratedFileController[] = [];
  return {
    files,
    allFiles,
    get targets() {
      return options.targets;
    },
    options,
    proto: request,
    typesInFile,
    generateFile(name) {
      const f = createGeneratedFile({
        name,
        importPath: deriveImportPath(name),
        jsImportStyle: target === "js" ? options.jsImportStyle : "module",
        rewriteImport: (path) => rewriteImportPath(path, options.rewriteImports, options.importExtension),
        resolveDescImport: (desc, typeOnly) =>
          createImportSymbol(generatedDescName(desc), importPathOf(desc.kind === "file" ? desc : desc.file), typeOnly),
        resolveShapeImport: (desc) => createImportSymbol(generatedShapeName(desc), importPathOf(desc.file), true),
        resolveJsonImport: (desc) => createImportSymbol(generatedJsonTypeName(desc), importPathOf(desc.file), true),
        resolveValidImport: (desc) => createImportSymbol(generatedValidTypeName(desc), importPathOf(desc.file), true),
        createPreamble: (file) =>
          makeFilePreamble(file, pluginName, options.elidePluginVersion ? undefined : pluginVersion, parameter.sanitized, options.tsNocheck),
        runtime,
      });
      generated.push(f);
      return f;
    },
    // Every file generated so far, for every target; without content only with keep_empty_files.
    getFileInfo: () => generated.map((f) => f.getFileInfo()).filter((f) => options.keepEmptyFiles || f.content.length > 0),
    prepareGenerate(t) {
      target = t;
    },
  };
}

/** Every type in a file, depth-first: each message followed by what is nested in it. */
function* typesInFile(file: DescFile): Iterable<DescMessage | DescEnum | DescExtension | DescService> {
  function* nested(message: DescMessage): Iterable<DescMessage | DescEnum | DescExtension> {
    yield message;
    for (const m of message.nestedMessages) yield* nested(m);
    yield* message.nestedEnums;
    yield* message.nestedExtensions;
  }
  for (const m of file.messages) yield* nested(m);
  yield* file.enums;
  yield* file.extensions;
  yield* file.services;
}

/** The edition of a file: PROTO2, PROTO3, its edition, or UNKNOWN for another syntax. */
function fileEdition(proto: FileDescriptorProto): number {
  if (proto.syntax === "editions") return proto.edition;
  return syntaxEditions.get(proto.syntax) ?? Edition.EDITION_UNKNOWN;
}

const syntaxEditions: ReadonlyMap<string, number> = new Map([
  ["", Edition.EDITION_PROTO2],
  ["proto2", Edition.EDITION_PROTO2],
  ["proto3", Edition.EDITION_PROTO3],
]);

/** An edition as protobuf-es names it in errors: `PROTO2`, `2023`, `1_TEST_ONLY`, `unknown (5)`. */
function editionName(edition: number): string {
  const value = EditionSchema.values.find((v) => v.number === edition);
  return value === undefined ? `unknown (${edition})` : value.name.replace(/^EDITION_/, "");
}
