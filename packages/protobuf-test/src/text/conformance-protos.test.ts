/**
 * Text format cases of the conformance suite, on the conformance protos: groups and
 * group-like delimited fields, their extensions, field and list separators, maps, Any,
 * and the unknown-field printing the testee relies on. Includes cases of newer suite
 * versions than the runner in CI (hex / octal limits, float forms).
 */
import * as pb from "@pbjet/protobuf";
import * as otxt from "@bufbuild/protobuf/txtpb";
import { oracleRegistry, oracleSchema, registry, schema } from "../helpers";

const reg = () => registry("conformance");
const P2 = "protobuf_test_messages.proto2.TestAllTypesProto2";
const P3 = "protobuf_test_messages.proto3.TestAllTypesProto3";
const ED = "protobuf_test_messages.editions.TestAllTypesEdition2023";

function parse(typeName: string, text: string): Record<string, any> {
  return pb.fromText(schema(typeName, "conformance"), text, { registry: reg() }) as unknown as Record<string, any>;
}

function fails(typeName: string, text: string): void {
  expect(() => parse(typeName, text)).toThrow(pb.TextDecodeError);
}

/**
 * Parses, prints, parses again: the second parse prints the same text (NaN too), and
 * protobuf-es reads the input and prints it the same.
 */
function stable(typeName: string, text: string): string {
  const desc = schema(typeName, "conformance");
  const msg = pb.fromText(desc, text, { registry: reg() });
  const printed = pb.toText(desc, msg, { registry: reg() });
  expect(pb.toText(desc, pb.fromText(desc, printed, { registry: reg() }), { registry: reg() })).toBe(printed);
  const odesc = oracleSchema(typeName, "conformance");
  const oreg = oracleRegistry("conformance");
  expect(otxt.toText(odesc, otxt.fromText(odesc, text, { registry: oreg }), { registry: oreg })).toBe(printed);
  return printed;
}

describe("proto2 groups", () => {
  test.each(["Data { group_int32: 1 }", "Data: { group_int32: 1 }", "data { group_int32: 1 }"])("%s", (text) => {
    expect(parse(P2, text).data.groupInt32).toBe(1);
    expect(stable(P2, text)).toBe("Data: {\n  group_int32: 1\n}\n");
  });
  test("multi-word and empty groups", () => {
    expect(parse(P2, "MultiWordGroupField { group_int32: 1 }").multiwordgroupfield.groupInt32).toBe(1);
    expect(parse(P2, "multiwordgroupfield { group_int32: 1 }").multiwordgroupfield.groupInt32).toBe(1);
    expect(stable(P2, "Data {}")).toBe("Data: {}\n");
  });
  test("group extensions by field name only", () => {
    expect(stable(P2, "[protobuf_test_messages.proto2.groupfield] { group_int32: 1 }")).toBe(
      "[protobuf_test_messages.proto2.groupfield]: {\n  group_int32: 1\n}\n",
    );
    fails(P2, "[protobuf_test_messages.proto2.GroupField] { group_int32: 1 }");
  });
});

describe("editions delimited fields", () => {
  test.each(["GroupLikeType { group_int32: 1 }", "GroupLikeType: { group_int32: 1 }", "groupliketype { group_int32: 1 }"])("%s", (text) => {
    expect(parse(ED, text).groupliketype.groupInt32).toBe(1);
    expect(stable(ED, text)).toBe("GroupLikeType: {\n  group_int32: 1\n}\n");
  });
  test("a delimited field that is not group-like, and extensions", () => {
    expect(stable(ED, "delimited_field { group_int32: 1 }")).toBe("delimited_field: {\n  group_int32: 1\n}\n");
    expect(stable(ED, "[protobuf_test_messages.editions.groupliketype] { c: 1 }")).toContain("[protobuf_test_messages.editions.groupliketype]: {");
    expect(stable(ED, "[protobuf_test_messages.editions.delimited_ext] { c: 1 }")).toContain("[protobuf_test_messages.editions.delimited_ext]: {");
    fails(ED, "[protobuf_test_messages.editions.GroupLikeType] { group_int32: 1 }");
  });
});

describe("separators", () => {
  const values: [string, string][] = [
    ["string", '"abc"'],
    ["bytes", '"abc"'],
    ["int32", "123"],
    ["bool", "true"],
    ["double", "1.23"],
    ["fixed32", "0x123"],
  ];
  test.each(values)("%s", (type, v) => {
    for (const [name, value] of [
      [`optional_${type}`, v],
      [`repeated_${type}`, `[${v}]`],
    ]) {
      for (const sep of [",", ";"]) {
        expect(() => parse(P3, `${name}: ${value}${sep}`)).not.toThrow();
        fails(P3, `${name}: ${value}${sep}${sep}`);
      }
    }
    expect(parse(P3, `repeated_${type}: [${v},${v}]`)[`repeated${type[0].toUpperCase()}${type.slice(1)}`]).toHaveLength(2);
    fails(P3, `repeated_${type}: [${v};${v}]`);
    fails(P3, `repeated_${type}: [${v},,${v}]`);
    fails(P3, `repeated_${type}: [${v},]`);
    fails(P3, `repeated_${type}: [${v},${v},]`);
    if (type === "string" || type === "bytes") {
      expect(parse(P3, `repeated_${type}: [${v} ${v}]`)[`repeated${type[0].toUpperCase()}${type.slice(1)}`]).toHaveLength(1);
    } else {
      fails(P3, `repeated_${type}: [${v} ${v}]`);
    }
  });
  test("nested separators", () => {
    expect(parse(P3, "optional_nested_message: { a: 123, }").optionalNestedMessage.a).toBe(123);
    expect(parse(P3, "optional_nested_message: { a: 123; }").optionalNestedMessage.a).toBe(123);
    fails(P3, "optional_nested_message: { a: 123,, }");
    fails(P3, "optional_nested_message: { a: 123;; }");
  });
});

describe("values", () => {
  test("float forms print back as C++ parses them", () => {
    const cases: [string, string][] = [
      ["optional_float: 3.4028235e+38", "optional_float: 3.4028235e+38\n"],
      ["optional_float: 1e50", "optional_float: inf\n"],
      ["optional_float: -1e-50", "optional_float: -0\n"],
      ["optional_float: 1e-50", ""],
      ["optional_double: 1e9999", "optional_double: inf\n"],
      ["optional_double: -1e-18446744073709551616", "optional_double: -0\n"],
      ["optional_float: .123e2", "optional_float: 12.3\n"],
      ["optional_float: nAn", "optional_float: nan\n"],
      ["optional_float: -inFINITY", "optional_float: -inf\n"],
      ["optional_int64: -0x8000000000000000", "optional_int64: -9223372036854775808\n"],
      ["optional_uint64: 01777777777777777777777", "optional_uint64: 18446744073709551615\n"],
    ];
    for (const [input, output] of cases) expect(stable(P3, input)).toBe(output);
  });
  test("maps print in insertion order, the last duplicate key wins", () => {
    const text = stable(
      P3,
      'map_string_string { key: "c" value: "v" } map_string_string { key: "a" value: "v" } map_int32_int32 { key: 3 } map_int32_int32 { key: -1 }',
    );
    expect(text).toBe(
      'map_int32_int32: {\n  key: 3\n  value: 0\n}\nmap_int32_int32: {\n  key: -1\n  value: 0\n}\nmap_string_string: {\n  key: "c"\n  value: "v"\n}\nmap_string_string: {\n  key: "a"\n  value: "v"\n}\n',
    );
    const m = parse(P3, 'map_string_nested_message { key: "d" value: { a: 123 } } map_string_nested_message { key: "d" value: { corecursive: {} } }');
    expect(m.mapStringNestedMessage.d.a).toBe(0);
    expect(m.mapStringNestedMessage.d.corecursive).toBeDefined();
  });
  test("Any", () => {
    const text = "optional_any: { [type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3] { optional_int32: 12345 } }";
    expect(stable(P3, text)).toBe(
      "optional_any: {\n  [type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3]: {\n    optional_int32: 12345\n  }\n}\n",
    );
    const raw = parse(P3, 'optional_any: { type_url: "type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3" value: "\\b\\271`" }');
    expect(Array.from(raw.optionalAny.value as Uint8Array)).toEqual([8, 0xb9, 0x60]);
    fails(P3, "optional_any: { [type.googleapis.com/unknown] { optional_int32: 12345 } }");
  });
});

test("unknown fields print by number, so that C++ parses them with field numbers allowed", () => {
  const unknownTo = schema("protobuf_test_messages.proto2.UnknownToTestAllTypes", "conformance");
  const source = pb.create(unknownTo, {
    optionalInt32: 123,
    optionalString: "hello",
    optionalBool: true,
    nestedMessage: { c: 111 },
    optionalgroup: { a: 321 },
    repeatedInt32: [1, 2, 3],
  } as never);
  const desc = schema(P3, "conformance");
  const msg = pb.fromBinary(desc, pb.toBinary(unknownTo, source));
  expect(pb.toText(desc, msg)).toBe("");
  expect(pb.toText(desc, msg, { printUnknownFields: true })).toBe(
    ["1001: 123", '1002: "hello"', "1003: {", "  1: 111", "}", "1004: {", "  1: 321", "}", "1006: 1", "1011: 1", "1011: 2", "1011: 3", ""].join("\n"),
  );
});
