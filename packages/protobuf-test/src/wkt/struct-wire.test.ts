/**
 * Unboxed google.protobuf.Struct values (plain JSON objects) are written to the wire directly,
 * without building Struct/Value/ListValue messages. The bytes must be exactly those of the
 * messages: compared with @bufbuild/protobuf's encoding, in every place a Struct can be
 * (singular, list element, map value, oneof member, DELIMITED), for random JSON objects, with
 * code generated both ways (closures and aot=true). A Struct that occurs twice in an input is
 * merged by key, as @bufbuild/protobuf merges it.
 */
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import * as oracle from "@bufbuild/protobuf";
import { aotRegistry, hex, oracleRegistry, registry } from "../helpers";
import { fcParams } from "../differential/util";
import { snapshot } from "../aot/util";

type JsonObject = { [k: string]: JsonValue };
type JsonValue = null | number | string | boolean | JsonValue[] | JsonObject;

/** A JSON object: keys include "__proto__" and "constructor" (own data properties). */
const key = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom("__proto__", "constructor", "", "a:b", "\u{1F600}"));
const jsonObject: fc.Arbitrary<JsonObject> = fc.letrec<{ value: JsonValue; object: JsonObject }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null),
    fc.double({ noNaN: true }),
    fc.string({ maxLength: 8 }),
    fc.boolean(),
    fc.array(tie("value"), { maxLength: 3 }),
    tie("object"),
  ),
  object: fc.array(fc.tuple(key, tie("value")), { maxLength: 4 }).map((entries) => {
    const o: JsonObject = {};
    for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
    return o;
  }),
})).object;

const closures = registry("test");
const regs: [string, pb.FileRegistry][] = [
  ["closures", closures],
  ["aot=true", aotRegistry(closures)],
];

describe.each(regs)("Struct values on the wire (%s)", (_name, reg) => {
  const fields = reg.getMessage("pbjet.test.proto3.StructFields")!;
  const delimited = reg.getMessage("pbjet.test.edition2023.delimited.StructDelimited")!;
  const oFields = oracleRegistry("test").getMessage("pbjet.test.proto3.StructFields")!;
  const oDelimited = oracleRegistry("test").getMessage("pbjet.test.edition2023.delimited.StructDelimited")!;

  test("singular, list, map value and oneof: the bytes of the Struct messages", () => {
    fc.assert(
      fc.property(jsonObject, fc.array(jsonObject, { maxLength: 3 }), jsonObject, fc.boolean(), (single, list, value, inOneof) => {
        const init = { single, list, map: { k: value, "": value }, kind: inOneof ? { case: "inOneof", value: single } : { case: undefined } };
        const bytes = pb.toBinary(fields, pb.create(fields, init as never));
        const expected = oracle.toBinary(oFields, oracle.create(oFields, init as never));
        expect(hex(bytes)).toBe(hex(expected));
        // And back: the same JSON objects (snapshot(): "constructor" keys are plain data, -0 kept).
        const back = pb.fromBinary(fields, bytes) as unknown as Record<string, unknown>;
        expect(snapshot(back.single)).toEqual(snapshot(single));
        expect(snapshot(back.list)).toEqual(snapshot(list));
      }),
      fcParams(50),
    );
  });

  test("DELIMITED Struct fields are written as groups", () => {
    fc.assert(
      fc.property(jsonObject, fc.array(jsonObject, { maxLength: 3 }), (struct, structs) => {
        const bytes = pb.toBinary(delimited, pb.create(delimited, { struct, structs } as never));
        const expected = oracle.toBinary(oDelimited, oracle.create(oDelimited, { struct, structs } as never));
        expect(hex(bytes)).toBe(hex(expected));
      }),
      fcParams(50),
    );
  });

  test("a value that JSON cannot hold is an error naming it", () => {
    for (const bad of [undefined, 1n, () => 1, Symbol("s")]) {
      expect(() => pb.toBinary(fields, pb.create(fields, { single: { nested: { x: bad } } } as never))).toThrow(
        /cannot represent (undefined|bigint|function|symbol) in google\.protobuf\.Value/,
      );
    }
  });

  test("a Struct that occurs twice is merged by key, as @bufbuild/protobuf merges it", () => {
    fc.assert(
      fc.property(jsonObject, jsonObject, (first, second) => {
        const one = pb.toBinary(fields, pb.create(fields, { single: first, kind: { case: "inOneof", value: first } } as never));
        const two = pb.toBinary(fields, pb.create(fields, { single: second, kind: { case: "inOneof", value: second } } as never));
        const both = new Uint8Array([...one, ...two]);
        const ours = pb.fromBinary(fields, both) as unknown as Record<string, unknown>;
        const theirs = oracle.fromBinary(oFields, both) as unknown as Record<string, unknown>;
        expect(snapshot(ours.single)).toEqual(snapshot(theirs.single));
        expect(snapshot(ours.kind)).toEqual(snapshot(theirs.kind));
        // Into a message that holds the first: the same entries.
        const target = pb.fromBinary(fields, one);
        pb.mergeFromBinary(fields, target, two);
        expect(snapshot((target as unknown as Record<string, unknown>).single)).toEqual(snapshot(theirs.single));
      }),
      fcParams(50),
    );
  });

  test("numbers keep every double: -0, infinities, NaN", () => {
    const single = { neg: -0, inf: Number.POSITIVE_INFINITY, ninf: Number.NEGATIVE_INFINITY, nan: Number.NaN };
    const bytes = pb.toBinary(fields, pb.create(fields, { single } as never));
    const expected = oracle.toBinary(oFields, oracle.create(oFields, { single } as never));
    expect(hex(bytes)).toBe(hex(expected));
    const back = (pb.fromBinary(fields, bytes) as unknown as { single: Record<string, number> }).single;
    expect(Object.is(back.neg, -0)).toBe(true);
    expect(back.inf).toBe(Number.POSITIVE_INFINITY);
    expect(Number.isNaN(back.nan)).toBe(true);
  });
});
