// The Connect drop-in test. project/ is an application written against protobuf-es v2 and
// Connect v2. This script
//  1. packs @pbjet/protobuf, @pbjet/protoplugin and @pbjet/protoc-gen-es (built in this repo) with
//     `npm pack`, and serves them from a registry on 127.0.0.1 for the @pbjet scope only;
//  2. copies project/ to a temporary directory (outside the repo, so that nothing resolves from
//     the workspace's node_modules) and runs a plain `npm install` there: its overrides map
//     @bufbuild/protobuf, @bufbuild/protoplugin and @bufbuild/protoc-gen-es to pbjet, and the
//     committed package-lock.json pins every other package (the lock holds no pbjet entries: their
//     tarballs change with every build; see stripLock);
//  3. generates code for proto/ with our protoc-gen-es under buf, for two ways of switching:
//     "renamed" (the program's imports renamed to @pbjet/protobuf, default plugin options) and
//     "kept" (imports of @bufbuild/protobuf kept, the plugin's imports rewritten to it);
//  4. compiles each with tsc --strict (no skipLibCheck) and runs it: a Connect server and clients
//     for the Connect, gRPC and gRPC-web protocols (src/main.ts);
//  5. runs @connectrpc/protoc-gen-connect-query on @pbjet/protoplugin and type-checks its output,
//     and loads @bufbuild/protovalidate on pbjet; a failure of either fails the test.
//
// Usage: node scripts/test.mjs [--keep] [--update-lock]
//   --keep         leave the temporary directory and print its path
//   --update-lock  resolve the project afresh and write project/package-lock.json (without the
//                  pbjet entries); run it after changing project/package.json
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { startRegistry } from "./registry.mjs";

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const repoDir = join(pkgDir, "..", "..");
const projectDir = join(pkgDir, "project");
const require = createRequire(join(pkgDir, "package.json"));
const keep = process.argv.includes("--keep");
const updateLock = process.argv.includes("--update-lock");
const buf = join(dirname(require.resolve("@bufbuild/buf/package.json")), "bin", "buf");
const pbjetPackages = ["protobuf", "protoplugin", "protoc-gen-es"];

const started = Date.now();
const work = mkdtempSync(join(tmpdir(), "pbjet-connect-dropin-"));
const app = join(work, "project");

function log(message) {
  console.log(`connect drop-in: ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function fail(message) {
  console.error(`connect drop-in: FAILED: ${message}`);
  if (keep) console.error(`connect drop-in: kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
  process.exit(1);
}

// npm and turbo pass their configuration to scripts as npm_* variables; the project's own
// install must not inherit them (a workspace, a prefix or a registry of the outer run).
const childEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== "INIT_CWD"));
const npmCli = process.env.npm_execpath && /npm-cli\.js$/.test(process.env.npm_execpath) ? process.env.npm_execpath : undefined;

/** Runs a command asynchronously (the registry lives in this process), with a time limit. */
function run(file, args, { cwd = app, timeoutMs = 300_000, env = childEnv } = {}) {
  return new Promise((resolve) => {
    execFile(file, args, { cwd, env, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, killSignal: "SIGKILL" }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr, timedOut: error?.killed === true });
    });
  });
}

function npm(args, options) {
  return npmCli ? run(process.execPath, [npmCli, ...args], options) : run("npm", args, options);
}

function readJson(path) {
  return JSON.parse(readFileSync(path, "utf8"));
}

/**
 * The lock file without the pbjet packages (under their own names and under the @bufbuild names
 * the overrides give them), which come from the local registry. Their tarballs change with every
 * build, so `npm install` resolves them afresh; everything else stays as locked.
 */
function stripLock(lock) {
  const packages = {};
  for (const [path, entry] of Object.entries(lock.packages)) {
    const name = entry.name ?? path.substring(path.lastIndexOf("node_modules/") + "node_modules/".length);
    if (path !== "" && name.startsWith("@pbjet/")) continue;
    packages[path] = entry;
  }
  return { ...lock, packages };
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

// ---------------------------------------------------------------------------------------------
// 1, 2: pack, serve, install.

async function install() {
  const tarballs = join(work, "tarballs");
  mkdirSync(tarballs);
  const packages = [];
  for (const name of pbjetPackages) {
    const dir = join(repoDir, "packages", name);
    if (!existsSync(join(dir, "dist"))) fail(`packages/${name} is not built (turbo builds it before this test)`);
    const r = await npm(["pack", "--json", "--pack-destination", tarballs, dir], { cwd: work });
    if (r.status !== 0) fail(`npm pack packages/${name}:\n${r.stderr}`);
    const [packed] = JSON.parse(r.stdout);
    packages.push({
      manifest: readJson(join(dir, "package.json")),
      path: join(tarballs, packed.filename),
      integrity: packed.integrity,
      shasum: packed.shasum,
    });
  }
  const registry = await startRegistry(packages);
  try {
    cpSync(projectDir, app, { recursive: true, filter: (src) => !/[/\\](node_modules|dist|gen)$/.test(src) });
    writeFileSync(join(app, ".npmrc"), `@pbjet:registry=${registry.url}\n`);
    const committedLock = updateLock ? undefined : readJson(join(projectDir, "package-lock.json"));
    if (updateLock) rmSync(join(app, "package-lock.json"), { force: true });
    else writeFileSync(join(app, "package-lock.json"), JSON.stringify(stripLock(committedLock), null, 2) + "\n");

    // A plain install: no --force, no --legacy-peer-deps. Connect and the others peer-depend on
    // @bufbuild/protobuf ^2; npm checks a peer dependency against the override's spec.
    const r = await npm(["install", "--no-audit", "--no-fund"]);
    if (r.status !== 0) fail(`npm install exited with ${r.status}${r.timedOut ? " (timed out)" : ""}:\n${r.stdout}${r.stderr}`);
    const warnings = r.stderr.split("\n").filter((l) => /ERESOLVE|EOVERRIDE|peer dep/i.test(l));
    if (warnings.length > 0) fail(`npm install warned about peer dependencies:\n${warnings.join("\n")}`);
    const ls = await npm(["ls", "--all"]);
    if (ls.status !== 0) fail(`npm ls --all reports a broken tree:\n${ls.stdout}${ls.stderr}`);

    // What the installed names are.
    const expected = {
      "@bufbuild/protobuf": "@pbjet/protobuf",
      "@bufbuild/protoplugin": "@pbjet/protoplugin",
      "@pbjet/protobuf": "@pbjet/protobuf",
      "@pbjet/protoc-gen-es": "@pbjet/protoc-gen-es",
    };
    for (const [dir, name] of Object.entries(expected)) {
      const manifest = join(app, "node_modules", dir, "package.json");
      if (!existsSync(manifest)) fail(`node_modules/${dir} is missing`);
      const got = readJson(manifest).name;
      if (got !== name) fail(`node_modules/${dir} is ${got}, not ${name}`);
    }
    const plugin = realpathSync(join(app, "node_modules", ".bin", "protoc-gen-es"));
    if (!plugin.startsWith(join(realpathSync(app), "node_modules", "@pbjet", "protoc-gen-es"))) fail(`node_modules/.bin/protoc-gen-es is ${plugin}`);
    const anyBufbuild = walk(join(app, "node_modules"))
      .filter((p) => /[/\\]@bufbuild[/\\]proto(buf|plugin|c-gen-es)[/\\]package\.json$/.test(p))
      .filter((p) => !readJson(p).name.startsWith("@pbjet/"));
    if (anyBufbuild.length > 0) fail(`protobuf-es is installed after all: ${anyBufbuild.map((p) => relative(app, p)).join(", ")}`);

    // Every other package exactly as locked.
    const installedLock = readJson(join(app, "package-lock.json"));
    const stripped = stripLock(installedLock);
    if (updateLock) {
      writeFileSync(join(projectDir, "package-lock.json"), JSON.stringify(stripped, null, 2) + "\n");
      log(`wrote project/package-lock.json (${Object.keys(stripped.packages).length - 1} packages)`);
    } else {
      const drift = [];
      const keys = new Set([...Object.keys(committedLock.packages), ...Object.keys(stripped.packages)]);
      for (const key of keys) {
        if (key === "") continue;
        const a = committedLock.packages[key];
        const b = stripped.packages[key];
        if (a?.version !== b?.version || a?.integrity !== b?.integrity)
          drift.push(`  ${key}: locked ${a?.version ?? "-"}, installed ${b?.version ?? "-"}`);
      }
      if (drift.length > 0)
        fail(`the install differs from project/package-lock.json (run node scripts/test.mjs --update-lock):\n${drift.join("\n")}`);
    }
    log(`npm install with overrides: ok (${Object.keys(stripped.packages).length - 1} locked packages + pbjet from tarballs)`);
  } finally {
    await registry.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 3, 4: generate, compile, run.

const tsconfig = {
  compilerOptions: {
    strict: true,
    skipLibCheck: false,
    target: "ES2022",
    // Connect's types use the fetch API's HeadersInit, which @types/node 20 does not declare.
    lib: ["ES2022", "DOM"],
    module: "NodeNext",
    moduleResolution: "NodeNext",
    rootDir: "src",
    outDir: "dist",
    types: ["node"],
  },
  include: ["src"],
};

const rewriteToBufbuild = ["", "/codegenv2", "/wkt"].map((sub) => `rewrite_imports=@pbjet/protobuf${sub}:@bufbuild/protobuf${sub}`);

const variants = [
  {
    name: "renamed",
    about: 'imports renamed to "@pbjet/protobuf"; Connect gets pbjet as "@bufbuild/protobuf"',
    rename: (source) => source.replace(/(["'])@bufbuild\/protobuf(\/[a-z0-9]+)?\1/g, "$1@pbjet/protobuf$2$1"),
    runtime: "@pbjet/protobuf",
    opt: [],
  },
  {
    name: "kept",
    about: 'imports of "@bufbuild/protobuf" kept; generated with rewrite_imports',
    rename: (source) => source,
    runtime: "@bufbuild/protobuf",
    opt: rewriteToBufbuild,
  },
];

/** Runs buf generate with the plugins found in node_modules/.bin, as `npx buf generate` does. */
function generate(dir, plugins) {
  const template = JSON.stringify({ version: "v2", plugins });
  const env = { ...childEnv, PATH: `${join(app, "node_modules", ".bin")}${delimiter}${childEnv.PATH ?? ""}` };
  return run(buf, ["generate", join(app, "proto"), "--template", template], { cwd: dir, timeoutMs: 120_000, env });
}

async function compile(dir) {
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module", private: true }) + "\n");
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2) + "\n");
  return run(process.execPath, [join(app, "node_modules", "typescript", "bin", "tsc"), "-p", join(dir, "tsconfig.json")], {
    cwd: dir,
    timeoutMs: 180_000,
  });
}

async function runVariant(variant) {
  const dir = join(app, "variants", variant.name);
  mkdirSync(join(dir, "src"), { recursive: true });
  writeFileSync(join(dir, "src", "main.ts"), variant.rename(readFileSync(join(app, "src", "main.ts"), "utf8")));
  const gen = await generate(dir, [{ local: "protoc-gen-es", out: "src/gen", opt: ["target=ts", "import_extension=js", ...variant.opt] }]);
  if (gen.status !== 0) fail(`${variant.name}: buf generate failed:\n${gen.stdout}${gen.stderr}`);
  const generated = walk(join(dir, "src", "gen"));
  if (generated.length === 0) fail(`${variant.name}: no generated code`);
  for (const path of [...generated, join(dir, "src", "main.ts")]) {
    const code = readFileSync(path, "utf8");
    const imports = [...code.matchAll(/from "(@(?:bufbuild|pbjet)\/protobuf[^"]*)"/g)].map((m) => m[1]);
    const wrong = imports.filter((i) => !i.startsWith(variant.runtime));
    if (wrong.length > 0 || imports.length === 0) fail(`${variant.name}: ${relative(dir, path)} imports ${imports.join(", ") || "no runtime"}`);
  }
  const tsc = await compile(dir);
  if (tsc.status !== 0) fail(`${variant.name}: tsc --strict failed:\n${tsc.stdout}${tsc.stderr}`);
  const r = await run(process.execPath, [join(dir, "dist", "main.js")], { cwd: dir, timeoutMs: 90_000 });
  if (r.status !== 0 || !/answers checked/.test(r.stdout)) {
    fail(`${variant.name}: the program failed (exit ${r.status}${r.timedOut ? ", timed out" : ""}):\n${r.stdout}${r.stderr}`);
  }
  const summary = r.stdout
    .trim()
    .split("\n")
    .at(-1)
    .replace(/^connect drop-in: /, "");
  log(`${variant.name} (${variant.about}): tsc --strict ok, ${summary}`);
}

// ---------------------------------------------------------------------------------------------
// 5: generators and libraries built on protobuf-es, running on pbjet.

/** Runs a check of a library or generator on pbjet; a failure fails the test. */
async function libraryCheck(name, fn) {
  const result = await fn();
  if (!result.ok) fail(`${name}: ${result.error}`);
  log(`${name}: ok`);
}

async function checkConnectQuery() {
  const dir = join(app, "variants", "connect-query");
  mkdirSync(join(dir, "src"), { recursive: true });
  cpSync(join(app, "src-query"), join(dir, "src"), { recursive: true });
  const gen = await generate(dir, [
    { local: "protoc-gen-es", out: "src/gen", opt: ["target=ts", "import_extension=js"] },
    { local: "protoc-gen-connect-query", out: "src/gen", opt: ["target=ts", "import_extension=js"] },
  ]);
  if (gen.status !== 0) return { ok: false, error: `protoc-gen-connect-query on @pbjet/protoplugin: ${(gen.stdout + gen.stderr).trim()}` };
  const expected = join(dir, "src", "gen", "demo", "v1", "demo-DemoService_connectquery.ts");
  if (!existsSync(expected)) {
    const files = walk(join(dir, "src", "gen")).map((p) => relative(join(dir, "src"), p));
    return { ok: false, error: `protoc-gen-connect-query wrote ${files.join(", ")}, not gen/demo/v1/demo-DemoService_connectquery.ts` };
  }
  const tsc = await compile(dir);
  if (tsc.status !== 0) fail(`connect-query: tsc --strict failed on the generated code:\n${tsc.stdout}${tsc.stderr}`);
  return { ok: true };
}

async function checkProtovalidate() {
  const dir = join(app, "variants", "renamed");
  const script = [
    'import { createValidator } from "@bufbuild/protovalidate";',
    'import { create } from "@pbjet/protobuf";',
    'import { OrderSchema } from "./dist/gen/demo/v1/demo_pb.js";',
    'const result = createValidator().validate(OrderSchema, create(OrderSchema, { id: "A-1" }));',
    'if (result.kind !== "valid") throw new Error("validate: " + result.kind + " " + result.error);',
  ].join("\n");
  writeFileSync(join(dir, "validate.mjs"), script + "\n");
  const r = await run(process.execPath, [join(dir, "validate.mjs")], { cwd: dir, timeoutMs: 60_000 });
  if (r.status === 0) return { ok: true };
  const error = (r.stderr.match(/^\w*Error: .*$/m) ?? [r.stderr.trim().split("\n").at(-1)])[0];
  return { ok: false, error: `@bufbuild/protovalidate on pbjet: ${error}` };
}

// ---------------------------------------------------------------------------------------------

const deadline = setTimeout(() => fail("the test took longer than 15 minutes"), 15 * 60_000);
deadline.unref();
try {
  await install();
  if (!updateLock) {
    for (const variant of variants) await runVariant(variant);
    await libraryCheck("connect-query", checkConnectQuery);
    await libraryCheck("protovalidate", checkProtovalidate);
  }
} catch (e) {
  fail(e instanceof Error ? (e.stack ?? e.message) : String(e));
}
if (keep) log(`kept ${work}`);
else rmSync(work, { recursive: true, force: true });
log("passed");
