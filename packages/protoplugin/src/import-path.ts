/**
 * Import paths of generated code: paths of generated files relative to the output root
 * (`./foo/bar_pb.js`), made relative to the importing file, with the extension of the plugin
 * option `import_extension`, and rewritten by `rewrite_imports`.
 */
import type { ImportExtension } from "./parameter.js";

/**
 * The plugin option `rewrite_imports=<pattern>:<target>` (may be given more than once): an
 * import path matching the pattern is rewritten to the target. The pattern is matched against
 * the import path before it is made relative to the importing file, e.g. `./foo/bar_pb.js`,
 * or against a package path. `*` matches any characters except `/`, `**` followed by `/` zero
 * or more path elements, a trailing `**` anything. A matching path of a file is imported from
 * the target instead (`./foo/bar_pb.js` with target `@scope/pkg` becomes
 * `@scope/pkg/foo/bar_pb.js`, keeping the .js extension); a matching package path is replaced
 * by the target. The first match wins.
 */
export type RewriteImports = {
  pattern: string;
  target: string;
}[];

/** A relative import path: `./` or `../`. */
export const relativePathRE = /^\.{1,2}\//;

/**
 * Applies `rewrite_imports` to an import path, and changes the .js extension of a relative
 * import path that is not rewritten to the given import extension.
 */
export function rewriteImportPath(importPath: string, rewriteImports: RewriteImports, importExtension: ImportExtension): string {
  const relative = relativePathRE.test(importPath);
  for (const { pattern, target } of rewriteImports) {
    if (!globToRegExp(pattern).test(importPath)) continue;
    if (!relative) return target;
    return target.replace(/\/+$/, "") + importPath.replace(relativePathRE, "/");
  }
  if (!relative) return importPath;
  switch (importExtension) {
    case "none":
      return importPath.replace(/\.js$/, "");
    case "ts":
      return importPath.replace(/\.js$/, ".ts");
    default:
      return importPath;
  }
}

/** The import path of a file path: `foo/bar.ts` is imported as `./foo/bar.js`. */
export function deriveImportPath(filename: string): string {
  const base = filename.replace(/\.(d\.ts|ts|js)$/, "");
  return (relativePathRE.test(base) ? base : "./" + base) + ".js";
}

/**
 * Makes an import path relative to the file importing it: from `./foo/foo.js`, the path
 * `./baz.js` is `../baz.js`. Package paths are returned as they are.
 */
export function makeImportPathRelative(importer: string, importPath: string): string {
  if (!relativePathRE.test(importPath)) return importPath;
  const fromDir = importer.replace(/^\.\//, "").split("/").slice(0, -1);
  const target = importPath.replace(/^\.\//, "").split("/");
  let common = 0;
  while (common < fromDir.length && common < target.length - 1 && fromDir[common] === target[common]) common++;
  const ups = fromDir.length - common;
  const rest = target.slice(common).join("/");
  return ups === 0 ? "./" + rest : "../".repeat(ups) + rest;
}

/**
 * A glob as a regular expression: `*` matches any characters except `/`, `**` followed by
 * `/` zero or more path segments, and a trailing `**` anything. With `dirMatchesAll`, a glob
 * ending in `/` matches every path in that directory and below.
 */
export function globToRegExp(glob: string, dirMatchesAll = false): RegExp {
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
  if (dirMatchesAll && glob.endsWith("/")) re += ".*";
  return new RegExp(`^${re}$`);
}
