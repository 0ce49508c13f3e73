/**
 * Text format lexical elements and scalar values: whitespace and comments, string literals
 * with every escape and concatenation, integers in decimal / octal / hex at every type's
 * range limits, floats (suffixes, exponents, inf / nan, float32 rounding), bools and enums.
 */
import { protoInt64 } from "@pbjet/protobuf";
import { parse, parseError } from "./util";

const P3 = "pbjet.test.proto3.ScalarValues";
const P2 = "pbjet.test.proto2.OptionalScalars";
const REP = "pbjet.test.proto3.RepeatedScalarValues";
const ENUMS = "pbjet.test.proto3.EnumFields";
const JS = "pbjet.test.proto3.JsTypes";

const bytes = (...b: number[]) => new Uint8Array(b);
const utf8 = (s: string) => new TextEncoder().encode(s);

describe("whitespace and comments", () => {
  test("every whitespace character separates tokens", () => {
    const m = parse(P3, "\t int32_field\v:\f1\r\n uint32_field :\n\n 2 ");
    expect(m.int32Field).toBe(1);
    expect(m.uint32Field).toBe(2);
  });
  test("# comments run to the end of the line, also the last one without a line feed", () => {
    const m = parse(P3, "# header\nint32_field: 1 # trailing\n# between\nuint32_field: 2 # no newline");
    expect(m.int32Field).toBe(1);
    expect(m.uint32Field).toBe(2);
  });
  test("a comment between the sign and the number", () => {
    expect(parse(P3, "int32_field: -\n # comment\n 5").int32Field).toBe(-5);
    expect(parse(P3, "double_field: - 2.0").doubleField).toBe(-2);
  });
  test("# inside a string is not a comment", () => {
    expect(parse(P3, 'string_field: "a # b"').stringField).toBe("a # b");
  });
  test("empty input and input of only comments are an empty message", () => {
    expect(parse(P3, "").int32Field).toBe(0);
    expect(parse(P3, "  # nothing\n").int32Field).toBe(0);
  });
});

describe("string literals", () => {
  test("single and double quotes, each containing the other", () => {
    expect(parse(P3, `string_field: 'say "hi"'`).stringField).toBe('say "hi"');
    expect(parse(P3, `string_field: "it's"`).stringField).toBe("it's");
  });
  test("adjacent literals concatenate, with or without whitespace and comments between", () => {
    expect(parse(P3, `string_field: 'first' "second"\n'third'`).stringField).toBe("firstsecondthird");
    expect(parse(P3, `string_field: "a""b"'c''d'`).stringField).toBe("abcd");
    expect(parse(P3, `string_field: "a" # comment\n "b"`).stringField).toBe("ab");
    expect(parse(P3, `bytes_field: "\\x01" '\\002' "c"`).bytesField).toEqual(bytes(1, 2, 99));
  });
  test("character escapes", () => {
    const m = parse(P3, `string_field: '\\a\\b\\f\\n\\r\\t\\v\\?\\\\\\'\\"'`);
    expect(m.stringField).toBe("\x07\b\f\n\r\t\v?\\'\"");
  });
  test("octal escapes take up to three digits", () => {
    expect(parse(P3, `bytes_field: "\\0\\12\\123\\1234\\5H"`).bytesField).toEqual(bytes(0, 10, 83, 83, 52, 5, 72));
    expect(parse(P3, `bytes_field: "\\377"`).bytesField).toEqual(bytes(255));
  });
  test("hex escapes take up to two digits, \\x and \\X", () => {
    expect(parse(P3, `bytes_field: "\\x213\\xF\\XfFz"`).bytesField).toEqual(bytes(0x21, 0x33, 0x0f, 0xff, 0x7a));
  });
  test("byte escapes in a string field must form UTF-8", () => {
    expect(parse(P3, `string_field: '\\341\\210\\264'`).stringField).toBe("\u1234");
    expect(parse(P3, `string_field: '\\xe1\\x88\\xb4'`).stringField).toBe("\u1234");
    expect(parse(P3, `string_field: '\\xe1' '\\x88\\xb4'`).stringField).toBe("\u1234");
  });
  test("unicode escapes \\u and \\U are UTF-8 encoded, in strings and bytes", () => {
    expect(parse(P3, `string_field: '\\u1234\\U00010437\\U0010FFFF'`).stringField).toBe("\u1234\u{10437}\u{10ffff}");
    expect(parse(P3, `bytes_field: '\\u00e9\\U0001F600'`).bytesField).toEqual(utf8("é😀"));
  });
  test("unicode and byte escapes mix", () => {
    expect(parse(P3, `bytes_field: '\\u00e9\\xff'`).bytesField).toEqual(bytes(0xc3, 0xa9, 0xff));
    expect(parse(P3, `string_field: '\\xc3\\xa9\\u00e9'`).stringField).toBe("éé");
  });
  test("non-ASCII characters pass through", () => {
    expect(parse(P3, `string_field: "héllo wörld 😀"`).stringField).toBe("héllo wörld 😀");
    expect(parse(P3, `bytes_field: "é"`).bytesField).toEqual(utf8("é"));
  });
  test("bytes fields take any byte sequence", () => {
    expect(parse(P3, `bytes_field: '\\300'`).bytesField).toEqual(bytes(0xc0));
    expect(parse(P3, `bytes_field: '\\xc0'`).bytesField).toEqual(bytes(0xc0));
  });
  test("proto3 string fields reject invalid UTF-8", () => {
    expect(parseError(P3, `string_field: '\\300'`).message).toMatch(/invalid UTF-8/);
    expect(parseError(P3, `string_field: '\\xc0'`).message).toMatch(/invalid UTF-8/);
  });
  test("proto2 string fields (no UTF-8 validation) replace invalid sequences", () => {
    expect(parse(P2, `string_field: 'a\\300b'`).stringField).toBe("a\ufffdb");
  });
  test.each([["\\ud801\\udc37"], ["\\ud800"], ["\\udc00"], ["\\U0000d800"], ["\\U0000dc00"], ["\\U0000d801\\udc37"], ["\\ud801\\U0000dc37"]])(
    "surrogate code points in unicode escapes are rejected: %s",
    (esc) => {
      expect(parseError(P3, `string_field: '${esc}'`).message).toMatch(/surrogate/);
      expect(parseError(P3, `bytes_field: '${esc}'`).message).toMatch(/surrogate/);
    },
  );
  test("code points beyond U+10FFFF are rejected", () => {
    expect(parseError(P3, `string_field: '\\U00110000'`).message).toMatch(/beyond U\+10FFFF/);
  });
  test("a line feed inside a literal is rejected", () => {
    expect(parseError(P3, "string_field: 'first line\nsecond line'").message).toMatch(/line break/);
    expect(parseError(P3, "bytes_field: 'first line\nsecond line'").message).toMatch(/line break/);
  });
  test("a string field needs a string literal", () => {
    expect(parseError(P3, "string_field: 1").message).toMatch(/expected a string/);
    expect(parseError(P3, "string_field: abc").message).toMatch(/expected a string/);
  });
});

describe("integers", () => {
  const cases: [string, string, unknown][] = [
    ["int32_field", "2147483647", 2147483647],
    ["int32_field", "-2147483648", -2147483648],
    ["int32_field", "0x7FFFFFFF", 2147483647],
    ["int32_field", "-0x80000000", -2147483648],
    ["int32_field", "017777777777", 2147483647],
    ["int32_field", "-020000000000", -2147483648],
    ["int32_field", "0", 0],
    ["int32_field", "-0", 0],
    ["int32_field", "00", 0],
    ["int32_field", "0x0", 0],
    ["uint32_field", "4294967295", 4294967295],
    ["uint32_field", "0xFFFFFFFF", 4294967295],
    ["uint32_field", "037777777777", 4294967295],
    ["sint32_field", "-5", -5],
    ["fixed32_field", "0x123", 0x123],
    ["sfixed32_field", "-0x10", -16],
    ["int64_field", "9223372036854775807", protoInt64.parse("9223372036854775807")],
    ["int64_field", "-9223372036854775808", protoInt64.parse("-9223372036854775808")],
    ["int64_field", "0x7FFFFFFFFFFFFFFF", protoInt64.parse("9223372036854775807")],
    ["int64_field", "-0x8000000000000000", protoInt64.parse("-9223372036854775808")],
    ["int64_field", "0777777777777777777777", protoInt64.parse("9223372036854775807")],
    ["int64_field", "-01000000000000000000000", protoInt64.parse("-9223372036854775808")],
    ["uint64_field", "18446744073709551615", protoInt64.uParse("18446744073709551615")],
    ["uint64_field", "0xFFFFFFFFFFFFFFFF", protoInt64.uParse("18446744073709551615")],
    ["uint64_field", "01777777777777777777777", protoInt64.uParse("18446744073709551615")],
    ["uint64_field", "0x000000000000000000001", protoInt64.uParse("1")],
    ["sint64_field", "-1", protoInt64.parse(-1)],
    ["fixed64_field", "0xdeadbeefcafe", protoInt64.uParse("244837814094590")],
    ["sfixed64_field", "-077", protoInt64.parse(-63)],
  ];
  test.each(cases)("%s: %s", (field, literal, expected) => {
    const m = parse(P3, `${field}: ${literal}`);
    const key = field.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
    expect(m[key]).toStrictEqual(expected);
  });

  const outOfRange: [string, string][] = [
    ["int32_field", "2147483648"],
    ["int32_field", "-2147483649"],
    ["int32_field", "0x80000000"],
    ["int32_field", "-0x80000001"],
    ["int32_field", "020000000000"],
    ["int32_field", "-020000000001"],
    ["uint32_field", "4294967296"],
    ["uint32_field", "0x100000000"],
    ["uint32_field", "040000000000"],
    ["int64_field", "9223372036854775808"],
    ["int64_field", "-9223372036854775809"],
    ["int64_field", "0x8000000000000000"],
    ["int64_field", "-0x8000000000000001"],
    ["int64_field", "01000000000000000000000"],
    ["int64_field", "-01000000000000000000001"],
    ["uint64_field", "18446744073709551616"],
    ["uint64_field", "0x10000000000000000"],
    ["uint64_field", "02000000000000000000000"],
    ["uint64_field", "99999999999999999999999999999"],
  ];
  test.each(outOfRange)("%s: %s is out of range", (field, literal) => {
    expect(parseError(P3, `${field}: ${literal}`).message).toMatch(/out of range/);
  });

  test.each(["uint32_field", "uint64_field", "fixed32_field", "fixed64_field"])("%s rejects negative numbers, -0 too", (field) => {
    expect(parseError(P3, `${field}: -1`).message).toMatch(/negative/);
    expect(parseError(P3, `${field}: -0`).message).toMatch(/negative/);
  });
  test("integer fields reject floats, identifiers and strings", () => {
    expect(parseError(P3, "int32_field: 1.0").message).toMatch(/expected an integer/);
    expect(parseError(P3, "int32_field: 1f").message).toMatch(/expected an integer/);
    expect(parseError(P3, "int64_field: inf").message).toMatch(/expected an integer/);
    expect(parseError(P3, 'int32_field: "1"').message).toMatch(/expected an integer/);
  });
  test("jstype = JS_STRING fields hold decimal strings", () => {
    const m = parse(JS, "int64_string: -0x10 uint64_string: 18446744073709551615 repeated_int64_string: [1, -2]");
    expect(m.int64String).toBe("-16");
    expect(m.uint64String).toBe("18446744073709551615");
    expect(m.repeatedInt64String).toEqual(["1", "-2"]);
  });
  test("a number may not run into an identifier, a digit or a period", () => {
    expect(parseError(P3, "int32_field: 10bar").message).toMatch(/invalid number "10bar"/);
    expect(parseError(P3, "int32_field: 08").message).toMatch(/invalid number "08"/);
    expect(parseError(P3, "int32_field: 0x1g").message).toMatch(/invalid number "0x1g"/);
    expect(parseError(P3, "double_field: 1.5.3").message).toMatch(/invalid number "1.5.3"/);
    expect(parseError(P3, "double_field: 1e").message).toMatch(/invalid number "1e"/);
    expect(parseError(P3, "int32_field: 0x").message).toMatch(/hexadecimal number has no digits/);
  });
  test("a number followed by a symbol needs no space", () => {
    expect(parse(REP, "int32_field: [1,2]").int32Field).toEqual([1, 2]);
    expect(parse(P3, "int32_field: 10,uint32_field: 20").uint32Field).toBe(20);
  });
});

describe("floats and doubles", () => {
  const f32 = Math.fround;
  const cases: [string, number][] = [
    ["3.192837", f32(3.192837)],
    ["3.192837f", f32(3.192837)],
    ["3.192837F", f32(3.192837)],
    ["-3.192837", f32(-3.192837)],
    ["3.123456789123456789", f32(3.123456789123456789)],
    ["3.4028235e+38", 3.4028234663852886e38],
    ["1.17549e-38", f32(1.17549e-38)],
    ["4294967296", 4294967296],
    ["9223372036854775808", f32(9223372036854775808)],
    ["18446744073709551616", f32(18446744073709551616)],
    ["3.4028235e+39", Infinity],
    ["1.17549e-39", f32(1.17549e-39)],
    ["1e50", Infinity],
    ["-1e50", -Infinity],
    ["1e-50", 0],
    ["-1e-50", -0],
    ["1e18446744073709551616", Infinity],
    [".123", f32(0.123)],
    ["-.123", f32(-0.123)],
    [".123e2", f32(12.3)],
    ["5.", 5],
    ["1.e1", 10],
    ["1E+2", 100],
    ["10f", 10],
    ["0f", 0],
    ["0", 0],
    ["-0", -0],
    ["-0f", -0],
  ];
  test.each(cases)("float_field: %s", (literal, expected) => {
    expect(parse(P3, `float_field: ${literal}`).floatField).toBe(expected);
  });
  test.each(["inf", "infinity", "INF", "INFINITY", "iNF", "inFINITY", "Infinity"])("float and double: %s and -%s", (v) => {
    expect(parse(P3, `float_field: ${v}`).floatField).toBe(Infinity);
    expect(parse(P3, `float_field: -${v}`).floatField).toBe(-Infinity);
    expect(parse(P3, `double_field: ${v}`).doubleField).toBe(Infinity);
    expect(parse(P3, `double_field: -${v}`).doubleField).toBe(-Infinity);
  });
  test.each(["nan", "NaN", "nAn", "NAN"])("%s is NaN", (v) => {
    expect(parse(P3, `float_field: ${v}`).floatField).toBeNaN();
    expect(parse(P3, `double_field: ${v}`).doubleField).toBeNaN();
  });
  test("doubles keep full precision, overflow to infinity, underflow to zero", () => {
    expect(parse(P3, "double_field: 3.123456789123456789").doubleField).toBe(3.123456789123456789);
    expect(parse(P3, "double_field: 1e9999").doubleField).toBe(Infinity);
    expect(parse(P3, "double_field: -1e9999").doubleField).toBe(-Infinity);
    expect(parse(P3, "double_field: 1e-18446744073709551616").doubleField).toBe(0);
    expect(parse(P3, "double_field: -1e-18446744073709551616").doubleField).toBe(-0);
    expect(parse(P3, "double_field: 5e-324").doubleField).toBe(5e-324);
    expect(parse(P3, "double_field: 1.7976931348623157e308").doubleField).toBe(Number.MAX_VALUE);
  });
  test("octal and hexadecimal are not floats", () => {
    for (const v of ["0x1", "-0x1", "012", "-012"]) {
      expect(parseError(P3, `float_field: ${v}`).message).toMatch(/octal and hexadecimal are not allowed/);
      expect(parseError(P3, `double_field: ${v}`).message).toMatch(/octal and hexadecimal are not allowed/);
    }
  });
  test("other identifiers are not floats", () => {
    expect(parseError(P3, "double_field: infinite").message).toMatch(/invalid value "infinite" for double/);
    expect(parseError(P3, 'double_field: "1"').message).toMatch(/expected a number/);
  });
});

describe("bools", () => {
  test.each(["true", "True", "t", "1", "0x1", "01", "001"])("%s is true", (v) => {
    expect(parse(P2, `bool_field: ${v}`).boolField).toBe(true);
  });
  test.each(["false", "False", "f", "0", "0x0", "00"])("%s is false", (v) => {
    expect(parse(P2, `bool_field: ${v}`).boolField).toBe(false);
  });
  test.each(["TRUE", "yes", "2", "-1", "1.0", '"true"'])("%s is not a bool", (v) => {
    expect(parseError(P2, `bool_field: ${v}`).message).toMatch(/bool/);
  });
});

describe("enums", () => {
  test("by name, by number, negative numbers", () => {
    const m = parse(ENUMS, "enum_field: PROTO3_ENUM_YES nested_enum_field: -1 repeated_enum_field: [2, PROTO3_ENUM_MIN, -0x80000000]");
    expect(m.enumField).toBe(1);
    expect(m.nestedEnumField).toBe(-1);
    expect(m.repeatedEnumField).toEqual([2, -2147483648, -2147483648]);
  });
  test("open enums accept unknown numbers", () => {
    expect(parse(ENUMS, "enum_field: 77").enumField).toBe(77);
  });
  test("closed enums reject unknown numbers, accept known ones", () => {
    expect(parse(P2, "enum_field: 2").enumField).toBe(2);
    expect(parse(P2, "enum_field: -5").enumField).toBe(-5);
    expect(parseError(P2, "enum_field: 7").message).toMatch(/unknown value 7 for closed enum pbjet.test.proto2.Proto2Enum/);
  });
  test("unknown names are rejected, also for open enums", () => {
    expect(parseError(ENUMS, "enum_field: PROTO3_ENUM_MAYBE").message).toMatch(
      /unknown value "PROTO3_ENUM_MAYBE" for enum pbjet.test.proto3.Proto3Enum/,
    );
  });
  test("numbers out of int32 range are rejected", () => {
    expect(parseError(ENUMS, "enum_field: 2147483648").message).toMatch(/out of range/);
  });
  test("a name with a sign is rejected", () => {
    expect(parseError(ENUMS, "enum_field: -PROTO3_ENUM_YES").message).toMatch(/expected an integer/);
  });
});
