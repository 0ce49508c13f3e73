/**
 * Text format syntax: field names, `:` and message delimiters, separators, repeated fields
 * and lists, maps, oneofs, groups and group-like delimited fields, extensions, Any expansion,
 * reserved names, duplicate fields, merging, and the nesting limit.
 */
import * as pb from "@pbjet/protobuf";
import { registry, schema } from "../helpers";
import { parse, parseError, testRegistry } from "./util";

const P3 = "pbjet.test.proto3.ScalarValues";
const REP = "pbjet.test.proto3.RepeatedScalarValues";
const MSG = "pbjet.test.proto3.MessageFields";
const MAPS = "pbjet.test.proto3.MapFields";
const ONEOF = "pbjet.test.proto3.OneofFields";
const WKT = "pbjet.test.proto3.WellKnownTypes";
const GROUPS = "pbjet.test.proto2.GroupFields";
const EXT = "pbjet.test.proto2.Extendee";
const ED = "pbjet.test.edition2023.MessageEncoding";

describe("message fields", () => {
  test.each([["nested_field { a: 1 }"], ["nested_field: { a: 1 }"], ["nested_field < a: 1 >"], ["nested_field: < a: 1 >"], ["nested_field{a:1}"]])(
    "%s",
    (text) => {
      expect(parse(MSG, text).nestedField.a).toBe(1);
    },
  );
  test("empty messages are set", () => {
    expect(parse(MSG, "nested_field {}").nestedField).toEqual(pb.create(schema("pbjet.test.proto3.MessageFields.Nested")));
    expect(parse(MSG, "nested_field: <>").nestedField).toBeDefined();
  });
  test("nesting mixes both delimiters", () => {
    const m = parse(MSG, "recursive < nested_field { child < a: 3 > } >");
    expect(m.recursive.nestedField.child.a).toBe(3);
  });
  test("a scalar field needs the colon", () => {
    expect(parseError(P3, "int32_field 1").message).toMatch(/expected ":" after field "int32_field"/);
  });
  test("a message field needs a message value", () => {
    expect(parseError(MSG, "nested_field: 1").message).toMatch(/expected "\{" or "<"/);
  });
  test("a mismatched closing delimiter is an error", () => {
    expect(parseError(MSG, "nested_field { a: 1 >").message).toMatch(/expected a field name, got ">"/);
    expect(parseError(MSG, "nested_field < a: 1 }").message).toMatch(/expected a field name, got "\}"/);
    expect(parseError(MSG, "nested_field { a: 1").message).toMatch(/expected "\}" to close .*, got end of input/);
    expect(parseError(MSG, "nested_field { a: 1 } }").message).toMatch(/expected a field name, got "\}"/);
  });
});

describe("separators", () => {
  test.each([",", ";"])("'%s' after fields, at top level and nested", (sep) => {
    const m = parse(MSG, `nested_field: { a: 123${sep} b: "x"${sep} }${sep} scalar_values { int32_field: 1 }${sep}`);
    expect(m.nestedField.a).toBe(123);
    expect(m.nestedField.b).toBe("x");
    expect(m.scalarValues.int32Field).toBe(1);
    expect(parse(REP, `int32_field: [1, 2]${sep}`).int32Field).toEqual([1, 2]);
  });
  test.each([",,", ";;", ",;", ";,"])("'%s' is one separator too many", (seps) => {
    expect(parseError(P3, `int32_field: 1${seps}`).message).toMatch(/expected a field name/);
    expect(parseError(MSG, `nested_field { a: 1${seps} }`).message).toMatch(/expected a field name/);
  });
  test("a separator cannot start a message", () => {
    expect(parseError(P3, ", int32_field: 1").message).toMatch(/expected a field name, got ","/);
  });
});

describe("repeated fields and lists", () => {
  test("repeated lines and lists combine in order", () => {
    const m = parse(REP, "int32_field: 1 int32_field: [2, 3] int32_field: 4 int32_field: [5]");
    expect(m.int32Field).toEqual([1, 2, 3, 4, 5]);
  });
  test("an empty list adds nothing", () => {
    expect(parse(REP, "int32_field: []").int32Field).toEqual([]);
  });
  test("lists of every scalar type", () => {
    const m = parse(
      REP,
      'string_field: ["a", "b" "c"] bytes_field: ["\\x01"] bool_field: [true, f, 1] double_field: [0.5, 1e-10, -inf] fixed32_field: [0x123]',
    );
    expect(m.stringField).toEqual(["a", "bc"]);
    expect(m.bytesField).toEqual([new Uint8Array([1])]);
    expect(m.boolField).toEqual([true, false, true]);
    expect(m.doubleField).toEqual([0.5, 1e-10, -Infinity]);
    expect(m.fixed32Field).toEqual([0x123]);
  });
  test("lists of messages, with or without the colon", () => {
    expect(parse(MSG, "repeated_nested_field: [{a: 1}, <a: 2>]").repeatedNestedField.map((n: { a: number }) => n.a)).toEqual([1, 2]);
    expect(parse(MSG, "repeated_nested_field [{a: 1}, {}]").repeatedNestedField).toHaveLength(2);
    expect(parse(MSG, "repeated_nested_field: []").repeatedNestedField).toEqual([]);
  });
  test("a scalar list needs the colon", () => {
    expect(parseError(REP, "int32_field [1, 2]").message).toMatch(/expected ":"/);
  });
  test.each([
    ["int32_field: [1 2]", /expected "," or "\]" in list, got number 2/],
    ["int32_field: [1;2]", /expected "," or "\]" in list, got ";"/],
    ["int32_field: [1,,2]", /expected an integer for int32, got ","/],
    ["int32_field: [1,]", /expected an integer for int32, got "\]"/],
    ["int32_field: [1,2,]", /expected an integer for int32, got "\]"/],
    ["int32_field: [,]", /expected an integer for int32, got ","/],
    ["int32_field: [1", /expected "," or "\]" in list, got end of input/],
  ])("malformed list %s", (text, message) => {
    expect(parseError(REP, text).message).toMatch(message);
  });
  test("two adjacent strings in a list are one value", () => {
    expect(parse(REP, 'string_field: ["abc" "abc"]').stringField).toEqual(["abcabc"]);
  });
  test("non-repeated fields take no list", () => {
    expect(parseError(P3, "int32_field: [1]").message).toMatch(/field "int32_field" is not repeated/);
    expect(parseError(MSG, "nested_field: [{}]").message).toMatch(/field "nested_field" is not repeated/);
  });
});

describe("maps", () => {
  test("entries as repeated messages and as a list, in any order of key and value", () => {
    const m = parse(
      MAPS,
      'string_string { key: "a" value: "1" } string_string: { value: "2", key: "b" } string_string: [{key: "c" value: "3"}, <key: "d"; value: "4">]',
    );
    expect(m.stringString).toEqual({ a: "1", b: "2", c: "3", d: "4" });
  });
  test("missing key and value take zero values", () => {
    const m = parse(MAPS, 'int32_int32 { value: 5 } string_string { key: "k" } string_message { key: "m" } int32_message {}');
    expect(m.int32Int32).toEqual({ 0: 5 });
    expect(m.stringString).toEqual({ k: "" });
    expect(m.stringMessage.m).toEqual(pb.create(schema("pbjet.test.proto3.MessageFields.Nested")));
    expect(m.int32Message[0]).toBeDefined();
  });
  test("the last entry for a key wins", () => {
    const m = parse(MAPS, 'string_message { key: "dup" value: { a: 123 } } string_message { key: "dup" value: { b: "x" } }');
    expect(m.stringMessage.dup.a).toBe(0);
    expect(m.stringMessage.dup.b).toBe("x");
  });
  test("keys of every type are object properties", () => {
    const m = parse(
      MAPS,
      "int64_int64 { key: -9223372036854775808 value: 1 } uint64_string { key: 0xFFFFFFFFFFFFFFFF value: 'x' } bool_bool { key: true value: t } bool_string { key: 0 value: 'f' } sfixed64_message { key: -1 value { int32_field: 2 } } int64_enum { key: 5 value: PROTO3_ENUM_NO }",
    );
    expect(m.int64Int64).toEqual({ "-9223372036854775808": pb.protoInt64.parse(1) });
    expect(m.uint64String).toEqual({ "18446744073709551615": "x" });
    expect(m.boolBool).toEqual({ true: true });
    expect(m.boolString).toEqual({ false: "f" });
    expect(m.sfixed64Message["-1"].int32Field).toBe(2);
    expect(m.int64Enum).toEqual({ 5: 2 });
  });
  test("__proto__ as a key is plain data", () => {
    const m = parse(MAPS, 'string_string { key: "__proto__" value: "x" } string_message { key: "constructor" value {} }');
    expect(Object.keys(m.stringString)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(m.stringString)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(m.stringMessage, "constructor")).toBe(true);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
  test("map values that are messages take an optional colon", () => {
    expect(parse(MAPS, 'string_message { key: "a" value: { a: 1 } }').stringMessage.a.a).toBe(1);
    expect(parse(MAPS, 'string_message { key: "a" value < a: 1 > }').stringMessage.a.a).toBe(1);
  });
  test("malformed entries", () => {
    expect(parseError(MAPS, 'string_string { key: "a" other: 1 }').message).toMatch(
      /expected "key", "value" or "\}" in an entry of map field "string_string"/,
    );
    expect(parseError(MAPS, 'string_string { key: "a" key: "b" }').message).toMatch(/non-repeated field "key" is specified multiple times/);
    expect(parseError(MAPS, 'string_string { value: "a" value: "b" }').message).toMatch(/non-repeated field "value"/);
    expect(parseError(MAPS, "string_string: 1").message).toMatch(/expected "\{" or "<" to start an entry of map field "string_string"/);
    expect(parseError(MAPS, 'string_string { key "a" }').message).toMatch(/expected ":" after field "key"/);
    expect(parseError(MAPS, "int32_int32 { key: 1.5 }").message).toMatch(/expected an integer/);
    expect(parseError(MAPS, "string_enum { key: 'a' value: NOPE }").message).toMatch(/unknown value "NOPE"/);
    expect(parseError("pbjet.test.proto2.MapFields", "int32_enum { key: 1 value: 9 }").message).toMatch(/closed enum/);
  });
});

describe("oneofs", () => {
  test("a member sets the case", () => {
    expect(parse(ONEOF, 'string_value: "x"').kind).toEqual({ case: "stringValue", value: "x" });
    expect(parse(ONEOF, "message_value { a: 1 }").kind.value.a).toBe(1);
    expect(parse(ONEOF, "int32_value: 0").kind).toEqual({ case: "int32Value", value: 0 });
  });
  test("two oneofs of one message are independent", () => {
    const m = parse(ONEOF, 'int32_value: 1 second_string: "s" before: 2 after: "z"');
    expect(m.kind.case).toBe("int32Value");
    expect(m.second.case).toBe("secondString");
  });
  test("two members of one oneof are rejected", () => {
    expect(parseError(ONEOF, 'int32_value: 1 string_value: "x"').message).toMatch(
      /field "string_value" is specified along with field "int32_value", another member of oneof "kind"/,
    );
  });
});

describe("groups and delimited fields", () => {
  test("a group by its type name, and by its (lowercase) field name", () => {
    for (const name of ["OptionalGroup", "optionalgroup"]) {
      expect(parse(GROUPS, `${name} { a: 1 }`).optionalgroup.a).toBe(1);
      expect(parse(GROUPS, `${name}: { a: 1 }`).optionalgroup.a).toBe(1);
    }
    expect(parse(GROUPS, "OptionalGroup {}").optionalgroup).toBeDefined();
  });
  test("nested, repeated and oneof groups", () => {
    const m = parse(GROUPS, 'OptionalGroup { NestedGroup { c: 1 d: ["x"] } } RepeatedGroup { a: 1 } repeatedgroup: [{ a: 2 }] OneofGroup { x: "y" }');
    expect(m.optionalgroup.nestedgroup.c).toBe(1);
    expect(m.repeatedgroup.map((g: { a: number }) => g.a)).toEqual([1, 2]);
    expect(m.groupOneof.case).toBe("oneofgroup");
  });
  test("other capitalizations are unknown", () => {
    expect(parseError(GROUPS, "Optionalgroup { a: 1 }").message).toMatch(/unknown field "Optionalgroup"/);
    expect(parseError(GROUPS, "OPTIONALGROUP { a: 1 }").message).toMatch(/unknown field/);
  });
  test("editions: a group-like delimited field by type or field name; others by field name only", () => {
    expect(parse(ED, "GroupLike { nested {} }").grouplike.nested).toBeDefined();
    expect(parse(ED, "grouplike { }").grouplike).toBeDefined();
    expect(parse(ED, "delimited { }").delimited).toBeDefined();
    expect(parseError(ED, "Child { }").message).toMatch(/unknown field "Child"/);
  });
  test("a message type name is not a field name", () => {
    expect(parseError(MSG, "Nested { a: 1 }").message).toMatch(/unknown field "Nested"/);
  });
});

describe("extensions", () => {
  const options = { registry: testRegistry() };
  const ext = (name: string) => registry("test").getExtension(`pbjet.test.proto2.${name}`)!;
  test("scalar, repeated, message, group and nested-scope extensions", () => {
    const m = parse(
      EXT,
      `own_field: 1
      [pbjet.test.proto2.int32_ext]: -5
      [pbjet.test.proto2.string_ext]: "s"
      [pbjet.test.proto2.enum_ext]: PROTO2_ENUM_BAZ
      [pbjet.test.proto2.repeated_int32_ext]: [1, 2]
      [pbjet.test.proto2.repeated_int32_ext]: 3
      [pbjet.test.proto2.message_ext] { int32_field: 7 }
      [pbjet.test.proto2.groupext] { a: 8 }
      [pbjet.test.proto2.repeated_message_ext]: [{}, { int32_field: 9 }]
      [pbjet.test.proto2.ExtensionScope.nested_string_ext]: "n"
      [pbjet.test.proto2.ExtensionScope.Deeper.deeper_bool_ext]: true
      [pbjet.test.proto2.large_number_ext]: 1`,
      options,
    );
    const msg = m as pb.Message;
    expect(m.ownField).toBe(1);
    expect(pb.getExtension(msg, ext("int32_ext"))).toBe(-5);
    expect(pb.getExtension(msg, ext("string_ext"))).toBe("s");
    expect(pb.getExtension(msg, ext("enum_ext"))).toBe(3);
    expect(pb.getExtension(msg, ext("repeated_int32_ext"))).toEqual([1, 2, 3]);
    expect((pb.getExtension(msg, ext("message_ext")) as { int32Field: number }).int32Field).toBe(7);
    expect((pb.getExtension(msg, ext("groupext")) as { a: number }).a).toBe(8);
    expect(pb.getExtension(msg, ext("repeated_message_ext"))).toHaveLength(2);
    expect(pb.getExtension(msg, ext("ExtensionScope.nested_string_ext"))).toBe("n");
    expect(pb.getExtension(msg, ext("ExtensionScope.Deeper.deeper_bool_ext"))).toBe(true);
    expect(pb.getExtension(msg, ext("large_number_ext"))).toBe(pb.protoInt64.parse(1));
  });
  test("an extension is named by its full name, never by its type name", () => {
    expect(parseError(EXT, "[pbjet.test.proto2.GroupExt] { a: 1 }", options).message).toMatch(/unknown extension \[pbjet.test.proto2.GroupExt\]/);
    expect(parseError(EXT, "[int32_ext]: 1", options).message).toMatch(/unknown extension \[int32_ext\]/);
  });
  test("unknown extensions, a missing registry, and extensions of another message", () => {
    expect(parseError(EXT, "[pbjet.test.proto2.nope]: 1", options).message).toMatch(/unknown extension \[pbjet.test.proto2.nope\]/);
    expect(parseError(EXT, "[pbjet.test.proto2.int32_ext]: 1").message).toMatch(/no registry given/);
    expect(parseError("pbjet.test.proto2.SelfExtending", "[pbjet.test.proto2.int32_ext]: 1", options).message).toMatch(
      /extension \[pbjet.test.proto2.int32_ext\] extends pbjet.test.proto2.Extendee, not pbjet.test.proto2.SelfExtending/,
    );
  });
  test("a non-repeated extension given twice is rejected", () => {
    expect(parseError(EXT, "[pbjet.test.proto2.int32_ext]: 1 [pbjet.test.proto2.int32_ext]: 2", options).message).toMatch(
      /non-repeated extension "\[pbjet.test.proto2.int32_ext\]" is specified multiple times/,
    );
  });
  test("malformed brackets", () => {
    expect(parseError(EXT, "[pbjet.test.proto2.int32_ext: 1", options).message).toMatch(/expected "\]" after \[pbjet.test.proto2.int32_ext, got ":"/);
    expect(parseError(EXT, "[]: 1", options).message).toMatch(/expected a name in "\[...\]", got "\]"/);
    expect(parseError(EXT, "[pbjet..x]: 1", options).message).toMatch(/expected a name/);
  });
  test("editions: delimited extensions", () => {
    const reg = testRegistry();
    const m = pb.fromText(schema("pbjet.test.edition2023.Extendable"), "[pbjet.test.edition2023.delimited_ext] { a: 1 }", { registry: reg });
    expect(pb.getExtension(m, reg.getExtension("pbjet.test.edition2023.delimited_ext")!)).toMatchObject({ a: 1 });
  });
});

describe("Any", () => {
  const options = { registry: testRegistry() };
  const any = (m: Record<string, any>) => m.any as { typeUrl: string; value: Uint8Array };
  test("expanded by type URL, with optional colon and either delimiter", () => {
    for (const text of [
      "any { [type.googleapis.com/pbjet.test.proto3.ScalarValues] { int32_field: 150 } }",
      "any: < [type.googleapis.com/pbjet.test.proto3.ScalarValues]: < int32_field: 150 > >",
    ]) {
      const a = any(parse(WKT, text, options));
      expect(a.typeUrl).toBe("type.googleapis.com/pbjet.test.proto3.ScalarValues");
      expect(Array.from(a.value)).toEqual([0x18, 0x96, 0x01]);
    }
  });
  test("any URL prefix is kept", () => {
    expect(any(parse(WKT, "any { [example.com/x/pbjet.test.proto3.EmptyMessage] {} }", options)).typeUrl).toBe(
      "example.com/x/pbjet.test.proto3.EmptyMessage",
    );
  });
  test("raw type_url and value", () => {
    const a = any(parse(WKT, 'any { type_url: "type.googleapis.com/pbjet.test.proto3.ScalarValues" value: "\\030\\226\\001" }'));
    expect(Array.from(a.value)).toEqual([0x18, 0x96, 0x01]);
  });
  test("nested Any", () => {
    const m = parse(
      WKT,
      "any { [type.googleapis.com/pbjet.test.proto3.WellKnownTypes] { any { [type.googleapis.com/pbjet.test.proto3.EmptyMessage] {} } } }",
      options,
    );
    const inner = pb.fromBinary(schema(WKT), any(m).value) as Record<string, any>;
    expect(inner.any.typeUrl).toBe("type.googleapis.com/pbjet.test.proto3.EmptyMessage");
  });
  test("unresolvable types, Any syntax outside Any, and conflicts are rejected", () => {
    expect(parseError(WKT, "any { [type.googleapis.com/unknown] { a: 1 } }", options).message).toMatch(
      /unable to resolve \[type.googleapis.com\/unknown\]: message type unknown is not in the registry/,
    );
    expect(parseError(WKT, "any { [type.googleapis.com/pbjet.test.proto3.EmptyMessage] {} }").message).toMatch(/unable to resolve/);
    expect(parseError(WKT, "[type.googleapis.com/pbjet.test.proto3.EmptyMessage] {}", options).message).toMatch(
      /is an Any type URL, but pbjet.test.proto3.WellKnownTypes is not google.protobuf.Any/,
    );
    expect(
      parseError(
        WKT,
        "any { [type.googleapis.com/pbjet.test.proto3.EmptyMessage] {} [type.googleapis.com/pbjet.test.proto3.EmptyMessage] {} }",
        options,
      ).message,
    ).toMatch(/google.protobuf.Any given more than once/);
    expect(parseError(WKT, 'any { type_url: "x" [type.googleapis.com/pbjet.test.proto3.EmptyMessage] {} }', options).message).toMatch(
      /given more than once/,
    );
    expect(parseError(WKT, 'any { [type.googleapis.com/pbjet.test.proto3.EmptyMessage] {} type_url: "x" }', options).message).toMatch(
      /non-repeated field "type_url" is specified multiple times/,
    );
    expect(parseError(WKT, "any { [type.googleapis.com/pbjet.test.proto2.RequiredFields] {} }", options).message).toMatch(
      /cannot serialize pbjet.test.proto2.RequiredFields for \[type.googleapis.com\/pbjet.test.proto2.RequiredFields\]: .*required/,
    );
    expect(parseError(WKT, "any { [type.googleapis.com/pbjet.test.proto3.ScalarValues] { bogus: 1 } }", options).message).toMatch(
      /unknown field "bogus" in message pbjet.test.proto3.ScalarValues/,
    );
  });
});

describe("unboxed well-known types", () => {
  test("wrapper fields hold the primitive", () => {
    const m = parse(WKT, 'int32_value { value: 5 } string_value: { value: "s" } bool_value {} uint64_value { value: 0xFFFFFFFFFFFFFFFF }');
    expect(m.int32Value).toBe(5);
    expect(m.stringValue).toBe("s");
    expect(m.boolValue).toBe(false);
    expect(m.uint64Value).toBe(pb.protoInt64.uParse("18446744073709551615"));
  });
  test("repeated wrappers stay messages", () => {
    expect(parse(WKT, "repeated_int32_value: [{ value: 1 }]").repeatedInt32Value[0].value).toBe(1);
  });
  test("a Struct field holds a JSON object", () => {
    const m = parse(
      WKT,
      'struct { fields { key: "a" value { number_value: 1 } } fields { key: "b" value { list_value { values { bool_value: true } values { null_value: NULL_VALUE } } } } }',
    );
    expect(m.struct).toEqual({ a: 1, b: [true, null] });
  });
  test("merging into a set wrapper", () => {
    const desc = schema(WKT);
    const m = pb.fromText(desc, "int32_value { value: 5 }");
    pb.mergeFromText(desc, m, "int32_value { }");
    expect((m as unknown as Record<string, unknown>).int32Value).toBe(5);
  });
});

describe("reserved names", () => {
  const R = "pbjet.test.proto3.ReservedFields";
  test("fields with reserved names are skipped, whatever their value", () => {
    const m = parse(
      R,
      'a: 1 foo: true bar: -123 foo: 0.123 bar: ENUM_VALUE foo: "hello" "x" bar { a: 123 [x.y]: 1 c < d: [1, 2] > } foo: < a: 123 > bar: [-123, 456] foo: [0.123, 1e-10] bar: ["hello", "world"] foo [{}, {}] b: "z"',
    );
    expect(m.a).toBe(1);
    expect(m.b).toBe("z");
  });
  test("names that are not reserved are unknown", () => {
    expect(parseError(R, "baz: 1").message).toMatch(/unknown field "baz" in message pbjet.test.proto3.ReservedFields/);
  });
  test("a reserved scalar still needs the colon", () => {
    expect(parseError(R, "foo 1").message).toMatch(/expected ":" or "\{" after field name/);
  });
});

describe("duplicate fields, fromText and mergeFromText", () => {
  test("fromText rejects a non-repeated field given twice", () => {
    expect(parseError(P3, "int32_field: 1 int32_field: 2").message).toMatch(/non-repeated field "int32_field" is specified multiple times/);
    expect(parseError(MSG, "nested_field {} nested_field {}").message).toMatch(/non-repeated field "nested_field"/);
    expect(parseError(GROUPS, "OptionalGroup {} optionalgroup {}").message).toMatch(/non-repeated field "optionalgroup"/);
    expect(parseError(ONEOF, "int32_value: 1 int32_value: 2").message).toMatch(/non-repeated field "int32_value"/);
  });
  test("the same field in different messages is no duplicate", () => {
    const m = parse(MSG, "nested_field { a: 1 child { a: 2 } } repeated_nested_field { a: 3 } repeated_nested_field { a: 4 }");
    expect(m.nestedField.child.a).toBe(2);
  });
  test("mergeFromText replaces scalars, merges messages, appends to lists and maps", () => {
    const desc = schema(MSG);
    const m = pb.fromText(desc, 'nested_field { a: 1 b: "x" } repeated_nested_field { a: 1 }') as Record<string, any>;
    const back = pb.mergeFromText(desc, m as never, "nested_field { a: 2 } nested_field { child {} } repeated_nested_field { a: 2 }") as Record<
      string,
      any
    >;
    expect(back).toBe(m);
    expect(m.nestedField.a).toBe(2);
    expect(m.nestedField.b).toBe("x");
    expect(m.nestedField.child).toBeDefined();
    expect(m.repeatedNestedField.map((n: { a: number }) => n.a)).toEqual([1, 2]);
    const s = pb.mergeFromText(schema(P3), pb.create(schema(P3)), "int32_field: 1 int32_field: 2") as Record<string, any>;
    expect(s.int32Field).toBe(2);
  });
  test("mergeFromText switches oneof cases", () => {
    const desc = schema(ONEOF);
    const m = pb.mergeFromText(desc, pb.create(desc), 'int32_value: 1 string_value: "x"') as Record<string, any>;
    expect(m.kind).toEqual({ case: "stringValue", value: "x" });
  });
  test("mergeFromText merges into extensions", () => {
    const reg = testRegistry();
    const desc = schema(EXT);
    const m = pb.fromText(desc, "[pbjet.test.proto2.repeated_int32_ext]: 1 [pbjet.test.proto2.message_ext] { int32_field: 1 }", { registry: reg });
    pb.mergeFromText(desc, m, "[pbjet.test.proto2.repeated_int32_ext]: 2 [pbjet.test.proto2.message_ext] { uint32_field: 2 }", { registry: reg });
    expect(pb.getExtension(m, reg.getExtension("pbjet.test.proto2.repeated_int32_ext")!)).toEqual([1, 2]);
    expect(pb.getExtension(m, reg.getExtension("pbjet.test.proto2.message_ext")!)).toMatchObject({ int32Field: 1, uint32Field: 2 });
  });
});

describe("nesting limit", () => {
  const nested = (n: number) => "recursive { ".repeat(n) + "}".repeat(n);
  test("100 levels by default, the top-level message counting as 1 (as in protobuf-es)", () => {
    expect(() => parse(MSG, nested(99))).not.toThrow();
    expect(parseError(MSG, nested(100)).message).toMatch(/maximum nesting depth 100 exceeded/);
  });
  test("the recursionLimit option", () => {
    expect(() => parse(MSG, nested(3), { recursionLimit: 4 })).not.toThrow();
    expect(parseError(MSG, nested(4), { recursionLimit: 4 }).message).toMatch(/maximum nesting depth 4 exceeded/);
  });
});
