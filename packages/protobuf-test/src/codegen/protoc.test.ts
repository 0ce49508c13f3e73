/**
 * protoc-gen-es under protoc (`protoc --plugin=protoc-gen-es=... --es_out=...`), when protoc is
 * installed. CI installs it (Debian's protobuf-compiler, see .ci/run), so with CI=true a missing
 * protoc is a failure, not a skip. Debian's protoc 3.21 has no editions, so only proto2 and
 * proto3 files are compiled.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { content, genEs, repoRoot, testPackageDir } from "./util";

const plugin = join(repoRoot, "packages", "protoc-gen-es", "bin", "protoc-gen-es");
const protoDir = join(testPackageDir, "proto");
const which = spawnSync("protoc", ["--version"], { encoding: "utf8" });
const haveProtoc = which.status === 0;
const inCi = process.env.CI === "true";

function protoc(files: string[], options: string) {
  const out = mkdtempSync(join(tmpdir(), "pbjet-protoc-"));
  const r = spawnSync("protoc", [`--plugin=protoc-gen-es=${plugin}`, `--es_out=${out}`, `--es_opt=${options}`, "-I", protoDir, ...files], {
    encoding: "utf8",
  });
  return { ...r, out };
}

describe("protoc", () => {
  test("is installed where CI runs the tests", () => {
    if (inCi && !haveProtoc) {
      throw new Error("CI=true but protoc is not on PATH: .ci/run must install protobuf-compiler");
    }
    expect(inCi ? haveProtoc : true).toBe(true);
  });

  (haveProtoc ? describe : describe.skip)(`with ${which.stdout?.trim() || "protoc"}`, () => {
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
