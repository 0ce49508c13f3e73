// Generates the code the matrix compares, into src/gen/ (not checked in):
//   src/gen/pbjet/       our protoc-gen-es under buf (buf.gen.yaml), target=ts, import_extension=js
//   src/gen/pbjet-aot/   the same with the plugin option aot=true (ahead-of-time binary codecs)
//   src/gen/es/          @bufbuild/protoc-gen-es under buf (buf.gen.yaml), same options
//   src/gen/protobufjs/  protobufjs static code from protobufjs-cli's pbjs (static-module, CommonJS)
//   src/gen/ts-proto/    ts-proto's protoc-gen-ts_proto under buf (buf.gen.yaml: forceLong=bigint, ...)
//   src/gen/pbf/         pbf's compiler (its `pbf` CLI), one ES module and one .d.ts per .proto file;
//                        google/protobuf imports come from the protoc package's include directory
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(pkgDir, "package.json"));

/** The package.json of a dependency, also for packages whose "exports" do not list it (pbf). */
function packageJsonOf(pkg) {
  for (const dir of require.resolve.paths(pkg) ?? []) {
    const p = join(dir, pkg, "package.json");
    if (existsSync(p)) return p;
  }
  throw new Error(`cannot find the package ${pkg}`);
}

function binOf(pkg, name) {
  const pkgJson = packageJsonOf(pkg);
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
/** ts-proto's options: the ones buf.gen.yaml lists (kept in step with it). */
const TS_PROTO_OPT = ["forceLong=bigint", "esModuleInterop=true", "outputJsonMethods=true", "importSuffix=.js", "useDate=false"];
const tsProtoInYaml = resolve(pkgDir, "../../node_modules/.bin/protoc-gen-ts_proto");
if (
  resolve(theirs) !== yamlTheirs ||
  !yaml.includes("../protoc-gen-es/bin/protoc-gen-es") ||
  !existsSync(tsProtoInYaml) ||
  !TS_PROTO_OPT.every((o) => yaml.includes(`- ${o}`))
) {
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
        { local: [binOf("ts-proto", "protoc-gen-ts_proto")], out: "src/gen/ts-proto", opt: TS_PROTO_OPT },
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

// pbf: its own compiler, one module per .proto file (each with the messages of its imports merged
// in, as the CLI does), and the TypeScript declarations beside it (--dts).
const pbf = binOf("pbf", "pbf");
const wktInclude = join(dirname(packageJsonOf("protoc")), "include");
const pbfDir = join(pkgDir, "src/gen/pbf");
rmSync(pbfDir, { recursive: true, force: true });
for (const f of files) {
  const rel = relative("proto", f).replace(/\.proto$/, "");
  const base = join(pbfDir, rel);
  mkdirSync(dirname(base), { recursive: true });
  const run = (...extra) =>
    execFileSync(process.execPath, [pbf, f, "-I", "proto", "-I", wktInclude, ...extra], { cwd: pkgDir, encoding: "utf8", maxBuffer: 64 << 20 });
  writeFileSync(`${base}.js`, run());
  writeFileSync(`${base}.d.ts`, run("--dts"));
}
console.log(`generated src/gen/{pbjet,pbjet-aot,es,ts-proto,protobufjs,pbf} from ${files.length} .proto files`);
