/**
 * toJsonString: pretty printing, and agreement with JSON.stringify(toJson()) for small and
 * large messages (large lists and maps take the value path), for every option combination.
 */
import * as pb from "@pbjet/protobuf";
import { p3, schema } from "./util";

const User = schema("example.User");
const Repeated = p3("RepeatedScalarValues");
const Messages = p3("MessageFields");
const Maps = p3("MapFields");

const combinations: Partial<pb.JsonWriteOptions>[] = [];
for (let i = 0; i < 8; i++) {
  combinations.push({ alwaysEmitImplicit: (i & 1) !== 0, enumAsInteger: (i & 2) !== 0, useProtoFieldName: (i & 4) !== 0 });
}

function sameText(desc: pb.DescMessage, msg: pb.Message): void {
  for (const options of combinations) {
    expect(pb.toJsonString(desc, msg, options)).toBe(JSON.stringify(pb.toJson(desc, msg, options)));
  }
}

test("prettySpaces indents as JSON.stringify does", () => {
  const msg = pb.create(User, { firstName: "a", locations: ["x", "y"], manager: { active: true } });
  expect(pb.toJsonString(User, msg, { prettySpaces: 2 })).toBe(
    '{\n  "firstName": "a",\n  "manager": {\n    "active": true\n  },\n  "locations": [\n    "x",\n    "y"\n  ]\n}',
  );
  expect(pb.toJsonString(User, msg, { prettySpaces: 0 })).toBe('{"firstName":"a","manager":{"active":true},"locations":["x","y"]}');
  expect(pb.toJsonString(User, msg, { prettySpaces: 4, useProtoFieldName: true })).toBe(
    JSON.stringify(pb.toJson(User, msg, { useProtoFieldName: true }), null, 4),
  );
});

test("small messages, every option combination", () => {
  sameText(User, pb.create(User, { firstName: 'a"b\\c\u0001\u2028😀', projects: { 'k"': "v" }, manager: {} }));
  sameText(p3("EnumFields"), pb.create(p3("EnumFields"), { enumField: 1, repeatedEnumField: [0, 5, -1] }));
  sameText(
    p3("ScalarValues"),
    pb.create(p3("ScalarValues"), { doubleField: Number.NaN, floatField: -Infinity, int64Field: -1n, bytesField: new Uint8Array([1]) }),
  );
});

test("large lists and maps", () => {
  const n = 100;
  sameText(
    Repeated,
    pb.create(Repeated, {
      int32Field: Array.from({ length: n }, (_, i) => i - 50),
      doubleField: Array.from({ length: n }, (_, i) => (i === 7 ? Number.NaN : i / 3)),
      stringField: Array.from({ length: n }, (_, i) => `s"${i}`),
      int64Field: Array.from({ length: n }, (_, i) => BigInt(i) << 40n),
      bytesField: Array.from({ length: n }, (_, i) => new Uint8Array([i])),
    }),
  );
  sameText(Messages, pb.create(Messages, { repeatedNestedField: Array.from({ length: 20 }, (_, i) => ({ a: i, b: String(i) })) }));
  sameText(
    Maps,
    pb.create(Maps, {
      stringMessage: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, { a: i }])),
      int32Int32: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [String(i), i])),
      stringEnum: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`e${i}`, i % 3])),
    }),
  );
  // A large list deep inside a small message.
  sameText(Messages, pb.create(Messages, { nestedField: { deeper: { values: Array.from({ length: 100 }, (_, i) => String(i)) } } }));
});

test("errors are the same on both paths", () => {
  const big = pb.create(Repeated, { int32Field: Array.from({ length: 100 }, () => 1) }) as any;
  big.int32Field[70] = 1.5;
  expect(() => pb.toJsonString(Repeated, big)).toThrow(
    "cannot encode field pbjet.test.proto3.RepeatedScalarValues.int32_field[70] to JSON: expected number (int32), got 1.5",
  );
  expect(() => pb.toJson(Repeated, big)).toThrow(
    "cannot encode field pbjet.test.proto3.RepeatedScalarValues.int32_field[70] to JSON: expected number (int32), got 1.5",
  );
  const small = pb.create(Repeated, { int32Field: [1, 2] }) as any;
  small.int32Field[1] = "x";
  expect(() => pb.toJsonString(Repeated, small)).toThrow('int32_field[1] to JSON: expected number (int32), got "x"');
});

test("defaults of the options", () => {
  const msg = pb.create(p3("EnumFields"), { enumField: 2 });
  expect(pb.toJson(p3("EnumFields"), msg, {})).toStrictEqual({ enumField: "PROTO3_ENUM_NO" });
  expect(
    pb.toJson(p3("EnumFields"), msg, { alwaysEmitImplicit: false, enumAsInteger: false, useProtoFieldName: false, registry: undefined }),
  ).toStrictEqual({
    enumField: "PROTO3_ENUM_NO",
  });
  expect(pb.fromJson(p3("EnumFields"), { enumField: "PROTO3_ENUM_NO" }, {})).toStrictEqual(msg);
});
