/**
 * The code `npm run generate` writes into src/gen/ (our protoc-gen-es under buf), compiled by
 * tsc with the rest of the suites, loaded and used: messages round-trip, descriptors are
 * restored from the embedded ones, and enum objects behave like TypeScript enums.
 */
import { clone, create, equals, fromBinary, getExtension, isMessage, setExtension, toBinary, type MessageShape } from "@pbjet/protobuf";
import type {
  DescMethodBiDiStreaming,
  DescMethodClientStreaming,
  DescMethodServerStreaming,
  DescMethodStreaming,
  DescMethodUnary,
  DescService,
} from "@pbjet/protobuf";
import { TimestampSchema } from "@pbjet/protobuf/wkt";
import { UserSchema, file_example, type User } from "../gen/example_pb";
import {
  EnumFields_NestedEnum,
  MapFieldsSchema,
  OneofFieldsSchema,
  Proto3Enum,
  Proto3EnumSchema,
  ScalarValuesSchema,
  WellKnownTypesSchema,
  file_proto3,
} from "../gen/proto3_pb";
import { ExtendeeSchema, Proto2EnumSchema, int32_ext, RequiredFieldsSchema } from "../gen/proto2_pb";
import { JsHostileEnum, JsHostileNamesSchema, Aliased, GlobalNamesSchema, EdgeService, RequestSchema, ResponseSchema } from "../gen/edge_pb";
import { registry, schema } from "../helpers";

describe("example.proto", () => {
  test("create, toBinary, fromBinary, equals", () => {
    const user: User = create(UserSchema, {
      firstName: "Homer",
      lastName: "Simpson",
      active: true,
      manager: { firstName: "Montgomery", lastName: "Burns" },
      locations: ["Springfield"],
      projects: { plant: "Sector 7G" },
    });
    expect(isMessage(user, UserSchema)).toBe(true);
    const bytes = toBinary(UserSchema, user);
    const back = fromBinary(UserSchema, bytes);
    expect(equals(UserSchema, user, back)).toBe(true);
    expect(back.manager?.lastName).toBe("Burns");
    expect(back.projects).toEqual({ plant: "Sector 7G" });
    const copy = clone(UserSchema, back);
    copy.locations.push("Shelbyville");
    expect(equals(UserSchema, copy, back)).toBe(false);
    // The same bytes as with the schema loaded dynamically from the descriptor set.
    const dynamic = schema("example.User");
    const init = {
      firstName: "Homer",
      lastName: "Simpson",
      active: true,
      manager: { firstName: "Montgomery", lastName: "Burns" },
      locations: ["Springfield"],
      projects: { plant: "Sector 7G" },
    };
    expect(toBinary(dynamic, create(dynamic, init))).toEqual(bytes);
  });
  test("the schema is the restored descriptor", () => {
    expect(UserSchema.typeName).toBe("example.User");
    expect(UserSchema.field.firstName.name).toBe("first_name");
    expect(UserSchema.field.firstName.number).toBe(1);
    expect(UserSchema.field.manager.message).toBe(UserSchema);
    expect(UserSchema.field.projects.fieldKind).toBe("map");
    expect(UserSchema.fields.map((f) => f.localName)).toEqual(["firstName", "lastName", "active", "manager", "locations", "projects"]);
    expect(UserSchema.file).toBe(file_example);
    expect(file_example.name).toBe("example");
    expect(file_example.proto.name).toBe("example.proto");
    // json_name, left out of the embedded descriptor, is restored.
    expect(UserSchema.field.firstName.jsonName).toBe("firstName");
    expect(UserSchema.field.firstName.proto.jsonName).toBe("firstName");
  });
});

describe("proto3.proto", () => {
  test("scalars round-trip, with 64-bit integers as bigint", () => {
    const msg = create(ScalarValuesSchema, {
      int64Field: -5n,
      uint64Field: 18446744073709551615n,
      stringField: "ü",
      bytesField: new Uint8Array([0, 255]),
      doubleField: 1.5,
    });
    const back = fromBinary(ScalarValuesSchema, toBinary(ScalarValuesSchema, msg));
    expect(back.int64Field).toBe(-5n);
    expect(back.uint64Field).toBe(18446744073709551615n);
    expect(back.bytesField).toEqual(new Uint8Array([0, 255]));
    expect(equals(ScalarValuesSchema, msg, back)).toBe(true);
  });
  test("oneofs, maps and well-known types", () => {
    const oneof = create(OneofFieldsSchema, { kind: { case: "stringValue", value: "s" } });
    const o2 = fromBinary(OneofFieldsSchema, toBinary(OneofFieldsSchema, oneof));
    expect(o2.kind).toEqual({ case: "stringValue", value: "s" });
    const maps = create(MapFieldsSchema, { int32Int32: { 1: 2 }, stringEnum: { a: Proto3Enum.NO } });
    const m2 = fromBinary(MapFieldsSchema, toBinary(MapFieldsSchema, maps));
    expect(m2.int32Int32[1]).toBe(2);
    expect(m2.stringEnum.a).toBe(Proto3Enum.NO);
    const wkt = create(WellKnownTypesSchema, { timestamp: create(TimestampSchema, { seconds: 10n }), int32Value: 7 });
    // (Assigned, not in the init object: our MessageInit type recurses too deeply on JsonObject.)
    wkt.struct = { a: [1, "b", null] };
    const w2 = fromBinary(WellKnownTypesSchema, toBinary(WellKnownTypesSchema, wkt));
    expect(w2.timestamp?.seconds).toBe(10n);
    expect(w2.int32Value).toBe(7);
    expect(w2.struct).toEqual({ a: [1, "b", null] });
    expect(WellKnownTypesSchema.field.timestamp.message).toBe(TimestampSchema);
  });
  test("the file imports the runtime's well-known types", () => {
    expect(file_proto3.dependencies.map((d) => d.name)).toContain("google/protobuf/timestamp");
    expect(file_proto3.dependencies.find((d) => d.name === "google/protobuf/timestamp")).toBe(TimestampSchema.file);
  });
});

describe("enum objects", () => {
  test("map names to numbers and numbers to names", () => {
    expect(Proto3Enum.YES).toBe(1);
    expect(Proto3Enum[1]).toBe("YES");
    expect(Proto3Enum.NEGATIVE).toBe(-1);
    expect(Proto3Enum[-1]).toBe("NEGATIVE");
    expect(Proto3Enum[Proto3Enum.LARGE]).toBe("LARGE");
    expect(EnumFields_NestedEnum.MINUS_ONE).toBe(-1);
    expect(EnumFields_NestedEnum[EnumFields_NestedEnum.MINUS_ONE]).toBe("MINUS_ONE");
    for (const v of Proto3EnumSchema.values) {
      expect((Proto3Enum as Record<string, unknown>)[v.localName]).toBe(v.number);
    }
  });
  test("the same keys, values and key order as the object of a TypeScript enum", () => {
    // What `enum Aliased { UNSPECIFIED = 0, ZERO = 0, ONE = 1, UNO = 1, EINS = 1, TWO = 2 }` compiles to.
    const tsEnum: Record<string, string | number> = {};
    for (const [name, n] of [
      ["UNSPECIFIED", 0],
      ["ZERO", 0],
      ["ONE", 1],
      ["UNO", 1],
      ["EINS", 1],
      ["TWO", 2],
    ] as const) {
      tsEnum[(tsEnum[name] = n)] = name;
    }
    expect(Object.entries(Aliased)).toEqual(Object.entries(tsEnum));
    expect(Aliased[1]).toBe("EINS");
  });
  test("a value named __proto__ is an own property, and the prototype is Object.prototype", () => {
    expect(Object.prototype.hasOwnProperty.call(JsHostileEnum, "__proto__")).toBe(true);
    expect(Object.getOwnPropertyDescriptor(JsHostileEnum, "__proto__")?.value).toBe(2);
    expect(Object.getPrototypeOf(JsHostileEnum)).toBe(Object.prototype);
    expect(JsHostileEnum[2]).toBe("__proto__");
    expect(JsHostileEnum.constructor$).toBe(1);
    expect(JsHostileEnum.toString$).toBe(3);
    expect(JsHostileEnum.hasOwnProperty).toBe(5);
    expect(Object.keys(JsHostileEnum)).toContain("__proto__");
  });
  test("proto2 closed enums", () => {
    expect(Proto2EnumSchema.open).toBe(false);
  });
});

describe("proto2.proto and edge.proto", () => {
  test("extensions and required fields", () => {
    const ext = create(ExtendeeSchema);
    setExtension(ext, int32_ext, 123);
    const back = fromBinary(ExtendeeSchema, toBinary(ExtendeeSchema, ext));
    expect(getExtension(back, int32_ext)).toBe(123);
    expect(int32_ext.typeName).toBe("pbjet.test.proto2.int32_ext");
    const req: MessageShape<typeof RequiredFieldsSchema> = create(RequiredFieldsSchema, { requiredInt32: 1 });
    expect(req.requiredInt32).toBe(1);
  });
  test("JS-hostile field names work", () => {
    // Assigned rather than passed to create(): TypeScript compares an object literal's inherited
    // Object.prototype members with fields like `isPrototypeOf` (with protobuf-es too).
    const msg = create(JsHostileNamesSchema);
    msg.constructor$ = 1;
    msg.Proto = 2;
    msg.toString$ = 3;
    msg.class = "c";
    msg.then = "t";
    const back = fromBinary(JsHostileNamesSchema, toBinary(JsHostileNamesSchema, msg));
    expect(back.constructor$).toBe(1);
    expect(back.Proto).toBe(2);
    expect(back.class).toBe("c");
    expect(back.then).toBe("t");
    expect(Object.getPrototypeOf(back)).not.toBe(null);
    const globals = create(GlobalNamesSchema, { object: { value: "o" }, map: { entries: { a: "b" } } });
    expect(fromBinary(GlobalNamesSchema, toBinary(GlobalNamesSchema, globals)).map?.entries).toEqual({ a: "b" });
  });
  test("services", () => {
    expect(EdgeService.typeName).toBe("pbjet.test.edge.EdgeService");
    expect(EdgeService.method.unary.methodKind).toBe("unary");
    expect(EdgeService.method.bidiStream.methodKind).toBe("bidi_streaming");
    expect(EdgeService.method.unary.input.typeName).toBe("pbjet.test.edge.Request");
  });
  test("method descriptors have the types Connect expects (DescMethodUnary, DescMethodStreaming, ...)", () => {
    type Req = typeof RequestSchema;
    type Res = typeof ResponseSchema;
    const unary: DescMethodUnary<Req, Res> = EdgeService.method.unary;
    const server: DescMethodServerStreaming<Req, Res> = EdgeService.method.serverStream;
    const client: DescMethodClientStreaming<Req, Res> = EdgeService.method.clientStream;
    const bidi: DescMethodBiDiStreaming<Req, Res> = EdgeService.method.bidiStream;
    const streaming: DescMethodStreaming<Req, Res>[] = [server, client, bidi];
    const service: DescService = EdgeService;
    // @ts-expect-error a unary method is no streaming method
    const notStreaming: DescMethodStreaming = EdgeService.method.unary;
    // @ts-expect-error the request type is part of the method's type
    const wrongInput: DescMethodUnary<Res, Res> = EdgeService.method.unary;
    // The generated message types flow through the method's input and output.
    const request: MessageShape<typeof EdgeService.method.unary.input> = create(RequestSchema);
    const response: MessageShape<typeof EdgeService.method.bidiStream.output> = create(ResponseSchema);
    expect([unary, ...streaming].map((m) => m.methodKind)).toEqual(["unary", "server_streaming", "client_streaming", "bidi_streaming"]);
    expect([notStreaming, wrongInput].map((m) => m.localName)).toEqual(["unary", "unary"]);
    expect(service.methods.map((m) => m.localName)).toContain("bidiStream");
    expect([request.$typeName, response.$typeName]).toEqual(["pbjet.test.edge.Request", "pbjet.test.edge.Response"]);
    // Descriptors from a registry have the same fields.
    const dynamic = registry().getService("pbjet.test.edge.EdgeService")!;
    const idempotency = Object.fromEntries(dynamic.methods.map((m) => [m.name, m.idempotency]));
    expect(idempotency).toMatchObject({ Unary: 0, NoSideEffects: 1, Idempotent: 2 });
    for (const m of dynamic.methods) {
      const generated = EdgeService.method[m.localName as keyof typeof EdgeService.method];
      expect([m.kind, m.methodKind, m.input.typeName, m.output.typeName, m.deprecated, m.parent.typeName]).toEqual([
        generated.kind,
        generated.methodKind,
        generated.input.typeName,
        generated.output.typeName,
        generated.deprecated,
        generated.parent.typeName,
      ]);
      expect(m.proto.name).toBe(m.name);
      expect(m.toString()).toBe(`rpc pbjet.test.edge.EdgeService.${m.name}`);
    }
  });
});
