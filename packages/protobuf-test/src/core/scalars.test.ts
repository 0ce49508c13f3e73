/**
 * Every scalar type at its boundaries: exact bytes against the oracle, round trips, implicit
 * presence (zero skipped, -0.0 written), proto3 `optional` (zero written), and out-of-range
 * values rejected on encode with a BinaryEncodeError.
 */
import { BinaryEncodeError, equals, fromBinary, toBinary } from "@pbjet/protobuf";
import { fromHex, hex, schema } from "../helpers";
import { create, encodeError, oracleHex, oursHex, rec } from "./util";

const P3 = "pbjet.test.proto3.ScalarValues";
const P3_OPT = "pbjet.test.proto3.OptionalScalarValues";
const P2_OPT = "pbjet.test.proto2.OptionalScalars";

const I32 = [0, 1, -1, 127, 128, 2 ** 31 - 1, -(2 ** 31)];
const U32 = [0, 1, 127, 128, 2 ** 31, 2 ** 32 - 1];
const I64 = [
  0n,
  1n,
  -1n,
  2n ** 31n,
  -(2n ** 31n),
  2n ** 32n - 1n,
  2n ** 32n,
  2n ** 53n - 1n,
  2n ** 53n + 1n,
  -(2n ** 53n) - 1n,
  2n ** 63n - 1n,
  -(2n ** 63n),
];
const U64 = [0n, 1n, 2n ** 31n, 2n ** 32n - 1n, 2n ** 32n, 2n ** 53n + 1n, 2n ** 63n, 2n ** 64n - 1n];
const F64 = [0, -0, 1.5, -1, 2 ** 53 + 2, Number.MAX_VALUE, Number.MIN_VALUE, -Number.MAX_VALUE, Infinity, -Infinity, NaN];
const F32 = [0, -0, 1.5, -2.25, 3.4028234663852886e38, -3.4028234663852886e38, 1.401298464324817e-45, Infinity, -Infinity, NaN];

const cases: [string, readonly unknown[]][] = [
  ["doubleField", F64],
  ["floatField", F32],
  ["int32Field", I32],
  ["int64Field", I64],
  ["uint32Field", U32],
  ["uint64Field", U64],
  ["sint32Field", I32],
  ["sint64Field", I64],
  ["fixed32Field", U32],
  ["fixed64Field", U64],
  ["sfixed32Field", I32],
  ["sfixed64Field", I64],
  ["boolField", [true, false]],
];

function show(v: unknown): string {
  return typeof v === "bigint" ? `${v}n` : Object.is(v, -0) ? "-0" : String(v);
}

describe.each([P3, P3_OPT, P2_OPT])("%s", (typeName) => {
  const desc = schema(typeName);
  for (const [field, values] of cases) {
    test.each(values.map((v) => [show(v), v]))(`${field} = %s encodes like the oracle and round-trips`, (_, value) => {
      const init = { [field]: value };
      const ours = oursHex(typeName, init);
      expect(ours).toBe(oracleHex(typeName, init));
      const back = rec(fromBinary(desc, fromHex(ours)));
      if (typeof value === "number" && Number.isNaN(value)) {
        expect(back[field]).toBeNaN();
      } else {
        expect(back[field]).toStrictEqual(value);
      }
      expect(hex(toBinary(desc, back as never))).toBe(ours);
    });
  }
});

describe("implicit presence (proto3)", () => {
  const desc = schema(P3);
  test("a message with every field at zero encodes to nothing", () => {
    const msg = create(desc, {
      doubleField: 0,
      floatField: 0,
      int32Field: 0,
      int64Field: 0n,
      uint32Field: 0,
      uint64Field: 0n,
      sint32Field: 0,
      sint64Field: 0n,
      fixed32Field: 0,
      fixed64Field: 0n,
      sfixed32Field: 0,
      sfixed64Field: 0n,
      boolField: false,
      stringField: "",
      bytesField: new Uint8Array(0),
    });
    expect(toBinary(desc, msg).length).toBe(0);
  });
  test("-0.0 is not the zero value: double and float write their sign bit", () => {
    expect(hex(toBinary(desc, create(desc, { doubleField: -0 })))).toBe("090000000000000080");
    expect(hex(toBinary(desc, create(desc, { floatField: -0 })))).toBe("1500000080");
    const back = rec(fromBinary(desc, fromHex("090000000000000080 1500000080")));
    expect(Object.is(back.doubleField, -0)).toBe(true);
    expect(Object.is(back.floatField, -0)).toBe(true);
  });
  test("zero on the wire decodes to zero (explicitly encoded zeros are accepted)", () => {
    const back = rec(fromBinary(desc, fromHex("1800 2000 6800 7200 7a00")));
    expect(back.int32Field).toBe(0);
    expect(back.int64Field).toBe(0n);
    expect(back.boolField).toBe(false);
    expect(back.stringField).toBe("");
    expect(back.bytesField).toStrictEqual(new Uint8Array(0));
    expect(toBinary(desc, back as never).length).toBe(0);
  });
  test("the last occurrence of a scalar field wins", () => {
    expect(rec(fromBinary(desc, fromHex("1801 1802 1803"))).int32Field).toBe(3);
  });
});

describe("explicit presence writes zero values", () => {
  test.each([P3_OPT, P2_OPT])("%s: zero values of every type are serialized", (typeName) => {
    const desc = schema(typeName);
    const init = {
      doubleField: 0,
      floatField: 0,
      int32Field: 0,
      int64Field: 0n,
      uint32Field: 0,
      uint64Field: 0n,
      sint32Field: 0,
      sint64Field: 0n,
      fixed32Field: 0,
      fixed64Field: 0n,
      sfixed32Field: 0,
      sfixed64Field: 0n,
      boolField: false,
      stringField: "",
      bytesField: new Uint8Array(0),
    };
    const ours = oursHex(typeName, init);
    expect(ours).toBe(oracleHex(typeName, init));
    expect(ours).toBe(
      (
        "090000000000000000 1500000000 1800 2000 2800 3000 3800 4000 4d00000000 510000000000000000" + "5d00000000 610000000000000000 6800 7200 7a00"
      ).replace(/ /g, ""),
    );
    const back = fromBinary(desc, fromHex(ours));
    expect(equals(desc, back, create(desc, init))).toBe(true);
    expect(hex(toBinary(desc, back))).toBe(ours);
  });
});

describe("decoding reinterprets out-of-range varints like protobuf", () => {
  const desc = schema(P3);
  test("int32 from a 10-byte negative varint and from a varint above 2^32", () => {
    expect(rec(fromBinary(desc, fromHex("18ffffffffffffffffff01"))).int32Field).toBe(-1);
    // 2^32 + 5 truncates to 5, as in protobuf C++ / Java.
    expect(rec(fromBinary(desc, fromHex("188580808010"))).int32Field).toBe(5);
  });
  test("bool from a multi-byte varint is true", () => {
    expect(rec(fromBinary(desc, fromHex("688080808010"))).boolField).toBe(true);
  });
  test("uint32 from a 10-byte varint keeps the low 32 bits", () => {
    expect(rec(fromBinary(desc, fromHex("28ffffffffffffffffff01"))).uint32Field).toBe(2 ** 32 - 1);
  });
});

describe("out-of-range values are rejected on encode", () => {
  const bad: [string, unknown][] = [
    ["int32Field", 2 ** 31],
    ["int32Field", -(2 ** 31) - 1],
    ["int32Field", 1.5],
    ["int32Field", NaN],
    ["uint32Field", -1],
    ["uint32Field", 2 ** 32],
    ["sint32Field", 2 ** 31],
    ["fixed32Field", -1],
    ["fixed32Field", 2 ** 32],
    ["sfixed32Field", 2 ** 31],
    ["int64Field", 2n ** 63n],
    ["int64Field", -(2n ** 63n) - 1n],
    ["uint64Field", -1n],
    ["uint64Field", 2n ** 64n],
    ["sint64Field", 2n ** 63n],
    ["fixed64Field", -1n],
    ["fixed64Field", 2n ** 64n],
    ["sfixed64Field", -(2n ** 63n) - 1n],
    ["int64Field", "12abc"],
    ["int64Field", 1.5],
    ["floatField", 1e39],
    ["floatField", -1e39],
  ];
  test.each(bad.map(([f, v]) => [f, show(v), v]))("%s = %s throws BinaryEncodeError naming field and value", (field, _shown, value) => {
    for (const typeName of [P3, P3_OPT]) {
      const desc = schema(typeName);
      const msg = create(desc);
      rec(msg)[field] = value;
      const e = encodeError(desc, msg);
      expect(e.message).toContain(String(value).replace(/n$/, ""));
      // The field is named, so that the bad value can be found.
      expect(e.message).toContain(desc.field[field].name);
    }
  });
  test("the oracle rejects the 32-bit ones too", () => {
    for (const [field, value] of [
      ["int32Field", 2 ** 31],
      ["uint32Field", -1],
      ["floatField", 1e39],
    ] as const) {
      expect(() => oracleHex(P3, { [field]: value })).toThrow();
    }
  });
  test("after a failed encode, the next toBinary works normally", () => {
    const desc = schema(P3);
    expect(() => toBinary(desc, create(desc, { int32Field: 2 ** 31 } as never))).toThrow(BinaryEncodeError);
    expect(hex(toBinary(desc, create(desc, { int32Field: 1 })))).toBe("1801");
  });
});
