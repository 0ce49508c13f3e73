// Self-test of scripts/check-layers.mjs on tiny fake source trees: node --test scripts/
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { checkLayers, makeClassifier, parseImports } from "./check-layers.mjs";

const script = join(dirname(fileURLToPath(import.meta.url)), "check-layers.mjs");
const temps = [];
after(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

/** Writes { "path": "source" } under a new temp dir and returns it. */
function tree(files) {
  const root = mkdtempSync(join(tmpdir(), "check-layers-"));
  temps.push(root);
  for (const [path, src] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), src);
  }
  return root;
}

const kinds = (result) => result.violations.map((v) => v.kind).sort();
const run = (root, ...args) => {
  try {
    return { code: 0, out: execFileSync(process.execPath, [script, "--root", root, ...args], { encoding: "utf8" }) };
  } catch (e) {
    return { code: e.status, out: e.stdout };
  }
};

// A small tree that follows every rule.
const clean = {
  "wire/varint.ts": `export const varint = 1;\n`,
  "wire/reader.ts": `export * from "./varint.js";\n`,
  "types.ts": `import type { DescMessage } from "./descriptors/types.js";\nexport type Message = { d: DescMessage };\n`,
  "descriptors/types.ts": `import type { FileDescriptorProto } from "../wkt/gen/google/protobuf/descriptor_pb.js";\nexport type DescMessage = { proto: FileDescriptorProto };\n`,
  "registry/registry.ts": `import { varint } from "../wire/reader.js";\nimport type { DescMessage } from "../descriptors/types.js";\nexport const r = varint;\n`,
  "json/to-json.ts": `import { r } from "../registry/registry.js";\nimport "./side-effect.js";\nexport const toJson = r;\n`,
  "json/side-effect.ts": `export {};\n`,
  "text/to-text.ts": `import { r } from "../registry/registry.js";\nexport const toText = r;\n`,
  "to-binary.ts": `import { varint } from "./wire/varint.js";\nexport const toBinary = () => import("./json/to-json.js");\n`,
  "wkt/gen/google/protobuf/descriptor_pb.ts": `import type { Message } from "../../../../types.js";\nexport type FileDescriptorProto = Message;\n`,
  "wkt/index.ts": `export * from "./gen/google/protobuf/descriptor_pb.js";\n`,
  "index.ts": `export { toBinary } from "./to-binary.js";\nexport { toJson } from "./json/to-json.js";\nexport type * from "./types.js";\n`,
};

describe("check-layers", () => {
  test("a clean tree passes", () => {
    const result = checkLayers(tree(clean));
    assert.deepEqual(result.violations, []);
    assert.equal(result.files, Object.keys(clean).length);
    const { code, out } = run(tree(clean));
    assert.equal(code, 0);
    assert.match(out, /OK, no violations/);
  });

  test("detects a run-time cycle and reports it as a path", () => {
    const root = tree({
      ...clean,
      "registry/a.ts": `import { b } from "./b.js";\nexport const a = 1;\n`,
      "registry/b.ts": `import { c } from "./c.js";\nexport const b = 1;\n`,
      "registry/c.ts": `import { a } from "./a.js";\nexport const c = 1;\n`,
    });
    const result = checkLayers(root);
    assert.deepEqual(kinds(result), ["cycle"]);
    assert.deepEqual(result.violations[0].path, ["registry/a.ts", "registry/b.ts", "registry/c.ts", "registry/a.ts"]);
    const { code, out } = run(root);
    assert.equal(code, 1);
    assert.match(out, /registry\/a\.ts -> registry\/b\.ts -> registry\/c\.ts -> registry\/a\.ts: run-time import cycle/);
    assert.match(out, /FAILED, 1 violation \(1 cycles\)/);
  });

  test("a cycle through a type-only import is no cycle", () => {
    const root = tree({
      ...clean,
      "registry/a.ts": `import { b } from "./b.js";\nexport const a = 1;\n`,
      "registry/b.ts": `import { type a } from "./a.js";\nexport type { a };\nexport const b = 1;\n`,
    });
    assert.deepEqual(checkLayers(root).violations, []);
  });

  test("a mixed import (one specifier without `type`) is run-time", () => {
    const root = tree({
      ...clean,
      "registry/a.ts": `import { b } from "./b.js";\nexport const a = 1;\n`,
      "registry/b.ts": `import { type a, a as x } from "./a.js";\nexport const b = x;\n`,
    });
    assert.deepEqual(kinds(checkLayers(root)), ["cycle"]);
  });

  test("detects upward imports, run-time and type-only", () => {
    const root = tree({
      ...clean,
      "wire/up.ts": `import { r } from "../registry/registry.js";\nexport const up = r;\n`,
      "descriptors/up.ts": `import type { toJson } from "../json/to-json.js";\nexport type Up = typeof toJson;\n`,
      "registry/up.ts": `export { toText } from "../text/to-text.js";\n`,
    });
    const result = checkLayers(root);
    assert.deepEqual(kinds(result), ["upward", "upward", "upward"]);
    const byFrom = Object.fromEntries(result.violations.map((v) => [v.from, v]));
    assert.equal(byFrom["wire/up.ts"].to, "registry/registry.ts");
    assert.equal(byFrom["wire/up.ts"].typeOnly, false);
    assert.equal(byFrom["descriptors/up.ts"].typeOnly, true);
    assert.equal(byFrom["registry/up.ts"].to, "text/to-text.ts");
    const { code, out } = run(root);
    assert.equal(code, 1);
    assert.match(out, /wire\/up\.ts:1 -> registry\/registry\.ts: run-time import up: layer 0 \(wire\) -> 2 \(registry\)/);
    assert.match(out, /3 upward/);
  });

  test("detects imports between sibling folders of one layer", () => {
    const root = tree({
      ...clean,
      "text/uses-json.ts": `import type { toJson } from "../json/to-json.js";\nexport type X = typeof toJson;\n`,
    });
    const result = checkLayers(root);
    assert.deepEqual(kinds(result), ["sibling"]);
    assert.equal(result.violations[0].to, "json/to-json.ts");
    // Same layer, not siblings: codegenv2/ may import boot/.
    const ok = tree({
      ...clean,
      "boot/boot.ts": `export const b = 1;\n`,
      "codegenv2/x.ts": `import { b } from "../boot/boot.js";\nexport const x = b;\n`,
    });
    assert.deepEqual(checkLayers(ok).violations, []);
  });

  test("detects files in no layer", () => {
    const root = tree({ ...clean, "codecs/old.ts": `export const old = 1;\n`, "stray/deep/x.ts": `export {};\n` });
    const result = checkLayers(root);
    assert.deepEqual(kinds(result), ["unplaced", "unplaced"]);
    assert.deepEqual(result.violations.map((v) => v.from).sort(), ["codecs/old.ts", "stray/deep/x.ts"]);
  });

  test("type-only imports of wkt/gen/ are allowed from anywhere; run-time ones are not", () => {
    const typeOnly = tree({
      ...clean,
      "wire/x.ts": `import type { FileDescriptorProto } from "../wkt/gen/google/protobuf/descriptor_pb.js";\nexport type X = FileDescriptorProto;\n`,
      "registry/y.ts": `import { type FileDescriptorProto } from "../wkt/gen/google/protobuf/descriptor_pb.js";\nexport type Y = FileDescriptorProto;\n`,
    });
    assert.deepEqual(checkLayers(typeOnly).violations, []);
    const runtime = tree({
      ...clean,
      "wire/x.ts": `import { FileDescriptorProto } from "../wkt/gen/google/protobuf/descriptor_pb.js";\nexport const X = FileDescriptorProto;\n`,
    });
    assert.deepEqual(kinds(checkLayers(runtime)), ["upward"]);
    // The exception is for wkt/gen/ only, not all of wkt/.
    const helper = tree({
      ...clean,
      "wkt/helpers.ts": `export type H = 1;\n`,
      "wire/x.ts": `import type { H } from "../wkt/helpers.js";\nexport type X = H;\n`,
    });
    assert.deepEqual(kinds(checkLayers(helper)), ["upward"]);
  });

  test("reports relative imports that resolve to nothing; skips .d.ts files", () => {
    const root = tree({
      ...clean,
      "registry/x.ts": `import { gone } from "./gone.js";\nexport const x = gone;\n`,
      "registry/skip.d.ts": `import "../nowhere.js";\n`,
    });
    const result = checkLayers(root);
    assert.deepEqual(kinds(result), ["unresolved"]);
    assert.equal(result.files, Object.keys(clean).length + 1);
  });

  test("--json prints the report as JSON", () => {
    const { code, out } = run(tree({ ...clean, "codecs/old.ts": `export {};\n` }), "--json");
    assert.equal(code, 1);
    const report = JSON.parse(out);
    assert.equal(report.ok, false);
    assert.equal(report.counts.unplaced, 1);
    assert.equal(report.violations[0].from, "codecs/old.ts");
  });
});

describe("layer table", () => {
  const classify = makeClassifier();
  test("the most specific pattern wins", () => {
    assert.equal(classify("index.ts").name, "subpath barrels");
    assert.equal(classify("types.ts").name, "descriptors");
    assert.equal(classify("to-binary.ts").name, "public functions");
    assert.equal(classify("wire/index.ts").name, "subpath barrels");
    assert.equal(classify("wire/reader.ts").name, "wire");
    assert.equal(classify("descriptors/types.ts").name, "descriptors");
    assert.equal(classify("wkt/gen/google/protobuf/descriptor_pb.ts").name, "wkt");
    assert.equal(classify("txtpb/index.ts").name, "subpath barrels");
    assert.equal(classify("codecs/x.ts"), undefined);
    assert.equal(classify("wiring/x.ts"), undefined);
  });
});

describe("parser", () => {
  const imports = (src) => parseImports(src).map((i) => `${i.specifier} ${i.typeOnly ? "type" : "run"}`);
  test("every declaration form", () => {
    const src = `
      import a from "./a.js";
      import * as b from "./b.js";
      import { c, type C } from "./c.js";
      import { type D, type E as F } from "./d.js";
      import type { G } from "./g.js";
      import type H from "./h.js";
      import type, { i } from "./i.js";
      import type from "./type.js";
      import "./side.js";
      import {} from "./empty.js";
      import j = require("./j.js");
      import type K = require("./k.js");
      export * from "./l.js";
      export * as m from "./m.js";
      export type * from "./n.js";
      export { o } from "./o.js";
      export { type P } from "./p.js";
      export type { Q } from "./q.js";
      export { type R, r } from "./r.js";
      export { local };
      const lazy = () => import("./dyn.js");
      type T = typeof import("./typeof.js");
      type U = import("./type-import.js").U;
      import("./then.js").then(() => {});
    `;
    assert.deepEqual(imports(src), [
      "./a.js run",
      "./b.js run",
      "./c.js run",
      "./d.js type",
      "./g.js type",
      "./h.js type",
      "./i.js run",
      "./type.js run",
      "./side.js run",
      "./empty.js run",
      "./j.js run",
      "./k.js type",
      "./l.js run",
      "./m.js run",
      "./n.js type",
      "./o.js run",
      "./p.js type",
      "./q.js type",
      "./r.js run",
      "./dyn.js run",
      "./typeof.js type",
      "./type-import.js type",
      "./then.js run",
    ]);
  });

  test("ignores imports in comments, strings, templates and regular expressions", () => {
    const src = [
      `// import { x } from "./comment.js";`,
      `/* import "./block.js"; */`,
      `const s = 'import "./string.js"';`,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
      'const t = `import "./template.js" ${1 + 2} export * from "./t2.js"`;',
      `const re = /import "\\.\\/re.js"/g;`,
      `const q = a / b; import "./after-division.js";`,
      `const o = { import: 1 }; o.import;`,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
      'const u = `${`${import("./nested-template.js")}`}`;',
      `import { real } from "./real.js";`,
    ].join("\n");
    assert.deepEqual(imports(src), ["./after-division.js run", "./nested-template.js run", "./real.js run"]);
  });

  test("multi-line declarations", () => {
    const src = `import {\n  a,\n  type B,\n} from "./a.js";\nexport type {\n  C,\n  D,\n} from "./c.js";\n`;
    assert.deepEqual(imports(src), ["./a.js run", "./c.js type"]);
  });
});
