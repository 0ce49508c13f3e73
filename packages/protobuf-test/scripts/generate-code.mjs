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
// The conformance protos, from the runner's folder (see compile-protos.mjs for the lookup).
const confSource = resolve(process.env.CONFORMANCE_PROTOS ?? join(pkgDir, "../../../shared/tools/conformance/protos"));
if (existsSync(join(confSource, "conformance/conformance.proto"))) {
  const work = mkdtempSync(join(tmpdir(), "pbjet-conf-gen-"));
  try {
    for (const dir of ["conformance", "google", "editions"]) cpSync(join(confSource, dir), join(work, dir), { recursive: true });
    writeFileSync(join(work, "buf.yaml"), "version: v2\n");
    mkdirSync(out, { recursive: true });
    generate(work);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
} else {
  console.error(
    `generate-code: error: conformance protos not found in ${confSource}. Put the shared tools beside the ` +
      "repository (../shared/tools/conformance/protos, as in CI) or set CONFORMANCE_PROTOS to a folder with the runner's protos.",
  );
  process.exit(1);
}
console.log(`generated code in ${out}`);
