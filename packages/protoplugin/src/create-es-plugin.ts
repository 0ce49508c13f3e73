/**
 * createEcmaScriptPlugin(): the plugin framework. A plugin prints TypeScript (and optionally
 * JavaScript and declarations) into generated files; the framework parses the options, builds
 * the schema, transpiles what the plugin does not generate itself, and assembles the response.
 */
import { create } from "@pbjet/protobuf";
import { maximumEdition as runtimeMaximumEdition, minimumEdition as runtimeMinimumEdition } from "@pbjet/protobuf/reflect";
import { CodeGeneratorResponseSchema, type CodeGeneratorRequest, type CodeGeneratorResponse } from "@pbjet/protobuf/wkt";
import type { FileInfo } from "./generated-file.js";
import { parseParameter } from "./parameter.js";
import type { Plugin } from "./plugin.js";
import { createSchema, type Schema } from "./schema.js";
import { transpile } from "./transpile.js";

/** The definition of a plugin. */
interface PluginInit<Options extends object> {
  /** The plugin's name, e.g. "protoc-gen-foo". */
  name: string;
  /** The plugin's version, e.g. "v1.0.0", as the preamble of generated files shows it. */
  version: string;
  /**
   * Parses the plugin's own options: every option that is not standard, in order, e.g.
   * `[{ key: "foo", value: "123" }, { key: "bar", value: "" }]` for `foo=123,bar`. It must throw
   * for an option it does not know.
   */
  parseOptions?: ((rawOptions: { key: string; value: string }[]) => Options) | undefined;
  /** The earliest edition the plugin supports; by default the runtime's. */
  minimumEdition?: number | undefined;
  /** The latest edition the plugin supports; by default the runtime's. */
  maximumEdition?: number | undefined;
  /** Generates TypeScript files. */
  generateTs: (schema: Schema<Options>, target: "ts") => void;
  /** Generates JavaScript files; without it, the TypeScript files are transpiled. */
  generateJs?: ((schema: Schema<Options>, target: "js") => void) | undefined;
  /** Generates declaration files; without it, the TypeScript files are transpiled. */
  generateDts?: ((schema: Schema<Options>, target: "dts") => void) | undefined;
  /**
   * Transpiles TypeScript files to JavaScript and/or declarations, in place of the built-in
   * transpiler, where generateJs or generateDts is not given. With jsImportStyle
   * "legacy_commonjs", JavaScript must use require() and exports.
   */
  transpile?:
    | ((files: FileInfo[], transpileJs: boolean, transpileDts: boolean, jsImportStyle: "module" | "legacy_commonjs") => FileInfo[])
    | undefined;
}

/** google.protobuf.compiler.CodeGeneratorResponse.Feature: proto3 optional and editions. */
const FEATURE_PROTO3_OPTIONAL = 1n;
const FEATURE_SUPPORTS_EDITIONS = 2n;

/** Creates a plugin that generates JavaScript, TypeScript or TypeScript declaration files. */
export function createEcmaScriptPlugin<Options extends object = object>(init: PluginInit<Options>): Plugin {
  const minimumEdition = init.minimumEdition ?? runtimeMinimumEdition;
  const maximumEdition = init.maximumEdition ?? runtimeMaximumEdition;
  return {
    name: init.name,
    version: init.version,
    run(request: CodeGeneratorRequest): CodeGeneratorResponse {
      const parameter = parseParameter(request.parameter, init.parseOptions);
      const schema = createSchema<Options>(request, parameter, init.name, init.version, minimumEdition, maximumEdition);
      const { targets, jsImportStyle } = parameter.parsed;
      const targetTs = targets.includes("ts");
      const transpileJs = targets.includes("js") && init.generateJs === undefined;
      const transpileDts = targets.includes("dts") && init.generateDts === undefined;
      // As in @bufbuild/protoplugin: TypeScript first (also to transpile it), then the
      // plugin's own JavaScript and declarations, then what is transpiled.
      let tsFiles: FileInfo[] = [];
      if (targetTs || transpileJs || transpileDts) {
        schema.prepareGenerate("ts");
        init.generateTs(schema, "ts");
        tsFiles = schema.getFileInfo();
      }
      if (targets.includes("js") && init.generateJs !== undefined) {
        schema.prepareGenerate("js");
        init.generateJs(schema, "js");
      }
      if (targets.includes("dts") && init.generateDts !== undefined) {
        schema.prepareGenerate("dts");
        init.generateDts(schema, "dts");
      }
      let files = schema.getFileInfo();
      // TypeScript generated only to be transpiled is not part of the response.
      if (!targetTs) files = files.filter((f) => !tsFiles.some((t) => t.name === f.name));
      if (transpileJs || transpileDts) files.push(...(init.transpile ?? transpile)(tsFiles, transpileJs, transpileDts, jsImportStyle));
      return create(CodeGeneratorResponseSchema, {
        supportedFeatures: FEATURE_PROTO3_OPTIONAL | FEATURE_SUPPORTS_EDITIONS,
        minimumEdition,
        maximumEdition,
        file: files.map((f) => ({ name: f.name, content: f.preamble === undefined ? f.content : f.preamble + "\n" + f.content })),
      });
    },
  };
}
