// With PBJET_BIGINT_DISABLE=1 / BUF_BIGINT_DISABLE=1, 64-bit values are
// decimal strings everywhere. The module is loaded fresh with the variable set.
// On an engine without BigInt (the module is loaded with globalThis.BigInt removed), values
// up to 2^53 work and larger ones throw a clear error, whatever was called before.
import fc = require("fast-check");
import es = require("@bufbuild/protobuf/wire");
import type Wire = require("@pbjet/protobuf/wire");

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
}
const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);
const UINT64_MAX = 2n ** 64n - 1n;

function loadWith(name: string): typeof Wire {
  const saved = process.env[name];
  process.env[name] = "1";
  try {
    let mod: typeof Wire | undefined;
    jest.isolateModules(() => {
      mod = require("@pbjet/protobuf/wire") as typeof Wire;
    });
    return mod as typeof Wire;
  } finally {
    if (saved === undefined) delete process.env[name];
    else process.env[name] = saved;
  }
}

/** The wire module as an engine without BigInt loads it. */
function loadWithoutBigInt(): typeof Wire {
  const g = globalThis as { BigInt?: BigIntConstructor };
  const saved = g.BigInt;
  delete g.BigInt;
  try {
    let mod: typeof Wire | undefined;
    jest.isolateModules(() => {
      mod = require("@pbjet/protobuf/wire") as typeof Wire;
    });
    return mod as typeof Wire;
  } finally {
    g.BigInt = saved;
  }
}

describe("without BigInt", () => {
  const w = loadWithoutBigInt();

  test("values up to 2^53 work, larger ones throw a ProtobufError", () => {
    expect(w.protoInt64.supported).toBe(false);
    expect(w.protoInt64.parse("-9007199254740991")).toBe("-9007199254740991");
    expect(w.protoInt64.dec(-1, -1)).toBe("-1");
    const bytes = new w.BinaryWriter().int64("123456789012345").sint64(-5).finish();
    const r = new w.BinaryReader(bytes);
    expect([r.int64(), r.sint64()]).toEqual(["123456789012345", "-5"]);
    const noBigInt = "no BigInt here: 64-bit integers beyond 2^53 need an engine with BigInt";
    expect(() => new w.BinaryWriter().int64("9223372036854775807")).toThrow(noBigInt);
    expect(() => new w.BinaryWriter().uint64(2 ** 60)).toThrow(w.ProtobufError);
    expect(() => w.protoInt64.uDec(-1, -1)).toThrow(noBigInt);
    expect(() => new w.BinaryReader(new w.BinaryWriter().int64(-1).finish()).uint64()).toThrow(noBigInt);
    expect(() => w.protoInt64.parse("1.5")).toThrow(/invalid int64: "1.5"/);
  });
});

const modes: [string, () => typeof Wire][] = [
  ["PBJET_BIGINT_DISABLE=1", () => loadWith("PBJET_BIGINT_DISABLE")],
  ["BUF_BIGINT_DISABLE=1", () => loadWith("BUF_BIGINT_DISABLE")],
];

describe.each(modes)("%s", (_name, load) => {
  const w = load();
  const S = (v: string) => v as unknown as bigint;

  test("protoInt64 works with strings", () => {
    expect(w.protoInt64.supported).toBe(false);
    expect(w.protoInt64.zero).toBe("0");
    expect(w.protoInt64.parse("-9223372036854775808")).toBe("-9223372036854775808");
    expect(w.protoInt64.parse(-12)).toBe("-12");
    expect(w.protoInt64.parse("007")).toBe("7");
    expect(w.protoInt64.parse("-0")).toBe("0");
    expect(w.protoInt64.uParse("18446744073709551615")).toBe("18446744073709551615");
    expect(w.protoInt64.uParse(2 ** 63)).toBe("9223372036854775808");
    expect(w.protoInt64.parse(-(2 ** 63))).toBe("-9223372036854775808");
    expect(w.protoInt64.parse(2 ** 62 + 2 ** 40)).toBe(`${2n ** 62n + 2n ** 40n}`);
    expect(w.protoInt64.parse(-(2 ** 60) - 2 ** 20)).toBe(`${-(2n ** 60n) - 2n ** 20n}`);
    expect(w.protoInt64.uParse(2 ** 64 - 2 ** 11)).toBe(`${2n ** 64n - 2n ** 11n}`);
    expect(() => w.protoInt64.parse(2 ** 63)).toThrow(/invalid int64/);
    expect(() => w.protoInt64.uParse(2 ** 64)).toThrow(/invalid uint64/);
    expect(() => w.protoInt64.uParse(-(2 ** 60))).toThrow(/invalid uint64/);
    expect(() => w.protoInt64.parse("9223372036854775808")).toThrow(w.ProtobufError);
    expect(() => w.protoInt64.parse("-9223372036854775809")).toThrow(/invalid int64/);
    expect(() => w.protoInt64.uParse("18446744073709551616")).toThrow(/invalid uint64/);
    expect(() => w.protoInt64.uParse("-1")).toThrow(/invalid uint64/);
    expect(() => w.protoInt64.parse("99999999999999999999999")).toThrow(/invalid int64/);
    expect(w.protoInt64.enc(S("-1"))).toEqual({ lo: -1, hi: -1 });
    expect(w.protoInt64.uDec(-1, -1)).toBe("18446744073709551615");
    expect(w.protoInt64.dec(0, 0x80000000)).toBe("-9223372036854775808");
    expect(w.protoInt64.dec(1, 0x80000000)).toBe("-9223372036854775807");
  });

  test("writer accepts strings and numbers, reader returns strings", () => {
    const vals = [
      "0",
      "1",
      "-1",
      "127",
      "128",
      "4294967296",
      "9007199254740993",
      "-9007199254740993",
      `${INT64_MAX}`,
      `${INT64_MIN}`,
      "-1000000000000000000",
    ];
    const uvals = ["0", "1", "9007199254740993", "9223372036854775808", `${UINT64_MAX}`, "10000000000000000000"];
    const ours = new w.BinaryWriter();
    const theirs = new es.BinaryWriter();
    for (const v of vals) {
      ours.int64(v).sint64(v).sfixed64(v);
      theirs.int64(BigInt(v)).sint64(BigInt(v)).sfixed64(BigInt(v));
    }
    for (const v of uvals) {
      ours.uint64(v).fixed64(v);
      theirs.uint64(BigInt(v)).fixed64(BigInt(v));
    }
    ours.int64(-5).uint64(2 ** 60);
    theirs.int64(-5n).uint64(2n ** 60n);
    const bytes = ours.finish();
    expect(hex(bytes)).toBe(hex(theirs.finish()));
    const r = new w.BinaryReader(bytes);
    for (const v of vals) expect([r.int64(), r.sint64(), r.sfixed64()]).toEqual([v, v, v]);
    for (const v of uvals) expect([r.uint64(), r.fixed64()]).toEqual([v, v]);
    expect([r.int64(), r.uint64()]).toEqual(["-5", `${2n ** 60n}`]);
  });

  test("property: string mode agrees with bigint arithmetic", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: INT64_MIN, max: INT64_MAX }), fc.bigInt({ min: 0n, max: UINT64_MAX }), (s, u) => {
        const bytes = new w.BinaryWriter().int64(`${s}`).sint64(`${s}`).sfixed64(`${s}`).uint64(`${u}`).fixed64(`${u}`).finish();
        const expected = new es.BinaryWriter().int64(s).sint64(s).sfixed64(s).uint64(u).fixed64(u).finish();
        expect(hex(bytes)).toBe(hex(expected));
        const r = new w.BinaryReader(bytes);
        expect([r.int64(), r.sint64(), r.sfixed64(), r.uint64(), r.fixed64()]).toEqual([`${s}`, `${s}`, `${s}`, `${u}`, `${u}`]);
      }),
      { numRuns: 500 },
    );
  });

  test("64-bit writes reject bad strings", () => {
    for (const bad of ["", "1.5", "abc", "0x1", "9223372036854775808"]) {
      expect(() => new w.BinaryWriter().int64(bad)).toThrow(w.BinaryEncodeError);
    }
    expect(() => new w.BinaryWriter().uint64("-1")).toThrow(w.BinaryEncodeError);
    expect(() => new w.BinaryWriter().int64(1.5)).toThrow(w.BinaryEncodeError);
  });
});
