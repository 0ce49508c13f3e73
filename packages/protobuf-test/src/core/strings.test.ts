/**
 * Strings: encoding follows TextEncoder (lone surrogates become U+FFFD), length prefixes at
 * varint boundaries, and decoding of invalid UTF-8: an error for fields with
 * `utf8_validation = VERIFY` (proto3, editions default), U+FFFD for `NONE` (proto2, editions
 * override).
 */
import { BinaryDecodeError, fromBinary, toBinary } from "@pbjet/protobuf";
import { fromHex, hex, schema } from "../helpers";
import { create, decodeError, oracleHex, oursHex, rec } from "./util";

const P3 = "pbjet.test.proto3.ScalarValues";
const P3_OPT = "pbjet.test.proto3.OptionalScalarValues";
const P2 = "pbjet.test.proto2.OptionalScalars";

function varint(n: number): string {
  const out: number[] = [];
  while (n > 0x7f) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return hex(new Uint8Array(out));
}

/** The expected encoding of string field 14: tag, length, TextEncoder bytes. */
function expectedField14(s: string): string {
  const utf8 = new TextEncoder().encode(s);
  return "72" + varint(utf8.length) + hex(utf8);
}

const samples: [string, string][] = [
  ["ascii", "hello"],
  ["latin-1", "héllo wörld"],
  ["BMP (3-byte)", "✓ € 中文"],
  ["astral (4-byte)", "🎉😀𝄞"],
  ["NUL and controls", "\0\u0001\n\u007f"],
  ["lone high surrogate", "a\uD800b"],
  ["lone low surrogate", "a\uDC00b"],
  ["high surrogate at the end", "abc\uD83D"],
  ["reversed pair", "\uDE00\uD83D"],
  ["BOM", "\uFEFFx"],
  ["U+FFFF and U+10FFFF", "\uFFFF\u{10FFFF}"],
];

describe("encoding", () => {
  test.each(samples)("%s: bytes equal TextEncoder and the oracle", (_, s) => {
    expect(oursHex(P3, { stringField: s })).toBe(expectedField14(s));
    expect(oursHex(P3, { stringField: s })).toBe(oracleHex(P3, { stringField: s }));
  });

  test.each(samples)("%s: decodes to the well-formed string", (_, s) => {
    const back = rec(fromBinary(schema(P3), fromHex(expectedField14(s))));
    const wellFormed = new TextDecoder("utf-8", { ignoreBOM: true }).decode(new TextEncoder().encode(s));
    expect(back.stringField).toBe(wellFormed);
    if (!/[\uD800-\uDFFF]/.test(s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ""))) {
      expect(back.stringField).toBe(s);
    }
  });

  test("empty: skipped with implicit presence, written with explicit presence", () => {
    expect(oursHex(P3, { stringField: "" })).toBe("");
    expect(oursHex(P3_OPT, { stringField: "" })).toBe("7200");
    expect(oursHex(P2, { stringField: "" })).toBe("7200");
    expect(rec(fromBinary(schema(P3_OPT), fromHex("7200"))).stringField).toBe("");
  });

  // Lengths around the writer's internal thresholds and the 1/2/3-byte prefix boundaries,
  // with 1-, 2-, 3- and 4-byte characters (the prefix is reserved before the length is known).
  const lengths = [1, 11, 12, 13, 23, 24, 25, 42, 43, 63, 64, 127, 128, 5461, 5462, 8191, 8192, 16384];
  test.each(["a", "é", "€", "😀"])("character %s at many lengths: exact bytes", (ch) => {
    const desc = schema(P3);
    for (const n of lengths) {
      const s = ch.repeat(n);
      const bytes = toBinary(desc, create(desc, { stringField: s }));
      expect(hex(bytes)).toBe(expectedField14(s));
      expect(rec(fromBinary(desc, bytes)).stringField).toBe(s);
    }
  });

  test("strings next to other fields keep their neighbours intact", () => {
    const desc = schema(P3);
    const s = "€".repeat(43); // 129 bytes: the prefix grows from 1 to 2 bytes.
    const bytes = toBinary(desc, create(desc, { int32Field: 1, stringField: s, bytesField: new Uint8Array([9]) }));
    expect(hex(bytes)).toBe("1801" + expectedField14(s) + "7a0109");
  });

  test("1 MB strings (ASCII and mixed) encode like TextEncoder and round-trip", () => {
    const desc = schema(P3);
    const ascii = "x".repeat(1 << 20);
    const mixed = "aé€😀\uD800".repeat(1 << 17);
    for (const s of [ascii, mixed]) {
      const bytes = toBinary(desc, create(desc, { stringField: s }));
      const utf8 = new TextEncoder().encode(s);
      const prefix = "72" + varint(utf8.length);
      expect(hex(bytes.subarray(0, prefix.length / 2))).toBe(prefix);
      expect(Buffer.compare(Buffer.from(bytes.subarray(bytes.length - utf8.length)), Buffer.from(utf8))).toBe(0);
      expect(bytes.length).toBe(1 + varint(utf8.length).length / 2 + utf8.length);
      expect(rec(fromBinary(desc, bytes)).stringField).toBe(new TextDecoder().decode(utf8));
    }
  });

  test("repeated strings and map keys/values encode like TextEncoder", () => {
    expect(oursHex("pbjet.test.proto3.RepeatedScalarValues", { stringField: ["😀", "\uD800", ""] })).toBe("7204f09f9880" + "7203efbfbd" + "7200");
    const init = { stringString: { ключ: "значение", "\uDC00": "😀" } };
    expect(oursHex("pbjet.test.proto3.MapFields", init)).toBe(oracleHex("pbjet.test.proto3.MapFields", init));
  });
});

// Invalid UTF-8 sequences: [label, hex bytes, index of the first invalid byte]
const invalid: [string, string, number][] = [
  ["lone continuation byte", "41 80 42", 1],
  ["truncated 2-byte sequence", "41 c3", 1],
  ["2-byte lead then ASCII", "c3 28", 0],
  ["overlong NUL", "c0 80", 0],
  ["overlong 3-byte", "e0 80 af", 0],
  ["UTF-16 surrogate (ED A0 80)", "61 ed a0 80", 1],
  ["truncated 3-byte sequence", "e2 82", 0],
  ["above U+10FFFF", "f4 90 80 80", 0],
  ["invalid lead F5", "f5 80 80 80", 0],
  ["0xFF", "61 62 63 ff", 3],
];

describe("invalid UTF-8, utf8_validation = VERIFY (proto3)", () => {
  test.each(invalid)("%s: BinaryDecodeError naming the field and the offset", (_, bytes, bad) => {
    const body = fromHex(bytes);
    // int32_field = 1, then string_field = 14 (the string's body starts at offset 4).
    const input = fromHex("1801 72" + varint(body.length) + hex(body));
    const e = decodeError(schema(P3), input);
    expect(e.offset).toBe(4 + bad);
    expect(e.fieldNumber).toBe(14);
    expect(e.typeName).toBe(P3);
    expect(e.message).toContain("UTF-8");
    expect(e.message).toContain(`offset ${4 + bad}`);
    expect(e.message).toContain(`${P3}.14`);
  });

  test("in a nested message, the innermost field is named, with the absolute offset", () => {
    // MessageFields.nested_field (1) { b (2) = "a\xff" }
    const e = decodeError(schema("pbjet.test.proto3.MessageFields"), fromHex("0a04 1202 61ff"));
    expect(e.typeName).toBe("pbjet.test.proto3.MessageFields.Nested");
    expect(e.fieldNumber).toBe(2);
    expect(e.offset).toBe(5);
  });

  test("repeated strings, oneof strings and map keys and values are verified too", () => {
    decodeError(schema("pbjet.test.proto3.RepeatedScalarValues"), fromHex("7201ff"));
    decodeError(schema("pbjet.test.proto3.OneofFields"), fromHex("1a01ff"));
    // string_string (12): entry { key = "\xff" }
    decodeError(schema("pbjet.test.proto3.MapFields"), fromHex("6203 0a01ff"));
    // string_string (12): entry { key = "a", value = "\xff" }
    decodeError(schema("pbjet.test.proto3.MapFields"), fromHex("6206 0a0161 1201ff"));
  });

  test("bytes fields are never validated", () => {
    const back = rec(fromBinary(schema(P3), fromHex("7a02c0ff")));
    expect(back.bytesField).toStrictEqual(new Uint8Array([0xc0, 0xff]));
  });

  test("a leading BOM is kept", () => {
    expect(rec(fromBinary(schema(P3), fromHex("7204efbbbf41"))).stringField).toBe("\uFEFFA");
  });
});

describe("invalid UTF-8, utf8_validation = NONE", () => {
  test.each(invalid)("proto2 %s: decoded leniently with U+FFFD", (_, bytes) => {
    const body = fromHex(bytes);
    const back = rec(fromBinary(schema(P2), fromHex("72" + varint(body.length) + hex(body))));
    expect(back.stringField).toBe(new TextDecoder().decode(body));
    expect(back.stringField).toContain("\uFFFD");
  });

  test("proto2 repeated strings and map strings are lenient", () => {
    expect(rec(fromBinary(schema("pbjet.test.proto2.RepeatedFields"), fromHex("7201ff"))).stringField).toEqual(["\uFFFD"]);
    const m = rec(fromBinary(schema("pbjet.test.proto2.MapFields"), fromHex("6206 0a01ff 1201fe")));
    expect(m.stringString).toEqual({ "\uFFFD": "\uFFFD" });
  });

  describe("edition 2023", () => {
    const U = "pbjet.test.edition2023.Utf8Validation";
    test.each([
      ["notVerified", "1201ff"],
      ["implicitNotVerified", "2201ff"],
    ])("%s is lenient", (field, input) => {
      expect(rec(fromBinary(schema(U), fromHex(input)))[field]).toBe("\uFFFD");
    });
    test("repeatedNotVerified is lenient", () => {
      expect(rec(fromBinary(schema(U), fromHex("1a01ff 1a0161"))).repeatedNotVerified).toEqual(["\uFFFD", "a"]);
    });
    test("verified (the edition default) and the map are strict", () => {
      const e = decodeError(schema(U), fromHex("1202c328 0a01ff"));
      expect(e).toBeInstanceOf(BinaryDecodeError);
      expect(e.fieldNumber).toBe(1);
      expect(e.offset).toBe(6);
      decodeError(schema(U), fromHex("2a03 0a01ff"));
    });
  });

  test("edition 2024: unverified is lenient, the file default is strict", () => {
    const E = "pbjet.test.edition2024.Encodings";
    expect(rec(fromBinary(schema(E), fromHex("3a01ff"))).unverified).toBe("\uFFFD");
    const e = decodeError(schema(E), fromHex("4203 0a01ff"));
    expect(e.typeName).toBe(E);
    expect(e.fieldNumber).toBe(8);
    expect(e.message).toMatch(/^invalid UTF-8 in string at offset \d+ in field pbjet\.test\.edition2024\.Encodings\.8$/);
  });
});
