// The drop-in check: the program in src-template/ is written against protobuf-es v2. It is
//  (a) generated with @bufbuild/protoc-gen-es, compiled with tsc --strict and run with
//      @bufbuild/protobuf;
//  (b) copied with "@bufbuild/protobuf" replaced by "@pbjet/protobuf" (nothing else changes),
//      generated with @pbjet/protoc-gen-es, compiled with tsc --strict, isolatedModules and
//      verbatimModuleSyntax, and run with @pbjet/protobuf;
// and both runs must print exactly the same.
//
// Usage: node scripts/check.mjs [--keep]   (--keep leaves work/ for inspection)
// Needs the workspace packages built (turbo builds them before this package's test task).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(pkgDir, "package.json"));
const keep = process.argv.includes("--keep");

const buf = join(dirname(require.resolve("@bufbuild/buf/package.json")), "bin", "buf");
const tsc = require.resolve("typescript/bin/tsc");

/** The protobuf-es plugin's executable, found through its package.json. */
function bufbuildPlugin() {
  const pkgJson = require.resolve("@bufbuild/protoc-gen-es/package.json");
  const { bin } = JSON.parse(readFileSync(pkgJson, "utf8"));
  return join(dirname(pkgJson), typeof bin === "string" ? bin : bin["protoc-gen-es"]);
}

const strict = {
  strict: true,
  target: "ES2022",
  lib: ["ES2022"],
  module: "NodeNext",
  moduleResolution: "NodeNext",
  rootDir: "src",
  outDir: "dist",
  types: ["node"],
  skipLibCheck: false,
};

const stacks = [
  {
    name: "protobuf-es",
    runtime: "@bufbuild/protobuf",
    plugin: bufbuildPlugin(),
    rename: (source) => source,
    compilerOptions: strict,
  },
  {
    name: "pbjet",
    runtime: "@pbjet/protobuf",
    plugin: join(pkgDir, "..", "protoc-gen-es", "bin", "protoc-gen-es"),
    rename: (source) => source.replaceAll("@bufbuild/protobuf", "@pbjet/protobuf"),
    compilerOptions: { ...strict, isolatedModules: true, verbatimModuleSyntax: true },
  },
];

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

function fail(message) {
  console.error(`drop-in check: ${message}`);
  process.exit(1);
}

function runStack(stack) {
  const work = join(pkgDir, "work", stack.name);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(join(work, "src"), { recursive: true });

  // The program, renamed for pbjet.
  const template = join(pkgDir, "src-template");
  for (const path of walk(template)) {
    const dest = join(work, "src", relative(template, path));
    mkdirSync(dirname(dest), { recursive: true });
    writeFileSync(dest, stack.rename(readFileSync(path, "utf8")));
  }

  // Generated code, with the stack's own plugin under buf.
  const genTemplate = JSON.stringify({
    version: "v2",
    plugins: [{ local: ["node", stack.plugin], out: join(work, "src", "gen"), opt: ["target=ts", "import_extension=js", "json_types=true"] }],
  });
  execFileSync(buf, ["generate", join(pkgDir, "proto"), "--template", genTemplate], { stdio: "inherit", cwd: pkgDir });
  const generated = walk(join(work, "src", "gen"));
  if (generated.length === 0) fail(`${stack.name}: no generated code`);
  for (const path of generated) {
    const code = readFileSync(path, "utf8");
    const other = stacks.find((s) => s !== stack).runtime;
    if (code.includes(`"${other}`)) fail(`${relative(pkgDir, path)} imports ${other}`);
    if (!code.includes(`"${stack.runtime}`)) fail(`${relative(pkgDir, path)} does not import ${stack.runtime}`);
  }

  writeFileSync(join(work, "package.json"), JSON.stringify({ type: "module", private: true }) + "\n");
  writeFileSync(join(work, "tsconfig.json"), JSON.stringify({ compilerOptions: stack.compilerOptions, include: ["src"] }, null, 2) + "\n");
  const compiled = spawnSync(process.execPath, [tsc, "-p", join(work, "tsconfig.json")], { encoding: "utf8", cwd: work });
  if (compiled.status !== 0) {
    fail(`${stack.name}: tsc failed:\n${compiled.stdout}${compiled.stderr}`);
  }
  const run = spawnSync(process.execPath, [join(work, "dist", "main.js")], { encoding: "utf8", cwd: work });
  if (run.status !== 0) {
    fail(`${stack.name}: the program failed (exit ${run.status}):\n${run.stderr}`);
  }
  return run.stdout;
}

const started = Date.now();
const outputs = stacks.map((stack) => ({ stack, stdout: runStack(stack) }));
const [a, b] = outputs;
const linesA = a.stdout.split("\n");
const linesB = b.stdout.split("\n");
const diffs = [];
for (let i = 0; i < Math.max(linesA.length, linesB.length); i++) {
  if (linesA[i] !== linesB[i])
    diffs.push(`  line ${i + 1}\n    ${a.stack.name}: ${linesA[i] ?? "(none)"}\n    ${b.stack.name}: ${linesB[i] ?? "(none)"}`);
}
if (!keep) rmSync(join(pkgDir, "work"), { recursive: true, force: true });
if (diffs.length > 0) {
  fail(`the two stacks print different output (${diffs.length} lines differ):\n${diffs.join("\n")}`);
}
if (!existsSync(join(pkgDir, "src-template", "main.ts")) || linesA.length < 10) fail("the program printed too little");
console.log(`drop-in check: ${linesA.length - 1} lines of output identical with protobuf-es and pbjet (${Date.now() - started} ms)`);
