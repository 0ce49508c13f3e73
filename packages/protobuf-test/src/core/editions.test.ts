/**
 * Editions: resolved features behave as declared (presence IMPLICIT / EXPLICIT /
 * LEGACY_REQUIRED, open and closed enums, packed / expanded, DELIMITED, utf8 NONE), and the
 * resolved descriptors match the oracle's for every message, field, extension and enum in
 * the corpus.
 */
import type * as oracle from "@bufbuild/protobuf";
// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import { fromBinary, isFieldSet, toBinary, type DescEnum, type DescExtension, type DescField, type DescMessage } from "@pbjet/protobuf";
import { fromHex, hex, oracleRegistry, registry, schema } from "../helpers";
import { create, encodeError, oracleHex, rec } from "./util";

const P = "pbjet.test.edition2023.Presence";
const EXPLICIT = 1,
  IMPLICIT = 2,
  LEGACY_REQUIRED = 3;

describe("edition 2023 behaviour", () => {
  const desc = schema(P);
  test("IMPLICIT fields skip zero values, EXPLICIT fields write them", () => {
    const zeros = {
      explicitInt32: 0,
      explicitString: "",
      explicitBytes: new Uint8Array(0),
      explicitOpenEnum: 0,
      explicitClosedEnum: 1,
      implicitInt32: 0,
      implicitInt64: 0n,
      implicitString: "",
      implicitBytes: new Uint8Array(0),
      implicitBool: false,
      implicitDouble: 0,
      implicitOpenEnum: 0,
      explicitSpelledUint32: 0,
    };
    const bytes = toBinary(desc, create(desc, zeros));
    expect(hex(bytes)).toBe("080012001a0020002801f80100");
    expect(hex(bytes)).toBe(oracleHex(P, zeros).replace(/ /g, ""));
  });
  test("IMPLICIT fields: non-zero values and -0.0 are written", () => {
    expect(hex(toBinary(desc, create(desc, { implicitInt32: 1, implicitDouble: -0 })))).toBe("a80101" + "d1010000000000000080");
  });
  test("EXPLICIT fields with defaults read them from the prototype until set", () => {
    const m = rec(create(desc));
    expect(m.explicitInt32WithDefault).toBe(-13);
    expect(m.explicitStringWithDefault).toBe("edition default");
    expect(m.explicitClosedEnumWithDefault).toBe(3);
    expect(m.explicitDoubleWithDefault).toBe(-Infinity);
    expect(m.explicitBytesWithDefault).toStrictEqual(fromHex("0001ff"));
    expect(m.explicitClosedEnum).toBe(1);
    expect(isFieldSet(m as never, desc.field.explicitInt32WithDefault)).toBe(false);
    expect(toBinary(desc, m as never).length).toBe(0);
    m.explicitInt32WithDefault = -13;
    expect(hex(toBinary(desc, m as never))).toBe("38f3ffffffffffffffff01");
  });
  test("the explicit message field is undefined until set", () => {
    expect(rec(create(desc)).explicitMessage).toBeUndefined();
  });
  test("LEGACY_REQUIRED fields must be set to encode", () => {
    const L = schema("pbjet.test.edition2023.LegacyRequired");
    const ok = { requiredInt32: 0, requiredString: "", requiredMessage: {}, requiredClosedEnum: 1, requiredDelimited: {} };
    expect(hex(toBinary(L, create(L, ok)))).toBe(oracleHex("pbjet.test.edition2023.LegacyRequired", ok));
    expect(hex(toBinary(L, create(L, ok)))).toBe("0800 1200 1a00 2001 2b2c".replace(/ /g, ""));
    for (const [local, name] of [
      ["requiredInt32", "required_int32"],
      ["requiredMessage", "required_message"],
      ["requiredDelimited", "required_delimited"],
    ]) {
      expect(encodeError(L, create(L, { ...ok, [local]: undefined })).message).toContain(name);
    }
    expect(rec(fromBinary(L, new Uint8Array(0))).requiredInt32).toBe(0);
  });
  test("closed enum: unknown value to $unknown; open enum: kept", () => {
    const m = rec(fromBinary(desc, fromHex("2063 2863")));
    expect(m.explicitOpenEnum).toBe(99);
    expect(m.explicitClosedEnum).toBe(1);
    expect(m.$unknown).toEqual([{ no: 5, wireType: 0, data: fromHex("63") }]);
  });
  test("EXPANDED at file level, PACKED per field", () => {
    const R = schema("pbjet.test.edition2023.RepeatedEncoding");
    expect(hex(toBinary(R, create(R, { expandedInt32: [1, 2], packedInt32: [1, 2] })))).toBe("08010802" + "5a020102");
  });
  test("edition 2024: PACKED at file level, EXPANDED per field", () => {
    const E = schema("pbjet.test.edition2024.Encodings");
    expect(hex(toBinary(E, create(E, { packedInt32: [1, 2], expandedInt32: [1, 2] })))).toBe("0a020102" + "18011802");
  });
  test("edition 2024 presence", () => {
    const E = schema("pbjet.test.edition2024.Presence");
    const m = rec(create(E));
    expect(m.explicitString).toBe("2024");
    expect(m.explicitClosedEnum).toBe(6);
    expect(hex(toBinary(E, create(E, { explicitInt32: 0, implicitInt32: 0, implicitOpenEnum: 0 })))).toBe("0800");
    const R = schema("pbjet.test.edition2024.Required");
    expect(encodeError(R, create(R, { requiredInt32: 1 })).message).toContain("required_child");
  });
});

describe("resolved features on descriptors", () => {
  const f = (t: string, n: string) => schema(t).fields.find((x) => x.name === n)!;
  test.each([
    ["pbjet.test.edition2023.Presence", "explicit_int32", EXPLICIT],
    ["pbjet.test.edition2023.Presence", "implicit_int32", IMPLICIT],
    ["pbjet.test.edition2023.Presence", "explicit_spelled_uint32", EXPLICIT],
    ["pbjet.test.edition2023.LegacyRequired", "required_delimited", LEGACY_REQUIRED],
    ["pbjet.test.edition2023.delimited.Outer", "implicit_int32", IMPLICIT],
    ["pbjet.test.edition2023.delimited.Outer", "explicit_int32", EXPLICIT],
    ["pbjet.test.edition2024.Presence", "implicit_bytes", IMPLICIT],
    ["pbjet.test.edition2024.Required", "required_child", LEGACY_REQUIRED],
    ["pbjet.test.proto3.OptionalScalarValues", "int32_field", EXPLICIT],
    ["pbjet.test.proto3.ScalarValues", "int32_field", IMPLICIT],
    ["pbjet.test.proto2.RequiredFields", "required_int32", LEGACY_REQUIRED],
  ])("%s.%s presence %i", (t, n, presence) => {
    expect(f(t, n).presence).toBe(presence);
  });
  test.each([
    ["pbjet.test.edition2023.Utf8Validation", "verified", true],
    ["pbjet.test.edition2023.Utf8Validation", "not_verified", false],
    ["pbjet.test.edition2023.Utf8Validation", "repeated_not_verified", false],
    ["pbjet.test.edition2023.Utf8Validation", "implicit_not_verified", false],
    ["pbjet.test.edition2023.Utf8Validation", "map_string", true],
    ["pbjet.test.edition2024.Encodings", "unverified", false],
    ["pbjet.test.edition2024.LanguageFeatures", "cpp_view", true],
    ["pbjet.test.proto3.ScalarValues", "string_field", true],
    ["pbjet.test.proto2.OptionalScalars", "string_field", false],
  ])("%s.%s utf8Validation %s", (t, n, verify) => {
    expect(f(t, n).utf8Validation).toBe(verify);
  });
  test.each([
    ["pbjet.test.edition2023.ClosedEnum", false],
    ["pbjet.test.edition2023.OpenEnum", true],
    ["pbjet.test.edition2023.EnumFields.NestedClosed", false],
    ["pbjet.test.edition2024.ClosedEnum", false],
    ["pbjet.test.edition2024.OpenEnum", true],
    ["pbjet.test.proto2.Proto2Enum", false],
    ["pbjet.test.proto3.Proto3Enum", true],
  ])("%s open %s", (t, open) => {
    expect(registry().getEnum(t)!.open).toBe(open);
  });
});

// ---- Descriptors compared with the oracle, for everything in the corpus ----

/** The oracle's default for bytes_octal_hex drops `"` and `'` (a known oracle bug). */
const ORACLE_DEFAULT_BUG = "pbjet.test.proto2.DefaultScalars.bytes_octal_hex";

function fieldFacts(f: DescField | DescExtension | oracle.DescField | oracle.DescExtension, skipDefault: boolean): Record<string, unknown> {
  const a = f as Record<string, any>;
  const facts: Record<string, unknown> = {
    name: a.name,
    number: a.number,
    fieldKind: a.fieldKind,
    scalar: a.scalar,
    presence: a.presence,
    jsonName: a.jsonName,
    localName: a.localName,
    oneof: a.oneof?.localName,
    message: a.message?.typeName,
    enum: a.enum?.typeName,
    enumOpen: a.enum?.open,
  };
  switch (a.fieldKind) {
    case "list":
      Object.assign(facts, { listKind: a.listKind, packed: a.packed, longAsString: a.longAsString });
      // (The oracle leaves delimitedEncoding undefined on scalar lists, where it means nothing.)
      if (a.listKind === "message") facts.delimitedEncoding = a.delimitedEncoding;
      break;
    case "map":
      Object.assign(facts, { mapKind: a.mapKind, mapKey: a.mapKey });
      break;
    case "message":
      facts.delimitedEncoding = a.delimitedEncoding;
      break;
    case "scalar":
      facts.longAsString = a.longAsString;
      break;
  }
  if (!skipDefault && (a.fieldKind === "scalar" || a.fieldKind === "enum")) facts.defaultValue = a.getDefaultValue();
  if (a.kind === "extension") {
    // Extensions have no property of their own; the oracle has no localName for them.
    delete facts.localName;
    facts.extendee = a.extendee.typeName;
    facts.typeName = a.typeName;
  }
  return facts;
}

const ours = [...registry()];
// Our registry also holds the synthetic map entry messages (`...Int32Int32Entry`); the
// oracle's does not. They are compared through their map fields instead.
const messages = ours.filter((t): t is DescMessage => t.kind === "message" && t.proto.options?.mapEntry !== true);
const enums = ours.filter((t): t is DescEnum => t.kind === "enum");
const exts = ours.filter((t): t is DescExtension => t.kind === "extension");

test("the registry has messages from every corpus file", () => {
  for (const pkg of ["proto2", "proto3", "edition2023", "edition2023.delimited", "edition2024", "edge"]) {
    expect(messages.some((m) => m.typeName.startsWith(`pbjet.test.${pkg}.`))).toBe(true);
  }
  expect(messages.length).toBe([...oracleRegistry()].filter((t) => t.kind === "message").length);
});

describe.each(messages.map((m) => [m.typeName, m] as const))("message %s", (typeName, desc) => {
  test("fields match the oracle's: kind, scalar, presence, packed, delimited, names, defaults, enum open", () => {
    const theirs = oracleRegistry().getMessage(typeName)!;
    expect(theirs).toBeDefined();
    expect(desc.fields.map((f) => f.number)).toEqual(theirs.fields.map((f) => f.number));
    for (let i = 0; i < desc.fields.length; i++) {
      const skip = `${typeName}.${desc.fields[i].name}` === ORACLE_DEFAULT_BUG;
      expect(fieldFacts(desc.fields[i], skip)).toStrictEqual(fieldFacts(theirs.fields[i], skip));
    }
    expect(desc.oneofs.map((o) => [o.name, o.localName, o.fields.map((f) => f.number)])).toEqual(
      theirs.oneofs.map((o) => [o.name, o.localName, o.fields.map((f) => f.number)]),
    );
    expect(desc.members.map((m) => m.localName)).toEqual(theirs.members.map((m) => m.localName));
    expect(desc.nestedMessages.map((m) => m.typeName)).toEqual(theirs.nestedMessages.map((m) => m.typeName));
  });
});

test.each(exts.map((e) => [e.typeName, e] as const))("extension %s matches the oracle's", (typeName, ext) => {
  const theirs = oracleRegistry().getExtension(typeName)!;
  expect(fieldFacts(ext, false)).toStrictEqual(fieldFacts(theirs, false));
});

test.each(enums.map((e) => [e.typeName, e] as const))("enum %s matches the oracle's", (typeName, e) => {
  const theirs = oracleRegistry().getEnum(typeName)!;
  expect(e.open).toBe(theirs.open);
  expect(e.sharedPrefix).toBe(theirs.sharedPrefix);
  expect(e.values.map((v) => [v.name, v.localName, v.number])).toEqual(theirs.values.map((v) => [v.name, v.localName, v.number]));
});

describe("maps under a file-level DELIMITED message encoding", () => {
  const T = "pbjet.test.edition2023.delimited.MapEncodingMessage";
  const init = { ints: { 1: 2 }, messages: { k: { value: 3, inner: { value: 4 } } }, strings: { a: "b" } };

  test("entries are length-prefixed, as protobuf-es writes them", () => {
    const expected = oracleHex(T, init);
    // Field 78's entry is length-prefixed; only the message inside the value (Inner.inner) is delimited.
    expect(expected).toContain("f2040b0a016b120608031308");
    expect(hex(toBinary(schema(T), create(schema(T), init)))).toBe(expected);
  });

  test.each([{}, { lazy: true }, { lazy: true, validate: false }])("they decode (%j)", (options) => {
    const desc = schema(T);
    const back = fromBinary(desc, fromHex(oracleHex(T, init)), options);
    expect(hex(toBinary(desc, back))).toBe(oracleHex(T, init));
    expect((back as unknown as { messages: Record<string, { inner: { value: number } }> }).messages.k.inner.value).toBe(4);
  });
});
