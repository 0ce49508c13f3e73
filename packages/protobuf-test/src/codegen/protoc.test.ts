/**
 * protoc-gen-es under protoc (`protoc --plugin=protoc-gen-es=... --es_out=...`). protoc comes from
 * the npm package `protoc` (a dev dependency that ships Google's release binaries), so the test
 * runs wherever `npm ci` ran; `PROTOC` names another protoc to run instead.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { content, genEs, repoRoot, testPackageDir } from "./util";

const plugin = join(repoRoot, "packages", "protoc-gen-es", "bin", "protoc-gen-es");
const protoDir = join(testPackageDir, "proto");
/** The command that starts protoc: $PROTOC, else the npm package's launcher under this Node.js. */
const protocCommand = process.env.PROTOC
  ? [process.env.PROTOC]
  : [process.execPath, join(dirname(require.resolve("protoc/package.json")), "protoc.cjs")];

function run(args: string[]) {
  return spawnSync(protocCommand[0], [...protocCommand.slice(1), ...args], { encoding: "utf8" });
}

function protoc(files: string[], options: string) {
  const out = mkdtempSync(join(tmpdir(), "pbjet-protoc-"));
  const r = run([`--plugin=protoc-gen-es=${plugin}`, `--es_out=${out}`, `--es_opt=${options}`, "-I", protoDir, ...files]);
  return { ...r, out };
}

const version = run(["--version"]);

describe("protoc", () => {
  test("starts", () => {
    expect(version.stderr).toBe("");
    expect(version.stdout).toMatch(/^libprotoc \d+\.\d+/);
  });

  describe(`with ${version.stdout?.trim() || "protoc"}`, () => {
    test("generates proto2.proto, proto3.proto and example.proto like buf does", () => {
      const r = protoc(["proto2.proto", "proto3.proto", "example.proto"], "target=ts,import_extension=js,json_types=true");
      try {
        expect(r.stderr).toBe("");
        expect(r.status).toBe(0);
        expect(readdirSync(r.out).sort()).toEqual(["example_pb.ts", "proto2_pb.ts", "proto3_pb.ts"]);
        // The same output as from the descriptors buf compiled, and as buf generate writes.
        const ours = genEs(["proto2.proto", "proto3.proto", "example.proto"], "target=ts,import_extension=js,json_types=true");
        for (const name of ["proto2_pb.ts", "proto3_pb.ts", "example_pb.ts"]) {
          expect(readFileSync(join(r.out, name), "utf8")).toBe(content(ours, name));
          expect(readFileSync(join(r.out, name), "utf8")).toBe(readFileSync(join(testPackageDir, "src", "gen", name), "utf8"));
        }
      } finally {
        rmSync(r.out, { recursive: true, force: true });
      }
    });
    test("js+dts with legacy CommonJS", () => {
      const r = protoc(["example.proto"], "target=js+dts,js_import_style=legacy_commonjs");
      try {
        expect(r.status).toBe(0);
        expect(readdirSync(r.out).sort()).toEqual(["example_pb.d.ts", "example_pb.js"]);
        expect(readFileSync(join(r.out, "example_pb.js"), "utf8")).toContain('require("@pbjet/protobuf/codegenv2")');
      } finally {
        rmSync(r.out, { recursive: true, force: true });
      }
    });
    test("an invalid option is reported by protoc with the plugin's message", () => {
      const r = protoc(["example.proto"], "target=java");
      try {
        expect(r.status).not.toBe(0);
        expect(r.stderr).toContain('protoc-gen-es: invalid option "target=java"');
      } finally {
        rmSync(r.out, { recursive: true, force: true });
      }
    });
  });
});
