// Runs the matrix (src/matrix.ts), or with --lazy the lazy scenario table (src/lazy-matrix.ts), in a node process with the flags the measurements need:
// --single-threaded-gc (GC triggered by one contender must not slow the next one down; Node 20
// refuses it in NODE_OPTIONS, so it goes on the command line) and --expose-gc (a full GC between
// cells). (--no-concurrent-recompilation was tried and dropped: it makes a library whose code
// deoptimizes and reoptimizes repeatedly pay for every recompile on the main thread, which cost
// @bufbuild/protobuf's encode 10x.) Before that, turbo brings the workspace packages and the generated code up to date
// (cached when nothing changed); --no-build skips that step.
import { execFileSync, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const repoRoot = join(pkgDir, "../..");
const require = createRequire(join(pkgDir, "package.json"));

const args = process.argv.slice(2);
const noBuild = args.includes("--no-build");
const matrixArgs = args.filter((a) => a !== "--no-build");

if (!noBuild) {
  const turbo = join(dirname(require.resolve("turbo/package.json")), "bin", "turbo");
  execFileSync(process.execPath, [turbo, "run", "generate", "--filter=@pbjet/protobuf-bench", "--output-logs=errors-only"], {
    cwd: repoRoot,
    stdio: "inherit",
  });
}

// --lazy: the lazy scenario table (src/lazy-matrix.ts) instead of the matrix.
const entry = matrixArgs.includes("--lazy") ? "src/lazy-matrix.ts" : "src/matrix.ts";
const nodeArgs = ["--single-threaded-gc", "--expose-gc", "--import", "tsx", entry, ...matrixArgs];
const invoked =
  process.env.npm_lifecycle_event === "bench"
    ? `npm run bench --${args.length ? " " + args.join(" ") : ""}`
    : `node packages/protobuf-bench/scripts/bench.mjs ${args.join(" ")}`.trim();
const r = spawnSync(process.execPath, nodeArgs, {
  cwd: pkgDir,
  stdio: "inherit",
  env: { ...process.env, PBJET_BENCH_COMMAND: invoked, PBJET_BENCH_NODE_COMMAND: `node ${nodeArgs.join(" ")}` },
});
process.exit(r.status ?? 1);
