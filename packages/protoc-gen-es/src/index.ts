/**
 * @pbjet/protoc-gen-es: generates TypeScript and JavaScript for @pbjet/protobuf.
 */
import { createEcmaScriptPlugin, PluginOptionError } from "@pbjet/protoplugin";
import { generateTs, type GenEsOptions } from "./generate-ts.js";
import { version } from "./version.js";

/** The protoc-gen-es plugin. */
export const protocGenEs = createEcmaScriptPlugin<GenEsOptions>({
  name: "protoc-gen-es",
  version: `v${version}`,
  parseOptions(rawOptions) {
    const options: GenEsOptions = { jsonTypes: false };
    for (const { key, value } of rawOptions) {
      const option = value === "" ? key : `${key}=${value}`;
      switch (key) {
        case "json_types":
          if (!["true", "1", "false", "0"].includes(value)) throw new PluginOptionError(option, "please provide true or false");
          options.jsonTypes = value === "true" || value === "1";
          break;
        default:
          throw new PluginOptionError(option);
      }
    }
    return options;
  },
  generateTs: (schema) => generateTs(schema),
});

export { generateTs, version, type GenEsOptions };
