// The entry point of the smoke suite on every platform: Node.js, Bun and Deno run this file as
// it is; browsers run it bundled (scripts/build.mjs), and Node.js runs it bundled to CommonJS.
// It prints one line per test, the digests, a JSON summary line for the runner, and
// "N passed, N failed"; on a failure the process exits with code 1 (in a browser, the page
// reports the summary to the runner instead, see scripts/browser.mjs).
import { lib } from "./lib-esm.js";
import { exit, platformName, scriptArgs } from "./platform.js";
import { runSuite } from "./suite.js";

const platform = platformName();

function filterArg() {
  const args = scriptArgs();
  const i = args.indexOf("--filter");
  return i >= 0 ? args[i + 1] : undefined;
}

const started = Date.now();
// No top-level await: the same file is bundled to CommonJS.
runSuite(lib, { filter: filterArg(), log: (line) => console.log(line) }).then(
  (summary) => {
    summary.platform = platform;
    summary.ms = Date.now() - started;
    for (const [label, d] of Object.entries(summary.digests)) console.log(`digest  ${label}: ${d}`);
    console.log(`SMOKE-SUMMARY ${JSON.stringify(summary)}`);
    console.log(`${summary.passed} passed, ${summary.failed} failed`);
    globalThis.__smokeResult = summary;
    if (summary.failed > 0) exit(1);
  },
  (e) => {
    console.error("smoke suite crashed:", e);
    globalThis.__smokeResult = { crashed: String(e?.stack ?? e) };
    exit(2);
  },
);
