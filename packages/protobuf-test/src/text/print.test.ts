/**
 * toText against golden strings, each also what protobuf-es 2.17 prints (`print()` and
 * `oracleText()` check it): scalars and escapes, nested messages, maps in insertion order,
 * groups, enums, extensions, unknown fields of every wire type, Any expansion, unboxed
 * well-known types, floats with the fewest digits, presence, and single-line output (ours).
 */
import * as pb from "@pbjet/protobuf";
import { registry, schema } from "../helpers";
import { oracleText, print, testRegistry } from "./util";

const lines = (...l: string[]) => l.map((s) => s + "\n").join("");

describe("scalars", () => {
  const init = {
    doubleField: 1.5,
    floatField: Math.fround(0.1),
    int32Field: -16,
    int64Field: pb.protoInt64.parse("9223372036854775807"),
    uint32Field: 4294967295,
    boolField: true,
    stringField: 'a"b\\c\n\t\u0001\u007fé😀',
    bytesField: new Uint8Array([0, 0x41, 0xff, 0x22, 0x5c, 0x0a, 0x0d, 0x09, 0x27]),
  };
  const golden = [
    "double_field: 1.5",
    "float_field: 0.1",
    "int32_field: -16",
    "int64_field: 9223372036854775807",
    "uint32_field: 4294967295",
    "bool_field: true",
    'string_field: "a\\"b\\\\c\\n\\t\\x01\\x7fé😀"',
    'bytes_field: "\\x00A\\xff\\"\\\\\\n\\r\\t\'"',
  ];
  test("multi-line", () => {
    expect(print("pbjet.test.proto3.ScalarValues", init)).toBe(lines(...golden));
  });
  test("single line", () => {
    expect(print("pbjet.test.proto3.ScalarValues", init, { singleLine: true })).toBe(golden.join(" "));
  });
  test("implicit presence: zero values are not printed, -0 is", () => {
    expect(print("pbjet.test.proto3.ScalarValues", {})).toBe("");
    expect(print("pbjet.test.proto3.ScalarValues", { doubleField: -0, floatField: -0 })).toBe(lines("double_field: -0", "float_field: -0"));
  });
  test("explicit presence: zero values and proto2 defaults are printed when set", () => {
    expect(print("pbjet.test.proto3.OptionalScalarValues", { int32Field: 0, stringField: "" })).toBe(lines("int32_field: 0", 'string_field: ""'));
    expect(print("pbjet.test.proto2.DefaultScalars", {})).toBe("");
  });
  test("jstype = JS_STRING values", () => {
    expect(print("pbjet.test.proto3.JsTypes", { int64String: "-16", repeatedInt64String: ["1", "2"] })).toBe(
      lines("int64_string: -16", "repeated_int64_string: 1", "repeated_int64_string: 2"),
    );
  });
});

test("fields in declaration order, not by number", () => {
  const init = { number: 3, extendee: ".x.Y", name: "f" };
  expect(print("google.protobuf.FieldDescriptorProto", init)).toBe(lines('name: "f"', "number: 3", 'extendee: ".x.Y"'));
});

describe("floats and doubles with the fewest digits", () => {
  const floats: [number, string][] = [
    [0.1, "0.1"],
    [3.4028234663852886e38, "3.4028235e+38"],
    [-3.4028234663852886e38, "-3.4028235e+38"],
    [1.401298464324817e-45, "1e-45"],
    [1.1754943508222875e-38, "1.1754944e-38"],
    [16777216, "16777216"],
    [1e21, "1e+21"],
    [1 / 3, "0.33333334"],
    [3.192837, "3.192837"],
    [NaN, "nan"],
    [Infinity, "inf"],
    [-Infinity, "-inf"],
  ];
  test.each(floats)("float %p prints as %s", (v, text) => {
    expect(print("pbjet.test.proto3.ScalarValues", { floatField: Math.fround(v) })).toBe(`float_field: ${text}\n`);
  });
  const doubles: [number, string][] = [
    [0.1, "0.1"],
    [1e21, "1e+21"],
    [5e-324, "5e-324"],
    [Number.MAX_VALUE, "1.7976931348623157e+308"],
    [123456789012345680000, "123456789012345680000"],
    [1e-7, "1e-7"],
    [-2.5, "-2.5"],
    [NaN, "nan"],
    [-Infinity, "-inf"],
  ];
  test.each(doubles)("double %p prints as %s", (v, text) => {
    expect(print("pbjet.test.proto3.ScalarValues", { doubleField: v })).toBe(`double_field: ${text}\n`);
  });
});

test("nested and repeated messages, empty ones too", () => {
  const init = { nestedField: { a: 1, child: {} }, repeatedNestedField: [{ b: "x" }, {}] };
  expect(print("pbjet.test.proto3.MessageFields", init)).toBe(
    lines("nested_field: {", "  a: 1", "  child: {}", "}", "repeated_nested_field: {", '  b: "x"', "}", "repeated_nested_field: {}"),
  );
  expect(print("pbjet.test.proto3.MessageFields", init, { singleLine: true })).toBe(
    'nested_field: { a: 1 child: {} } repeated_nested_field: { b: "x" } repeated_nested_field: {}',
  );
});

test("maps, entries in insertion order (integer keys first, as JavaScript orders them)", () => {
  const init = {
    int32Int32: { 10: 1, "-5": 2, 3: 3 },
    boolBool: { true: true, false: false },
    stringString: { b: "", a: "x" },
    uint64String: { "18446744073709551615": "m", 2: "n" },
    int32Message: { 7: { a: 1 }, 1: {} },
  };
  expect(print("pbjet.test.proto3.MapFields", init)).toBe(
    lines(
      "int32_int32: {",
      "  key: 3",
      "  value: 3",
      "}",
      "int32_int32: {",
      "  key: 10",
      "  value: 1",
      "}",
      "int32_int32: {",
      "  key: -5",
      "  value: 2",
      "}",
      "bool_bool: {",
      "  key: true",
      "  value: true",
      "}",
      "bool_bool: {",
      "  key: false",
      "  value: false",
      "}",
      "string_string: {",
      '  key: "b"',
      '  value: ""',
      "}",
      "string_string: {",
      '  key: "a"',
      '  value: "x"',
      "}",
      "uint64_string: {",
      "  key: 2",
      '  value: "n"',
      "}",
      "uint64_string: {",
      "  key: 18446744073709551615",
      '  value: "m"',
      "}",
      "int32_message: {",
      "  key: 1",
      "  value: {}",
      "}",
      "int32_message: {",
      "  key: 7",
      "  value: {",
      "    a: 1",
      "  }",
      "}",
    ),
  );
});

test("groups by their type name, in declaration order with oneofs", () => {
  const init = {
    after: 4,
    before: 1,
    optionalgroup: { a: 2, nestedgroup: { d: ["x"] } },
    repeatedgroup: [{ a: 3 }],
    groupOneof: { case: "oneofgroup", value: { x: "y" } },
  };
  expect(print("pbjet.test.proto2.GroupFields", init)).toBe(
    lines(
      "before: 1",
      "OptionalGroup: {",
      "  a: 2",
      "  NestedGroup: {",
      '    d: "x"',
      "  }",
      "}",
      "RepeatedGroup: {",
      "  a: 3",
      "}",
      "OneofGroup: {",
      '  x: "y"',
      "}",
      "after: 4",
    ),
  );
  expect(print("pbjet.test.edition2023.MessageEncoding", { grouplike: { a: 1 }, delimited: {} })).toBe(
    lines("delimited: {}", "GroupLike: {", "  a: 1", "}"),
  );
  expect(print("pbjet.test.edition2023.MessageEncoding", { grouplike: { a: 1 }, delimited: {} }, { singleLine: true })).toBe(
    "delimited: {} GroupLike: { a: 1 }",
  );
});

test("enums by name, unknown values by number", () => {
  expect(print("pbjet.test.proto3.EnumFields", { enumField: 1, repeatedEnumField: [0, 77, -1], nestedEnumField: -1 })).toBe(
    lines(
      "enum_field: PROTO3_ENUM_YES",
      "repeated_enum_field: PROTO3_ENUM_UNSPECIFIED",
      "repeated_enum_field: 77",
      "repeated_enum_field: PROTO3_ENUM_NEGATIVE",
      "nested_enum_field: NESTED_ENUM_MINUS_ONE",
    ),
  );
});

describe("extensions and unknown fields", () => {
  const desc = schema("pbjet.test.proto2.Extendee");
  const ext = (name: string) => registry("test").getExtension(`pbjet.test.proto2.${name}`)!;
  const msg = () => {
    const m = pb.create(desc, { ownField: 1, $unknown: [{ no: 5000, wireType: 0, data: new Uint8Array([1]) }] } as never);
    pb.setExtension(m, ext("int32_ext"), -5);
    pb.setExtension(m, ext("groupext"), { a: 8 });
    pb.setExtension(m, ext("repeated_int32_ext"), [1, 2]);
    pb.setExtension(m, ext("large_number_ext"), pb.protoInt64.parse(7));
    return m;
  };
  /** Our text, and what protobuf-es prints. */
  const both = (options?: Partial<pb.TextWriteOptions>) => {
    const m = msg();
    return [pb.toText(desc, m, options), oracleText(desc, m, options)];
  };
  test("with a registry, extensions after the fields, by name in brackets; unknown fields only if asked", () => {
    const golden = [
      "own_field: 1",
      "[pbjet.test.proto2.groupext]: {",
      "  a: 8",
      "}",
      "[pbjet.test.proto2.int32_ext]: -5",
      "[pbjet.test.proto2.large_number_ext]: 7",
      "[pbjet.test.proto2.repeated_int32_ext]: 1",
      "[pbjet.test.proto2.repeated_int32_ext]: 2",
    ];
    expect(both({ registry: testRegistry() })).toEqual([lines(...golden), lines(...golden)]);
    expect(both({ registry: testRegistry(), printUnknownFields: true })).toEqual([lines(...golden, "5000: 1"), lines(...golden, "5000: 1")]);
  });
  test("without a registry, extensions are unknown fields", () => {
    expect(both()).toEqual([lines("own_field: 1"), lines("own_field: 1")]);
    const unknown = lines("own_field: 1", "5000: 1", "100: 18446744073709551611", "110: {", "  1: 8", "}", "111: 1", "111: 2", "536870911: 7");
    expect(both({ printUnknownFields: true })).toEqual([unknown, unknown]);
  });
  test("unknown fields of every wire type", () => {
    const u = (no: number, wireType: number, ...data: number[]) => ({ no, wireType, data: new Uint8Array(data) });
    const m = pb.create(schema("pbjet.test.proto3.ScalarValues"), {
      int32Field: 1,
      $unknown: [
        u(1000, 0, 0x96, 0x01),
        u(1000, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01),
        u(1001, 1, 1, 2, 3, 4, 5, 6, 7, 8),
        u(1002, 5, 0xff, 0, 0, 0),
        u(1003, 2, 3, 0x08, 0x96, 0x01),
        u(1004, 2, 5, 0x68, 0x65, 0x6c, 0x6c, 0x6f),
        u(1005, 2, 0),
        u(1006, 3, 0x08, 0x01, 0x1a, 0x00, 0xf4, 0x3e),
        u(1007, 2, 4, 0x0b, 0x08, 0x01, 0x0c),
        u(1008, 2, 3, 0xff, 0xc3, 0xa9),
        u(1009, 3, 0x8c, 0x3f),
        // Not a message: its tag does not fit 32 bits.
        u(1010, 2, 6, 0x98, 0x80, 0x80, 0x80, 0x10, 0x00),
      ],
    } as never);
    const golden = [
      "int32_field: 1",
      "1000: 150",
      "1000: 18446744073709551615",
      "1001: 0x0807060504030201",
      "1002: 0x000000ff",
      "1003: {",
      "  1: 150",
      "}",
      '1004: "hello"',
      '1005: ""',
      "1006: {",
      "  1: 1",
      '  3: ""',
      "}",
      "1007: {",
      "  1: {",
      "    1: 1",
      "  }",
      "}",
      '1008: "\\xffé"',
      "1009: {}",
      '1010: "\\x98\\x80\\x80\\x80\\x10\\x00"',
    ];
    const desc3 = schema("pbjet.test.proto3.ScalarValues");
    expect(pb.toText(desc3, m, { printUnknownFields: true })).toBe(lines(...golden));
    expect(oracleText(desc3, m, { printUnknownFields: true })).toBe(lines(...golden));
    expect(pb.toText(desc3, m, { printUnknownFields: true, singleLine: true })).toBe(
      'int32_field: 1 1000: 150 1000: 18446744073709551615 1001: 0x0807060504030201 1002: 0x000000ff 1003: { 1: 150 } 1004: "hello" 1005: "" 1006: { 1: 1 3: "" } 1007: { 1: { 1: 1 } } 1008: "\\xffé" 1009: {} 1010: "\\x98\\x80\\x80\\x80\\x10\\x00"',
    );
    expect(pb.toText(desc3, m)).toBe("int32_field: 1\n");
  });
});

describe("Any", () => {
  const WKT = "pbjet.test.proto3.WellKnownTypes";
  const url = "type.googleapis.com/pbjet.test.proto3.ScalarValues";
  const any = (typeUrl: string, ...value: number[]) => ({ any: { typeUrl, value: new Uint8Array(value) } });
  test("expanded with a registry that knows the type, an empty message inline", () => {
    expect(print(WKT, any(url, 0x18, 0x96, 0x01), { registry: testRegistry() })).toBe(
      lines("any: {", `  [${url}]: {`, "    int32_field: 150", "  }", "}"),
    );
    expect(print(WKT, any(url), { registry: testRegistry() })).toBe(lines("any: {", `  [${url}]: {}`, "}"));
  });
  const raw = (typeUrl: string, value: string) => lines("any: {", `  type_url: "${typeUrl}"`, `  value: "${value}"`, "}");
  test("raw without a registry, and for types the registry does not know", () => {
    expect(print(WKT, any(url, 0x18, 0x96, 0x01))).toBe(raw(url, "\\x18\\x96\\x01"));
    expect(print(WKT, any("type.googleapis.com/x.Unknown", 1), { registry: testRegistry() })).toBe(raw("type.googleapis.com/x.Unknown", "\\x01"));
  });
  test("raw where protobuf-es expands what does not read back, or throws", () => {
    const desc = schema(WKT);
    const ours = (init: Record<string, unknown>) => pb.toText(desc, pb.create(desc, init), { registry: testRegistry() });
    const theirs = (init: Record<string, unknown>) => oracleText(desc, pb.create(desc, init), { registry: testRegistry() });
    // A value that is not a message of the type: protobuf-es throws.
    expect(ours(any(url, 0xff))).toBe(raw(url, "\\xff"));
    expect(() => theirs(any(url, 0xff))).toThrow("premature EOF");
    // A type URL that names no type: protobuf-es throws.
    expect(ours(any("/", 1))).toBe(raw("/", "\\x01"));
    expect(() => theirs(any("/", 1))).toThrow("invalid type url: /");
    // A type URL without a "/" (an extension name in brackets): protobuf-es expands it.
    expect(ours(any("pbjet.test.proto3.ScalarValues"))).toBe(lines("any: {", '  type_url: "pbjet.test.proto3.ScalarValues"', "}"));
    expect(theirs(any("pbjet.test.proto3.ScalarValues"))).toBe(lines("any: {", "  [pbjet.test.proto3.ScalarValues]: {}", "}"));
    // A space has no syntax in brackets: protobuf-es expands it, and reads back "ab/...".
    expect(ours(any("a b/pbjet.test.proto3.ScalarValues"))).toBe(lines("any: {", '  type_url: "a b/pbjet.test.proto3.ScalarValues"', "}"));
    expect(theirs(any("a b/pbjet.test.proto3.ScalarValues"))).toBe(lines("any: {", "  [a b/pbjet.test.proto3.ScalarValues]: {}", "}"));
  });
});

test("unboxed well-known types print as the messages they stand for", () => {
  const init = { int32Value: 5, boolValue: false, struct: { a: 1 } };
  expect(print("pbjet.test.proto3.WellKnownTypes", init)).toBe(
    lines(
      "struct: {",
      "  fields: {",
      '    key: "a"',
      "    value: {",
      "      number_value: 1",
      "    }",
      "  }",
      "}",
      "int32_value: {",
      "  value: 5",
      "}",
      "bool_value: {}",
    ),
  );
});
