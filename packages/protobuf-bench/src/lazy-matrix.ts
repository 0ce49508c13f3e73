// The lazy scenario table: LazyProto's scenarios (Unmarshal, Unmarshal_AndReadAll,
// Marshal_Unchanged, Marshal_ModifyAll, Pass_NoReadNoModify, Pass_ReadAllNoModify, Pass_ModifyAll,
// Inspect_ScopeAttr, Inspect_LogAttr, Filter_ScopeAttr, Batch) and ScalaPB's string-heavy round
// trip, on the OTLP logs and trace exports, the Site DTO (8 KB, 64 KB) and a string-heavy message,
// for pbjet eager, pbjet lazy (validated and trusted), @bufbuild/protobuf and protobufjs, with an
// A/A control — interleaved in one process with the matrix's measurement (measure.ts).
//
//   npm run bench -- --lazy              full run, writes the lazy section of BENCHMARKS.md (targets,
//                                        reading) and docs/benchmarks/lazy.md (every cell)
//   npm run bench -- --lazy --quick      short run (under 3 minutes)
//   options: --filter <regex> (fixture ids), --scenarios A,B (scenario names), --no-write,
//            --budget <ms per cell>, --slice <ms>, --warmup <CPU ms per column>, --check
//
// Run through scripts/bench.mjs, which starts node with --single-threaded-gc and --expose-gc.

import { writeGeneratedPage, writeMarkedSection } from "./benchmarks-md.js";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import * as pbjet from "@pbjet/protobuf";
import type { DescMessage } from "@pbjet/protobuf";
import * as es from "@bufbuild/protobuf";

import { file_bench_strings_v1_strings as pbStrings } from "./gen/pbjet/bench/strings/v1/strings_pb.js";
import { file_bench_strings_v1_strings as esStrings } from "./gen/es/bench/strings/v1/strings_pb.js";

import { buildFixtures, buildLogsExport, buildStrings, buildTraceExport, type Init } from "./fixtures.js";
import { machine, versions } from "./machine.js";
import { checkInit, toProtobufjsObject } from "./init-walk.js";
import { esJsonLength, esSchema, pbjetSchema } from "./libs.js";
import { AnyValueSchema as PbAnyValueSchema } from "./gen/pbjet/bench/otel/v1/common_pb.js";
import { AnyValueSchema as EsAnyValueSchema } from "./gen/es/bench/otel/v1/common_pb.js";
import { measureCell, type Contender } from "./measure.js";
import { geomean, renderContext } from "./report.js";
import { modifyAll, planOf, readAll } from "./lazy-walk.js";
import { Rng } from "./prng.js";

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = join(here, "..");
const repoRoot = join(pkgDir, "..", "..");
const require = createRequire(import.meta.url);

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

// ---------------------------------------------------------------------------------------------
// Arguments

const argv = process.argv.slice(2).filter((a) => a !== "--lazy");
function argValue(name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}
const quick = argv.includes("--quick");
const checkOnly = argv.includes("--check");
const write = !argv.includes("--no-write");
const filter = argValue("--filter") ? new RegExp(argValue("--filter")!) : undefined;
const sliceMs = Number(argValue("--slice") ?? 5);
const budgetMs = Number(argValue("--budget") ?? (quick ? 1200 : 5000));
const warmupMs = Number(argValue("--warmup") ?? (quick ? 100 : 250));
const minRounds = quick ? 8 : 30;

const SCENARIOS = [
  "Unmarshal",
  "Unmarshal_AndReadAll",
  "Marshal_Unchanged",
  "Marshal_ModifyAll",
  "Pass_NoReadNoModify",
  "Pass_ReadAllNoModify",
  "Pass_ModifyAll",
  "Inspect_ScopeAttr",
  "Inspect_LogAttr",
  "Filter_ScopeAttr",
  "Redact_LogAttr",
  "Batch",
] as const;
type Scenario = (typeof SCENARIOS)[number];
const scenarios: Scenario[] = argValue("--scenarios") ? (argValue("--scenarios")!.split(",") as Scenario[]) : [...SCENARIOS];
for (const s of scenarios) if (!SCENARIOS.includes(s)) throw new Error(`unknown scenario ${s}; one of ${SCENARIOS.join(", ")}`);

// ---------------------------------------------------------------------------------------------
// Machine and versions (as in matrix.ts)
// (src/machine.ts)

const command = process.env.PBJET_BENCH_COMMAND ?? `npm run bench -- --lazy${argv.length ? " " + argv.join(" ") : ""}`;
const nodeCommand =
  process.env.PBJET_BENCH_NODE_COMMAND ?? `node ${process.execArgv.join(" ")} ${relative(repoRoot, process.argv[1])} ${argv.join(" ")}`.trim();
const gcFlags = process.execArgv.filter((a) => a.includes("gc"));
if (!gcFlags.includes("--single-threaded-gc")) {
  console.warn("warning: node runs without --single-threaded-gc; run through `npm run bench -- --lazy` for comparable numbers");
}
const collectGarbage: () => void = (globalThis as Any).gc ?? (() => {});

// ---------------------------------------------------------------------------------------------
// Fixtures

/** Where Inspect and Filter look: groups (scopes, pages) with attributes, items (records, spans, components). */
interface Shape {
  /** The root's list that Batch stitches, and the level above the groups (undefined: the groups are at the root). */
  readonly top?: string;
  /** Type name of the `top` elements (for toMutable). */
  readonly topType?: string;
  readonly groups: string;
  readonly items: string;
  /** Filter_ScopeAttr drops the groups for which this holds; Inspect_ScopeAttr counts them. */
  groupHasKey(g: Any): boolean;
  /** Inspect_LogAttr counts the items for which this holds. */
  itemHasKey(it: Any): boolean;
  /** Redact_LogAttr replaces the value of the items' attributes with this key (undefined: N/A). */
  readonly redactKey?: string;
  /** What the scenarios read, for the table. */
  readonly describe: { inspectScope: string; inspectItem: string; filter: string; redact?: string };
}

interface LazyFixture {
  readonly id: string;
  readonly title: string;
  readonly typeName: string;
  readonly init: Init;
  /** Batch: the ten inputs (the first is `init`). */
  readonly batch?: Init[];
  readonly shape?: Shape;
  readonly note?: string;
}

const DROP_KEY = "pipeline.drop";

function kvHas(list: Any, key: string): boolean {
  if (!list) return false;
  for (let i = 0; i < list.length; i++) if (list[i].key === key) return true;
  return false;
}

function str(key: string, value: string): Init {
  return { key, value: { value: { case: "stringValue", value } } };
}
function bool(key: string, value: boolean): Init {
  return { key, value: { value: { case: "boolValue", value } } };
}

/** Scope attributes for the OTLP fixtures: the filter key on one scope. */
function scopeAttributes(owner: string, drop: boolean): Init[] {
  const a = [str("otel.scope.owner", owner), str("otel.scope.stability", drop ? "experimental" : "stable")];
  if (drop) a.push(bool(DROP_KEY, true));
  return a;
}

/**
 * The matrix's logs export (buildLogsExport, 100 records), with its records spread over four
 * scopes that carry attributes, as LazyProto's scope scenarios need (the matrix fixture has one
 * scope without attributes). The third scope carries the filter key.
 */
function scopedLogs(init: Init): Init {
  const rl = (init.resourceLogs as Init[])[0];
  const records = (rl.scopeLogs as Init[])[0].logRecords as Init[];
  const scopes = [
    { name: "pino", version: "9.5.0", owner: "checkout" },
    { name: "@opentelemetry/instrumentation-http", version: "0.55.0", owner: "platform" },
    { name: "@opentelemetry/instrumentation-pg", version: "0.48.0", owner: "data" },
    { name: "checkout-service", version: "1.14.2", owner: "checkout" },
  ];
  const per = Math.ceil(records.length / scopes.length);
  rl.scopeLogs = scopes.map((s, i) => ({
    scope: { name: s.name, version: s.version, attributes: scopeAttributes(s.owner, i === 2) },
    logRecords: records.slice(i * per, (i + 1) * per),
    schemaUrl: "https://opentelemetry.io/schemas/1.27.0",
  }));
  return init;
}

/** The matrix's trace export (buildTraceExport, 100 spans in three scopes), with scope attributes; the pg scope carries the filter key. */
function scopedTrace(init: Init): Init {
  const owners = ["platform", "data", "checkout"];
  for (const rs of init.resourceSpans as Init[]) {
    (rs.scopeSpans as Init[]).forEach((ss, i) => {
      (ss.scope as Init).attributes = scopeAttributes(owners[i % 3], i === 1);
    });
  }
  return init;
}

const fixtureFilter = (id: string) => !filter || filter.test(id);
const logsShape = (items: "logRecords" | "spans", top: string, topType: string, groups: string, itemKey: string, redactKey: string): Shape => ({
  top,
  topType,
  groups,
  items,
  redactKey,
  groupHasKey: (g) => kvHas(g.scope?.attributes, DROP_KEY),
  itemHasKey: (it) => kvHas(it.attributes, itemKey),
  describe: {
    inspectScope: `every scope's attributes, looking for \`${DROP_KEY}\``,
    inspectItem: `every ${items === "spans" ? "span" : "log record"}'s attributes, looking for \`${itemKey}\``,
    filter: `drops the scopes whose attributes hold \`${DROP_KEY}\``,
    redact: `replaces the value of every ${items === "spans" ? "span" : "log record"}'s \`${redactKey}\` attribute`,
  },
});
const siteShape: Shape = {
  groups: "pages",
  items: "components",
  groupHasKey: (p) => {
    const tags = p.metaTags;
    for (let i = 0; i < tags.length; i++) if (tags[i].name === "robots") return true;
    return false;
  },
  itemHasKey: (c) => c.componentType === 3, // PAGE_COMPONENT_TYPE_BLOG
  describe: {
    inspectScope: "every page's meta tags, looking for `robots`",
    inspectItem: "every page component's type, looking for blog components",
    filter: "drops the pages that have a `robots` meta tag",
  },
};

function buildLazyFixtures(): LazyFixture[] {
  const matrix = buildFixtures(esJsonLength);
  const byId = (id: string) => matrix.find((f) => f.id === id)!;
  const out: LazyFixture[] = [
    {
      id: "otlp-logs",
      title: "OTLP logs, 100 records (4 scopes)",
      typeName: "bench.otel.v1.ExportLogsServiceRequest",
      init: scopedLogs(byId("otlp-logs").init),
      batch: [8, 1008, 2008, 3008, 4008, 5008, 6008, 7008, 8008, 9008].map((seed) => scopedLogs(buildLogsExport(new Rng(seed), 100))),
      shape: logsShape("logRecords", "resourceLogs", "bench.otel.v1.ResourceLogs", "scopeLogs", "code.lineno", "user.id"),
      note: "buildLogsExport's 100 records (seed 8, as in the matrix), spread over 4 scopes of 25 with 2–3 scope attributes each; the third scope holds the filter key",
    },
    {
      id: "otlp-trace",
      title: "OTLP traces, 100 spans (3 scopes)",
      typeName: "bench.otel.v1.ExportTraceServiceRequest",
      init: scopedTrace(byId("otlp-trace").init),
      batch: [6, 1006, 2006, 3006, 4006, 5006, 6006, 7006, 8006, 9006].map((seed) => scopedTrace(buildTraceExport(new Rng(seed), 100))),
      shape: logsShape("spans", "resourceSpans", "bench.otel.v1.ResourceSpans", "scopeSpans", "db.collection.name", "url.path"),
      note: "buildTraceExport's 100 spans (seed 6, as in the matrix) in its 3 scopes, with 2–3 scope attributes each; the pg scope holds the filter key; Inspect_LogAttr reads span attributes",
    },
    {
      id: "site-8k",
      title: "Site DTO, ~8 KB JSON",
      typeName: "bench.site.v1.Site",
      init: byId("site-8k").init,
      shape: siteShape,
      note: "the matrix's Site DTO; scopes → pages (meta tags), log records → page components; Batch N/A (no list of roots to stitch)",
    },
    {
      id: "site-64k",
      title: "Site DTO, ~64 KB JSON",
      typeName: "bench.site.v1.Site",
      init: byId("site-64k").init,
      shape: siteShape,
      note: "as site-8k",
    },
    {
      id: "strings",
      title: "string-heavy message (ScalaPB's round trip)",
      typeName: "bench.strings.v1.LargeStringMessage",
      init: buildStrings(new Rng(300)),
      note: "16 long string fields and 12 repeated strings (after ScalaPB's LargeStringMessage); its Pass_NoReadNoModify is ScalaPB's string-heavy round trip (decode + encode without reading); Inspect, Filter and Batch N/A",
    },
  ];
  return out.filter((f) => fixtureFilter(f.id));
}

const pbStringsDesc = pbStrings.messages[0] as DescMessage;
const esStringsDesc = esStrings.messages[0] as es.DescMessage;
function pbDesc(typeName: string): DescMessage {
  return typeName === pbStringsDesc.typeName ? pbStringsDesc : pbjetSchema(typeName);
}
function pbAnyValue(): DescMessage {
  return PbAnyValueSchema as DescMessage;
}
function esDesc(typeName: string): es.DescMessage {
  return typeName === esStringsDesc.typeName ? esStringsDesc : esSchema(typeName);
}
const pjsStatic: Any = require("./gen/protobufjs/bench.cjs");
const protobufjs: Any = require("protobufjs");
function pjsType(typeName: string): Any {
  const t = typeName.split(".").reduce((o: Any, k) => o?.[k], pjsStatic);
  if (!t) throw new Error(`protobufjs: no static type ${typeName}`);
  return t;
}

// ---------------------------------------------------------------------------------------------
// Columns

const COLS = ["pbjet", "lazyV", "lazyT", "es", "pjs", "pbjetAA"] as const;
type Col = (typeof COLS)[number];
const COL_LABEL: Record<Col, string> = {
  pbjet: "pbjet eager",
  lazyV: "pbjet lazy (validated)",
  lazyT: "pbjet lazy (trusted)",
  es: "protobuf-es",
  pjs: "protobufjs",
  pbjetAA: "A/A",
};

/** One column's view of one fixture: the calls the scenarios are made of. */
interface Lib {
  readonly col: Col;
  decode(b: Uint8Array): Any;
  encode(m: Any): Uint8Array;
  /** A new string AnyValue (Redact_LogAttr). */
  anyValue(s: string): Any;
  readAll(m: Any): number;
  modifyAll(m: Any): void;
  /** Filter_ScopeAttr: the message to encode after dropping the groups with the key. */
  filter(m: Any, shape: Shape): Any;
  /** Batch: one message holding every input's `top` elements. */
  stitch(ms: Any[], shape: Shape): Any;
}

function eagerFilter(m: Any, s: Shape): Any {
  const keep = (g: Any) => !s.groupHasKey(g);
  if (s.top) {
    const tops = m[s.top];
    for (let i = 0; i < tops.length; i++) tops[i][s.groups] = tops[i][s.groups].filter(keep);
  } else {
    m[s.groups] = m[s.groups].filter(keep);
  }
  return m;
}
function eagerStitch(ms: Any[], s: Shape): Any {
  const out = ms[0];
  const list = out[s.top!];
  for (let i = 1; i < ms.length; i++) list.push(...ms[i][s.top!]);
  return out;
}

function makeLibs(typeName: string): Map<Col, Lib> {
  const pd = pbDesc(typeName);
  const ed = esDesc(typeName);
  const esPlan = planOf(pd, "es");
  const pjsPlan = planOf(pd, "pjs");
  const libs = new Map<Col, Lib>();
  for (const col of ["pbjet", "pbjetAA"] as const) {
    libs.set(col, {
      col,
      decode: (b) => pbjet.fromBinary(pd, b),
      encode: (m) => pbjet.toBinary(pd, m),
      anyValue: (v) => pbjet.create(pbAnyValue(), { value: { case: "stringValue", value: v } }),
      readAll: (m) => readAll(esPlan, m),
      modifyAll: (m) => modifyAll(esPlan, m),
      filter: eagerFilter,
      stitch: eagerStitch,
    });
  }
  for (const col of ["lazyV", "lazyT"] as const) {
    const opt = col === "lazyV" ? { lazy: true } : { lazy: true, validate: false };
    libs.set(col, {
      col,
      decode: (b) => pbjet.fromBinary(pd, b, opt),
      encode: (m) => pbjet.toBinary(pd, m),
      // Views take writes: changes are made on the view itself.
      anyValue: (v) => pbjet.create(pbAnyValue(), { value: { case: "stringValue", value: v } }),
      readAll: (m) => readAll(esPlan, m),
      modifyAll: (m) => modifyAll(esPlan, m),
      filter: (m, s) => {
        const keep = (g: Any) => !s.groupHasKey(g);
        const out = pbjet.toMutable(pd, m) as Any;
        if (s.top) {
          const td = pbDesc(s.topType!);
          out[s.top] = out[s.top].map((t: Any) => {
            const mt = pbjet.toMutable(td, t) as Any;
            mt[s.groups] = mt[s.groups].filter(keep);
            return mt;
          });
        } else {
          out[s.groups] = out[s.groups].filter(keep);
        }
        return out;
      },
      stitch: (ms, s) => {
        const out = pbjet.toMutable(pd, ms[0]) as Any;
        const list = out[s.top!];
        for (let i = 1; i < ms.length; i++) list.push(...ms[i][s.top!]);
        return out;
      },
    });
  }
  libs.set("es", {
    col: "es",
    decode: (b) => es.fromBinary(ed, b),
    encode: (m) => es.toBinary(ed, m),
    anyValue: (v) => es.create(EsAnyValueSchema, { value: { case: "stringValue", value: v } }),
    readAll: (m) => readAll(esPlan, m),
    modifyAll: (m) => modifyAll(esPlan, m),
    filter: eagerFilter,
    stitch: eagerStitch,
  });
  const T = pjsType(typeName);
  const Reader = protobufjs.Reader;
  libs.set("pjs", {
    col: "pjs",
    // As the matrix's "unknown fields kept" row: decode through a Reader with discardUnknown = false.
    decode: (b) => {
      const r = Reader.create(b);
      r.discardUnknown = false;
      return T.decode(r);
    },
    encode: (m) => T.encode(m).finish(),
    anyValue: (v) => pjsType("bench.otel.v1.AnyValue").create({ stringValue: v }),
    readAll: (m) => readAll(pjsPlan, m),
    modifyAll: (m) => modifyAll(pjsPlan, m),
    filter: eagerFilter,
    stitch: eagerStitch,
  });
  return libs;
}

// ---------------------------------------------------------------------------------------------
// Scenarios: for a column and a fixture, a zero-argument closure over prebuilt inputs

export let sink: unknown;
/** The last checksum or count a reading scenario computed (compared across columns). */
let lastRead = 0;

interface Inputs {
  readonly wire: Uint8Array;
  readonly batchWires?: Uint8Array[];
}

function inspectGroups(m: Any, s: Shape): number {
  let n = 0;
  if (s.top) {
    const tops = m[s.top];
    for (let i = 0; i < tops.length; i++) {
      const gs = tops[i][s.groups];
      for (let j = 0; j < gs.length; j++) if (s.groupHasKey(gs[j])) n++;
    }
  } else {
    const gs = m[s.groups];
    for (let j = 0; j < gs.length; j++) if (s.groupHasKey(gs[j])) n++;
  }
  return n;
}
function inspectItems(m: Any, s: Shape): number {
  let n = 0;
  const group = (g: Any) => {
    const its = g[s.items];
    for (let k = 0; k < its.length; k++) if (s.itemHasKey(its[k])) n++;
  };
  if (s.top) {
    const tops = m[s.top];
    for (let i = 0; i < tops.length; i++) {
      const gs = tops[i][s.groups];
      for (let j = 0; j < gs.length; j++) group(gs[j]);
    }
  } else {
    const gs = m[s.groups];
    for (let j = 0; j < gs.length; j++) group(gs[j]);
  }
  return n;
}

/** Redact_LogAttr: replaces the value of every item's attribute with the shape's key. */
function redactItems(m: Any, s: Shape, L: Lib): void {
  const key = s.redactKey!;
  const group = (g: Any) => {
    const its = g[s.items];
    for (let k = 0; k < its.length; k++) {
      const attrs = its[k].attributes;
      for (let a = 0; a < attrs.length; a++) if (attrs[a].key === key) attrs[a].value = L.anyValue("[redacted]");
    }
  };
  const tops = s.top ? m[s.top] : [m];
  for (let i = 0; i < tops.length; i++) {
    const gs = tops[i][s.groups];
    for (let j = 0; j < gs.length; j++) group(gs[j]);
  }
}

/** The timed closure, or undefined when the scenario does not apply to the fixture. */
function scenarioFn(sc: Scenario, L: Lib, fx: LazyFixture, inp: Inputs): (() => unknown) | undefined {
  const wire = inp.wire;
  const shape = fx.shape;
  switch (sc) {
    case "Unmarshal":
      return () => (sink = L.decode(wire));
    case "Unmarshal_AndReadAll":
      return () => {
        const m = L.decode(wire);
        lastRead = L.readAll(m);
        return (sink = m);
      };
    case "Marshal_Unchanged": {
      const m = L.decode(wire);
      return () => (sink = L.encode(m));
    }
    case "Marshal_ModifyAll": {
      // The change is made once, before timing (lazy columns: on the view itself).
      const m = L.decode(wire);
      L.modifyAll(m);
      return () => (sink = L.encode(m));
    }
    case "Pass_NoReadNoModify":
      return () => (sink = L.encode(L.decode(wire)));
    case "Pass_ReadAllNoModify":
      return () => {
        const m = L.decode(wire);
        lastRead = L.readAll(m);
        return (sink = L.encode(m));
      };
    case "Pass_ModifyAll":
      return () => {
        const m = L.decode(wire);
        L.modifyAll(m);
        return (sink = L.encode(m));
      };
    case "Inspect_ScopeAttr":
      if (!shape) return undefined;
      return () => {
        const m = L.decode(wire);
        lastRead = inspectGroups(m, shape);
        return (sink = L.encode(m));
      };
    case "Inspect_LogAttr":
      if (!shape) return undefined;
      return () => {
        const m = L.decode(wire);
        lastRead = inspectItems(m, shape);
        return (sink = L.encode(m));
      };
    case "Filter_ScopeAttr":
      if (!shape) return undefined;
      return () => (sink = L.encode(L.filter(L.decode(wire), shape)));
    case "Redact_LogAttr":
      if (!shape?.redactKey) return undefined;
      return () => {
        const m = L.decode(wire);
        redactItems(m, shape, L);
        return (sink = L.encode(m));
      };
    case "Batch": {
      if (!shape?.top || !inp.batchWires) return undefined;
      const wires = inp.batchWires;
      return () => {
        const ms = new Array(wires.length);
        for (let i = 0; i < wires.length; i++) ms[i] = L.decode(wires[i]);
        return (sink = L.encode(L.stitch(ms, shape)));
      };
    }
  }
}

/** Scenarios whose closure returns a decoded message rather than bytes. */
const DECODE_ONLY = new Set<Scenario>(["Unmarshal", "Unmarshal_AndReadAll"]);
/** Scenarios whose `lastRead` is compared across columns. */
const READS = new Set<Scenario>(["Unmarshal_AndReadAll", "Pass_ReadAllNoModify", "Inspect_ScopeAttr", "Inspect_LogAttr"]);

// ---------------------------------------------------------------------------------------------
// Build and check

const t0 = performance.now();
const fixtures = buildLazyFixtures();
if (fixtures.length === 0) throw new Error("--filter matches no fixture; ids: otlp-logs, otlp-trace, site-8k, site-64k, strings");

const problems: string[] = [];
let checksRun = 0;
interface Prepared {
  fx: LazyFixture;
  libs: Map<Col, Lib>;
  inputs: Inputs;
  /** Scenario → columns that passed the checks. */
  ok: Map<Scenario, Set<Col>>;
  sizes: { wire: number; filtered?: number; batch?: number };
}
const prepared: Prepared[] = [];

for (const fx of fixtures) {
  const pd = pbDesc(fx.typeName);
  const ed = esDesc(fx.typeName);
  checkInit(pd, fx.init);
  // The reference bytes, as in the matrix: @bufbuild/protobuf's encoding of the fixture.
  const encodeInit = (init: Init) => es.toBinary(ed, es.create(ed, init as Any));
  const wire = encodeInit(fx.init);
  const batchWires = fx.batch?.map(encodeInit);
  const inputs: Inputs = { wire, batchWires };
  const libs = makeLibs(fx.typeName);
  // protobufjs can build the fixture too (a sanity check of its generated code).
  {
    const T = pjsType(fx.typeName);
    const pjsBytes = T.encode(T.fromObject(toProtobufjsObject(pd, fx.init))).finish();
    checksRun++;
    if (!pbjet.equals(pd, pbjet.fromBinary(pd, pjsBytes), pbjet.fromBinary(pd, wire)))
      problems.push(`${fx.id}: protobufjs's encoding of the fixture differs from @bufbuild/protobuf's`);
  }
  const ok = new Map<Scenario, Set<Col>>();
  const eagerLib = libs.get("pbjet")!;
  let filtered: number | undefined;
  let batch: number | undefined;
  for (const sc of scenarios) {
    const passed = new Set<Col>();
    const ref = scenarioFn(sc, eagerLib, fx, inputs);
    if (!ref) continue;
    // The eager path's output, decoded eagerly in pbjet.
    const refOut = ref();
    const refRead = lastRead;
    const refBytes = DECODE_ONLY.has(sc) ? pbjet.toBinary(pd, refOut as Any) : (refOut as Uint8Array);
    const refMsg = pbjet.fromBinary(pd, refBytes);
    if (sc === "Filter_ScopeAttr") filtered = refBytes.length;
    if (sc === "Batch") batch = refBytes.length;
    for (const col of COLS) {
      const L = libs.get(col)!;
      checksRun++;
      try {
        const fn = scenarioFn(sc, L, fx, inputs)!;
        // Twice: a scenario must not change its inputs (e.g. write into the input buffer).
        fn();
        const out = fn();
        const bytes = DECODE_ONLY.has(sc) ? L.encode(out) : (out as Uint8Array);
        const msg = pbjet.fromBinary(pd, bytes);
        if (!pbjet.equals(pd, msg, refMsg)) {
          problems.push(`${fx.id} / ${sc} / ${COL_LABEL[col]}: output decodes to a message that differs from the eager path's`);
          continue;
        }
        if (READS.has(sc) && lastRead !== refRead) {
          problems.push(`${fx.id} / ${sc} / ${COL_LABEL[col]}: read ${lastRead}, the eager path read ${refRead}`);
          continue;
        }
        if (col === "lazyV" || col === "lazyT") {
          if (DECODE_ONLY.has(sc)) {
            // The view itself, and its full decode, equal the eager decode.
            if (!pbjet.isLazyMessage(out)) problems.push(`${fx.id} / ${sc} / ${COL_LABEL[col]}: decode did not return a lazy view`);
            else if (!pbjet.equals(pd, out as Any, refMsg) || !pbjet.equals(pd, pbjet.materialize(pd, out as Any), refMsg)) {
              problems.push(`${fx.id} / ${sc} / ${COL_LABEL[col]}: the view does not equal the eager decode`);
              continue;
            }
          }
        }
        passed.add(col);
      } catch (e) {
        problems.push(`${fx.id} / ${sc} / ${COL_LABEL[col]}: threw ${(e as Error).message.split("\n")[0]}`);
      }
    }
    ok.set(sc, passed);
  }
  // Inspect and Filter must have something to find.
  if (fx.shape) {
    const m = pbjet.fromBinary(pd, wire) as Any;
    const g = inspectGroups(m, fx.shape);
    const it = inspectItems(m, fx.shape);
    checksRun++;
    if (g === 0 || it === 0) problems.push(`${fx.id}: the Inspect keys find nothing (groups ${g}, items ${it})`);
  }
  prepared.push({ fx, libs, inputs, ok, sizes: { wire: wire.length, filtered, batch } });
}

const setupMs = performance.now() - t0;
console.log(
  `pbjet lazy scenario table (${quick ? "quick" : "full"}): ${fixtures.length} fixtures × ${scenarios.length} scenarios; node ${process.version} ${gcFlags.join(" ")}`,
);
console.log(`machine: ${machine.cpu}, nproc ${machine.nproc}; set-up and ${checksRun} checks in ${(setupMs / 1000).toFixed(1)} s`);
if (problems.length > 0) {
  console.log("correctness problems (those cells are left out of the timing):");
  for (const p of problems) console.log(`  ✗ ${p}`);
} else {
  console.log("correctness checks: all passed");
}
if (checkOnly) {
  console.log(`${checksRun - problems.length} passed, ${problems.length} failed`);
  process.exit(problems.length > 0 ? 1 : 0);
}

// ---------------------------------------------------------------------------------------------
// Timing

interface LazyCell {
  readonly fixture: string;
  readonly scenario: Scenario;
  readonly hz: Partial<Record<Col, number>>;
  readonly hzWall: Partial<Record<Col, number>>;
  readonly rounds: number;
  readonly cpuShare: number;
}
const cells: LazyCell[] = [];
const method = `the matrix's measurement (src/measure.ts): tinybench-driven rounds; in each round every column runs one slice of about ${sliceMs} ms (a batch sized in warm-up), in a fresh seeded order; ops/s = a column's summed calls over the process CPU time of its slices; ${budgetMs} ms of rounds per cell (at least ${minRounds} rounds) after ${warmupMs} ms (CPU time) of warm-up per column (a quarter of that for the A/A column) and two unmeasured rounds; node --single-threaded-gc, a full GC between cells`;

const timingStart = performance.now();
for (const p of prepared) {
  for (const sc of scenarios) {
    const passed = p.ok.get(sc);
    if (!passed) continue;
    const contenders: Contender[] = [];
    for (const col of COLS) {
      if (!passed.has(col)) continue;
      const fn = scenarioFn(sc, p.libs.get(col)!, p.fx, p.inputs)!;
      contenders.push({ key: col, fn, warmupScale: col === "pbjetAA" ? 0.25 : 1 });
    }
    if (contenders.length < 2) continue;
    collectGarbage();
    const r = await measureCell(contenders, { sliceMs, budgetMs, warmupMs, minRounds });
    const hz: Partial<Record<Col, number>> = {};
    const hzWall: Partial<Record<Col, number>> = {};
    for (const c of r.contenders) {
      hz[c.key as Col] = c.hz;
      hzWall[c.key as Col] = c.hzWall;
    }
    const cpuShare = r.contenders.reduce((a, c) => a + c.cpuMs, 0) / r.contenders.reduce((a, c) => a + c.ms, 0);
    cells.push({ fixture: p.fx.id, scenario: sc, hz, hzWall, rounds: r.rounds, cpuShare });
    const base = hz.es;
    const parts = COLS.filter((c) => hz[c] !== undefined).map(
      (c) =>
        `${c} ${fmtUs(1e6 / hz[c]!)}${base && c !== "pbjetAA" ? ` (${fmtRatio(hz[c]! / base)})` : c === "pbjetAA" && hz.pbjet ? ` (${fmtRatio(hz[c]! / hz.pbjet)})` : ""}`,
    );
    console.log(`${p.fx.id.padEnd(10)} ${sc.padEnd(20)} ${parts.join(" | ")}  (${r.rounds} rounds, cpu ${Math.round(cpuShare * 100)}%)`);
  }
}
const timingMs = performance.now() - timingStart;
console.log(`\ntiming took ${(timingMs / 1000).toFixed(0)} s`);

// ---------------------------------------------------------------------------------------------
// Report

function fmtUs(us: number): string {
  if (us >= 1000) return Math.round(us).toLocaleString("en-US");
  if (us >= 100) return us.toFixed(0);
  if (us >= 10) return us.toFixed(1);
  return us.toFixed(2);
}
function fmtRatio(r: number | undefined): string {
  if (r === undefined) return "–";
  return `${r >= 100 ? r.toFixed(0) : r >= 10 ? r.toFixed(1) : r.toFixed(2)}x`;
}
const cellOf = (fx: string, sc: Scenario) => cells.find((c) => c.fixture === fx && c.scenario === sc);
/** Speed of `col` over protobuf-es's (above 1: faster than protobuf-es). */
const vsEs = (c: LazyCell | undefined, col: Col) => (c?.hz[col] !== undefined && c.hz.es ? c.hz[col]! / c.hz.es : undefined);
const vsEager = (c: LazyCell | undefined, col: Col) => (c?.hz[col] !== undefined && c.hz.pbjet ? c.hz[col]! / c.hz.pbjet : undefined);

interface Target {
  readonly what: string;
  readonly scenarios: Scenario[];
  readonly col: Col;
  readonly against: "es" | "pbjet";
  readonly min: number;
  /** Only on LazyProto's fixtures (the OTLP exports and the Site DTO), not on ScalaPB's strings. */
  readonly lazyProtoOnly?: boolean;
}
const TARGETS: Target[] = [
  {
    what: "Pass_NoReadNoModify, lazy validated ≥ 10x protobuf-es",
    scenarios: ["Pass_NoReadNoModify"],
    col: "lazyV",
    against: "es",
    min: 10,
    lazyProtoOnly: true,
  },
  {
    what: "Pass_NoReadNoModify, lazy trusted ≥ 50x protobuf-es",
    scenarios: ["Pass_NoReadNoModify"],
    col: "lazyT",
    against: "es",
    min: 50,
    lazyProtoOnly: true,
  },
  {
    what: "Inspect and Filter, lazy validated ≥ 3x protobuf-es",
    scenarios: ["Inspect_ScopeAttr", "Inspect_LogAttr", "Filter_ScopeAttr"],
    col: "lazyV",
    against: "es",
    min: 3,
  },
  {
    what: "Inspect and Filter, lazy trusted ≥ 3x protobuf-es",
    scenarios: ["Inspect_ScopeAttr", "Inspect_LogAttr", "Filter_ScopeAttr"],
    col: "lazyT",
    against: "es",
    min: 3,
  },
  // Issue 13: reading and writing through views.
  {
    what: "Reading everything, lazy validated ≥ 0.8x pbjet eager",
    scenarios: ["Unmarshal_AndReadAll", "Pass_ReadAllNoModify"],
    col: "lazyV",
    against: "pbjet",
    min: 0.8,
  },
  {
    what: "Reading everything, lazy trusted ≥ 0.8x pbjet eager",
    scenarios: ["Unmarshal_AndReadAll", "Pass_ReadAllNoModify"],
    col: "lazyT",
    against: "pbjet",
    min: 0.8,
  },
  {
    what: "Writing everything on the view, lazy validated ≥ 0.9x pbjet eager",
    scenarios: ["Pass_ModifyAll", "Marshal_ModifyAll"],
    col: "lazyV",
    against: "pbjet",
    min: 0.9,
  },
  {
    what: "Writing everything on the view, lazy trusted ≥ 0.9x pbjet eager",
    scenarios: ["Pass_ModifyAll", "Marshal_ModifyAll"],
    col: "lazyT",
    against: "pbjet",
    min: 0.9,
  },
  { what: "Redact_LogAttr, lazy validated ≥ 2x protobuf-es", scenarios: ["Redact_LogAttr"], col: "lazyV", against: "es", min: 2 },
];

/** µs to copy `bytes` into a fresh buffer (what a passthrough must at least do). */
let _copySink: Uint8Array | undefined;
function copyCost(bytes: Uint8Array): number {
  for (let i = 0; i < 2000; i++) _copySink = bytes.slice();
  const n = 20000;
  const t = performance.now();
  for (let i = 0; i < n; i++) _copySink = bytes.slice();
  return ((performance.now() - t) * 1000) / n;
}

/** The report in two parts: `summary` (targets, reading) for BENCHMARKS.md, `details` (every cell) for the page at `detailsPath`. */
function renderMarkdown(date: string, detailsPath: string): { summary: string; details: string } {
  const L: string[] = [];
  L.push(`_Generated by \`${command}\` (${quick ? "quick" : "full"} mode) on ${date}; do not edit between the markers — rerun instead._`);
  L.push(`Every cell, the scenarios, the columns and the correctness checks: [${detailsPath}](${detailsPath}).`);
  if (problems.length > 0) L.push(`**${problems.length} correctness problems: see there.**`);
  L.push("");
  const aa = cells.map((c) => vsEager(c, "pbjetAA")).filter((r): r is number => r !== undefined);
  if (aa.length > 0) {
    const g = geomean(aa)!;
    const sorted = [...aa].sort((a, b) => a - b);
    const within = aa.filter((r) => r >= 0.9 && r <= 1.1).length;
    L.push(
      `A/A control (pbjet eager against itself): geomean ${fmtRatio(g)}, range ${fmtRatio(sorted[0])}–${fmtRatio(sorted[sorted.length - 1])}, ${within} of ${aa.length} cells within 0.90–1.10x. ${within / aa.length >= 0.9 && Math.abs(g - 1) < 0.05 ? "The run is usable." : "**Noisy: treat the ratios as rough.**"}`,
    );
    const mean = cells.reduce((a, c) => a + c.cpuShare, 0) / cells.length;
    L.push(
      `CPU share during the slices: ${(mean * 100).toFixed(0)}% (${mean > 0.9 ? "a quiet machine" : "other work ran on the machine; rates use CPU time"}).`,
    );
    L.push("");
  }

  // Targets first.
  L.push("### Targets (issues 7 and 13)");
  L.push("");
  L.push("| target | " + prepared.map((p) => p.fx.id).join(" | ") + " | verdict |");
  L.push("|---|" + prepared.map(() => "---:").join("|") + "|---|");
  for (const t of TARGETS) {
    const vals: (number | undefined)[] = [];
    const colsText = prepared.map((p) => {
      if (t.lazyProtoOnly && p.fx.shape === undefined) return "(below)";
      const parts: string[] = [];
      for (const sc of t.scenarios) {
        const c = cellOf(p.fx.id, sc);
        const r = t.against === "es" ? vsEs(c, t.col) : vsEager(c, t.col);
        if (r === undefined) continue;
        vals.push(r);
        const mark = r >= t.min ? "" : " ✗";
        parts.push(
          t.scenarios.length > 1
            ? `${sc
                .replace("_ScopeAttr", " scope")
                .replace("_LogAttr", " item")
                .replace("Inspect", "Insp.")
                .replace("Unmarshal_AndReadAll", "Unmarshal")
                .replace("Pass_ReadAllNoModify", "Pass")
                .replace("Pass_ModifyAll", "Pass")
                .replace("Marshal_ModifyAll", "Marshal")} ${fmtRatio(r)}${mark}`
            : `${fmtRatio(r)}${mark}`,
        );
      }
      return parts.length ? parts.join("<br>") : "–";
    });
    const measured = vals.filter((v): v is number => v !== undefined);
    const met = measured.filter((v) => v >= t.min).length;
    const verdict =
      measured.length === 0
        ? "not measured"
        : met === measured.length
          ? `**met** (${met}/${measured.length})`
          : met === 0
            ? `**not met** (0/${measured.length})`
            : `**partly met** (${met}/${measured.length} cells; ✗ = below)`;
    L.push(`| ${t.what} | ${colsText.join(" | ")} | ${verdict} |`);
  }
  L.push("");
  const sc = cellOf("strings", "Pass_NoReadNoModify");
  const strings = prepared.find((p) => p.fx.id === "strings");
  if (sc?.hz.es && strings) {
    const copyUs = copyCost(strings.inputs.wire);
    L.push(
      `The Pass_NoReadNoModify targets are LazyProto's, on its scenarios' fixtures (the OTLP exports and the Site DTO). ScalaPB's string-heavy round trip (strings) is the issue's separate reference: ScalaPB's lazy strings made it 3.3x faster than its eager path; pbjet's lazy round trip is ${fmtRatio(vsEager(sc, "lazyT"))} (trusted) and ${fmtRatio(vsEager(sc, "lazyV"))} (validated) of pbjet eager's speed, ${fmtRatio(vsEs(sc, "lazyT"))} and ${fmtRatio(vsEs(sc, "lazyV"))} of protobuf-es's. Measured against the 10x/50x targets it would miss them: protobuf-es's whole round trip of this 5.8 KB message takes ${fmtUs(1e6 / sc.hz.es)} µs, and a copy of its ${strings.inputs.wire.length.toLocaleString("en-US")} bytes into a fresh buffer alone takes ${fmtUs(copyUs)} µs here (measured in this run), ${copyUs * 50 > 1e6 / sc.hz.es ? "more" : "less"} than 1/50 of that.`,
    );
    L.push("");
  }

  // Reading, generated from the numbers.
  L.push("### Reading");
  L.push("");
  for (const line of reading()) L.push(`- ${line}`);
  const summary = L.join("\n").trimEnd();

  L.length = 0;
  L.push(...renderContext({ machine, command, nodeCommand, versions, method }));
  L.push("");
  for (const p of prepared) {
    const fxCells = cells.filter((c) => c.fixture === p.fx.id);
    if (fxCells.length === 0) continue;
    L.push(`## ${p.fx.id}: ${p.fx.title}`);
    L.push("");
    const sz = [`input ${p.sizes.wire.toLocaleString("en-US")} bytes`];
    if (p.sizes.filtered !== undefined) sz.push(`filtered output ${p.sizes.filtered.toLocaleString("en-US")} bytes`);
    if (p.sizes.batch !== undefined) sz.push(`Batch output ${p.sizes.batch.toLocaleString("en-US")} bytes`);
    L.push(`${p.fx.note ?? ""}${p.fx.note ? "; " : ""}${sz.join(", ")}.`);
    if (p.fx.shape)
      L.push(
        `Inspect_ScopeAttr reads ${p.fx.shape.describe.inspectScope}; Inspect_LogAttr reads ${p.fx.shape.describe.inspectItem}; Filter_ScopeAttr ${p.fx.shape.describe.filter}${p.fx.shape.describe.redact ? `; Redact_LogAttr ${p.fx.shape.describe.redact}` : ""}.`,
      );
    L.push("");
    L.push(
      "µs per operation; in parentheses, speed relative to protobuf-es (**above 1.00x: faster than protobuf-es**). A/A: the pbjet eager column against itself.",
    );
    L.push("");
    L.push(`| scenario | ${COLS.map((c) => COL_LABEL[c]).join(" | ")} |`);
    L.push(`|---|${COLS.map(() => "---:").join("|")}|`);
    for (const sc of scenarios) {
      const c = cellOf(p.fx.id, sc);
      if (!c) {
        if (!p.ok.has(sc)) L.push(`| ${sc} | ${COLS.map(() => "N/A").join(" | ")} |`);
        else L.push(`| ${sc} | ${COLS.map(() => "✗ failed check").join(" | ")} |`);
        continue;
      }
      const cols = COLS.map((col) => {
        const hz = c.hz[col];
        if (hz === undefined) return "✗";
        if (col === "pbjetAA") return fmtRatio(vsEager(c, col));
        if (col === "es") return `${fmtUs(1e6 / hz)}`;
        return `${fmtUs(1e6 / hz)} (${fmtRatio(vsEs(c, col))})`;
      });
      const label = p.fx.id === "strings" && sc === "Pass_NoReadNoModify" ? `${sc} (ScalaPB round trip)` : sc;
      L.push(`| ${label} | ${cols.join(" | ")} |`);
    }
    L.push("");
  }

  L.push("## Scenarios and columns");
  L.push("");
  L.push(
    "- Unmarshal: decode. Unmarshal_AndReadAll: decode, then read every field of every message (a generic walk over the schema, the same for every column; for lazy views it decodes everything). Marshal_Unchanged: encode a decoded, untouched message. Marshal_ModifyAll: encode a message whose every field was changed before timing (lazy: the view itself, changed through its fields). Pass_NoReadNoModify: decode + encode. Pass_ReadAllNoModify: decode + read everything + encode. Pass_ModifyAll: decode + change every field of every message (every scalar, list element and selected oneof member; no message added or removed) + encode; lazy: decode lazily, change the view itself (writes through its fields, its lists and its oneofs), encode. Inspect_*: decode, read the named attributes, encode. Filter_ScopeAttr: decode, drop the matching groups, encode; eager columns filter in place, lazy columns take `toMutable` copies of the root and of each resource (or of the Site root) and keep the untouched children as views, written as bytes. Redact_LogAttr: decode, replace the value of one attribute of every log record or span that has it (a new AnyValue), encode; every column writes into what it decoded (lazy: the views). Batch: decode 10 different exports, append their resource lists to the first one's (lazy: a `toMutable` copy of the first), encode.",
  );
  L.push(
    '- Columns: **pbjet eager** `fromBinary`/`toBinary`; **pbjet lazy (validated)** `fromBinary(schema, bytes, { lazy: true })`; **pbjet lazy (trusted)** `{ lazy: true, validate: false }`; **protobuf-es** `@bufbuild/protobuf` with code from `@bufbuild/protoc-gen-es`; **protobufjs** static code (pbjs static-module), decoding through a Reader with `discardUnknown = false` as the matrix\'s "unknown fields kept" row, 64-bit values as Long; **A/A** the pbjet eager calls again as a separate column (≈1.00x when the run is trustworthy).',
  );
  L.push("- Inputs are @bufbuild/protobuf's encoding of each fixture (Uint8Array), as in the matrix.");
  L.push(
    `- Correctness before timing (${checksRun} checks): every scenario's output in every column — bytes, or for Unmarshal* the decoded message encoded again — decodes in pbjet (eagerly) to a message \`equals\` to the eager path's output; the reading scenarios read the same checksum or count in every column; lazy decodes are views that \`equals\` the eager decode, before and after \`materialize\`; each scenario runs twice first, so one that changed its input would fail.`,
  );
  if (problems.length === 0) L.push("- No problems.");
  else for (const pr of problems) L.push(`- **${pr}**`);
  return { summary, details: L.join("\n") };
}

function reading(): string[] {
  const out: string[] = [];
  const g = (sc: Scenario, col: Col, f: (c: LazyCell | undefined, col: Col) => number | undefined) => {
    const rs = prepared.map((p) => f(cellOf(p.fx.id, sc), col)).filter((r): r is number => r !== undefined);
    return rs.length ? { g: geomean(rs)!, min: Math.min(...rs), max: Math.max(...rs), n: rs.length } : undefined;
  };
  const range = (x: { min: number; max: number } | undefined) =>
    x ? (x.min === x.max ? fmtRatio(x.min) : `${fmtRatio(x.min)}–${fmtRatio(x.max)}`) : "–";
  const p = g("Pass_NoReadNoModify", "lazyV", vsEs);
  const pt = g("Pass_NoReadNoModify", "lazyT", vsEs);
  const pe = g("Pass_NoReadNoModify", "pbjet", vsEs);
  if (p) {
    // Share of the validated passthrough's time that the up-front validation takes (validated minus trusted).
    const shares = prepared
      .map((x) => cellOf(x.fx.id, "Pass_NoReadNoModify"))
      .filter((c): c is LazyCell => c?.hz.lazyV !== undefined && c.hz.lazyT !== undefined)
      .map((c) => 1 - c.hz.lazyV! / c.hz.lazyT!);
    const share = shares.length
      ? ` Validation is ${Math.round(Math.min(...shares) * 100)}–${Math.round(Math.max(...shares) * 100)}% of the validated passthrough's time (validated minus trusted): the validated path scans every byte of the input, the trusted one only finds the root's fields and copies the input.`
      : "";
    out.push(
      `Passthrough without reading is where lazy decoding pays: validated ${range(p)} protobuf-es's speed, trusted ${range(pt)} (pbjet eager: ${range(pe)}).${share}`,
    );
  }
  const u = g("Unmarshal", "lazyV", vsEs);
  const ut = g("Unmarshal", "lazyT", vsEs);
  if (u) out.push(`Unmarshal alone: lazy validated ${range(u)}, trusted ${range(ut)} of protobuf-es's speed.`);
  const ra = g("Unmarshal_AndReadAll", "lazyV", vsEager);
  const rat = g("Unmarshal_AndReadAll", "lazyT", vsEager);
  const pra = g("Pass_ReadAllNoModify", "lazyV", vsEager);
  const prat = g("Pass_ReadAllNoModify", "lazyT", vsEager);
  if (ra)
    out.push(
      `Reading everything: Unmarshal_AndReadAll runs at ${range(ra)} (validated) and ${range(rat)} (trusted) of pbjet eager's speed, Pass_ReadAllNoModify at ${range(pra)} (validated) and ${range(prat)} (trusted) (target ≥ 0.80x). A view decodes each field on its first access, through an accessor; reading everything pays that once per field. A view that was only read is still written as its input bytes.`,
    );
  const pm = g("Pass_ModifyAll", "lazyV", vsEager);
  const pmt = g("Pass_ModifyAll", "lazyT", vsEager);
  const mm = g("Marshal_ModifyAll", "lazyV", vsEager);
  if (pm)
    out.push(
      `Pass_ModifyAll (decode lazily, change every field of the view, encode: each changed level is encoded field by field), runs at ${range(pm)} (validated) and ${range(pmt)} (trusted) of pbjet eager's speed; Marshal_ModifyAll (encode a view whose every field was changed) at ${range(mm)} (validated) (target ≥ 0.90x).`,
    );
  const rd = g("Redact_LogAttr", "lazyV", vsEs);
  const rdt = g("Redact_LogAttr", "lazyT", vsEs);
  const rde = g("Redact_LogAttr", "lazyV", vsEager);
  if (rd)
    out.push(
      `Redact_LogAttr (replace one attribute's value in every record or span, pass the export on): lazy ${range(rd)} validated, ${range(rdt)} trusted against protobuf-es (${range(rde)} of pbjet eager, validated; target ≥ 2x protobuf-es). A write marks the written field and the views above it changed: each record, and each level above the records, is encoded field by field; the other attributes, the bodies and the untouched messages are copied as bytes.`,
    );
  const ins = ["Inspect_ScopeAttr", "Inspect_LogAttr", "Filter_ScopeAttr"] as const;
  const insParts = ins.map((sc) => ({ sc, v: g(sc, "lazyV", vsEs), t: g(sc, "lazyT", vsEs) })).filter((x) => x.v);
  if (insParts.length)
    out.push(
      `Inspect and Filter against protobuf-es: ${insParts.map((x) => `${x.sc} ${range(x.v)} validated, ${range(x.t)} trusted`).join("; ")}. The scope scenarios of the OTLP exports read a few small messages and leave the rest as bytes, which is where the gain is largest; Inspect_LogAttr reads into every record or span (a view per record, per attribute, per key), and on the Site DTO every page is opened, so those read a large part of the message through views and gain least.`,
    );
  const b = g("Batch", "lazyV", vsEs);
  const bt = g("Batch", "lazyT", vsEs);
  if (b) out.push(`Batch (10 inputs stitched into one): lazy ${range(b)} validated, ${range(bt)} trusted against protobuf-es.`);
  const sc = cellOf("strings", "Pass_NoReadNoModify");
  if (sc)
    out.push(
      `ScalaPB's string-heavy round trip (strings fixture, Pass_NoReadNoModify): eager ${fmtRatio(vsEs(sc, "pbjet"))}, lazy validated ${fmtRatio(vsEs(sc, "lazyV"))} (${fmtRatio(vsEager(sc, "lazyV"))} of eager: validation checks the UTF-8 of every string), trusted ${fmtRatio(vsEs(sc, "lazyT"))} (${fmtRatio(vsEager(sc, "lazyT"))} of eager; ScalaPB reported 3.3x for its lazy strings) against protobuf-es.`,
    );
  const mu = g("Marshal_Unchanged", "lazyV", vsEs);
  if (mu) out.push(`Marshal_Unchanged of a view is a copy of its bytes: ${range(mu)} protobuf-es's speed.`);
  if (quick) out.push("This is a quick run: indicative only; the full run (`npm run bench -- --lazy`) warms every column longer.");
  return out;
}

const date = new Date().toISOString().replace(/\.\d+Z$/, "Z");
const detailsRel = "docs/benchmarks/lazy.md";
const markdown = renderMarkdown(date, detailsRel);
console.log(`\n${markdown.summary}\n\n${markdown.details}`);

const resultsDir = join(pkgDir, "results");
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  join(resultsDir, `lazy-${quick ? "quick" : "full"}.json`),
  JSON.stringify(
    {
      mode: quick ? "quick" : "full",
      command,
      nodeCommand,
      date,
      machine,
      versions,
      method,
      scenarios,
      fixtures: prepared.map((p) => ({ id: p.fx.id, title: p.fx.title, sizes: p.sizes })),
      cells,
      problems,
    },
    null,
    2,
  ) + "\n",
);

if (write) {
  const mdPath = join(repoRoot, "BENCHMARKS.md");
  writeMarkedSection(
    mdPath,
    "lazy",
    markdown.summary,
    `## Lazy decoding and passthrough\n\nLazyProto's scenarios and ScalaPB's string-heavy round trip, with pbjet's lazy mode (\`fromBinary(schema, bytes, { lazy: true })\`, validated and trusted) beside pbjet eager, protobuf-es and protobufjs (\`packages/protobuf-bench/src/lazy-matrix.ts\`; run \`npm run bench -- --lazy\`, or \`npm run bench -- --lazy --quick\` for a short run). The tables between the markers are generated by that command.`,
  );
  const detailsPath = join(repoRoot, detailsRel);
  writeGeneratedPage(
    detailsPath,
    {
      title: "Lazy decoding and passthrough: every cell",
      command,
      script: "packages/protobuf-bench/src/lazy-matrix.ts",
      summaryLink: "../../BENCHMARKS.md#lazy-decoding-and-passthrough",
      date,
    },
    "lazy",
    markdown.details,
  );
  console.log(`\nwrote ${relative(process.cwd(), mdPath)} (lazy section) and ${relative(process.cwd(), detailsPath)}`);
} else {
  console.log(`\n--no-write: BENCHMARKS.md and ${detailsRel} left as they are`);
}
