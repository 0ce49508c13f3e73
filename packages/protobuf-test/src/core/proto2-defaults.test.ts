/**
 * proto2 declared defaults: read before a value is set, not "set", not serialized; setting a
 * field to its default serializes it; clearField restores the default. Required fields:
 * toBinary throws a BinaryEncodeError naming the missing field; decoding does not require them.
 */
import { clearField, clone, equals, fromBinary, isFieldSet, toBinary, toJsonString } from "@pbjet/protobuf";
import * as oracle from "@bufbuild/protobuf";
import { fromHex, hex, oracleSchema, schema } from "../helpers";
import { create, encodeError, oracleHex, rec } from "./util";

const D = "pbjet.test.proto2.DefaultScalars";
const desc = schema(D);

const defaults: [string, unknown][] = [
  ["doubleField", -1.5e300],
  ["floatField", 3.25],
  ["int32Field", -42],
  ["int64Field", -(2n ** 63n)],
  ["uint32Field", 4294967295],
  ["uint64Field", 2n ** 64n - 1n],
  ["sint32Field", -2147483648],
  ["sint64Field", -1234567890123456789n],
  ["fixed32Field", 3000000000],
  ["fixed64Field", 10000000000000000000n],
  ["sfixed32Field", -7],
  ["sfixed64Field", -9007199254740993n],
  ["boolField", true],
  ["stringField", 'héllo wörld ✓ 🎉 "quoted"\n'],
  ["bytesField", new Uint8Array([0, 1, 0xff])],
  ["enumField", 3],
  ["enumNegativeField", -5],
  ["doubleInf", Infinity],
  ["doubleNegInf", -Infinity],
  ["doubleNan", NaN],
  ["floatInf", Infinity],
  ["floatNegInf", -Infinity],
  ["floatNan", NaN],
  ["doubleNegZero", -0],
  ["doubleExp", 1e-10],
  ["boolFalse", false],
  ["stringEmpty", ""],
  ["bytesPrintable", new TextEncoder().encode("abc\tdef")],
  ["bytesOctalHex", new Uint8Array([0x7f, 0x80, 0xff, 0x22, 0x27, 0x5c])],
  ["stringEscapes", "\x07\b\f\n\r\t\v\\'\"?"],
  ["int32Hex", 0x7fffffff],
  ["int32Octal", -83],
  ["uint64Hex", 2n ** 64n - 1n],
  ["int64Max", 2n ** 63n - 1n],
  ["enumWithZero", 0],
  ["stringUnicodeEscapes", "\u00e9\u{1F600}"],
];

test("every field of DefaultScalars has an expectation", () => {
  expect(defaults.map(([n]) => n).sort()).toEqual(desc.fields.map((f) => f.localName).sort());
});

describe.each(defaults)("%s", (name, value) => {
  const field = desc.field[name];

  test("the declared default is read before a value is set, from the descriptor too", () => {
    const m = rec(create(desc));
    expect(m[name]).toStrictEqual(value);
    expect(field.getDefaultValue()).toStrictEqual(value);
    expect(Object.prototype.hasOwnProperty.call(m, name)).toBe(false);
    expect(isFieldSet(m as never, field)).toBe(false);
  });

  test("an unset field with a default is not serialized", () => {
    expect(toBinary(desc, create(desc)).length).toBe(0);
    expect(toJsonString(desc, create(desc))).toBe("{}");
    expect(rec(fromBinary(desc, new Uint8Array(0)))[name]).toStrictEqual(value);
  });

  test("set explicitly to the default: set, serialized (like the oracle), and round-trips", () => {
    const m = create(desc, { [name]: value });
    expect(isFieldSet(m, field)).toBe(true);
    const bytes = toBinary(desc, m);
    expect(bytes.length).toBeGreaterThan(0);
    if (name !== "bytesOctalHex") {
      expect(hex(bytes)).toBe(oracleHex(D, { [name]: value }));
      expect(toJsonString(desc, m)).toBe(oracle.toJsonString(oracleSchema(D), oracle.create(oracleSchema(D), { [name]: value } as never)));
    }
    expect(Object.keys(JSON.parse(toJsonString(desc, m)))).toEqual([field.jsonName]);
    const back = rec(fromBinary(desc, bytes));
    expect(isFieldSet(back as never, field)).toBe(true);
    expect(back[name]).toStrictEqual(value);
  });

  test("clearField restores the default", () => {
    const m = rec(create(desc));
    m[name] =
      typeof value === "string"
        ? "other"
        : typeof value === "boolean"
          ? !value
          : typeof value === "bigint"
            ? 1n
            : value instanceof Uint8Array
              ? new Uint8Array([9])
              : 1;
    expect(isFieldSet(m as never, field)).toBe(true);
    clearField(m as never, field);
    expect(isFieldSet(m as never, field)).toBe(false);
    expect(m[name]).toStrictEqual(value);
    expect(toBinary(desc, m as never).length).toBe(0);
    expect(toJsonString(desc, m as never)).toBe("{}");
  });

  test("clone keeps presence: unset stays unset, set stays set", () => {
    expect(isFieldSet(clone(desc, create(desc)), field)).toBe(false);
    expect(isFieldSet(clone(desc, create(desc, { [name]: value })), field)).toBe(true);
  });
});

describe("defaults in more detail", () => {
  test("the defaults live on the prototype and are not shared mutable state", () => {
    const a = rec(create(desc));
    const b = rec(create(desc));
    a.int32Field = 1;
    expect(b.int32Field).toBe(-42);
    expect(Object.keys(a)).toContain("int32Field");
    expect(Object.keys(b)).not.toContain("int32Field");
    // A bytes default is one object, but a fresh message still reads the declared bytes.
    expect(rec(create(desc)).bytesField).toStrictEqual(new Uint8Array([0, 1, 0xff]));
  });
  test("OptionalScalars without declared defaults: zero values, enum default is the first value", () => {
    const d = schema("pbjet.test.proto2.OptionalScalars");
    const m = rec(create(d));
    expect(m.int32Field).toBe(0);
    expect(m.int64Field).toBe(0n);
    expect(m.stringField).toBe("");
    expect(m.bytesField).toStrictEqual(new Uint8Array(0));
    expect(m.boolField).toBe(false);
    expect(m.enumField).toBe(1);
    expect(m.messageField).toBeUndefined();
  });
  test("equals(): a field set to its default is not equal to the unset field", () => {
    expect(equals(desc, create(desc), create(desc, { int32Field: -42 }))).toBe(false);
    expect(equals(desc, create(desc), create(desc))).toBe(true);
  });
  test("a decoded value equal to the default counts as set", () => {
    const m = fromBinary(desc, fromHex("18d6ffffffffffffffff01"));
    expect(rec(m).int32Field).toBe(-42);
    expect(isFieldSet(m, desc.field.int32Field)).toBe(true);
    expect(hex(toBinary(desc, m))).toBe("18d6ffffffffffffffff01");
  });
  test("the oracle's bytes_octal_hex default is wrong; ours is the 6 bytes the proto declares", () => {
    expect(desc.field.bytesOctalHex.getDefaultValue()).toStrictEqual(fromHex("7f80ff22275c"));
    expect(hex(toBinary(desc, create(desc, { bytesOctalHex: fromHex("7f80ff22275c") })))).toBe("8a02067f80ff22275c");
  });
});

describe("required fields", () => {
  const R = schema("pbjet.test.proto2.RequiredFields");
  const complete = {
    requiredInt32: 0,
    requiredString: "",
    requiredBytes: new Uint8Array(0),
    requiredEnum: 1,
    requiredMessage: {},
    requiredInt64Default: -1n,
  };
  const names: [string, string][] = [
    ["requiredInt32", "required_int32"],
    ["requiredString", "required_string"],
    ["requiredBytes", "required_bytes"],
    ["requiredEnum", "required_enum"],
    ["requiredMessage", "required_message"],
    ["requiredInt64Default", "required_int64_default"],
  ];

  test("a complete message encodes like the oracle", () => {
    expect(hex(toBinary(R, create(R, complete)))).toBe(oracleHex("pbjet.test.proto2.RequiredFields", complete));
  });
  test("an empty message fails, naming the first missing field", () => {
    const e = encodeError(R, create(R));
    expect(e.message).toContain("required_int32");
    expect(e.message).toContain("pbjet.test.proto2.RequiredFields");
  });
  test.each(names)("missing %s: BinaryEncodeError naming %s", (local, name) => {
    const init: Record<string, unknown> = { ...complete };
    delete init[local];
    const e = encodeError(R, create(R, init));
    expect(e.message).toContain(name);
  });
  test("a required field with a default is still missing when unset", () => {
    const m = rec(create(R, { ...complete, requiredInt64Default: undefined }));
    expect(m.requiredInt64Default).toBe(-1n);
    expect(encodeError(R, m).message).toContain("required_int64_default");
  });
  test("nested: missing fields of a child, a repeated child, a map value and a oneof member", () => {
    const H = schema("pbjet.test.proto2.RequiredHolder");
    expect(encodeError(H, create(H, { optionalRequired: {} })).message).toContain("required_int32");
    expect(encodeError(H, create(H, { repeatedRequired: [complete, { ...complete, requiredString: undefined }] })).message).toContain(
      "required_string",
    );
    expect(encodeError(H, create(H, { holder: { case: "oneofRequired", value: { ...complete, requiredEnum: undefined } } })).message).toContain(
      "required_enum",
    );
    expect(encodeError(R, create(R, { ...complete, mapChildren: { a: { ...complete, requiredBytes: undefined } } })).message).toContain(
      "required_bytes",
    );
    expect(encodeError(R, create(R, { ...complete, child: {} })).message).toContain("RequiredFields");
    expect(() => toBinary(H, create(H, { optionalRequired: complete, repeatedRequired: [complete] }))).not.toThrow();
  });
  test("decoding does not require them", () => {
    const m = rec(fromBinary(R, new Uint8Array(0)));
    expect(m.requiredInt32).toBe(0);
    expect(m.requiredInt64Default).toBe(-1n);
    expect(isFieldSet(m as never, R.field.requiredInt32)).toBe(false);
    const partial = rec(fromBinary(R, fromHex("0805")));
    expect(partial.requiredInt32).toBe(5);
  });
  test("a failed encode leaves the next toBinary unaffected", () => {
    encodeError(R, create(R));
    expect(hex(toBinary(schema(D), create(schema(D), { int32Field: 1 })))).toBe("1801");
  });
});
