// The matrix's cells measured the other way: every library alone in a process of its own.
//
//   node --import tsx src/isolated.ts [--filter <regex>] [--ops encode,decode,...] [--rows pbjetAot,pjsKeep,...]
//                                     [--runs 5] [--ms 1500] [--gc single|concurrent] [--subject pbjetAotPooled]
//
// The matrix (src/matrix.ts) interleaves the libraries in one process, short slices each: they share
// the heap, the garbage collector's work and the C allocator's free lists. A program that uses one
// library sees none of the others. Here every (fixture, operation, library) runs in a fresh node
// process for --ms milliseconds after a warm-up, --runs times, the rows in a rotating order; the
// table gives each row's median rate and the --subject row (default pbjetAot: pbjet aot=true) over
// the best peer (the median of the runs' ratios). With --gc single (the default, as the matrix) the children run with --single-threaded-gc:
// the garbage collector's sweeping of dead ArrayBuffers happens on the main thread, inside the timed
// calls; with --gc concurrent they run with node's defaults, which sweep on a background thread.
// Prints markdown; writes nothing.

import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

import { buildFixtures } from "./fixtures.js";
import { machine } from "./machine.js";
import { median } from "./measure.js";
import { buildSubjects, esJsonLength, LIBS, OPS, PEERS, type LibId, type Op } from "./libs.js";

const argv = process.argv.slice(2);
const VALUE_OPTIONS = ["--filter", "--ops", "--rows", "--runs", "--ms", "--gc", "--subject"];
if (!argv.includes("--child")) {
  for (let i = 0; i < argv.length; i++) {
    if (VALUE_OPTIONS.includes(argv[i])) i++;
    else throw new Error(`unknown option ${argv[i]}; options: ${VALUE_OPTIONS.map((o) => `${o} <value>`).join(", ")}`);
  }
}

/** The value after `name` on the command line, if given. */
function argValue(name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** Child mode: run one row's operation on one fixture for `ms` milliseconds; print calls per second. */
function runChild(fixtureId: string, row: LibId, op: Op, ms: number): void {
  const fx = buildFixtures(esJsonLength).find((f) => f.id === fixtureId);
  if (!fx) throw new Error(`no fixture ${fixtureId}`);
  const fn = buildSubjects(fx).get(row)?.ops[op];
  if (!fn) return; // the library lacks the operation
  // Warm-up: long enough for the optimizing compiler, short against the timed part.
  const warmEnd = performance.now() + Math.min(500, ms / 2);
  while (performance.now() < warmEnd) for (let i = 0; i < 100; i++) fn();
  let calls = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < ms) {
    for (let i = 0; i < 100; i++) fn();
    calls += 100;
    t = performance.now();
  }
  process.stdout.write(`${(calls / (t - t0)) * 1000}\n`);
}

/** Parent mode: spawn a child per (fixture, op, row, run) and print the table. */
function runAll(): void {
  const filter = argValue("--filter") ? new RegExp(argValue("--filter")!) : undefined;
  const ops = (argValue("--ops")?.split(",") ?? ["encode", "decode", "jsonEncode", "jsonDecode"]) as Op[];
  for (const op of ops) if (!OPS.includes(op)) throw new Error(`unknown op ${op}; one of ${OPS.join(", ")}`);
  const rows = (argValue("--rows")?.split(",") ?? ["pbjet", "pbjetAot", ...PEERS]) as LibId[];
  for (const row of rows) {
    if (!LIBS.some((l) => l.id === row)) throw new Error(`unknown row ${row}; one of ${LIBS.map((l) => l.id).join(", ")}`);
  }
  // The row compared with the best peer (the ratio and range columns).
  const subject = (argValue("--subject") ?? "pbjetAot") as LibId;
  if (!rows.includes(subject)) throw new Error(`--subject ${subject}: not one of the rows (${rows.join(", ")})`);
  const runs = Number(argValue("--runs") ?? 5);
  const ms = Number(argValue("--ms") ?? 1500);
  const fixtures = buildFixtures(esJsonLength).filter((f) => !filter || filter.test(f.id));
  const script = fileURLToPath(import.meta.url);
  const gc = argValue("--gc") ?? "single";
  if (gc !== "single" && gc !== "concurrent") throw new Error(`--gc ${gc}: single or concurrent`);
  const nodeFlags = gc === "single" ? ["--single-threaded-gc"] : [];

  console.log(
    `Each cell: median calls/s of ${runs} processes of ${ms} ms (after a warm-up), ${gc === "single" ? "--single-threaded-gc" : "node's default (concurrent) GC"}; Node ${machine.node}, ${machine.nproc} cores, ${machine.cpu}, ${machine.memory}.\n`,
  );
  console.log(`| fixture | operation | ${rows.join(" | ")} | ${subject} / best peer | range |`);
  console.log(`|---|---|${rows.map(() => "---:|").join("")}---:|---|`);
  for (const fx of fixtures) {
    for (const op of ops) {
      const rates = new Map<LibId, number[]>(rows.map((r) => [r, []]));
      const subjectOverBest: number[] = [];
      for (let run = 0; run < runs; run++) {
        const order = rows.map((_, i) => rows[(i + run) % rows.length]);
        const hz = new Map<LibId, number>();
        for (const row of order) {
          const child = spawnSync(process.execPath, [...nodeFlags, "--import", "tsx", script, "--child", fx.id, row, op, String(ms)], {
            encoding: "utf8",
          });
          if (child.status !== 0) throw new Error(`${fx.id} ${op} ${row}: child failed\n${child.stderr}`);
          const out = child.stdout.trim();
          if (out !== "") hz.set(row, Number(out));
        }
        for (const [row, v] of hz) rates.get(row)!.push(v);
        const best = Math.max(...PEERS.filter((p) => hz.has(p)).map((p) => hz.get(p)!));
        if (hz.has(subject) && best > 0) subjectOverBest.push(hz.get(subject)! / best);
      }
      const cells = rows.map((r) => (rates.get(r)!.length > 0 ? Math.round(median(rates.get(r)!)).toLocaleString("en-US") : "–"));
      const range = subjectOverBest.length > 0 ? `${Math.min(...subjectOverBest).toFixed(2)}–${Math.max(...subjectOverBest).toFixed(2)}` : "";
      const ratio = subjectOverBest.length > 0 ? `${median(subjectOverBest).toFixed(2)}x` : "–";
      console.log(`| ${fx.id} | ${op} | ${cells.join(" | ")} | ${ratio} | ${range} |`);
    }
  }
}

const childAt = argv.indexOf("--child");
if (childAt >= 0) {
  const [fixtureId, row, op, ms] = argv.slice(childAt + 1);
  runChild(fixtureId, row as LibId, op as Op, Number(ms));
} else {
  runAll();
}
