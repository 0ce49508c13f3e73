// Builds @pbjet/protobuf without lazy decoding's hooks on the eager paths, for measuring what
// those hooks cost (issue 7: the eager path must not pay for the lazy one). It copies the
// runtime's sources to build/eager-only/, removes each hook (every removal must match, or the
// script fails, so that it cannot silently measure nothing), and compiles dist/cjs there.
//
//   node scripts/build-eager-only.mjs            then: npm run bench -- --aa-build build/eager-only
//
// Removed: the `lazy` option check in fromBinary, the view check in toBinary, the view checks
// in the binary encoder (whole message, group, message field, map value), the decoder's mutable
// copy of a view merged into, and the view checks in the JSON writers (toJson and toJsonString).
// (Since lazy decoding became opt-in, fromBinary no longer imports the lazy layer at all: these
// checks are all that is left of it on the eager paths.)
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
// The view checks of the binary encoder (binary/encode.ts: toBinary's; encoder.ts: a whole
// message, a group, a message field, a map value).
const viewCheck =
  /\n\s*const views = rec\.views;\n\s*if \(views !== undefined && \((?:message|v) = views\.write(?:Content|Field)\([^;]*\)\) === undefined\) return;/;
strip("binary/encoder.ts", viewCheck, "", 4);
strip(
  "binary/encode.ts",
  /\n\s*const views = typeRecord\(desc\)\.views;\n\s*const bytes = views\?\.bytes\(message, writeUnknown\);\n\s*if \(bytes !== undefined\) return bytes;/,
  "",
);
// The decoder's and the JSON reader's mutable copies of views being merged into.
strip("binary/decoder.ts", /writableForm\(rec, sub\)/, "sub", 2);
// The JSON writers' eager forms of views.
for (const file of ["json/writer.ts", "json/text-writer.ts"]) {
  strip(file, /eagerForm\(rec, msg\)/, "msg", 2);
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
