/**
 * The Plugin interface: any code generator plugin.
 */
import type { CodeGeneratorRequest, CodeGeneratorResponse } from "@pbjet/protobuf/wkt";

/** Any code generator plugin. */
export interface Plugin {
  /** The plugin's name, e.g. "protoc-gen-es". */
  name: string;
  /** The plugin's version, e.g. "v1.0.0". */
  version: string;
  /** Runs the plugin on a request. */
  run(request: CodeGeneratorRequest): CodeGeneratorResponse;
}
