// Differential tests against @bufbuild/protobuf: the same writes must produce
// identical bytes, and our reader must read back what theirs wrote.
import fc = require("fast-check");
import pb = require("@pbjet/protobuf/wire");
import es = require("@bufbuild/protobuf/wire");

const { BinaryReader, BinaryWriter } = pb;
function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
}
const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);
const UINT64_MAX = 2n ** 64n - 1n;

type Op =
  | { k: "int32" | "sint32" | "sfixed32"; v: number }
  | { k: "uint32" | "fixed32"; v: number }
  | { k: "int64" | "sint64" | "sfixed64"; v: bigint | number | string }
  | { k: "uint64" | "fixed64"; v: bigint | number | string }
  | { k: "float" | "double"; v: number }
  | { k: "bool"; v: boolean }
  | { k: "string"; v: string }
  | { k: "bytes"; v: Uint8Array }
  | { k: "tag"; f: number; t: number }
  | { k: "fork" }
  | { k: "join" };

const int32 = fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.constantFrom(0, -1, 2 ** 31 - 1, -(2 ** 31), 127, 128));
const uint32 = fc.oneof(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.constantFrom(0, 127, 128, 2 ** 32 - 1, 2 ** 31));
const edges64 = [0n, -1n, 1n, INT64_MAX, INT64_MIN, 2n ** 53n, 2n ** 53n + 1n, -(2n ** 53n) - 1n, 2n ** 32n, -(2n ** 32n)];
const int64big = fc.oneof(
  fc.bigInt({ min: INT64_MIN, max: INT64_MAX }),
  fc.bigInt({ min: -(2n ** 40n), max: 2n ** 40n }),
  fc.constantFrom(...edges64),
);
const int64 = fc.oneof(
  int64big,
  int64big.map((v) => v.toString()),
  fc.maxSafeInteger(),
);
const uint64big = fc.oneof(
  fc.bigInt({ min: 0n, max: UINT64_MAX }),
  fc.bigInt({ min: 0n, max: 2n ** 40n }),
  fc.constantFrom(0n, UINT64_MAX, 2n ** 63n, 2n ** 53n + 1n),
);
const uint64 = fc.oneof(
  uint64big,
  uint64big.map((v) => v.toString()),
  fc.maxSafeNat(),
);
const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 50 }),
  fc.string({ unit: "binary", maxLength: 400 }),
  fc.string({ maxLength: 100 }),
  fc.constantFrom("", "a".repeat(127), "é".repeat(64), "日本".repeat(50), "x".repeat(20_000)),
);

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ k: fc.constantFrom("int32" as const, "sint32" as const, "sfixed32" as const), v: int32 }),
  fc.record({ k: fc.constantFrom("uint32" as const, "fixed32" as const), v: uint32 }),
  fc.record({ k: fc.constantFrom("int64" as const, "sint64" as const, "sfixed64" as const), v: int64 }),
  fc.record({ k: fc.constantFrom("uint64" as const, "fixed64" as const), v: uint64 }),
  fc.record({ k: fc.constant("float" as const), v: fc.float() }),
  fc.record({ k: fc.constant("double" as const), v: fc.double() }),
  fc.record({ k: fc.constant("bool" as const), v: fc.boolean() }),
  fc.record({ k: fc.constant("string" as const), v: text }),
  fc.record({
    k: fc.constant("bytes" as const),
    v: fc.oneof(fc.uint8Array({ maxLength: 40 }), fc.uint8Array({ minLength: 120, maxLength: 20_000 })),
  }),
  fc.record({ k: fc.constant("tag" as const), f: fc.integer({ min: 1, max: 2 ** 29 - 1 }), t: fc.integer({ min: 0, max: 5 }) }),
  fc.constant({ k: "fork" as const }),
  fc.constant({ k: "join" as const }),
);

/** Drop joins without a fork and close every open fork at the end. */
function balance(ops: Op[]): Op[] {
  const out: Op[] = [];
  let depth = 0;
  for (const o of ops) {
    if (o.k === "join") {
      if (depth === 0) continue;
      depth--;
    } else if (o.k === "fork") {
      depth++;
    }
    out.push(o);
  }
  while (depth-- > 0) out.push({ k: "join" });
  return out;
}

function apply(w: es.BinaryWriter, o: Op): void {
  switch (o.k) {
    case "tag":
      w.tag(o.f, o.t);
      break;
    case "fork":
      w.fork();
      break;
    case "join":
      w.join();
      break;
    default:
      (w[o.k] as (v: unknown) => unknown).call(w, o.v);
  }
}

function expectedValue(o: Op): unknown {
  switch (o.k) {
    case "int64":
    case "sint64":
    case "sfixed64":
      return BigInt(o.v);
    case "uint64":
    case "fixed64":
      return BigInt(o.v);
    case "float":
      return Math.fround(o.v);
    case "string":
      return new TextDecoder().decode(new TextEncoder().encode(o.v));
    default:
      return "v" in o ? o.v : undefined;
  }
}

const ops = fc.array(op, { maxLength: 60 }).map(balance);

describe("differential vs @bufbuild/protobuf", () => {
  test("identical bytes for identical write sequences", () => {
    fc.assert(
      fc.property(ops, (seq) => {
        const ours = new BinaryWriter();
        const theirs = new es.BinaryWriter();
        for (const o of seq) {
          apply(ours as unknown as es.BinaryWriter, o);
          apply(theirs, o);
        }
        expect(hex(ours.finish())).toBe(hex(theirs.finish()));
      }),
      { numRuns: 400 },
    );
  });

  test("our reader reads back what protobuf-es wrote", () => {
    fc.assert(
      fc.property(ops, (seq) => {
        const theirs = new es.BinaryWriter();
        for (const o of seq) apply(theirs, o);
        const r = new BinaryReader(theirs.finish());
        for (const o of seq) {
          switch (o.k) {
            case "tag":
              expect(r.tag()).toEqual([o.f, o.t]);
              break;
            case "fork":
              r.uint32(); // the length prefix
              break;
            case "join":
              break;
            case "bytes":
              expect(hex(r.bytes())).toBe(hex(o.v));
              break;
            case "float":
            case "double": {
              const got = r[o.k]();
              expect(Object.is(got, expectedValue(o)) || (Number.isNaN(got) && Number.isNaN(o.v))).toBe(true);
              break;
            }
            default:
              expect(r[o.k]()).toEqual(expectedValue(o));
          }
        }
        expect(r.pos).toBe(r.len);
      }),
      { numRuns: 400 },
    );
  });

  test("protobuf-es reads back what we wrote", () => {
    fc.assert(
      fc.property(ops, (seq) => {
        const ours = new BinaryWriter();
        for (const o of seq) apply(ours as unknown as es.BinaryWriter, o);
        const r = new es.BinaryReader(ours.finish());
        for (const o of seq) {
          if (o.k === "tag") expect(r.tag()).toEqual([o.f, o.t]);
          else if (o.k === "fork") r.uint32();
          else if (o.k === "bytes") expect(hex(r.bytes())).toBe(hex(o.v));
          else if (o.k === "string") expect(r.string()).toBe(expectedValue(o));
          else if (o.k !== "join") {
            const got = (r[o.k] as () => unknown).call(r);
            if (typeof got === "number" && Number.isNaN(got)) expect(Number.isNaN(o.v)).toBe(true);
            else expect(got).toEqual(expectedValue(o));
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  test("arbitrary bytes: same values or both fail", () => {
    const readers = [
      "uint32",
      "int32",
      "sint32",
      "int64",
      "uint64",
      "sint64",
      "bool",
      "fixed32",
      "sfixed32",
      "fixed64",
      "sfixed64",
      "double",
      "float",
      "bytes",
    ] as const;
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 24 }), fc.array(fc.constantFrom(...readers), { minLength: 1, maxLength: 6 }), (bytes, seq) => {
        const a = new BinaryReader(bytes);
        const b = new es.BinaryReader(bytes);
        for (const m of seq) {
          let x: unknown, y: unknown, ex: unknown, ey: unknown;
          try {
            x = a[m]();
          } catch (e) {
            ex = e;
          }
          try {
            y = b[m]();
          } catch (e) {
            ey = e;
          }
          if (ex !== undefined) {
            // Ours fails with a decode error; protobuf-es fails too, or it silently read past the end
            expect(ex).toBeInstanceOf(pb.BinaryDecodeError);
            expect(ey !== undefined || b.pos > bytes.length).toBe(true);
            return;
          }
          // Ours succeeded: it never reads past the end, and protobuf-es did not throw.
          expect(a.pos).toBeLessThanOrEqual(bytes.length);
          expect(ey).toBeUndefined();
          // protobuf-es reads past the end in some cases; only compare when it stayed inside
          if (b.pos > bytes.length) return;
          if (m === "bytes") expect(hex(x as Uint8Array)).toBe(hex(y as Uint8Array));
          else expect(Object.is(x, y) || x === y || (Number.isNaN(x) && Number.isNaN(y))).toBe(true);
          expect(a.pos).toBe(b.pos);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
