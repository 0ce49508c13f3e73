import fc = require("fast-check");
import pb = require("@pbjet/protobuf/wire");
import es = require("@bufbuild/protobuf/wire");

const { BinaryEncodeError, BinaryReader, BinaryWriter, ProtobufError, WireType } = pb;
function fromHex(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text.replace(/\s+/g, ""), "hex"));
}
function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
}
const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);
/** Members marked @internal (stripped from the published .d.ts). */
interface InternalWriter extends pb.BinaryWriter {
  rawTag(tag: number): this;
}
function internalWriter(): InternalWriter {
  return new pb.BinaryWriter() as InternalWriter;
}
const UINT64_MAX = 2n ** 64n - 1n;

/** Write with both our writer and protobuf-es's, expect identical bytes, return hex. */
function same(write: (w: es.BinaryWriter) => unknown): string {
  const ours = new BinaryWriter();
  const theirs = new es.BinaryWriter();
  write(ours as unknown as es.BinaryWriter);
  write(theirs);
  const a = hex(ours.finish());
  expect(a).toBe(hex(theirs.finish()));
  return a;
}

const INT32_EDGES = [0, 1, -1, 127, 128, -128, 16383, 16384, 2 ** 31 - 1, -(2 ** 31)];
const UINT32_EDGES = [0, 1, 127, 128, 255, 16383, 16384, 2 ** 21 - 1, 2 ** 21, 2 ** 28 - 1, 2 ** 28, 2 ** 31, 2 ** 32 - 1];
const INT64_EDGES = [
  0n,
  1n,
  -1n,
  127n,
  128n,
  2n ** 31n,
  -(2n ** 31n),
  2n ** 32n - 1n,
  2n ** 32n,
  2n ** 53n - 1n,
  2n ** 53n,
  2n ** 53n + 1n,
  -(2n ** 53n) - 1n,
  -(2n ** 53n) + 1n,
  INT64_MAX,
  INT64_MIN,
];
const UINT64_EDGES = [0n, 1n, 127n, 128n, 2n ** 32n - 1n, 2n ** 32n, 2n ** 35n, 2n ** 53n - 1n, 2n ** 53n + 1n, 2n ** 63n, UINT64_MAX];
const DOUBLE_EDGES = [0, -0, 1, -1, 0.1, NaN, Infinity, -Infinity, Number.MAX_VALUE, Number.MIN_VALUE, 2 ** 53 + 2, -(2 ** 63)];

describe("BinaryWriter varints", () => {
  test("known encodings", () => {
    expect(hex(new BinaryWriter().uint32(0).finish())).toBe("00");
    expect(hex(new BinaryWriter().uint32(300).finish())).toBe("ac02");
    expect(hex(new BinaryWriter().uint32(2 ** 32 - 1).finish())).toBe("ffffffff0f");
    expect(hex(new BinaryWriter().int32(-1).finish())).toBe("ffffffffffffffffff01");
    expect(hex(new BinaryWriter().int32(-(2 ** 31)).finish())).toBe("80808080f8ffffffff01");
    expect(hex(new BinaryWriter().sint32(-1).finish())).toBe("01");
    expect(hex(new BinaryWriter().sint32(-(2 ** 31)).finish())).toBe("ffffffff0f");
    expect(hex(new BinaryWriter().int64(-1n).finish())).toBe("ffffffffffffffffff01");
    expect(hex(new BinaryWriter().uint64(UINT64_MAX).finish())).toBe("ffffffffffffffffff01");
    expect(hex(new BinaryWriter().int64(INT64_MIN).finish())).toBe("80808080808080808001");
    expect(hex(new BinaryWriter().sint64(INT64_MIN).finish())).toBe("ffffffffffffffffff01");
    expect(hex(new BinaryWriter().bool(true).bool(false).finish())).toBe("0100");
  });
  test.each(INT32_EDGES)("int32/sint32/sfixed32 %p", (v) => {
    same((w) => w.int32(v).sint32(v).sfixed32(v));
  });
  test.each(UINT32_EDGES)("uint32/fixed32 %p", (v) => {
    same((w) => w.uint32(v).fixed32(v));
  });
  test.each(INT64_EDGES)("int64/sint64/sfixed64 %p (bigint, string, number)", (v) => {
    const a = same((w) => w.int64(v).sint64(v).sfixed64(v));
    expect(hex(new BinaryWriter().int64(v.toString()).sint64(v.toString()).sfixed64(v.toString()).finish())).toBe(a);
    if (Number.isSafeInteger(Number(v)) && BigInt(Number(v)) === v) {
      const n = Number(v);
      expect(hex(new BinaryWriter().int64(n).sint64(n).sfixed64(n).finish())).toBe(a);
    }
  });
  test.each(UINT64_EDGES)("uint64/fixed64 %p", (v) => {
    const a = same((w) => w.uint64(v).fixed64(v));
    expect(hex(new BinaryWriter().uint64(v.toString()).fixed64(v.toString()).finish())).toBe(a);
  });
  test("unsafe integral numbers are accepted for 64-bit", () => {
    same((w) =>
      w
        .int64(2 ** 60)
        .uint64(2 ** 63)
        .int64(-(2 ** 63))
        .fixed64(2 ** 64 - 2 ** 11),
    );
  });
  test("tag", () => {
    expect(hex(new BinaryWriter().tag(1, WireType.Varint).finish())).toBe("08");
    expect(hex(new BinaryWriter().tag(15, WireType.LengthDelimited).finish())).toBe("7a");
    expect(hex(new BinaryWriter().tag(16, WireType.Varint).finish())).toBe("8001");
    same((w) =>
      w
        .tag(2 ** 29 - 1, WireType.Bit32)
        .tag(2047, WireType.EndGroup)
        .tag(2 ** 25, WireType.StartGroup),
    );
  });
  test("rawTag writes precomputed tags", () => {
    const w = internalWriter();
    expect(hex(w.rawTag(8).rawTag(0x80).rawTag(0xffffffff).finish())).toBe("088001ffffffff0f");
  });
});

describe("BinaryWriter range checks", () => {
  const bad32 = [NaN, Infinity, -Infinity, 1.5, 2 ** 31, -(2 ** 31) - 1, "x" as unknown as number];
  test.each(bad32)("int32/sint32/sfixed32 reject %p", (v) => {
    expect(() => new BinaryWriter().int32(v)).toThrow(BinaryEncodeError);
    expect(() => new BinaryWriter().sint32(v)).toThrow(BinaryEncodeError);
    expect(() => new BinaryWriter().sfixed32(v)).toThrow(BinaryEncodeError);
  });
  const badU32 = [NaN, Infinity, -1, 1.5, 2 ** 32, -(2 ** 31)];
  test.each(badU32)("uint32/fixed32 reject %p", (v) => {
    expect(() => new BinaryWriter().uint32(v)).toThrow(BinaryEncodeError);
    expect(() => new BinaryWriter().fixed32(v)).toThrow(/invalid uint32/);
  });
  test("error message names the value", () => {
    expect(() => new BinaryWriter().int32(1.5)).toThrow("invalid int32: 1.5");
    expect(() => new BinaryWriter().uint32(-1)).toThrow("invalid uint32: -1");
  });
  test("-0 is accepted as 0", () => {
    expect(hex(new BinaryWriter().int32(-0).uint32(-0).finish())).toBe("0000");
  });
  test("64-bit out of range", () => {
    for (const v of [INT64_MAX + 1n, INT64_MIN - 1n, "9223372036854775808", 2 ** 63, NaN, 1.5, Infinity, "1.5", "", "0x10", " 1", "1_0", "abc"]) {
      expect(() => new BinaryWriter().int64(v as bigint)).toThrow(BinaryEncodeError);
      expect(() => new BinaryWriter().sint64(v as bigint)).toThrow(BinaryEncodeError);
      expect(() => new BinaryWriter().sfixed64(v as bigint)).toThrow(BinaryEncodeError);
    }
    for (const v of [UINT64_MAX + 1n, -1n, -1, "-1", 2 ** 64, "18446744073709551616"]) {
      expect(() => new BinaryWriter().uint64(v as bigint)).toThrow(/invalid uint64/);
      expect(() => new BinaryWriter().fixed64(v as bigint)).toThrow(BinaryEncodeError);
    }
  });
  test("float range", () => {
    for (const v of [3.5e38, -3.5e38, Number.MAX_VALUE]) {
      expect(() => new BinaryWriter().float(v)).toThrow(/invalid float32/);
    }
    same((w) => w.float(NaN).float(Infinity).float(-Infinity).float(-0).float(3.4028234663852886e38).float(1e-46).float(0.1));
  });
  test("BinaryEncodeError is a ProtobufError", () => {
    let error: unknown;
    try {
      new BinaryWriter().uint32(-1);
    } catch (e) {
      error = e;
    }
    // Outside the catch: the test fails if nothing was thrown.
    expect(error).toBeInstanceOf(BinaryEncodeError);
    expect(error).toBeInstanceOf(ProtobufError);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe("BinaryEncodeError");
    expect((error as Error).message).toBe("invalid uint32: -1");
  });
});

describe("BinaryWriter fixed-width", () => {
  test.each(DOUBLE_EDGES)("double/float %p", (v) => {
    same((w) => w.double(v));
    if (!(Math.abs(v) > 3.4028234663852886e38 && Number.isFinite(v))) same((w) => w.float(v));
  });
  test("little-endian layout", () => {
    expect(hex(new BinaryWriter().fixed32(0x01020304).sfixed32(-2).finish())).toBe("04030201feffffff");
    expect(hex(new BinaryWriter().fixed64(0x0102030405060708n).finish())).toBe("0807060504030201");
    expect(hex(new BinaryWriter().sfixed64(-2n).finish())).toBe("feffffffffffffff");
    expect(hex(new BinaryWriter().double(1).float(1).finish())).toBe("000000000000f03f0000803f");
  });
  test("buffer growth after the DataView was cached", () => {
    const w = new BinaryWriter();
    w.double(1.5); // creates the view over the first buffer
    const big = new Uint8Array(1000).fill(7);
    w.raw(big); // grows the buffer
    w.double(2.5).fixed32(5).sfixed64(-3n).float(0.5); // must use a view over the new buffer
    const out = w.finish();
    const r = new BinaryReader(out);
    expect(r.double()).toBe(1.5);
    r.pos += 1000;
    expect([r.double(), r.fixed32(), r.sfixed64(), r.float()]).toEqual([2.5, 5, -3n, 0.5]);
    expect(r.pos).toBe(out.length);
  });
  test("growth exactly at a fixed-width write", () => {
    for (let pre = 50; pre < 80; pre++) {
      const w = new BinaryWriter().fixed32(1).raw(new Uint8Array(pre)).double(Math.PI).fixed64(UINT64_MAX);
      const out = w.finish();
      const r = new BinaryReader(out);
      r.pos = 4 + pre;
      expect(r.double()).toBe(Math.PI);
      expect(r.fixed64()).toBe(UINT64_MAX);
    }
  });
});

describe("BinaryWriter fixed-width values, few and many", () => {
  type Op = [kind: "double" | "float" | "fixed32" | "sfixed32" | "fixed64" | "sfixed64" | "tag" | "raw", value: number | bigint];
  const op = fc.oneof(
    fc.double().map((v): Op => ["double", v]),
    fc.float().map((v): Op => ["float", v]),
    fc.integer({ min: 0, max: 2 ** 32 - 1 }).map((v): Op => ["fixed32", v]),
    fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).map((v): Op => ["sfixed32", v]),
    fc.bigInt({ min: 0n, max: UINT64_MAX }).map((v): Op => ["fixed64", v]),
    fc.bigInt({ min: INT64_MIN, max: INT64_MAX }).map((v): Op => ["sfixed64", v]),
    fc.integer({ min: 1, max: 2 ** 29 - 1 }).map((v): Op => ["tag", v]),
    fc.integer({ min: 1, max: 90 }).map((v): Op => ["raw", v]),
  );
  function apply(w: es.BinaryWriter, ops: Op[]): void {
    for (const [kind, v] of ops) {
      if (kind === "tag") w.tag(v as number, WireType.Varint);
      else if (kind === "raw") w.raw(new Uint8Array(v as number).fill(v as number));
      else if (kind === "fixed64" || kind === "sfixed64") w[kind](v as bigint);
      else w[kind](v as number);
    }
  }
  test("property: the same bytes as protobuf-es's writer, by one writer reused for results of every size", () => {
    // Results are copies (up to 64 bytes) or views of new buffers; the writer's DataView is
    // made again for each new buffer.
    const ours = new BinaryWriter();
    fc.assert(
      fc.property(fc.array(fc.array(op, { maxLength: 40 }), { minLength: 1, maxLength: 4 }), (messages) => {
        for (const ops of messages) {
          apply(ours as unknown as es.BinaryWriter, ops);
          const theirs = new es.BinaryWriter();
          apply(theirs, ops);
          if (hex(ours.finish()) !== hex(theirs.finish())) return false;
        }
        return true;
      }),
      { numRuns: 2000 },
    );
  });
  test("many doubles and floats across a growth of the buffer, and after finish()", () => {
    const w = new BinaryWriter();
    for (let round = 0; round < 3; round++) {
      w.uint32(7);
      for (let i = 0; i < 100; i++) w.double(i + 0.25);
      for (let i = 0; i < 100; i++) w.float(i + 0.5);
      const r = new BinaryReader(w.finish());
      expect(r.uint32()).toBe(7);
      for (let i = 0; i < 100; i++) expect(r.double()).toBe(i + 0.25);
      for (let i = 0; i < 100; i++) expect(r.float()).toBe(i + 0.5);
      expect(r.pos).toBe(r.len);
    }
  });
});

describe("BinaryWriter small results", () => {
  test("small results of one writer are copies: later results (through its DataView too) leave them as they were", () => {
    const w = new BinaryWriter();
    const results: [Uint8Array, string][] = [];
    for (let i = 0; i < 50; i++) {
      // Small results (up to 64 bytes), with fixed-width values, then and again a large one.
      if (i % 10 === 9) w.raw(new Uint8Array(200).fill(i));
      w.uint32(i)
        .double(i + 0.5)
        .fixed32(i)
        .float(i)
        .sfixed64(BigInt(-i))
        .bool(i % 2 === 0);
      const out = w.finish();
      results.push([out, hex(out)]);
    }
    for (const [out, text] of results) expect(hex(out)).toBe(text);
    // Copied out of the writer's small buffer: each has a buffer of its own, of its own size.
    const small = results.filter(([out]) => out.buffer.byteLength <= 64);
    expect(small.length).toBeGreaterThan(30);
    for (const [out] of small) expect(out.buffer.byteLength).toBe(out.length);
    expect(new Set(small.map(([out]) => out.buffer)).size).toBe(small.length);
  });
});

describe("BinaryWriter bytes/raw", () => {
  test.each([0, 1, 127, 128, 16384, 100_000])("bytes of length %p", (n) => {
    const data = new Uint8Array(n).map((_, i) => i * 31);
    same((w) => w.bytes(data).raw(data).bytes(new Uint8Array(0)));
  });
  test("bytes accepts a subarray view", () => {
    const base = fromHex("00112233445566");
    expect(hex(new BinaryWriter().bytes(base.subarray(2, 5)).finish())).toBe("03223344");
  });
});

describe("BinaryWriter fork/join", () => {
  const sizes = [0, 1, 127, 128, 16383, 16384, 2 ** 21 - 1, 2 ** 21];
  test.each(sizes)("body of %p bytes", (n) => {
    const body = new Uint8Array(n).map((_, i) => i & 0xff);
    same((w) => w.tag(1, WireType.LengthDelimited).fork().raw(body).join().uint32(7));
  });
  test.each([1, 2, 3, 5, 17, 50])("nesting depth %p", (depth) => {
    for (const n of [0, 127, 128, 16383, 16384]) {
      const body = new Uint8Array(n).fill(0xab);
      same((w) => {
        for (let d = 0; d < depth; d++)
          w.tag(d + 1, WireType.LengthDelimited)
            .fork()
            .uint32(d);
        w.raw(body);
        for (let d = 0; d < depth; d++) w.join().bool(d % 2 === 0);
      });
    }
  });
  test("deep nesting around a 2^21-byte body (4-byte prefixes)", () => {
    const body = new Uint8Array(2 ** 21).fill(1);
    same((w) => {
      for (let d = 0; d < 4; d++) w.tag(1, WireType.LengthDelimited).fork();
      w.raw(body);
      for (let d = 0; d < 4; d++) w.join();
    });
  });
  test("siblings and mixed content", () => {
    same((w) => {
      w.fork().string("a".repeat(200)).join().fork().join().fork().fork().double(1).join().string("é").join();
    });
  });
  test("join without fork throws", () => {
    expect(() => new BinaryWriter().join()).toThrow(ProtobufError);
    expect(() => new BinaryWriter().join()).toThrow("join() without fork()");
  });
  test("finish with open fork throws", () => {
    const w = new BinaryWriter().fork().uint32(1);
    expect(() => w.finish()).toThrow(ProtobufError);
    expect(() => w.finish()).toThrow("cannot finish: 1 fork() call(s) without join()");
    w.join();
    expect(hex(w.finish())).toBe("0101");
  });
});

describe("BinaryWriter strings near the end of the buffer", () => {
  // The first buffer holds 128 bytes: after `fill` raw bytes, a string whose worst case (3 bytes
  // per code unit) does not fit is written into the room left if it fits there, else after growing.
  const strings = [
    "a".repeat(30), // ASCII: fits in the room left
    "\u00e9".repeat(30), // 2 bytes per unit: fits or not, by the fill
    "\u{1F600}".repeat(15), // surrogate pairs, 4 bytes per pair
    `${"x".repeat(29)}\u{1F600}`, // the last pair does not fit (encodeInto stops before it)
    "b".repeat(130), // a 2-byte length prefix
  ];
  test.each(strings.map((s) => [s.length, s]))("a string of %i code units, at every fill", (_n, s) => {
    for (let fill = 0; fill <= 127; fill++) {
      const w = new BinaryWriter();
      w.raw(new Uint8Array(fill).fill(7)).string(s).uint32(300);
      const oracle = new es.BinaryWriter().raw(new Uint8Array(fill).fill(7)).string(s).uint32(300).finish();
      expect(hex(w.finish())).toBe(hex(oracle));
    }
  });
  test("a writer sized by its last result does not grow for the worst case of a string", () => {
    const w = new BinaryWriter();
    const write = () => w.string("u".repeat(36)).string("t".repeat(32)).uint32(1).finish();
    const first = write();
    // The second result (71 bytes) has the buffer sized from the first (120 bytes, see below):
    // its bytes are a view of it, and no second buffer was needed (a grow would have copied into
    // a 240-byte one).
    const second = write();
    expect(hex(second)).toBe(hex(first));
    expect(second.buffer.byteLength).toBe(120);
  });
  test("results of 65-104 bytes size the next buffer to 120 bytes (malloc's fast bins), larger ones by powers of two", () => {
    const w = new BinaryWriter();
    const sizeAfter = (len: number) => {
      w.raw(new Uint8Array(len)).finish();
      const next = w.raw(new Uint8Array(len)).finish();
      expect(next.length).toBe(len);
      return next.buffer.byteLength;
    };
    expect(sizeAfter(65)).toBe(120);
    expect(sizeAfter(104)).toBe(120);
    expect(sizeAfter(105)).toBe(128);
    expect(sizeAfter(112)).toBe(128);
    expect(sizeAfter(113)).toBe(256);
  });
});

describe("BinaryWriter finish and reuse", () => {
  test("empty writer", () => {
    expect(new BinaryWriter().finish().length).toBe(0);
  });
  test("finish() returns views never overwritten by later writes", () => {
    const w = new BinaryWriter();
    const first = w.string("hello").uint32(5).finish();
    const firstHex = hex(first);
    const second = w.string("world").uint32(6).finish();
    const third = w.raw(new Uint8Array(10_000).fill(9)).finish();
    expect(hex(first)).toBe(firstHex);
    expect(hex(second)).toBe("05776f726c6406");
    expect(third.length).toBe(10_000);
    expect(third.every((b) => b === 9)).toBe(true);
    expect(first.buffer).not.toBe(second.buffer);
  });
  test("a reused writer copies results out of its scratch buffer: up to 64 bytes, or up to 1 KiB with fixed-width values", () => {
    const w = new BinaryWriter();
    // The first result of a fresh writer (often its only one) is a view of the buffer it grew.
    expect(w.double(1).finish().buffer.byteLength).toBe(128);
    // Results with a double, each after one of its size (the scratch buffer serves a result
    // whose last one was as small, with 16 bytes of headroom): a copy of its own up to 1,008
    // bytes, a view of a larger buffer past that.
    const write = (n: number) =>
      w
        .raw(new Uint8Array(n - 8).fill(n & 0xff))
        .double(n)
        .finish();
    const results: (readonly [number, Uint8Array])[] = [];
    for (const n of [9, 64, 65, 500, 1008, 1009, 1024]) {
      results.push([n, write(n)]);
      const out = write(n);
      results.push([n, out]);
      expect([n, out.length, out.buffer.byteLength === n]).toEqual([n, n, n <= 1008]);
    }
    // Without fixed-width values, results past 64 bytes are views of buffers of their own.
    for (const n of [64, 65, 500]) {
      w.raw(new Uint8Array(n)).finish();
      expect([n, w.raw(new Uint8Array(n)).finish().buffer.byteLength === n]).toEqual([n, n <= 64]);
    }
    // None was overwritten.
    for (const [n, out] of results) {
      expect([
        n,
        out.subarray(0, n - 8).every((b) => b === (n & 0xff)),
        new DataView(out.buffer, out.byteOffset + n - 8).getFloat64(0, true),
      ]).toEqual([n, true, n]);
    }
  });
  test("a small result after a large one does not keep a large buffer alive", () => {
    const w = new BinaryWriter();
    const large = w.raw(new Uint8Array(100_000).fill(1)).finish();
    // The next buffer is sized for a result like the last one; a small result in it is copied out.
    const small = w.uint32(300).finish();
    expect(hex(small)).toBe("ac02");
    expect(small.buffer.byteLength).toBeLessThan(1024);
    expect(large.every((b) => b === 1)).toBe(true);
    // And results of similar sizes keep coming out right.
    for (const n of [10, 5000, 70_000, 3, 100_000]) {
      const out = w.raw(new Uint8Array(n).fill(n & 0xff)).finish();
      expect(out.length).toBe(n);
      expect(out.every((b) => b === (n & 0xff))).toBe(true);
    }
  });
  test("chaining returns this", () => {
    const w = new BinaryWriter();
    expect(w.uint32(1)).toBe(w);
    expect(w.fork().join()).toBe(w);
    expect(w.string("x").bytes(new Uint8Array(1)).raw(new Uint8Array(0)).double(1).float(1).bool(true)).toBe(w);
    expect(w.int32(1).sint32(1).fixed32(1).sfixed32(1).int64(1n).uint64(1n).sint64(1n).fixed64(1n).sfixed64(1n).tag(1, 0)).toBe(w);
  });
  test("custom encodeUtf8 is used", () => {
    const w = new BinaryWriter(() => new Uint8Array([1, 2, 3]));
    expect(hex(w.string("ignored").finish())).toBe("03010203");
  });
  test("non-string values are coerced like protobuf-es", () => {
    same((w) => w.string(123 as unknown as string));
  });
});
