/**
 * Field names, presence, oneofs, null, unknown fields and the read and write options.
 */
import * as pb from "@pbjet/protobuf";
import { decodeError, p2, p3, schema, thrown } from "./util";

const Names = p3("JsonNames");
const Scalars = p3("ScalarValues");
const Optional = p3("OptionalScalarValues");
const Oneofs = p3("OneofFields");
const Messages = p3("MessageFields");

describe("field names", () => {
  const msg = pb.create(Names, {
    plainField: "a",
    customName: "b",
    snakeToCamel: 3,
    nameWithDigit1: "c",
    LeadingUnderscore: "d",
    doubleUnderscore: "e",
    trailingUnderscore: "f",
    jsonNameWithDash: "g",
  } as never);

  test("JSON names: lowerCamelCase, or json_name", () => {
    const json = pb.toJson(Names, msg) as Record<string, unknown>;
    expect(Object.keys(json)).toStrictEqual(Names.fields.map((f) => f.jsonName));
    expect(json).toMatchObject({ plainField: "a", renamedField: "b", SNAKE_to_Camel: 3, "json-name-with-dash": "g" });
  });

  test("useProtoFieldName writes proto names", () => {
    const json = pb.toJson(Names, msg, { useProtoFieldName: true }) as Record<string, unknown>;
    expect(Object.keys(json)).toStrictEqual(Names.fields.map((f) => f.name));
    expect(pb.toJsonString(Names, msg, { useProtoFieldName: true })).toBe(JSON.stringify(json));
  });

  test("both JSON names and proto names are read", () => {
    const fromJsonNames = pb.fromJson(Names, pb.toJson(Names, msg));
    const fromProtoNames = pb.fromJson(Names, pb.toJson(Names, msg, { useProtoFieldName: true }));
    expect(pb.equals(Names, fromJsonNames, msg)).toBe(true);
    expect(pb.equals(Names, fromProtoNames, msg)).toBe(true);
  });

  test("the same field given by JSON name and proto name is an error", () => {
    expect(decodeError(Names, { custom_name: "x", renamedField: "y" })).toBe(
      'cannot decode field pbjet.test.proto3.JsonNames.custom_name from JSON: the field is given twice, as "custom_name" and "renamedField"',
    );
    expect(decodeError(Names, { renamedField: "y", custom_name: "x" })).toMatch(/given twice, as "renamedField" and "custom_name"$/);
    expect(decodeError(Messages, { nested_field: {}, nestedField: { a: 1 } })).toMatch(/nested_field from JSON: the field is given twice/);
    // Also with null as one of the values.
    expect(decodeError(Scalars, { int32_field: null, int32Field: 1 })).toMatch(/given twice/);
  });

  test("names are exact: other spellings are unknown", () => {
    expect(decodeError(Names, { renamed_field: "x" })).toBe(
      'cannot decode message pbjet.test.proto3.JsonNames from JSON: unknown field "renamed_field"',
    );
    expect(decodeError(Names, { PlainField: "x" })).toMatch(/unknown field "PlainField"/);
  });
});

describe("implicit presence and alwaysEmitImplicit", () => {
  test("zero values are not written", () => {
    expect(pb.toJson(Scalars, pb.create(Scalars))).toStrictEqual({});
    expect(pb.toJsonString(Scalars, pb.create(Scalars))).toBe("{}");
  });

  test("alwaysEmitImplicit writes zero values, empty lists and empty maps", () => {
    expect(pb.toJson(Scalars, pb.create(Scalars), { alwaysEmitImplicit: true })).toStrictEqual({
      doubleField: 0,
      floatField: 0,
      int32Field: 0,
      int64Field: "0",
      uint32Field: 0,
      uint64Field: "0",
      sint32Field: 0,
      sint64Field: "0",
      fixed32Field: 0,
      fixed64Field: "0",
      sfixed32Field: 0,
      sfixed64Field: "0",
      boolField: false,
      stringField: "",
      bytesField: "",
    });
    const User = schema("example.User");
    expect(pb.toJson(User, pb.create(User), { alwaysEmitImplicit: true })).toStrictEqual({
      firstName: "",
      lastName: "",
      active: false,
      locations: [],
      projects: {},
    });
    expect(pb.toJsonString(User, pb.create(User), { alwaysEmitImplicit: true })).toBe(
      '{"firstName":"","lastName":"","active":false,"locations":[],"projects":{}}',
    );
  });

  test("alwaysEmitImplicit does not write unset fields with explicit presence, messages, oneofs", () => {
    expect(pb.toJson(Optional, pb.create(Optional), { alwaysEmitImplicit: true })).toStrictEqual({});
    expect(pb.toJson(p2("OptionalScalars"), pb.create(p2("OptionalScalars")), { alwaysEmitImplicit: true })).toStrictEqual({});
    expect(pb.toJson(Oneofs, pb.create(Oneofs), { alwaysEmitImplicit: true })).toStrictEqual({ before: 0, after: "" });
    expect(pb.toJson(Messages, pb.create(Messages), { alwaysEmitImplicit: true })).toStrictEqual({
      repeatedNestedField: [],
      repeatedScalarValues: [],
      repeatedRecursive: [],
    });
  });

  test("-0 counts as the zero value, as in protobuf-es", () => {
    expect(pb.toJson(Scalars, pb.create(Scalars, { doubleField: -0 }))).toStrictEqual({});
  });
});

describe("explicit presence", () => {
  test("proto3 optional: set zero values are written", () => {
    const msg = pb.create(Optional, { int32Field: 0, stringField: "", boolField: false, bytesField: new Uint8Array() });
    expect(pb.toJson(Optional, msg)).toStrictEqual({ int32Field: 0, stringField: "", boolField: false, bytesField: "" });
    const back = pb.fromJson(Optional, { int32Field: 0 }) as any;
    expect(pb.isFieldSet(back, Optional.field.int32Field)).toBe(true);
    expect(pb.isFieldSet(back, Optional.field.stringField)).toBe(false);
  });

  test("proto2: only set fields, defaults come from the prototype", () => {
    const S = p2("OptionalScalars");
    const msg = pb.fromJson(S, { int32Field: 0, enumField: "PROTO2_ENUM_BAR" }) as any;
    expect(pb.toJson(S, msg)).toStrictEqual({ int32Field: 0, enumField: "PROTO2_ENUM_BAR" });
    expect(Object.prototype.hasOwnProperty.call(msg, "stringField")).toBe(false);
  });
});

describe("null", () => {
  test("null leaves a field unset", () => {
    const json: Record<string, null> = {};
    for (const f of Scalars.fields) json[f.jsonName] = null;
    expect(pb.equals(Scalars, pb.fromJson(Scalars, json), pb.create(Scalars))).toBe(true);
    expect(pb.toJson(Optional, pb.fromJson(Optional, { int32Field: null, stringField: null }))).toStrictEqual({});
    expect(pb.toJson(Messages, pb.fromJson(Messages, { nestedField: null, repeatedNestedField: null }))).toStrictEqual({});
    const Maps = p3("MapFields");
    expect(pb.toJson(Maps, pb.fromJson(Maps, { int32Int32: null }))).toStrictEqual({});
  });

  test("null in mergeFromJson resets singular fields, keeps lists", () => {
    const msg = pb.create(Messages, { nestedField: { a: 1 }, repeatedNestedField: [{ a: 2 }], optionalNestedField: { a: 3 } });
    pb.mergeFromJson(Messages, msg, { nestedField: null, repeatedNestedField: null, optionalNestedField: null });
    expect(pb.toJson(Messages, msg)).toStrictEqual({ repeatedNestedField: [{ a: 2 }] });
    const s = pb.create(Scalars, { int32Field: 5, stringField: "x" });
    pb.mergeFromJson(Scalars, s, { int32Field: null, stringField: null });
    expect(pb.toJson(Scalars, s)).toStrictEqual({});
  });

  test("null is not a list element or map value", () => {
    expect(decodeError(p3("RepeatedScalarValues"), { int32Field: [1, null] })).toBe(
      "cannot decode field pbjet.test.proto3.RepeatedScalarValues.int32_field[1] from JSON: null is not an int32",
    );
    expect(decodeError(Messages, { repeatedNestedField: [{}, null] })).toBe(
      "cannot decode field pbjet.test.proto3.MessageFields.repeated_nested_field[1] from JSON: expected object, got null",
    );
    expect(decodeError(p3("MapFields"), { int32Int32: { "1": null } })).toBe(
      'cannot decode field pbjet.test.proto3.MapFields.int32_int32["1"] from JSON: null is not an int32',
    );
  });

  test("a message is not null at the top", () => {
    expect(decodeError(Scalars, null)).toBe("cannot decode message pbjet.test.proto3.ScalarValues from JSON: expected object, got null");
    expect(() => pb.fromJsonString(Scalars, "null")).toThrow(/expected object, got null/);
    expect(decodeError(Scalars, [])).toMatch(/expected object, got array/);
    expect(decodeError(Scalars, "x")).toMatch(/expected object, got "x"/);
  });
});

describe("oneofs", () => {
  test("the selected member is written; zero values too", () => {
    for (const [kase, value, json] of [
      ["int32Value", 0, { int32Value: 0 }],
      ["stringValue", "", { stringValue: "" }],
      ["bytesValue", new Uint8Array(0), { bytesValue: "" }],
      ["enumValue", 0, { enumValue: "PROTO3_ENUM_UNSPECIFIED" }],
      ["messageValue", {}, { messageValue: {} }],
      ["doubleValue", 0, { doubleValue: 0 }],
      ["int64Value", 0n, { int64Value: "0" }],
      ["boolValue", false, { boolValue: false }],
    ] as const) {
      const msg = pb.create(Oneofs, { kind: { case: kase, value } } as never);
      expect(pb.toJson(Oneofs, msg)).toStrictEqual(json);
      expect(pb.toJsonString(Oneofs, msg)).toBe(JSON.stringify(json));
      expect((pb.fromJson(Oneofs, json) as any).kind.case).toBe(kase);
    }
  });

  test("two members of a oneof are an error; null members are not set", () => {
    expect(decodeError(Oneofs, { int32Value: 1, stringValue: "x" })).toBe(
      "cannot decode field pbjet.test.proto3.OneofFields.string_value from JSON: more than one field of oneof kind is set",
    );
    expect(decodeError(Oneofs, { int32_value: 1, messageValue: {} })).toMatch(/more than one field of oneof kind/);
    expect((pb.fromJson(Oneofs, { int32Value: null, stringValue: "x" }) as any).kind).toStrictEqual({ case: "stringValue", value: "x" });
    expect((pb.fromJson(Oneofs, { stringValue: "x", int32Value: null }) as any).kind).toStrictEqual({ case: "stringValue", value: "x" });
    // Different oneofs are independent.
    expect(pb.toJson(Oneofs, pb.fromJson(Oneofs, { int32Value: 1, secondString: "y" }))).toStrictEqual({ int32Value: 1, secondString: "y" });
  });

  test("merging a member into the selected message member merges", () => {
    const msg = pb.create(Oneofs, { kind: { case: "messageValue", value: { a: 1 } } } as never);
    pb.mergeFromJson(Oneofs, msg, { messageValue: { b: "x" } });
    expect(pb.toJson(Oneofs, msg)).toStrictEqual({ messageValue: { a: 1, b: "x" } });
  });

  test("proto2 oneof members with defaults", () => {
    const O = p2("OneofFields");
    expect(pb.toJson(O, pb.fromJson(O, { enumValue: "PROTO2_ENUM_FOO" }))).toStrictEqual({ enumValue: "PROTO2_ENUM_FOO" });
  });
});

describe("unknown fields and ignoreUnknownFields", () => {
  test("unknown keys are rejected, or ignored with the option", () => {
    for (const value of [1, "x", true, false, null, {}, [], { a: [{}] }]) {
      expect(decodeError(Scalars, { unknownKey: value })).toBe(
        'cannot decode message pbjet.test.proto3.ScalarValues from JSON: unknown field "unknownKey"',
      );
      expect(
        pb.toJson(Scalars, pb.fromJson(Scalars, { unknownKey: value, int32Field: 3 } as pb.JsonValue, { ignoreUnknownFields: true })),
      ).toStrictEqual({ int32Field: 3 });
    }
  });

  test("in nested messages, the error names the path", () => {
    expect(decodeError(Messages, { nestedField: { child: { x: 1 } } })).toBe(
      'cannot decode field pbjet.test.proto3.MessageFields.nested_field.child from JSON: unknown field "x"',
    );
  });

  test("unknown fields of the wire format are not written", () => {
    const msg = pb.fromBinary(Scalars, new Uint8Array([0xf8, 0x01, 0x01]));
    expect(msg.$unknown?.length).toBe(1);
    expect(pb.toJson(Scalars, msg)).toStrictEqual({});
  });

  test("reserved names are unknown too", () => {
    expect(decodeError(p3("ReservedFields"), { foo: 1 })).toMatch(/unknown field "foo"/);
  });
});

describe("mergeFromJson and mergeFromJsonString", () => {
  test("lists append, maps add, messages merge, scalars replace", () => {
    const User = schema("example.User");
    const msg = pb.create(User, { firstName: "a", locations: ["x"], projects: { p: "1" }, manager: { firstName: "m" } });
    pb.mergeFromJsonString(User, msg, '{"lastName":"b","locations":["y"],"projects":{"q":"2","p":"3"},"manager":{"lastName":"n"}}');
    expect(pb.toJson(User, msg)).toStrictEqual({
      firstName: "a",
      lastName: "b",
      locations: ["x", "y"],
      projects: { p: "3", q: "2" },
      manager: { firstName: "m", lastName: "n" },
    });
  });

  test("the target must be a message of the schema", () => {
    const e = thrown(() => pb.mergeFromJson(Scalars, pb.create(Optional) as never, {}));
    expect(e).toBeInstanceOf(pb.JsonDecodeError);
    expect(e.message).toMatch(/cannot merge into a message of type pbjet.test.proto3.OptionalScalarValues/);
  });
});

describe("edge names", () => {
  test("JS-hostile field names round-trip", () => {
    const Hostile = schema("pbjet.test.edge.JsHostileNames");
    const msg = pb.create(Hostile);
    for (const f of Hostile.fields) {
      if (f.fieldKind === "scalar" && f.scalar === pb.ScalarType.INT32) (msg as any)[f.localName] = 7;
      if (f.fieldKind === "scalar" && f.scalar === pb.ScalarType.STRING) (msg as any)[f.localName] = "v";
    }
    for (const useProtoFieldName of [false, true]) {
      const json = pb.toJson(Hostile, msg, { useProtoFieldName }) as Record<string, unknown>;
      expect(Object.getPrototypeOf(json)).toBe(Object.prototype);
      const text = pb.toJsonString(Hostile, msg, { useProtoFieldName });
      expect(JSON.parse(text)).toStrictEqual(JSON.parse(JSON.stringify(json)));
      expect(pb.equals(Hostile, pb.fromJsonString(Hostile, text), msg)).toBe(true);
      expect(pb.equals(Hostile, pb.fromJson(Hostile, json as pb.JsonValue), msg)).toBe(true);
    }
    const json = pb.toJson(Hostile, msg, { useProtoFieldName: true }) as Record<string, unknown>;
    expect(Object.prototype.hasOwnProperty.call(json, "__proto__")).toBe(true);
    expect(json.__proto__).toBe(7);
  });
});
