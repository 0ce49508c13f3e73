/**
 * Scalar values in the JSON mapping: numbers, 64-bit integers as strings, floats with NaN
 * and infinities, booleans, strings and bytes; what is accepted on input and what is not.
 */
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import { decodeError, p2, p3, schema } from "./util";

const Scalars = p3("ScalarValues");
const Optional = p3("OptionalScalarValues");
const JsTypes = p3("JsTypes");

function read(json: Record<string, unknown>): Record<string, any> {
  return pb.fromJson(Scalars, json as pb.JsonValue) as unknown as Record<string, any>;
}

describe("output", () => {
  test("every scalar type", () => {
    const msg = pb.create(Scalars, {
      doubleField: 1.5,
      floatField: 0.25,
      int32Field: -7,
      int64Field: -9223372036854775808n,
      uint32Field: 4294967295,
      uint64Field: 18446744073709551615n,
      sint32Field: -2147483648,
      sint64Field: 9007199254740993n,
      fixed32Field: 3000000000,
      fixed64Field: 1n,
      sfixed32Field: 2147483647,
      sfixed64Field: -1n,
      boolField: true,
      stringField: 'héllo "wörld" \n ✓ 🎉',
      bytesField: new Uint8Array([0, 1, 2, 0xfb, 0xff]),
    });
    const json = {
      doubleField: 1.5,
      floatField: 0.25,
      int32Field: -7,
      int64Field: "-9223372036854775808",
      uint32Field: 4294967295,
      uint64Field: "18446744073709551615",
      sint32Field: -2147483648,
      sint64Field: "9007199254740993",
      fixed32Field: 3000000000,
      fixed64Field: "1",
      sfixed32Field: 2147483647,
      sfixed64Field: "-1",
      boolField: true,
      stringField: 'héllo "wörld" \n ✓ 🎉',
      bytesField: "AAEC+/8=",
    };
    expect(pb.toJson(Scalars, msg)).toStrictEqual(json);
    expect(pb.toJsonString(Scalars, msg)).toBe(JSON.stringify(json));
    expect(pb.equals(Scalars, pb.fromJson(Scalars, json), msg)).toBe(true);
  });

  test("NaN and infinities are strings", () => {
    const msg = pb.create(p3("RepeatedScalarValues"), {
      doubleField: [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e308, -5e-324],
      floatField: [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY],
    });
    const json = {
      doubleField: ["NaN", "Infinity", "-Infinity", 1e308, -5e-324],
      floatField: ["NaN", "Infinity", "-Infinity"],
    };
    expect(pb.toJson(p3("RepeatedScalarValues"), msg)).toStrictEqual(json);
    expect(pb.toJsonString(p3("RepeatedScalarValues"), msg)).toBe(JSON.stringify(json));
  });

  test("bytes are standard base64 with padding", () => {
    for (const [bytes, b64] of [
      [[], ""],
      [[0xff], "/w=="],
      [[0xff, 0xfe], "//4="],
      [[0xfb, 0xff, 0xbf], "+/+/"],
    ] as const) {
      const msg = pb.create(Optional, { bytesField: new Uint8Array(bytes) });
      expect(pb.toJson(Optional, msg)).toStrictEqual({ bytesField: b64 });
    }
  });

  test("jstype = JS_STRING fields are strings in JSON too", () => {
    const msg = pb.create(JsTypes, { int64String: "-5", uint64String: "18446744073709551615", repeatedInt64String: ["1", "-2"] });
    expect(pb.toJson(JsTypes, msg)).toStrictEqual({ int64String: "-5", uint64String: "18446744073709551615", repeatedInt64String: ["1", "-2"] });
    const back = pb.fromJson(JsTypes, { int64String: -5, uint64String: "18446744073709551615", repeatedInt64String: [1, "-2"] }) as any;
    expect(back.int64String).toBe("-5");
    expect(back.repeatedInt64String).toStrictEqual(["1", "-2"]);
  });

  test("values of the wrong type are encode errors, not wrong JSON", () => {
    for (const [field, value] of [
      ["int32Field", 1.5],
      ["int32Field", 2147483648],
      ["uint32Field", -1],
      ["doubleField", "1"],
      ["boolField", 1],
      ["stringField", 5],
      ["bytesField", "AA=="],
      ["int64Field", {}],
    ] as const) {
      const msg = pb.create(Scalars) as any;
      msg[field] = value;
      expect(() => pb.toJson(Scalars, msg)).toThrow(pb.JsonEncodeError);
      expect(() => pb.toJsonString(Scalars, msg)).toThrow(pb.JsonEncodeError);
    }
  });
});

describe("int32 and uint32 input", () => {
  test.each([
    [1, 1],
    [-0, 0],
    ["1", 1],
    ["-2147483648", -2147483648],
    [2147483647, 2147483647],
    ["1e2", 100],
    [1e2, 100],
    ["100.000", 100],
    [100.0, 100],
  ])("int32 %p is %p", (json, value) => {
    expect(read({ int32Field: json }).int32Field).toBe(value);
  });

  test.each([1.5, "1.5", 2147483648, -2147483649, "abc", "", " 1", "1 ", "0x10", "1e-2", true, {}, []])("int32 %p is rejected", (json) => {
    expect(decodeError(Scalars, { int32Field: json })).toMatch(
      /^cannot decode field pbjet\.test\.proto3\.ScalarValues\.int32_field from JSON: .* is not an int32$/,
    );
  });

  test.each([
    [4294967295, 4294967295],
    ["4294967295", 4294967295],
    ["4.294967295e9", 4294967295],
  ])("uint32 %p is %p", (json, value) => {
    expect(read({ uint32Field: json }).uint32Field).toBe(value);
    expect(read({ fixed32Field: json }).fixed32Field).toBe(value);
  });

  test.each([-1, 4294967296, "-1", 0.5])("uint32 %p is rejected", (json) => {
    expect(decodeError(Scalars, { uint32Field: json })).toMatch(/is not a uint32$/);
  });

  test("the error names the value", () => {
    expect(decodeError(Scalars, { int32Field: "abc" })).toBe(
      'cannot decode field pbjet.test.proto3.ScalarValues.int32_field from JSON: "abc" is not an int32',
    );
  });
});

describe("64-bit integer input", () => {
  test.each([
    ["int64Field", "-9223372036854775808", -9223372036854775808n],
    ["int64Field", "9223372036854775807", 9223372036854775807n],
    ["int64Field", -9223372036854775808, -9223372036854775808n],
    ["int64Field", 9223372036854774784, 9223372036854774784n],
    ["int64Field", 1e2, 100n],
    ["int64Field", "1e2", 100n],
    ["int64Field", "-0", 0n],
    ["uint64Field", "18446744073709551615", 18446744073709551615n],
    ["uint64Field", 18446744073709549568, 18446744073709549568n],
    ["sint64Field", "-1", -1n],
    ["fixed64Field", 12345, 12345n],
    ["sfixed64Field", "-12345", -12345n],
  ] as const)("%s %p is %p", (field, json, value) => {
    expect(read({ [field]: json })[field]).toBe(value);
  });

  test.each([
    ["int64Field", "9223372036854775808"],
    ["int64Field", "-9223372036854775809"],
    ["int64Field", 9223372036854775808],
    ["int64Field", 1.5],
    ["int64Field", "1.5"],
    ["int64Field", "1e-1"],
    ["int64Field", "abc"],
    ["int64Field", " 1"],
    ["int64Field", true],
    ["uint64Field", "-1"],
    ["uint64Field", -1],
    ["uint64Field", "18446744073709551616"],
    ["uint64Field", 18446744073709551616],
    ["uint64Field", "99999999999999999999"],
    ["fixed64Field", "20000000000000000000"],
    ["sint64Field", "-9223372036854775809"],
    ["sfixed64Field", "10000000000000000000"],
  ] as const)("%s %p is rejected", (field, json) => {
    expect(decodeError(Scalars, { [field]: json })).toMatch(/is not an? [us]?(int|fixed)64$/);
  });

  test.each([
    ["int64Field", "007", 7n],
    ["int64Field", "-000000000000001", -1n],
    ["int64Field", "999999999999999", 999999999999999n],
    ["int64Field", "9999999999999999", 9999999999999999n],
    ["uint64Field", "-0", 0n],
    ["uint64Field", "10000000000000000000", 10000000000000000000n],
    ["fixed64Field", "18446744073709551615", 18446744073709551615n],
    ["uint64Field", "00000000000000000001", 1n],
    ["sint64Field", "-9223372036854775808", -9223372036854775808n],
    ["sfixed64Field", "-0000000000000000001", -1n],
  ] as const)("quoted %s %p is %p", (field, json, value) => {
    expect(read({ [field]: json })[field]).toBe(value);
  });

  test.each([
    ["int64Field", ""],
    ["int64Field", "-"],
    ["int64Field", "--1"],
    ["int64Field", "1-"],
    ["uint64Field", "-"],
    ["uint64Field", "-5"],
  ] as const)("quoted %s %p is rejected", (field, json) => {
    expect(decodeError(Scalars, { [field]: json })).toMatch(/is not an? [us]?(int|fixed)64$/);
  });

  test("quoted decimal integers of any length read as their exact value, or are rejected out of range", () => {
    const digits = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 1, maxLength: 22 });
    const text = fc.tuple(fc.constantFrom("", "-"), digits).map(([sign, d]) => sign + d);
    fc.assert(
      fc.property(text, fc.constantFrom("int64", "uint64"), (json, type) => {
        const v = BigInt(json);
        const inRange = type === "int64" ? v >= -(2n ** 63n) && v < 2n ** 63n : v >= 0n && v < 2n ** 64n;
        const field = `${type}Field`;
        const stringField = `${type}String`;
        if (inRange) {
          expect(read({ [field]: json })[field]).toBe(v);
          expect((pb.fromJson(JsTypes, { [stringField]: json }) as any)[stringField]).toBe(String(v));
        } else {
          expect(decodeError(Scalars, { [field]: json })).toMatch(/is not an? [us]?(int|fixed)64$/);
        }
      }),
      { numRuns: 2000 },
    );
  });

  test("unquoted numbers above 2^53 are exact where the double is", () => {
    // JSON.parse() gives the nearest double; its exact integer value is kept (not String()'s digits).
    const msg = pb.fromJsonString(Scalars, '{"int64Field": 9223372036854774784, "uint64Field": 18446744073709549568}') as any;
    expect(msg.int64Field).toBe(9223372036854774784n);
    expect(msg.uint64Field).toBe(18446744073709549568n);
  });
});

describe("float and double input", () => {
  test.each([
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["-Infinity", Number.NEGATIVE_INFINITY],
    ["1.5", 1.5],
    ["-1e10", -1e10],
    [1.7976931348623157e308, 1.7976931348623157e308],
    [5e-324, 5e-324],
  ])("double %p", (json, value) => {
    expect(read({ doubleField: json }).doubleField).toBe(value);
  });

  test("float keeps the double value it was given, up to the float32 range", () => {
    expect(read({ floatField: 0.1 }).floatField).toBe(0.1);
    expect(read({ floatField: 3.4028234663852886e38 }).floatField).toBe(3.4028234663852886e38);
    // The shortest text of the largest float32 rounds to it: in range.
    expect(read({ floatField: 3.4028235e38 }).floatField).toBe(3.4028235e38);
    expect(read({ floatField: "-3.4028235e38" }).floatField).toBe(-3.4028235e38);
  });

  test.each([3.502823e38, -3.502823e38, "3.402824e38", 1e39])("float %p is out of range", (json) => {
    expect(decodeError(Scalars, { floatField: json })).toMatch(/out of range for float$/);
  });

  test("a JSON number too large for a double is out of range", () => {
    expect(() => pb.fromJsonString(Scalars, '{"doubleField": 1.89769e308}')).toThrow(/out of range for double/);
    expect(() => pb.fromJsonString(Scalars, '{"doubleField": -1.89769e308}')).toThrow(/out of range for double/);
    expect(decodeError(Scalars, { doubleField: "1e400" })).toMatch(/out of range for double/);
  });

  test.each(["nan", "inf", "-inf", "infinity", " 1", "1 ", "", "0x1", true, []])("double %p is rejected", (json) => {
    expect(decodeError(Scalars, { doubleField: json })).toMatch(/is not a double|out of range/);
  });

  test("JS numbers NaN and Infinity are not JSON", () => {
    expect(decodeError(Scalars, { doubleField: Number.NaN })).toMatch(/out of range/);
    expect(decodeError(Scalars, { doubleField: Number.POSITIVE_INFINITY })).toMatch(/out of range/);
  });
});

describe("bool, string and bytes input", () => {
  test.each(["true", "false", "TRUE", 1, 0, "1"])("bool %p is rejected", (json) => {
    expect(decodeError(Scalars, { boolField: json })).toMatch(/is not a bool$/);
  });

  test("strings: only JSON strings, without lone surrogates", () => {
    expect(read({ stringField: "\u0000\ud83d\ude00" }).stringField).toBe("\u0000\ud83d\ude00");
    expect(decodeError(Scalars, { stringField: 1 })).toMatch(/1 is not a string$/);
    expect(decodeError(Scalars, { stringField: "\ud800" })).toMatch(/lone surrogate/);
    expect(decodeError(Scalars, { stringField: "a\udc00b" })).toMatch(/lone surrogate/);
    expect(decodeError(Scalars, { stringField: "\ude01\ud83d" })).toMatch(/lone surrogate/);
    expect(() => pb.fromJsonString(Scalars, '{"stringField": "\\uD800"}')).toThrow(/lone surrogate/);
  });

  test.each([
    ["", []],
    ["AAEC+/8=", [0, 1, 2, 0xfb, 0xff]],
    ["AAEC+/8", [0, 1, 2, 0xfb, 0xff]],
    ["AAEC-_8=", [0, 1, 2, 0xfb, 0xff]],
    ["AAEC-_8", [0, 1, 2, 0xfb, 0xff]],
    ["/w==", [0xff]],
    ["/w", [0xff]],
  ])("bytes %p", (json, bytes) => {
    expect(Array.from(read({ bytesField: json }).bytesField)).toStrictEqual(bytes);
  });

  test.each(["A", "AA=A", "@@@@", "AA==AA==", " AAAA", 12, ["AA=="]])("bytes %p are rejected", (json) => {
    expect(decodeError(Scalars, { bytesField: json })).toMatch(/cannot decode field pbjet\.test\.proto3\.ScalarValues\.bytes_field from JSON: /);
  });
});

describe("proto2 and editions scalars", () => {
  test("explicit presence: set fields are written, also with their default value", () => {
    const Defaults = p2("DefaultScalars");
    expect(pb.toJson(Defaults, pb.create(Defaults))).toStrictEqual({});
    expect(pb.toJson(Defaults, pb.create(Defaults), { alwaysEmitImplicit: true })).toStrictEqual({});
    const msg = pb.create(Defaults, { int32Field: -42, stringField: "", boolField: true });
    expect(pb.toJson(Defaults, msg)).toStrictEqual({ int32Field: -42, stringField: "", boolField: true });
    const back = pb.fromJson(Defaults, { int32Field: -42 }) as any;
    expect(pb.isFieldSet(back, Defaults.field.int32Field)).toBe(true);
    expect(pb.isFieldSet(back, Defaults.field.int64Field)).toBe(false);
    expect(back.int64Field).toBe(-9223372036854775808n);
  });

  test("edition 2023: explicit, implicit and legacy-required presence", () => {
    const Presence = schema("pbjet.test.edition2023.Presence");
    const empty = pb.toJson(Presence, pb.create(Presence), { alwaysEmitImplicit: true }) as Record<string, unknown>;
    const implicit = Presence.fields
      .filter((f) => f.fieldKind === "list" || f.fieldKind === "map" || (f.presence === 2 && f.fieldKind !== "message"))
      .map((f) => f.jsonName);
    expect(implicit.length).toBeGreaterThan(0);
    expect(Object.keys(empty).sort()).toStrictEqual(implicit.sort());
  });
});
