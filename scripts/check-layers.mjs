// Dependency rule for the runtime's sources (packages/protobuf/src): no run-time import
// cycles, and every import (run-time or type-only) goes to the importer's own layer or a
// lower one. Plain Node, no dependencies; exits 1 and lists every violation if the rule is
// broken, 0 if it holds.
//
// Usage: node scripts/check-layers.mjs [--root DIR] [--json]
//   --root DIR  check another source folder (default: packages/protobuf/src)
//   --json      print a JSON report instead of text
//
// Run-time import: `import x from`, `import "x"`, `export ... from`, `export * from`,
// `import("x")`. Type-only: `import type`, `export type ... from`, `export type * from`,
// and imports/re-exports whose every named specifier has an inline `type` modifier.

// The layer order, lowest first. A file may import files of its own layer or of any lower
// layer. A file's layer is found by its path relative to the source root: a pattern ending
// in "/" matches a folder prefix, "*" matches within one path segment (so "*.ts" is a file
// directly in the root), anything else is an exact file path. The most specific pattern
// wins (most literal characters; an exact file beats a folder), so the order below need not
// care about overlaps. A file that matches no pattern is a violation: place new folders here.
// `siblings: true` forbids imports between the different patterns (folders) of that layer.
export const LAYERS = [
  { name: "wire", match: ["wire/"] },
  { name: "descriptors", match: ["descriptors/", "types.ts"] },
  { name: "registry", match: ["registry/"] },
  { name: "model", match: ["model/"] },
  { name: "binary", match: ["binary/"] },
  { name: "json, text", match: ["json/", "text/"], siblings: true },
  { name: "reflect", match: ["reflect/"] },
  { name: "lazy", match: ["lazy/"] },
  { name: "public functions", match: ["*.ts"] },
  { name: "codegen, boot", match: ["codegenv2/", "codegenv1/", "boot/"] },
  { name: "wkt", match: ["wkt/"] },
  { name: "subpath barrels", match: ["index.ts", "wire/index.ts", "reflect/index.ts", "lazy/index.ts", "wkt/index.ts", "txtpb/"] },
];

// Type-only imports of these files are allowed from any layer (the descriptor.proto types).
export const TYPE_ONLY_ANYWHERE = ["wkt/gen/"];

import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { findCycles } from "./layers/cycles.mjs";
import { parseImports, tokenize } from "./layers/import-parser.mjs";

export { findCycles, parseImports, tokenize };

// ---------------------------------------------------------------------------------------
// Layer table

function compilePattern(pattern) {
  const literal = pattern.replace(/\*/g, "").length;
  if (pattern.includes("*")) {
    const body = pattern
      .split("*")
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join("[^/]*");
    const re = new RegExp(`^${body}${pattern.endsWith("/") ? "" : "$"}`);
    return { pattern, test: (p) => re.test(p), specificity: [0, literal] };
  }
  if (pattern.endsWith("/")) {
    return { pattern, test: (p) => p.startsWith(pattern), specificity: [1, literal] };
  }
  return { pattern, test: (p) => p === pattern, specificity: [2, literal] };
}

/** Returns a function path -> { layer, name, pattern, siblings } | undefined. */
export function makeClassifier(layers = LAYERS) {
  const entries = [];
  layers.forEach((layer, index) => {
    for (const pattern of layer.match) {
      entries.push({ ...compilePattern(pattern), layer: index, name: layer.name, siblings: !!layer.siblings });
    }
  });
  // Most specific first: exact files, then folders, then globs; longer literal text first.
  entries.sort((a, b) => b.specificity[0] - a.specificity[0] || b.specificity[1] - a.specificity[1]);
  return (path) => {
    const e = entries.find((e) => e.test(path));
    return e && { layer: e.layer, name: e.name, pattern: e.pattern, siblings: e.siblings };
  };
}

// ---------------------------------------------------------------------------------------
// Source tree

function listSources(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) files.push(relative(root, full).split(sep).join("/"));
    }
  };
  walk(root);
  return files;
}

const isFile = (p) => existsSync(p) && statSync(p).isFile();

// Resolves a relative specifier from file `from` (root-relative) to a root-relative .ts file.
// Returns { path } for a source file, { skipped } for a .d.ts or a file outside the root,
// { missing } if nothing exists, or undefined for a non-relative specifier.
function resolveSpecifier(root, from, specifier) {
  if (!specifier.startsWith("./") && !specifier.startsWith("../") && specifier !== "." && specifier !== "..") {
    return undefined;
  }
  const base = resolve(root, dirname(from), specifier);
  const candidates = [];
  const m = /\.(m|c)?js$/.exec(base);
  if (m) {
    const stem = base.slice(0, -m[0].length);
    candidates.push(`${stem}.${m[1] ?? ""}ts`, `${stem}.d.${m[1] ?? ""}ts`);
  } else if (/\.(m|c)?ts$/.test(base)) {
    candidates.push(base);
  } else {
    candidates.push(`${base}.ts`, `${base}.d.ts`);
  }
  candidates.push(join(base, "index.ts"), join(base, "index.d.ts"));
  for (const c of candidates) {
    if (!isFile(c)) continue;
    const rel = relative(root, c).split(sep).join("/");
    if (rel.startsWith("../") || c.endsWith(".d.ts") || c.endsWith(".d.mts") || c.endsWith(".d.cts")) {
      return { skipped: rel };
    }
    return { path: rel };
  }
  return { missing: true };
}

// ---------------------------------------------------------------------------------------
// The check

/**
 * Checks a source folder. Returns { root, files, imports, violations } where each violation
 * is { kind: "cycle" | "upward" | "sibling" | "unplaced" | "unresolved", from, to?, path?,
 * reason, line?, typeOnly? }.
 */
export function checkLayers(root, { layers = LAYERS, typeOnlyAnywhere = TYPE_ONLY_ANYWHERE } = {}) {
  const classify = makeClassifier(layers);
  const files = listSources(root);
  const violations = [];
  const edges = []; // { from, to, typeOnly, line, specifier }
  for (const file of files) {
    const src = readFileSync(join(root, file), "utf8");
    for (const imp of parseImports(src)) {
      const r = resolveSpecifier(root, file, imp.specifier);
      if (r === undefined || r.skipped) continue;
      if (r.missing) {
        violations.push({
          kind: "unresolved",
          from: file,
          to: imp.specifier,
          line: imp.line,
          reason: `"${imp.specifier}" resolves to no source file`,
        });
        continue;
      }
      edges.push({ from: file, to: r.path, typeOnly: imp.typeOnly, line: imp.line, specifier: imp.specifier });
    }
  }

  // Unplaced files.
  const layerOf = new Map();
  for (const file of files) {
    const l = classify(file);
    if (l) layerOf.set(file, l);
    else violations.push({ kind: "unplaced", from: file, reason: "in no layer" });
  }

  // Layer order. One violation per (from, to) pair: run-time wins over type-only.
  const seen = new Map();
  for (const e of edges) {
    const a = layerOf.get(e.from);
    const b = layerOf.get(e.to);
    if (!a || !b) continue;
    if (e.typeOnly && typeOnlyAnywhere.some((p) => e.to.startsWith(p))) continue;
    const how = e.typeOnly ? "type-only" : "run-time";
    let v;
    if (b.layer > a.layer) {
      v = {
        kind: "upward",
        from: e.from,
        to: e.to,
        line: e.line,
        typeOnly: e.typeOnly,
        reason: `${how} import up: layer ${a.layer} (${a.name}) -> ${b.layer} (${b.name})`,
      };
    } else if (b.layer === a.layer && a.siblings && a.pattern !== b.pattern) {
      v = {
        kind: "sibling",
        from: e.from,
        to: e.to,
        line: e.line,
        typeOnly: e.typeOnly,
        reason: `${how} import between siblings ${a.pattern} -> ${b.pattern} (layer ${a.layer}: ${a.name})`,
      };
    }
    if (!v) continue;
    const key = `${e.from}\0${e.to}`;
    const prev = seen.get(key);
    if (prev === undefined) {
      seen.set(key, violations.length);
      violations.push(v);
    } else if (violations[prev].typeOnly && !e.typeOnly) {
      violations[prev] = v;
    }
  }

  // Run-time cycles.
  const adj = new Map();
  for (const e of edges) {
    if (e.typeOnly) continue;
    if (!adj.has(e.from)) adj.set(e.from, []);
    const list = adj.get(e.from);
    if (!list.includes(e.to)) list.push(e.to);
  }
  for (const c of findCycles(files, adj)) {
    violations.push({
      kind: "cycle",
      from: c.path[0],
      to: c.path[1],
      path: c.path,
      component: c.component,
      reason: `run-time import cycle (${c.path.length - 1} file${c.path.length === 2 ? "" : "s"}; component of ${c.component.length})`,
    });
  }

  return {
    root,
    files: files.length,
    imports: { runtime: edges.filter((e) => !e.typeOnly).length, typeOnly: edges.filter((e) => e.typeOnly).length },
    violations,
  };
}

const KINDS = [
  ["cycle", "Run-time import cycles", "cycles"],
  ["upward", "Imports against the layer order", "upward"],
  ["sibling", "Imports between sibling folders", "sibling"],
  ["unplaced", "Files in no layer (place their folders in LAYERS in scripts/check-layers.mjs)", "unplaced"],
  ["unresolved", "Unresolved relative imports", "unresolved"],
];

export function formatReport(result, displayRoot = result.root) {
  const lines = [];
  const { violations } = result;
  lines.push(
    `check-layers: ${displayRoot}: ${result.files} files, ${result.imports.runtime} run-time + ${result.imports.typeOnly} type-only local imports`,
  );
  const counts = [];
  for (const [kind, title, short] of KINDS) {
    const vs = violations.filter((v) => v.kind === kind);
    if (vs.length === 0) continue;
    counts.push(`${vs.length} ${short}`);
    lines.push("", `${title} (${vs.length}):`);
    for (const v of vs) {
      if (kind === "cycle") lines.push(`  ${v.path.join(" -> ")}: ${v.reason}`);
      else if (kind === "unplaced") lines.push(`  ${v.from}: ${v.reason}`);
      else lines.push(`  ${v.from}${v.line ? `:${v.line}` : ""} -> ${v.to}: ${v.reason}`);
    }
  }
  lines.push("");
  if (violations.length === 0) lines.push("check-layers: OK, no violations");
  else lines.push(`check-layers: FAILED, ${violations.length} violation${violations.length === 1 ? "" : "s"} (${counts.join(", ")})`);
  return lines.join("\n");
}

function main(argv) {
  const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
  let root = join(repo, "packages/protobuf/src");
  let json = false;
  const usage = "usage: node scripts/check-layers.mjs [--root DIR] [--json]";
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--json") json = true;
    else if (a === "--root" && i + 1 < argv.length) root = resolve(argv[++i]);
    else if (a.startsWith("--root=")) root = resolve(a.slice("--root=".length));
    else if (a === "--help" || a === "-h") {
      console.log(usage);
      return 0;
    } else {
      console.error(`check-layers: unknown argument ${a}\n${usage}`);
      return 2;
    }
  }
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    console.error(`check-layers: no such folder: ${root}`);
    return 2;
  }
  const result = checkLayers(root);
  const display = relative(process.cwd(), root) || ".";
  if (json) {
    const counts = Object.fromEntries(KINDS.map(([k]) => [k, result.violations.filter((v) => v.kind === k).length]));
    console.log(JSON.stringify({ ...result, root: display, ok: result.violations.length === 0, counts }, null, 2));
  } else {
    console.log(formatReport(result, display));
  }
  return result.violations.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
