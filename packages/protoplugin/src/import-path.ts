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

/** Adds the configured extension to a relative path, and applies `rewrite_imports`. */
export function finishImportPath(path: string, options: Pick<EcmaScriptPluginOptions, "importExtension" | "rewriteImports">): string {
  if (!path.startsWith(".")) return path;
  const withExt = options.importExtension === "none" ? path : `${path}.${options.importExtension}`;
  for (const { pattern, target } of options.rewriteImports) {
    if (globToRegExp(pattern).test(withExt) || globToRegExp(pattern).test(path)) {
      return `${target.replace(/\/$/, "")}/${withExt.replace(/^(\.\.?\/)+/, "")}`;
    }
  }
  return withExt;
}

/** A glob (`*` within a segment, `**` across segments) as a regular expression. */
function globToRegExp(glob: string): RegExp {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob.charAt(i);
    if (c === "*" && glob.charAt(i + 1) === "*") {
      re += ".*";
      i++;
      if (glob.charAt(i + 1) === "/") i++;
    } else if (c === "*") {
      re += "[^/]*";
    } else {
      re += c.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
    }
  }
  return new RegExp(`^${re}$`);
}
