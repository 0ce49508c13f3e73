/**
 * The machine a benchmark runs on and the versions of the libraries it measures, for the
 * reports of both matrices.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** The version of an installed package, found by walking up from its entry point. */
export function packageVersion(name: string): string {
  let dir = dirname(require.resolve(name));
  for (;;) {
    const p = join(dir, "package.json");
    if (existsSync(p)) {
      const j = JSON.parse(readFileSync(p, "utf8"));
      if (j.name === name) return j.version;
    }
    const up = dirname(dir);
    if (up === dir) return "?";
    dir = up;
  }
}

function nproc(): string {
  try {
    return execFileSync("nproc", { encoding: "utf8" }).trim();
  } catch {
    return String(os.availableParallelism?.() ?? os.cpus().length);
  }
}

/** Node version, cores, CPU model, OS and memory. */
export const machine = {
  node: process.version,
  nproc: nproc(),
  cpu: `${os.cpus()[0]?.model ?? "unknown CPU"}`.replace(/\s+/g, " ").trim(),
  os: `${os.type()} ${os.release()} ${os.arch()}`,
  memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB RAM`,
};

/** Versions of the libraries side by side. */
export const versions = {
  "@pbjet/protobuf": packageVersion("@pbjet/protobuf"),
  "@bufbuild/protobuf": packageVersion("@bufbuild/protobuf"),
  protobufjs: packageVersion("protobufjs"),
  "ts-proto": packageVersion("ts-proto"),
  pbf: packageVersion("pbf"),
  tinybench: packageVersion("tinybench"),
};
