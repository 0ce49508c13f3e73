// Runs the smoke suite in headless Chromium (the system's, e.g. Debian's `chromium` package),
// driven by playwright-core, which downloads no browser of its own.
//
// Usage: node scripts/browser.mjs [--mode bundle|esm] [--chromium PATH] [--timeout SECONDS] [--verbose]
//   bundle  the page loads dist/browser.js, the suite bundled by esbuild (scripts/build.mjs)
//   esm     the page loads src/main.js as it is, with an import map pointing @pbjet/protobuf and
//           its subpaths at the runtime's ESM build (packages/protobuf/dist/esm), no bundler
//
// A small HTTP server on 127.0.0.1 (a free port) serves the page with a strict Content Security
// Policy (no eval, no inline scripts but the import map). The page runs the suite and leaves its
// summary in `window.__smokeResult`; this script prints it as a SMOKE-SUMMARY line (as main.js
// does on the other platforms), and exits 0 if every test passed, 1 if one failed, 2 if the
// browser did not start or the page did not finish in time. It always closes the browser and
// the server.
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { dirname, extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { findChromium } from "./find-chromium.mjs";

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
// The package exports no "./package.json": its folder is three levels above dist/cjs/index.js.
const runtimeDir = join(dirname(require.resolve("@pbjet/protobuf")), "..", "..");

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const mode = opt("mode", "bundle");
const timeoutMs = Number(opt("timeout", "60")) * 1000;
const verbose = args.includes("--verbose");
if (mode !== "bundle" && mode !== "esm") throw new Error(`--mode must be bundle or esm, not ${mode}`);

const nonce = "smoke";
const csp = `default-src 'none'; script-src 'self' 'nonce-${nonce}'; connect-src 'self'`;

function importMap() {
  const { exports } = JSON.parse(readFileSync(join(runtimeDir, "package.json"), "utf8"));
  const imports = {};
  for (const [key, value] of Object.entries(exports)) {
    const target = typeof value === "string" ? value : value.import;
    if (!target?.startsWith("./dist/esm/")) continue;
    imports[key === "." ? "@pbjet/protobuf" : `@pbjet/protobuf/${key.slice(2)}`] = `/protobuf/${target.slice("./dist/esm/".length)}`;
  }
  return { imports };
}

function page() {
  const head =
    mode === "esm"
      ? `<script type="importmap" nonce="${nonce}">${JSON.stringify(importMap())}</script>\n<script type="module" src="/src/main.js"></script>`
      : `<script type="module" src="/dist/browser.js"></script>`;
  // Runs first: shows that the policy is in force (eval is blocked) while the suite runs under it.
  const probe = `<script src="/csp-probe.js"></script>`;
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>pbjet smoke (${mode})</title>\n${probe}\n${head}\n</head><body>pbjet smoke suite</body></html>\n`;
}

/** Folders the server serves from: URL prefix → directory. Nothing else is reachable. */
const roots = {
  "/src/": join(pkgDir, "src"),
  "/dist/": join(pkgDir, "dist"),
  "/protobuf/": join(runtimeDir, "dist", "esm"),
};
const cspProbe = `try { (0, eval)("1"); globalThis.__cspProbe = "eval allowed"; } catch (e) { globalThis.__cspProbe = "eval blocked: " + e.name; }\n`;
const types = { ".js": "text/javascript; charset=utf-8", ".json": "application/json", ".map": "application/json" };

function serve(req, res) {
  const url = new URL(req.url, "http://127.0.0.1");
  const send = (status, body, type = "text/plain; charset=utf-8") => {
    res.writeHead(status, { "content-type": type, "content-security-policy": csp, "cache-control": "no-store" });
    res.end(body);
  };
  if (url.pathname === "/" || url.pathname === "/index.html") return send(200, page(), "text/html; charset=utf-8");
  if (url.pathname === "/favicon.ico") return send(204, "");
  if (url.pathname === "/csp-probe.js") return send(200, cspProbe, types[".js"]);
  for (const [prefix, dir] of Object.entries(roots)) {
    if (!url.pathname.startsWith(prefix)) continue;
    const file = normalize(join(dir, decodeURIComponent(url.pathname.slice(prefix.length))));
    if (!file.startsWith(dir + sep) || !existsSync(file)) break;
    return send(200, readFileSync(file), types[extname(file)] ?? "application/octet-stream");
  }
  send(404, `not found: ${url.pathname}`);
}

async function main() {
  const chromium = findChromium(opt("chromium", process.env.CHROMIUM));
  if (chromium === undefined) {
    console.error("browser: no Chromium found: install Debian's chromium package (apt-get install chromium), or set CHROMIUM=/path/to/chrome");
    return 2;
  }
  if (mode === "bundle" && !existsSync(join(pkgDir, "dist", "browser.js"))) {
    console.error("browser: dist/browser.js is missing: run `npm run build -w @pbjet/smoke` first");
    return 2;
  }
  const { chromium: launcher } = await import("playwright-core");
  const server = createServer(serve);
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  let browser;
  const deadline = setTimeout(() => {
    console.error(`browser: no result within ${timeoutMs / 1000} s, giving up`);
    process.exit(2);
  }, timeoutMs + 15000);
  try {
    browser = await launcher.launch({
      executablePath: chromium,
      headless: true,
      timeout: timeoutMs,
      // Playwright gives it a new, empty profile. As root there is no sandbox; the rest keeps
      // Chromium from calling out of this machine.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    const version = browser.version();
    const p = await browser.newPage();
    const consoleLines = [];
    const problems = [];
    p.on("console", (m) => consoleLines.push(m.text()));
    p.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    p.on("requestfailed", (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ""}`));
    p.on("response", (r) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
    });
    await p.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => {
        if (e.sourceFile?.endsWith("/csp-probe.js")) return;
        globalThis.__cspViolations = [
          ...(globalThis.__cspViolations ?? []),
          `${e.violatedDirective} blocked ${e.blockedURI || "(inline)"} in ${e.sourceFile}:${e.lineNumber}`,
        ];
      });
    });
    await p.goto(`${origin}/`, { timeout: timeoutMs });
    let summary;
    try {
      await p.waitForFunction(() => globalThis.__smokeResult !== undefined, undefined, { timeout: timeoutMs, polling: 50 });
      // Violations are reported by an event: let it arrive.
      await p.waitForTimeout(100);
      summary = await p.evaluate(() => ({ ...globalThis.__smokeResult, csp: globalThis.__cspViolations ?? [], cspProbe: globalThis.__cspProbe }));
    } catch (e) {
      console.error(`browser: the page did not report a result: ${e.message}`);
      for (const line of [...problems, ...consoleLines]) console.error(`  ${line}`);
      return 2;
    }
    if (verbose || summary.failed > 0 || summary.crashed) for (const line of consoleLines) console.log(`page: ${line}`);
    if (summary.crashed) {
      console.error(`browser: the suite crashed: ${summary.crashed}`);
      return 2;
    }
    if (!String(summary.cspProbe).startsWith("eval blocked")) {
      summary.failed++;
      summary.failures.push({ name: "Content Security Policy", error: `the policy is not in force: ${summary.cspProbe}` });
    }
    for (const v of summary.csp) {
      summary.failed++;
      summary.failures.push({ name: "Content Security Policy", error: v });
    }
    for (const problem of problems) {
      summary.failed++;
      summary.failures.push({ name: "page", error: problem });
    }
    summary.platform = `chromium ${version} (${mode === "esm" ? "unbundled ESM, import map" : "esbuild bundle"})`;
    console.log(`SMOKE-SUMMARY ${JSON.stringify(summary)}`);
    console.log(`${summary.passed} passed, ${summary.failed} failed`);
    return summary.failed > 0 ? 1 : 0;
  } finally {
    clearTimeout(deadline);
    await browser?.close().catch(() => {});
    server.close();
    server.closeAllConnections?.();
  }
}

try {
  process.exitCode = await main();
} catch (e) {
  console.error(`browser: ${e?.stack ?? e}`);
  process.exitCode = 2;
}
