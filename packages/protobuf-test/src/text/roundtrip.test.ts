/**
 * Round trips: for random messages of every type of the test corpus and the conformance
 * protos, fromText(toText(m)) equals m, in multi-line and single-line form, with extensions;
 * and every float and double prints with digits that parse back to the same value.
 */
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import { registry, schema } from "../helpers";
import { extensionTypes, fieldValue, isInitializable, messageInit, messageTypes } from "../differential/arbitrary";

const RUNS = 15;

function roundTrip(desc: pb.DescMessage, reg: pb.Registry, singleLine: boolean): (init: Record<string, unknown>) => void {
  return (init) => {
    const msg = pb.create(desc, init);
    const text = pb.toText(desc, msg, { registry: reg, singleLine });
    const back = pb.fromText(desc, text, { registry: reg });
    if (!pb.equals(desc, msg, back)) {
      throw new Error(`round trip changed the message; text:\n${text}`);
    }
    // Printing is deterministic: the parsed message prints the same text.
    expect(pb.toText(desc, back, { registry: reg, singleLine })).toBe(text);
  };
}

describe.each(["test", "conformance"] as const)("random messages of the %s corpus", (set) => {
  const reg = registry(set);
  const types = messageTypes(reg).filter((d) => isInitializable(d));
  test.each(types.map((d) => [d.typeName, d] as const))("%s", (_, desc) => {
    fc.assert(fc.property(messageInit(desc, { nan: false }), roundTrip(desc, reg, false)), { numRuns: RUNS });
    fc.assert(fc.property(messageInit(desc, { nan: false, depth: 1 }), roundTrip(desc, reg, true)), { numRuns: 5 });
  });
});

describe("random extension values", () => {
  const reg = registry("test");
  const exts = extensionTypes(reg);
  test.each(exts.map((e) => [e.typeName, e] as const))("%s", (_, ext) => {
    const desc = ext.extendee;
    fc.assert(
      fc.property(fieldValue(ext, { nan: false }), (value) => {
        const msg = pb.create(desc);
        // Message elements of a list extension are init objects: setExtension() takes messages.
        const v =
          ext.fieldKind === "list" && ext.listKind === "message"
            ? (value as Record<string, unknown>[]).map((e) => pb.create(ext.message!, e))
            : value;
        pb.setExtension(msg, ext, v as never);
        const text = pb.toText(desc, msg, { registry: reg });
        expect(text).toContain(`[${ext.typeName}]`);
        const back = pb.fromText(desc, text, { registry: reg });
        expect(pb.toBinary(desc, back)).toEqual(pb.toBinary(desc, msg));
      }),
      { numRuns: RUNS },
    );
  });
});

describe("numbers print with digits that parse back exactly", () => {
  const desc = schema("pbjet.test.proto3.OptionalScalarValues");
  const back = (field: string, value: unknown) => {
    const text = pb.toText(desc, pb.create(desc, { [field]: value } as never));
    return (pb.fromText(desc, text) as unknown as Record<string, unknown>)[field];
  };
  test("every float, subnormals and extremes included", () => {
    fc.assert(
      fc.property(fc.float({ noNaN: true }), (v) => {
        expect(Object.is(back("floatField", v), v)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
  test("every double", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (v) => {
        expect(Object.is(back("doubleField", v), v)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
  test("float output is no longer than 9 significant digits", () => {
    fc.assert(
      fc.property(fc.float({ noNaN: true, noDefaultInfinity: true }), (v) => {
        const text = pb.toText(desc, pb.create(desc, { floatField: v } as never));
        const mantissa = text
          .trim()
          .replace(/^float_field: -?/, "")
          .replace(/e.*$/, "");
        const digits = mantissa.replace(".", "").replace(/^0+|0+$/g, "");
        expect(digits.length).toBeLessThanOrEqual(9);
      }),
      { numRuns: 500 },
    );
  });
  test("64-bit integers at random", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), (s, u) => {
        expect(String(back("sint64Field", pb.protoInt64.parse(s)))).toBe(String(s));
        expect(String(back("fixed64Field", pb.protoInt64.uParse(u)))).toBe(String(u));
      }),
      { numRuns: 300 },
    );
  });
  test("random strings and bytes", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.uint8Array(), (s, b) => {
        expect(back("stringField", s)).toBe(s);
        expect(back("bytesField", b)).toEqual(b);
      }),
      { numRuns: 500 },
    );
  });
});
