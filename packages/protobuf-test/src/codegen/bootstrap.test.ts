/**
 * The runtime's own generated code (packages/protobuf/src/wkt/gen: the well-known types,
 * descriptor.proto, plugin.proto and the feature files) must be what our protoc-gen-es
 * generates today: `scripts/bootstrap-wkt.mjs --check` fails when it is stale.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "./util";

const script = join(repoRoot, "scripts", "bootstrap-wkt.mjs");
const genDir = join(repoRoot, "packages", "protobuf", "src", "wkt", "gen");

function bootstrap(...args: string[]) {
  const r = spawnSync(process.execPath, [script, ...args], { encoding: "utf8", cwd: repoRoot });
  return { status: r.status, out: r.stdout + r.stderr };
}

describe("bootstrap-wkt.mjs", () => {
  test("the checked-in generated code is up to date", () => {
    const r = bootstrap("--check");
    if (r.status !== 0) throw new Error(`${r.out}\nRun: node scripts/bootstrap-wkt.mjs`);
    expect(r.out).toMatch(/bootstrap: 20 generated files are up to date/);
  });

  test("the embedded descriptor.proto of the boot (src/boot/boot-data.ts, boot-field-options.ts) is up to date", () => {
    const r = spawnSync(process.execPath, [join(repoRoot, "packages", "protobuf", "scripts", "bootstrap-descriptor.mjs"), "--check"], {
      encoding: "utf8",
      cwd: repoRoot,
    });
    if (r.status !== 0) throw new Error(`${r.stdout}${r.stderr}\nRun: node packages/protobuf/scripts/bootstrap-descriptor.mjs`);
    expect(r.stdout).toMatch(/boot-data.ts and boot-field-options.ts are up to date/);
  });

  describe("on a copy of the generated code", () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), "pbjet-bootstrap-"));
      cpSync(genDir, dir, { recursive: true });
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    test("the check passes on an identical copy", () => {
      expect(bootstrap("--check", "--out", dir).status).toBe(0);
    });
    test("the check fails when a file was modified, and names it", () => {
      appendFileSync(join(dir, "google/protobuf/timestamp_pb.ts"), "// edited by hand\n");
      const r = bootstrap("--check", "--out", dir);
      expect(r.status).toBe(1);
      expect(r.out).toContain("stale generated code");
      expect(r.out).toContain("google/protobuf/timestamp_pb.ts");
      expect(r.out).not.toContain("any_pb.ts");
    });
    test("the check fails when a file is missing or extra", () => {
      unlinkSync(join(dir, "google/protobuf/compiler/plugin_pb.ts"));
      writeFileSync(join(dir, "google/protobuf/stray_pb.ts"), "export {};\n");
      const r = bootstrap("--check", `--out=${dir}`);
      expect(r.status).toBe(1);
      expect(r.out).toContain("google/protobuf/compiler/plugin_pb.ts");
      expect(r.out).toContain("stray_pb.ts (not generated)");
    });
    test("without --check, the script regenerates the folder, after which the check passes", () => {
      const file = join(dir, "google/protobuf/any_pb.ts");
      const original = readFileSync(file, "utf8");
      writeFileSync(file, "broken");
      writeFileSync(join(dir, "google/protobuf/stray_pb.ts"), "export {};\n");
      const r = bootstrap("--out", dir);
      expect(r.status).toBe(0);
      expect(readFileSync(file, "utf8")).toBe(original);
      expect(bootstrap("--check", "--out", dir).status).toBe(0);
    });
    test("unknown arguments are refused", () => {
      const r = bootstrap("--chek");
      expect(r.status).toBe(2);
      expect(r.out).toMatch(/unknown argument --chek/);
    });
  });
});
