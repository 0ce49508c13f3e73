/**
 * JSON benchmark: toJson / toJsonString / fromJson / fromJsonString of pbjet against
 * @bufbuild/protobuf, on the perf fixtures (example.User, perf.PerfMessage, ...).
 *
 *   npx tsc -p tsconfig.json && node --single-threaded-gc dist/json-bench.js [regex] [seconds]
 *
 * The contenders run interleaved in short slices (about 5 ms each), with an A/A control (pbjet
 * twice), as the notes on measuring on these shared 2-core machines recommend. Rates are over
 * the process's CPU time, the median over the slices. Output: ops/s of each contender and the
 * ratio pbjet / protobuf-es; trust ratios when A/A reads about 1.00.
 */
import * as pbjet from "@pbjet/protobuf";
import * as es from "@bufbuild/protobuf";
import { registry, oracleRegistry } from "./helpers";

const filter = new RegExp(process.argv[2] ?? ".");
const seconds = Number(process.argv[3] ?? 2);

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x9e3779b9) >>> 0;
    let t = a ^ (a >>> 16);
    t = Math.imul(t, 0x85ebca6b);
    t ^= t >>> 13;
    t = Math.imul(t, 0xc2b2ae35);
    return ((t ^ (t >>> 16)) >>> 0) / 4294967296;
  };
}

const words = "alpha beta gamma delta epsilon zeta theta kappa lambda sigma omega request response header payload".split(" ");
const wide = ["Grüße", "café", "日本語", "Ελληνικά", "🎉"];

function text(rand: () => number, length: number, nonAscii = false): string {
  let s = "";
  while (s.length < length) {
    const pool = nonAscii && rand() < 0.25 ? wide : words;
    s += (s === "" ? "" : " ") + pool[Math.floor(rand() * pool.length)];
  }
  return s;
}

function bytes(rand: () => number, n: number): Uint8Array {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = Math.floor(rand() * 256);
  return b;
}

function perfMessage(): Record<string, unknown> {
  const rand = prng(7);
  const small = (i: number) => ({
    int32Field: 100 + i,
    int64Field: -(1n << 40n) - BigInt(i),
    doubleField: 0.25 + i,
    boolField: true,
    stringField: text(rand, 40),
    bytesField: bytes(rand, 32),
    enumField: 2,
    repeatedLongStringField: [text(rand, 120)],
  });
  return {
    repeatedLongStringField: Array.from({ length: 10 }, (_, i) => text(rand, 1000, i >= 8)),
    repeatedLongBytesField: Array.from({ length: 10 }, () => bytes(rand, 1024)),
    int32Field: 123456,
    int64Field: 9007199254740993n,
    doubleField: 3.141592653589793,
    boolField: true,
    stringField: "perf message",
    bytesField: bytes(rand, 64),
    enumField: 1,
    child: { ...small(0), child: small(1) },
    children: [small(2), small(3), small(4)],
  };
}

function scalars(i: number): Record<string, unknown> {
  return {
    doubleField: 0.75 + i,
    floatField: 0.5 + i,
    int64Field: -1234567890123n - BigInt(i),
    uint64Field: 18446744073709551000n + BigInt(i % 500),
    int32Field: -123456 - i,
    fixed64Field: 1311768467463790320n + BigInt(i),
    fixed32Field: 0xdeadbeef - i,
    boolField: true,
    stringField: `scalar string ${i}`,
    bytesField: new Uint8Array([0xde, 0xad, 0xbe, 0xef, i & 0xff]),
    uint32Field: 0xfffffff0 - i,
    sfixed32Field: -987654 - i,
    sfixed64Field: -876543210987n - BigInt(i),
    sint32Field: -54321 - i,
    sint64Field: -765432109876n - BigInt(i),
  };
}

const fixtures: { name: string; typeName: string; init: Record<string, unknown> }[] = [
  { name: "tiny example.User", typeName: "example.User", init: { firstName: "Jane", active: true } },
  {
    name: "normal example.User",
    typeName: "example.User",
    init: {
      firstName: "Jane",
      lastName: "Doe",
      active: true,
      manager: { firstName: "Jack", lastName: "Smith", active: true },
      locations: ["Berlin", "Amsterdam", "San Francisco"],
      projects: { atlas: "Infrastructure", nimbus: "Cloud platform", orion: "Mobile app" },
    },
  },
  { name: "perf.PerfMessage", typeName: "perf.PerfMessage", init: perfMessage() },
  { name: "scalar values", typeName: "perf.ScalarValuesMessage", init: scalars(1) },
  {
    name: "1000 messages",
    typeName: "perf.RepeatedMessages",
    init: { messages: Array.from({ length: 1000 }, (_, i) => scalars(i)) },
  },
  {
    name: "map with 1000 messages",
    typeName: "perf.MapMessages",
    init: { messages: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`key-${i}`, scalars(i)])) },
  },
];

let sink: unknown;

function flat(s: string): number {
  return s.charCodeAt(s.length >> 1);
}

/**
 * Runs the contenders interleaved in ~5 ms slices for `total` ms; returns the median ops/s
 * of each over its slices (robust against bursts of load from other processes).
 */
function race(fns: (() => unknown)[], total: number): number[] {
  const rates: number[][] = fns.map(() => []);
  // Calibrate a batch size per contender: about 0.5 ms.
  const batch = fns.map((f) => {
    let n = 1;
    for (;;) {
      const t0 = performance.now();
      for (let i = 0; i < n; i++) sink = f();
      if (performance.now() - t0 > 0.5 || n > 1 << 20) return n;
      n *= 2;
    }
  });
  const end = performance.now() + total;
  let round = 0;
  while (performance.now() < end) {
    for (let k = 0; k < fns.length; k++) {
      const j = (k + round) % fns.length;
      const f = fns[j];
      let ops = 0;
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      while (performance.now() - t0 < 5) {
        for (let i = 0; i < batch[j]; i++) sink = f();
        ops += batch[j];
      }
      // CPU time of this process: time spent descheduled by other processes does not count.
      const cpu = process.cpuUsage(cpu0);
      rates[j].push((ops / (cpu.user + cpu.system)) * 1e6);
    }
    round++;
  }
  return rates.map((r) => {
    const sorted = r.sort((a, b) => a - b);
    return sorted[sorted.length >> 1];
  });
}

function fmt(n: number): string {
  return Math.round(n).toLocaleString("en-US").padStart(11);
}

function main(): void {
  const ours = registry("test");
  const theirs = oracleRegistry("test");
  console.log(`# node ${process.version}, ${seconds}s per case, median over 5 ms slices of ops per CPU second; ratio = pbjet / protobuf-es`);
  console.log(`# ${"case".padEnd(38)} ${"pbjet".padStart(11)} ${"protobuf-es".padStart(11)}  ratio   A/A`);
  for (const fx of fixtures) {
    const s = ours.getMessage(fx.typeName)!;
    const os = theirs.getMessage(fx.typeName)!;
    const m = pbjet.create(s, fx.init);
    const om = es.create(os, fx.init as never);
    const json = pbjet.toJson(s, m);
    const str = pbjet.toJsonString(s, m);
    const ojson = es.toJson(os, om);
    const ostr = es.toJsonString(os, om);
    if (!pbjet.equals(s, pbjet.fromJsonString(s, ostr), m) || !es.equals(os, es.fromJsonString(os, str), om)) {
      throw new Error(`${fx.name}: JSON does not round-trip between the libraries`);
    }
    const cases: [string, () => unknown, () => unknown][] = [
      ["toJson", () => pbjet.toJson(s, m), () => es.toJson(os, om)],
      // charCodeAt flattens a string built by concatenation, as writing it out would.
      ["toJsonString", () => flat(pbjet.toJsonString(s, m)), () => flat(es.toJsonString(os, om))],
      ["fromJson", () => pbjet.fromJson(s, json), () => es.fromJson(os, ojson)],
      ["fromJsonString", () => pbjet.fromJsonString(s, str), () => es.fromJsonString(os, ostr)],
    ];
    for (const [op, a, b] of cases) {
      const name = `${op.padEnd(14)} ${fx.name}`;
      if (!filter.test(name)) continue;
      // A second closure of pbjet for the A/A control.
      const a2 = [() => pbjet.toJson(s, m), () => flat(pbjet.toJsonString(s, m)), () => pbjet.fromJson(s, json), () => pbjet.fromJsonString(s, str)][
        cases.findIndex((c) => c[0] === op)
      ];
      const [x, y, z] = race([a, b, a2], seconds * 1000);
      console.log(`${name.padEnd(40)} ${fmt(x)} ${fmt(y)}  ${(x / y).toFixed(2)}x  ${(x / z).toFixed(2)}`);
    }
  }
  void sink;
}

main();
