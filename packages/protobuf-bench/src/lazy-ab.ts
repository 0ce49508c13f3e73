// Before/after numbers of the lazy paths: two builds of @pbjet/protobuf side by side on the lazy
// scenarios (read everything, passthrough, inspect, write everything, redact), each build loaded
// on its own as in src/eager-cost.ts ("pbjet": packages/protobuf as built; "baseline": the
// package directory given; "pbjet A/A": the built one again, the noise floor). Prints the speed
// of the built one over the baseline per cell (above 1.00x: faster); writes nothing.
// Fixtures: the OTLP logs and trace exports and site-8k of the matrix, and the lazy table's
// string-heavy message (strings: no inspect or redact ops). The *Named ops (otlp-logs only) read
// or change every field through written-out names (src/lazy-named.ts); *NamedE decodes eagerly,
// the reference for the lazy ones (their µs against its µs: "vs eager").
//
//   node --single-threaded-gc --expose-gc --import tsx src/lazy-ab.ts --baseline <dir of packages/protobuf> [--quick]
//     [--filter <fixture re>] [--ops readAllV,passT,...]
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as es from "@bufbuild/protobuf";
import { FileDescriptorSetSchema as EsFileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import type * as pbjet from "@pbjet/protobuf";
import { buildFixtures, buildStrings, type Fixture } from "./fixtures.js";
import { Rng } from "./prng.js";
import { esJsonLength } from "./libs.js";
import { measureCell, type Contender } from "./measure.js";
import { modifyAll, planOf, readAll } from "./lazy-walk.js";
import { modifyLogsNamed, readLogsNamed } from "./lazy-named.js";
import { file_bench_otel_v1_logs as esLogs } from "./gen/es/bench/otel/v1/logs_pb.js";
import { file_bench_otel_v1_trace as esTrace } from "./gen/es/bench/otel/v1/trace_pb.js";
import { file_bench_site_v1_site as esSite } from "./gen/es/bench/site/v1/site_pb.js";
import { file_bench_strings_v1_strings as esStrings } from "./gen/es/bench/strings/v1/strings_pb.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

const here = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const arg = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const quick = argv.includes("--quick");
const baselineDir = arg("--baseline");
if (baselineDir === undefined) throw new Error("--baseline <package dir of the other build> is required");
const filter = arg("--filter") !== undefined ? new RegExp(arg("--filter")!) : undefined;

const esFiles: es.DescFile[] = [];
const addFile = (f: es.DescFile) => {
  if (esFiles.includes(f)) return;
  for (const d of f.dependencies) addFile(d);
  esFiles.push(f);
};
for (const f of [esTrace, esLogs, esSite, esStrings]) addFile(f);
const descriptorSet = es.toBinary(EsFileDescriptorSetSchema, es.create(EsFileDescriptorSetSchema, { file: esFiles.map((f) => f.proto) }));

interface Build {
  readonly api: typeof pbjet;
  readonly registry: pbjet.Registry;
}
function loadBuild(dir: string): Build {
  const require = createRequire(join(dir, "package.json"));
  const cjs = join(dir, "dist/cjs");
  for (const k of Object.keys(require.cache)) if (k.startsWith(cjs)) delete require.cache[k];
  const api = require(join(cjs, "index.js")) as typeof pbjet;
  require(join(cjs, "lazy/index.js"));
  const wkt = require(join(cjs, "wkt/index.js")) as { FileDescriptorSetSchema: pbjet.DescMessage };
  const registry = api.createFileRegistry(api.fromBinary(wkt.FileDescriptorSetSchema, descriptorSet) as Any) as unknown as pbjet.Registry;
  return { api, registry };
}
const builds: [string, Build][] = [
  ["pbjet", loadBuild(join(here, "../../protobuf"))],
  ["baseline", loadBuild(baselineDir)],
  ["pbjet A/A", loadBuild(join(here, "../../protobuf"))],
];

/** Where the items (records, spans, components) and the groups' attributes are. */
const shapes: Record<string, { items: (m: Any) => Any[]; groups: (m: Any) => Any[]; groupAttrs: (g: Any) => Any[]; redactKey?: string }> = {
  "otlp-logs": {
    items: (m) => m.resourceLogs.flatMap((rl: Any) => rl.scopeLogs.flatMap((sl: Any) => sl.logRecords)),
    groups: (m) => m.resourceLogs.flatMap((rl: Any) => rl.scopeLogs),
    groupAttrs: (g) => g.scope?.attributes ?? [],
    redactKey: "user.id",
  },
  "otlp-trace": {
    items: (m) => m.resourceSpans.flatMap((rs: Any) => rs.scopeSpans.flatMap((ss: Any) => ss.spans)),
    groups: (m) => m.resourceSpans.flatMap((rs: Any) => rs.scopeSpans),
    groupAttrs: (g) => g.scope?.attributes ?? [],
    redactKey: "url.path",
  },
  "site-8k": { items: (m) => m.pages.flatMap((p: Any) => p.components), groups: (m) => m.pages, groupAttrs: (p) => p.metaTags },
};

const OPS = [
  "readAllV",
  "readAllT",
  "passReadAllV",
  "passV",
  "passT",
  "inspectItemV",
  "inspectGroupV",
  "modifyAllV",
  "marshalModifiedV",
  "redactV",
  "readNamedE",
  "readNamedV",
  "readNamedT",
  "modifyNamedE",
  "modifyNamedV",
  "modifyNamedT",
] as const;
type Op = (typeof OPS)[number];
const ops: Op[] = arg("--ops") !== undefined ? (arg("--ops")!.split(",") as Op[]) : [...OPS];
let sink: unknown;

function opsFor(b: Build, typeName: string, wire: Uint8Array, fxId: string): Record<Op, (() => unknown) | undefined> {
  const { api } = b;
  const desc = b.registry.getMessage(typeName)!;
  const plan = planOf(desc, "es");
  // Fixtures without a shape (strings: one flat message) have no inspect or redact ops.
  const shape = shapes[fxId];
  const V = { lazy: true } as const;
  const logs = fxId === "otlp-logs";
  const T = { lazy: true, validate: false } as const;
  const items = (m: Any) => {
    let n = 0;
    for (const it of shape.items(m)) for (const a of it.attributes ?? []) if (a.key === "code.lineno") n++;
    return n;
  };
  const redact = (m: Any) => {
    for (const it of shape.items(m))
      for (const a of it.attributes)
        if (a.key === shape.redactKey) a.value = { $typeName: "bench.otel.v1.AnyValue", value: { case: "stringValue", value: "[redacted]" } };
  };
  /** Decodes (eagerly without options), changes every named field, encodes. */
  const modifyNamed = (options: typeof V | typeof T | undefined) => {
    const m = api.fromBinary(desc, wire, options);
    modifyLogsNamed(m);
    return api.toBinary(desc, m);
  };
  return {
    readAllV: () => (sink = readAll(plan, api.fromBinary(desc, wire, V))),
    readAllT: () => (sink = readAll(plan, api.fromBinary(desc, wire, T))),
    passReadAllV: () => {
      const m = api.fromBinary(desc, wire, V);
      sink = readAll(plan, m);
      return (sink = api.toBinary(desc, m));
    },
    passV: () => (sink = api.toBinary(desc, api.fromBinary(desc, wire, V))),
    passT: () => (sink = api.toBinary(desc, api.fromBinary(desc, wire, T))),
    inspectItemV: !shape
      ? undefined
      : () => {
          const m = api.fromBinary(desc, wire, V);
          sink = items(m);
          return (sink = api.toBinary(desc, m));
        },
    inspectGroupV: !shape
      ? undefined
      : () => {
          const m = api.fromBinary(desc, wire, V);
          let n = 0;
          for (const g of shape.groups(m)) for (const a of shape.groupAttrs(g)) if (a.key === "pipeline.drop" || a.name === "robots") n++;
          sink = n;
          return (sink = api.toBinary(desc, m));
        },
    modifyAllV: () => {
      const m = api.fromBinary(desc, wire, V);
      modifyAll(plan, m);
      return (sink = api.toBinary(desc, m));
    },
    marshalModifiedV: (() => {
      // Encode only: a view changed everywhere once, before timing (Marshal_ModifyAll).
      let m: Any;
      return () => {
        if (m === undefined) {
          m = api.fromBinary(desc, wire, V);
          modifyAll(plan, m);
        }
        return (sink = api.toBinary(desc, m));
      };
    })(),
    redactV:
      shape?.redactKey === undefined
        ? undefined
        : () => {
            const m = api.fromBinary(desc, wire, V);
            redact(m);
            return (sink = api.toBinary(desc, m));
          },
    readNamedE: logs ? () => (sink = readLogsNamed(api.fromBinary(desc, wire))) : undefined,
    modifyNamedE: logs ? () => (sink = modifyNamed(undefined)) : undefined,
    readNamedV: logs ? () => (sink = readLogsNamed(api.fromBinary(desc, wire, V))) : undefined,
    readNamedT: logs ? () => (sink = readLogsNamed(api.fromBinary(desc, wire, T))) : undefined,
    modifyNamedV: logs ? () => (sink = modifyNamed(V)) : undefined,
    modifyNamedT: logs ? () => (sink = modifyNamed(T)) : undefined,
  };
}

const esReg = es.createRegistry(esTrace, esLogs, esSite, esStrings);
const stringsFixture: Fixture = {
  id: "strings",
  title: "string-heavy message",
  typeName: "bench.strings.v1.LargeStringMessage",
  init: buildStrings(new Rng(300)),
  readPath: [],
};
const fixtures = [...buildFixtures(esJsonLength).filter((f) => f.id in shapes), stringsFixture].filter((f) => !filter || filter.test(f.id));
const collect: () => void = (globalThis as Any).gc ?? (() => {});
const all: Record<string, { r: number[]; aa: number[] }> = {};
for (const fx of fixtures) {
  const esDesc = esReg.getMessage(fx.typeName)!;
  const wire = es.toBinary(esDesc, es.create(esDesc, fx.init as Any));
  const perBuild = builds.map(([key, b]) => [key, opsFor(b, fx.typeName, wire, fx.id)] as const);
  const cells: string[] = [];
  for (const op of ops) {
    if (perBuild[0][1][op] === undefined) continue;
    const contenders: Contender[] = perBuild.map(([key, o]) => ({ key, fn: o[op]! }));
    collect();
    const r = await measureCell(contenders, { sliceMs: 5, budgetMs: quick ? 800 : 3000, warmupMs: quick ? 100 : 250, minRounds: quick ? 8 : 20 });
    const hz = Object.fromEntries(r.contenders.map((c) => [c.key, c.hz]));
    const ratio = hz.pbjet / hz.baseline;
    const aa = hz.pbjet / hz["pbjet A/A"];
    (all[op] ??= { r: [], aa: [] }).r.push(ratio);
    all[op].aa.push(aa);
    cells.push(`${op} ${ratio.toFixed(2)}x (${(1e6 / hz.pbjet).toFixed(1)} vs ${(1e6 / hz.baseline).toFixed(1)} µs; A/A ${aa.toFixed(2)})`);
  }
  console.log(`${fx.id}:\n  ${cells.join("\n  ")}`);
}
