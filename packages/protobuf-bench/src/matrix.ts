// The benchmark matrix: every fixture × operation × library, interleaved in one process.
//
//   npm run bench                 full run, writes BENCHMARKS.md (Matrix section: the summary),
//                                 docs/benchmarks/matrix.md (every cell) and docs/bench-matrix.svg
//   npm run bench -- --quick      shorter run (about 20 minutes: rows warm up until they stop getting faster)
//   options: --filter <regex> (fixture ids), --ops encode,decode,..., --no-write,
//            --budget <ms per cell>, --slice <ms>, --warmup <CPU ms per row>, --settle <CPU ms per
//            row: most warm-up added while a row still gets faster; 0 for none>, --check
//            (correctness checks only)
//
// Run through scripts/bench.mjs, which starts node with --single-threaded-gc and --expose-gc.

import { writeGeneratedPage, writeMarkedSection } from "./benchmarks-md.js";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

import * as pbjet from "@pbjet/protobuf";
import * as es from "@bufbuild/protobuf";

import { buildFixtures, type Fixture } from "./fixtures.js";
import { machine, versions } from "./machine.js";
import { checkInit } from "./init-walk.js";
import { buildSubjects, esJsonLength, esSchema, LIBS, OPS, pbjetSchema, type LibId, type Op, type Subject } from "./libs.js";
import { measureCell, type Contender } from "./measure.js";
import { checkPeers, type FailScope } from "./peers-check.js";
import { renderMarkdown, renderSvg, type CellOutcome, type SizeRow } from "./report.js";

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = join(here, "..");
const repoRoot = join(pkgDir, "..", "..");

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

// ---------------------------------------------------------------------------------------------
// Arguments

const argv = process.argv.slice(2);
const FLAGS = ["--quick", "--check", "--no-write"];
const VALUE_OPTIONS = ["--filter", "--ops", "--slice", "--budget", "--warmup", "--settle"];
for (let i = 0; i < argv.length; i++) {
  if (VALUE_OPTIONS.includes(argv[i])) i++;
  else if (!FLAGS.includes(argv[i]))
    throw new Error(`unknown option ${argv[i]}; options: ${[...FLAGS, ...VALUE_OPTIONS.map((o) => `${o} <value>`)].join(", ")}`);
}
function argValue(name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}
const quick = argv.includes("--quick");
/** Run the correctness checks only; exit 1 if any fails. */
const checkOnly = argv.includes("--check");
const write = !argv.includes("--no-write");
const filter = argValue("--filter") ? new RegExp(argValue("--filter")!) : undefined;
const ops: Op[] = argValue("--ops") ? (argValue("--ops")!.split(",") as Op[]) : [...OPS];
for (const op of ops) if (!OPS.includes(op)) throw new Error(`unknown op ${op}; one of ${OPS.join(", ")}`);
const sliceMs = Number(argValue("--slice") ?? 5);
const budgetMs = Number(argValue("--budget") ?? (quick ? 400 : 5000));
const warmupMs = Number(argValue("--warmup") ?? (quick ? 100 : 250));
const minRounds = quick ? 8 : 30;
const settleMs = Number(argValue("--settle") ?? 2000);

// ---------------------------------------------------------------------------------------------
// Machine and versions
// (src/machine.ts)

const command = process.env.PBJET_BENCH_COMMAND ?? `npm run bench --${argv.length ? " " + argv.join(" ") : ""}`;
const nodeCommand =
  process.env.PBJET_BENCH_NODE_COMMAND ?? `node ${process.execArgv.join(" ")} ${relative(repoRoot, process.argv[1])} ${argv.join(" ")}`.trim();
const gcFlags = process.execArgv.filter((a) => a.includes("gc"));
if (!gcFlags.includes("--single-threaded-gc")) {
  console.warn("warning: node runs without --single-threaded-gc; run through `npm run bench` for comparable numbers");
}
const collectGarbage: () => void = (globalThis as Any).gc ?? (() => {});

// ---------------------------------------------------------------------------------------------
// Fixtures and subjects

const t0 = performance.now();
const allFixtures = buildFixtures(esJsonLength);
const fixtures = allFixtures.filter((f) => !filter || filter.test(f.id));
if (fixtures.length === 0) throw new Error(`--filter matches no fixture; ids: ${allFixtures.map((f) => f.id).join(", ")}`);

const notes: string[] = [
  "JSON encode times each row's call and one character read from the middle of its text, which makes V8 flatten text built by concatenation into one piece (as a socket write, Buffer.from() or TextEncoder would): pbjet's writers concatenate and pay that here; JSON.stringify's text is flat already.",
];

const problems: string[] = [];
/** Cells left out where a peer's documented limit (LIBS[].limits) makes a check fail: expected, not problems. */
const limitExclusions: string[] = [];
const checks: string[] = [];
/**
 * Rows left out of a fixture's timing because a check failed: "all" cells, only the JSON cells
 * when only JSON failed, or only passthrough and decode-read-one-field-encode when only
 * re-encoding a decoded message failed. (A size mismatch alone is only reported: the row is still
 * timed.)
 */
const excluded = new Map<string, Map<LibId, Set<FailScope>>>();
/** Checks made; each failure adds one problem. */
let checksRun = 0;
function fail(fx: Fixture, lib: LibId | undefined, msg: string, scope: FailScope = "all", known = false) {
  (known ? limitExclusions : problems).push(`${fx.id}${lib ? ` / ${LIBS.find((l) => l.id === lib)!.label}` : ""}: ${msg}`);
  if (!lib || scope === "none") return;
  if (!excluded.has(fx.id)) excluded.set(fx.id, new Map());
  const ex = excluded.get(fx.id)!;
  for (const id of lib === "pbjet" ? (["pbjet", "pbjetAA"] as const) : [lib]) {
    if (!ex.has(id)) ex.set(id, new Set());
    ex.get(id)!.add(scope);
  }
}
function isExcluded(fixture: string, lib: LibId, op: Op): boolean {
  const scopes = excluded.get(fixture)?.get(lib);
  if (!scopes) return false;
  return (
    scopes.has("all") ||
    (scopes.has("json") && (op === "jsonEncode" || op === "jsonDecode")) ||
    (scopes.has("reencode") && (op === "passthrough" || op === "readOne"))
  );
}

function normalize(v: unknown): string {
  if (v instanceof Uint8Array) return `bytes:${Buffer.from(v).toString("hex")}`;
  if (typeof v === "bigint") return v.toString();
  if (v && typeof v === "object" && "low" in v && "high" in v) return String(v); // protobufjs Long
  return JSON.stringify(v);
}

/** JSON text with object members sorted, to compare JSON documents regardless of member order. */
function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(",")}]`;
  if (v && typeof v === "object") {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Any)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v);
}

const subjects = new Map<string, Map<LibId, Subject>>();
for (const fx of fixtures) {
  const desc = pbjetSchema(fx.typeName);
  checksRun++;
  try {
    checkInit(desc, fx.init);
  } catch (e) {
    fail(fx, undefined, `fixture init does not match the schema: ${(e as Error).message}`);
    continue;
  }
  subjects.set(fx.id, buildSubjects(fx));
}

// ---------------------------------------------------------------------------------------------
// Correctness before speed

const sizes: SizeRow[] = [];
for (const fx of fixtures) {
  const subs = subjects.get(fx.id);
  if (!subs) continue;
  const desc = pbjetSchema(fx.typeName);
  const ref = subs.get("pbjet")!.message as Any;
  const esSub = subs.get("es")!;
  const wire = esSub.encode(esSub.message);
  const esDesc = esSchema(fx.typeName);
  // Equal in pbjet, and (so a lenient pbjet equals cannot hide a difference) in @bufbuild/protobuf.
  const equalsRef = (bytes: Uint8Array) =>
    pbjet.equals(desc, pbjet.fromBinary(desc, bytes), ref) && es.equals(esDesc, es.fromBinary(esDesc, bytes), esSub.message as Any);

  // 1. Each library's own encoding decodes in pbjet to pbjet's message; sizes agree.
  for (const lib of ["pbjet", "pbjetAot", "pbjetAotPooled", "es", "pjsKeep", "pjsDefault", "pjsProtojson"] as const) {
    const s = subs.get(lib)!;
    checksRun += 2;
    try {
      const bytes = s.encode(s.message);
      if (!equalsRef(bytes)) fail(fx, lib, "its binary encoding decodes in pbjet to a message that differs from pbjet's");
      if (bytes.length !== wire.length) fail(fx, lib, `binary size ${bytes.length} differs from @bufbuild/protobuf's ${wire.length}`, "none");
    } catch (e) {
      fail(fx, lib, `encode check threw: ${(e as Error).message}`);
    }
  }
  // 2. Each library decodes the reference bytes into a message that re-encodes to the same message.
  for (const lib of ["pbjet", "pbjetAot", "pbjetAotPooled", "es", "pjsKeep", "pjsDefault"] as const) {
    const s = subs.get(lib)!;
    checksRun++;
    try {
      if (!equalsRef(s.encode(s.decode(wire)))) fail(fx, lib, "decoding the reference bytes and encoding again changes the message");
    } catch (e) {
      fail(fx, lib, `decode check threw: ${(e as Error).message}`);
    }
  }
  // 3. The field read by decode-read-one-field-encode has the same value everywhere.
  const readVals = new Map<LibId, string>();
  for (const lib of ["pbjet", "es", "pjsKeep", "pjsDefault", "json"] as const) {
    const s = subs.get(lib)!;
    let v: unknown = lib === "json" ? s.message : s.decode(wire);
    for (const k of fx.readPath) v = (v as Any)?.[k];
    readVals.set(lib, normalize(v));
  }
  const pbRead = readVals.get("pbjet")!;
  if (pbRead === undefined || pbRead === "undefined") fail(fx, "pbjet", `read path ${fx.readPath.join(".")} reads nothing`);
  for (const [lib, v] of readVals) {
    if (lib === "json") continue; // ProtoJSON writes bytes as base64 and 64-bit integers as strings
    checksRun++;
    if (v !== pbRead) fail(fx, lib, `read path ${fx.readPath.join(".")} gives ${v}, pbjet gives ${pbRead}`);
  }
  // ts-proto and pbf: the same checks, in src/peers-check.ts.
  checksRun += checkPeers({
    fx,
    desc,
    esDesc,
    subs,
    wire,
    pbRead,
    normalize,
    fail: (lib, msg, scope, known) => fail(fx, lib, msg, scope, known),
    note: (msg) => notes.push(msg),
  });
  // 4. JSON: ProtoJSON rows parse (in @bufbuild/protobuf and in pbjet) back to pbjet's message;
  //    protobufjs's toObject JSON round-trips through protobufjs.
  for (const lib of ["pbjet", "es", "pjsProtojson"] as const) {
    const json = subs.get(lib)!.json!;
    checksRun += 2;
    try {
      if (!equalsRef(esSub.encode(esSub.fromJson!(json)))) fail(fx, lib, "its JSON, read by @bufbuild/protobuf, gives a different message", "json");
      if (!pbjet.equals(desc, pbjet.fromJsonString(desc, json), ref)) fail(fx, lib, "its JSON, read by pbjet, gives a different message", "json");
    } catch (e) {
      fail(fx, lib, `JSON check threw: ${(e as Error).message}`, "json");
    }
  }
  if (subs.get("pbjet")!.json !== esSub.json) {
    const sameContent = canonicalJson(JSON.parse(subs.get("pbjet")!.json!)) === canonicalJson(JSON.parse(esSub.json!));
    notes.push(
      `${fx.id}: pbjet's JSON text differs from @bufbuild/protobuf's (${sameContent ? "same members, in a different order" : "different members or values; the message still reads back equal"})`,
    );
  }
  for (const lib of ["pjsKeep", "pjsDefault"] as const) {
    const s = subs.get(lib)!;
    checksRun++;
    try {
      if (!equalsRef(s.encode(s.fromJson!(s.json!)))) fail(fx, lib, "its toObject JSON does not round-trip to the same message", "json");
    } catch (e) {
      fail(fx, lib, `JSON round-trip threw: ${(e as Error).message}`, "json");
    }
  }

  const json = Buffer.from(esSub.json!, "utf8");
  sizes.push({
    fixture: fx.id,
    title: fx.title,
    binary: wire.length,
    binaryGz: gzipSync(wire).length,
    json: json.length,
    jsonGz: gzipSync(json).length,
  });
  if (fx.id === "site-events") {
    // The article gzips each event on its own; show that too.
    const events = (esSub.message as Any).events as Any[];
    const evSchema = esSchema("bench.site.v1.SiteEventData");
    let bin = 0,
      binGz = 0,
      js = 0,
      jsGz = 0;
    for (const ev of events) {
      const b = es.toBinary(evSchema, ev);
      const j = Buffer.from(es.toJsonString(evSchema, ev), "utf8");
      bin += b.length;
      binGz += gzipSync(b).length;
      js += j.length;
      jsGz += gzipSync(j).length;
    }
    sizes.push({
      fixture: fx.id,
      title: fx.title,
      binary: bin,
      binaryGz: binGz,
      json: js,
      jsonGz: jsGz,
      note: `${events.length} events, each encoded and gzipped alone, sizes summed`,
    });
  }
}

const setupMs = performance.now() - t0;
checks.push(`${fixtures.length} fixtures built and checked against their schemas, ${checksRun} checks in all, in ${(setupMs / 1000).toFixed(1)} s.`);
checks.push(
  "Binary: every library's encoding of the fixture decodes in pbjet to a message `equals` to pbjet's own (compared by decoding, since field order may differ), with the same size as @bufbuild/protobuf's.",
);
checks.push(
  "Decode: every library decodes the reference bytes (@bufbuild/protobuf's encoding, the input of all decode cells) and re-encodes them to an equal message.",
);
checks.push(
  "JSON: ProtoJSON from pbjet, @bufbuild/protobuf and protobufjs+protojson reads back (in @bufbuild/protobuf and in pbjet) to an equal message; protobufjs's toObject JSON round-trips through protobufjs.",
);
checks.push("The field read by decode-read-one-field-encode has the same value in every library.");
checks.push(
  "ts-proto: the same binary, decode and read checks; its toJSON text reads back in @bufbuild/protobuf to an equal message, and its fromJSON of the ProtoJSON text every JSON decode cell reads gives an equal message.",
);
checks.push(
  "pbf: its encoding of the fixture, and the values it decodes from the reference bytes (turned back into the fixture's shape), equal the fixture as pbf can hold it (64-bit values rounded to doubles, optional zero scalars unset; a note names each fixture where that differs from the fixture); encoding what it decoded must give the same message, else its passthrough and decode-read-one-field-encode cells are left out.",
);
console.log(
  `pbjet matrix (${quick ? "quick" : "full"}): ${fixtures.length} fixtures × ${ops.length} operations; node ${process.version} ${gcFlags.join(" ")}`,
);
console.log(`machine: ${machine.cpu}, nproc ${machine.nproc}`);
if (limitExclusions.length > 0) {
  console.log(`\nleft out by the peers' documented limits (expected; see the rows' limits):`);
  for (const p of limitExclusions) console.log(`  - ${p}`);
}
if (problems.length > 0) {
  console.log(`\ncorrectness problems (rows excluded from timing where they occur):`);
  for (const p of problems) console.log(`  ✗ ${p}`);
} else {
  console.log("correctness checks: all passed");
}
for (const n of notes) console.log(`note: ${n}`);
if (checkOnly) {
  console.log(
    `${Math.max(0, checksRun - problems.length - limitExclusions.length)} passed, ${problems.length} failed, ${limitExclusions.length} skipped`,
  );
  process.exit(problems.length > 0 ? 1 : 0);
}

// ---------------------------------------------------------------------------------------------
// Timing

const TIMED_ORDER: LibId[] = [
  "pbjet",
  "pbjetAA",
  "pbjetAot",
  "pbjetAotPooled",
  "es",
  "pjsKeep",
  "pjsDefault",
  "tsProto",
  "pbf",
  "pjsProtojson",
  "json",
];
/** The operations that call toBinary: the only ones where the pooled row differs from the aot row. */
const POOLED_OPS: ReadonlySet<Op> = new Set<Op>(["encode", "passthrough", "readOne"]);
const SHORT: Record<LibId, string> = {
  pbjet: "pbjet",
  pbjetAA: "A/A",
  pbjetAot: "aot",
  pbjetAotPooled: "aot-pool",
  es: "es",
  pjsKeep: "pjs-keep",
  pjsDefault: "pjs-dflt",
  tsProto: "ts-proto",
  pbf: "pbf",
  pjsProtojson: "pjs-pjson",
  json: "JSON",
};
const cells: CellOutcome[] = [];
const method = `tinybench-driven rounds; in each round every row runs one slice of about ${sliceMs} ms (a batch of calls sized in warm-up), rows in a fresh seeded order each round; ops/s = a row's summed calls over the process CPU time of its slices (so time the process spent descheduled by other processes does not count; on a quiet machine CPU time and wall time agree, and the wall-clock rates are kept in packages/protobuf-bench/results/); ${budgetMs} ms of rounds per cell (at least ${minRounds} rounds) after ${warmupMs} ms (CPU time) of warm-up per row (a quarter of that for the A/A and JSON rows), more while a row still gets faster (windows of 100 ms of CPU time or half that warm-up if longer, until three in a row are no more than 3% faster than the fastest before; at most ${settleMs} ms: rows are timed at their plateau, not on their way there), and two unmeasured rounds; all rows in one process, node --single-threaded-gc, a full GC between cells; inputs are Uint8Array (decode) and strings as received (JSON decode: decoded from UTF-8 bytes, flat)`;

const timingStart = performance.now();
for (const fx of fixtures) {
  const subs = subjects.get(fx.id);
  if (!subs) continue;
  for (const op of ops) {
    const contenders: Contender[] = [];
    for (const lib of TIMED_ORDER) {
      if (isExcluded(fx.id, lib, op) || (lib === "pbjetAotPooled" && !POOLED_OPS.has(op))) continue;
      const fn = subs.get(lib)?.ops[op];
      // The A/A row runs the code pbjet's row has just warmed, and JSON.parse/stringify are built
      // in: a quarter of the warm-up does for them.
      if (fn) contenders.push({ key: lib, fn, warmupScale: lib === "pbjetAA" || lib === "json" ? 0.25 : 1 });
    }
    if (contenders.length < 2) continue;
    collectGarbage();
    const r = await measureCell(contenders, { sliceMs, budgetMs, warmupMs, minRounds, settleMs });
    const hz: Partial<Record<LibId, number>> = {};
    const hzWall: Partial<Record<LibId, number>> = {};
    const settled: Partial<Record<LibId, number>> = {};
    for (const c of r.contenders) {
      hz[c.key as LibId] = c.hz;
      hzWall[c.key as LibId] = c.hzWall;
      settled[c.key as LibId] = Math.round(c.settleMs);
    }
    cells.push({
      fixture: fx.id,
      op,
      hz,
      hzWall,
      settleMs: settled,
      rounds: r.rounds,
      cpuShare: r.contenders.reduce((a, c) => a + c.cpuMs, 0) / r.contenders.reduce((a, c) => a + c.ms, 0),
    });
    const base = hz.pbjet;
    const parts = r.contenders
      .filter((c) => c.key !== "pbjet")
      .map((c) => `${SHORT[c.key as LibId]} ${base ? (c.hz / base).toFixed(2) + "x" : Math.round(c.hz) + "/s"}`);
    console.log(
      `${fx.id.padEnd(17)} ${op.padEnd(11)} pbjet ${base ? Math.round(base).toLocaleString("en-US").padStart(10) + "/s" : "         –  "} | ${parts.join(" | ")}  (${r.rounds} rounds, cpu ${Math.round((cells[cells.length - 1].cpuShare ?? 1) * 100)}%)`,
    );
  }
}
const timingMs = performance.now() - timingStart;
console.log(`\ntiming took ${(timingMs / 1000).toFixed(0)} s`);

// ---------------------------------------------------------------------------------------------
// Output

const svgRel = "docs/bench-matrix.svg";
const report = {
  mode: quick ? ("quick" as const) : ("full" as const),
  command,
  nodeCommand,
  date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
  machine,
  versions,
  method,
  fixtures: fixtures.map((f) => ({ id: f.id, title: f.title })),
  ops,
  cells,
  sizes,
  checks,
  problems,
  limitExclusions,
  notes,
  svgPath: svgRel,
};
const detailsRel = "docs/benchmarks/matrix.md";
const markdown = renderMarkdown(report, detailsRel);
const svg = renderSvg(report);

console.log(`\n${markdown.summary}\n\n${markdown.details}`);

const resultsDir = join(pkgDir, "results");
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, `matrix-${report.mode}.json`), JSON.stringify(report, null, 2) + "\n");

if (write) {
  const mdPath = join(repoRoot, "BENCHMARKS.md");
  writeMarkedSection(
    mdPath,
    "matrix",
    markdown.summary,
    `## Matrix\n\npbjet side by side with @bufbuild/protobuf, protobufjs, ts-proto, pbf and plain JSON on realistic payloads (\`packages/protobuf-bench\`; run \`npm run bench\`, or \`npm run bench -- --quick\` for a short run). The tables between the markers are generated by that command.`,
  );
  const detailsPath = join(repoRoot, detailsRel);
  writeGeneratedPage(
    detailsPath,
    {
      title: "Benchmark matrix: every cell",
      command,
      script: "packages/protobuf-bench/src/matrix.ts",
      summaryLink: "../../BENCHMARKS.md#matrix",
      date: report.date,
    },
    "matrix",
    markdown.details,
  );
  mkdirSync(join(repoRoot, "docs"), { recursive: true });
  writeFileSync(join(repoRoot, svgRel), svg);
  const rel = (f: string) => relative(process.cwd(), f);
  console.log(`\nwrote ${rel(mdPath)} (Matrix section), ${rel(detailsPath)} and ${rel(join(repoRoot, svgRel))}`);
} else {
  console.log(`\n--no-write: BENCHMARKS.md, ${detailsRel} and the chart left as they are`);
}
