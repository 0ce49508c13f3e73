import fc = require("fast-check");
import pb = require("@pbjet/protobuf/wire");
import esroot = require("@bufbuild/protobuf");

const { ProtobufError, protoInt64, zigzagDecode32, zigzagDecode64, zigzagEncode32, zigzagEncode64 } = pb;
const esInt64 = esroot.protoInt64;
const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);
const UINT64_MAX = 2n ** 64n - 1n;

describe("protoInt64 (BigInt supported)", () => {
  test("zero and supported", () => {
    expect(protoInt64.zero).toBe(0n);
    expect(protoInt64.supported).toBe(true);
  });
  test("parse", () => {
    expect(protoInt64.parse("-9223372036854775808")).toBe(INT64_MIN);
    expect(protoInt64.parse(INT64_MAX)).toBe(INT64_MAX);
    expect(protoInt64.parse(-1)).toBe(-1n);
    expect(protoInt64.parse(2 ** 62)).toBe(2n ** 62n);
    expect(protoInt64.parse("007")).toBe(7n);
    for (const bad of ["9223372036854775808", INT64_MIN - 1n, 1.5, NaN, Infinity, "abc", "1e3", "1_0", "0x8000000000000000", 2 ** 63]) {
      expect(() => protoInt64.parse(bad as string)).toThrow(ProtobufError);
    }
    expect(() => protoInt64.parse("abc")).toThrow('invalid int64: "abc"');
    expect(() => protoInt64.parse("0x8000000000000000")).toThrow(/^invalid int64/);
  });
  test("strings as protobuf-es reads them (BigInt())", () => {
    const texts = [
      "",
      " ",
      " 7 ",
      "+7",
      "-7",
      "0x10",
      "-0x10",
      "0b11",
      "0o17",
      "1_0",
      "1e3",
      "1.0",
      "abc",
      "\n7\t",
      "0x7fffffffffffffff",
      "0xffffffffffffffff",
      "18446744073709551615",
      "-0",
    ];
    const outcome = (f: () => unknown) => {
      try {
        return { value: f() };
      } catch {
        return { error: true };
      }
    };
    for (const t of texts) {
      expect([t, outcome(() => protoInt64.parse(t))]).toEqual([t, outcome(() => esInt64.parse(t))]);
      expect([t, outcome(() => protoInt64.uParse(t))]).toEqual([t, outcome(() => esInt64.uParse(t))]);
      expect([t, outcome(() => protoInt64.enc(t))]).toEqual([t, outcome(() => esInt64.enc(t))]);
      expect([t, outcome(() => protoInt64.uEnc(t))]).toEqual([t, outcome(() => esInt64.uEnc(t))]);
    }
    expect(protoInt64.parse("0x10")).toBe(16n);
    expect(protoInt64.uParse(" 7 ")).toBe(7n);
  });
  test("uParse", () => {
    expect(protoInt64.uParse("18446744073709551615")).toBe(UINT64_MAX);
    expect(protoInt64.uParse(0)).toBe(0n);
    for (const bad of [-1n, "-1", UINT64_MAX + 1n, -1, 0.5]) {
      expect(() => protoInt64.uParse(bad as string)).toThrow(/invalid uint64/);
    }
    expect(protoInt64.uParse("-0")).toBe(0n);
  });
  test("enc/dec/uEnc/uDec agree with protobuf-es", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: INT64_MIN, max: INT64_MAX }), fc.bigInt({ min: 0n, max: UINT64_MAX }), (s, u) => {
        expect(protoInt64.enc(s)).toEqual(esInt64.enc(s));
        expect(protoInt64.uEnc(u)).toEqual(esInt64.uEnc(u));
        const { lo, hi } = esInt64.enc(s);
        expect(protoInt64.dec(lo, hi)).toBe(s);
        expect(protoInt64.dec(lo >>> 0, hi >>> 0)).toBe(s);
        const b = esInt64.uEnc(u);
        expect(protoInt64.uDec(b.lo, b.hi)).toBe(u);
      }),
      { numRuns: 500 },
    );
    expect(protoInt64.enc(-1n)).toEqual({ lo: -1, hi: -1 });
    expect(protoInt64.uDec(-1, -1)).toBe(UINT64_MAX);
    expect(protoInt64.dec(0, 0x80000000)).toBe(INT64_MIN);
  });
});

describe("zigzag", () => {
  test("32-bit", () => {
    const pairs: [number, number][] = [
      [0, 0],
      [-1, 1],
      [1, 2],
      [-2, 3],
      [2 ** 31 - 1, 2 ** 32 - 2],
      [-(2 ** 31), 2 ** 32 - 1],
    ];
    for (const [v, z] of pairs) {
      expect(zigzagEncode32(v)).toBe(z);
      expect(zigzagDecode32(z)).toBe(v);
    }
    fc.assert(fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), (v) => zigzagDecode32(zigzagEncode32(v)) === v));
  });
  test("64-bit", () => {
    const pairs: [bigint, bigint][] = [
      [0n, 0n],
      [-1n, 1n],
      [1n, 2n],
      [INT64_MAX, UINT64_MAX - 1n],
      [INT64_MIN, UINT64_MAX],
    ];
    for (const [v, z] of pairs) {
      expect(zigzagEncode64(v)).toBe(z);
      expect(zigzagDecode64(z)).toBe(v);
    }
    fc.assert(fc.property(fc.bigInt({ min: INT64_MIN, max: INT64_MAX }), (v) => zigzagDecode64(zigzagEncode64(v)) === v));
  });
});
