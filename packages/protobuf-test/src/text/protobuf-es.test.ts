/**
 * The text format as protobuf-es 2.17 writes and reads it (issue 47), each case against the
 * oracle (@bufbuild/protobuf/txtpb): string and bytes escapes, groups and group-like fields,
 * extensions, Any written expanded and read back, a byte-order mark, a non-repeated extension
 * given twice, and lone surrogates. Where protobuf-es does not follow the text format
 * specification (`-nan`, a sign apart from `inf`), the test pins both behaviours.
 */
import * as pb from "@pbjet/protobuf";
import * as oracle from "@bufbuild/protobuf";
import * as otxt from "@bufbuild/protobuf/txtpb";
import { anyPack } from "@pbjet/protobuf/wkt";
import { oracleRegistry, oracleSchema, schema } from "../helpers";
import { oracleText, testRegistry, type Rec } from "./util";

const P3 = "pbjet.test.proto3.ScalarValues";
const P2 = "pbjet.test.proto2.OptionalScalars";
const GROUPS = "pbjet.test.proto2.GroupFields";
const ED = "pbjet.test.edition2023.MessageEncoding";
const EXT = "pbjet.test.proto2.Extendee";
const WKT = "pbjet.test.proto3.WellKnownTypes";

const lines = (...l: string[]) => l.map((s) => s + "\n").join("");

type Outcome = { json: unknown } | { error: true };

/** What each library reads from the text: the message as JSON (through pbjet), or an error. */
function readBoth(typeName: string, text: string): [Outcome, Outcome] {
  const desc = schema(typeName);
  const odesc = oracleSchema(typeName);
  const reg = testRegistry();
  const asJson = (read: () => pb.Message): Outcome => {
    try {
      return { json: pb.toJson(desc, read(), { registry: reg }) };
    } catch {
      return { error: true };
    }
  };
  const ours = asJson(() => pb.fromText(desc, text, { registry: reg }));
  const theirs = asJson(() => {
    const m = otxt.fromText(odesc, text, { registry: oracleRegistry("test") });
    return pb.fromBinary(desc, oracle.toBinary(odesc, m));
  });
  return [ours, theirs];
}

/** Our text of a message, checked to be what protobuf-es prints. */
function printed(typeName: string, msg: pb.Message): string {
  const desc = schema(typeName);
  const text = pb.toText(desc, msg, { registry: testRegistry() });
  expect(text).toBe(oracleText(desc, msg, { registry: testRegistry() }));
  return text;
}

describe("strings", () => {
  const all = Array.from({ length: 0xa1 }, (_, c) => String.fromCharCode(c)).join("");
  test("controls, quotes and C1 characters are escaped, other text is written as it is", () => {
    const text = printed(P3, pb.create(schema(P3), { stringField: all + "é😀\u2028\ufeff\u00ad'?" }));
    const c0 = Array.from({ length: 0x20 }, (_, c) =>
      c === 9 ? "\\t" : c === 10 ? "\\n" : c === 13 ? "\\r" : `\\x${c.toString(16).padStart(2, "0")}`,
    );
    const c1 = Array.from({ length: 0x20 }, (_, c) => `\\u00${(0x80 + c).toString(16)}`);
    const ascii = Array.from({ length: 0x5f }, (_, c) => String.fromCharCode(0x20 + c))
      .join("")
      .replace("\\", "\\\\")
      .replace('"', '\\"');
    expect(text).toBe(`string_field: "${c0.join("")}${ascii}\\x7f${c1.join("")}\u00a0é😀\u2028\ufeff\u00ad'?"\n`);
    for (const o of readBoth(P3, text)) expect(o).toEqual({ json: { stringField: all + "é😀\u2028\ufeff\u00ad'?" } });
  });
});

describe("bytes", () => {
  test("invalid UTF-8 as \\xHH, valid runs as the text they encode", () => {
    const b = [
      0x00, 0x07, 0x41, 0x22, 0x5c, 0x7f, 0x80, 0xc2, 0x80, 0xc3, 0xa9, 0xff, 0xf0, 0x9f, 0x98, 0x80, 0xed, 0xa0, 0x80, 0xc0, 0x80, 0xe2, 0x80,
    ];
    const text = printed(P3, pb.create(schema(P3), { bytesField: new Uint8Array(b) }));
    expect(text).toBe('bytes_field: "\\x00\\x07A\\"\\\\\\x7f\\x80\\u0080é\\xff😀\\xed\\xa0\\x80\\xc0\\x80\\xe2\\x80"\n');
    const [ours, theirs] = readBoth(P3, text);
    expect(ours).toEqual({ json: { bytesField: Buffer.from(b).toString("base64") } });
    expect(theirs).toEqual(ours);
  });
  test("every single byte", () => {
    for (let v = 0; v < 256; v++) {
      const text = printed(P3, pb.create(schema(P3), { bytesField: new Uint8Array([v]) }));
      expect((pb.fromText(schema(P3), text) as Rec).bytesField).toEqual(new Uint8Array([v]));
    }
  });
});

describe("groups and group-like delimited fields", () => {
  test("written by their message type name, with a colon", () => {
    const msg = pb.create(schema(GROUPS), { optionalgroup: { a: 1 }, repeatedgroup: [{}] } as never);
    expect(printed(GROUPS, msg)).toBe(lines("OptionalGroup: {", "  a: 1", "}", "RepeatedGroup: {}"));
    const ed = pb.create(schema(ED), { grouplike: { a: 1 }, delimited: {} } as never);
    expect(printed(ED, ed)).toBe(lines("delimited: {}", "GroupLike: {", "  a: 1", "}"));
  });
  test.each([
    [GROUPS, "OptionalGroup { a: 1 }"],
    [GROUPS, "optionalgroup: { a: 1 }"],
    [GROUPS, "RepeatedGroup {} repeatedgroup {}"],
    [ED, "GroupLike { a: 1 }"],
    [ED, "grouplike { a: 1 }"],
    [ED, "delimited {}"],
  ])("%s reads %s: the type name, or its lowercase alias", (typeName, text) => {
    const [ours, theirs] = readBoth(typeName, text);
    expect(ours).not.toEqual({ error: true });
    expect(theirs).toEqual(ours);
  });
  test.each([
    [GROUPS, "Optionalgroup { a: 1 }"],
    [GROUPS, "OPTIONALGROUP { a: 1 }"],
    [ED, "Delimited {}"],
    [ED, "Child {}"],
  ])("%s rejects %s: no other spelling, and a field that is not group-like has only its name", (typeName, text) => {
    expect(readBoth(typeName, text)).toEqual([{ error: true }, { error: true }]);
  });
});

describe("extensions", () => {
  const reg = testRegistry();
  const ext = (name: string) => reg.getExtension(`pbjet.test.proto2.${name}`)!;
  test("written after the fields, sorted by name, in brackets", () => {
    const msg = pb.create(schema(EXT), { ownField: 1 } as never);
    pb.setExtension(msg, ext("repeated_int32_ext"), [2]);
    pb.setExtension(msg, ext("string_ext"), "s");
    pb.setExtension(msg, ext("groupext"), {});
    pb.setExtension(msg, ext("bool_ext"), true);
    expect(printed(EXT, msg)).toBe(
      lines(
        "own_field: 1",
        "[pbjet.test.proto2.bool_ext]: true",
        "[pbjet.test.proto2.groupext]: {}",
        "[pbjet.test.proto2.repeated_int32_ext]: 2",
        '[pbjet.test.proto2.string_ext]: "s"',
      ),
    );
  });
  test("a non-repeated extension given twice is an error that names it in brackets", () => {
    for (const text of [
      "[pbjet.test.proto2.int32_ext]: 1 [pbjet.test.proto2.int32_ext]: 2",
      "[pbjet.test.proto2.groupext] {} [pbjet.test.proto2.groupext] {}",
    ]) {
      expect(readBoth(EXT, text)).toEqual([{ error: true }, { error: true }]);
      const name = /\[[^\]]*\]/.exec(text)![0];
      expect(() => pb.fromText(schema(EXT), text, { registry: reg })).toThrow(`non-repeated extension "${name}" is specified multiple times`);
    }
    expect(readBoth(EXT, "[pbjet.test.proto2.repeated_int32_ext]: 1 [pbjet.test.proto2.repeated_int32_ext]: 2")[0]).toEqual({
      json: { "[pbjet.test.proto2.repeated_int32_ext]": [1, 2] },
    });
  });
});

describe("Any", () => {
  const reg = testRegistry();
  const inner = schema("pbjet.test.proto3.MessageFields");
  const url = (d: pb.DescMessage) => `type.googleapis.com/${d.typeName}`;
  test("written expanded, nested Any too, and read back the same by both", () => {
    const nested = anyPack(inner, pb.create(inner, { nestedField: { a: 1 }, repeatedNestedField: [{}] }));
    const wkt = schema(WKT);
    const msg = pb.create(wkt, { any: anyPack(wkt, pb.create(wkt, { any: nested })) } as never);
    const text = printed(WKT, msg);
    expect(text).toBe(
      lines(
        "any: {",
        `  [${url(wkt)}]: {`,
        "    any: {",
        `      [${url(inner)}]: {`,
        "        nested_field: {",
        "          a: 1",
        "        }",
        "        repeated_nested_field: {}",
        "      }",
        "    }",
        "  }",
        "}",
      ),
    );
    const [ours, theirs] = readBoth(WKT, text);
    expect(ours).toEqual({ json: pb.toJson(wkt, msg, { registry: reg }) });
    expect(theirs).toEqual(ours);
    expect(pb.toText(wkt, pb.fromText(wkt, text, { registry: reg }), { registry: reg })).toBe(text);
  });
  test.each([
    "any { [type.googleapis.com/pbjet.test.proto3.ScalarValues] { int32_field: 1 } }",
    "any: < [type.googleapis.com/pbjet.test.proto3.ScalarValues]: < int32_field: 1 > >",
    "any { [ type.googleapis.com / pbjet.test.proto3.ScalarValues ] {} }",
    "any { [example.com/a/b/pbjet.test.proto3.ScalarValues] {} }",
  ])("reads %s as protobuf-es does", (text) => {
    const [ours, theirs] = readBoth(WKT, text);
    expect(ours).not.toEqual({ error: true });
    expect(theirs).toEqual(ours);
  });
  test.each([
    "any { [type.googleapis.com/pbjet.test.proto3.Nope] {} }",
    'any { type_url: "x" [type.googleapis.com/pbjet.test.proto3.ScalarValues] {} }',
    "any { [type.googleapis.com/pbjet.test.proto3.ScalarValues] {} [type.googleapis.com/pbjet.test.proto3.ScalarValues] {} }",
    "any { [type.googleapis.com/pbjet.test.proto3.ScalarValues]: 1 }",
  ])("rejects %s as protobuf-es does", (text) => {
    expect(readBoth(WKT, text)).toEqual([{ error: true }, { error: true }]);
  });
});

describe("parsing", () => {
  test("a leading byte-order mark is skipped, another is an error", () => {
    expect(readBoth(P3, "\ufeffint32_field: 1")).toEqual([{ json: { int32Field: 1 } }, { json: { int32Field: 1 } }]);
    expect(readBoth(P3, "\ufeff")).toEqual([{ json: {} }, { json: {} }]);
    for (const text of ["\ufeff\ufeffint32_field: 1", " \ufeffint32_field: 1", "int32_field: 1 \ufeff"]) {
      expect(readBoth(P3, text)).toEqual([{ error: true }, { error: true }]);
    }
    const err = (() => {
      try {
        pb.fromText(schema(P3), "\ufeffint32_field: x");
      } catch (e) {
        return e as pb.TextDecodeError;
      }
    })();
    expect([err?.line, err?.column]).toEqual([1, 14]);
  });
  test("lone surrogates in strings become U+FFFD, in each literal, and round-trip", () => {
    const cases: [string, string][] = [
      ['string_field: "a\ud800b\udc00c"', "a\ufffdb\ufffdc"],
      ['string_field: "\ud83d" "\ude00"', "\ufffd\ufffd"],
      ['string_field: "\ud83d" "\\x41"', "\ufffdA"],
      ['string_field: "\ud83d\ude00"', "\u{1f600}"],
    ];
    for (const [text, value] of cases) {
      expect(readBoth(P3, text)).toEqual([{ json: { stringField: value } }, { json: { stringField: value } }]);
      expect((pb.fromText(schema(P2), text) as Rec).stringField).toBe(value);
    }
    expect(readBoth(P3, 'bytes_field: "\ud83d" "\ude00"')).toEqual([{ json: { bytesField: "77+977+9" } }, { json: { bytesField: "77+977+9" } }]);
    // Written as it is, and read back as U+FFFD.
    const text = pb.toText(schema(P3), pb.create(schema(P3), { stringField: "x\ud800" }));
    expect(text).toBe('string_field: "x\ud800"\n');
    expect(otxt.toText(oracleSchema(P3), oracle.create(oracleSchema(P3), { stringField: "x\ud800" }))).toBe(text);
    expect((pb.fromText(schema(P3), text) as Rec).stringField).toBe("x\ufffd");
  });
  test("-nan and a sign apart from inf are read as the specification says (protobuf-es rejects them)", () => {
    for (const [text, value] of [
      ["double_field: -nan", "NaN"],
      ["double_field: -NaN", "NaN"],
      ["double_field: - inf", "-Infinity"],
      ["float_field: -\n# comment\ninfinity", "-Infinity"],
    ]) {
      const key = text.startsWith("double") ? "doubleField" : "floatField";
      expect(readBoth(P3, text)).toEqual([{ json: { [key]: value } }, { error: true }]);
    }
    for (const text of ["double_field: -inf", "double_field: -Infinity", "double_field: - 1.5"]) {
      const [ours, theirs] = readBoth(P3, text);
      expect(ours).not.toEqual({ error: true });
      expect(theirs).toEqual(ours);
    }
  });
});
