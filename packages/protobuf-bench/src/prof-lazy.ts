// Profiling aid for lazy decoding: runs one lazy scenario on one fixture in a loop
// (add node --cpu-prof to profile). Quicker to iterate with than the lazy matrix.
//   npx tsx src/prof-lazy.ts <logs|trace|site|site64|strings> <pass|unmarshal|inspect-item|inspect-group|readall|passreadall|modify|filter|redact> [eager|lazy|trusted|es] [ms]
// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import * as es from "@bufbuild/protobuf";
import { ExportLogsServiceRequestSchema as LogsSchema } from "./gen/pbjet/bench/otel/v1/logs_pb.js";
import { ExportLogsServiceRequestSchema as EsLogsSchema } from "./gen/es/bench/otel/v1/logs_pb.js";
import { ExportTraceServiceRequestSchema as TraceSchema } from "./gen/pbjet/bench/otel/v1/trace_pb.js";
import { ExportTraceServiceRequestSchema as EsTraceSchema } from "./gen/es/bench/otel/v1/trace_pb.js";
import { SiteSchema } from "./gen/pbjet/bench/site/v1/site_pb.js";
import { SiteSchema as EsSiteSchema } from "./gen/es/bench/site/v1/site_pb.js";
import { LargeStringMessageSchema } from "./gen/pbjet/bench/strings/v1/strings_pb.js";
import { LargeStringMessageSchema as EsLargeStringMessageSchema } from "./gen/es/bench/strings/v1/strings_pb.js";
import { buildLogsExport, buildSite, buildTraceExport } from "./fixtures.js";
import { Rng } from "./prng.js";
import { modifyAll, planOf } from "./lazy-walk.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

const [fixture = "logs", scenario = "inspect-item", column = "lazy", msArg = "2000"] = process.argv.slice(2);
const siteJsonLength = (init: unknown) => JSON.stringify(init, (_k, v) => (typeof v === "bigint" ? String(v) : v)).length;
const strings = (): Any => {
  const rng = new Rng(300);
  const m: Any = { id: 1n };
  for (let i = 1; i <= 16; i++) m[`s${i}`] = "lorem ipsum dolor sit amet ".repeat(rng.int(5, 15));
  m.s7 = `Größenänderung — “${"x".repeat(50)}” — 日本語のテキスト 🚀`;
  m.notes = Array.from({ length: 12 }, () => "consectetur adipiscing elit ".repeat(rng.int(2, 7)));
  return m;
};
const table: Record<string, [pb.DescMessage, es.DescMessage, () => unknown]> = {
  logs: [LogsSchema, EsLogsSchema, () => buildLogsExport(new Rng(8), 100)],
  trace: [TraceSchema, EsTraceSchema, () => buildTraceExport(new Rng(6), 100)],
  site: [SiteSchema, EsSiteSchema, () => buildSite(new Rng(1), 8 * 1024, siteJsonLength)],
  site64: [SiteSchema, EsSiteSchema, () => buildSite(new Rng(1), 64 * 1024, siteJsonLength)],
  strings: [LargeStringMessageSchema, EsLargeStringMessageSchema, strings],
};
const [schema, esSchema, build] = table[fixture];
const bytes = pb.toBinary(schema, pb.create(schema, build() as never));

const decode: (b: Uint8Array) => Any =
  column === "es"
    ? (b) => es.fromBinary(esSchema, b)
    : column === "eager"
      ? (b) => pb.fromBinary(schema, b)
      : column === "lazy"
        ? (b) => pb.fromBinary(schema, b, { lazy: true })
        : (b) => pb.fromBinary(schema, b, { lazy: true, validate: false });
const encode: (m: Any) => Uint8Array = column === "es" ? (m) => es.toBinary(esSchema, m) : (m) => pb.toBinary(schema, m);

function readAll(plan: Any, m: Any): number {
  let n = 0;
  const visit = (p: Any, x: Any): void => {
    for (const f of p) {
      const v = x[f.name];
      if (v === undefined) continue;
      if (f.sub && Array.isArray(v)) for (const e of v) visit(f.sub, e);
      else if (f.sub && f.k === 1) visit(f.sub, v);
      else n++;
    }
  };
  visit(plan, m);
  return n;
}

function inspectItem(m: Any): number {
  let n = 0;
  if (fixture === "logs") {
    for (const rl of m.resourceLogs)
      for (const sl of rl.scopeLogs) for (const r of sl.logRecords) for (const a of r.attributes) if (a.key === "code.lineno") n++;
  } else {
    for (const p of m.pages) for (const c of p.components) if (c.componentType === 3) n++;
  }
  return n;
}
function inspectGroup(m: Any): number {
  let n = 0;
  if (fixture === "logs") {
    for (const rl of m.resourceLogs) for (const sl of rl.scopeLogs) for (const a of sl.scope?.attributes ?? []) if (a.key === "pipeline.drop") n++;
  } else {
    for (const p of m.pages) for (const t of p.metaTags) if (t.name === "robots") n++;
  }
  return n;
}

/** Site: drops the pages with a robots meta tag (lazy: a mutable copy of the root). */
function filterSite(m: Any): Any {
  const keep = (p: Any) => !p.metaTags.some((t: Any) => t.name === "robots");
  if (column === "es" || column === "eager") {
    m.pages = m.pages.filter(keep);
    return m;
  }
  const out = pb.toMutable(schema, m) as Any;
  out.pages = out.pages.filter(keep);
  return out;
}

const plan = planOf(schema, "es");
const run: () => unknown = {
  unmarshal: () => decode(bytes),
  pass: () => encode(decode(bytes)),
  readall: () => readAll(plan, decode(bytes)),
  passreadall: () => {
    const m = decode(bytes);
    readAll(plan, m);
    return encode(m);
  },
  modify: () => {
    const m = decode(bytes);
    modifyAll(plan, m);
    return encode(m);
  },
  "inspect-item": () => {
    const m = decode(bytes);
    inspectItem(m);
    return encode(m);
  },
  "inspect-group": () => {
    const m = decode(bytes);
    inspectGroup(m);
    return encode(m);
  },
  filter: () => encode(filterSite(decode(bytes))),
  redact: () => {
    const m = decode(bytes);
    for (const rl of m.resourceLogs)
      for (const sl of rl.scopeLogs)
        for (const r of sl.logRecords)
          for (const a of r.attributes)
            if (a.key === "user.id") a.value = { $typeName: "bench.otel.v1.AnyValue", value: { case: "stringValue", value: "[redacted]" } };
    return encode(m);
  },
}[scenario]!;

let sink: unknown;
const budget = Number(msArg);
for (let i = 0; i < 200; i++) sink = run();
let n = 0;
const t0 = performance.now();
while (performance.now() - t0 < budget) {
  for (let i = 0; i < 50; i++) sink = run();
  n += 50;
}
const us = ((performance.now() - t0) * 1000) / n;
console.log(`${fixture} ${scenario} ${column}: ${bytes.length} bytes, ${us.toFixed(2)} us`, typeof sink);
