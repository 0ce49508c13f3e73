/**
 * @pbjet/protoc-gen-es: generates TypeScript and JavaScript for @pbjet/protobuf.
 */
import { createEcmaScriptPlugin } from "@pbjet/protoplugin";
import { generateDts, generateTs } from "./generate-ts.js";
import { generateJs } from "./generate-js.js";
import { parseGenEsOptions, type GenEsOptions, type ValidTypesOptions } from "./options.js";
import { version } from "./version.js";

/** The protoc-gen-es plugin. */
export const protocGenEs = createEcmaScriptPlugin<GenEsOptions>({
  name: "protoc-gen-es",
  version: `v${version}`,
  parseOptions: parseGenEsOptions,
  generateTs: (schema) => generateTs(schema),
  generateJs: (schema) => generateJs(schema),
  generateDts: (schema) => generateDts(schema),
});

export { generateTs, generateJs, generateDts, version, type GenEsOptions, type ValidTypesOptions };
