/**
 * The plugin option `map_imports=<pattern>:<target>`: import the generated code of matching
 * Protobuf files from a package instead of the local output.
 */
import { globToRegExp } from "./import-path.js";

/**
 * A configuration for mapping imports of generated code to a package, for example a
 * generated SDK published to a package registry. Every plugin built with @pbjet/protoplugin
 * supports the option `map_imports=<pattern>:<target>`, which may be given more than once.
 *
 * The pattern is matched against the path of the Protobuf file, e.g. `google/rpc/status.proto`:
 * `*` matches any characters except `/`, `**` any characters including `/`, `**` followed by
 * `/` zero or more path elements, and a trailing `/` every file in the directory and its
 * subdirectories. If a generated file imports the code of a matching file, the import path is
 * the target followed by the generated file's path, e.g. `map_imports=google/rpc/:@scope/pkg`
 * imports `google/rpc/status.proto` from `@scope/pkg/google/rpc/status_pb.js`. The first
 * matching pattern wins. Well-known types are always imported from the runtime package,
 * unless they are generated.
 */
export type MapImports = {
  pattern: string;
  target: string;
}[];

/** MapImports with the patterns compiled to regular expressions. */
export type CompiledMapImports = {
  pattern: RegExp;
  target: string;
}[];

/** Compiles the patterns of the given MapImports. */
export function compileMapImports(mapImports: MapImports): CompiledMapImports {
  return mapImports.map(({ pattern, target }) => ({ pattern: globToRegExp(pattern, true), target }));
}

/** The target for a Protobuf file path, or undefined if no pattern matches. */
export function mapImportTarget(protoFileName: string, mapImports: CompiledMapImports): string | undefined {
  return mapImports.find((m) => m.pattern.test(protoFileName))?.target;
}
