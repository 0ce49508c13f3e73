/**
 * Import paths between generated files: relative paths, the import extension option, and
 * `rewrite_imports`.
 */
import type { EcmaScriptPluginOptions } from "./parameter.js";

/** The path to import `target` (a generated file path without extension) from `from`. */
export function relativeImportPath(from: string, target: string): string {
  const fromDir = from.split("/").slice(0, -1);
  const targetParts = target.split("/");
  let common = 0;
  while (common < fromDir.length && common < targetParts.length - 1 && fromDir[common] === targetParts[common]) {
    common++;
  }
  const ups = fromDir.length - common;
  const rest = targetParts.slice(common).join("/");
  return ups === 0 ? "./" + rest : "../".repeat(ups) + rest;
}

type PathOptions = Pick<EcmaScriptPluginOptions, "importExtension" | "rewriteImports">;

/**
 * The module specifier that the generated file `from` uses for `target`, where both are paths
 * without extension relative to the output root (`foo/bar_pb`), or `target` is a package
 * specifier (`@pbjet/protobuf`).
 *
 * `rewrite_imports` patterns are matched against the path as seen from the output root,
 * with the import extension: `./foo/bar_pb.js`, or the package specifier. The first match
 * wins. A matching generated file is imported from the target package, e.g. `@scope/pkg` +
 * `./foo/bar_pb.js` gives `@scope/pkg/foo/bar_pb.js`; a matching package specifier is
 * replaced by the target.
 */
export function importSpecifier(from: string, target: string, options: PathOptions): string {
  const isGenerated = target.startsWith("./");
  const ext = options.importExtension === "none" ? "" : `.${options.importExtension}`;
  const rooted = isGenerated ? target + ext : target;
  for (const { pattern, target: replacement } of options.rewriteImports) {
    if (!globToRegExp(pattern).test(rooted)) continue;
    return isGenerated ? `${replacement.replace(/\/+$/, "")}/${rooted.substring(2)}` : replacement;
  }
  return isGenerated ? relativeImportPath(from, target.substring(2)) + ext : target;
}

/**
 * Adds the configured extension to a relative path, and applies `rewrite_imports` to a
 * package specifier. Kept for plugins that compute relative paths themselves; generated
 * files use importSpecifier().
 */
export function finishImportPath(path: string, options: PathOptions): string {
  if (!path.startsWith(".")) {
    for (const { pattern, target } of options.rewriteImports) {
      if (globToRegExp(pattern).test(path)) return target;
    }
    return path;
  }
  return options.importExtension === "none" ? path : `${path}.${options.importExtension}`;
}

/**
 * A glob as a regular expression: `*` matches any characters except `/`, `**` followed by
 * `/` matches zero or more path segments, and a trailing `**` anything.
 */
function globToRegExp(glob: string): RegExp {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob.charAt(i);
    if (c === "*" && glob.charAt(i + 1) === "*") {
      i++;
      if (glob.charAt(i + 1) === "/") {
        re += "(?:[^/]+/)*";
        i++;
      } else {
        re += ".*";
      }
    } else if (c === "*") {
      re += "[^/]*";
    } else {
      re += c.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
    }
  }
  return new RegExp(`^${re}$`);
}
