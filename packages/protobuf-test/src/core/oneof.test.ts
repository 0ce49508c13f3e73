/**
 * Oneofs: `{ case, value }` objects; setting and switching cases, encoding only the selected
 * member (zero values included), last-one-wins on decode, merging of a repeated message
 * member, clearField / isFieldSet on members.
 */
import { BinaryEncodeError, clearField, clone, equals, fromBinary, isFieldSet, mergeFromBinary, toBinary } from "@pbjet/protobuf";
import { fromHex, hex, schema } from "../helpers";
import { create, encodeError, oracleHex, rec, thrown } from "./util";

const P3 = "pbjet.test.proto3.OneofFields";
const P2 = "pbjet.test.proto2.OneofFields";
const desc = schema(P3);

describe("setting and switching cases", () => {
  test("a new message has no case selected in either oneof", () => {
    const m = rec(create(desc));
    expect(m.kind).toEqual({ case: undefined });
    expect(m.second).toEqual({ case: undefined });
    expect(toBinary(desc, m as never).length).toBe(0);
  });

  const members: [string, unknown][] = [
    ["int32Value", 0],
    ["int32Value", -1],
    ["stringValue", ""],
    ["stringValue", "s"],
    ["bytesValue", new Uint8Array(0)],
    ["enumValue", 0],
    ["enumValue", -1],
    ["messageValue", { a: 1 }],
    ["messageValue", {}],
    ["doubleValue", 0],
    ["doubleValue", NaN],
    ["int64Value", 0n],
    ["int64Value", -(2n ** 63n)],
    ["boolValue", false],
  ];
  test.each(members)("case %s = %p: zero values are written, bytes equal the oracle, round-trips", (c, v) => {
    const init = { before: 1, kind: { case: c, value: v }, after: "z" };
    const bytes = toBinary(desc, create(desc, init));
    expect(hex(bytes)).toBe(oracleHex(P3, init));
    const back = rec(fromBinary(desc, bytes));
    expect(back.kind.case).toBe(c);
    // NaN never equals NaN (as in protobuf-es), so compare NaN by hand.
    if (Number.isNaN(v)) expect(back.kind.value).toBeNaN();
    else expect(equals(desc, back as never, create(desc, init))).toBe(true);
    expect(isFieldSet(back as never, desc.field[c])).toBe(true);
    for (const other of desc.oneofs[0].fields) {
      if (other.localName !== c) expect(isFieldSet(back as never, other)).toBe(false);
    }
  });

  test("switching the case replaces the value; only the selected member is written", () => {
    const m = rec(create(desc, { kind: { case: "int32Value", value: 5 } }));
    m.kind = { case: "stringValue", value: "x" };
    expect(hex(toBinary(desc, m as never))).toBe("1a0178");
    m.kind = { case: undefined };
    expect(toBinary(desc, m as never).length).toBe(0);
  });

  test("the two oneofs are independent", () => {
    const init = { kind: { case: "boolValue", value: true }, second: { case: "secondUint64", value: 2n ** 64n - 1n } };
    const bytes = toBinary(desc, create(desc, init));
    expect(hex(bytes)).toBe(oracleHex(P3, init));
    const back = rec(fromBinary(desc, bytes));
    expect(back.kind).toEqual({ case: "boolValue", value: true });
    expect(back.second).toEqual({ case: "secondUint64", value: 2n ** 64n - 1n });
  });

  test("create() with a nested init object for a message member", () => {
    const m = rec(create(desc, { kind: { case: "messageValue", value: { a: 3, child: { b: "c" } } } }));
    expect(m.kind.value.$typeName).toBe("pbjet.test.proto3.MessageFields.Nested");
    expect(m.kind.value.child.$typeName).toBe("pbjet.test.proto3.MessageFields.Nested");
    expect(m.kind.value.child.b).toBe("c");
  });

  test("create() rejects an unknown case name", () => {
    expect(thrown(() => create(desc, { kind: { case: "nope", value: 1 } }))).toBeInstanceOf(Error);
  });

  test("encoding an unknown case throws BinaryEncodeError", () => {
    const m = rec(create(desc));
    m.kind = { case: "nope", value: 1 };
    encodeError(desc, m);
  });

  test("an out-of-range member value names the member in the error", () => {
    const m = rec(create(desc));
    m.kind = { case: "int32Value", value: 2 ** 31 };
    const e = encodeError(desc, m);
    expect(e.message).toContain("int32_value");
    expect(e.message).toContain("2147483648");
  });
});

describe("decoding", () => {
  test.each([
    ["1001 1a0161", { case: "stringValue", value: "a" }],
    ["1a0161 1001", { case: "int32Value", value: 1 }],
    ["1001 1002", { case: "int32Value", value: 2 }],
    ["3202 0801 4801", { case: "boolValue", value: true }],
    ["4801 3202 0801", { case: "messageValue" }],
    ["2801 2802", { case: "enumValue", value: 2 }],
  ])("last member on the wire wins: %s", (input, expected) => {
    const back = rec(fromBinary(desc, fromHex(input)));
    expect(back.kind.case).toBe(expected.case);
    if ("value" in expected) expect(back.kind.value).toEqual(expected.value);
  });

  test("the same message member twice in a row: merged", () => {
    const back = rec(fromBinary(desc, fromHex("3202 0801 3203 120178")));
    expect(back.kind.case).toBe("messageValue");
    expect(back.kind.value.a).toBe(1);
    expect(back.kind.value.b).toBe("x");
  });

  test("a message member after another case: starts fresh, not merged", () => {
    const back = rec(fromBinary(desc, fromHex("3202 0801 1005 3203 120178")));
    expect(back.kind.value.a).toBe(0);
    expect(back.kind.value.b).toBe("x");
  });

  test("mergeFromBinary merges into the message member that is already selected", () => {
    const m = create(desc, { kind: { case: "messageValue", value: { a: 7 } } });
    mergeFromBinary(desc, m, fromHex("3203 120178"));
    expect(rec(m).kind.value).toMatchObject({ a: 7, b: "x" });
    mergeFromBinary(desc, m, fromHex("1a0179"));
    expect(rec(m).kind).toEqual({ case: "stringValue", value: "y" });
  });

  test("fields around the oneof keep their values", () => {
    const back = rec(fromBinary(desc, fromHex("0801 1003 6a0161")));
    expect(back.before).toBe(1);
    expect(back.kind).toEqual({ case: "int32Value", value: 3 });
    expect(back.after).toBe("a");
  });
});

describe("clearField and isFieldSet on members", () => {
  test("clearField on the selected member unselects the oneof", () => {
    const m = create(desc, { kind: { case: "stringValue", value: "x" }, second: { case: "secondString", value: "y" } });
    expect(isFieldSet(m, desc.field.stringValue)).toBe(true);
    clearField(m, desc.field.stringValue);
    expect(rec(m).kind.case).toBeUndefined();
    expect(isFieldSet(m, desc.field.stringValue)).toBe(false);
    expect(rec(m).second).toEqual({ case: "secondString", value: "y" });
    expect(hex(toBinary(desc, m))).toBe("520179");
  });
  test("clearField on a member that is not selected changes nothing", () => {
    const m = create(desc, { kind: { case: "stringValue", value: "x" } });
    clearField(m, desc.field.int32Value);
    expect(rec(m).kind).toEqual({ case: "stringValue", value: "x" });
  });
  test("clone copies the selected case deeply", () => {
    const m = create(desc, { kind: { case: "messageValue", value: { a: 1 } } });
    const c = rec(clone(desc, m));
    expect(c.kind.value).not.toBe(rec(m).kind.value);
    c.kind.value.a = 2;
    expect(rec(m).kind.value.a).toBe(1);
  });
});

describe("proto2 oneofs", () => {
  const d2 = schema(P2);
  test("members with declared defaults: the default is not applied to the oneof", () => {
    const m = rec(create(d2));
    expect(m.kind).toEqual({ case: undefined });
    expect(toBinary(d2, m as never).length).toBe(0);
  });
  test("an unknown value of a closed enum member leaves the oneof unchanged and goes to $unknown", () => {
    const m = rec(fromBinary(d2, fromHex("0805 2063")));
    expect(m.kind).toEqual({ case: "int32Value", value: 5 });
    expect(m.$unknown).toHaveLength(1);
    expect(m.$unknown[0].no).toBe(4);
    expect(hex(toBinary(d2, m as never))).toBe("08052063");
  });
  test("a known closed enum value selects the case", () => {
    const init = { kind: { case: "enumValue", value: 3 } };
    expect(hex(toBinary(d2, create(d2, init)))).toBe(oracleHex(P2, init));
    expect(rec(fromBinary(d2, fromHex("2003"))).kind).toEqual({ case: "enumValue", value: 3 });
  });
  test("wrong wire type for a member: stored as unknown, case not selected", () => {
    const m = rec(fromBinary(d2, fromHex("0d01000000")));
    expect(m.kind.case).toBeUndefined();
    expect(m.$unknown[0]).toMatchObject({ no: 1, wireType: 5 });
    expect(() => toBinary(d2, m as never)).not.toThrow(BinaryEncodeError);
  });
});
