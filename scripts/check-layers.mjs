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
// Tokenizer: just enough of TypeScript to find import/export declarations reliably
// (comments, strings, template literals and regular expressions are skipped properly).

const KEYWORDS_BEFORE_EXPRESSION = new Set("return typeof instanceof in of new delete void throw case do else yield await extends".split(" "));

export function tokenize(src) {
  const tokens = []; // { t: "id" | "str" | "p" | "tpl", v, line }
  const braceStack = []; // for each open "${": the brace depth at which the template resumes
  let depth = 0;
  let line = 1;
  let i = 0;
  const n = src.length;

  const regexAllowed = () => {
    const prev = tokens[tokens.length - 1];
    if (!prev) return true;
    if (prev.t === "id") return KEYWORDS_BEFORE_EXPRESSION.has(prev.v);
    if (prev.t === "str" || prev.t === "num" || prev.t === "tpl" || prev.t === "re") return false;
    return !(prev.v === ")" || prev.v === "]" || prev.v === "}");
  };

  // Reads a template literal body from i (just after "`" or "}"), up to "`" or "${".
  const readTemplate = () => {
    while (i < n) {
      const c = src[i];
      if (c === "\\") {
        i += 2;
      } else if (c === "`") {
        i++;
        tokens.push({ t: "tpl", v: "`", line });
        return;
      } else if (c === "$" && src[i + 1] === "{") {
        i += 2;
        braceStack.push(depth);
        depth++;
        tokens.push({ t: "p", v: "${", line });
        return;
      } else {
        if (c === "\n") line++;
        i++;
      }
    }
  };

  while (i < n) {
    const c = src[i];
    if (c === "\n") {
      line++;
      i++;
    } else if (c === " " || c === "\t" || c === "\r" || c === "\f" || c === "\v" || c === "\uFEFF") {
      i++;
    } else if (c === "/" && src[i + 1] === "/") {
      while (i < n && src[i] !== "\n") i++;
    } else if (c === "/" && src[i + 1] === "*") {
      const end = src.indexOf("*/", i + 2);
      const stop = end < 0 ? n : end + 2;
      for (let j = i; j < stop; j++) if (src[j] === "\n") line++;
      i = stop;
    } else if (c === '"' || c === "'") {
      let v = "";
      i++;
      while (i < n && src[i] !== c && src[i] !== "\n") {
        if (src[i] === "\\") {
          v += src[i + 1] ?? "";
          i += 2;
        } else {
          v += src[i++];
        }
      }
      i++;
      tokens.push({ t: "str", v, line });
    } else if (c === "`") {
      i++;
      readTemplate();
    } else if (c === "/" && regexAllowed()) {
      i++;
      let inClass = false;
      while (i < n && src[i] !== "\n") {
        const r = src[i];
        if (r === "\\") {
          i += 2;
          continue;
        }
        i++;
        if (r === "[") inClass = true;
        else if (r === "]") inClass = false;
        else if (r === "/" && !inClass) break;
      }
      while (i < n && /[\w$]/.test(src[i])) i++;
      tokens.push({ t: "re", v: "/", line });
    } else if (/[A-Za-z_$\u0080-\uFFFF]/.test(c)) {
      let j = i + 1;
      while (j < n && /[\w$\u0080-\uFFFF]/.test(src[j])) j++;
      tokens.push({ t: "id", v: src.slice(i, j), line });
      i = j;
    } else if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(src[i + 1] ?? ""))) {
      let j = i + 1;
      while (j < n && /[\w.]/.test(src[j])) j++;
      tokens.push({ t: "num", v: src.slice(i, j), line });
      i = j;
    } else if (c === "{") {
      depth++;
      i++;
      tokens.push({ t: "p", v: "{", line });
    } else if (c === "}") {
      depth--;
      i++;
      if (braceStack.length > 0 && braceStack[braceStack.length - 1] === depth) {
        braceStack.pop();
        tokens.push({ t: "p", v: "}", line });
        readTemplate();
      } else {
        tokens.push({ t: "p", v: "}", line });
      }
    } else if (c === "." && src[i + 1] === "." && src[i + 2] === ".") {
      tokens.push({ t: "p", v: "...", line });
      i += 3;
    } else if (c === "?" && src[i + 1] === ".") {
      tokens.push({ t: "p", v: "?.", line });
      i += 2;
    } else {
      tokens.push({ t: "p", v: c, line });
      i++;
    }
  }
  return tokens;
}

// ---------------------------------------------------------------------------------------
// Import parser

const isP = (tok, v) => tok !== undefined && tok.t === "p" && tok.v === v;
const isId = (tok, v) => tok !== undefined && tok.t === "id" && (v === undefined || tok.v === v);

// Parses "{ a, type b, c as d }" starting at tokens[i] === "{".
// Returns { next, count, typeCount }.
function parseNamedList(tokens, i) {
  let count = 0;
  let typeCount = 0;
  i++;
  while (i < tokens.length && !isP(tokens[i], "}")) {
    // One specifier: [type] name [as alias]
    const start = i;
    while (i < tokens.length && !isP(tokens[i], ",") && !isP(tokens[i], "}")) i++;
    const spec = tokens.slice(start, i);
    if (spec.length > 0) {
      count++;
      // `type X`, `type X as Y`, `type "str" as Y`; but not `type` or `type as X` alone.
      const inlineType = isId(spec[0], "type") && spec.length >= 2 && !(spec.length === 3 && isId(spec[1], "as"));
      if (inlineType) typeCount++;
    }
    if (isP(tokens[i], ",")) i++;
  }
  return { next: i + 1, count, typeCount };
}

/**
 * Returns the import/export-from declarations of a TypeScript source:
 * [{ specifier, typeOnly, kind: "import" | "export" | "side-effect" | "dynamic", line }].
 */
export function parseImports(src) {
  const tokens = tokenize(src);
  const out = [];
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    if (tok.t !== "id" || (tok.v !== "import" && tok.v !== "export")) continue;
    const prev = tokens[i - 1];
    if (isP(prev, ".") || isP(prev, "?.")) continue; // obj.import
    const next = tokens[i + 1];
    if (isP(next, ":")) continue; // { import: ... }

    if (tok.v === "import") {
      if (isP(next, "(")) {
        // Dynamic import; `typeof import("x")` and `import("x").Name` in type positions are
        // type-only.
        const arg = tokens[i + 2];
        if (arg?.t !== "str" || !(isP(tokens[i + 3], ")") || isP(tokens[i + 3], ","))) continue;
        let close = i + 3;
        if (isP(tokens[close], ",")) {
          let d = 0;
          for (; close < tokens.length; close++) {
            if (isP(tokens[close], "(")) d++;
            else if (isP(tokens[close], ")")) {
              if (d === 0) break;
              d--;
            }
          }
        }
        const after = tokens[close + 1];
        const member = tokens[close + 2];
        const typePosition = isId(prev, "typeof") || (isP(after, ".") && isId(member) && !["then", "catch", "finally"].includes(member.v));
        out.push({ specifier: arg.v, typeOnly: typePosition, kind: "dynamic", line: tok.line });
        continue;
      }
      if (isP(next, ".")) continue; // import.meta
      if (next?.t === "str") {
        out.push({ specifier: next.v, typeOnly: false, kind: "side-effect", line: tok.line });
        continue;
      }
      // import [type] <clause> from "x"   |   import [type] X = require("x")
      let j = i + 1;
      let typeOnly = false;
      if (
        isId(tokens[j], "type") &&
        !isP(tokens[j + 1], ",") &&
        !(isId(tokens[j + 1], "from") && tokens[j + 2]?.t === "str") &&
        !isP(tokens[j + 1], "=")
      ) {
        typeOnly = true;
        j++;
      }
      let hasDefaultOrNamespace = false;
      let named = null;
      for (; j < tokens.length; j++) {
        const t = tokens[j];
        if (isP(t, "{")) {
          named = parseNamedList(tokens, j);
          j = named.next - 1;
        } else if (isId(t, "from") && tokens[j + 1]?.t === "str") {
          break;
        } else if (isP(t, "*") || t.t === "id") {
          hasDefaultOrNamespace = true; // default import, "* as ns" (the "as" counts too: harmless)
        } else if (isP(t, "=")) {
          // import X = require("x")
          if (isId(tokens[j + 1], "require") && isP(tokens[j + 2], "(") && tokens[j + 3]?.t === "str") {
            out.push({ specifier: tokens[j + 3].v, typeOnly, kind: "import", line: tok.line });
          }
          j = -1;
          break;
        } else if (!isP(t, ",")) {
          j = -1; // not an import declaration we understand
          break;
        }
      }
      if (j < 0 || j >= tokens.length) continue;
      if (!typeOnly && !hasDefaultOrNamespace && named && named.count > 0 && named.typeCount === named.count) {
        typeOnly = true;
      }
      out.push({ specifier: tokens[j + 1].v, typeOnly, kind: "import", line: tok.line });
      i = j + 1;
      continue;
    }

    // export ... from "x"
    let j = i + 1;
    let typeOnly = false;
    if (isId(tokens[j], "type") && (isP(tokens[j + 1], "{") || isP(tokens[j + 1], "*"))) {
      typeOnly = true;
      j++;
    }
    if (isP(tokens[j], "*")) {
      j++;
      if (isId(tokens[j], "as")) j += 2;
      if (isId(tokens[j], "from") && tokens[j + 1]?.t === "str") {
        out.push({ specifier: tokens[j + 1].v, typeOnly, kind: "export", line: tok.line });
        i = j + 1;
      }
      continue;
    }
    if (isP(tokens[j], "{")) {
      const named = parseNamedList(tokens, j);
      j = named.next;
      if (isId(tokens[j], "from") && tokens[j + 1]?.t === "str") {
        if (named.count > 0 && named.typeCount === named.count) typeOnly = true;
        out.push({ specifier: tokens[j + 1].v, typeOnly, kind: "export", line: tok.line });
        i = j + 1;
      }
    }
  }
  return out;
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
// Cycles: Tarjan's strongly connected components, then, inside each component, a DFS whose
// back edges each close one cycle (reported as the shortest path back through the component).
// Removing every reported back edge would leave the graph acyclic.

function stronglyConnected(nodes, adj) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const sccs = [];
  for (const start of nodes) {
    if (idx.has(start)) continue;
    // Iterative Tarjan.
    const work = [[start, 0]];
    idx.set(start, index);
    low.set(start, index);
    index++;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [v, k] = frame;
      const succ = adj.get(v) ?? [];
      if (k < succ.length) {
        frame[1]++;
        const w = succ[k];
        if (!idx.has(w)) {
          idx.set(w, index);
          low.set(w, index);
          index++;
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) {
          low.set(v, Math.min(low.get(v), idx.get(w)));
        }
      } else {
        work.pop();
        if (work.length > 0) {
          const u = work[work.length - 1][0];
          low.set(u, Math.min(low.get(u), low.get(v)));
        }
        if (low.get(v) === idx.get(v)) {
          const scc = [];
          let w;
          do {
            w = stack.pop();
            onStack.delete(w);
            scc.push(w);
          } while (w !== v);
          sccs.push(scc);
        }
      }
    }
  }
  return sccs;
}

function shortestPath(from, to, adj, allowed) {
  const prev = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const v = queue.shift();
    if (v === to) break;
    for (const w of adj.get(v) ?? []) {
      if (allowed.has(w) && !prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  const path = [];
  for (let v = to; v !== null; v = prev.get(v)) path.unshift(v);
  return path;
}

export function findCycles(nodes, adj) {
  const cycles = [];
  for (const scc of stronglyConnected(nodes, adj)) {
    const members = new Set(scc);
    const selfLoop = scc.length === 1 && (adj.get(scc[0]) ?? []).includes(scc[0]);
    if (scc.length === 1 && !selfLoop) continue;
    // DFS inside the component from its alphabetically first file; each back edge u -> v
    // closes the cycle v -> ... -> u -> v.
    const sorted = [...scc].sort();
    const state = new Map(); // 1 = on the DFS path, 2 = done
    const backEdges = [];
    const visit = (root) => {
      const work = [[root, 0]];
      state.set(root, 1);
      while (work.length > 0) {
        const frame = work[work.length - 1];
        const [v, k] = frame;
        const succ = (adj.get(v) ?? []).filter((w) => members.has(w));
        if (k < succ.length) {
          frame[1]++;
          const w = succ[k];
          if (state.get(w) === 1) backEdges.push([v, w]);
          else if (!state.has(w)) {
            state.set(w, 1);
            work.push([w, 0]);
          }
        } else {
          state.set(v, 2);
          work.pop();
        }
      }
    };
    for (const v of sorted) if (!state.has(v)) visit(v);
    for (const [u, v] of backEdges) {
      const path = u === v ? [v] : shortestPath(v, u, adj, members);
      cycles.push({ path: [...path, v], component: sorted });
    }
  }
  return cycles;
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
