// Builds a package twice with tsc: ESM into dist/esm and CommonJS into dist/cjs,
// with .d.ts files for both, and marks dist/cjs as CommonJS for Node's resolver.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(import.meta.url);
const tsc = require.resolve("typescript/bin/tsc");
const cwd = process.cwd();
rmSync(join(cwd, "dist"), { recursive: true, force: true });

function run(args) {
  execFileSync(process.execPath, [tsc, ...args], { stdio: "inherit", cwd });
}

run(["-p", "tsconfig.json", "--outDir", "dist/esm"]);
run(["-p", "tsconfig.json", "--outDir", "dist/cjs", "--module", "commonjs", "--moduleResolution", "node10", "--verbatimModuleSyntax", "false"]);
mkdirSync(join(cwd, "dist/cjs"), { recursive: true });
writeFileSync(join(cwd, "dist/cjs/package.json"), JSON.stringify({ type: "commonjs" }) + "\n");
