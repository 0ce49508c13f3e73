/**
 * @pbjet/protoc-gen-es: generates TypeScript and JavaScript for @pbjet/protobuf.
 */
import { createEcmaScriptPlugin, defaultRuntimeImports, parseBool, PluginOptionError } from "@pbjet/protoplugin";
import { generateTs, type GenEsOptions } from "./generate-ts.js";
import { version } from "./version.js";

/** The protoc-gen-es plugin. */
export const protocGenEs = createEcmaScriptPlugin<GenEsOptions>({
  name: "protoc-gen-es",
  version,
  parseOptions(pairs) {
    const options: GenEsOptions = { jsonTypes: false, bootstrapWkt: false };
    for (const { key, value } of pairs) {
      switch (key) {
        case "json_types":
          options.jsonTypes = parseBool(key, value);
          break;
        case "bootstrap_wkt":
          options.bootstrapWkt = parseBool(key, value);
          break;
        default:
          throw new PluginOptionError(value === "" ? key : `${key}=${value}`, "unknown option");
      }
    }
    return options;
  },
  generateTs: (schema) => generateTs(schema),
  runtimeImports: (options) =>
    options.bootstrapWkt
      ? {
          // Inside the runtime: paths relative to src/wkt/gen/, where the files are written.
          runtime: "./../../types",
          codegen: "./../../codegenv2/index",
          wkt: "./../index",
          wktFiles: new Set<string>(),
        }
      : defaultRuntimeImports,
});

export { generateTs, version, type GenEsOptions };
