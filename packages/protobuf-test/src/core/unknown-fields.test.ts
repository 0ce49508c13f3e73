/**
 * Unknown fields: kept in `$unknown` for every wire type and written back byte-exactly;
 * readUnknownFields / writeUnknownFields options; unknown values of closed enums go to
 * `$unknown` (singular, repeated, packed, map values), open enums keep them.
 */
import * as oracle from "@bufbuild/protobuf";
import { clone, equals, fromBinary, isFieldSet, toBinary } from "@pbjet/protobuf";
import { fromHex, hex, oracleSchema, schema } from "../helpers";
import { rec } from "./util";

/** pbjet's and the oracle's decode + encode of the same bytes. */
function roundTrips(typeName: string, input: string): [string, string] {
  const bytes = fromHex(input);
  const ours = hex(toBinary(schema(typeName), fromBinary(schema(typeName), bytes)));
  const o = oracleSchema(typeName);
  return [ours, hex(oracle.toBinary(o, oracle.fromBinary(o, bytes)))];
}

const E = "pbjet.test.proto3.EmptyMessage";
const S = "pbjet.test.proto3.ScalarValues";

const unknowns: [string, string, number, number, string][] = [
  // label, encoded field, number, wire type, data
  ["varint", "9003 96 01", 50, 0, "9601"],
  ["10-byte varint", "9003 ffffffffffffffffff01", 50, 0, "ffffffffffffffffff01"],
  ["fixed64", "9103 0102030405060708", 50, 1, "0102030405060708"],
  ["length-delimited", "9203 03 616263", 50, 2, "03616263"],
  ["empty length-delimited", "9203 00", 50, 2, "00"],
  ["group", "9303 0801 9203 0178 9403", 50, 3, "0801 9203 0178 9403"],
  ["nested groups", "9303 9b03 9c03 9403", 50, 3, "9b03 9c03 9403"],
  ["fixed32", "9503 01020304", 50, 5, "01020304"],
  ["largest field number", "f8ffffff0f 01", 536870911, 0, "01"],
];

describe.each(unknowns)("unknown %s", (_, field, no, wireType, data) => {
  test("kept with number, wire type and raw data, written back exactly", () => {
    for (const typeName of [E, S]) {
      const m = rec(fromBinary(schema(typeName), fromHex(field)));
      expect(m.$unknown).toEqual([{ no, wireType, data: fromHex(data) }]);
      expect(hex(toBinary(schema(typeName), m as never))).toBe(field.replace(/ /g, ""));
    }
  });
  test("kept next to known fields, in order; known fields are written first", () => {
    const m = rec(fromBinary(schema(S), fromHex(`${field} 1801 ${field} 7a0100`)));
    expect(m.int32Field).toBe(1);
    expect(m.$unknown).toHaveLength(2);
    const f = field.replace(/ /g, "");
    expect(hex(toBinary(schema(S), m as never))).toBe("1801" + "7a0100" + f + f);
    expect(roundTrips(S, `${field} 1801 ${field}`)[0]).toBe(roundTrips(S, `${field} 1801 ${field}`)[1]);
  });
  test("readUnknownFields: false drops them", () => {
    const m = rec(fromBinary(schema(S), fromHex(`${field} 1801`), { readUnknownFields: false }));
    expect(m.$unknown).toBeUndefined();
    expect(hex(toBinary(schema(S), m as never))).toBe("1801");
  });
  test("writeUnknownFields: false omits them", () => {
    const m = fromBinary(schema(S), fromHex(`${field} 1801`));
    expect(hex(toBinary(schema(S), m, { writeUnknownFields: false }))).toBe("1801");
    expect(hex(toBinary(schema(S), m, { writeUnknownFields: true }))).toBe("1801" + field.replace(/ /g, ""));
  });
});

describe("unknown fields and the rest of the API", () => {
  test("kept in nested messages, and in repeated and map message values", () => {
    const T = "pbjet.test.proto3.MessageFields";
    const input = "0a03 f80101" + "1203 f80102" + "2a05 2a03 f80103";
    const m = rec(fromBinary(schema(T), fromHex(input)));
    expect(m.nestedField.$unknown).toEqual([{ no: 31, wireType: 0, data: fromHex("01") }]);
    expect(m.repeatedNestedField[0].$unknown).toHaveLength(1);
    expect(m.recursive.recursive.$unknown).toHaveLength(1);
    expect(hex(toBinary(schema(T), m as never))).toBe(input.replace(/ /g, ""));
    expect(hex(toBinary(schema(T), m as never, { writeUnknownFields: false }))).toBe("0a00 1200 2a02 2a00".replace(/ /g, ""));
  });
  test("a known field with the wrong wire type is kept as unknown", () => {
    const m = rec(fromBinary(schema(S), fromHex("1d01000000 7201 61")));
    expect(m.int32Field).toBe(0);
    expect(m.$unknown).toEqual([{ no: 3, wireType: 5, data: fromHex("01000000") }]);
    // (The oracle reads the field with its declared type regardless of the wire type and
    // fails on this input; protobuf C++ and Java keep it as unknown, as we do.)
    expect(hex(toBinary(schema(S), fromBinary(schema(S), fromHex("1d01000000 720161"))))).toBe("7201611d01000000");
  });
  test("equals() disregards unknown fields unless asked; clone() copies them", () => {
    const a = fromBinary(schema(S), fromHex("1801 9003 01"));
    const b = fromBinary(schema(S), fromHex("1801"));
    expect(equals(schema(S), a, b)).toBe(true);
    expect(equals(schema(S), a, b, { unknown: true })).toBe(false);
    const c = clone(schema(S), a);
    expect(equals(schema(S), a, c, { unknown: true })).toBe(true);
    expect(rec(c).$unknown[0].data).not.toBe(rec(a).$unknown[0].data);
  });
});

describe("closed enums: unknown values go to $unknown", () => {
  // The oracle (protobuf-es) treats every enum as open, so the expected output is given by
  // hand, as protobuf C++ writes it: known values in the field, unknown ones after all fields.
  const cases: [string, string, string, Record<string, unknown>, { no: number; data: string }[], string][] = [
    // type, input, label, expected fields, expected unknown, re-encoded
    ["pbjet.test.proto2.OptionalScalars", "800163", "proto2 singular", { enumField: 1 }, [{ no: 16, data: "63" }], "800163"],
    [
      "pbjet.test.proto2.OptionalScalars",
      "8001fdffffffffffffffff01",
      "proto2 singular negative (-3)",
      { enumField: 1 },
      [{ no: 16, data: "fdffffffffffffffff01" }],
      "8001fdffffffffffffffff01",
    ],
    [
      "pbjet.test.proto2.OptionalScalars",
      "800102 800163",
      "proto2 singular after a known value",
      { enumField: 2 },
      [{ no: 16, data: "63" }],
      "800102800163",
    ],
    [
      "pbjet.test.proto2.RepeatedFields",
      "800101 800163 800102",
      "proto2 repeated unpacked",
      { enumField: [1, 2] },
      [{ no: 16, data: "63" }],
      "800101800102800163",
    ],
    [
      "pbjet.test.proto2.RepeatedFields",
      "920203 016302",
      "proto2 repeated packed",
      { packedEnum: [1, 2] },
      [{ no: 34, data: "63" }],
      "9202020102900263",
    ],
    ["pbjet.test.proto2.RepeatedFields", "c80263 c80203", "proto2 [packed=false]", { unpackedEnum: [3] }, [{ no: 41, data: "63" }], "c80203c80263"],
    [
      "pbjet.test.proto2.MapFields",
      "7204 0801 1005 7204 0802 1001",
      "proto2 map value",
      { int32Enum: { 2: 1 } },
      [{ no: 14, data: "0408011005" }],
      "720408021001720408011005",
    ],
    ["pbjet.test.edition2023.EnumFields", "1063", "edition 2023 singular", {}, [{ no: 2, data: "63" }], "1063"],
    [
      "pbjet.test.edition2023.EnumFields",
      "2001 2063",
      "edition 2023 repeated (expanded)",
      { repeatedClosed: [1] },
      [{ no: 4, data: "63" }],
      "20012063",
    ],
    [
      "pbjet.test.edition2023.EnumFields",
      "2203 016302",
      "edition 2023 repeated, packed on the wire",
      { repeatedClosed: [1, 2] },
      [{ no: 4, data: "63" }],
      "200120022063",
    ],
    [
      "pbjet.test.edition2023.EnumFields",
      "3204 0801 1007",
      "edition 2023 map value",
      { mapClosed: {} },
      [{ no: 6, data: "0408011007" }],
      "320408011007",
    ],
    ["pbjet.test.edition2023.EnumFields", "4015", "edition 2023 nested closed enum", { nestedClosed: 20 }, [{ no: 8, data: "15" }], "4015"],
    [
      "pbjet.test.edition2024.Encodings",
      "1203 050706",
      "edition 2024 packed closed enum",
      { packedClosedEnum: [5, 6] },
      [{ no: 2, data: "07" }],
      "120205061007",
    ],
  ];
  describe.each(cases)("%s %s (%s)", (typeName, input, _label, fields, unknown, output) => {
    const desc = schema(typeName);
    test("decoded fields and $unknown", () => {
      const m = rec(fromBinary(desc, fromHex(input)));
      for (const [k, v] of Object.entries(fields)) expect(m[k]).toEqual(v);
      const wt = (u: { no: number }) => (desc.fields.find((x) => x.number === u.no)!.fieldKind === "map" ? 2 : 0);
      expect(m.$unknown).toEqual(unknown.map((u) => ({ no: u.no, wireType: wt(u), data: fromHex(u.data) })));
    });
    test("the field is not set by an unknown value alone", () => {
      const m = rec(fromBinary(desc, fromHex(input)));
      const f = desc.fields.find((x) => x.number === unknown[0].no)!;
      if (f.fieldKind === "enum" && Object.keys(fields).length === 0) expect(isFieldSet(m as never, f)).toBe(false);
    });
    test("re-encodes known values first, then the unknown ones; a fixed point after that", () => {
      const ours = hex(toBinary(desc, fromBinary(desc, fromHex(input))));
      expect(ours).toBe(output);
      expect(hex(toBinary(desc, fromBinary(desc, fromHex(ours))))).toBe(output);
    });
    test("readUnknownFields: false drops the unknown value", () => {
      const m = rec(fromBinary(desc, fromHex(input), { readUnknownFields: false }));
      expect(m.$unknown).toBeUndefined();
    });
  });
});

describe("open enums keep unknown values", () => {
  test.each([
    ["pbjet.test.proto3.EnumFields", "0863", "enumField", 99],
    ["pbjet.test.proto3.EnumFields", "08f9ffffffffffffffff01", "enumField", -7],
    ["pbjet.test.proto3.EnumFields", "1063", "optionalEnumField", 99],
    ["pbjet.test.proto3.EnumFields", "1a02 6307", "repeatedEnumField", [99, 7]],
    ["pbjet.test.proto3.MapFields", "b20105 0a0161 1063", "stringEnum", { a: 99 }],
    ["pbjet.test.edition2023.EnumFields", "0863", "open", 99],
    ["pbjet.test.edition2023.EnumFields", "1863 1801", "repeatedOpen", [99, 1]],
    ["pbjet.test.edition2023.EnumFields", "2a04 0801 1063", "mapOpen", { 1: 99 }],
    ["pbjet.test.edition2023.EnumFields", "3863", "implicitOpen", 99],
  ])("%s %s: %s", (typeName, input, field, value) => {
    const m = rec(fromBinary(schema(typeName), fromHex(input)));
    expect(m[field]).toEqual(value);
    expect(m.$unknown).toBeUndefined();
    const [ours, theirs] = roundTrips(typeName, input);
    expect(ours).toBe(theirs);
  });
});
