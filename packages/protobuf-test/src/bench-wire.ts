/**
 * Micro-benchmarks of the wire layer: pbjet's BinaryWriter/BinaryReader
 * against @bufbuild/protobuf's.
 *
 *   npx tsx src/bench-wire.ts            # ours vs protobuf-es
 *   npx tsx src/bench-wire.ts choices    # design-choice experiments
 *   npx tsx src/bench-wire.ts <filter>   # only cases whose name contains <filter>
 *
 * Suggested: NODE_OPTIONS=--single-threaded-gc. Each case is run in several
 * interleaved rounds (order alternating) and the best ops/sec is reported,
 * which is the least noisy statistic on a shared machine.
 */
import childProcess = require("node:child_process");
import Benchmark = require("benchmark");
import pb = require("@pbjet/protobuf/wire");
import es = require("@bufbuild/protobuf/wire");

interface Writer {
  finish(): Uint8Array;
}
type Impl = { name: string; fn: () => unknown };
type Case = { name: string; impls: Impl[] };

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MAX_TIME = Number(process.env.BENCH_TIME ?? 0.4);
let sink: unknown;

function runCase(c: Case): Map<string, number> {
  const best = new Map<string, number>();
  for (let round = 0; round < ROUNDS; round++) {
    const impls = round % 2 === 0 ? c.impls : [...c.impls].reverse();
    for (const impl of impls) {
      const bench = new Benchmark(impl.name, {
        fn: () => {
          sink = impl.fn();
        },
        maxTime: MAX_TIME,
        minSamples: 5,
      });
      bench.run();
      best.set(impl.name, Math.max(best.get(impl.name) ?? 0, bench.hz));
    }
  }
  return best;
}

function fmt(hz: number): string {
  return Math.round(hz).toLocaleString("en-US").padStart(13);
}

function report(cases: Case[]): void {
  const names = cases[0].impls.map((i) => i.name);
  console.log(`| case | ${names.join(" | ")} | ratio |`);
  console.log(`|---|${names.map(() => "---:").join("|")}|---:|`);
  for (const c of cases) {
    const r = runCase(c);
    const hz = c.impls.map((i) => r.get(i.name) ?? 0);
    const ratio = hz.length > 1 ? (hz[0] / hz[1]).toFixed(2) + "x" : "";
    console.log(`| ${c.name} | ${hz.map(fmt).join(" | ")} | ${ratio} |`);
  }
}

// ---------------------------------------------------------------------------
// Inputs

const N = 100;
const smallU32 = Array.from({ length: N }, (_, i) => i % 120);
const largeU32 = Array.from({ length: N }, (_, i) => 0xf0000000 + i * 977);
const int64s = Array.from({ length: N }, (_, i) =>
  i % 3 === 0 ? BigInt(i) : i % 3 === 1 ? BigInt(i) * BigInt(1e12) : -BigInt(i + 1) * BigInt(1e15),
);
const doubles = Array.from({ length: N }, (_, i) => i * 1.37 - 50);
const asciiShort = Array.from({ length: 10 }, (_, i) => `name-${i}-abc`);
const asciiLong = "lorem ipsum dolor sit amet ".repeat(80); // ~2 KB
const nonAsciiShort = Array.from({ length: 10 }, (_, i) => `grüße ${i} 日本`);
const nonAsciiLong = "Grüße aus Köln — 日本語のテキスト ".repeat(70); // ~2 KB
const bytes16 = new Uint8Array(16).map((_, i) => i);

function writeCases(): Case[] {
  const mk = (name: string, f: (w: es.BinaryWriter) => void): Case => ({
    name: `write ${name}`,
    impls: [
      {
        name: "pbjet",
        fn: () => {
          const w = new pb.BinaryWriter();
          f(w as unknown as es.BinaryWriter);
          return (w as Writer).finish();
        },
      },
      {
        name: "protobuf-es",
        fn: () => {
          const w = new es.BinaryWriter();
          f(w);
          return w.finish();
        },
      },
    ],
  });
  return [
    mk("uint32 small x100", (w) => {
      for (const v of smallU32) w.tag(1, 0).uint32(v);
    }),
    mk("uint32 large x100", (w) => {
      for (const v of largeU32) w.tag(1, 0).uint32(v);
    }),
    mk("int32 negative x100", (w) => {
      for (const v of smallU32) w.int32(-v - 1);
    }),
    mk("int64 bigint x100", (w) => {
      for (const v of int64s) w.int64(v);
    }),
    mk("fixed32 x100", (w) => {
      for (const v of largeU32) w.fixed32(v);
    }),
    mk("double x100", (w) => {
      for (const v of doubles) w.double(v);
    }),
    mk("string ascii short x10", (w) => {
      for (const s of asciiShort) w.tag(2, 2).string(s);
    }),
    mk("string ascii 2KB", (w) => {
      w.tag(2, 2).string(asciiLong);
    }),
    mk("string non-ascii short x10", (w) => {
      for (const s of nonAsciiShort) w.tag(2, 2).string(s);
    }),
    mk("string non-ascii 2KB", (w) => {
      w.tag(2, 2).string(nonAsciiLong);
    }),
    mk("bytes 16B x10", (w) => {
      for (let i = 0; i < 10; i++) w.tag(3, 2).bytes(bytes16);
    }),
    mk("fork/join 3 levels x10", (w) => {
      for (let i = 0; i < 10; i++) {
        w.tag(4, 2).fork().tag(1, 0).uint32(i).tag(2, 2).fork().tag(1, 2).string("abc").tag(3, 2).fork().tag(1, 1).double(1.5).join().join().join();
      }
    }),
    mk("fork/join 300B body x10", (w) => {
      for (let i = 0; i < 10; i++) w.tag(4, 2).fork().raw(bytes16).tag(2, 2).string(asciiLong.slice(0, 280)).join();
    }),
  ];
}

function encodeWith(f: (w: es.BinaryWriter) => void): Uint8Array {
  const w = new es.BinaryWriter();
  f(w);
  return w.finish();
}

function readCases(): Case[] {
  const mk = (name: string, data: Uint8Array, f: (r: es.BinaryReader) => unknown): Case => ({
    name: `read ${name}`,
    impls: [
      { name: "pbjet", fn: () => f(new pb.BinaryReader(data) as unknown as es.BinaryReader) },
      { name: "protobuf-es", fn: () => f(new es.BinaryReader(data)) },
    ],
  });
  return [
    mk(
      "uint32 small x100",
      encodeWith((w) => smallU32.forEach((v) => w.uint32(v))),
      (r) => {
        let x: unknown;
        for (let i = 0; i < N; i++) x = r.uint32();
        return x;
      },
    ),
    mk(
      "uint32 large x100",
      encodeWith((w) => largeU32.forEach((v) => w.uint32(v))),
      (r) => {
        let x: unknown;
        for (let i = 0; i < N; i++) x = r.uint32();
        return x;
      },
    ),
    mk(
      "int32 negative x100",
      encodeWith((w) => smallU32.forEach((v) => w.int32(-v - 1))),
      (r) => {
        let x: unknown;
        for (let i = 0; i < N; i++) x = r.int32();
        return x;
      },
    ),
    mk(
      "int64 x100",
      encodeWith((w) => int64s.forEach((v) => w.int64(v))),
      (r) => {
        let x: unknown;
        for (let i = 0; i < N; i++) x = r.int64();
        return x;
      },
    ),
    mk(
      "fixed32 x100",
      encodeWith((w) => largeU32.forEach((v) => w.fixed32(v))),
      (r) => {
        let x: unknown;
        for (let i = 0; i < N; i++) x = r.fixed32();
        return x;
      },
    ),
    mk(
      "double x100",
      encodeWith((w) => doubles.forEach((v) => w.double(v))),
      (r) => {
        let x: unknown;
        for (let i = 0; i < N; i++) x = r.double();
        return x;
      },
    ),
    mk(
      "tag+skip varint x100",
      encodeWith((w) => smallU32.forEach((v) => w.tag(5, 0).uint32(v))),
      (r) => {
        let x: unknown;
        for (let i = 0; i < N; i++) {
          const [, t] = r.tag();
          x = r.skip(t);
        }
        return x;
      },
    ),
    mk(
      "string ascii short x10",
      encodeWith((w) => asciiShort.forEach((s) => w.string(s))),
      (r) => {
        let x: unknown;
        for (let i = 0; i < 10; i++) x = r.string();
        return x;
      },
    ),
    mk(
      "string ascii 2KB",
      encodeWith((w) => w.string(asciiLong)),
      (r) => r.string(),
    ),
    mk(
      "string non-ascii short x10",
      encodeWith((w) => nonAsciiShort.forEach((s) => w.string(s))),
      (r) => {
        let x: unknown;
        for (let i = 0; i < 10; i++) x = r.string();
        return x;
      },
    ),
    mk(
      "string non-ascii 2KB",
      encodeWith((w) => w.string(nonAsciiLong)),
      (r) => r.string(),
    ),
    mk(
      "bytes 16B x10",
      encodeWith((w) => {
        for (let i = 0; i < 10; i++) w.bytes(bytes16);
      }),
      (r) => {
        let x: unknown;
        for (let i = 0; i < 10; i++) x = r.bytes();
        return x;
      },
    ),
  ];
}

// ---------------------------------------------------------------------------
// Design-choice experiments (variants written here for measurement only)

function choiceCases(): Case[] {
  const te = new TextEncoder();
  const cases: Case[] = [];
  // 1. Non-ASCII string encoding: inline loop vs TextEncoder.encodeInto.
  const inline = (s: string, buf: Uint8Array, pos: number): number => {
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i);
      if (c < 0x80) buf[pos++] = c;
      else if (c < 0x800) {
        buf[pos++] = 0xc0 | (c >> 6);
        buf[pos++] = 0x80 | (c & 0x3f);
      } else {
        if ((c & 0xf800) === 0xd800) {
          const d = s.charCodeAt(i + 1);
          if (c < 0xdc00 && (d & 0xfc00) === 0xdc00) {
            const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
            buf[pos++] = 0xf0 | (cp >> 18);
            buf[pos++] = 0x80 | ((cp >> 12) & 0x3f);
            buf[pos++] = 0x80 | ((cp >> 6) & 0x3f);
            buf[pos++] = 0x80 | (cp & 0x3f);
            i++;
            continue;
          }
          c = 0xfffd;
        }
        buf[pos++] = 0xe0 | (c >> 12);
        buf[pos++] = 0x80 | ((c >> 6) & 0x3f);
        buf[pos++] = 0x80 | (c & 0x3f);
      }
    }
    return pos;
  };
  const dest = new Uint8Array(1 << 20);
  for (const [label, base] of [
    ["ascii", "abcdefghij"],
    ["non-ascii", "grüße日本é"],
  ] as const) {
    for (const len of [16, 32, 64, 128, 256, 1024, 16384]) {
      const s = base.repeat(Math.ceil(len / base.length)).slice(0, len);
      cases.push({
        name: `encode ${label} ${len} chars`,
        impls: [
          { name: "inline", fn: () => inline(s, dest, 0) },
          { name: "encodeInto", fn: () => te.encodeInto(s, dest.subarray(0, 3 * s.length)).written },
        ],
      });
    }
  }
  // 2. Short ASCII decoding: inline String.fromCharCode loop vs TextDecoder.
  const td = new TextDecoder("utf-8", { ignoreBOM: true });
  for (const len of [4, 8, 16, 32, 48, 64, 128]) {
    const bytes = te.encode("k".repeat(len));
    cases.push({
      name: `decode ascii ${len} bytes`,
      impls: [
        {
          name: "inline",
          fn: () => {
            let s = "";
            for (let i = 0; i < bytes.length; i++) {
              const c = bytes[i];
              if (c >= 0x80) return td.decode(bytes);
              s += String.fromCharCode(c);
            }
            return s;
          },
        },
        { name: "TextDecoder", fn: () => td.decode(bytes) },
      ],
    });
  }
  // 3. Strict decoding: fatal TextDecoder vs own validator + lenient decoder.
  const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  for (const s of ["grüße 日本", "Grüße aus Köln — 日本語 ".repeat(40)]) {
    const bytes = te.encode(s);
    cases.push({
      name: `strict decode ${bytes.length} bytes`,
      impls: [
        { name: "fatal TextDecoder", fn: () => fatal.decode(bytes) },
        { name: "validate+decode", fn: () => (pb.findInvalidUtf8(bytes) < 0 ? td.decode(bytes) : "") },
      ],
    });
  }
  // 4. Writer initial capacity: small messages written with fresh writers.
  // (Measured by patching: compare 64 vs 256 via presized raw writes.)
  for (const size of [20, 100, 400]) {
    const chunk = new Uint8Array(size);
    cases.push({
      name: `alloc+fill ${size}B msg`,
      impls: [64, 128, 256].map((cap) => ({
        name: `cap ${cap}`,
        fn: () => {
          let buf = new Uint8Array(cap);
          while (buf.length < size) {
            const next = new Uint8Array(buf.length * 2);
            next.set(buf);
            buf = next;
          }
          buf.set(chunk);
          return buf.subarray(0, size);
        },
      })),
    });
  }
  // 5. bigint -> two 32-bit halves.
  const m32 = BigInt(0xffffffff);
  const s32 = BigInt(32);
  const big = Array.from({ length: 16 }, (_, i) => BigInt(i + 1) * BigInt("576460752303423487"));
  cases.push({
    name: "split 16 large bigints",
    impls: [
      {
        name: "asUintN+&/>>",
        fn: () => {
          let x = 0;
          for (const v of big) {
            const u = BigInt.asUintN(64, v);
            x += Number(u & m32) + Number(u >> s32);
          }
          return x;
        },
      },
      {
        name: "asUintN(32)",
        fn: () => {
          let x = 0;
          for (const v of big) {
            x += Number(BigInt.asUintN(32, v)) + Number(BigInt.asUintN(32, v >> s32));
          }
          return x;
        },
      },
    ],
  });
  return cases;
}

/** Run the cases for one implementation in this process; print JSON results. */
function runChild(cases: Case[], implName: string): void {
  const out: Record<string, number> = {};
  for (const c of cases) {
    const impl = c.impls.find((i) => i.name === implName);
    if (impl === undefined) continue;
    const bench = new Benchmark(impl.name, {
      fn: () => {
        sink = impl.fn();
      },
      maxTime: MAX_TIME,
      minSamples: 5,
    });
    bench.run();
    out[c.name] = bench.hz;
  }
  console.log(JSON.stringify(out));
}

/**
 * Run each implementation in its own child process (so that JIT feedback of
 * shared call sites is not polluted by the other implementation), in
 * interleaved rounds, and print the best ops/sec of each.
 */
function runParent(cases: Case[]): void {
  const names = ["pbjet", "protobuf-es"];
  const best = new Map<string, number>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of round % 2 === 0 ? names : [...names].reverse()) {
      const res = childProcess.spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
        env: { ...process.env, BENCH_IMPL: name },
        encoding: "utf8",
      });
      if (res.status !== 0) throw new Error(res.stderr);
      const lines = res.stdout.trim().split("\n");
      const hz = JSON.parse(lines[lines.length - 1]) as Record<string, number>;
      for (const [k, v] of Object.entries(hz)) {
        const key = `${k}\u0000${name}`;
        best.set(key, Math.max(best.get(key) ?? 0, v));
      }
    }
  }
  console.log(`| case | ${names.join(" | ")} | ratio |`);
  console.log(`|---|${names.map(() => "---:").join("|")}|---:|`);
  for (const c of cases) {
    const hz = names.map((n) => best.get(`${c.name}\u0000${n}`) ?? 0);
    console.log(`| ${c.name} | ${hz.map(fmt).join(" | ")} | ${(hz[0] / hz[1]).toFixed(2)}x |`);
  }
}

const arg = process.argv[2] ?? "";
if (arg === "choices") {
  for (const c of choiceCases()) report([c]);
} else {
  const all = [...writeCases(), ...readCases()].filter((c) => c.name.includes(arg));
  const impl = process.env.BENCH_IMPL;
  if (impl !== undefined) runChild(all, impl);
  else runParent(all);
}
void sink;
