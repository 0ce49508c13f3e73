/**
 * google.protobuf.Any and extensions in JSON: both need `options.registry`.
 */
import * as pb from "@pbjet/protobuf";
import { decodeError, p2, p3, registry, schema, thrown } from "./util";

const reg = registry();
const Any = reg.getMessage("google.protobuf.Any")!;
const User = schema("example.User");
const W = p3("WellKnownTypes");
const Duration = reg.getMessage("google.protobuf.Duration")!;

function pack(desc: pb.DescMessage, init: Record<string, unknown>, prefix = "type.googleapis.com/"): pb.Message {
  return pb.create(Any, { typeUrl: prefix + desc.typeName, value: pb.toBinary(desc, pb.create(desc, init)) });
}

describe("Any", () => {
  test("a message: @type and its fields", () => {
    const any = pack(User, { firstName: "Ann", projects: { x: "y" } });
    const json = { "@type": "type.googleapis.com/example.User", firstName: "Ann", projects: { x: "y" } };
    expect(pb.toJson(Any, any, { registry: reg })).toStrictEqual(json);
    expect(pb.toJsonString(Any, any, { registry: reg })).toBe(JSON.stringify(json));
    expect(pb.equals(Any, pb.fromJson(Any, json, { registry: reg }), any)).toBe(true);
    expect(pb.toJson(Any, any, { registry: reg, useProtoFieldName: true })).toStrictEqual({
      "@type": "type.googleapis.com/example.User",
      first_name: "Ann",
      projects: { x: "y" },
    });
  });

  test("@type may come anywhere in the object", () => {
    const any = pb.fromJson(Any, { firstName: "Ann", "@type": "type.googleapis.com/example.User", lastName: "B" }, { registry: reg });
    expect(pb.toJson(Any, any, { registry: reg })).toStrictEqual({ "@type": "type.googleapis.com/example.User", firstName: "Ann", lastName: "B" });
    expect(
      pb.toJson(Any, pb.fromJsonString(Any, '{"lastName":"B","@type":"type.googleapis.com/example.User"}', { registry: reg }), { registry: reg }),
    ).toStrictEqual({
      "@type": "type.googleapis.com/example.User",
      lastName: "B",
    });
  });

  test("well-known types with a JSON form of their own go in value", () => {
    for (const [typeName, value] of [
      ["google.protobuf.Duration", "1.500s"],
      ["google.protobuf.Timestamp", "1970-01-01T00:00:01Z"],
      ["google.protobuf.FieldMask", "fooBar,x"],
      ["google.protobuf.Struct", { a: [1, null] }],
      ["google.protobuf.Value", 5],
      ["google.protobuf.Value", { a: "b" }],
      ["google.protobuf.ListValue", [true]],
      ["google.protobuf.Int32Value", 7],
      ["google.protobuf.StringValue", "s"],
      ["google.protobuf.BytesValue", "AQ=="],
    ] as const) {
      const json = { "@type": "type.googleapis.com/" + typeName, value };
      const any = pb.fromJson(Any, json as pb.JsonValue, { registry: reg });
      expect(pb.toJson(Any, any, { registry: reg })).toStrictEqual(json);
      expect(pb.toJsonString(Any, any, { registry: reg })).toBe(JSON.stringify(json));
    }
  });

  test("Empty is a plain message in an Any", () => {
    const json = { "@type": "type.googleapis.com/google.protobuf.Empty" };
    expect(pb.toJson(Any, pb.fromJson(Any, json, { registry: reg }), { registry: reg })).toStrictEqual(json);
  });

  test("nested Any", () => {
    const inner = pack(Duration, { seconds: 2n });
    const outer = pb.create(Any, { typeUrl: "type.googleapis.com/google.protobuf.Any", value: pb.toBinary(Any, inner) });
    const json = {
      "@type": "type.googleapis.com/google.protobuf.Any",
      value: { "@type": "type.googleapis.com/google.protobuf.Duration", value: "2s" },
    };
    expect(pb.toJson(Any, outer, { registry: reg })).toStrictEqual(json);
    expect(pb.equals(Any, pb.fromJson(Any, json, { registry: reg }), outer)).toBe(true);
  });

  test("in fields, lists and maps; empty Any is {}", () => {
    const msg = pb.create(W, { any: pack(User, { active: true }), repeatedAny: [pb.create(Any), pack(Duration, { nanos: 1 })] });
    const json = {
      any: { "@type": "type.googleapis.com/example.User", active: true },
      repeatedAny: [{}, { "@type": "type.googleapis.com/google.protobuf.Duration", value: "0.000000001s" }],
    };
    expect(pb.toJson(W, msg, { registry: reg })).toStrictEqual(json);
    expect(pb.equals(W, pb.fromJson(W, json as pb.JsonValue, { registry: reg }), msg)).toBe(true);
    expect(pb.toJson(Any, pb.fromJson(Any, {}))).toStrictEqual({});
  });

  test("any type URL prefix; the type name is after the last slash", () => {
    const any = pack(User, { firstName: "x" }, "example.com/types/");
    expect(pb.toJson(Any, any, { registry: reg })).toStrictEqual({ "@type": "example.com/types/example.User", firstName: "x" });
    expect(pb.equals(Any, pb.fromJson(Any, { "@type": "example.com/types/example.User", firstName: "x" }, { registry: reg }), any)).toBe(true);
  });

  test("a type that is not in the registry is an error naming the URL", () => {
    const any = pb.create(Any, { typeUrl: "type.googleapis.com/foo.Bar", value: new Uint8Array([8, 1]) });
    expect(() => pb.toJson(Any, any, { registry: reg })).toThrow(
      'cannot encode message google.protobuf.Any to JSON: "type.googleapis.com/foo.Bar" is not in the type registry',
    );
    expect(() => pb.toJsonString(Any, any, { registry: reg })).toThrow(pb.JsonEncodeError);
    expect(() => pb.toJson(W, pb.create(W, { any }), { registry: reg })).toThrow(
      'cannot encode field pbjet.test.proto3.WellKnownTypes.any to JSON: "type.googleapis.com/foo.Bar" is not in the type registry',
    );
    expect(() => pb.toJson(Any, pack(User, {}))).toThrow('cannot resolve "type.googleapis.com/example.User": no registry given in the options');
    expect(decodeError(Any, { "@type": "type.googleapis.com/foo.Bar" }, { registry: reg })).toBe(
      'cannot decode message google.protobuf.Any from JSON: "type.googleapis.com/foo.Bar" is not in the type registry',
    );
    expect(decodeError(W, { any: { "@type": "type.googleapis.com/example.User" } })).toBe(
      'cannot decode field pbjet.test.proto3.WellKnownTypes.any from JSON: cannot resolve "type.googleapis.com/example.User": no registry given in the options',
    );
  });

  test("bad @type, missing @type, bad content", () => {
    expect(decodeError(Any, { firstName: "x" }, { registry: reg })).toMatch(/"@type" is missing/);
    expect(decodeError(Any, { "@type": "" }, { registry: reg })).toMatch(/"@type" must be a type URL, got ""/);
    expect(decodeError(Any, { "@type": 1 }, { registry: reg })).toMatch(/"@type" must be a type URL, got 1/);
    expect(decodeError(Any, { "@type": "type.googleapis.com/example.User", firstName: 1 }, { registry: reg })).toBe(
      "cannot decode field google.protobuf.Any.first_name from JSON: 1 is not a string",
    );
    expect(decodeError(Any, { "@type": "type.googleapis.com/google.protobuf.Duration", value: "x" }, { registry: reg })).toMatch(
      /Any\.value from JSON: "x" is not a duration/,
    );
    expect(decodeError(Any, { "@type": "type.googleapis.com/google.protobuf.Duration", value: "1s", x: 1 }, { registry: reg })).toMatch(
      /unknown field "x"/,
    );
    const ignored = pb.fromJson(
      Any,
      { "@type": "type.googleapis.com/google.protobuf.Duration", value: "1s", x: 1 },
      { registry: reg, ignoreUnknownFields: true },
    );
    expect(pb.toJson(Any, ignored, { registry: reg })).toStrictEqual({ "@type": "type.googleapis.com/google.protobuf.Duration", value: "1s" });
    expect(decodeError(Any, { "@type": "type.googleapis.com/example.User", nope: 1 }, { registry: reg })).toMatch(/unknown field "nope"/);
    expect(decodeError(Any, "x")).toMatch(/expected object/);
  });

  test("an Any with a value but no type URL cannot be written", () => {
    expect(() => pb.toJson(Any, pb.create(Any, { value: new Uint8Array([1]) }))).toThrow(/has a value but no type URL/);
  });

  test("a value that is not a valid message of its type cannot be written", () => {
    const any = pb.create(Any, { typeUrl: "type.googleapis.com/example.User", value: new Uint8Array([0x0a, 0x05]) });
    const e = thrown(() => pb.toJson(Any, any, { registry: reg }));
    expect(e).toBeInstanceOf(pb.JsonEncodeError);
  });
});

describe("extensions", () => {
  const Extendee = p2("Extendee");
  const ext = (name: string) => reg.getExtension("pbjet.test.proto2." + name)!;

  test("are written and read as [full.name] with the registry", () => {
    const msg = pb.create(Extendee, { ownField: 1 });
    pb.setExtension(msg, ext("int32_ext"), 5);
    pb.setExtension(msg, ext("string_ext"), "s");
    pb.setExtension(msg, ext("enum_ext"), 2);
    pb.setExtension(msg, ext("message_ext"), pb.create(p2("OptionalScalars"), { int32Field: 3 }) as never);
    pb.setExtension(msg, ext("ExtensionScope.nested_int32_ext"), 6);
    const json = {
      ownField: 1,
      "[pbjet.test.proto2.int32_ext]": 5,
      "[pbjet.test.proto2.string_ext]": "s",
      "[pbjet.test.proto2.enum_ext]": "PROTO2_ENUM_BAR",
      "[pbjet.test.proto2.message_ext]": { int32Field: 3 },
      "[pbjet.test.proto2.ExtensionScope.nested_int32_ext]": 6,
    };
    expect(pb.toJson(Extendee, msg, { registry: reg })).toStrictEqual(json);
    expect(JSON.parse(pb.toJsonString(Extendee, msg, { registry: reg }))).toStrictEqual(json);
    const back = pb.fromJson(Extendee, json, { registry: reg });
    expect(pb.getExtension(back, ext("int32_ext"))).toBe(5);
    expect(pb.getExtension(back, ext("ExtensionScope.nested_int32_ext"))).toBe(6);
    expect(pb.toJson(Extendee, back, { registry: reg })).toStrictEqual(json);
  });

  test("repeated extensions, groups, enumAsInteger", () => {
    const msg = pb.create(Extendee);
    pb.setExtension(msg, ext("repeated_int32_ext"), [1, 2]);
    pb.setExtension(msg, ext("packed_enum_ext"), [3, 1]);
    pb.setExtension(msg, ext("repeated_message_ext"), [pb.create(p2("OptionalScalars"), { stringField: "m" })] as never);
    const json = {
      "[pbjet.test.proto2.repeated_int32_ext]": [1, 2],
      "[pbjet.test.proto2.packed_enum_ext]": ["PROTO2_ENUM_BAZ", "PROTO2_ENUM_FOO"],
      "[pbjet.test.proto2.repeated_message_ext]": [{ stringField: "m" }],
    };
    expect(pb.toJson(Extendee, msg, { registry: reg })).toStrictEqual(json);
    expect(pb.toJson(Extendee, msg, { registry: reg, enumAsInteger: true })).toMatchObject({ "[pbjet.test.proto2.packed_enum_ext]": [3, 1] });
    const back = pb.fromJson(Extendee, json, { registry: reg });
    expect(pb.getExtension(back, ext("packed_enum_ext"))).toStrictEqual([3, 1]);
    expect(pb.toJson(Extendee, back, { registry: reg })).toStrictEqual(json);
    // A group extension is named by its lower-cased field name.
    const group = pb.fromJson(Extendee, { "[pbjet.test.proto2.groupext]": { a: 1 } }, { registry: reg });
    expect(pb.toJson(Extendee, group, { registry: reg })).toStrictEqual({ "[pbjet.test.proto2.groupext]": { a: 1 } });
  });

  test("without a registry, extensions are not written, and not read", () => {
    const msg = pb.create(Extendee);
    pb.setExtension(msg, ext("int32_ext"), 5);
    expect(pb.toJson(Extendee, msg)).toStrictEqual({});
    expect(decodeError(Extendee, { "[pbjet.test.proto2.int32_ext]": 5 })).toMatch(/unknown field "\[pbjet\.test\.proto2\.int32_ext\]"/);
    expect(pb.toJson(Extendee, pb.fromJson(Extendee, { "[pbjet.test.proto2.int32_ext]": 5 }, { ignoreUnknownFields: true }))).toStrictEqual({});
  });

  test("an extension of another message is unknown here", () => {
    expect(decodeError(p2("OptionalScalars"), { "[pbjet.test.proto2.int32_ext]": 5 }, { registry: reg })).toMatch(/unknown field/);
    expect(decodeError(Extendee, { "[pbjet.test.proto2.nope]": 5 }, { registry: reg })).toMatch(/unknown field/);
  });

  test("bad extension values name the extension", () => {
    expect(decodeError(Extendee, { "[pbjet.test.proto2.int32_ext]": "x" }, { registry: reg })).toBe(
      'cannot decode field pbjet.test.proto2.Extendee[pbjet.test.proto2.int32_ext] from JSON: "x" is not an int32',
    );
  });

  test("null leaves an extension unset", () => {
    const back = pb.fromJson(Extendee, { "[pbjet.test.proto2.int32_ext]": null }, { registry: reg });
    expect(pb.hasExtension(back, ext("int32_ext"))).toBe(false);
  });
});
