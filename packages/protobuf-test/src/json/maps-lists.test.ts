/**
 * Lists and maps in JSON: arrays, objects keyed by strings (bool keys "true"/"false",
 * integer keys in decimal), key validation, wrong element types.
 */
import * as es from "@bufbuild/protobuf";
import * as pb from "@pbjet/protobuf";
import { aotRegistry, oracleSchema, registry } from "../helpers";
import { decodeError, p2, p3 } from "./util";

const Maps = p3("MapFields");
const Repeated = p3("RepeatedScalarValues");
const Messages = p3("MessageFields");

describe("maps", () => {
  test("keys of every type are strings", () => {
    const msg = pb.create(Maps, {
      int32Int32: { "-1": 1, "2147483647": 2 },
      int64Int64: { "-9223372036854775808": 3n },
      uint64Uint64: { "18446744073709551615": 4n },
      boolBool: { true: true, false: false },
      stringString: { "": "empty", "a b": "c" },
      sfixed64Message: { "-5": { int32Field: 1 } },
      stringEnum: { x: 1 },
      int32Bytes: { "7": new Uint8Array([1]) },
      int32Float: { "1": Number.NaN },
    });
    const json = {
      int32Int32: { "-1": 1, "2147483647": 2 },
      int64Int64: { "-9223372036854775808": "3" },
      uint64Uint64: { "18446744073709551615": "4" },
      boolBool: { true: true, false: false },
      stringString: { "": "empty", "a b": "c" },
      int32Float: { "1": "NaN" },
      int32Bytes: { "7": "AQ==" },
      stringEnum: { x: "PROTO3_ENUM_YES" },
      sfixed64Message: { "-5": { int32Field: 1 } },
    };
    expect(pb.toJson(Maps, msg)).toStrictEqual(json);
    expect(JSON.parse(pb.toJsonString(Maps, msg))).toStrictEqual(json);
    expect(pb.toJson(Maps, pb.fromJson(Maps, json))).toStrictEqual(json);
  });

  test("integer keys are parsed and written canonically", () => {
    const msg = pb.fromJson(Maps, { int32Int32: { "1e1": 1, "-0": 2 }, int64Int64: { "007": "1" }, uint32Uint32: { "4294967295": 1 } }) as any;
    expect(Object.keys(msg.int32Int32).sort()).toStrictEqual(["0", "10"]);
    expect(Object.keys(msg.int64Int64)).toStrictEqual(["7"]);
  });

  test.each([
    ["int32Int32", "a", /int32_int32\["a"\] from JSON: map key "a" is not an int32$/],
    ["int32Int32", "2147483648", /map key "2147483648" is not an int32$/],
    ["int32Int32", "1.5", /is not an int32/],
    ["int32Int32", "", /map key "" is not an int32$/],
    ["uint32Uint32", "-1", /is not a uint32/],
    ["int64Int64", "9223372036854775808", /is not an int64/],
    ["uint64Uint64", "-1", /is not a uint64/],
    ["boolBool", "TRUE", /bool_bool\["TRUE"\] from JSON: map key "TRUE" is not a bool$/],
    ["boolBool", "1", /is not a bool/],
    ["stringString", "\ud800", /lone surrogate/],
  ])("%s key %p is rejected", (field, key, message) => {
    const value = field === "boolBool" ? true : field.startsWith("string") ? "v" : 1;
    expect(decodeError(Maps, { [field]: { [key]: value } })).toMatch(message);
  });

  test("the same integer key spelled twice is an error", () => {
    expect(decodeError(Maps, { int32Int32: { "1": 1, "01": 2 } })).toMatch(/map key 1 is given twice/);
    expect(decodeError(Maps, { int64Int64: { "01": "1", "1": "2" } })).toMatch(/map key 1 is given twice/);
  });

  test("values must fit, and the error names the key", () => {
    expect(decodeError(Maps, { stringInt64: { k: "x" } })).toBe(
      'cannot decode field pbjet.test.proto3.MapFields.string_int64["k"] from JSON: "x" is not an int64',
    );
    expect(decodeError(Maps, { stringMessage: { k: { a: "x" } } })).toBe(
      'cannot decode field pbjet.test.proto3.MapFields.string_message["k"].a from JSON: "x" is not an int32',
    );
    expect(decodeError(Maps, { int32Int32: [] })).toMatch(/int32_int32 from JSON: expected object, got array/);
    expect(decodeError(Maps, { int32Int32: "x" })).toMatch(/expected object, got "x"/);
  });

  test("proto2 maps with closed enum values", () => {
    const M = p2("MapFields");
    expect(pb.toJson(M, pb.fromJson(M, { int32Enum: { "1": "PROTO2_MAP_ENUM_TWO", "2": 1 } }))).toStrictEqual({
      int32Enum: { "1": "PROTO2_MAP_ENUM_TWO", "2": "PROTO2_MAP_ENUM_ONE" },
    });
    expect(decodeError(M, { int32Enum: { "1": 9 } })).toMatch(/9 is not a value of closed enum/);
    expect(pb.toJson(M, pb.fromJson(M, { int32Enum: { "1": 9, "2": 2 } }, { ignoreUnknownFields: true }))).toStrictEqual({
      int32Enum: { "2": "PROTO2_MAP_ENUM_TWO" },
    });
  });
});

describe("maps with integer keys", () => {
  test("merging sparse keys into a map that holds key 4294967294 keeps it", () => {
    for (const text of ['{"uint32Uint32": {"5000": 1}}', `{"uint32Uint32": {${Array.from({ length: 40 }, (_, i) => `"${i}": ${i}`).join(",")}}}`]) {
      const msg = pb.create(Maps, { uint32Uint32: { 4294967294: 7 } });
      pb.mergeFromJsonString(Maps, msg, text);
      const map = (msg as unknown as { uint32Uint32: Record<number, number> }).uint32Uint32;
      expect(map[4294967294]).toBe(7);
      expect(Object.keys(map).length).toBe(Object.keys(JSON.parse(text).uint32Uint32).length + 1);
    }
  });
  test("sparse, dense and large keys read from text", () => {
    const keys = [0, 1000, 9000, 1, 2, 4294967294, 4294967295, 77];
    const text = JSON.stringify({ uint32Uint32: Object.fromEntries(keys.map((k, i) => [String(k), i])) });
    const msg = pb.fromJsonString(Maps, text) as unknown as { uint32Uint32: Record<number, number> };
    expect(Object.entries(msg.uint32Uint32)).toEqual(keys.map((k, i) => [String(k), i]).sort((a, b) => Number(a[0]) - Number(b[0])));
  });
});

describe("lists", () => {
  test("elements of every scalar type", () => {
    const msg = pb.create(Repeated, {
      int32Field: [1, -1],
      int64Field: [1n, -1n],
      boolField: [true, false],
      stringField: ["a", ""],
      bytesField: [new Uint8Array([1])],
    });
    const json = { int32Field: [1, -1], int64Field: ["1", "-1"], boolField: [true, false], stringField: ["a", ""], bytesField: ["AQ=="] };
    expect(pb.toJson(Repeated, msg)).toStrictEqual(json);
    expect(pb.toJsonString(Repeated, msg)).toBe(JSON.stringify(json));
    expect(pb.equals(Repeated, pb.fromJson(Repeated, json), msg)).toBe(true);
  });

  test("wrong element types name the index", () => {
    expect(decodeError(Repeated, { int32Field: [1, 2, 3, "abc"] })).toBe(
      'cannot decode field pbjet.test.proto3.RepeatedScalarValues.int32_field[3] from JSON: "abc" is not an int32',
    );
    expect(decodeError(Repeated, { int32Field: [true] })).toMatch(/\[0\] from JSON: true is not an int32/);
    expect(decodeError(Repeated, { int32Field: [{}] })).toMatch(/\[0\] from JSON: object is not an int32/);
    expect(decodeError(Repeated, { stringField: [1] })).toMatch(/1 is not a string/);
    expect(decodeError(Repeated, { stringField: [{}] })).toMatch(/object is not a string/);
    expect(decodeError(Messages, { repeatedNestedField: [1] })).toMatch(/repeated_nested_field\[0\] from JSON: expected object, got 1/);
    expect(decodeError(Messages, { repeatedNestedField: ["x"] })).toMatch(/expected object, got "x"/);
    expect(decodeError(Messages, { repeatedNestedField: [true] })).toMatch(/expected object, got true/);
  });

  test("a list must be an array", () => {
    expect(decodeError(Repeated, { int32Field: 1 })).toBe(
      "cannot decode field pbjet.test.proto3.RepeatedScalarValues.int32_field from JSON: expected array, got 1",
    );
    expect(decodeError(Repeated, { int32Field: {} })).toMatch(/expected array, got object/);
  });

  test("nested paths combine fields, indexes and keys", () => {
    expect(decodeError(Messages, { repeatedRecursive: [{}, { nestedField: { deeper: { values: ["a", 5] } } }] })).toBe(
      "cannot decode field pbjet.test.proto3.MessageFields.repeated_recursive[1].nested_field.deeper.values[1] from JSON: 5 is not a string",
    );
  });

  test("packed and unpacked lists are the same in JSON", () => {
    const U = p3("UnpackedRepeatedScalarValues");
    const json = { int32Field: [1, 2], enumField: ["PROTO3_ENUM_YES"] };
    expect(pb.toJson(U, pb.fromJson(U, json))).toStrictEqual(json);
  });
});

describe("long lists and maps", () => {
  // Lists and maps of any length are written by concatenation, as short ones are: the text
  // is protobuf-es's, with closures and with the aot=true code.
  const aot = aotRegistry(registry());
  const item = (i: number) => ({
    int32Field: i,
    int64Field: BigInt(i) * -3n,
    stringField: `s${i}\u00e9"\\`,
    bytesField: new Uint8Array([i & 255]),
    doubleField: i / 3,
  });
  const inits: [string, (n: number) => Record<string, unknown>][] = [
    ["pbjet.test.proto3.MessageFields", (n) => ({ repeatedScalarValues: Array.from({ length: n }, (_, i) => item(i)) })],
    [
      "pbjet.test.proto3.MapFields",
      (n) => ({ stringMessage: Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}\u2028`, { a: i, b: `b${i}` }])) }),
    ],
    [
      "pbjet.test.proto3.MapFields",
      (n) => ({ int64Int64: Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i - 5), BigInt(i) << 40n])) }),
    ],
    [
      "pbjet.test.proto3.RepeatedScalarValues",
      (n) => ({ stringField: Array.from({ length: n }, (_, i) => `v${i}\n`), int64Field: Array.from({ length: n }, (_, i) => BigInt(i)) }),
    ],
  ];
  test.each(inits.flatMap(([typeName, init]) => [9, 65, 1000].map((n) => [typeName, n, init] as const)))("%s, %p elements", (typeName, n, init) => {
    const theirs = oracleSchema(typeName);
    const expected = es.toJsonString(theirs, es.create(theirs, init(n) as never));
    for (const schema of [pb.createRegistry(registry()).getMessage(typeName)!, aot.getMessage(typeName)!]) {
      expect(pb.toJsonString(schema, pb.create(schema, init(n)))).toBe(expected);
    }
  });
});
