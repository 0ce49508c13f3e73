/**
 * toJson, toJsonString and toBinary of messages whose fields hold values of the wrong type,
 * against @bufbuild/protobuf: where protobuf-es throws, pbjet throws the same message; where
 * it writes, pbjet writes the same — unless the value does not fit the field's type by the
 * specification (a uint32 holding -1, an int32 holding 1.5, NaN in an int32, "abc" in an
 * int64), which pbjet rejects instead of writing invalid output (see README, "Differences").
 */
import * as pb from "@pbjet/protobuf";
import * as es from "@bufbuild/protobuf";
import { ScalarType } from "@pbjet/protobuf";
import { fromHex, hex, oracleRegistry, registry } from "../helpers";
import { registries } from "../aot/util";

type Outcome = { ok: string } | { error: string };

function run(fn: () => unknown): Outcome {
  try {
    const v = fn();
    return { ok: v instanceof Uint8Array ? hex(v) : JSON.stringify(v) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

const values: unknown[] = [
  "abc",
  "12",
  "",
  123,
  -1,
  1.5,
  2 ** 31,
  2 ** 32,
  NaN,
  Infinity,
  true,
  null,
  5n,
  -1n,
  2n ** 64n,
  new Uint8Array([1]),
  [1],
  {},
];

/** True if the value is one the field type holds, by the protobuf specification. */
function fits(type: ScalarType, v: unknown): boolean {
  switch (type) {
    case ScalarType.STRING:
      return typeof v === "string";
    case ScalarType.BOOL:
      return typeof v === "boolean";
    case ScalarType.BYTES:
      return v instanceof Uint8Array;
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return typeof v === "number";
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 0xffffffff;
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return typeof v === "number" && Number.isInteger(v) && v >= -0x80000000 && v <= 0x7fffffff;
    default: {
      const unsigned = type === ScalarType.UINT64 || type === ScalarType.FIXED64;
      let b: bigint;
      if (typeof v === "bigint") b = v;
      else if (typeof v === "number" && Number.isInteger(v)) b = BigInt(v);
      else if (typeof v === "string" && /^-?[0-9]+$/.test(v)) b = BigInt(v);
      else return false;
      return unsigned ? b >= 0n && b < 2n ** 64n : b >= -(2n ** 63n) && b < 2n ** 63n;
    }
  }
}

const typeNames = ["pbjet.test.proto3.ScalarValues", "pbjet.test.proto3.RepeatedScalarValues", "pbjet.test.proto3.EnumFields"];

describe.each(typeNames)("writing ill-typed values: %s", (typeName) => {
  const desc = registry("test").getMessage(typeName)!;
  const odesc = oracleRegistry("test").getMessage(typeName)!;
  test.each(desc.fields.map((f, i) => [f.name, i] as const))("%s", (_, i) => {
    const f = desc.fields[i];
    for (const v of values) {
      const value = f.fieldKind === "list" ? [v] : v;
      const ours = pb.create(desc) as unknown as Record<string, unknown>;
      const theirs = es.create(odesc) as unknown as Record<string, unknown>;
      ours[f.localName] = value;
      theirs[f.localName] = value;
      const type = f.enum !== undefined ? ScalarType.INT32 : f.scalar!;
      const ok = f.enum !== undefined ? typeof v === "number" && Number.isInteger(v) && fits(ScalarType.INT32, v) : fits(type, v);
      const ops: [string, () => unknown, () => unknown][] = [
        ["toJson", () => pb.toJson(desc, ours as never), () => es.toJson(odesc, theirs as never)],
        ["toJsonString", () => pb.toJsonString(desc, ours as never), () => es.toJsonString(odesc, theirs as never)],
        ["toBinary", () => pb.toBinary(desc, ours as never), () => es.toBinary(odesc, theirs as never)],
      ];
      for (const [op, o, t] of ops) {
        const a = run(o);
        const b = run(t);
        const label = [f.name, op, String(v)];
        if ("error" in b) {
          expect([...label, "error" in a]).toEqual([...label, true]);
          // Lists: pbjet names the element ("field[0]"); protobuf-es reports the list. Enums:
          // protobuf-es says "cannot encode enum E to JSON: ...", pbjet names the field; the
          // problem after "to JSON: " is the same.
          if (op !== "toBinary" && f.fieldKind !== "list") {
            const detail = (m: string) => (f.enum !== undefined ? m.substring(m.indexOf(" to JSON: ")) : m);
            expect([...label, detail((a as { error: string }).error)]).toEqual([...label, detail(b.error)]);
          }
        } else if (ok) {
          expect([...label, a]).toEqual([...label, b]);
        } else if ("ok" in a && op !== "toBinary") {
          // protobuf-es writes a value that does not fit; pbjet may too, but only the same output.
          expect([...label, a]).toEqual([...label, b]);
        } else if ("ok" in a) {
          // Binary: the same message (an int32 holding "" is written as 0 by pbjet, skipped as
          // zero by protobuf-es: both decode to 0).
          const back = (h: string) => pb.fromBinary(desc, fromHex(h));
          expect([...label, a.ok === b.ok || pb.equals(desc, back(a.ok), back(b.ok))]).toEqual([...label, true]);
        }
      }
    }
  });
});

describe("a sub-message field holding null", () => {
  test("is written the same before and after the field's type had lazy views", () => {
    // Fresh descriptors: their types have no view protocol until a view is made.
    const { closure } = registries("test");
    const outer = closure.getMessage("pbjet.test.proto3.WellKnownTypes")!;
    const field = outer.fields.find((f) => f.localName === "empty")!;
    const write = (): Outcome => {
      const msg = pb.create(outer) as unknown as Record<string, unknown>;
      msg[field.localName] = null;
      return run(() => pb.toJsonString(outer, msg as unknown as pb.Message));
    };
    const before = write();
    pb.fromBinary(field.message!, new Uint8Array(0), { lazy: true, validate: false });
    expect(write()).toEqual(before);
  });
});
