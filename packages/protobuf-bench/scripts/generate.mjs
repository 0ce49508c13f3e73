// Generates the code the matrix compares, into src/gen/ (not checked in):
//   src/gen/pbjet/       our protoc-gen-es under buf (buf.gen.yaml), target=ts, import_extension=js
//   src/gen/pbjet-aot/   the same with the plugin option aot=true (ahead-of-time binary codecs)
//   src/gen/es/          @bufbuild/protoc-gen-es under buf (buf.gen.yaml), same options
//   src/gen/protobufjs/  protobufjs static code from protobufjs-cli's pbjs (static-module, CommonJS)
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(pkgDir, "package.json"));

function binOf(pkg, name) {
  const pkgJson = require.resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(readFileSync(pkgJson, "utf8"));
  return join(dirname(pkgJson), typeof bin === "string" ? bin : bin[name]);
}

function protoFiles(dir) {
  const out = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...protoFiles(p));
    else if (e.endsWith(".proto")) out.push(p);
  }
  return out.sort();
}

const buf = binOf("@bufbuild/buf", "buf");
const ours = resolve(pkgDir, "../protoc-gen-es/bin/protoc-gen-es");
const theirs = binOf("@bufbuild/protoc-gen-es", "protoc-gen-es");
if (!existsSync(join(pkgDir, "../protoc-gen-es/dist"))) {
  console.error("packages/protoc-gen-es is not built: run `npm run build` at the repository root first");
  process.exit(1);
}

// buf.gen.yaml names the protobuf-es plugin where npm hoists it; if it sits elsewhere, pass the
// same template inline with the resolved path.
const yaml = readFileSync(join(pkgDir, "buf.gen.yaml"), "utf8");
const yamlTheirs = resolve(pkgDir, "../../node_modules/@bufbuild/protoc-gen-es/bin/protoc-gen-es");
const args = ["generate"];
if (resolve(theirs) !== yamlTheirs || !yaml.includes("../protoc-gen-es/bin/protoc-gen-es")) {
  const opt = ["target=ts", "import_extension=js"];
  args.push(
    "--template",
    JSON.stringify({
      version: "v2",
      clean: true,
      plugins: [
        { local: ["node", ours], out: "src/gen/pbjet", opt },
        { local: ["node", ours], out: "src/gen/pbjet-aot", opt: [...opt, "aot=true"] },
        { local: ["node", theirs], out: "src/gen/es", opt },
      ],
    }),
  );
}
execFileSync(buf, args, { cwd: pkgDir, stdio: "inherit" });

const pbjs = binOf("protobufjs-cli", "pbjs");
const outDir = join(pkgDir, "src/gen/protobufjs");
mkdirSync(outDir, { recursive: true });
const files = protoFiles(join(pkgDir, "proto")).map((f) => relative(pkgDir, f));
execFileSync(
  process.execPath,
  [
    pbjs,
    "-t",
    "static-module",
    "-w",
    "commonjs",
    "--no-verify",
    "--no-delimited",
    "--no-typeurl",
    "-p",
    "proto",
    "-o",
    "src/gen/protobufjs/bench.cjs",
    ...files,
  ],
  { cwd: pkgDir, stdio: "inherit" },
);
console.log(`generated src/gen/{pbjet,es,protobufjs} from ${files.length} .proto files`);
