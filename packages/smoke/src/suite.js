// The smoke suite of @pbjet/protobuf's public API. Plain ES2020 modules, written once: it runs
// unchanged on Node.js, Bun, Deno and in browsers (see main.js), and, bundled to CommonJS, with
// the runtime's CommonJS build.
//
// The suite takes the library as an argument (`lib`, see lib-esm.js), so that the same tests
// can run with the runtime's functions from one copy of the package and the schemas from
// another (dual.js: the dual-package hazard).
//
// Besides pass/fail, the suite records a digest of what it serialized (binary, JSON, text): the
// runner compares the digests of all targets, which must be identical.
import { assert, concat, createHarness, eq, fnv1a, fromHex, hex, rejects, throws } from "./harness.js";

const I64_MIN = -9223372036854775808n;
const I64_MAX = 9223372036854775807n;
const U64_MAX = 18446744073709551615n;

/**
 * Defines the tests on harness `t` for the library `lib`:
 *   lib.pb       the package root, `@pbjet/protobuf`
 *   lib.wkt      `@pbjet/protobuf/wkt`
 *   lib.reflect  `@pbjet/protobuf/reflect`
 *   lib.wire     `@pbjet/protobuf/wire`
 *   lib.txtpb    `@pbjet/protobuf/txtpb`
 *   lib.gen      { smoke, legacy, editions, fds }: the generated code of proto/
 * `digest` receives (label, bytes or string) for the cross-platform comparison.
 */
export function defineSuite(t, lib, digest = () => {}) {
  const { pb, wkt, wire, txtpb } = lib;
  const rf = lib.reflect;
  const { EverythingSchema, ScalarsSchema, InnerSchema, InnerV2Schema, BatchSchema, Color } = lib.gen.smoke;
  const { LegacySchema, Legacy_HeaderSchema, ext_note, ext_numbers } = lib.gen.legacy;
  const { NodeSchema } = lib.gen.editions;
  const { create, toBinary, fromBinary, equals } = pb;

  // The instant 2024-02-29T12:34:56.789Z.
  const instant = new Date(Date.UTC(2024, 1, 29, 12, 34, 56, 789));

  function makeEverything() {
    return create(EverythingSchema, {
      scalars: {
        fDouble: 0.1,
        fFloat: 1.5,
        fInt32: -42,
        fInt64: I64_MIN,
        fUint32: 4294967295,
        fUint64: U64_MAX,
        fSint32: -2147483648,
        fSint64: I64_MIN,
        fFixed32: 4294967295,
        fFixed64: U64_MAX,
        fSfixed32: -2147483648,
        fSfixed64: I64_MIN,
        fBool: true,
        fString: "héllo ☃ 😀",
        fBytes: new Uint8Array([0, 1, 254, 255]),
        fEnum: Color.BLUE,
        fInt64Str: "-123456789012345678",
        optInt32: 0,
        optString: "",
      },
      inner: { name: "in", n: 150 },
      rInt32: [1, -1, 2147483647],
      rInt64: [0n, -1n, I64_MAX],
      rDouble: [1.5, -0, Number.POSITIVE_INFINITY],
      rString: ["a", "", "ü"],
      rBytes: [new Uint8Array(0), new Uint8Array([7])],
      rEnum: [Color.RED, Color.BLUE, Color.UNSPECIFIED],
      rInner: [{ name: "r0" }, { n: -1 }],
      rSint64Unpacked: [-1n, 1n, I64_MIN],
      mStringInt32: { a: 1, "": -1, ü: 2 },
      mInt64Inner: { "-5": { name: "neg" }, "9223372036854775807": { name: "max", n: 3 } },
      mBoolEnum: { true: Color.RED, false: Color.GREEN },
      mUint32Bytes: { 4294967295: new Uint8Array([1, 2]) },
      mStringString: { k: "v" },
      choice: { case: "cInner", value: { name: "oneof", n: 9 } },
      ts: wkt.timestampFromDate(instant),
      dur: { seconds: 1n, nanos: 500000000 },
      any: wkt.anyPack(InnerSchema, create(InnerSchema, { name: "packed", n: 7 })),
      st: { a: 1, b: [true, null, "x"], c: { d: "e" } },
      val: wkt.valueFromJson([1, "two", { three: 3 }]),
      wInt64: 123n,
      wString: "w",
      mask: { paths: ["f_int32", "scalars.f_bool"] },
      rAny: [wkt.anyPack(wkt.TimestampSchema, wkt.timestampFromMs(0))],
      child: { inner: { name: "child" }, choice: { case: "cInt64", value: -2n } },
    });
  }

  const registry = pb.createRegistry(lib.gen.smoke.file_smoke_v1_smoke, lib.gen.legacy.file_smoke_v1_legacy, wkt.TimestampSchema);

  t.describe("binary", () => {
    t.test("scalars encode to the expected bytes", () => {
      eq(hex(toBinary(InnerSchema, create(InnerSchema, { name: "a", n: 150 }))), "0a01611096 01".replace(" ", ""), "Inner");
      const cases = [
        [{ fInt64: -1n }, "20ffffffffffffffffff01"],
        [{ fSint64: -1n }, "4001"],
        [{ fSint64: I64_MIN }, "40ffffffffffffffffff01"],
        [{ fFixed64: U64_MAX }, "51ffffffffffffffff"],
        [{ fSfixed64: I64_MIN }, "610000000000000080"],
        [{ fFloat: 1.5 }, "150000c03f"],
        [{ fDouble: 0.1 }, "099a9999999999b93f"],
        [{ fUint64: U64_MAX }, "30ffffffffffffffffff01"],
        [{ fInt32: -1 }, "18ffffffffffffffffff01"],
        [{ fEnum: Color.BLUE }, "80 01 fdffffffffffffffff01".replace(" ", "").replace(" ", "")],
        [{ fString: "é" }, "7202c3a9"],
        [{ fInt64Str: "5" }, "880105"],
        [{ optInt32: 0 }, "900100"],
      ];
      for (const [init, expected] of cases) {
        eq(hex(toBinary(ScalarsSchema, create(ScalarsSchema, init))), expected, `toBinary(Scalars ${Object.keys(init)[0]})`);
      }
    });

    t.test("every field kind round-trips", () => {
      const msg = makeEverything();
      const bytes = toBinary(EverythingSchema, msg);
      digest("binary Everything", bytes);
      const back = fromBinary(EverythingSchema, bytes);
      assert(equals(EverythingSchema, msg, back), "equals(original, decoded)");
      eq(hex(toBinary(EverythingSchema, back)), hex(bytes), "re-encoded bytes");
      const s = back.scalars;
      eq(s.fInt64, I64_MIN, "fInt64");
      eq(s.fUint64, U64_MAX, "fUint64");
      eq(s.fSint64, I64_MIN, "fSint64");
      eq(s.fFixed64, U64_MAX, "fFixed64");
      eq(s.fSfixed64, I64_MIN, "fSfixed64");
      eq(typeof s.fInt64, "bigint", "typeof fInt64");
      eq(s.fInt64Str, "-123456789012345678", "fInt64Str (jstype = JS_STRING)");
      eq(s.fFloat, 1.5, "fFloat");
      eq(s.fDouble, 0.1, "fDouble");
      eq(s.fString, "héllo ☃ 😀", "fString");
      eq(s.fBytes, new Uint8Array([0, 1, 254, 255]), "fBytes");
      eq(s.fEnum, -3, "fEnum");
      eq(s.optInt32, 0, "optInt32 (proto3 optional, set to zero)");
      assert(pb.isFieldSet(back.scalars, ScalarsSchema.field.optString), "optString is set");
      eq(back.rInt64, [0n, -1n, I64_MAX], "rInt64");
      eq(back.rDouble, [1.5, -0, Number.POSITIVE_INFINITY], "rDouble");
      assert(Object.is(back.rDouble[1], -0), "-0 keeps its sign");
      eq(back.rSint64Unpacked, [-1n, 1n, I64_MIN], "rSint64Unpacked");
      eq(
        back.rInner.map((i) => [i.name, i.n]),
        [
          ["r0", 0],
          ["", -1],
        ],
        "rInner",
      );
      eq(back.mStringInt32, { a: 1, "": -1, ü: 2 }, "mStringInt32");
      eq(Object.keys(back.mInt64Inner).sort(), ["-5", "9223372036854775807"], "mInt64Inner keys");
      eq(back.mInt64Inner["9223372036854775807"].n, 3, "mInt64Inner value");
      eq(back.mBoolEnum, { true: Color.RED, false: Color.GREEN }, "mBoolEnum");
      eq(back.mUint32Bytes["4294967295"], new Uint8Array([1, 2]), "mUint32Bytes");
      eq(back.choice.case, "cInner", "choice.case");
      eq(back.choice.value.name, "oneof", "choice.value.name");
      eq(back.child.choice, { case: "cInt64", value: -2n }, "child.choice");
      eq(back.st, { a: 1, b: [true, null, "x"], c: { d: "e" } }, "Struct field");
      eq(back.wInt64, 123n, "Int64Value field (unboxed)");
      eq(back.wString, "w", "StringValue field (unboxed)");
      eq(back.mask.paths, ["f_int32", "scalars.f_bool"], "FieldMask");
      eq(back.ts.seconds, BigInt(Math.floor(instant.getTime() / 1000)), "Timestamp.seconds");
      eq(back.ts.nanos, 789000000, "Timestamp.nanos");
    });

    t.test("NaN round-trips", () => {
      const back = fromBinary(ScalarsSchema, toBinary(ScalarsSchema, create(ScalarsSchema, { fDouble: Number.NaN, fFloat: Number.NaN })));
      assert(Number.isNaN(back.fDouble) && Number.isNaN(back.fFloat), "NaN");
    });

    t.test("packed and unpacked repeated fields are both accepted", () => {
      // r_int32 (10) packed: 52 03 01 02 03; the same values unpacked: 50 01 50 02 50 03.
      eq(fromBinary(EverythingSchema, fromHex("5203010203")).rInt32, [1, 2, 3], "packed");
      eq(fromBinary(EverythingSchema, fromHex("500150025003")).rInt32, [1, 2, 3], "unpacked");
      eq(hex(toBinary(EverythingSchema, create(EverythingSchema, { rInt32: [1, 2, 3] }))), "5203010203", "proto3 writes packed");
      eq(
        hex(toBinary(EverythingSchema, create(EverythingSchema, { rSint64Unpacked: [1n, -1n] }))),
        "88010288 0101".replace(" ", ""),
        "[packed = false]",
      );
    });

    t.test("oneof: the last member on the wire wins", () => {
      // c_string (30) = "x", then c_int64 (31) = 5
      const msg = fromBinary(EverythingSchema, fromHex("f20101 78 f80105".replace(/ /g, "")));
      eq(msg.choice, { case: "cInt64", value: 5n }, "choice");
      const msg2 = create(EverythingSchema, { choice: { case: "cEnum", value: Color.GREEN } });
      eq(fromBinary(EverythingSchema, toBinary(EverythingSchema, msg2)).choice, { case: "cEnum", value: Color.GREEN }, "cEnum round-trip");
    });

    t.test("unknown fields are kept and written back", () => {
      const v2 = create(InnerV2Schema, { name: "n", n: 1, extra: "more", more: [1n, U64_MAX] });
      const bytes = toBinary(InnerV2Schema, v2);
      const inner = fromBinary(InnerSchema, bytes);
      eq(inner.name, "n", "name");
      assert(Array.isArray(inner.$unknown) && inner.$unknown.length > 0, "$unknown holds the unknown fields");
      eq(hex(toBinary(InnerSchema, inner)), hex(bytes), "written back");
      eq(
        hex(toBinary(InnerSchema, inner, { writeUnknownFields: false })),
        hex(toBinary(InnerSchema, create(InnerSchema, { name: "n", n: 1 }))),
        "writeUnknownFields: false",
      );
      const dropped = fromBinary(InnerSchema, bytes, { readUnknownFields: false });
      assert(dropped.$unknown === undefined || dropped.$unknown.length === 0, "readUnknownFields: false");
    });

    t.test("proto2: groups, defaults, required, extensions", () => {
      const msg = create(LegacySchema, {
        id: "L1",
        header: { title: "t", stamp: -7n },
        line: [{ no: 1, text: "one" }, { no: 2 }],
        unpacked: [1, 2],
      });
      eq(msg.count, 7, "default of count");
      eq(msg.label, "none", "default of label");
      assert(!pb.isFieldSet(msg, LegacySchema.field.count), "count is not set");
      pb.setExtension(msg, ext_note, "a note");
      pb.setExtension(msg, ext_numbers, [1n, -1n]);
      const bytes = toBinary(LegacySchema, msg);
      digest("binary Legacy", bytes);
      const h = hex(bytes);
      // Header is group 4: start tag 0x23, end tag 0x24; Line is group 7: 0x3b ... 0x3c.
      assert(h.includes("23") && h.includes("24") && h.includes("3b") && h.includes("3c"), `group tags in ${h}`);
      assert(h.startsWith("0a024c31"), `id first: ${h}`);
      eq(hex(toBinary(Legacy_HeaderSchema, create(Legacy_HeaderSchema, { title: "t" }))), "2a0174", "Header alone");
      const back = fromBinary(LegacySchema, bytes);
      assert(equals(LegacySchema, msg, back), "equals after round-trip");
      eq(back.header.stamp, -7n, "header.stamp");
      eq(
        back.line.map((l) => l.text),
        ["one", ""],
        "line texts",
      );
      eq(back.unpacked, [1, 2], "proto2 repeated int32 (unpacked)");
      assert(h.includes("50015002"), `proto2 repeated scalars are unpacked: ${h}`);
      eq(pb.getExtension(back, ext_note), "a note", "extension ext_note");
      eq(pb.getExtension(back, ext_numbers), [1n, -1n], "extension ext_numbers");
      assert(pb.hasExtension(back, ext_note), "hasExtension");
      pb.clearExtension(back, ext_note);
      assert(!pb.hasExtension(back, ext_note), "clearExtension");
      // A required field that is not set is reported when writing.
      throws(
        () => toBinary(LegacySchema, create(LegacySchema, { count: 1 })),
        (e) => /id/.test(e.message),
        "toBinary without required id",
      );
    });

    t.test("editions: delimited (group) encoding", () => {
      const node = create(NodeSchema, {
        name: "root",
        left: { name: "l", weight: 0 },
        kids: [{ name: "k1" }, { name: "k2", tags: [1n, U64_MAX] }],
        weight: 3,
      });
      const bytes = toBinary(NodeSchema, node);
      digest("binary Node", bytes);
      const h = hex(bytes);
      // left (2) delimited: 0x13 ... 0x14; kids (3): 0x1b ... 0x1c; weight explicit 0 is written (20 00).
      assert(h.startsWith("0a04726f6f74130a016c2000141b"), `left as a group: ${h}`);
      assert(h.includes("1b0a026b311c"), `kids as groups: ${h}`);
      const back = fromBinary(NodeSchema, bytes);
      assert(equals(NodeSchema, node, back), "equals");
      assert(pb.isFieldSet(back.left, NodeSchema.field.weight), "explicit presence: weight 0 is set");
      eq(back.kids[1].tags, [1n, U64_MAX], "expanded repeated uint64");
    });

    t.test("clone, equals, isMessage, mergeFromBinary, clearField", () => {
      const msg = makeEverything();
      const copy = pb.clone(EverythingSchema, msg);
      assert(copy !== msg && copy.scalars !== msg.scalars, "clone is deep");
      assert(equals(EverythingSchema, msg, copy), "equals(clone)");
      copy.scalars.fInt64 = 1n;
      assert(!equals(EverythingSchema, msg, copy), "not equal after a change");
      assert(pb.isMessage(msg), "isMessage");
      assert(pb.isMessage(msg, EverythingSchema), "isMessage with schema");
      assert(!pb.isMessage(msg, InnerSchema), "isMessage with another schema");
      assert(!pb.isMessage({ name: "x" }), "isMessage of a plain object");
      eq(msg.$typeName, "smoke.v1.Everything", "$typeName");
      const target = create(InnerSchema, { name: "keep", n: 1 });
      pb.mergeFromBinary(InnerSchema, target, toBinary(InnerSchema, create(InnerSchema, { n: 2 })));
      eq([target.name, target.n], ["keep", 2], "mergeFromBinary");
      pb.clearField(target, InnerSchema.field.name);
      eq(target.name, "", "clearField");
    });

    t.test("protoInt64", () => {
      eq(pb.protoInt64.parse("-9223372036854775808"), I64_MIN, "parse");
      eq(pb.protoInt64.uParse("18446744073709551615"), U64_MAX, "uParse");
      assert(pb.protoInt64.supported, "bigint supported");
      throws(() => pb.protoInt64.parse("9223372036854775808"), undefined, "parse out of range");
    });
  });

  t.describe("JSON", () => {
    t.test("toJson of every field kind", () => {
      const json = pb.toJson(EverythingSchema, makeEverything(), { registry });
      digest("json Everything", JSON.stringify(json));
      const s = json.scalars;
      eq(s.fInt64, "-9223372036854775808", "int64 as a string");
      eq(s.fUint64, "18446744073709551615", "uint64 as a string");
      eq(s.fBytes, "AAH+/w==", "bytes as base64");
      eq(s.fEnum, "COLOR_BLUE", "enum as its name");
      eq(s.fInt64Str, "-123456789012345678", "JS_STRING int64");
      eq(s.optInt32, 0, "proto3 optional zero is written");
      eq(s.fFloat, 1.5, "float");
      eq(json.rDouble, [1.5, -0, "Infinity"], "repeated double");
      eq(json.mInt64Inner["-5"], { name: "neg" }, "int64 map key");
      eq(json.mBoolEnum, { true: "COLOR_RED", false: "COLOR_GREEN" }, "bool map keys");
      eq(json.cInner, { name: "oneof", n: 9 }, "oneof member");
      eq(json.ts, "2024-02-29T12:34:56.789Z", "Timestamp");
      eq(json.dur, "1.500s", "Duration");
      eq(json.any, { "@type": "type.googleapis.com/smoke.v1.Inner", name: "packed", n: 7 }, "Any");
      eq(json.rAny, [{ "@type": "type.googleapis.com/google.protobuf.Timestamp", value: "1970-01-01T00:00:00Z" }], "Any of a WKT");
      eq(json.st, { a: 1, b: [true, null, "x"], c: { d: "e" } }, "Struct");
      eq(json.val, [1, "two", { three: 3 }], "Value");
      eq(json.wInt64, "123", "Int64Value");
      eq(json.wString, "w", "StringValue");
      eq(json.mask, "fInt32,scalars.fBool", "FieldMask");
      eq(json.child, { inner: { name: "child" }, cInt64: "-2" }, "child");
    });

    t.test("fromJson round-trip and options", () => {
      const msg = makeEverything();
      const str = pb.toJsonString(EverythingSchema, msg, { registry });
      const back = pb.fromJsonString(EverythingSchema, str, { registry });
      assert(equals(EverythingSchema, msg, back), "equals after toJsonString/fromJsonString");
      eq(pb.toJsonString(EverythingSchema, back, { registry }), str, "stable");
      const pretty = pb.toJsonString(InnerSchema, create(InnerSchema, { name: "p" }), { prettySpaces: 2 });
      eq(pretty, '{\n  "name": "p"\n}', "prettySpaces");
      eq(pb.toJson(InnerSchema, create(InnerSchema), { alwaysEmitImplicit: true }), { name: "", n: 0 }, "alwaysEmitImplicit");
      eq(
        pb.toJson(ScalarsSchema, create(ScalarsSchema, { fEnum: Color.RED, fInt32: 1 }), { enumAsInteger: true, useProtoFieldName: true }),
        { f_int32: 1, f_enum: 1 },
        "enumAsInteger, useProtoFieldName",
      );
      eq(pb.fromJson(ScalarsSchema, { f_int64: "5", fEnum: 2, fDouble: "NaN", fBytes: "-_8" }).fInt64, 5n, "proto name, numbers as strings");
      eq(pb.fromJson(ScalarsSchema, { fBytes: "-_8" }).fBytes, new Uint8Array([251, 255]), "base64url");
      eq(pb.fromJson(InnerSchema, { name: "x", nope: 1 }, { ignoreUnknownFields: true }).name, "x", "ignoreUnknownFields");
      eq(pb.enumToJson(lib.gen.smoke.ColorSchema, Color.BLUE), "COLOR_BLUE", "enumToJson");
      eq(pb.enumFromJson(lib.gen.smoke.ColorSchema, "COLOR_GREEN"), Color.GREEN, "enumFromJson");
    });

    t.test("proto2 and editions JSON", () => {
      const msg = create(LegacySchema, { id: "x", header: { title: "h" }, line: [{ no: 1 }] });
      pb.setExtension(msg, ext_note, "n");
      const json = pb.toJson(LegacySchema, msg, { registry });
      eq(json, { id: "x", header: { title: "h" }, line: [{ no: 1 }], "[smoke.v1.ext_note]": "n" }, "Legacy");
      const back = pb.fromJson(LegacySchema, json, { registry });
      assert(equals(LegacySchema, msg, back), "equals");
      eq(pb.toJson(NodeSchema, create(NodeSchema, { left: { weight: 0 } })), { left: { weight: 0 } }, "explicit presence zero");
    });

    t.test("long bytes from JSON text: decoded exactly, bad characters rejected", () => {
      // Values above 64 bytes take the runtime's native base64 decoder where it has one.
      for (const n of [65, 300, 2048, 5000]) {
        const bytes = new Uint8Array(n);
        for (let i = 0; i < n; i++) bytes[i] = (i * 37 + n) & 255;
        const text = pb.toJsonString(ScalarsSchema, create(ScalarsSchema, { fBytes: bytes }));
        eq(hex(pb.fromJsonString(ScalarsSchema, text).fBytes), hex(bytes), `${n} bytes`);
        const b64 = JSON.parse(text).fBytes;
        for (const bad of ["\u0141", "!", " ", "=", "\u00e9"]) {
          const at = b64.length >> 1;
          const broken = JSON.stringify({ fBytes: b64.slice(0, at) + bad + b64.slice(at + 1) });
          throws(() => pb.fromJsonString(ScalarsSchema, broken), pb.JsonDecodeError, `${n} bytes with ${JSON.stringify(bad)}`);
        }
      }
    });

    t.test("bad JSON throws JsonDecodeError", () => {
      const e1 = throws(() => pb.fromJson(ScalarsSchema, { fInt32: "abc" }), pb.JsonDecodeError, "fInt32: abc");
      assert(e1 instanceof pb.ProtobufError, "a ProtobufError");
      assert(/fInt32|f_int32/.test(e1.message), `names the field: ${e1.message}`);
      throws(() => pb.fromJsonString(InnerSchema, '{"name": '), pb.JsonDecodeError, "truncated JSON text");
      throws(() => pb.fromJson(InnerSchema, { nope: 1 }), pb.JsonDecodeError, "unknown field");
      throws(() => pb.fromJson(ScalarsSchema, { fEnum: "COLOR_PURPLE" }), pb.JsonDecodeError, "unknown enum name");
      throws(() => pb.fromJson(EverythingSchema, { ts: "2024-13-01T00:00:00Z" }), pb.JsonDecodeError, "bad Timestamp");
      throws(
        () => pb.fromJson(EverythingSchema, { any: { "@type": "type.googleapis.com/smoke.v1.Nope" } }, { registry }),
        pb.JsonDecodeError,
        "Any of an unknown type",
      );
      throws(
        () => pb.toJson(EverythingSchema, create(EverythingSchema, { any: wkt.anyPack(InnerSchema, create(InnerSchema)) })),
        pb.JsonEncodeError,
        "Any without a registry",
      );
    });
  });

  t.describe("text format", () => {
    t.test("toText / fromText round-trip", () => {
      const msg = makeEverything();
      const text = pb.toText(EverythingSchema, msg, { registry });
      digest("text Everything", text);
      assert(text.includes("f_int64: -9223372036854775808"), `int64 in text:\n${text}`);
      assert(text.includes('f_string: "h'), "string in text");
      assert(text.includes("f_enum: COLOR_BLUE"), "enum in text");
      assert(text.includes("[type.googleapis.com/smoke.v1.Inner]"), "expanded Any");
      const back = pb.fromText(EverythingSchema, text, { registry });
      assert(equals(EverythingSchema, msg, back), "equals after round-trip");
      eq(txtpb.toText, pb.toText, "@pbjet/protobuf/txtpb exports the same toText");
      eq(pb.toText(InnerSchema, create(InnerSchema, { name: "a", n: 1 }), { singleLine: true }).trim(), 'name: "a" n: 1', "singleLine");
    });

    t.test("text format of groups and extensions", () => {
      const msg = create(LegacySchema, { id: "g", header: { title: "h" }, line: [{ no: 1 }] });
      pb.setExtension(msg, ext_note, "n");
      const text = pb.toText(LegacySchema, msg, { registry });
      digest("text Legacy", text);
      assert(/Header: \{/.test(text) && /Line: \{/.test(text), `groups by type name:\n${text}`);
      assert(text.includes("[smoke.v1.ext_note]"), `extension:\n${text}`);
      const back = pb.fromText(LegacySchema, text, { registry });
      assert(equals(LegacySchema, msg, back), "equals");
    });

    t.test("bad text throws TextDecodeError", () => {
      const e = throws(() => pb.fromText(InnerSchema, 'name: "x"\nn: "not a number"'), pb.TextDecodeError, "bad text");
      assert(e instanceof pb.ProtobufError, "a ProtobufError");
      throws(() => pb.fromText(InnerSchema, "nope: 1"), pb.TextDecodeError, "unknown field");
    });
  });

  t.describe("lazy views", () => {
    function batchBytes() {
      // Not canonical on purpose: label (2) before items (1), which toBinary of an ordinary
      // message would reorder. A view's toBinary copies the input as it is.
      const items = create(BatchSchema, { items: [makeEverything(), create(EverythingSchema, { inner: { name: "second", n: 2 } })] });
      return concat(toBinary(BatchSchema, create(BatchSchema, { label: "batch" })), toBinary(BatchSchema, items));
    }

    t.test("read a view, pass it through", () => {
      const input = batchBytes();
      const view = fromBinary(BatchSchema, input, { lazy: true });
      assert(pb.isLazyMessage(view), "isLazyMessage(view)");
      assert(!pb.isLazyMessage(create(BatchSchema)), "isLazyMessage(ordinary)");
      assert(pb.isMessage(view, BatchSchema), "isMessage(view)");
      eq(view.label, "batch", "label");
      eq(view.items.length, 2, "items.length");
      eq(view.items[1].inner.name, "second", "items[1].inner.name");
      eq(view.items[0].scalars.fInt64, I64_MIN, "items[0].scalars.fInt64");
      eq(view.items[0].mInt64Inner["-5"].name, "neg", "map value of a view");
      eq(view.items[0].choice.case, "cInner", "oneof of a view");
      eq(hex(toBinary(BatchSchema, view)), hex(input), "toBinary(view) copies the input");
      eq(
        hex(toBinary(EverythingSchema, view.items[1])),
        hex(toBinary(EverythingSchema, create(EverythingSchema, { inner: { name: "second", n: 2 } }))),
        "sub-view",
      );
      const eager = fromBinary(BatchSchema, input);
      assert(!pb.isLazyMessage(eager), "eager decode is not a view");
      assert(equals(BatchSchema, view, eager), "equals(view, eager)");
      eq(pb.toJsonString(BatchSchema, view, { registry }), pb.toJsonString(BatchSchema, eager, { registry }), "toJson of a view");
      eq(pb.toText(BatchSchema, view, { registry }), pb.toText(BatchSchema, eager, { registry }), "toText of a view");
    });

    t.test("views take writes; toMutable and materialize", () => {
      const input = batchBytes();
      const written = fromBinary(BatchSchema, input, { lazy: true });
      const eagerWritten = fromBinary(BatchSchema, input);
      for (const msg of [written, eagerWritten]) {
        msg.label = "changed";
        msg.items.push(create(EverythingSchema));
        msg.items[1].inner.name = "renamed";
      }
      assert(pb.isLazyMessage(written), "still a view after writes");
      eq(hex(toBinary(BatchSchema, written)), hex(toBinary(BatchSchema, eagerWritten)), "toBinary of a written view");
      // The untouched first item is still copied as its bytes.
      const first = hex(toBinary(EverythingSchema, fromBinary(BatchSchema, input, { lazy: true }).items[0]));
      assert(hex(toBinary(BatchSchema, written)).includes(first), "untouched sub-view copied");
      const view = fromBinary(BatchSchema, input, { lazy: true });
      const m = pb.toMutable(BatchSchema, view);
      assert(!pb.isLazyMessage(m), "toMutable gives an ordinary message");
      m.label = "changed";
      m.items = [m.items[1]];
      const out = fromBinary(BatchSchema, toBinary(BatchSchema, m));
      eq(out.label, "changed", "label after toMutable");
      eq(out.items.length, 1, "items after toMutable");
      eq(out.items[0].inner.name, "second", "kept item");
      const full = pb.materialize(BatchSchema, fromBinary(BatchSchema, input, { lazy: true }));
      assert(!pb.isLazyMessage(full) && equals(BatchSchema, full, fromBinary(BatchSchema, input)), "materialize");
      const c = pb.clone(BatchSchema, view);
      assert(!pb.isLazyMessage(c), "clone of a view is ordinary");
      c.label = "ok";
    });

    t.test("lazy decode validates up front", () => {
      const input = batchBytes();
      const e = throws(() => fromBinary(BatchSchema, input.subarray(0, input.length - 3), { lazy: true }), pb.BinaryDecodeError, "truncated input");
      eq(typeof e.offset, "number", "offset");
    });
  });

  t.describe("reflection", () => {
    t.test("reflect: get, set, isSet, clear, lists, maps, oneofs", () => {
      const msg = makeEverything();
      const r = rf.reflect(EverythingSchema, msg);
      assert(rf.isReflectMessage(r), "isReflectMessage");
      eq(r.desc.typeName, "smoke.v1.Everything", "desc");
      const F = EverythingSchema.field;
      const scalars = r.get(F.scalars);
      assert(rf.isReflectMessage(scalars), "message field gives a ReflectMessage");
      eq(scalars.get(ScalarsSchema.field.fInt64), I64_MIN, "get int64");
      scalars.set(ScalarsSchema.field.fInt64, 5n);
      eq(msg.scalars.fInt64, 5n, "set int64 writes through");
      eq(scalars.get(ScalarsSchema.field.fInt64Str), -123456789012345678n, "JS_STRING field read as bigint");
      const list = r.get(F.rInt64);
      assert(rf.isReflectList(list), "isReflectList");
      eq(list.size, 3, "list size");
      list.add(9n);
      eq(msg.rInt64[3], 9n, "list add");
      const map = r.get(F.mStringInt32);
      assert(rf.isReflectMap(map), "isReflectMap");
      eq(map.get("a"), 1, "map get");
      map.set("z", 26);
      eq(msg.mStringInt32.z, 26, "map set");
      const oneof = EverythingSchema.oneofs[0];
      eq(r.oneofCase(oneof)?.name, "c_inner", "oneofCase");
      r.set(F.cString, "s");
      eq(msg.choice, { case: "cString", value: "s" }, "set a oneof member");
      assert(r.isSet(F.ts), "isSet");
      r.clear(F.ts);
      assert(!r.isSet(F.ts) && msg.ts === undefined, "clear");
      const err = throws(() => r.set(F.rInt32, "nope"), rf.FieldError, "set a list field to a string");
      assert(rf.isFieldError(err), "isFieldError");
      throws(() => scalars.set(ScalarsSchema.field.fInt32, 2 ** 40), rf.FieldError, "int32 out of range");
      eq(r.findNumber(50)?.name, "child", "findNumber");
      eq(r.sortedFields.map((f) => f.number).slice(0, 3), [1, 2, 10], "sortedFields");
    });

    t.test("descriptors and scalar helpers", () => {
      eq(EverythingSchema.typeName, "smoke.v1.Everything", "typeName");
      eq(EverythingSchema.field.mInt64Inner.fieldKind, "map", "map fieldKind");
      eq(EverythingSchema.field.mInt64Inner.mapKey, rf.ScalarType.INT64, "mapKey");
      eq(EverythingSchema.field.rInner.listKind, "message", "listKind");
      eq(ScalarsSchema.field.fEnum.enum.typeName, "smoke.v1.Color", "enum field");
      eq(LegacySchema.field.header.delimitedEncoding, true, "group is delimited");
      eq(NodeSchema.field.left.delimitedEncoding, true, "DELIMITED feature");
      eq(lib.gen.legacy.file_smoke_v1_legacy.edition, rf.Edition.EDITION_PROTO2, "proto2 edition");
      eq(rf.scalarZeroValue(rf.ScalarType.INT64, false), 0n, "scalarZeroValue");
      assert(rf.scalarEquals(rf.ScalarType.BYTES, new Uint8Array([1]), new Uint8Array([1])), "scalarEquals bytes");
      eq(rf.protoCamelCase("f_int64_str"), "fInt64Str", "protoCamelCase");
    });
  });

  t.describe("registries", () => {
    function loadSet() {
      const bytes = wire.base64Decode(lib.gen.fds);
      return pb.createFileRegistry(fromBinary(wkt.FileDescriptorSetSchema, bytes));
    }

    t.test("createFileRegistry from a FileDescriptorSet, dynamic messages", () => {
      const reg = loadSet();
      const Dyn = reg.getMessage("smoke.v1.Everything");
      assert(Dyn !== undefined, "getMessage");
      assert(Dyn !== EverythingSchema, "a schema of its own");
      eq(reg.getEnum("smoke.v1.Color")?.values.length, 4, "getEnum");
      assert(reg.getFile("smoke/v1/legacy.proto") !== undefined, "getFile");
      assert(reg.getExtension("smoke.v1.ext_note") !== undefined, "getExtension");
      eq(reg.getMessage("google.protobuf.Timestamp")?.typeName, "google.protobuf.Timestamp", "imports are in the set");
      const bytes = toBinary(EverythingSchema, makeEverything());
      const dyn = fromBinary(Dyn, bytes);
      eq(dyn.$typeName, "smoke.v1.Everything", "$typeName");
      eq(dyn.scalars.fUint64, U64_MAX, "a field of the dynamic message");
      eq(dyn.choice.case, "cInner", "oneof of the dynamic message");
      eq(hex(toBinary(Dyn, dyn)), hex(bytes), "same bytes as generated code");
      const dynRegistry = pb.createRegistry(reg);
      eq(
        pb.toJsonString(Dyn, dyn, { registry: dynRegistry }),
        pb.toJsonString(EverythingSchema, makeEverything(), { registry }),
        "same JSON as generated code",
      );
      eq(pb.toText(Dyn, dyn, { registry: dynRegistry }), pb.toText(EverythingSchema, makeEverything(), { registry }), "same text as generated code");
      const made = create(Dyn, { inner: { name: "dyn" }, mStringInt32: { k: 1 } });
      eq(fromBinary(EverythingSchema, toBinary(Dyn, made)).inner.name, "dyn", "create with a dynamic schema");
      const Legacy = reg.getMessage("smoke.v1.Legacy");
      eq(
        fromBinary(Legacy, toBinary(LegacySchema, create(LegacySchema, { id: "d", header: { title: "t" } }))).header.title,
        "t",
        "groups in a dynamic schema",
      );
    });

    t.test("createRegistry and Any", () => {
      eq(registry.getMessage("smoke.v1.Inner"), InnerSchema, "getMessage");
      eq(registry.getMessage("smoke.v1.Nope"), undefined, "unknown name");
      const any = wkt.anyPack(InnerSchema, create(InnerSchema, { name: "x" }));
      eq(any.typeUrl, "type.googleapis.com/smoke.v1.Inner", "typeUrl");
      assert(wkt.anyIs(any, InnerSchema) && wkt.anyIs(any, "smoke.v1.Inner"), "anyIs");
      assert(!wkt.anyIs(any, ScalarsSchema), "anyIs another type");
      const un = wkt.anyUnpack(any, registry);
      assert(pb.isMessage(un, InnerSchema) && un.name === "x", "anyUnpack with a registry");
      eq(wkt.anyUnpack(any, InnerSchema).name, "x", "anyUnpack with a schema");
      eq(wkt.anyUnpack(any, ScalarsSchema), undefined, "anyUnpack to another type");
      const into = create(InnerSchema, { n: 4 });
      wkt.anyUnpackTo(any, InnerSchema, into);
      eq([into.name, into.n], ["x", 4], "anyUnpackTo merges");
      eq(wkt.anyTypeName("type.googleapis.com/a.B"), "a.B", "anyTypeName");
    });
  });

  t.describe("size-delimited streams", () => {
    const items = () => [create(InnerSchema, { name: "one", n: 1 }), create(InnerSchema), create(InnerSchema, { name: "x".repeat(300), n: -1 })];

    async function* chunked(bytes, sizes) {
      let o = 0;
      let i = 0;
      while (o < bytes.length) {
        const n = sizes[i++ % sizes.length];
        yield bytes.subarray(o, o + n);
        o += n;
        await Promise.resolve();
      }
    }

    t.test("encode, peek, decode from chunks", async () => {
      const msgs = items();
      const stream = concat(...msgs.map((m) => pb.sizeDelimitedEncode(InnerSchema, m)));
      digest("size-delimited Inner", stream);
      eq(hex(pb.sizeDelimitedEncode(InnerSchema, msgs[0])), "070a036f6e651001", "first frame");
      eq(pb.sizeDelimitedPeek(stream), { eof: false, size: 7, offset: 1 }, "peek");
      eq(pb.sizeDelimitedPeek(new Uint8Array([0x80])).eof, true, "peek of an incomplete prefix");
      for (const sizes of [[1], [2, 5], [stream.length], [4096]]) {
        const got = [];
        for await (const m of pb.sizeDelimitedDecodeStream(InnerSchema, chunked(stream, sizes))) got.push(m);
        eq(got.length, 3, `count with chunks of ${sizes}`);
        assert(
          got.every((m, i) => equals(InnerSchema, m, msgs[i])),
          `messages with chunks of ${sizes}`,
        );
      }
      eq(wire.sizeDelimitedEncode, pb.sizeDelimitedEncode, "also exported from /wire");
    });

    t.test("decode from a web ReadableStream", async () => {
      const msgs = items();
      const stream = concat(...msgs.map((m) => pb.sizeDelimitedEncode(InnerSchema, m)));
      const rs = new ReadableStream({
        start(c) {
          c.enqueue(stream.subarray(0, 3));
          c.enqueue(stream.subarray(3));
          c.close();
        },
      });
      const got = [];
      for await (const m of pb.sizeDelimitedDecodeStream(InnerSchema, rs)) got.push(m);
      eq(
        got.map((m) => m.n),
        [1, 0, -1],
        "messages",
      );
    });

    t.test("a truncated stream rejects with BinaryDecodeError", async () => {
      const stream = concat(...items().map((m) => pb.sizeDelimitedEncode(InnerSchema, m)));
      const decode = async () => {
        for await (const _ of pb.sizeDelimitedDecodeStream(InnerSchema, chunked(stream.subarray(0, stream.length - 1), [5]))) {
          // drain
        }
      };
      await rejects(decode(), pb.BinaryDecodeError, "truncated stream");
      const tooBig = async () => {
        for await (const _ of pb.sizeDelimitedDecodeStream(InnerSchema, chunked(stream, [64]), { readMaxBytes: 100 })) {
          // drain
        }
      };
      await rejects(tooBig(), pb.BinaryDecodeError, "readMaxBytes");
    });
  });

  t.describe("well-known types", () => {
    t.test("Timestamp and Duration helpers", () => {
      const ts = wkt.timestampFromDate(instant);
      eq(ts.$typeName, "google.protobuf.Timestamp", "$typeName");
      eq([ts.seconds, ts.nanos], [1709210096n, 789000000], "timestampFromDate");
      eq(wkt.timestampDate(ts).toISOString(), "2024-02-29T12:34:56.789Z", "timestampDate");
      eq(wkt.timestampMs(ts), instant.getTime(), "timestampMs");
      eq(wkt.timestampFromMs(-1).seconds, -1n, "timestampFromMs before 1970 (seconds)");
      eq(wkt.timestampFromMs(-1).nanos, 999000000, "timestampFromMs before 1970 (nanos)");
      const now = wkt.timestampMs(wkt.timestampNow());
      assert(Math.abs(now - Date.now()) < 60000, "timestampNow");
      const d = wkt.durationFromMs(-1500);
      eq([d.seconds, d.nanos], [-1n, -500000000], "durationFromMs");
      eq(wkt.durationMs(d), -1500, "durationMs");
      eq(pb.toJson(wkt.TimestampSchema, wkt.timestampFromMs(1)), "1970-01-01T00:00:00.001Z", "Timestamp JSON");
      eq(pb.toJson(wkt.DurationSchema, d), "-1.500s", "Duration JSON");
      throws(
        () => pb.toJson(wkt.TimestampSchema, create(wkt.TimestampSchema, { seconds: 253402300800n })),
        pb.JsonEncodeError,
        "Timestamp out of range",
      );
    });

    t.test("Struct, Value, ListValue helpers", () => {
      const json = { s: "x", n: -1.5, b: false, z: null, l: [1, [2], {}], o: { p: {} } };
      const st = wkt.structFromJson(json);
      eq(st.$typeName, "google.protobuf.Struct", "$typeName");
      eq(wkt.structToJson(st), json, "structToJson");
      eq(pb.toJson(wkt.StructSchema, st), json, "toJson(Struct)");
      eq(wkt.structToJson(fromBinary(wkt.StructSchema, toBinary(wkt.StructSchema, st))), json, "binary round-trip");
      eq(wkt.valueToJson(wkt.valueFromJson("s")), "s", "Value");
      eq(wkt.listValueToJson(wkt.listValueFromJson([1, "a"])), [1, "a"], "ListValue");
      eq(pb.fromJson(wkt.ValueSchema, null).kind.case, "nullValue", "Value null");
    });

    t.test("wrappers, FieldMask, Empty", () => {
      assert(wkt.isWrapperDesc(wkt.Int64ValueSchema), "isWrapperDesc");
      assert(!wkt.isWrapperDesc(InnerSchema), "isWrapperDesc(Inner)");
      eq(pb.toJson(wkt.UInt64ValueSchema, create(wkt.UInt64ValueSchema, { value: U64_MAX })), "18446744073709551615", "UInt64Value JSON");
      eq(pb.fromJson(wkt.BoolValueSchema, true).value, true, "BoolValue fromJson");
      eq(pb.fromJson(wkt.FieldMaskSchema, "a.bC,d").paths, ["a.b_c", "d"], "FieldMask fromJson");
      eq(pb.toJson(wkt.EmptySchema, create(wkt.EmptySchema)), {}, "Empty");
      assert(wkt.hasCustomJsonRepresentation(wkt.TimestampSchema) && !wkt.hasCustomJsonRepresentation(InnerSchema), "hasCustomJsonRepresentation");
    });
  });

  t.describe("errors", () => {
    t.test("truncated bytes: BinaryDecodeError with offset", () => {
      const bytes = toBinary(EverythingSchema, makeEverything());
      for (const cut of [1, 2, 5, Math.floor(bytes.length / 2), bytes.length - 1]) {
        const e = throws(() => fromBinary(EverythingSchema, bytes.subarray(0, cut)), pb.BinaryDecodeError, `cut at ${cut}`);
        assert(e instanceof pb.ProtobufError && e instanceof Error, "a ProtobufError");
        eq(e.name, "BinaryDecodeError", "name");
        assert(typeof e.offset === "number" && e.offset >= 0 && e.offset <= cut, `offset ${e.offset} within the input of ${cut} bytes`);
      }
      const e = throws(() => fromBinary(InnerSchema, fromHex("0a05616263")), pb.BinaryDecodeError, "string longer than the input");
      eq(e.offset, 2, "offset of the missing bytes");
      assert(/smoke\.v1\.Inner/.test(e.message), `names the message: ${e.message}`);
    });

    t.test("other malformed input", () => {
      throws(() => fromBinary(InnerSchema, fromHex("0a02c328")), pb.BinaryDecodeError, "invalid UTF-8 in a proto3 string");
      throws(() => fromBinary(InnerSchema, fromHex("10ffffffffffffffffffff01")), pb.BinaryDecodeError, "varint too long");
      throws(() => fromBinary(InnerSchema, fromHex("0f")), pb.BinaryDecodeError, "wire type 7");
      // A known field with another wire type is an unknown field (as in C++ and Java).
      const odd = fromBinary(InnerSchema, fromHex("0d01020304"));
      eq([odd.name, odd.$unknown?.length, odd.$unknown?.[0].wireType], ["", 1, 5], "field 1 as fixed32 is kept as unknown");
      eq(hex(toBinary(InnerSchema, odd)), "0d01020304", "and written back");
      throws(() => fromBinary(LegacySchema, fromHex("23")), pb.BinaryDecodeError, "unterminated group");
      let deep = create(EverythingSchema);
      for (let i = 0; i < 120; i++) deep = create(EverythingSchema, { child: deep });
      throws(() => fromBinary(EverythingSchema, toBinary(EverythingSchema, deep)), pb.BinaryDecodeError, "nesting deeper than the recursion limit");
      eq(fromBinary(EverythingSchema, toBinary(EverythingSchema, deep), { recursionLimit: 200 }).child !== undefined, true, "recursionLimit: 200");
    });

    t.test("invalid values are rejected when writing", () => {
      throws(() => toBinary(ScalarsSchema, create(ScalarsSchema, { fInt32: 2 ** 31 })), pb.BinaryEncodeError, "int32 out of range");
      throws(() => toBinary(ScalarsSchema, create(ScalarsSchema, { fUint64: -1n })), pb.BinaryEncodeError, "negative uint64");
    });
  });

  t.describe("edge cases", () => {
    t.test("decode from a subarray at an odd offset of a larger buffer", () => {
      const bytes = toBinary(EverythingSchema, makeEverything());
      const big = new Uint8Array(bytes.length + 10).fill(0xff);
      big.set(bytes, 3);
      const sub = big.subarray(3, 3 + bytes.length);
      assert(equals(EverythingSchema, fromBinary(EverythingSchema, sub), makeEverything()), "eager");
      assert(equals(EverythingSchema, fromBinary(EverythingSchema, sub, { lazy: true }), makeEverything()), "lazy");
      eq(hex(toBinary(EverythingSchema, fromBinary(EverythingSchema, sub, { lazy: true }))), hex(bytes), "passthrough of a subarray");
      const fromBuffer = new Uint8Array(sub.buffer, sub.byteOffset, sub.byteLength);
      assert(equals(EverythingSchema, fromBinary(EverythingSchema, fromBuffer), makeEverything()), "Uint8Array over an ArrayBuffer");
    });

    t.test("large values: 1 MiB of bytes, 10000 list elements, a long string", () => {
      const blob = new Uint8Array(1 << 20);
      for (let i = 0; i < blob.length; i++) blob[i] = (i * 31) & 0xff;
      const msg = create(EverythingSchema, {
        scalars: { fBytes: blob, fString: "ab€😀".repeat(50000) },
        rInt64: Array.from({ length: 10000 }, (_, i) => BigInt(i) * -12345678901n),
        rInner: Array.from({ length: 2000 }, (_, i) => ({ name: `n${i}`, n: i })),
      });
      const bytes = toBinary(EverythingSchema, msg);
      digest("binary large", bytes);
      const back = fromBinary(EverythingSchema, bytes);
      assert(equals(EverythingSchema, msg, back), "equals");
      eq(back.scalars.fBytes.length, 1 << 20, "bytes length");
      eq(back.rInt64[9999], 9999n * -12345678901n, "last int64");
      const view = fromBinary(EverythingSchema, bytes, { lazy: true });
      eq(view.rInner[1999].name, "n1999", "lazy read of the last element");
      eq(pb.toJsonString(EverythingSchema, back).length, pb.toJsonString(EverythingSchema, msg).length, "JSON");
    });

    t.test("UTF-8: lone surrogates are written as U+FFFD; the text encoders agree", () => {
      eq(hex(toBinary(InnerSchema, create(InnerSchema, { name: "a\ud800b" }))), "0a0561efbfbd62", "lone high surrogate");
      eq(hex(toBinary(InnerSchema, create(InnerSchema, { name: "\udc00" }))), "0a03efbfbd", "lone low surrogate");
      const all = [];
      for (let c = 0; c < 0x800; c += 7) all.push(String.fromCharCode(c));
      all.push("\u{10FFFF}", "\uFFFF", "😀");
      const text = all.join("");
      const encoded = toBinary(InnerSchema, create(InnerSchema, { name: text }));
      eq(fromBinary(InnerSchema, encoded).name, text, "round-trip");
      const te = new TextEncoder().encode(text);
      eq(hex(encoded.subarray(encoded.length - te.length)), hex(te), "same bytes as TextEncoder");
    });

    t.test("JSON numbers: extreme doubles and floats", () => {
      const msg = create(EverythingSchema, {
        rDouble: [1e21, 5e-324, 1.7976931348623157e308, 0.1 + 0.2, -1e-7, 123456789012345680000],
        scalars: { fFloat: 3.4028234663852886e38 },
      });
      const json = pb.toJsonString(EverythingSchema, msg);
      digest("json doubles", json);
      eq(
        json,
        '{"scalars":{"fFloat":3.4028234663852886e+38},"rDouble":[1e+21,5e-324,1.7976931348623157e+308,0.30000000000000004,-1e-7,123456789012345680000]}',
        "JSON",
      );
      assert(equals(EverythingSchema, pb.fromJsonString(EverythingSchema, json), msg), "round-trip");
      const f = fromBinary(ScalarsSchema, toBinary(ScalarsSchema, create(ScalarsSchema, { fFloat: 0.1 }))).fFloat;
      eq(f, Math.fround(0.1), "float32 rounding");
      throws(() => pb.fromJson(ScalarsSchema, { fFloat: 3.5e38 }), pb.JsonDecodeError, "float out of range");
      eq(pb.fromJson(ScalarsSchema, { fInt32: 1, fUint32: "4294967295", fInt64: 1.0 }).fInt64, 1n, "integral numbers");
      throws(() => pb.fromJson(ScalarsSchema, { fInt32: 1.5 }), pb.JsonDecodeError, "fractional int32");
    });

    t.test("JSON Timestamps: range ends, offsets, nanos", () => {
      const read = (s) => pb.fromJson(wkt.TimestampSchema, s);
      const min = read("0001-01-01T00:00:00Z");
      eq([min.seconds, min.nanos], [-62135596800n, 0], "minimum");
      const max = read("9999-12-31T23:59:59.999999999Z");
      eq([max.seconds, max.nanos], [253402300799n, 999999999], "maximum");
      eq(pb.toJson(wkt.TimestampSchema, max), "9999-12-31T23:59:59.999999999Z", "maximum written");
      eq(pb.toJson(wkt.TimestampSchema, min), "0001-01-01T00:00:00Z", "minimum written");
      const off = read("1970-01-01T01:00:00.5+01:00");
      eq([off.seconds, off.nanos], [0n, 500000000], "offset +01:00");
      eq(pb.toJson(wkt.TimestampSchema, read("2024-02-29T12:34:56.123456Z")), "2024-02-29T12:34:56.123456Z", "microseconds");
      eq(pb.toJson(wkt.TimestampSchema, read("1969-12-31T23:59:59.999Z")), "1969-12-31T23:59:59.999Z", "before 1970");
      throws(() => read("10000-01-01T00:00:00Z"), pb.JsonDecodeError, "year 10000");
      throws(() => read("2024-02-30T00:00:00Z"), pb.JsonDecodeError, "February 30");
      throws(() => read("2024-01-01 00:00:00Z"), pb.JsonDecodeError, "space for T");
      eq(wkt.timestampDate(min).toISOString(), "0001-01-01T00:00:00.000Z", "timestampDate at the minimum");
    });
  });

  t.describe("platform", () => {
    t.test("TextEncoder/TextDecoder and bigint are there", () => {
      assert(typeof TextEncoder === "function" && typeof TextDecoder === "function", "TextEncoder/TextDecoder");
      assert(wire.getTextEncoding() !== undefined, "getTextEncoding");
      eq(typeof BigInt, "function", "BigInt");
    });
    t.test("base64 helpers", () => {
      eq(wire.base64Encode(new Uint8Array([251, 255])), "+/8=", "std");
      eq(wire.base64Encode(new Uint8Array([251, 255]), "url"), "-_8", "url");
      eq(wire.base64Decode("+/8="), new Uint8Array([251, 255]), "decode");
    });
  });
}

/** Runs the suite on `lib`; resolves to the harness summary plus `digest`: label → hash. */
export async function runSuite(lib, { filter, log } = {}) {
  const t = createHarness();
  const digests = {};
  defineSuite(t, lib, (label, data) => {
    digests[label] = `${fnv1a(data)}/${data.length}`;
  });
  const summary = await t.run({ filter, log });
  return { ...summary, digests };
}
