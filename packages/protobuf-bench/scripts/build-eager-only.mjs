// Builds @pbjet/protobuf without lazy decoding's hooks on the eager paths, for measuring what
// those hooks cost (issue 7: the eager path must not pay for the lazy one). It copies the
// runtime's sources to build/eager-only/, removes each hook (every removal must match, or the
// script fails, so that it cannot silently measure nothing), and compiles dist/cjs there.
//
//   node scripts/build-eager-only.mjs            then: npm run bench -- --aa-build build/eager-only
//
// Removed: the `lazy` option check in fromBinary, the view check in toBinary, the view checks
// in the binary encoder's message-field and map-value writers, and the view checks in the JSON
// writers (toJson and toJsonString).
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const runtime = join(pkgDir, "../protobuf");
const out = join(pkgDir, "build/eager-only");
const require = createRequire(import.meta.url);

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
cpSync(join(runtime, "src"), join(out, "src"), { recursive: true });
cpSync(join(runtime, "package.json"), join(out, "package.json"));
writeFileSync(
  join(out, "tsconfig.json"),
  JSON.stringify(
    {
      extends: join(runtime, "tsconfig.json"),
      compilerOptions: { rootDir: "src", outDir: "dist/cjs", noUnusedLocals: false, noUnusedParameters: false },
      include: ["src"],
    },
    null,
    2,
  ),
);

/** Replaces `from` (a regular expression, matched `count` times) in a source file. */
function strip(file, from, to, count = 1) {
  const path = join(out, "src", file);
  const text = readFileSync(path, "utf8");
  const matches = text.match(new RegExp(from.source, "g")) ?? [];
  if (matches.length !== count) {
    throw new Error(`${file}: expected ${count} match(es) of ${from}, found ${matches.length}; update scripts/build-eager-only.mjs`);
  }
  writeFileSync(path, text.replace(new RegExp(from.source, "g"), to));
}

strip("from-binary.ts", /\n {2}if \(options\?\.lazy === true\) \{\n {4}return fromBinaryLazy\(schema, bytes, options\);\n {2}\}/, "");
strip(
  "to-binary.ts",
  /\n {2}const view = lazyUse\.viewPlans \? viewStateIf\(viewTypeInfo\(schema\), message\) : undefined;\n {2}if \(view !== undefined\) \{[\s\S]*?\n {2}\}\n/,
  "\n",
);
strip(
  "codecs/binary-encoder.ts",
  /\n\s*const s = viewStateIf\(views, v\);\n\s*if \(s !== undefined\) \{[\s\S]*?\n\s*v = eagerOf\(v\);\n\s*\}/,
  "",
  3,
);
for (const file of ["json/writer.ts", "json/text-writer.ts"]) {
  strip(file, /eagerOfType\(views, msg\)/, "msg", 2);
}

const tsc = require.resolve("typescript/bin/tsc");
execFileSync(
  process.execPath,
  [tsc, "-p", "tsconfig.json", "--module", "commonjs", "--moduleResolution", "node10", "--verbatimModuleSyntax", "false"],
  {
    cwd: out,
    stdio: "inherit",
  },
);
writeFileSync(join(out, "dist/cjs/package.json"), JSON.stringify({ type: "commonjs" }) + "\n");
console.log(`built ${out} (eager paths without lazy hooks)`);
