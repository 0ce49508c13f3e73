/**
 * How deep google.protobuf.Value, Struct and ListValue may nest in JSON, differential against
 * @bufbuild/protobuf 2.17 (the oracle): for each shape, the deepest nesting that fromJson() and
 * fromJsonString() accept is the oracle's, with the default recursionLimit and a small one.
 * Messages count one level each (the top level too) and may reach the limit; a Value is one
 * level below its message and may not reach it; the Values of a Struct or ListValue are at its
 * level, those in a Value's struct or list one below the Value. toJson() and toJsonString() of
 * deep values (also of an unboxed Struct field) do not reject them, as in the oracle.
 */
import * as oracle from "@bufbuild/protobuf";
import * as pb from "@pbjet/protobuf";
import { ours, theirs, thrownBy, type Lib } from "../core/error-texts-util";

const WKT = "pbjet.test.proto3.WellKnownTypes";
const MSG = "pbjet.test.proto3.MessageFields";
const ANY = "type.googleapis.com/";

/** `leaf` in `n` nested arrays. */
function lists(n: number, leaf: unknown = 1): unknown {
  let v = leaf;
  for (let i = 0; i < n; i++) v = [v];
  return v;
}

/** `leaf` in `n` nested objects of one key. */
function objects(n: number, leaf: unknown = 1): unknown {
  let v = leaf;
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
}

/** `inner` in `n` messages MessageFields nested by their field `recursive`. */
function messages(n: number, inner: object = {}): object {
  let v = inner;
  for (let i = 0; i < n; i++) v = { recursive: v };
  return v;
}

/** A shape: the schema's type name and its JSON for nesting `n`. */
type Shape = [name: string, typeName: string, json: (n: number) => unknown];

const shapes: Shape[] = [
  ["a Value of lists", "google.protobuf.Value", (n) => lists(n)],
  ["a Value of objects", "google.protobuf.Value", (n) => objects(n)],
  ["a Value of lists ending in []", "google.protobuf.Value", (n) => lists(n, [])],
  ["a Value of objects ending in {}", "google.protobuf.Value", (n) => objects(n, {})],
  ["a Struct", "google.protobuf.Struct", (n) => ({ a: lists(n) })],
  ["a ListValue", "google.protobuf.ListValue", (n) => [objects(n)]],
  ["a Value field", WKT, (n) => ({ value: lists(n) })],
  ["a Struct field (unboxed)", WKT, (n) => ({ struct: { a: objects(n) } })],
  ["a ListValue field", WKT, (n) => ({ listValue: [lists(n)] })],
  ["a repeated Value field", WKT, (n) => ({ repeatedValue: [lists(n)] })],
  ["a map of Values", WKT, (n) => ({ mapValue: { k: lists(n) } })],
  ["messages", MSG, (n) => messages(n)],
  ["an Any of a Value", "google.protobuf.Any", (n) => ({ "@type": ANY + "google.protobuf.Value", value: lists(n) })],
  ["an Any of a Struct", "google.protobuf.Any", (n) => ({ "@type": ANY + "google.protobuf.Struct", value: { a: lists(n) } })],
  ["an Any of a message with a Value", "google.protobuf.Any", (n) => ({ "@type": ANY + WKT, value: lists(n) })],
  ["an Any field of a Value", WKT, (n) => ({ any: { "@type": ANY + "google.protobuf.Value", value: lists(n) } })],
  ["an Any of nested messages", "google.protobuf.Any", (n) => ({ "@type": ANY + MSG, ...messages(n) })],
];

/** The largest n up to `max` whose JSON the library reads, or -1 if none. */
function deepest(read: (n: number) => unknown, max: number): number {
  const ok = (n: number) => thrownBy(() => read(n)) === undefined;
  if (ok(max)) return max;
  let lo = -1;
  let hi = max;
  while (lo + 1 < hi) {
    const mid = (lo + hi) >> 1;
    if (ok(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

function reader(l: Lib, typeName: string, json: (n: number) => unknown, limit: number | undefined, text: boolean): (n: number) => unknown {
  const schema = typeName.startsWith("google.")
    ? (l.wkt as unknown as Record<string, oracle.DescMessage>)[`${typeName.slice(16)}Schema`]
    : l.s(typeName);
  // (protobuf-es reads an explicit `recursionLimit: undefined` as no limit: the key is left out.)
  const options = limit === undefined ? { registry: l.reg } : { recursionLimit: limit, registry: l.reg };
  return text
    ? (n) => l.pb.fromJsonString(schema, JSON.stringify(json(n)), options)
    : (n) => l.pb.fromJson(schema, json(n) as oracle.JsonValue, options);
}

describe.each([
  ["the default limit", undefined, 250],
  ["recursionLimit 10", 10, 40],
])("nesting with %s", (_name, limit, max) => {
  test.each(shapes)("%s: fromJson accepts the depths the oracle accepts", (_shape, typeName, json) => {
    const expected = deepest(reader(theirs, typeName, json, limit, false), max);
    expect(expected).toBeLessThan(max);
    expect(deepest(reader(ours, typeName, json, limit, false), max)).toBe(expected);
  });

  test.each(shapes)("%s: fromJsonString accepts the depths the oracle accepts", (_shape, typeName, json) => {
    const expected = deepest(reader(theirs, typeName, json, limit, true), max);
    expect(deepest(reader(ours, typeName, json, limit, true), max)).toBe(expected);
  });
});

describe("the smallest limits", () => {
  test.each([
    ["a number Value, limit 1", "google.protobuf.Value", 1, 1],
    ["a number Value, limit 2", "google.protobuf.Value", 1, 2],
    ["an empty Struct, limit 0", "google.protobuf.Struct", {}, 0],
    ["an empty Struct, limit 1", "google.protobuf.Struct", {}, 1],
    ["a Struct of a number, limit 1", "google.protobuf.Struct", { a: 1 }, 1],
    ["a message, limit 0", WKT, {}, 0],
    ["an empty Struct field, limit 1", WKT, { struct: {} }, 1],
    ["an empty Struct field, limit 2", WKT, { struct: {} }, 2],
    ["a Struct field of a number, limit 2", WKT, { struct: { a: 1 } }, 2],
    ["a Struct field of a number, limit 3", WKT, { struct: { a: 1 } }, 3],
    ["a Value field, limit 2", WKT, { value: 1 }, 2],
  ])("%s: accepted or rejected as in the oracle", (_name, typeName, json, limit) => {
    const read = (l: Lib) => thrownBy(() => reader(l, typeName, () => json, limit, false)(0)) === undefined;
    expect(read(ours)).toBe(read(theirs));
  });
});

describe("writing deep values", () => {
  const W = ours.s(WKT);
  const OW = theirs.s(WKT);

  test("toJson and toJsonString of an unboxed Struct field 300 deep: not rejected, as in the oracle", () => {
    const init = { struct: { a: lists(300) } } as never;
    expect(pb.toJson(W as never, pb.create(W as never, init))).toEqual(oracle.toJson(OW, oracle.create(OW, init)));
    expect(pb.toJsonString(W as never, pb.create(W as never, init))).toBe(oracle.toJsonString(OW, oracle.create(OW, init)));
  });

  test("a Value message 300 deep reads back with a larger recursionLimit and writes as in the oracle", () => {
    const json = lists(300) as oracle.JsonValue;
    const opts = { recursionLimit: 400 };
    const m = ours.pb.fromJson(ours.wkt.ValueSchema, json, opts);
    expect(ours.pb.toJson(ours.wkt.ValueSchema, m)).toEqual(
      theirs.pb.toJson(theirs.wkt.ValueSchema, theirs.pb.fromJson(theirs.wkt.ValueSchema, json, opts)),
    );
  });
});
