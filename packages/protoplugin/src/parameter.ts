/**
 * Plugin parameters: the `key=value,key=value` string protoc and buf pass to a plugin, parsed
 * into the options every ECMAScript plugin supports; the others go to the plugin's own parser.
 */
import { PluginOptionError } from "./error.js";
import type { RewriteImports } from "./import-path.js";
import type { MapImports } from "./map-imports.js";

/** The values of the plugin option `target`. */
export type Target = "js" | "ts" | "dts";

/** The values of the plugin option `import_extension`. */
export type ImportExtension = "none" | "js" | "ts";

/** The options every ECMAScript plugin supports. */
export interface EcmaScriptPluginOptions {
  /** `target`: JavaScript, TypeScript and/or declaration files (`js+dts` by default). */
  targets: Target[];
  /** `import_extension`: the extension of relative import paths (`none` by default). */
  importExtension: ImportExtension;
  /** `js_import_style`: `import` statements (`module`, the default) or `require()` calls. */
  jsImportStyle: "module" | "legacy_commonjs";
  /** `ts_nocheck`: add `// @ts-nocheck` at the top of each file (false by default). */
  tsNocheck: boolean;
  /** `elide_plugin_version`: leave the plugin's version out of the preamble (false by default). */
  elidePluginVersion: boolean;
  /** `keep_empty_files`: also emit files without content (false by default). */
  keepEmptyFiles: boolean;
  /**
   * `bootstrap_wkt`: generating the runtime's own well-known types, which import the runtime by
   * relative path.
   * @private
   */
  bootstrapWkt: boolean;
  /** `map_imports`: import generated code of matching Protobuf files from a package. */
  mapImports: MapImports;
  /**
   * `rewrite_imports`: rewrite matching import paths.
   * @private
   */
  rewriteImports: RewriteImports;
}

/** The parsed options, and the parameter as the preamble shows it. */
export interface ParsedParameter<T> {
  parsed: T & EcmaScriptPluginOptions;
  sanitized: string;
}

/**
 * Parses the parameter string. Options that are not standard are passed to
 * `parseExtraOptions`, which must throw for options it does not know; without it, they are
 * an error. Every problem is a PluginOptionError.
 */
export function parseParameter<T extends object>(
  parameter: string,
  parseExtraOptions: ((rawOptions: { key: string; value: string }[]) => T) | undefined,
): ParsedParameter<T> {
  const options: EcmaScriptPluginOptions = {
    targets: ["js", "dts"],
    tsNocheck: false,
    elidePluginVersion: false,
    bootstrapWkt: false,
    rewriteImports: [],
    mapImports: [],
    importExtension: "none",
    jsImportStyle: "module",
    keepEmptyFiles: false,
  };
  const extra: { key: string; value: string; raw: string }[] = [];
  for (const raw of parameter === "" ? [] : parameter.split(",")) {
    const eq = raw.indexOf("=");
    const key = eq < 0 ? raw : raw.substring(0, eq);
    const value = eq < 0 ? "" : raw.substring(eq + 1);
    switch (key) {
      case "target": {
        const targets = value.split("+");
        if (!targets.every((t): t is Target => t === "ts" || t === "js" || t === "dts")) throw new PluginOptionError(raw);
        options.targets = [...new Set(targets)];
        break;
      }
      case "import_extension":
        switch (value) {
          case "":
          case "none":
            options.importExtension = "none";
            break;
          case "js":
          case ".js":
            options.importExtension = "js";
            break;
          case "ts":
          case ".ts":
            options.importExtension = "ts";
            break;
          default:
            throw new PluginOptionError(raw);
        }
        break;
      case "js_import_style":
        if (value !== "module" && value !== "legacy_commonjs") throw new PluginOptionError(raw);
        options.jsImportStyle = value;
        break;
      case "keep_empty_files":
        options.keepEmptyFiles = parseBoolOption(raw, value);
        break;
      case "ts_nocheck":
        options.tsNocheck = parseBoolOption(raw, value);
        break;
      case "elide_plugin_version":
        options.elidePluginVersion = parseBoolOption(raw, value);
        break;
      case "bootstrap_wkt":
        options.bootstrapWkt = parseBoolOption(raw, value);
        break;
      case "rewrite_imports": {
        const [pattern, target] = splitPatternTarget(raw, value);
        options.rewriteImports.push({ pattern, target });
        break;
      }
      case "map_imports": {
        const [pattern, target] = splitPatternTarget(raw, value);
        if (pattern === "" || target === "") throw new PluginOptionError(raw, "must be in the form of <pattern>:<target>");
        options.mapImports.push({ pattern, target });
        break;
      }
      default:
        if (key === "") throw new PluginOptionError(raw);
        extra.push({ key, value, raw });
    }
  }
  let own: T;
  if (parseExtraOptions === undefined) {
    if (extra.length > 0) throw new PluginOptionError(extra[0].raw);
    own = {} as T;
  } else {
    try {
      own = parseExtraOptions(extra.map(({ key, value }) => ({ key, value })));
    } catch (e) {
      if (e instanceof PluginOptionError) throw e;
      throw new PluginOptionError(extra.map((o) => o.raw).join(","), e);
    }
  }
  // The parameter as the header of generated files shows it: without rewrite_imports, as
  // protoc-gen-es shows it.
  const sanitized = parameter
    .split(",")
    .filter((raw) => raw.split("=", 1)[0] !== "rewrite_imports")
    .join(",");
  return { parsed: { ...options, ...own }, sanitized };
}

/** `true` or `1`, `false` or `0`. */
function parseBoolOption(raw: string, value: string): boolean {
  switch (value) {
    case "true":
    case "1":
      return true;
    case "false":
    case "0":
      return false;
    default:
      throw new PluginOptionError(raw);
  }
}

function splitPatternTarget(raw: string, value: string): [string, string] {
  const colon = value.indexOf(":");
  if (colon < 0) throw new PluginOptionError(raw, "must be in the form of <pattern>:<target>");
  return [value.substring(0, colon), value.substring(colon + 1)];
}
