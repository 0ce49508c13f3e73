// What lazy decoding costs the eager path (issue 7: at most 2% on the matrix). Runs the
// matrix's fixtures and pbjet operations with two builds of @pbjet/protobuf side by side, each
// loaded on its own (its own module instances, its own schemas from the same descriptors):
//   "pbjet"      packages/protobuf/dist/cjs, the runtime as shipped;
//   "eager-only" build/eager-only/dist/cjs, the same sources without lazy decoding's hooks on
//                the eager paths (scripts/build-eager-only.mjs lists them);
//   "pbjet A/A"  the shipped build again, loaded a second time: the noise floor.
// Same measurement as the matrix (src/measure.ts). Prints a table; writes nothing.
// With --baseline DIR, the other build is the package directory DIR (e.g. a clone of an earlier
// commit, built): before/after numbers of a change, interleaved. The ops lazyPass (validated),
// lazyPassT (trusted) and lazyReadOne (validated; read the fixture's path, encode) measure the
// lazy paths. The ops toJson and fromJson (JSON values; --ops only) measure toJson()/fromJson().
//
//   node scripts/build-eager-only.mjs && node --single-threaded-gc --expose-gc --import tsx src/eager-cost.ts [--quick] [--filter re] [--ops encode,...]
// With --aot, each build runs the bench's code generated with aot=true by its own generator (its
// repository's src/gen/pbjet-aot; see aot-build.ts) instead of schemas from descriptors.
//
//   node --single-threaded-gc --expose-gc --import tsx src/eager-cost.ts --baseline ../../../old/packages/protobuf [--ops lazyPass,...]
//   node --single-threaded-gc --expose-gc --import tsx src/eager-cost.ts --aot --baseline ../../../old/packages/protobuf
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as es from "@bufbuild/protobuf";
import { FileDescriptorSetSchema as EsFileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import type * as pbjet from "@pbjet/protobuf";
import { loadAotFiles } from "./aot-build.js";
import { buildFixtures, type Fixture } from "./fixtures.js";
import { esJsonLength } from "./libs.js";
import { measureCell, type Contender } from "./measure.js";
import { machine } from "./machine.js";

import { file_bench_graphql_v1_graphql as esGraphql } from "./gen/es/bench/graphql/v1/graphql_pb.js";
import { file_bench_k8s_v1_pod as esK8s } from "./gen/es/bench/k8s/v1/pod_pb.js";
import { file_bench_otel_v1_logs as esLogs } from "./gen/es/bench/otel/v1/logs_pb.js";
import { file_bench_otel_v1_metrics as esMetrics } from "./gen/es/bench/otel/v1/metrics_pb.js";
import { file_bench_otel_v1_trace as esTrace } from "./gen/es/bench/otel/v1/trace_pb.js";
import { file_bench_rpc_v1_rpc as esRpc } from "./gen/es/bench/rpc/v1/rpc_pb.js";
import { file_bench_site_v1_site as esSite } from "./gen/es/bench/site/v1/site_pb.js";
import { file_bench_stress_v1_stress as esStress } from "./gen/es/bench/stress/v1/stress_pb.js";
import { file_bench_micro_v1_micro as esMicro } from "./gen/es/bench/micro/v1/micro_pb.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

const here = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const quick = argv.includes("--quick");
const filterArg = argv.indexOf("--filter");
const filter = filterArg >= 0 ? new RegExp(argv[filterArg + 1]) : undefined;
const budgetMs = quick ? 600 : 3000;
const opsArg = argv.indexOf("--ops");
const baselineArg = argv.indexOf("--baseline");
const baselineDir = baselineArg >= 0 ? argv[baselineArg + 1] : undefined;
const aot = argv.includes("--aot");
const otherKey = baselineDir !== undefined ? "baseline" : "eager-only";

// The bench schemas as a FileDescriptorSet (made by @bufbuild/protobuf, so neither build under
// test runs anything before it is measured).
const esFiles: es.DescFile[] = [];
const addFile = (f: es.DescFile) => {
  if (esFiles.includes(f)) return;
  for (const d of f.dependencies) addFile(d);
  esFiles.push(f);
};
const esBench = [esRpc, esTrace, esMetrics, esLogs, esK8s, esGraphql, esStress, esSite, esMicro];
for (const f of esBench) addFile(f);
const descriptorSet = es.toBinary(EsFileDescriptorSetSchema, es.create(EsFileDescriptorSetSchema, { file: esFiles.map((f) => f.proto) }));

interface Build {
  readonly api: typeof pbjet;
  readonly registry: pbjet.Registry;
}

/** Loads a build's CommonJS output as a module instance of its own. */
function loadBuild(dir: string, instance: string): Build {
  const require = createRequire(join(dir, "package.json"));
  const cjs = join(dir, "dist/cjs");
  // A fresh instance even for a directory loaded before.
  for (const k of Object.keys(require.cache)) if (k.startsWith(cjs)) delete require.cache[k];
  const api = require(join(cjs, "index.js")) as typeof pbjet;
  // Lazy decoding is opt-in (builds before it was have no lazy/index.js and need nothing).
  if (existsSync(join(cjs, "lazy/index.js"))) require(join(cjs, "lazy/index.js"));
  if (aot) {
    const files = loadAotFiles(dir, instance) as pbjet.DescFile[];
    return { api, registry: api.createRegistry(...files) };
  }
  const wkt = require(join(cjs, "wkt/index.js")) as { FileDescriptorSetSchema: pbjet.DescMessage };
  const registry = api.createFileRegistry(api.fromBinary(wkt.FileDescriptorSetSchema, descriptorSet) as Any) as unknown as pbjet.Registry;
  return { api, registry };
}

const builds: [string, Build][] = [
  ["pbjet", loadBuild(join(here, "../../protobuf"), "a")],
  [otherKey, loadBuild(baselineDir ?? join(here, "../build/eager-only"), "b")],
  ["pbjet A/A", loadBuild(join(here, "../../protobuf"), "c")],
];
if (builds[0][1].api === builds[2][1].api) throw new Error("the A/A build is not a separate module instance");

const ALL_OPS = [
  "encode",
  "decode",
  "passthrough",
  "readOne",
  "jsonEncode",
  "jsonDecode",
  "lazyPass",
  "lazyPassT",
  "lazyReadOne",
  "toJson",
  "fromJson",
] as const;
type Op = (typeof ALL_OPS)[number];
const OPS: readonly Op[] = opsArg >= 0 ? (argv[opsArg + 1].split(",") as Op[]) : ALL_OPS.slice(0, baselineDir !== undefined ? 9 : 5);
let sink: unknown;

function opsFor(b: Build, fx: Fixture, wire: Uint8Array): Record<Op, () => unknown> {
  const { api } = b;
  const desc = b.registry.getMessage(fx.typeName)!;
  const msg = api.create(desc, fx.init as Any);
  const read = (m: Any) => fx.readPath.reduce((v: Any, k) => v[k], m);
  const json = api.toJsonString(desc, msg);
  const jsonValue = api.toJson(desc, msg);
  // Correctness first: the build round-trips the reference bytes.
  if (!api.equals(desc, api.fromBinary(desc, wire), msg)) throw new Error(`${fx.id}: a build decodes differently`);
  return {
    encode: () => (sink = api.toBinary(desc, msg)),
    decode: () => (sink = api.fromBinary(desc, wire)),
    passthrough: () => (sink = api.toBinary(desc, api.fromBinary(desc, wire))),
    readOne: () => {
      const m = api.fromBinary(desc, wire);
      sink = read(m);
      return (sink = api.toBinary(desc, m));
    },
    jsonEncode: () => (sink = api.toJsonString(desc, msg)),
    jsonDecode: () => (sink = api.fromJsonString(desc, json)),
    // JSON values (toJson()/fromJson()), with --ops only.
    toJson: () => (sink = api.toJson(desc, msg)),
    fromJson: () => (sink = api.fromJson(desc, jsonValue)),
    lazyPass: () => (sink = api.toBinary(desc, api.fromBinary(desc, wire, { lazy: true }))),
    lazyPassT: () => (sink = api.toBinary(desc, api.fromBinary(desc, wire, { lazy: true, validate: false }))),
    lazyReadOne: () => {
      const m = api.fromBinary(desc, wire, { lazy: true });
      sink = read(m);
      return (sink = api.toBinary(desc, m));
    },
  };
}

const fixtures = buildFixtures(esJsonLength).filter((f) => !filter || filter.test(f.id));
const ratios: Record<Op, { lazy: number[]; aa: number[] }> = Object.fromEntries(OPS.map((op) => [op, { lazy: [], aa: [] }])) as Any;
const collect: () => void = (globalThis as Any).gc ?? (() => {});
const rows: string[] = [];
for (const fx of fixtures) {
  const esDesc = es.createRegistry(...esBench).getMessage(fx.typeName)!;
  const wire = es.toBinary(esDesc, es.create(esDesc, fx.init as Any));
  const perBuild = builds.map(([key, b]) => [key, opsFor(b, fx, wire)] as const);
  const cells: string[] = [];
  for (const op of OPS) {
    const contenders: Contender[] = perBuild.map(([key, ops]) => ({ key, fn: ops[op] }));
    collect();
    const r = await measureCell(contenders, { sliceMs: 5, budgetMs, warmupMs: quick ? 100 : 250, minRounds: quick ? 8 : 20 });
    const hz = Object.fromEntries(r.contenders.map((c) => [c.key, c.hz]));
    // Above 1.00: the shipped build is faster than the other.
    const lazy = hz.pbjet / hz[otherKey];
    const aa = hz.pbjet / hz["pbjet A/A"];
    ratios[op].lazy.push(lazy);
    ratios[op].aa.push(aa);
    cells.push(`${op} ${lazy.toFixed(3)} (A/A ${aa.toFixed(3)})`);
  }
  rows.push(`| ${fx.id} | ${cells.map((c) => c.replace(/^\w+ /, "")).join(" | ")} |`);
  console.log(fx.id.padEnd(16), cells.join("  "));
}

const geomean = (v: number[]) => Math.exp(v.reduce((a, x) => a + Math.log(x), 0) / v.length);
console.log(
  baselineDir !== undefined
    ? `\nSpeed of pbjet as built relative to the baseline build in ${baselineDir} (above 1.00x: faster):\n`
    : "\nSpeed of pbjet as shipped relative to the eager-only build (above 1.00x: faster; below: the lazy hooks cost):\n",
);
console.log(`- Machine: Node.js ${machine.node}, \`nproc\` ${machine.nproc}, ${machine.cpu}, ${machine.memory}, ${machine.os}`);
console.log(
  `- Command: node --single-threaded-gc --expose-gc --import tsx src/eager-cost.ts${argv.length ? " " + argv.join(" ") : ""} (packages/protobuf-bench, after node scripts/build-eager-only.mjs)`,
);
console.log(`- Method: the matrix's measurement; ${budgetMs} ms of rounds per cell\n`);
console.log(`| fixture | ${OPS.join(" | ")} |`);
console.log(`|---|${OPS.map(() => "---:").join("|")}|`);
for (const r of rows) console.log(r);
const all = { lazy: OPS.flatMap((op) => ratios[op].lazy), aa: OPS.flatMap((op) => ratios[op].aa) };
console.log(
  `| **geomean** | ${OPS.map((op) => `**${geomean(ratios[op].lazy).toFixed(3)}x** (A/A ${geomean(ratios[op].aa).toFixed(3)}x)`).join(" | ")} |`,
);
console.log(
  `\nAll cells: shipped / ${otherKey} ${geomean(all.lazy).toFixed(3)}x; A/A ${geomean(all.aa).toFixed(3)}x (${all.aa.filter((x) => x >= 0.98 && x <= 1.02).length} of ${all.aa.length} A/A cells within 0.98–1.02x).`,
);
if (sink === Symbol.for("never")) console.log("");
