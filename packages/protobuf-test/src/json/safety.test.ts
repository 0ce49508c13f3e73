/**
 * Hostile and malformed input: prototype pollution through JSON keys, duplicate keys,
 * invalid JSON text, deep nesting; and the error classes with their paths.
 */
import * as pb from "@pbjet/protobuf";
import { decodeError, p3, prototypeSnapshot, registry, schema, thrown } from "./util";

const Maps = p3("MapFields");
const W = p3("WellKnownTypes");
const reg = registry();

describe("prototype pollution", () => {
  const before = prototypeSnapshot();
  afterEach(() => {
    expect(prototypeSnapshot()).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, "polluted")).toBe(false);
  });

  const hostileKeys = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "__defineGetter__", "valueOf"];
  const evil = '{"polluted": "yes", "toString": "x"}';

  test.each(hostileKeys)("map key %p is plain data", (key) => {
    const text = `{"stringString": {${JSON.stringify(key)}: "v"}, "stringMessage": {${JSON.stringify(key)}: {"a": 1}}, "stringEnum": {${JSON.stringify(key)}: "PROTO3_ENUM_YES"}}`;
    const msg = pb.fromJsonString(Maps, text) as any;
    for (const field of ["stringString", "stringMessage", "stringEnum"]) {
      expect(Object.keys(msg[field])).toStrictEqual([key]);
      expect(Object.getPrototypeOf(msg[field])).toBe(Object.prototype);
    }
    expect(msg.stringString[key]).toBe("v");
    // toEqual: toStrictEqual compares own "constructor" properties as types.
    expect(JSON.parse(pb.toJsonString(Maps, msg))).toEqual(JSON.parse(text));
    const json = pb.toJson(Maps, msg) as any;
    expect(Object.getOwnPropertyNames(json.stringString)).toStrictEqual([key]);
    expect(Object.getPrototypeOf(json.stringString)).toBe(Object.prototype);
    expect(pb.equals(Maps, pb.fromJson(Maps, json), msg)).toBe(true);
  });

  test("__proto__ holding an object in a map, a Struct and a Value does not set a prototype", () => {
    const text = `{"stringMessage": {"__proto__": {"a": 1}}, "struct": {"__proto__": ${evil}, "constructor": {"prototype": ${evil}}}, "value": {"__proto__": ${evil}}, "mapValue": {"__proto__": {"__proto__": ${evil}}}}`;
    const m = pb.fromJsonString(Maps, `{"stringMessage": {"__proto__": {"a": 1}}}`) as any;
    expect(Object.getPrototypeOf(m.stringMessage)).toBe(Object.prototype);
    expect(m.stringMessage.__proto__.a).toBe(1);
    const w = pb.fromJsonString(W, text.replace('"stringMessage": {"__proto__": {"a": 1}}, ', "")) as any;
    expect(Object.getPrototypeOf(w.struct)).toBe(Object.prototype);
    expect(Object.keys(w.struct)).toStrictEqual(["__proto__", "constructor"]);
    expect(w.struct.polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(w.struct, "__proto__")!.value).toStrictEqual({ polluted: "yes", toString: "x" });
    expect(Object.keys(w.value.kind.value.fields)).toStrictEqual(["__proto__"]);
    const out = pb.toJson(W, w) as any;
    expect(Object.getPrototypeOf(out.struct)).toBe(Object.prototype);
    expect(Object.getOwnPropertyNames(out.value)).toStrictEqual(["__proto__"]);
    expect(JSON.parse(pb.toJsonString(W, w))).toEqual(JSON.parse(JSON.stringify(out)));
  });

  test("__proto__ as an unknown field, an Any field, and an extension-like key", () => {
    expect(decodeError(p3("ScalarValues"), JSON.parse(`{"__proto__": ${evil}}`))).toMatch(/unknown field "__proto__"/);
    const ignored = pb.fromJsonString(p3("ScalarValues"), `{"__proto__": ${evil}, "constructor": ${evil}}`, { ignoreUnknownFields: true }) as any;
    expect(Object.getPrototypeOf(ignored)).toBe(Object.prototype);
    expect(ignored.polluted).toBeUndefined();
    expect(
      decodeError(schema("google.protobuf.Any"), JSON.parse(`{"@type": "type.googleapis.com/example.User", "__proto__": ${evil}}`), {
        registry: reg,
      }),
    ).toMatch(/unknown field "__proto__"/);
    const any = pb.fromJsonString(
      schema("google.protobuf.Any"),
      `{"@type": "type.googleapis.com/google.protobuf.Struct", "value": {"__proto__": ${evil}}}`,
      { registry: reg },
    );
    expect(JSON.stringify(pb.toJson(schema("google.protobuf.Any"), any, { registry: reg }))).toBe(
      `{"@type":"type.googleapis.com/google.protobuf.Struct","value":{"__proto__":{"polluted":"yes","toString":"x"}}}`,
    );
    expect(decodeError(p3("ScalarValues"), JSON.parse(`{"[__proto__]": 1}`), { registry: reg })).toMatch(/unknown field/);
  });

  test("a field named __proto__ (JSON name Proto) is an own property", () => {
    const Hostile = schema("pbjet.test.edge.JsHostileNames");
    const msg = pb.fromJsonString(Hostile, '{"__proto__": 5, "constructor": 6}') as any;
    expect(Object.getPrototypeOf(msg)).not.toBeNull();
    const json = pb.toJson(Hostile, msg, { useProtoFieldName: true }) as any;
    expect(Object.getOwnPropertyDescriptor(json, "__proto__")?.value).toBe(5);
    expect(Object.getPrototypeOf(json)).toBe(Object.prototype);
    expect(pb.toJsonString(Hostile, msg, { useProtoFieldName: true })).toContain('"__proto__":5');
  });

  test("enum names like __proto__ are not looked up on a prototype", () => {
    const Enums = p3("EnumFields");
    for (const key of hostileKeys) {
      expect(decodeError(Enums, { enumField: key })).toMatch(/is not a value of enum/);
    }
  });
});

describe("duplicate keys in JSON text", () => {
  test("are rejected at any depth", () => {
    const User = schema("example.User");
    for (const text of [
      '{"firstName": "a", "firstName": "b"}',
      '{"manager": {"lastName": "a", "active": true, "lastName": "b"}}',
      '{"projects": {"k": "a", "k": "b"}}',
      '{"projects": {"k": "a", "\\u006b": "b"}}',
    ]) {
      const e = thrown(() => pb.fromJsonString(User, text));
      expect(e).toBeInstanceOf(pb.JsonDecodeError);
      expect(e.message).toMatch(
        /^cannot decode message example\.User from JSON: invalid JSON: duplicate key "(firstName|lastName|k)" at position \d+$/,
      );
    }
    expect(() => pb.fromJsonString(W, '{"struct": {"a": [{"x": 1, "x": 2}]}}')).toThrow(/duplicate key "x"/);
    expect(() => pb.mergeFromJsonString(User, pb.create(User), '{"a": 1, "a": 2}')).toThrow(/duplicate key "a"/);
  });

  test("colons inside strings and escaped colons do not hide duplicates", () => {
    const User = schema("example.User");
    // No duplicates: colons in keys and values, escaped and not.
    const ok = '{"firstName": "a:b::c", "projects": {"k:1": "12:00:00", "\\u003a": "x", "k\\u003a2": "\\u003a:"}}';
    expect(pb.toJson(User, pb.fromJsonString(User, ok))).toStrictEqual(JSON.parse(ok));
    // Duplicates, with an escaped colon that adds to the colons counted in strings.
    expect(() => pb.fromJsonString(User, '{"firstName": "\\u003a", "lastName": "x", "lastName": "y"}')).toThrow(/duplicate key "lastName"/);
    expect(() => pb.fromJsonString(User, '{"projects": {"a": "x", "a": "\\u003A"}}')).toThrow(/duplicate key "a"/);
    // A dropped duplicate value with colons and keys of its own.
    expect(() => pb.fromJsonString(W, '{"struct": {"a": {"b:": "c:", "d": 1}, "a": 2}}')).toThrow(/duplicate key "a"/);
  });

  test("the colons of timestamps (counted from their form) do not hide duplicates", () => {
    // A valid timestamp has two colons, three with a UTC offset; a duration none.
    for (const ts of ["2024-01-02T03:04:05Z", "2024-01-02T03:04:05.123+05:30", "2024-01-02T03:04:05-00:00"]) {
      const ok = `{"timestamp": "${ts}", "duration": "1.5s", "struct": {"a": "x:y"}}`;
      expect(pb.toJson(W, pb.fromJsonString(W, ok))).toStrictEqual(pb.toJson(W, pb.fromJson(W, JSON.parse(ok))));
      for (const dup of [`{"timestamp": "${ts}", "duration": "1s", "duration": "2s"}`, `{"struct": {"a": 1, "a": 2}, "timestamp": "${ts}"}`]) {
        expect(() => pb.fromJsonString(W, dup)).toThrow(/duplicate key "(duration|a)"/);
      }
    }
  });

  test("keys that only look alike, or sit in different objects, are fine", () => {
    const User = schema("example.User");
    const text = '{"projects": {"k": "a", "K": "b", "k\\"": "c", "k\\\\": "d"}, "manager": {"projects": {"k": "x"}}, "locations": ["k", "k"]}';
    expect(pb.toJson(User, pb.fromJsonString(User, text))).toStrictEqual(JSON.parse(text));
    const structText = '{"struct": {"a": ":", "b": "\\":\\"", "c": [{"a": 1}, {"a": 2}]}}';
    expect(pb.toJson(W, pb.fromJsonString(W, structText))).toStrictEqual(JSON.parse(structText));
  });
});

describe("invalid JSON text", () => {
  test.each([
    "",
    "{",
    '{"firstName": "a",}',
    "{firstName: 1}",
    "{'firstName': 'a'}",
    '{"firstName": "a" "lastName": "b"}',
    '{"locations": ["a",]}',
    '{"firstName": "\\x"}',
    "// comment\n{}",
    "{} {}",
  ])("%p", (text) => {
    const e = thrown(() => pb.fromJsonString(schema("example.User"), text));
    expect(e).toBeInstanceOf(pb.JsonDecodeError);
    expect(e.message).toMatch(/^cannot decode message example\.User from JSON: invalid JSON: /);
    expect(e.path).toBe("");
  });

  test("a non-string argument", () => {
    expect(() => pb.fromJsonString(schema("example.User"), 5 as never)).toThrow(/expected a JSON string, got number/);
  });
});

describe("nesting depth", () => {
  test("messages nested deeper than recursionLimit are rejected", () => {
    const M = p3("MessageFields");
    let json: Record<string, unknown> = {};
    for (let i = 0; i < 150; i++) json = { recursive: json };
    expect(decodeError(M, json as pb.JsonValue)).toMatch(/maximum nesting depth 100 exceeded$/);
    expect(pb.toJson(M, pb.fromJson(M, json as pb.JsonValue, { recursionLimit: 1000 }))).toStrictEqual(json);
    let text = "1";
    for (let i = 0; i < 5000; i++) text = `{"recursive": ${text === "1" ? "{}" : text}}`;
    expect(() => pb.fromJsonString(M, text)).toThrow(/maximum nesting depth/);
  });

  test("very deep JSON text is an error, not a crash", () => {
    const Value = schema("google.protobuf.Value");
    const text = "[".repeat(200000) + "]".repeat(200000);
    const e = thrown(() => pb.fromJsonString(Value, text));
    expect(e).toBeInstanceOf(pb.JsonDecodeError);
  });
});

describe("error classes", () => {
  test("JsonDecodeError: a ProtobufError with typeName, path and detail", () => {
    const e = thrown(() => pb.fromJson(p3("RepeatedScalarValues"), { int32Field: [1, 2, 3, "abc"] }));
    expect(e).toBeInstanceOf(pb.JsonDecodeError);
    expect(e).toBeInstanceOf(pb.ProtobufError);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe("JsonDecodeError");
    expect(e.typeName).toBe("pbjet.test.proto3.RepeatedScalarValues");
    expect(e.path).toBe("int32_field[3]");
    expect(e.detail).toBe('"abc" is not an int32');
    expect(e.message).toBe('cannot decode field pbjet.test.proto3.RepeatedScalarValues.int32_field[3] from JSON: "abc" is not an int32');
  });

  test("paths through maps, oneofs and Any", () => {
    const e1 = thrown(() => pb.fromJson(p3("AllTypes"), { maps: { int32Message: { "5": { child: { a: "x" } } } } }));
    expect(e1.path).toBe('maps.int32_message["5"].child.a');
    const e2 = thrown(() => pb.fromJson(p3("AllTypes"), { oneofs: { messageValue: { a: [] } } }));
    expect(e2.path).toBe("oneofs.message_value.a");
    const e3 = thrown(() =>
      pb.fromJson(W, { repeatedAny: [{}, { "@type": "type.googleapis.com/example.User", manager: { active: 1 } }] }, { registry: reg }),
    );
    expect(e3.path).toBe("repeated_any[1].manager.active");
  });

  test("JsonEncodeError: with a path, too", () => {
    const msg = pb.create(W, { repeatedTimestamp: [{}, { seconds: -1n << 50n }] });
    const e = thrown(() => pb.toJson(W, msg));
    expect(e).toBeInstanceOf(pb.JsonEncodeError);
    expect(e).toBeInstanceOf(pb.ProtobufError);
    expect(e.name).toBe("JsonEncodeError");
    expect(e.path).toBe("repeated_timestamp[1]");
    expect(e.message).toMatch(
      /^cannot encode field pbjet\.test\.proto3\.WellKnownTypes\.repeated_timestamp\[1\] to JSON: seconds -1125899906842624 is out of range/,
    );
    const e2 = thrown(() => pb.toJsonString(W, msg));
    expect(e2.message).toBe(e.message);
  });

  test("an unknown oneof case is an encode error", () => {
    const msg = pb.create(p3("OneofFields")) as any;
    msg.kind = { case: "nope", value: 1 };
    expect(() => pb.toJson(p3("OneofFields"), msg)).toThrow(/oneof kind has unknown case "nope"/);
    expect(() => pb.toJsonString(p3("OneofFields"), msg)).toThrow(/oneof kind has unknown case "nope"/);
  });
});
