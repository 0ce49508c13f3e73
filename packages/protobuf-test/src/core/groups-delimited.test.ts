/**
 * Groups (proto2) and DELIMITED message encoding (editions): exact bytes against the oracle
 * and hand-computed hex, round trips, merging, and errors on mismatched or missing end-group
 * tags.
 */
import { equals, fromBinary, toBinary } from "@pbjet/protobuf";
import { fromHex, hex, schema } from "../helpers";
import { create, decodeError, oracleHex, rec } from "./util";

const G = "pbjet.test.proto2.GroupFields";
const gdesc = schema(G);

function roundTrip(typeName: string, init: Record<string, unknown>, expectedHex?: string): void {
  const desc = schema(typeName);
  const msg = create(desc, init);
  const bytes = toBinary(desc, msg);
  expect(hex(bytes)).toBe(oracleHex(typeName, init));
  if (expectedHex !== undefined) expect(hex(bytes)).toBe(expectedHex.replace(/\s+/g, ""));
  const back = fromBinary(desc, bytes);
  expect(equals(desc, back, msg)).toBe(true);
  expect(hex(toBinary(desc, back))).toBe(hex(bytes));
}

describe("proto2 groups", () => {
  test("optional group: start tag, fields, end tag", () => {
    roundTrip(G, { before: 1, optionalgroup: { a: 2, b: "x" }, after: 3 }, "0801 13 0802 120178 14 3803");
  });
  test("empty optional group is still written", () => {
    roundTrip(G, { optionalgroup: {} }, "1314");
  });
  test("group nested in a group", () => {
    roundTrip(G, { optionalgroup: { a: 1, nestedgroup: { c: 5, d: ["p", "q"] } } }, "13 0801 1b 0805 120170 120171 1c 14");
  });
  test("repeated group with packed field and length-delimited message inside", () => {
    roundTrip(
      G,
      { repeatedgroup: [{ a: 1, b: [1, 2], msg: { int32Field: 7 } }, {}, { a: 2 }] },
      "23 0801 12020102 1a021807 24" + "2324" + "23 0802 24",
    );
  });
  test("group in a oneof", () => {
    roundTrip(G, { groupOneof: { case: "oneofgroup", value: { x: "y" } } }, "33 0a0179 34");
    roundTrip(G, { groupOneof: { case: "oneofInt32", value: 0 } }, "2800");
  });
  test("an optional group that appears twice is merged", () => {
    const m = rec(fromBinary(gdesc, fromHex("13 0801 14 13 120178 1b0805 1c 14")));
    expect(m.optionalgroup.a).toBe(1);
    expect(m.optionalgroup.b).toBe("x");
    expect(m.optionalgroup.nestedgroup.c).toBe(5);
  });
  test("a group field sent length-delimited is kept as unknown (wire type mismatch)", () => {
    const m = rec(fromBinary(gdesc, fromHex("12020801")));
    expect(m.optionalgroup).toBeUndefined();
    expect(m.$unknown).toEqual([{ no: 2, wireType: 2, data: fromHex("020801") }]);
    expect(hex(toBinary(gdesc, m as never))).toBe("12020801");
  });
  test("unknown groups inside a group are skipped and kept byte-exact", () => {
    const input = "13 0801 2b 0801 33 34 2c 14"; // field 5 (group) with a nested group 6 in OptionalGroup
    const m = rec(fromBinary(gdesc, fromHex(input)));
    expect(m.optionalgroup.a).toBe(1);
    expect(m.optionalgroup.$unknown).toEqual([{ no: 5, wireType: 3, data: fromHex("0801 3334 2c") }]);
    expect(hex(toBinary(gdesc, m as never))).toBe(input.replace(/ /g, ""));
  });
});

describe("group errors", () => {
  test("mismatched end-group tag", () => {
    const e = decodeError(gdesc, fromHex("13 0801 1c"));
    expect(e.message).toMatch(/end group/);
    expect(e.offset).toBe(3);
  });
  test("end-group of an outer group closing an inner one", () => {
    decodeError(gdesc, fromHex("13 1b 0801 14 1c"));
  });
  test("missing end-group tag (input ends inside the group)", () => {
    const e = decodeError(gdesc, fromHex("13 0801"));
    expect(e.message).toMatch(/end group/);
    expect(e.offset).toBe(3);
  });
  test("end-group tag at top level", () => {
    const e = decodeError(gdesc, fromHex("0801 14"));
    expect(e.offset).toBe(2);
  });
  test("a group that ends at a sub-message boundary is unterminated", () => {
    // RepeatedGroup { msg (3, length 2): OptionalScalars { field 2 start-group, no end } }
    decodeError(gdesc, fromHex("23 1a02 1300 24"));
  });
  test("unknown group with a mismatched end tag", () => {
    decodeError(gdesc, fromHex("4b 0801 54"));
  });
  test("unknown group with no end tag", () => {
    decodeError(gdesc, fromHex("4b 0801"));
  });
});

describe("editions: message_encoding = DELIMITED", () => {
  const E = "pbjet.test.edition2023.MessageEncoding";
  test("singular delimited field uses group tags, length-prefixed does not", () => {
    roundTrip(E, { lengthPrefixed: { a: 1 }, delimited: { a: 2, b: "x" } }, "0a020801 13 0802 120178 14");
  });
  test("repeated delimited", () => {
    roundTrip(E, { repeatedDelimited: [{ a: 1 }, {}], repeatedLengthPrefixed: [{ a: 3 }] }, "1a020803 23 0801 24 2324");
  });
  test("group-like nested type with a delimited self-reference", () => {
    roundTrip(E, { grouplike: { a: 1, nested: { a: 2, nested: {} } } }, "2b 0801 13 0802 13 14 14 2c");
  });
  test("oneof members: delimited and length-prefixed", () => {
    roundTrip(E, { choice: { case: "oneofDelimited", value: { a: 1 } } }, "3b 0801 3c");
    roundTrip(E, { choice: { case: "oneofLengthPrefixed", value: { a: 1 } } }, "32020801");
  });
  test("maps stay length-prefixed", () => {
    roundTrip(E, { mapChild: { k: { a: 1 } } }, "4207 0a016b 12020801".replace(/ /g, ""));
  });
  test("recursive Child inside a delimited field stays length-prefixed", () => {
    roundTrip(E, { delimited: { recursive: { a: 1 } } }, "13 1a020801 14");
  });
  test("a delimited field sent length-prefixed is kept as unknown", () => {
    const desc = schema(E);
    const m = rec(fromBinary(desc, fromHex("12020801")));
    expect(m.delimited).toBeUndefined();
    expect(m.$unknown).toHaveLength(1);
  });
  test("mismatched end tag in a delimited field", () => {
    decodeError(schema(E), fromHex("13 0801 1c"));
  });

  const D = "pbjet.test.edition2023.delimited.Outer";
  test("file-level DELIMITED with per-field LENGTH_PREFIXED overrides", () => {
    roundTrip(D, { delimited: { value: 1, inner: { value: 2 } } }, "0b 0801 13 0802 14 0c");
    roundTrip(D, { lengthPrefixed: { value: 1, inner: {} } }, "1a04 0801 1314");
    roundTrip(D, { repeatedDelimited: [{}], repeatedLengthPrefixed: [{}] }, "1314 2200");
    roundTrip(D, { mapInner: { a: { value: 1 } } }, "3a07 0a0161 12020801");
    roundTrip(D, { choice: { case: "oneofDelimited", value: {} } }, "4344");
    roundTrip(D, { choice: { case: "oneofLengthPrefixed", value: {} } }, "4a00");
  });
  test("edition 2024 delimited fields", () => {
    roundTrip(
      "pbjet.test.edition2024.Encodings",
      { delimited: { value: 1 }, repeatedDelimited: [{ child: { value: 2 } }] },
      "2b 0801 2c 33 12020802 34",
    );
  });
});
