// Bundle size of a small program that uses one message (create + toBinary + fromBinary), with
// @pbjet/protobuf and code from our protoc-gen-es, next to @bufbuild/protobuf and code from
// @bufbuild/protoc-gen-es: bundled with esbuild (--bundle --minify --format=esm), raw and gzipped.
//
// Usage: node scripts/bundle-size.mjs [--json] [--analyze]   (--analyze lists the largest inputs)
// Needs the workspace packages built, and esbuild (installed with tsx in the workspace).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(pkgDir, "package.json"));
const asJson = process.argv.includes("--json");

let esbuild;
try {
  esbuild = require("esbuild");
} catch {
  console.error("bundle-size: esbuild is not installed (it comes with tsx in the workspace: run npm install)");
  process.exit(1);
}
const buf = join(dirname(require.resolve("@bufbuild/buf/package.json")), "bin", "buf");
const bufbuildPluginPkg = require.resolve("@bufbuild/protoc-gen-es/package.json");

const proto = `syntax = "proto3";
package size.v1;
message User {
  string first_name = 1;
  string last_name = 2;
  bool active = 3;
  User manager = 4;
  repeated string locations = 5;
  map<string, string> projects = 6;
}
`;

const program = `import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { UserSchema } from "./gen/size/v1/user_pb.js";

const user = create(UserSchema, { firstName: "Homer", lastName: "Simpson", active: true, locations: ["Springfield"], projects: { plant: "7G" } });
const bytes = toBinary(UserSchema, user);
const back = fromBinary(UserSchema, bytes);
console.log(bytes.length, back.firstName, back.projects.plant);
`;

const stacks = [
  {
    name: "protobuf-es",
    label:
      "@bufbuild/protobuf " + JSON.parse(readFileSync(join(dirname(bufbuildPluginPkg), "package.json"), "utf8")).dependencies["@bufbuild/protobuf"],
    plugin: join(dirname(bufbuildPluginPkg), "bin", "protoc-gen-es"),
    rename: (s) => s,
  },
  {
    name: "pbjet",
    label: "@pbjet/protobuf " + JSON.parse(readFileSync(join(pkgDir, "..", "protobuf", "package.json"), "utf8")).version,
    plugin: join(pkgDir, "..", "protoc-gen-es", "bin", "protoc-gen-es"),
    rename: (s) => s.replaceAll("@bufbuild/protobuf", "@pbjet/protobuf"),
  },
];

const work = join(pkgDir, "work", "bundle-size");
rmSync(work, { recursive: true, force: true });
const results = [];
try {
  for (const stack of stacks) {
    const dir = join(work, stack.name);
    mkdirSync(join(dir, "proto", "size", "v1"), { recursive: true });
    writeFileSync(join(dir, "proto", "buf.yaml"), "version: v2\n");
    writeFileSync(join(dir, "proto", "size", "v1", "user.proto"), proto);
    const template = JSON.stringify({
      version: "v2",
      plugins: [{ local: ["node", stack.plugin], out: join(dir, "gen"), opt: ["target=ts", "import_extension=js"] }],
    });
    execFileSync(buf, ["generate", join(dir, "proto"), "--template", template], { stdio: "inherit" });
    writeFileSync(join(dir, "main.ts"), stack.rename(program));
    const outfile = join(dir, "bundle.mjs");
    const built = await esbuild.build({
      entryPoints: [join(dir, "main.ts")],
      bundle: true,
      minify: true,
      format: "esm",
      platform: "browser",
      outfile,
      logLevel: "error",
      metafile: process.argv.includes("--analyze"),
    });
    const bundle = readFileSync(outfile);
    if (built.metafile) {
      const inputs = Object.entries(built.metafile.outputs[Object.keys(built.metafile.outputs)[0]].inputs)
        .map(([path, { bytesInOutput }]) => [bytesInOutput, path.replace(/^.*node_modules\//, "").replace(/^\.\.\/\.\.\//, "")])
        .sort((a, b) => b[0] - a[0]);
      console.log(`${stack.name}: the largest inputs (minified bytes in the bundle):`);
      for (const [bytes, path] of inputs.slice(0, 25)) console.log(`  ${String(bytes).padStart(7)}  ${path}`);
    }
    // The bundle must work: run it.
    const run = spawnSync(process.execPath, [outfile], { encoding: "utf8" });
    if (run.status !== 0 || !/^44 Homer 7G$/.test(run.stdout.trim())) {
      throw new Error(`${stack.name}: the bundle did not run as expected:\n${run.stdout}${run.stderr}`);
    }
    results.push({ stack: stack.name, runtime: stack.label, minified: bundle.length, gzipped: gzipSync(bundle, { level: 9 }).length });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (asJson) {
  console.log(JSON.stringify({ esbuild: esbuild.version, results }, null, 2));
} else {
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`Bundle size of one message (create + toBinary + fromBinary), esbuild ${esbuild.version} --bundle --minify --format=esm:`);
  console.log("| runtime | minified | minified + gzip |");
  console.log("| --- | ---: | ---: |");
  for (const r of results) console.log(`| ${r.runtime} | ${r.minified} B (${kb(r.minified)}) | ${r.gzipped} B (${kb(r.gzipped)}) |`);
}
