/**
 * The wire classes against @bufbuild/protobuf's: the 32-bit integer and float writers accept
 * and reject the same inputs, with the same error texts; BinaryReader.tag() and skip() reject
 * the same inputs, with protobuf-es's text first (pbjet adds the offset).
 */
import * as ew from "@bufbuild/protobuf/wire";
import * as pw from "@pbjet/protobuf/wire";
import { fromHex } from "../helpers";

type Outcome = { ok: number[] } | { error: string };

function run(fn: () => Uint8Array | unknown): Outcome {
  try {
    const v = fn();
    return { ok: v instanceof Uint8Array ? Array.from(v) : [] };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

const inputs: unknown[] = [
  0,
  -0,
  1,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 32 - 1,
  2 ** 32,
  1e39,
  -1e39,
  3.4e38,
  NaN,
  Infinity,
  -Infinity,
  "1024",
  "-1",
  "",
  " 12 ",
  "0x10",
  "1e3",
  "1.5",
  "x",
  "NaN",
  null,
  undefined,
  true,
  false,
  5n,
  new Date(0),
  [1],
  {},
];

describe("BinaryWriter: 32-bit and float inputs, as protobuf-es takes them", () => {
  const methods = ["int32", "uint32", "sint32", "fixed32", "sfixed32", "float"] as const;
  test.each(methods)("%s", (m) => {
    for (const v of inputs) {
      const theirs = run(() => (new ew.BinaryWriter()[m] as (x: unknown) => ew.BinaryWriter)(v).finish());
      const ours = run(() => (new pw.BinaryWriter()[m] as (x: unknown) => pw.BinaryWriter)(v).finish());
      expect([m, String(v), ours]).toEqual([m, String(v), theirs]);
    }
  });

  test("errors are BinaryEncodeErrors", () => {
    expect(() => new pw.BinaryWriter().int32(null as never)).toThrow(pw.BinaryEncodeError);
    expect(() => new pw.BinaryWriter().float("x" as never)).toThrow("invalid float32: x");
  });
});

describe("BinaryWriter: 64-bit inputs", () => {
  const methods = ["int64", "uint64", "sint64", "fixed64", "sfixed64"] as const;
  const texts = ["+7", "-7", "0x10", "-0x10", "0b11", "0o17", "1_0", "\t9\n", "0xffffffffffffffff", "-9223372036854775808", "18446744073709551615"];
  const typed = [...inputs, ...texts, 2n ** 63n, -(2n ** 63n) - 1n, 2n ** 64n - 1n, 2 ** 53, 2 ** 64].filter((v) =>
    ["number", "string", "bigint"].includes(typeof v),
  );
  const decimal = (v: unknown) => typeof v !== "string" || /^-?[0-9]+$/.test(v);
  test.each(methods)("%s: the bytes of protobuf-es, or an error in both; text only as decimal digits", (m) => {
    for (const v of typed) {
      const theirs = run(() => (new ew.BinaryWriter()[m] as (x: unknown) => ew.BinaryWriter)(v).finish());
      const ours = run(() => (new pw.BinaryWriter()[m] as (x: unknown) => pw.BinaryWriter)(v).finish());
      if (decimal(v)) expect([m, String(v), "ok" in ours ? ours : "error"]).toEqual([m, String(v), "ok" in theirs ? theirs : "error"]);
      else
        expect([m, String(v), ours]).toEqual([
          m,
          String(v),
          { error: `invalid ${m.includes("uint") || m === "fixed64" ? "uint64" : "int64"}: ${JSON.stringify(v)}` },
        ]);
    }
  });
});

describe("BinaryReader: tags and skip, as protobuf-es rejects them", () => {
  const tags = ["08", "00", "07", "0e", "0f", "8000", "8080808010", "808080808001", "ffffffff0f", "ffffffff1f", "f8ffffff0f", "80", ""];
  test.each(tags)("tag() of %s", (h) => {
    const theirs = run(() => new ew.BinaryReader(fromHex(h)).tag());
    const ours = run(() => new pw.BinaryReader(fromHex(h)).tag());
    if ("ok" in theirs) {
      expect(new pw.BinaryReader(fromHex(h)).tag()).toEqual(new ew.BinaryReader(fromHex(h)).tag());
    } else {
      expect("error" in ours && ours.error.startsWith(theirs.error)).toBe(true);
    }
  });

  const groups = (n: number) => "0b".repeat(n) + "0c".repeat(n);
  const skips: [string, string, number | undefined, number | undefined][] = [
    ["group", "0b 08 01 0c", 1, undefined],
    ["mismatched end", "0b 08 01 14", 1, undefined],
    ["depth 99", groups(99), 1, undefined],
    ["depth 100", groups(100), 1, undefined],
    ["depth 101", groups(101), 1, undefined],
    ["depth 4, limit 3", groups(4), 1, 3],
    ["depth 3, limit 3", groups(3), 1, 3],
  ];
  test.each(skips)("skip: %s", (_, h, fieldNo, limit) => {
    const call = (R: typeof ew.BinaryReader | typeof pw.BinaryReader) => () => {
      const r = new R(fromHex(h));
      const [no, wt] = r.tag();
      return r.skip(wt as never, fieldNo === undefined ? undefined : no, limit);
    };
    const theirs = run(call(ew.BinaryReader));
    const ours = run(call(pw.BinaryReader));
    if ("ok" in theirs) expect(ours).toEqual(theirs);
    else expect("error" in ours && ours.error.startsWith(theirs.error)).toBe(true);
  });

  test("skip of an end-group tag and of wire types 6 and 7", () => {
    for (const wt of [4, 6, 7]) {
      const theirs = run(() => new ew.BinaryReader(fromHex("00")).skip(wt as never));
      const ours = run(() => new pw.BinaryReader(fromHex("00")).skip(wt as never));
      expect("error" in theirs && "error" in ours).toBe(true);
      if (wt === 4) expect((ours as { error: string }).error.startsWith((theirs as { error: string }).error)).toBe(true);
    }
  });
});
