/**
 * TextDecodeError: every error path reports the line and column of the offending token,
 * in the message and as properties.
 */
import { parseError, testRegistry } from "./util";

const P3 = "pbjet.test.proto3.ScalarValues";
const REP = "pbjet.test.proto3.RepeatedScalarValues";
const MSG = "pbjet.test.proto3.MessageFields";
const MAPS = "pbjet.test.proto3.MapFields";
const ONEOF = "pbjet.test.proto3.OneofFields";
const WKT = "pbjet.test.proto3.WellKnownTypes";
const P2 = "pbjet.test.proto2.OptionalScalars";
const EXT = "pbjet.test.proto2.Extendee";

test("the error class", () => {
  const e = parseError(P3, "int32_field: 1\n  bogus: 2");
  expect(e.name).toBe("TextDecodeError");
  expect(e.line).toBe(2);
  expect(e.column).toBe(3);
  expect(e.detail).toBe('unknown field "bogus" in message pbjet.test.proto3.ScalarValues');
  expect(e.message).toBe('text format error at line 2, column 3: unknown field "bogus" in message pbjet.test.proto3.ScalarValues');
  expect(e).toBeInstanceOf(Error);
  expect(String(e)).toMatch(/^TextDecodeError: text format error at line 2, column 3/);
});

// [type, input, line, column, detail]
const cases: [string, string, number, number, RegExp][] = [
  // lexical
  [P3, "int32_field: 1 @", 1, 16, /unexpected character "@"/],
  [P3, "string_field: 'abc", 1, 15, /unterminated string literal/],
  [P3, "string_field: 'abc\\", 1, 15, /unterminated string literal/],
  [P3, "string_field:\n  'ab\ncd'", 2, 6, /line break in string literal/],
  [P3, "string_field: 'a\\qb'", 1, 17, /invalid escape "\\q"/],
  [P3, "bytes_field: '\\xzz'", 1, 15, /invalid escape "\\x": expected a hexadecimal digit/],
  [P3, "bytes_field: 'ab\\u12'", 1, 17, /invalid escape "\\u": expected 4 hexadecimal digits/],
  [P3, "bytes_field: '\\U0000123'", 1, 15, /invalid escape "\\U": expected 8 hexadecimal digits/],
  [P3, "bytes_field: '\\U00110000'", 1, 15, /code point beyond U\+10FFFF/],
  [P3, "bytes_field: '\\ud800'", 1, 15, /surrogate code point/],
  [P3, "bytes_field: '\\400'", 1, 15, /octal value above 255/],
  [P3, "string_field: '\\300'", 1, 15, /invalid UTF-8 in string/],
  [P3, "int32_field: 10bar", 1, 14, /invalid number "10bar"/],
  [P3, "int32_field: 0x", 1, 14, /hexadecimal number has no digits/],
  // names and structure
  [P3, "\n\n   nope: 1", 3, 4, /unknown field "nope" in message pbjet.test.proto3.ScalarValues/],
  [P3, "123: 1", 1, 1, /expected a field name, got number 123/],
  [P3, '"x": 1', 1, 1, /expected a field name, got string literal/],
  [P3, "int32_field 1", 1, 13, /expected ":" after field "int32_field", got number 1/],
  [P3, "int32_field:", 1, 13, /expected an integer for int32, got end of input/],
  [P3, "int32_field: 1,,", 1, 16, /expected a field name, got ","/],
  [MSG, "nested_field {\n  a: 1\n", 3, 1, /expected "\}" to close pbjet.test.proto3.MessageFields.Nested, got end of input/],
  [MSG, "nested_field: 5", 1, 15, /expected "\{" or "<" to start pbjet.test.proto3.MessageFields.Nested, got number 5/],
  [MSG, "nested_field { a: 1 >", 1, 21, /expected a field name, got ">"/],
  [P3, "int32_field: [1]", 1, 14, /field "int32_field" is not repeated/],
  [REP, "int32_field: [1 2]", 1, 17, /expected "," or "\]" in list, got number 2/],
  [REP, "int32_field: [1,]", 1, 17, /expected an integer for int32, got "\]"/],
  // duplicates
  [P3, "int32_field: 1\nint32_field: 2", 2, 1, /non-repeated field "int32_field" is specified multiple times/],
  [
    ONEOF,
    "int32_value: 1\n  bool_value: true",
    2,
    3,
    /field "bool_value" is specified along with field "int32_value", another member of oneof "kind"/,
  ],
  // values
  [P3, "int32_field: 2147483648", 1, 14, /value 2147483648 is out of range for int32/],
  [P3, "int32_field: - 2147483649", 1, 14, /value -2147483649 is out of range for int32/],
  [P3, "uint64_field: -1", 1, 15, /invalid value for uint64: negative numbers are not allowed/],
  [P3, "int64_field: 1.5", 1, 14, /expected an integer for int64, got number 1.5/],
  [P3, "float_field: 0x10", 1, 14, /invalid value 0x10 for float: octal and hexadecimal are not allowed/],
  [P3, "double_field: - foo", 1, 17, /invalid value "foo" for double/],
  [P3, "double_field: -", 1, 16, /expected a number, got end of input/],
  [P3, "bool_field: 2", 1, 13, /invalid value for bool: number 2/],
  [P3, "string_field: 5", 1, 15, /expected a string, got number 5/],
  [P2, "enum_field: NOPE", 1, 13, /unknown value "NOPE" for enum pbjet.test.proto2.Proto2Enum/],
  [P2, "enum_field: 99", 1, 13, /unknown value 99 for closed enum pbjet.test.proto2.Proto2Enum/],
  // maps
  [MAPS, "string_string {\n  k: 1 }", 2, 3, /expected "key", "value" or "\}" in an entry of map field "string_string", got identifier "k"/],
  [MAPS, "string_string { key: 'a' key: 'b' }", 1, 26, /non-repeated field "key" is specified multiple times/],
  // extensions and Any
  [EXT, "own_field: 1 [a.b]: 1", 1, 14, /unknown extension \[a.b\] \(no registry given\)/],
  [EXT, "[a.b: 1", 1, 5, /expected "\]" after \[a.b, got ":"/],
  [WKT, "any {\n  [type.googleapis.com/x.Y] {} }", 2, 3, /unable to resolve \[type.googleapis.com\/x.Y\]/],
  [WKT, "[type.googleapis.com/x.Y] {}", 1, 1, /is an Any type URL, but pbjet.test.proto3.WellKnownTypes is not google.protobuf.Any/],
  // reserved
  ["pbjet.test.proto3.ReservedFields", "foo 1", 1, 5, /expected ":" or "\{" after field name, got number 1/],
  ["pbjet.test.proto3.ReservedFields", "foo: }", 1, 6, /expected a value, got "\}"/],
];

test.each(cases)("%s: %j at %i:%i", (typeName, text, line, column, detail) => {
  const e = parseError(typeName, text, { registry: text.includes("[a.b") ? undefined : testRegistry() });
  expect(e.detail).toMatch(detail);
  expect([e.line, e.column]).toEqual([line, column]);
  expect(e.message).toContain(`line ${line}, column ${column}: `);
});

test("the nesting limit names the brace that exceeds it", () => {
  const e = parseError(MSG, "recursive {\n".repeat(3) + "}".repeat(3), { recursionLimit: 3 });
  expect([e.line, e.column]).toEqual([3, 11]);
  expect(e.detail).toBe("maximum nesting depth 3 exceeded");
});

test("columns count from the start of each line, also after comments", () => {
  const e = parseError(P3, "# comment\nint32_field: 1 # more\n\tbogus: 1");
  expect([e.line, e.column]).toEqual([3, 2]);
});

test("errors thrown are TextDecodeErrors, never other types", () => {
  const inputs = ["{", "}", "[", "]", ":", "<", "-", "a", "a:", "a {", "int32_field: -", "'", '"\\', "0x", "\u0000", "😀"];
  for (const text of inputs) {
    const e = parseError(P3, text);
    expect(e.line).toBe(1);
    expect(e.column).toBeGreaterThanOrEqual(1);
  }
});
