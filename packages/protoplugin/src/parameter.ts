/**
 * Plugin parameters: the `key=value,flag` string protoc and buf pass to a plugin, parsed into
 * the options every ECMAScript plugin understands, plus the plugin's own.
 */

/** Output languages a plugin can emit. */
export type Target = "ts" | "js" | "dts";

/** Options shared by every plugin built with protoplugin. */
export interface EcmaScriptPluginOptions {
  /** Which files to emit: any combination of ts, js and dts. Default js+dts. */
  targets: Target[];
  /** Extension added to relative import paths: none (default), js or ts. */
  importExtension: "none" | "js" | "ts";
  /** `module` (ESM, default) or `legacy_commonjs` for the js target. */
  jsImportStyle: "module" | "legacy_commonjs";
  /** Emit files even when they have no content. */
  keepEmptyFiles: boolean;
  /** Import path rewrites: a glob of import paths and what to replace them with. */
  rewriteImports: { pattern: string; target: string }[];
  /** Add `// @ts-nocheck` to generated TypeScript. */
  tsNocheck: boolean;
  /** The original parameter string, for the @generated header. */
  parameter: string;
}

/** A parameter the plugin did not recognize, or one with an invalid value. */
export class PluginOptionError extends Error {
  override name = "PluginOptionError";
  constructor(option: string, reason: string) {
    super(`invalid plugin option "${option}": ${reason}`);
  }
}

/** A plugin's own option parser: return true if the key was handled, throw on a bad value. */
export type ParseOption = (key: string, value: string) => boolean;

/** Splits `a=1,b,c=x` into key/value pairs. Keys without `=` get the value "". */
export function splitParameter(parameter: string): { key: string; value: string }[] {
  const pairs: { key: string; value: string }[] = [];
  for (const raw of parameter.split(",")) {
    const part = raw.trim();
    if (part === "") continue;
    const eq = part.indexOf("=");
    const key = eq < 0 ? part : part.substring(0, eq);
    const value = eq < 0 ? "" : part.substring(eq + 1);
    if (key === "") throw new PluginOptionError(part, "missing key");
    pairs.push({ key, value });
  }
  return pairs;
}

/** Parses the parameter string into the shared options; the plugin parses the rest. */
export function parseParameter(parameter: string, parseOption?: ParseOption): EcmaScriptPluginOptions {
  const options: EcmaScriptPluginOptions = {
    targets: ["js", "dts"],
    importExtension: "none",
    jsImportStyle: "module",
    keepEmptyFiles: false,
    rewriteImports: [],
    tsNocheck: false,
    parameter,
  };
  for (const { key, value } of splitParameter(parameter)) {
    switch (key) {
      case "target": {
        const targets = value.split("+");
        if (value === "" || !targets.every((t): t is Target => t === "ts" || t === "js" || t === "dts")) {
          throw new PluginOptionError(`${key}=${value}`, "expected ts, js, dts or a combination like js+dts");
        }
        options.targets = targets;
        break;
      }
      case "import_extension":
        if (value !== "none" && value !== "js" && value !== "ts" && value !== ".js" && value !== ".ts") {
          throw new PluginOptionError(`${key}=${value}`, "expected none, js or ts");
        }
        options.importExtension = value.replace(/^\./, "") as "none" | "js" | "ts";
        break;
      case "js_import_style":
        if (value !== "module" && value !== "legacy_commonjs") {
          throw new PluginOptionError(`${key}=${value}`, "expected module or legacy_commonjs");
        }
        options.jsImportStyle = value;
        break;
      case "keep_empty_files":
        options.keepEmptyFiles = parseBool(key, value);
        break;
      case "ts_nocheck":
        options.tsNocheck = parseBool(key, value);
        break;
      case "rewrite_imports": {
        const colon = value.indexOf(":");
        if (colon <= 0 || colon === value.length - 1) {
          throw new PluginOptionError(`${key}=${value}`, "expected <pattern>:<target>, e.g. ./foo/**/*_pb.js:@scope/foo");
        }
        options.rewriteImports.push({ pattern: value.substring(0, colon), target: value.substring(colon + 1) });
        break;
      }
      default:
        if (!parseOption?.(key, value)) {
          throw new PluginOptionError(value === "" ? key : `${key}=${value}`, "unknown option");
        }
    }
  }
  return options;
}

/** Parses a boolean option: `key`, `key=true` or `key=1` are true; `key=false` or `key=0` false. */
export function parseBool(key: string, value: string): boolean {
  switch (value) {
    case "":
    case "true":
    case "1":
      return true;
    case "false":
    case "0":
      return false;
    default:
      throw new PluginOptionError(`${key}=${value}`, "expected true or false");
  }
}
