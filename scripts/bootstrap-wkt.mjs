// Regenerates the runtime's own generated code with our protoc-gen-es: descriptor.proto,
// compiler/plugin.proto, the well-known types, the feature files of C++, Java, Go and C# and
// the option files of C++ and JSON (every file protobuf-es ships), into
// packages/protobuf/src/wkt/gen/. With --check, only compares and exits 1 if anything is stale.
// With --out DIR, writes to (or checks) DIR instead, e.g. a copy of the folder in a test.
//
// Usage: node scripts/bootstrap-wkt.mjs [--check] [--out DIR]
//
// Needs built packages (npx turbo run build --filter=@pbjet/protoc-gen-es).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
let check = false;
let outDir = join(root, "packages/protobuf/src/wkt/gen");
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--check") {
    check = true;
  } else if (args[i] === "--out" && i + 1 < args.length) {
    outDir = resolve(args[++i]);
  } else if (args[i].startsWith("--out=")) {
    outDir = resolve(args[i].substring("--out=".length));
  } else {
    console.error(`bootstrap-wkt: unknown argument ${args[i]}\nusage: node scripts/bootstrap-wkt.mjs [--check] [--out DIR]`);
    process.exit(2);
  }
}
const require = createRequire(import.meta.url);
const buf = join(dirname(require.resolve("@bufbuild/buf/package.json")), "bin", "buf");

const files = [
  "any",
  "api",
  "duration",
  "empty",
  "field_mask",
  "source_context",
  "struct",
  "timestamp",
  "type",
  "wrappers",
  "descriptor",
  "compiler/plugin",
  "cpp_features",
  "java_features",
  "go_features",
  "c_sharp_features",
  "cpp_file_options",
  "cpp_options",
  "json_enumvalue_options",
  "json_options",
].map((n) => `google/protobuf/${n}.proto`);

const work = mkdtempSync(join(tmpdir(), "pbjet-wkt-"));
let set;
try {
  writeFileSync(join(work, "buf.yaml"), "version: v2\n");
  writeFileSync(join(work, "all.proto"), 'syntax = "proto3";\n' + files.map((f) => `import "${f}";\n`).join(""));
  execFileSync(buf, ["build", work, "--as-file-descriptor-set", "-o", join(work, "set.binpb")], { stdio: "inherit" });
  set = readFileSync(join(work, "set.binpb"));
} finally {
  rmSync(work, { recursive: true, force: true });
}

const pb = await import("@pbjet/protobuf");
const { FileDescriptorSetSchema, CodeGeneratorRequestSchema } = await import("@pbjet/protobuf/wkt");
const { protocGenEs } = await import("@pbjet/protoc-gen-es");
const fds = pb.fromBinary(FileDescriptorSetSchema, new Uint8Array(set));
const response = protocGenEs.run(
  pb.create(CodeGeneratorRequestSchema, {
    fileToGenerate: files,
    parameter: "target=ts,import_extension=js,json_types=true,bootstrap_wkt=true",
    protoFile: fds.file.filter((f) => f.name !== "all.proto"),
  }),
);

const show = (p) => (relative(root, p).startsWith("..") ? p : relative(root, p));
const stale = [];
for (const file of response.file) {
  const path = join(outDir, file.name);
  const current = existsSync(path) ? readFileSync(path, "utf8") : undefined;
  if (current === file.content) continue;
  stale.push(show(path));
  if (!check) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.content);
  }
}
// Files in gen/ that the generator no longer produces are stale too.
const produced = new Set(response.file.map((f) => join(outDir, f.name)));
const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
for (const path of existsSync(outDir) ? walk(outDir) : []) {
  if (!produced.has(path)) {
    stale.push(show(path) + " (not generated)");
    if (!check) rmSync(path);
  }
}
if (check) {
  if (stale.length > 0) {
    console.error(`stale generated code (run node scripts/bootstrap-wkt.mjs):\n  ${stale.join("\n  ")}`);
    process.exit(1);
  }
  console.log(`bootstrap: ${response.file.length} generated files are up to date`);
} else {
  console.log(`bootstrap: wrote ${stale.length} of ${response.file.length} files to ${show(outDir)}`);
}
