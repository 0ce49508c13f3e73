/**
 * parseTextFormatScalarValue and parseTextFormatEnumValue (@pbjet/protobuf/wire): the default
 * values of descriptors, differential against @bufbuild/protobuf/wire over values as protoc
 * writes them and over malformed input.
 *
 * Differences we make on purpose, each asserted below:
 * - bytes: the escapes `\"`, `\'`, `\?` and `\a` are decoded (protobuf-es drops them, although
 *   protoc writes `\"` and `\'`), `\xHH` and one- or two-digit octal escapes are decoded
 *   (protobuf-es rejects them), an unknown escape or a lone trailing backslash is an error
 *   (protobuf-es drops it), and a character beyond ASCII stands for its UTF-8 bytes
 *   (protobuf-es keeps the low byte of its code unit).
 * 64-bit integers are parsed by protoInt64, as in protobuf-es: what BigInt() reads (`+1`,
 * `0x10`, ` 1`, "" too), in range.
 */
import fc = require("fast-check");
import { ScalarType } from "@pbjet/protobuf";
import { parseTextFormatEnumValue, parseTextFormatScalarValue } from "@pbjet/protobuf/wire";
import * as oracleWire from "@bufbuild/protobuf/wire";
import * as oracle from "@bufbuild/protobuf";
import * as oracleWkt from "@bufbuild/protobuf/wkt";
import * as wkt from "@pbjet/protobuf/wkt";

type Outcome = { value: unknown } | { error: string };

function outcome(f: () => unknown): Outcome {
  try {
    const v = f();
    if (v instanceof Uint8Array) return { value: ["bytes", ...v] };
    if (typeof v === "bigint") return { value: `${v}n` };
    if (typeof v === "number") return { value: Number.isNaN(v) ? "NaN" : Object.is(v, -0) ? "-0" : v };
    return { value: v };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

const ours = (t: ScalarType, v: string) => outcome(() => parseTextFormatScalarValue(t, v));
const theirs = (t: ScalarType, v: string) => outcome(() => oracleWire.parseTextFormatScalarValue(t as number as oracle.ScalarType, v));

/** Both return the same value, or both throw. */
function expectSame(t: ScalarType, v: string): void {
  const a = ours(t, v);
  const b = theirs(t, v);
  const label = `${ScalarType[t]} ${JSON.stringify(v)}`;
  if ("error" in a || "error" in b) {
    expect([label, "error" in a]).toEqual([label, "error" in b]);
  } else {
    expect([label, a.value]).toEqual([label, b.value]);
  }
}

const int32Types = [ScalarType.INT32, ScalarType.SINT32, ScalarType.SFIXED32];
const uint32Types = [ScalarType.UINT32, ScalarType.FIXED32];
const int64Types = [ScalarType.INT64, ScalarType.SINT64, ScalarType.SFIXED64];
const uint64Types = [ScalarType.UINT64, ScalarType.FIXED64];
const floatTypes = [ScalarType.DOUBLE, ScalarType.FLOAT];
const allTypes = Object.values(ScalarType).filter((v): v is ScalarType => typeof v === "number");

/** Bytes as protoc C-escapes them in default_value, optionally without quote escapes. */
function cEscape(bytes: Uint8Array, quotes: boolean): string {
  let s = "";
  for (const b of bytes) {
    if (b === 0x0a) s += "\\n";
    else if (b === 0x0d) s += "\\r";
    else if (b === 0x09) s += "\\t";
    else if (b === 0x5c) s += "\\\\";
    else if (b === 0x22 && quotes) s += '\\"';
    else if (b === 0x27 && quotes) s += "\\'";
    else if (b >= 0x20 && b < 0x7f && b !== 0x22 && b !== 0x27) s += String.fromCharCode(b);
    else s += "\\" + b.toString(8).padStart(3, "0");
  }
  return s;
}

describe("values as protoc writes them: the same as protobuf-es", () => {
  test("32-bit integers", () => {
    fc.assert(fc.property(fc.integer({ min: -0x80000000, max: 0x7fffffff }), fc.constantFrom(...int32Types), (n, t) => expectSame(t, String(n))));
    fc.assert(fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.constantFrom(...uint32Types), (n, t) => expectSame(t, String(n))));
  });
  test("64-bit integers", () => {
    fc.assert(fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), fc.constantFrom(...int64Types), (n, t) => expectSame(t, String(n))));
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), fc.constantFrom(...uint64Types), (n, t) => expectSame(t, String(n))));
  });
  test("floating point", () => {
    fc.assert(fc.property(fc.double(), fc.constantFrom(...floatTypes), (n, t) => expectSame(t, String(n))));
    fc.assert(fc.property(fc.float(), (n) => expectSame(ScalarType.FLOAT, String(n))));
    for (const t of floatTypes) {
      for (const v of ["inf", "-inf", "nan", "0", "-0", "1e+30", "1.5e-07", "3.4028234663852886e+38"]) expectSame(t, v);
    }
  });
  test("bools and strings", () => {
    expectSame(ScalarType.BOOL, "true");
    expectSame(ScalarType.BOOL, "false");
    fc.assert(fc.property(fc.string({ unit: "binary" }), (s) => expectSame(ScalarType.STRING, s)));
  });
  test("bytes without quotes", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 40 }), (b) => expectSame(ScalarType.BYTES, cEscape(b, false))));
  });
  test("bytes with quotes round-trip (protobuf-es drops the escaped quotes)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (b) => {
        expect(parseTextFormatScalarValue(ScalarType.BYTES, cEscape(b, true))).toEqual(b);
      }),
    );
    expect(parseTextFormatScalarValue(ScalarType.BYTES, `a\\"b\\'c`)).toEqual(new Uint8Array([0x61, 0x22, 0x62, 0x27, 0x63]));
    expect(oracleWire.parseTextFormatScalarValue(oracle.ScalarType.BYTES, `a\\"b\\'c`)).toEqual(new Uint8Array([0x61, 0x62, 0x63]));
  });
});

describe("malformed input", () => {
  const samples = [
    "",
    " ",
    "1.5",
    "1e3",
    "-1e3",
    "0x10",
    "010",
    "+1",
    "-0",
    " 1",
    "1 ",
    "1_0",
    "abc",
    "2147483648",
    "-2147483649",
    "4294967296",
    "-1",
    "9007199254740993",
    "9223372036854775808",
    "-9223372036854775809",
    "18446744073709551616",
    "Infinity",
    "-Infinity",
    "INF",
    "+inf",
    "NaN",
    "-nan",
    "nan ",
    "True",
    "FALSE",
    "t",
    "1",
    "0",
    "1e400",
    "-1e400",
    "0b11",
    "0o7",
    "-",
  ];
  test.each(allTypes.filter((t) => t !== ScalarType.BYTES).map((t) => [ScalarType[t], t]))("%s: the same as protobuf-es", (_, t) => {
    for (const v of samples) expectSame(t, v);
  });
  test("64-bit integers: what BigInt() reads, in range", () => {
    for (const t of [...int64Types, ...uint64Types]) {
      for (const v of ["+1", "0x10", " 1", "1 ", "", "0b11", "0o7"]) {
        expect(ours(t, v)).toEqual(theirs(t, v));
        expect("value" in ours(t, v)).toBe(true);
      }
      for (const v of ["abc", "1.5", "1e400", "-", "1_0", "18446744073709551616", "0x10000000000000000"]) {
        expect("error" in ours(t, v)).toBe(true);
        expect("error" in theirs(t, v)).toBe(true);
      }
    }
  });
  test("bytes: the same as protobuf-es where both are defined", () => {
    for (const v of ["abc", "\\n\\r\\t\\\\", "\\001\\123\\377", "\\1234", "\\x", "\\xg", "\\0", "\\1", "\\12"]) {
      const a = ours(ScalarType.BYTES, v);
      const b = theirs(ScalarType.BYTES, v);
      if ("value" in b) expect([v, a]).toEqual([v, b]);
      else expect(["error" in a, v]).toEqual([v === "\\x" || v === "\\xg", v]);
    }
    // protobuf-es rejects every hexadecimal escape and octal escapes of one or two digits;
    // protoc decodes them, and so do we.
    expect(parseTextFormatScalarValue(ScalarType.BYTES, "\\x41\\1\\12")).toEqual(new Uint8Array([0x41, 1, 10]));
    expect("error" in theirs(ScalarType.BYTES, "\\x41")).toBe(true);
    expect("error" in theirs(ScalarType.BYTES, "\\1")).toBe(true);
    // An unknown escape and a lone backslash at the end: protobuf-es drops them, we throw
    // with its message.
    for (const v of ["a\\qb", "a\\", "\\8"]) {
      expect(ours(ScalarType.BYTES, v)).toEqual({ error: `cannot parse BYTES default value: ${v}` });
      expect("value" in theirs(ScalarType.BYTES, v)).toBe(true);
    }
    expect(ours(ScalarType.BYTES, "\\x")).toEqual(theirs(ScalarType.BYTES, "\\x"));
    // \a, \?: decoded (protobuf-es drops them).
    expect(parseTextFormatScalarValue(ScalarType.BYTES, "\\a\\?")).toEqual(new Uint8Array([7, 0x3f]));
    // Beyond ASCII: the UTF-8 bytes (protobuf-es keeps the low byte of the code unit).
    expect(parseTextFormatScalarValue(ScalarType.BYTES, "ä€")).toEqual(new Uint8Array([0xc3, 0xa4, 0xe2, 0x82, 0xac]));
  });
});

describe("parseTextFormatEnumValue", () => {
  test("a value name, as protobuf-es; numbers and unknown names throw with its message", () => {
    const ourEnum = wkt.FieldDescriptorProto_TypeSchema;
    const theirEnum = oracleWkt.FieldDescriptorProto_TypeSchema;
    for (const v of ["TYPE_INT32", "TYPE_BYTES", "TYPE_SINT64", "1", "5", "0", "", "TYPE_FOO", "type_int32", " TYPE_INT32"]) {
      const a = outcome(() => parseTextFormatEnumValue(ourEnum, v));
      const b = outcome(() => oracleWire.parseTextFormatEnumValue(theirEnum, v));
      expect([v, a]).toEqual([v, b]);
    }
    for (const v of ourEnum.values) expect(parseTextFormatEnumValue(ourEnum, v.name)).toBe(v.number);
  });
});
