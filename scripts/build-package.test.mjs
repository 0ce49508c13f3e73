// Self-test of scripts/build-package.mjs (--inline-enums, CommonJS re-exports) on a tiny fake
// package: node --test scripts/
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { remainingReexportGetters, verifyInlinedEnums } from "./build-package.mjs";

const script = join(dirname(fileURLToPath(import.meta.url)), "build-package.mjs");

const files = {
  "package.json": JSON.stringify({ name: "fake", type: "module" }),
  "tsconfig.json": JSON.stringify({
    compilerOptions: {
      target: "ES2022",
      module: "NodeNext",
      moduleResolution: "NodeNext",
      strict: true,
      declaration: true,
      types: [],
      lib: ["ES2022"],
      rootDir: "src",
      outDir: "dist/esm",
    },
    include: ["src"],
  }),
  "src/e.ts": `export enum E { A = 1, B = -2, C = 7, D = A | C }
export const enum K { X = 3 }
export enum Other { A = 40 }
export function inModule(): number[] { return [E.A, E.B, E.D]; }
`,
  "src/barrel.ts": `export { E, E as Renamed } from "./e.js";
export * from "./star.js";
export const own = "barrel";
`,
  "src/star.ts": `export const own = "star";
export function starFn(): number { return 3; }
export default 5;
`,
  "src/use.ts": `import { E, Other } from "./e.js";
import { E as Aliased } from "./e.js";
import * as ns from "./e.js";
import { Renamed } from "./barrel.js";
import { E as ViaBarrel } from "./barrel.js";

const obj = { A: 99, E: { A: 98 } };
export function direct(): number[] { return [E.A, E.B, E.C, E.D, Aliased.C, ns.E.A, Renamed.B, ViaBarrel.C, Other.A]; }
// A parameter and a local that shadow the enum's name are not the enum.
export function shadowParam(E: { A: number }): number { return E.A; }
export function shadowLocal(): number { const E = { A: 97 }; return E.A; }
export function notEnum(): number[] { return [obj.A, obj.E.A]; }
export function dynamic(name: "A" | "B"): number { return E[name]; }
export function enumObject(): unknown { return E; }
export function chained(): string { return E.C.toString(); }
`,
};

let root;
const temps = [];
before(() => {
  root = mkdtempSync(join(tmpdir(), "build-package-"));
  temps.push(root);
  for (const [path, src] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), src);
  }
  execFileSync(process.execPath, [script, "--inline-enums", "E"], { cwd: root, encoding: "utf8" });
});
after(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

const expected = {
  direct: [1, -2, 7, 7, 7, 1, -2, 7, 40],
};

for (const format of ["esm", "cjs"]) {
  describe(`--inline-enums, ${format}`, () => {
    let use;
    let e;
    before(async () => {
      const dir = join(root, "dist", format);
      if (format === "esm") {
        use = await import(pathToFileURL(join(dir, "use.js")).href);
        e = await import(pathToFileURL(join(dir, "e.js")).href);
      } else {
        const req = createRequire(join(dir, "x.js"));
        use = req("./use.js");
        e = req("./e.js");
      }
    });
    const text = (f) => readFileSync(join(root, "dist", format, f), "utf8");

    test("the code behaves as before", () => {
      assert.deepEqual(use.direct(), expected.direct);
      assert.equal(use.shadowParam({ A: 5 }), 5);
      assert.equal(use.shadowLocal(), 97);
      assert.deepEqual(use.notEnum(), [99, 98]);
      assert.equal(use.dynamic("B"), -2);
      assert.equal(use.chained(), "7");
      assert.deepEqual(e.inModule(), [1, -2, 7]);
    });
    test("the enum object stays, with its reverse mapping", () => {
      assert.deepEqual({ ...e.E }, { A: 1, B: -2, C: 7, D: 7, 1: "A", "-2": "B", 7: "D" });
      assert.equal(use.enumObject(), e.E);
    });
    test("references to the named enum are numbers with a comment, others are left alone", () => {
      const src = text("use.js");
      const other = format === "esm" ? "Other.A" : "e_js_1.Other.A";
      // E, an alias, a namespace member, a re-export and an aliased re-export; Other is not named.
      assert.ok(
        src.includes(
          `return [1 /* E.A */, (-2) /* E.B */, 7 /* E.C */, 7 /* E.D */, 7 /* E.C */, 1 /* E.A */, (-2) /* E.B */, 7 /* E.C */, ${other}]`,
        ),
        src,
      );
      assert.ok(src.includes("function shadowParam(E) { return E.A; }"), "a parameter that shadows the enum stays");
      assert.ok(src.includes("const E = { A: 97 }; return E.A; }"), "a local that shadows the enum stays");
      assert.ok(src.includes("return [obj.A, obj.E.A]"));
      assert.ok(src.includes("return 7 /* E.C */.toString()"));
      assert.ok(text("e.js").includes("return [1 /* E.A */, (-2) /* E.B */, 7 /* E.D */]"), "uses inside the enum's module");
      assert.match(text("e.js"), /E\[E\["A"\] = 1\] = "A"/, "the enum definition stays");
    });
    test("the .d.ts files are not rewritten", () => {
      assert.match(text("e.d.ts"), /export declare enum E \{\s+A = 1,\s+B = -2,\s+C = 7,\s+D = 7\s+\}/);
    });
  });
}

describe("verifyInlinedEnums", () => {
  const build = (format, rewrites) => ({
    outDir: join(root, "dist", format),
    enums: new Map([
      [
        "E",
        {
          file: join(root, "dist", format, "e.js"),
          members: new Map([
            ["A", 1],
            ["B", -2],
            ["C", 7],
            ["D", 7],
          ]),
        },
      ],
    ]),
    rewrites: new Map([["E", rewrites]]),
  });
  test("accepts the build", async () => {
    const { total, problems } = await verifyInlinedEnums(root, build("esm", 12), build("cjs", 12));
    assert.deepEqual(problems, []);
    assert.equal(total, 24);
  });
  test("reports a wrong number and a wrong count", async () => {
    const file = join(root, "dist", "cjs", "use.js");
    const good = readFileSync(file, "utf8");
    try {
      writeFileSync(file, good.replace("7 /* E.C */", "8 /* E.C */"));
      const { problems } = await verifyInlinedEnums(root, build("cjs", 13));
      assert.equal(problems.length, 2, problems.join("\n"));
      assert.match(problems[0], /8 \/\* E\.C \*\/, but E\.C is 7/);
      assert.match(problems[1], /13 rewrites of E made, 12 found/);
    } finally {
      writeFileSync(file, good);
    }
  });
  test("reports an enum object that does not match its source", async () => {
    const b = build("esm", 12);
    b.enums.get("E").members.set("C", 8);
    const { problems } = await verifyInlinedEnums(root, b);
    assert.ok(
      problems.some((p) => /E\.C: 8 in the source, 7 in/.test(p)),
      problems.join("\n"),
    );
  });
});

describe("CommonJS re-exports", () => {
  let barrel;
  let e;
  let star;
  before(() => {
    const req = createRequire(join(root, "dist", "cjs", "x.js"));
    barrel = req("./barrel.js");
    e = req("./e.js");
    star = req("./star.js");
  });
  test("are constant data properties, not getters", () => {
    for (const name of ["E", "Renamed", "starFn"]) {
      const d = Object.getOwnPropertyDescriptor(barrel, name);
      assert.equal(d.get, undefined, name);
      assert.ok("value" in d && d.enumerable, name);
    }
    assert.equal(barrel.E, e.E);
    assert.equal(barrel.Renamed, e.E);
    assert.equal(barrel.starFn, star.starFn);
    assert.equal(barrel.starFn(), 3);
  });
  test("export * keeps ES module semantics: own exports win, no default", () => {
    assert.equal(barrel.own, "barrel");
    assert.equal(star.default, 5);
    assert.equal(Object.hasOwn(barrel, "default"), false);
    assert.deepEqual(Object.keys(barrel).sort(), ["E", "Renamed", "own", "starFn"]);
  });
  test("no getter and no tsc helper is left in the output", () => {
    const text = readFileSync(join(root, "dist", "cjs", "barrel.js"), "utf8");
    assert.doesNotMatch(text, /__createBinding|__exportStar|get: function/);
    assert.deepEqual(remainingReexportGetters(join(root, "dist", "cjs")), []);
  });
  test("remainingReexportGetters() reports a getter and an __exportStar call", () => {
    const dir = mkdtempSync(join(tmpdir(), "build-package-getters-"));
    temps.push(dir);
    writeFileSync(
      join(dir, "a.js"),
      'Object.defineProperty(exports, "x", { enumerable: true, get: function () { return m.x; } });\n__exportStar(require("./b.js"), exports);\n',
    );
    assert.equal(remainingReexportGetters(dir).length, 2);
  });
});
