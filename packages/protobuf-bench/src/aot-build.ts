// Loads the bench's code generated with aot=true for one build of @pbjet/protobuf, so that two
// builds' generated codecs can be measured side by side in one process (eager-cost.ts --aot).
// The generated files of the build's own repository (its packages/protobuf-bench/src/gen/pbjet-aot,
// made by its own generator: `npm run generate` there) are bundled by esbuild into one CommonJS
// file with @pbjet/protobuf left external, written under that repository's protobuf-bench/build/,
// and required from there: the generated code then runs on that build's runtime instance.
import { readdirSync, statSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { buildSync } from "esbuild";

/** The generated files' descriptors (GenFile) of the aot code of the repository holding `protobufDir`. */
export function loadAotFiles(protobufDir: string, instance: string): unknown[] {
  const benchDir = resolve(protobufDir, "../protobuf-bench");
  const genDir = join(benchDir, "src/gen/pbjet-aot");
  const files = listPb(genDir);
  if (files.length === 0) throw new Error(`no generated aot code in ${genDir}: run \`npm run generate\` in ${benchDir}`);
  const entry = files.map((f, i) => `export * as f${i} from ${JSON.stringify(f)};`).join("\n");
  const outDir = join(benchDir, "build");
  mkdirSync(outDir, { recursive: true });
  const out = join(outDir, `aot-ab-${instance}.cjs`);
  const result = buildSync({
    stdin: { contents: entry, resolveDir: genDir, loader: "ts" },
    bundle: true,
    format: "cjs",
    platform: "node",
    external: ["@pbjet/protobuf", "@pbjet/protobuf/*"],
    write: false,
    logLevel: "error",
  });
  writeFileSync(out, result.outputFiles[0].text);
  const require = createRequire(join(benchDir, "package.json"));
  delete require.cache[out];
  const mod = require(out) as Record<string, Record<string, unknown>>;
  const descs: unknown[] = [];
  for (const ns of Object.values(mod)) {
    for (const [name, v] of Object.entries(ns)) if (name.startsWith("file_")) descs.push(v);
  }
  return descs;
}

function listPb(dir: string): string[] {
  const out: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const e of entries) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...listPb(p));
    else if (e.endsWith("_pb.ts")) out.push(p);
  }
  return out.sort();
}
