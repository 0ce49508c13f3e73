/**
 * Enums in JSON: names, numbers, unknown values in open and closed enums, enumAsInteger,
 * ignoreUnknownFields, NullValue, and enumToJson / enumFromJson / isEnumJson.
 */
import * as pb from "@pbjet/protobuf";
import * as es from "@bufbuild/protobuf";
import { oracleRegistry } from "../helpers";
import { decodeError, p2, p3, registry, schema } from "./util";

const Enums = p3("EnumFields");
const Proto3Enum = registry().getEnum("pbjet.test.proto3.Proto3Enum")!;
const Proto2Enum = registry().getEnum("pbjet.test.proto2.Proto2Enum")!;
const NullValue = registry().getEnum("google.protobuf.NullValue")!;

test("names on output, numbers with enumAsInteger", () => {
  const msg = pb.create(Enums, { enumField: 1, optionalEnumField: 0, repeatedEnumField: [2, -1, 2147483647, -2147483648] });
  const named = {
    enumField: "PROTO3_ENUM_YES",
    optionalEnumField: "PROTO3_ENUM_UNSPECIFIED",
    repeatedEnumField: ["PROTO3_ENUM_NO", "PROTO3_ENUM_NEGATIVE", "PROTO3_ENUM_LARGE", "PROTO3_ENUM_MIN"],
  };
  expect(pb.toJson(Enums, msg)).toStrictEqual(named);
  expect(pb.toJsonString(Enums, msg)).toBe(JSON.stringify(named));
  const numbers = { enumField: 1, optionalEnumField: 0, repeatedEnumField: [2, -1, 2147483647, -2147483648] };
  expect(pb.toJson(Enums, msg, { enumAsInteger: true })).toStrictEqual(numbers);
  expect(pb.toJsonString(Enums, msg, { enumAsInteger: true })).toBe(JSON.stringify(numbers));
  expect(pb.equals(Enums, pb.fromJson(Enums, named), msg)).toBe(true);
  expect(pb.equals(Enums, pb.fromJson(Enums, numbers), msg)).toBe(true);
});

test("unknown values of open enums are written as numbers and read back", () => {
  const msg = pb.create(Enums, { enumField: 99, repeatedEnumField: [1, 100] });
  const json = { enumField: 99, repeatedEnumField: ["PROTO3_ENUM_YES", 100] };
  expect(pb.toJson(Enums, msg)).toStrictEqual(json);
  expect(pb.toJsonString(Enums, msg)).toBe(JSON.stringify(json));
  expect(pb.equals(Enums, pb.fromJson(Enums, json), msg)).toBe(true);
});

test("numbers must be int32", () => {
  expect(decodeError(Enums, { enumField: 1.5 })).toMatch(/enum_field from JSON: 1\.5 is not a value of enum pbjet\.test\.proto3\.Proto3Enum$/);
  expect(decodeError(Enums, { enumField: 2147483648 })).toMatch(/is not a value of enum/);
  expect(decodeError(Enums, { enumField: true })).toMatch(/true is not a value of enum/);
  expect(decodeError(Enums, { enumField: "1" })).toMatch(/"1" is not a value of enum/);
});

test("unknown names are rejected", () => {
  expect(decodeError(Enums, { enumField: "NOPE" })).toBe(
    'cannot decode field pbjet.test.proto3.EnumFields.enum_field from JSON: "NOPE" is not a value of enum pbjet.test.proto3.Proto3Enum',
  );
  expect(decodeError(Enums, { repeatedEnumField: ["PROTO3_ENUM_YES", "proto3_enum_yes"] })).toMatch(
    /repeated_enum_field\[1\] from JSON: "proto3_enum_yes"/,
  );
  const Maps = p3("MapFields");
  expect(decodeError(Maps, { stringEnum: { a: "X" } })).toMatch(/string_enum\["a"\] from JSON: "X" is not a value/);
});

test("with ignoreUnknownFields, unknown names are skipped: field unset, element and entry dropped", () => {
  const opts = { ignoreUnknownFields: true };
  const msg = pb.fromJson(
    Enums,
    { enumField: "NOPE", optionalEnumField: "NOPE", repeatedEnumField: ["PROTO3_ENUM_YES", "NOPE", "PROTO3_ENUM_NO"] },
    opts,
  );
  expect(pb.toJson(Enums, msg)).toStrictEqual({ repeatedEnumField: ["PROTO3_ENUM_YES", "PROTO3_ENUM_NO"] });
  expect(pb.isFieldSet(msg, Enums.field.optionalEnumField)).toBe(false);
  const Maps = p3("MapFields");
  expect(pb.toJson(Maps, pb.fromJson(Maps, { stringEnum: { a: "NOPE", b: "PROTO3_ENUM_YES" } }, opts))).toStrictEqual({
    stringEnum: { b: "PROTO3_ENUM_YES" },
  });
  const Oneofs = p3("OneofFields");
  expect((pb.fromJson(Oneofs, { enumValue: "NOPE" }, opts) as any).kind.case).toBeUndefined();
});

test("closed enums: unknown numbers are rejected, or skipped with ignoreUnknownFields", () => {
  const S = p2("OptionalScalars");
  expect(decodeError(S, { enumField: 7 })).toMatch(/enum_field from JSON: 7 is not a value of closed enum pbjet\.test\.proto2\.Proto2Enum$/);
  expect(pb.toJson(S, pb.fromJson(S, { enumField: 7 }, { ignoreUnknownFields: true }))).toStrictEqual({});
  expect(pb.toJson(S, pb.fromJson(S, { enumField: -5 }))).toStrictEqual({ enumField: "PROTO2_ENUM_NEG" });
  const R = p2("RepeatedFields");
  expect(pb.toJson(R, pb.fromJson(R, { enumField: [1, 7, "PROTO2_ENUM_BAZ"] }, { ignoreUnknownFields: true }))).toStrictEqual({
    enumField: ["PROTO2_ENUM_FOO", "PROTO2_ENUM_BAZ"],
  });
});

test("aliases: any name is read, the first is written", () => {
  const Aliased = registry().getEnum("pbjet.test.edge.Aliased")!;
  const byNumber = new Map<number, string[]>();
  for (const v of Aliased.values) byNumber.set(v.number, [...(byNumber.get(v.number) ?? []), v.name]);
  const alias = [...byNumber.values()].find((names) => names.length > 1)!;
  expect(alias).toBeDefined();
  const n = pb.enumFromJson(Aliased, alias[1]);
  expect(pb.enumFromJson(Aliased, alias[0])).toBe(n);
  expect(pb.enumToJson(Aliased, n)).toBe(alias[0]);
});

test("enumToJson, enumFromJson, isEnumJson", () => {
  expect(pb.enumToJson(Proto3Enum, 2)).toBe("PROTO3_ENUM_NO");
  expect(pb.enumToJson(NullValue, 0)).toBeNull();
  expect(() => pb.enumToJson(Proto3Enum, 99)).toThrow(pb.JsonEncodeError);
  expect(() => pb.enumToJson(Proto3Enum, 99)).toThrow("99 is not a value of enum pbjet.test.proto3.Proto3Enum");
  expect(pb.enumFromJson(Proto3Enum, "PROTO3_ENUM_NEGATIVE")).toBe(-1);
  expect(pb.enumFromJson(Proto3Enum, 5)).toBe(5);
  expect(pb.enumFromJson(NullValue, null)).toBe(0);
  expect(() => pb.enumFromJson(Proto3Enum, "NOPE")).toThrow(pb.JsonDecodeError);
  expect(() => pb.enumFromJson(Proto2Enum, 7)).toThrow(/closed enum/);
  expect(pb.isEnumJson(Proto3Enum, "PROTO3_ENUM_YES")).toBe(true);
  expect(pb.isEnumJson(Proto3Enum, "NOPE")).toBe(false);
  expect(pb.isEnumJson(Proto3Enum, 1)).toBe(false);
  expect(pb.isEnumJson(Proto3Enum, "__proto__")).toBe(false);
  expect(pb.isEnumJson(Proto3Enum, "constructor")).toBe(false);
});

test("JS-hostile enum value names", () => {
  const Hostile = registry().getEnum("pbjet.test.edge.JsHostileEnum")!;
  for (const v of Hostile.values) {
    expect(pb.enumFromJson(Hostile, v.name)).toBe(v.number);
    expect(pb.isEnumJson(Hostile, v.name)).toBe(true);
  }
});

describe("google.protobuf.NullValue", () => {
  const W = p3("WellKnownTypes");

  test("is written as null", () => {
    const msg = pb.create(W, { optionalNullValue: 0, wktOneof: { case: "oneofNullValue", value: 0 } } as never);
    expect(pb.toJson(W, msg)).toStrictEqual({ optionalNullValue: null, oneofNullValue: null });
    expect(pb.toJson(W, pb.create(W), { alwaysEmitImplicit: true })).toMatchObject({ nullValue: null });
    expect(pb.toJsonString(W, msg)).toBe('{"optionalNullValue":null,"oneofNullValue":null}');
    expect(pb.toJson(W, msg, { enumAsInteger: true })).toStrictEqual({ optionalNullValue: null, oneofNullValue: null });
  });

  test("null sets it: in singular, optional and oneof fields", () => {
    const msg = pb.fromJson(W, { nullValue: null, optionalNullValue: null, oneofNullValue: null }) as any;
    expect(pb.isFieldSet(msg, W.field.optionalNullValue)).toBe(true);
    expect(msg.wktOneof).toStrictEqual({ case: "oneofNullValue", value: 0 });
    expect((pb.fromJson(W, { nullValue: "NULL_VALUE" }) as any).nullValue).toBe(0);
    expect((pb.fromJson(W, { nullValue: 0 }) as any).nullValue).toBe(0);
  });

  test("a null oneof member still counts as set", () => {
    expect(decodeError(W, { oneofNullValue: null, oneofTimestamp: "1970-01-01T00:00:00Z" })).toMatch(/more than one field of oneof wkt_oneof/);
  });
});

test("enums of edition 2023 with json_format LEGACY_BEST_EFFORT behave the same", () => {
  const L = schema("pbjet.test.edition2023.LegacyJson");
  const json = { fieldOne: 1, fieldTwo: "x", enumField: "LEGACY_JSON_ENUM_ONE" };
  const msg = pb.fromJson(L, json);
  expect(pb.toJson(L, msg)).toStrictEqual(json);
  expect(pb.toJson(L, pb.fromJson(L, { field_one: 1, enum_field: 1 }))).toStrictEqual({ fieldOne: 1, enumField: "LEGACY_JSON_ENUM_ONE" });
});

test("enumFromJson with a value the enum does not have throws protobuf-es's error text", () => {
  const ours = registry("test").getEnum("pbjet.test.proto3.Proto3Enum")!;
  const theirs = oracleRegistry().getEnum("pbjet.test.proto3.Proto3Enum")!;
  for (const json of ["NOPE", "", "proto3_enum_negative"]) {
    let expected = "";
    try {
      es.enumFromJson(theirs, json as never);
    } catch (e) {
      expected = (e as Error).message;
    }
    expect(expected).not.toBe("");
    expect(() => pb.enumFromJson(ours, json as never)).toThrow(pb.JsonDecodeError);
    expect(() => pb.enumFromJson(ours, json as never)).toThrow(expected);
  }
});
