/**
 * The benchmark.js suite of pbjet, in the shape of protobuf-es's perf.ts.
 *
 *   npx tsx src/perf.ts list [regex]                 # print the case names
 *   npx tsx src/perf.ts benchmark [regex]            # run the cases whose name matches regex
 *   npx tsx src/perf.ts benchmark [regex] --compare  # also run @bufbuild/protobuf after each case
 *   npx tsx src/perf.ts benchmark [regex] --aa       # also run pbjet a second time (A/A control)
 *   npx tsx src/perf.ts benchmark [regex] --aot      # also run pbjet over the code generated with
 *                                                    # aot=true (src/gen-aot: ahead-of-time codecs)
 *
 * Run from packages/protobuf-test after building @pbjet/protobuf and compiling the descriptor
 * sets (`npm run generate`). `benchmark` re-runs itself under `node --single-threaded-gc` unless
 * it already runs with that flag: with concurrent GC, garbage left by one contender slows the
 * next one (Node 20 rejects the flag in NODE_OPTIONS; `npx tsx --single-threaded-gc ...` works).
 *
 * Environment:
 *   PERF_COMPARE=1        same as --compare
 *   PERF_AA=1             same as --aa
 *   PBJET_TEST_AOT=1      pbjet itself runs over the aot=true code (as the jest suites do)
 *   PERF_MAX_TIME=1       benchmark.js maxTime per case, in seconds (default 1)
 *   PERF_MIN_SAMPLES=5    benchmark.js minSamples per case (default 5)
 *   PERF_SINGLE_THREADED_GC=0   do not re-run under --single-threaded-gc
 *
 * Output: one line per case in benchmark.js's own format (`String(bench)`), e.g.
 *   toBinary   tiny example.User x 1,176,788 ops/sec ±0.19% (100 runs sampled)
 * With --compare, the protobuf-es run of the same case follows with the suffix " [protobuf-es]",
 * and a table of ratios is printed at the end. Lines starting with "#" are notes.
 *
 * The message fixtures are built in memory, deterministically (seeded PRNG), from init objects;
 * schemas come from the "test" descriptor set (proto/perf.proto, proto/example.proto), loaded
 * dynamically through ./helpers. Before anything is timed, every fixture is checked to round-trip
 * (and, with --compare, to decode in protobuf-es to an equal message); the run aborts otherwise.
 *
 * JSON cases (toJson, fromJson, toJsonString, fromJsonString) run automatically once
 * @pbjet/protobuf exports those functions; until then they are skipped with a note.
 * toJsonString reads one character of its text, so that text built by concatenation is
 * flattened (as any use of it would) within the timed call; fromJsonString reads each library's
 * text as a server receives it (decoded from UTF-8 bytes: flat). The lazy
 * cases (lazyPass, lazyPassT, lazyIsSet, lazyMutPass) run for pbjet builds only.
 */
import Benchmark from "benchmark";
import { cpus } from "node:os";
import { spawnSync } from "node:child_process";
// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import * as pbjet from "@pbjet/protobuf";
import * as pbjetWire from "@pbjet/protobuf/wire";
import * as es from "@bufbuild/protobuf";
import * as esWire from "@bufbuild/protobuf/wire";
import * as pbjetReflect from "@pbjet/protobuf/reflect";
import * as esReflect from "@bufbuild/protobuf/reflect";
import { join, resolve } from "node:path";
import { aotRegistry, registry, oracleRegistry, descriptorSetBytes } from "./helpers";

// ---------------------------------------------------------------------------
// Options

const argv = process.argv.slice(2);
const flags = new Set(argv.filter((a) => a.startsWith("--")));
const positional = argv.filter((a) => !a.startsWith("--"));
const command = positional[0] ?? "benchmark";
const filter = new RegExp(positional[1] ?? ".");
const compare = flags.has("--compare") || process.env.PERF_COMPARE === "1";
/** --baseline=DIR: also run another build of @pbjet/protobuf (its package dir), e.g. a commit's worktree. */
const baselineDir = [...flags].find((f) => f.startsWith("--baseline="))?.substring("--baseline=".length);
const aa = flags.has("--aa") || process.env.PERF_AA === "1";
const aot = flags.has("--aot");
const maxTime = Number(process.env.PERF_MAX_TIME ?? 1);
const minSamples = Number(process.env.PERF_MIN_SAMPLES ?? 5);
for (const f of flags) {
  if (f !== "--compare" && f !== "--aa" && f !== "--aot" && !f.startsWith("--baseline=")) usage(`unknown option ${f}`);
}
if (command !== "benchmark" && command !== "list") usage(`unknown command ${command}`);

function usage(problem: string): never {
  console.error(`${problem}\nusage: tsx src/perf.ts benchmark|list [regex] [--compare] [--aa] [--aot]`);
  process.exit(2);
}

// ---------------------------------------------------------------------------
// The two libraries behind one interface

const jsonOps = ["toJson", "fromJson", "toJsonString", "fromJsonString"] as const;
type JsonOp = (typeof jsonOps)[number];

interface WriterLike {
  tag(fieldNo: number, wireType: number): WriterLike;
  fork(): WriterLike;
  join(): WriterLike;
  finish(): Uint8Array;
  int32(v: number): WriterLike;
  int64(v: bigint): WriterLike;
  uint32(v: number): WriterLike;
  sint32(v: number): WriterLike;
  fixed32(v: number): WriterLike;
  fixed64(v: bigint): WriterLike;
  float(v: number): WriterLike;
  double(v: number): WriterLike;
  bool(v: boolean): WriterLike;
  string(v: string): WriterLike;
  bytes(v: Uint8Array): WriterLike;
}

interface ReaderLike {
  pos: number;
  len: number;
  tag(): [number, number];
  int32(): number;
  int64(): bigint;
  uint32(): number;
  sint32(): number;
  fixed32(): number;
  fixed64(): bigint;
  float(): number;
  double(): number;
  bool(): boolean;
  string(): string;
  bytes(): Uint8Array;
}

interface Lib {
  label: string;
  schema(typeName: string): unknown;
  create(schema: unknown, init: unknown): unknown;
  toBinary(schema: unknown, message: unknown): Uint8Array;
  fromBinary(schema: unknown, bytes: Uint8Array): unknown;
  equals(schema: unknown, a: unknown, b: unknown): boolean;
  clone(schema: unknown, message: unknown): unknown;
  /** JSON functions, where the library exports them. toJson*: (schema, message); fromJson*: (schema, json). */
  json: Partial<Record<JsonOp, (schema: unknown, arg: unknown) => unknown>>;
  Writer: new () => WriterLike;
  Reader: new (bytes: Uint8Array) => ReaderLike;
  /** `reflect(schema, message)` of the library's reflection API, where it has one. */
  reflect?: (schema: unknown, message: unknown) => unknown;
  /** Lazy decoding (pbjet builds only). */
  lazy?: {
    fromBinary(schema: unknown, bytes: Uint8Array, options: object): unknown;
    toMutable(schema: unknown, message: unknown): unknown;
    isFieldSet(message: unknown, field: unknown): boolean;
  };
}

function jsonFunctions(ns: object): Lib["json"] {
  const json: Lib["json"] = {};
  for (const op of jsonOps) {
    // Checked at run time, so that the JSON cases start running as soon as pbjet exports them.
    if (op in ns) {
      const f = (ns as Record<string, unknown>)[op];
      if (typeof f === "function") json[op] = f as (schema: unknown, arg: unknown) => unknown;
    }
  }
  return json;
}

/** A Lib over one build of the pbjet runtime, its registry and its wire classes. */
function pbjetLib(label: string, api: typeof pbjet, wire: typeof pbjetWire, reg: pbjet.Registry, refl?: Partial<typeof pbjetReflect>): Lib {
  return {
    label,
    schema(typeName) {
      const desc = reg.getMessage(typeName);
      if (!desc) throw new Error(`no message ${typeName} in ${label}'s test registry`);
      return desc;
    },
    create: (s, init) => api.create(s as pbjet.DescMessage, init as never),
    toBinary: (s, m) => api.toBinary(s as pbjet.DescMessage, m as never),
    fromBinary: (s, b) => api.fromBinary(s as pbjet.DescMessage, b),
    equals: (s, a, b) => api.equals(s as pbjet.DescMessage, a as never, b as never),
    clone: (s, m) => api.clone(s as pbjet.DescMessage, m as never),
    json: jsonFunctions(api),
    Writer: wire.BinaryWriter as unknown as Lib["Writer"],
    Reader: wire.BinaryReader as unknown as Lib["Reader"],
    reflect: refl?.reflect ? (s, m) => refl.reflect!(s as pbjet.DescMessage, m as never) : undefined,
    lazy: {
      fromBinary: (s, b, o) => api.fromBinary(s as pbjet.DescMessage, b, o),
      toMutable: (s, m) => api.toMutable(s as pbjet.DescMessage, m as never),
      isFieldSet: (m, f) => api.isFieldSet(m as never, f as pbjet.DescField),
    },
  };
}

function libPbjet(): Lib {
  return pbjetLib("pbjet", pbjet, pbjetWire, registry("test"), pbjetReflect);
}

/** pbjet over the schemas generated with aot=true (src/gen-aot), which carry ahead-of-time codecs. */
function libPbjetAot(): Lib {
  return pbjetLib("pbjet aot", pbjet, pbjetWire, aotRegistry(registry("test")), pbjetReflect);
}

/** Another build of the runtime (a package directory with dist/cjs), for before/after numbers. */
function libBaseline(dir: string): Lib {
  const root = resolve(dir);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const base = require(join(root, "dist/cjs/index.js")) as typeof pbjet;
  const baseWkt = require(join(root, "dist/cjs/wkt/index.js")) as { FileDescriptorSetSchema: pbjet.DescMessage };
  const baseWire = require(join(root, "dist/cjs/wire/index.js")) as typeof pbjetWire;
  const baseReflect = require(join(root, "dist/cjs/reflect/index.js")) as Partial<typeof pbjetReflect>;
  const reg = base.createFileRegistry(base.fromBinary(baseWkt.FileDescriptorSetSchema, descriptorSetBytes("test")) as never);
  return pbjetLib("baseline", base, baseWire, reg as unknown as pbjet.Registry, baseReflect);
}

function libProtobufEs(): Lib {
  const reg = oracleRegistry("test");
  return {
    label: "protobuf-es",
    schema(typeName) {
      const desc = reg.getMessage(typeName);
      if (!desc) throw new Error(`no message ${typeName} in protobuf-es's test registry`);
      return desc;
    },
    create: (s, init) => es.create(s as es.DescMessage, init as never),
    toBinary: (s, m) => es.toBinary(s as es.DescMessage, m as never),
    fromBinary: (s, b) => es.fromBinary(s as es.DescMessage, b),
    equals: (s, a, b) => es.equals(s as es.DescMessage, a as never, b as never),
    clone: (s, m) => es.clone(s as es.DescMessage, m as never),
    json: jsonFunctions(es),
    Writer: esWire.BinaryWriter as unknown as Lib["Writer"],
    Reader: esWire.BinaryReader as unknown as Lib["Reader"],
    reflect: (s, m) => esReflect.reflect(s as es.DescMessage, m as never),
  };
}

// ---------------------------------------------------------------------------
// Deterministic inputs

/** mulberry32: a small seeded PRNG, so that every run measures the same payload. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const asciiWords =
  "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua request response service client server timeout retry header payload".split(
    " ",
  );
const nonAsciiWords = ["Grüße", "naïve", "café", "Köln", "日本語", "テキスト", "Ελληνικά", "русский", "🎉", "—"];

/** About `length` UTF-16 code units of words; with `nonAscii`, one word in four is non-ASCII. */
function text(rand: () => number, length: number, nonAscii = false): string {
  const words: string[] = [];
  let n = 0;
  while (n < length) {
    const pool = nonAscii && rand() < 0.25 ? nonAsciiWords : asciiWords;
    const w = pool[Math.floor(rand() * pool.length)];
    words.push(w);
    n += w.length + 1;
  }
  return words.join(" ");
}

function randomBytes(rand: () => number, length: number): Uint8Array {
  const b = new Uint8Array(length);
  for (let i = 0; i < length; i++) b[i] = Math.floor(rand() * 256);
  return b;
}

/**
 * The "perf-payload.bin" PerfMessage (about 22 KB): 10 strings of about 1 KB (8 ASCII, 2 with
 * some non-ASCII text), 10 random byte strings of 1 KB, a few scalars, a child and 3 children.
 */
function perfPayloadInit(): Record<string, unknown> {
  const rand = prng(0x5eed);
  const small = (i: number) => ({
    int32Field: 1000 + i,
    int64Field: BigInt(-1) * (BigInt(1) << BigInt(40)) - BigInt(i),
    doubleField: 0.5 + i,
    boolField: true,
    stringField: text(rand, 40),
    bytesField: randomBytes(rand, 32),
    enumField: 2,
    repeatedLongStringField: [text(rand, 120)],
  });
  return {
    repeatedLongStringField: Array.from({ length: 10 }, (_, i) => text(rand, 1000, i >= 8)),
    repeatedLongBytesField: Array.from({ length: 10 }, () => randomBytes(rand, 1024)),
    int32Field: 123456,
    int64Field: BigInt("9007199254740993"),
    doubleField: Math.PI,
    boolField: true,
    stringField: "perf-payload",
    bytesField: randomBytes(rand, 64),
    enumField: 1,
    child: { ...small(0), child: small(1) },
    children: [small(2), small(3), small(4)],
  };
}

function scalarValuesInit(i: number): Record<string, unknown> {
  return {
    doubleField: 0.75 + i,
    floatField: 0.5 + i, // exactly representable as float32
    int64Field: BigInt(-1234567890123) - BigInt(i),
    uint64Field: BigInt("18446744073709551000") + BigInt(i % 500),
    int32Field: -123456 - i,
    fixed64Field: BigInt("1311768467463790320") + BigInt(i),
    fixed32Field: 0xdeadbeef - i,
    boolField: true,
    stringField: `scalar string ${i}`,
    bytesField: new Uint8Array([0xde, 0xad, 0xbe, 0xef, i & 0xff, (i >> 8) & 0xff]),
    uint32Field: 0xfffffff0 - i,
    sfixed32Field: -987654 - i,
    sfixed64Field: BigInt(-876543210987) - BigInt(i),
    sint32Field: -54321 - i,
    sint64Field: BigInt(-765432109876) - BigInt(i),
  };
}

function repeatedScalarValuesInit(): Record<string, unknown> {
  const n = 10;
  const r = (f: (i: number) => unknown) => Array.from({ length: n }, (_, i) => f(i));
  return {
    doubleField: r((i) => i * 1.25 - 3),
    floatField: r((i) => i * 0.25 + 0.5),
    int64Field: r((i) => BigInt(i) * BigInt(-1e12) - BigInt(1)),
    uint64Field: r((i) => BigInt(i) * BigInt(1e15) + BigInt(1)),
    int32Field: r((i) => (i % 2 === 0 ? -i * 1000 - 1 : i * 1000)),
    fixed64Field: r((i) => BigInt(i) * BigInt(1e16) + BigInt(7)),
    fixed32Field: r((i) => 0xfff00000 + i),
    boolField: r((i) => i % 3 !== 0),
    stringField: r((i) => `repeated string ${i}`),
    bytesField: r((i) => new Uint8Array([i, i + 1, i + 2, i + 3])),
    uint32Field: r((i) => i * 100000 + 1),
    sfixed32Field: r((i) => -i * 7919 - 1),
    sfixed64Field: r((i) => BigInt(-i) * BigInt(1e14) - BigInt(1)),
    sint32Field: r((i) => (i % 2 === 0 ? -i - 1 : i * 300)),
    sint64Field: r((i) => BigInt(i % 2 === 0 ? -i - 1 : i) * BigInt(1e10)),
  };
}

function mapsInit(): Record<string, unknown> {
  const n = 10;
  const m = (k: (i: number) => string, v: (i: number) => unknown) => Object.fromEntries(Array.from({ length: n }, (_, i) => [k(i), v(i)]));
  return {
    strStrField: m(
      (i) => `key-${i}`,
      (i) => `value-${i}`,
    ),
    int32Int32Field: m(
      (i) => String(i * 37 - 100),
      (i) => i * 1000 + 1,
    ),
    int64Int64Field: m(
      (i) => String(BigInt(i) * BigInt(-1e12) - BigInt(1)),
      (i) => BigInt(i) * BigInt(1e13) + BigInt(1),
    ),
    boolBoolField: { true: false, false: true },
    strInt64Field: m(
      (i) => `name-${i}`,
      (i) => BigInt(i) * BigInt(-1e9) - BigInt(1),
    ),
    uint32DoubleField: m(
      (i) => String(i * 65537 + 1),
      (i) => i * 0.125 + 1,
    ),
  };
}

interface Fixture {
  name: string;
  typeName: string;
  init: Record<string, unknown>;
}

function fixtures(): Fixture[] {
  return [
    { name: "perf-payload.bin", typeName: "perf.PerfMessage", init: perfPayloadInit() },
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
    { name: "scalar values", typeName: "perf.ScalarValuesMessage", init: scalarValuesInit(1) },
    { name: "repeated scalar values", typeName: "perf.RepeatedScalarValuesMessage", init: repeatedScalarValuesInit() },
    { name: "map with scalar keys and values", typeName: "perf.MapsMessage", init: mapsInit() },
    {
      name: "repeated field with 1000 messages",
      typeName: "perf.RepeatedMessages",
      init: { messages: Array.from({ length: 1000 }, (_, i) => scalarValuesInit(i)) },
    },
    {
      name: "map field with 1000 messages",
      typeName: "perf.MapMessages",
      init: { messages: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`key-${i}`, scalarValuesInit(i)])) },
    },
  ];
}

// ---------------------------------------------------------------------------
// Cases

/**
 * The body of the reflectReadAll cases: counts the values read. Message fields are entered only
 * when set (a recursive type would otherwise never end).
 */
const REFLECT_WALK = `
  const walk = (r) => {
    let n = 0;
    const fields = r.fields;
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i];
      const v = r.get(f);
      if (f.fieldKind === "message") {
        if (r.isSet(f)) n += walk(v);
      } else if (f.fieldKind === "list") {
        for (const item of v) n += f.listKind === "message" ? walk(item) : 1;
      } else if (f.fieldKind === "map") {
        for (const item of v.values()) n += f.mapKind === "message" ? walk(item) : 1;
      } else {
        n++;
      }
    }
    return n;
  };
  return walk(R(s, m));`;

/** A benchmark case: a function per library (absent if the library lacks the operation). */
interface Case {
  name: string;
  run: (lib: Lib) => (() => unknown) | undefined;
}

/**
 * A fresh function per case and library. Closures created by one function literal share their
 * type feedback in V8, so a single `() => lib.toBinary(s, m)` reused by every case would turn
 * polymorphic and measure the harness; `new Function` gives each case its own.
 */
function fresh(body: string, ...args: [string, unknown][]): () => unknown {
  const names = args.map(([n]) => n);
  const values = args.map(([, v]) => v);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return new Function(...names, `"use strict"; return function () { ${body} };`)(...values) as () => unknown;
}

/** "toBinary   tiny example.User": the op padded as in protobuf-es's perf.ts. */
function caseName(op: string, fixture: string): string {
  return `${op.padEnd("fromBinary".length)} ${fixture}`;
}

/** Per library: schema, message, its bytes, a clone, and the JSON forms (if available). */
interface Prepared {
  schema: unknown;
  message: unknown;
  bytes: Uint8Array;
  copy: unknown;
  json?: unknown;
  jsonString?: string;
}

function messageCases(libs: Lib[]): { cases: Case[]; notes: [string, string[]][]; verify: () => void } {
  const fxs = fixtures();
  // Prepared lazily, and checked by verify() before anything is timed.
  const prepared = new Map<string, Prepared>();
  const prep = (lib: Lib, fx: Fixture): Prepared => {
    const key = `${lib.label}\0${fx.name}`;
    let p = prepared.get(key);
    if (!p) {
      const schema = lib.schema(fx.typeName);
      const message = step(lib, fx, "create", () => lib.create(schema, fx.init));
      const bytes = step(lib, fx, "toBinary", () => lib.toBinary(schema, message));
      const copy = step(lib, fx, "clone", () => lib.clone(schema, message));
      p = { schema, message, bytes, copy };
      if (lib.json.toJson) p.json = step(lib, fx, "toJson", () => lib.json.toJson!(schema, message));
      // fromJsonString reads the text as a server receives it: decoded from UTF-8 bytes, flat
      // (text built by concatenation stays a tree of pieces after V8 flattens it).
      if (lib.json.toJsonString) {
        const text = step(lib, fx, "toJsonString", () => lib.json.toJsonString!(schema, message) as string);
        p.jsonString = new TextDecoder().decode(new TextEncoder().encode(text));
      }
      prepared.set(key, p);
    }
    return p;
  };

  type OpDef = { op: string; available: (lib: Lib) => boolean; fn: (lib: Lib, p: Prepared, fx: Fixture) => () => unknown };
  const ops: OpDef[] = [
    { op: "toBinary", available: () => true, fn: (lib, p) => fresh("return lib.toBinary(s, m);", ["lib", lib], ["s", p.schema], ["m", p.message]) },
    { op: "fromBinary", available: () => true, fn: (lib, p) => fresh("return lib.fromBinary(s, b);", ["lib", lib], ["s", p.schema], ["b", p.bytes]) },
    { op: "create", available: () => true, fn: (lib, p, fx) => fresh("return lib.create(s, i);", ["lib", lib], ["s", p.schema], ["i", fx.init]) },
    {
      op: "equals",
      available: () => true,
      fn: (lib, p) => fresh("return lib.equals(s, a, b);", ["lib", lib], ["s", p.schema], ["a", p.message], ["b", p.copy]),
    },
    { op: "clone", available: () => true, fn: (lib, p) => fresh("return lib.clone(s, m);", ["lib", lib], ["s", p.schema], ["m", p.message]) },
    {
      op: "toJson",
      available: (lib) => !!lib.json.toJson,
      fn: (lib, p) => fresh("return f(s, m);", ["f", lib.json.toJson], ["s", p.schema], ["m", p.message]),
    },
    {
      op: "fromJson",
      available: (lib) => !!lib.json.fromJson && !!lib.json.toJson,
      fn: (lib, p) => fresh("return f(s, j);", ["f", lib.json.fromJson], ["s", p.schema], ["j", p.json]),
    },
    {
      op: "toJsonString",
      available: (lib) => !!lib.json.toJsonString,
      // One character read from the middle: V8 flattens text built by concatenation, as any use of it would.
      fn: (lib, p) =>
        fresh("const t = f(s, m); return t.charCodeAt(t.length >> 1);", ["f", lib.json.toJsonString], ["s", p.schema], ["m", p.message]),
    },
    {
      op: "fromJsonString",
      available: (lib) => !!lib.json.fromJsonString && !!lib.json.toJsonString,
      fn: (lib, p) => fresh("return f(s, j);", ["f", lib.json.fromJsonString], ["s", p.schema], ["j", p.jsonString]),
    },
    // The reflection API as a validator uses it: reflect() the message, read every field, and
    // walk into set message fields, list items and map values. Same walker for every library.
    {
      op: "reflectReadAll",
      available: (lib) => !!lib.reflect,
      fn: (lib, p) => fresh(REFLECT_WALK, ["R", lib.reflect], ["s", p.schema], ["m", p.message]),
    },
    // Lazy views (pbjet only): passthrough validated and trusted; presence of every field read
    // through a fresh view; a mutable copy of the root re-encoded around its untouched child views.
    {
      op: "lazyPass",
      available: (lib) => !!lib.lazy,
      fn: (lib, p) =>
        fresh(
          "return lib.toBinary(s, z.fromBinary(s, b, o));",
          ["lib", lib],
          ["z", lib.lazy],
          ["s", p.schema],
          ["b", p.bytes],
          ["o", { lazy: true }],
        ),
    },
    {
      op: "lazyPassT",
      available: (lib) => !!lib.lazy,
      fn: (lib, p) =>
        fresh(
          "return lib.toBinary(s, z.fromBinary(s, b, o));",
          ["lib", lib],
          ["z", lib.lazy],
          ["s", p.schema],
          ["b", p.bytes],
          ["o", { lazy: true, validate: false }],
        ),
    },
    {
      op: "lazyIsSet",
      available: (lib) => !!lib.lazy,
      fn: (lib, p) =>
        fresh(
          "const v = z.fromBinary(s, b, o); let n = 0; for (let i = 0; i < fs.length; i++) if (z.isFieldSet(v, fs[i])) n++; return n;",
          ["z", lib.lazy],
          ["s", p.schema],
          ["b", p.bytes],
          ["o", { lazy: true }],
          ["fs", (p.schema as pbjet.DescMessage).fields],
        ),
    },
    {
      op: "lazyMutPass",
      available: (lib) => !!lib.lazy,
      fn: (lib, p) =>
        fresh(
          "return lib.toBinary(s, z.toMutable(s, z.fromBinary(s, b, o)));",
          ["lib", lib],
          ["z", lib.lazy],
          ["s", p.schema],
          ["b", p.bytes],
          ["o", { lazy: true }],
        ),
    },
  ];

  const cases: Case[] = [];
  /** Per skipped op: the note, and the case names it stands for. */
  const notes: [string, string[]][] = [];
  const ours = libs[0];
  for (const def of ops) {
    if (!def.available(ours)) {
      const missing = def.op.startsWith("from") ? `${def.op} (or ${def.op.replace("from", "to")})` : def.op;
      notes.push([`# skipped ${def.op} cases: @pbjet/protobuf does not export ${missing} yet`, fxs.map((fx) => caseName(def.op, fx.name))]);
      continue;
    }
    for (const fx of fxs) {
      cases.push({
        name: caseName(def.op, fx.name),
        run: (lib) => (def.available(lib) ? def.fn(lib, prep(lib, fx), fx) : undefined),
      });
    }
  }

  const verify = () => {
    for (const fx of fxs) {
      const p = prep(ours, fx);
      const back = step(ours, fx, "fromBinary", () => ours.fromBinary(p.schema, p.bytes));
      check(ours.equals(p.schema, back, p.message), `${fx.name}: pbjet fromBinary(toBinary(x)) is not equal to x`);
      check(ours.equals(p.schema, p.copy, p.message), `${fx.name}: pbjet clone(x) is not equal to x`);
      check(p.copy !== p.message, `${fx.name}: pbjet clone(x) returned x itself`);
      if (ours.json.fromJson && p.json !== undefined) {
        const j = step(ours, fx, "fromJson", () => ours.json.fromJson!(p.schema, p.json));
        check(ours.equals(p.schema, j, p.message), `${fx.name}: pbjet fromJson(toJson(x)) is not equal to x`);
      }
      if (ours.json.fromJsonString && p.jsonString !== undefined) {
        const j = step(ours, fx, "fromJsonString", () => ours.json.fromJsonString!(p.schema, p.jsonString));
        check(ours.equals(p.schema, j, p.message), `${fx.name}: pbjet fromJsonString(toJsonString(x)) is not equal to x`);
      }
      for (const other of libs.slice(1)) {
        const q = prep(other, fx);
        const theirsFromOurs = step(other, fx, "fromBinary of pbjet's bytes", () => other.fromBinary(q.schema, p.bytes));
        check(
          other.equals(q.schema, theirsFromOurs, q.message),
          `${fx.name}: pbjet's bytes decode in ${other.label} to a message that is not equal to ${other.label}'s create(init)`,
        );
        const oursFromTheirs = step(ours, fx, `fromBinary of ${other.label}'s bytes`, () => ours.fromBinary(p.schema, q.bytes));
        check(
          ours.equals(p.schema, oursFromTheirs, p.message),
          `${fx.name}: ${other.label}'s bytes decode in pbjet to a message that is not equal to pbjet's create(init)`,
        );
        if (!sameBytes(p.bytes, q.bytes)) {
          console.log(
            `# note: ${fx.name}: pbjet writes ${p.bytes.length} bytes, ${other.label} ${q.bytes.length} bytes, not identical (both decode equal)`,
          );
        }
        if (p.jsonString !== undefined && q.jsonString !== undefined && p.jsonString !== q.jsonString) {
          console.log(`# note: ${fx.name}: toJsonString differs between pbjet and ${other.label}`);
        }
      }
    }
    const payload = prep(ours, fxs[0]);
    console.log(`# perf-payload.bin: ${payload.bytes.length.toLocaleString("en-US")} bytes (built in memory, seeded)`);
  };
  return { cases, notes, verify };
}

/** Runs one preparation step, turning a crash into an error that says where it happened. */
function step<T>(lib: Lib, fx: Fixture, what: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw new VerifyError(`${fx.name} (${fx.typeName}): ${lib.label} ${what} threw: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  }
}

class VerifyError extends Error {}

function check(ok: boolean, message: string): void {
  if (!ok) throw new VerifyError(message);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// --- BinaryWriter / BinaryReader micro cases --------------------------------

const N = 100;
const microRand = prng(42);
const i32s = Array.from({ length: N }, (_, i) => (i % 4 === 0 ? -(i * 1031) - 1 : i % 4 === 1 ? i : i * 987_654));
const i64s = Array.from({ length: N }, (_, i) => (i % 3 === 0 ? BigInt(i) : i % 3 === 1 ? BigInt(i) * BigInt(1e12) : -BigInt(i + 1) * BigInt(1e15)));
const u32s = Array.from({ length: N }, (_, i) => (i % 2 === 0 ? i : 0xf0000000 + i * 977));
const s32s = Array.from({ length: N }, (_, i) => (i % 2 === 0 ? -i * 12345 - 1 : i * 12345));
const f32s = Array.from({ length: N }, (_, i) => Math.fround(i * 1.37 - 50));
const f64s = Array.from({ length: N }, (_, i) => i * 1.37 - 50.123456789);
const bools = Array.from({ length: N }, (_, i) => i % 3 !== 0);
const fx32s = u32s.map((v) => v >>> 0);
const fx64s = i64s.map((v) => BigInt.asUintN(64, v));
const asciiShort = Array.from({ length: 10 }, (_, i) => `name-${i}-abcdef`);
const asciiLong = Array.from({ length: 10 }, () => text(microRand, 1000));
const nonAsciiShort = Array.from({ length: 10 }, (_, i) => `grüße ${i} 日本`);
const nonAsciiLong = Array.from({ length: 10 }, () => text(microRand, 1000, true));
const bytes16 = Array.from({ length: 10 }, () => randomBytes(microRand, 16));
const bytes1k = Array.from({ length: 10 }, () => randomBytes(microRand, 1024));

interface Micro {
  /** Name after "BinaryWriter "/"BinaryReader ". */
  name: string;
  write: string;
  read: string;
  /** Reader method that reads one value back, and whether each value is preceded by a tag (for verification). */
  method?: string;
  tagged?: boolean;
  /** Values the reader must return, in order (for verification). */
  expect: unknown[];
  data: unknown;
}

/** Bodies for fresh(): `W`/`R` are the writer/reader classes, `d` the data. */
const micros: Micro[] = [
  ...(
    [
      ["int32", i32s],
      ["int64", i64s],
      ["uint32", u32s],
      ["sint32", s32s],
      ["fixed32", fx32s],
      ["fixed64", fx64s],
      ["float", f32s],
      ["double", f64s],
      ["bool", bools],
    ] as [string, unknown[]][]
  ).map(([t, values]) => ({
    name: t,
    write: `const w = new W(); for (let i = 0; i < d.length; i++) w.${t}(d[i]); return w.finish();`,
    read: `const r = new R(b); let x; for (let i = 0; i < ${values.length}; i++) x = r.${t}(); return x;`,
    method: t,
    tagged: false,
    expect: values,
    data: values,
  })),
  ...(
    [
      ["string ASCII short", asciiShort, "string"],
      ["string ASCII long", asciiLong, "string"],
      ["string non-ASCII short", nonAsciiShort, "string"],
      ["string non-ASCII long", nonAsciiLong, "string"],
      ["bytes short", bytes16, "bytes"],
      ["bytes long", bytes1k, "bytes"],
    ] as [string, unknown[], string][]
  ).map(([name, values, t]) => ({
    name,
    write: `const w = new W(); for (let i = 0; i < d.length; i++) w.tag(1, 2).${t}(d[i]); return w.finish();`,
    read: `const r = new R(b); let x; while (r.pos < r.len) { r.tag(); x = r.${t}(); } return x;`,
    method: t,
    tagged: true,
    expect: values,
    data: values,
  })),
  {
    // 10 messages { 1: int32, 2: string, 3: { 1: int32, 2: double } }
    name: "fork/join nested",
    write: `const w = new W();
      for (let i = 0; i < 10; i++) {
        w.tag(1, 2).fork().tag(1, 0).int32(i).tag(2, 2).string("item").tag(3, 2).fork().tag(1, 0).int32(-i).tag(2, 1).double(1.5).join().join();
      }
      return w.finish();`,
    read: `const r = new R(b); let x = 0;
      while (r.pos < r.len) {
        r.tag(); const end = r.uint32() + r.pos;
        while (r.pos < end) {
          const t = r.tag();
          if (t[0] === 1) x += r.int32();
          else if (t[0] === 2) r.string();
          else { const end2 = r.uint32() + r.pos; while (r.pos < end2) { const u = r.tag(); if (u[0] === 1) x += r.int32(); else x += r.double(); } }
        }
      }
      return x;`,
    expect: [15],
    data: undefined,
  },
];

function microCases(libs: Lib[]): { cases: Case[]; verify: () => void } {
  const writer = (lib: Lib, m: Micro) => fresh(m.write, ["W", lib.Writer], ["d", m.data]);
  // The reader cases read what pbjet's writer wrote (verified against protobuf-es with --compare).
  const encoded = new Map<string, Uint8Array>();
  const bytesOf = (m: Micro) => {
    let b = encoded.get(m.name);
    if (!b) encoded.set(m.name, (b = writer(libs[0], m)() as Uint8Array));
    return b;
  };
  const reader = (lib: Lib, m: Micro) => fresh(m.read, ["R", lib.Reader], ["b", bytesOf(m)]);

  const cases: Case[] = [];
  for (const m of micros) cases.push({ name: caseName("BinaryWriter", m.name), run: (lib) => writer(lib, m) });
  for (const m of micros) cases.push({ name: caseName("BinaryReader", m.name), run: (lib) => reader(lib, m) });

  const verify = () => {
    for (const m of micros) {
      const bytes = bytesOf(m);
      for (const lib of libs) {
        // Read every value back and compare it to what was written.
        const got = readAll(lib, m, bytes);
        check(
          got.length === m.expect.length && got.every((v, i) => Object.is(v, m.expect[i]) || equalBytes(v, m.expect[i])),
          `BinaryWriter/BinaryReader ${m.name}: ${lib.label} reads back [${got.slice(0, 5).join(", ")}...] from pbjet's bytes, expected [${m.expect.slice(0, 5).join(", ")}...]`,
        );
        if (lib !== libs[0]) {
          const theirs = writer(lib, m)() as Uint8Array;
          check(sameBytes(bytes, theirs), `BinaryWriter ${m.name}: pbjet's bytes differ from ${lib.label}'s`);
        }
      }
    }
  };
  return { cases, verify };
}

function equalBytes(a: unknown, b: unknown): boolean {
  return a instanceof Uint8Array && b instanceof Uint8Array && sameBytes(a, b);
}

/** All values of a micro case, read back for verification. */
function readAll(lib: Lib, m: Micro, bytes: Uint8Array): unknown[] {
  const t = m.method;
  if (t === undefined) return [fresh(m.read, ["R", lib.Reader], ["b", bytes])()];
  const r = new lib.Reader(bytes);
  const out: unknown[] = [];
  while (r.pos < r.len) {
    if (m.tagged) r.tag();
    const v = (r as unknown as Record<string, () => unknown>)[t]();
    out.push(v instanceof Uint8Array ? v.slice() : v);
  }
  return out;
}

// ---------------------------------------------------------------------------
// Running

let sink: unknown;

function bench(name: string, fn: () => unknown): Benchmark {
  const b = new Benchmark(name, {
    fn() {
      sink = fn();
    },
    maxTime,
    minSamples,
  });
  b.run();
  if (b.error) {
    const e = b.error as unknown;
    throw new Error(`${name}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  }
  return b;
}

function hasGcFlag(): boolean {
  return [...process.execArgv, process.env.NODE_OPTIONS ?? ""].some((a) => a.includes("--single-threaded-gc"));
}

/** Re-runs this script under --single-threaded-gc; returns false if it should run in-process. */
function reexecWithSingleThreadedGc(): boolean {
  if (command !== "benchmark" || hasGcFlag() || process.env.PERF_SINGLE_THREADED_GC === "0") return false;
  const r = spawnSync(process.execPath, [...process.execArgv, "--single-threaded-gc", process.argv[1], ...argv], {
    stdio: "inherit",
  });
  process.exit(r.status ?? 1);
}

function main(): void {
  if (reexecWithSingleThreadedGc()) return;
  const ours = libPbjet();
  const libs = [
    ours,
    ...(aot ? [libPbjetAot()] : []),
    ...(compare ? [libProtobufEs()] : []),
    ...(baselineDir !== undefined ? [libBaseline(baselineDir)] : []),
  ];
  const msg = messageCases(libs);
  const micro = microCases(libs);
  const all = [...msg.cases, ...micro.cases].filter((c) => filter.test(c.name));
  const notes = msg.notes.filter(([, names]) => names.some((n) => filter.test(n))).map(([note]) => note);

  if (command === "list") {
    for (const c of all) console.log(c.name);
    for (const n of notes) console.log(n);
    return;
  }

  const gcFlag = hasGcFlag();
  console.log(
    `# node ${process.version}, ${cpus()[0]?.model ?? "unknown CPU"} x${cpus().length}, maxTime ${maxTime}s, minSamples ${minSamples}` +
      `${gcFlag ? ", --single-threaded-gc" : ""}${compare ? ", compare with @bufbuild/protobuf" : ""}${aa ? ", A/A control" : ""}`,
  );
  if ((compare || aa) && !gcFlag) console.log("# note: without NODE_OPTIONS=--single-threaded-gc, comparisons are unreliable");

  try {
    msg.verify();
    micro.verify();
  } catch (e) {
    if (e instanceof VerifyError) {
      console.error(`perf: verification failed, nothing was timed:\n${e.message}`);
      process.exit(1);
    }
    throw e;
  }
  for (const n of notes) console.log(n);

  const ratios: [string, string, number, number | undefined][] = [];
  for (const c of all) {
    const fnOurs = c.run(ours);
    if (!fnOurs) continue;
    const a = bench(c.name, fnOurs);
    console.log(String(a));
    let aaHz: number | undefined;
    if (aa) {
      const again = bench(c.name, c.run(ours)!);
      console.log(`${String(again)} [pbjet A/A]`);
      aaHz = again.hz;
    }
    for (const lib of libs.slice(1)) {
      const fnTheirs = c.run(lib);
      if (!fnTheirs) {
        console.log(`# ${c.name}: not available in ${lib.label}`);
        continue;
      }
      const b = bench(c.name, fnTheirs);
      console.log(`${String(b)} [${lib.label}]`);
      ratios.push([c.name, lib.label, a.hz / b.hz, aaHz !== undefined ? a.hz / aaHz : undefined]);
    }
  }
  if (ratios.length > 0) {
    const w = Math.max(...ratios.map(([n]) => n.length));
    console.log(`#\n# ${"case".padEnd(w)}  ${"pbjet / other".padEnd(26)}${aa ? "  pbjet A/A" : ""}`);
    for (const [n, label, r, control] of ratios) {
      const c = control !== undefined ? (control.toFixed(2) + "x").padStart(12) : "";
      console.log(`# ${n.padEnd(w)}  ${(r.toFixed(2) + "x").padStart(7)} vs ${label.padEnd(15)}${c}`);
    }
  }
  void sink;
}

main();
