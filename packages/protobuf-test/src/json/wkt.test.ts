/**
 * Well-known types with a JSON form of their own: Timestamp, Duration, FieldMask, Struct,
 * Value, ListValue, NullValue, the wrappers and Empty. (Any is in any.test.ts.)
 */
import * as pb from "@pbjet/protobuf";
import * as oracle from "@bufbuild/protobuf";
import { TimestampSchema as OracleTimestamp } from "@bufbuild/protobuf/wkt";
import * as fc from "fast-check";
import { decodeError, p3, registry, thrown } from "./util";

const W = p3("WellKnownTypes");
const wkt = (name: string) => registry().getMessage("google.protobuf." + name)!;
const Timestamp = wkt("Timestamp");
const Duration = wkt("Duration");
const FieldMask = wkt("FieldMask");
const Struct = wkt("Struct");
const Value = wkt("Value");
const ListValue = wkt("ListValue");

/**
 * The message of the JsonEncodeError that toJson throws for `create(desc, init)`; toJsonString
 * must throw a JsonEncodeError with the same message. Fails if either does not throw.
 */
function encodeError(desc: pb.DescMessage, init: Record<string, unknown>): string {
  const msg = pb.create(desc, init);
  const e = thrown(() => pb.toJson(desc, msg));
  expect(e).toBeInstanceOf(pb.JsonEncodeError);
  expect(e.name).toBe("JsonEncodeError");
  const s = thrown(() => pb.toJsonString(desc, msg));
  expect(s).toBeInstanceOf(pb.JsonEncodeError);
  expect(s.message).toBe(e.message);
  return e.message;
}

describe("Timestamp", () => {
  test.each([
    [0n, 0, "1970-01-01T00:00:00Z"],
    [0n, 10000000, "1970-01-01T00:00:00.010Z"],
    [0n, 10000, "1970-01-01T00:00:00.000010Z"],
    [0n, 10, "1970-01-01T00:00:00.000000010Z"],
    [1n, 999999999, "1970-01-01T00:00:01.999999999Z"],
    [-1n, 0, "1969-12-31T23:59:59Z"],
    [-62135596800n, 0, "0001-01-01T00:00:00Z"],
    [253402300799n, 999999999, "9999-12-31T23:59:59.999999999Z"],
    [951782400n, 0, "2000-02-29T00:00:00Z"],
    [-2208988800n, 0, "1900-01-01T00:00:00Z"],
  ])("seconds %p nanos %p is %p", (seconds, nanos, text) => {
    const msg = pb.create(Timestamp, { seconds, nanos });
    expect(pb.toJson(Timestamp, msg)).toBe(text);
    expect(pb.toJsonString(Timestamp, msg)).toBe(JSON.stringify(text));
    expect(pb.equals(Timestamp, pb.fromJson(Timestamp, text), msg)).toBe(true);
  });

  test("any timestamp in range is written as protobuf-es writes it, in every precision", () => {
    const nanos = fc.oneof(
      fc.constant(0),
      fc.integer({ min: 0, max: 999 }).map((ms) => ms * 1000000),
      fc.integer({ min: 0, max: 999999 }).map((us) => us * 1000),
      fc.integer({ min: 0, max: 999999999 }),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: -62135596800n, max: 253402300799n }), nanos, (seconds, nanos) => {
        const want = oracle.toJsonString(OracleTimestamp, oracle.create(OracleTimestamp, { seconds, nanos }));
        const msg = pb.create(Timestamp, { seconds, nanos });
        expect(pb.toJsonString(Timestamp, msg)).toBe(want);
        expect(pb.toJsonString(W, pb.create(W, { timestamp: msg }))).toBe(`{"timestamp":${want}}`);
        expect(pb.toJson(Timestamp, msg)).toBe(JSON.parse(want));
      }),
      { numRuns: 3000 },
    );
  });

  test.each([
    ["1970-01-01T00:00:00.1Z", 0n, 100000000],
    ["1970-01-01T00:00:00.123456Z", 0n, 123456000],
    ["1970-01-01T01:00:00+01:00", 0n, 0],
    ["1969-12-31T19:00:00-05:00", 0n, 0],
    ["1970-01-01T00:00:00.5-00:30", 1800n, 500000000],
    ["0001-01-01T00:30:00+00:30", -62135596800n, 0],
    ["2024-02-29T12:00:00Z", 1709208000n, 0],
  ])("%p is read", (text, seconds, nanos) => {
    expect(pb.toJson(Timestamp, pb.fromJson(Timestamp, text))).toBe(pb.toJson(Timestamp, pb.create(Timestamp, { seconds, nanos })));
  });

  test.each([
    "1970-01-01t00:00:00Z",
    "1970-01-01T00:00:00z",
    "1970-01-01 00:00:00Z",
    "1970-01-01T00:00:00",
    "1970-01-01T00:00:00.Z",
    "1970-01-01T00:00:00.1234567890Z",
    "1970-1-01T00:00:00Z",
    "1970-02-30T00:00:00Z",
    "2023-02-29T00:00:00Z",
    "1970-13-01T00:00:00Z",
    "1970-01-01T24:00:00Z",
    "1970-01-01T00:60:00Z",
    "1970-01-01T00:00:60Z",
    "1970-01-01T00:00:00+24:00",
    "0000-12-31T23:59:59Z",
    "10000-01-01T00:00:00Z",
    "0001-01-01T00:00:00+00:01",
    "9999-12-31T23:59:59-00:01",
    "",
    0,
  ])("%p is rejected", (text) => {
    expect(decodeError(Timestamp, text)).toMatch(/^cannot decode message google\.protobuf\.Timestamp from JSON: /);
  });

  test("out of range values cannot be written", () => {
    expect(encodeError(Timestamp, { seconds: 253402300800n })).toBe(
      "cannot encode message google.protobuf.Timestamp to JSON: seconds 253402300800 is out of range (0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z)",
    );
    expect(encodeError(Timestamp, { seconds: -62135596801n })).toBe(
      "cannot encode message google.protobuf.Timestamp to JSON: seconds -62135596801 is out of range (0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z)",
    );
    expect(encodeError(Timestamp, { nanos: -1 })).toBe(
      "cannot encode message google.protobuf.Timestamp to JSON: nanos -1 is out of range 0 to 999999999",
    );
    expect(encodeError(Timestamp, { nanos: 1000000000 })).toBe(
      "cannot encode message google.protobuf.Timestamp to JSON: nanos 1000000000 is out of range 0 to 999999999",
    );
    expect(encodeError(W, { timestamp: { seconds: 1n << 40n } })).toBe(
      "cannot encode field pbjet.test.proto3.WellKnownTypes.timestamp to JSON: seconds 1099511627776 is out of range (0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z)",
    );
  });
});

describe("Duration", () => {
  test.each([
    [0n, 0, "0s"],
    [1n, 0, "1s"],
    [1n, 500000000, "1.500s"],
    [-1n, -500000000, "-1.500s"],
    [0n, -500000000, "-0.500s"],
    [0n, 1000, "0.000001s"],
    [0n, 1, "0.000000001s"],
    [315576000000n, 999999999, "315576000000.999999999s"],
    [-315576000000n, -999999999, "-315576000000.999999999s"],
  ])("seconds %p nanos %p is %p", (seconds, nanos, text) => {
    const msg = pb.create(Duration, { seconds, nanos });
    expect(pb.toJson(Duration, msg)).toBe(text);
    expect(pb.equals(Duration, pb.fromJson(Duration, text), msg)).toBe(true);
  });

  test("input with 1 to 9 fractional digits", () => {
    expect(pb.toJson(Duration, pb.fromJson(Duration, "1.5s"))).toBe("1.500s");
    expect(pb.toJson(Duration, pb.fromJson(Duration, "-0.000000001s"))).toBe("-0.000000001s");
    expect((pb.fromJson(Duration, "-0s") as any).seconds).toBe(0n);
  });

  test.each(["1", "1.s", ".5s", "+1s", "1.0000000001s", "315576000001s", "-315576000001s", "1e2s", " 1s", "1S", "", 1])("%p is rejected", (text) => {
    expect(decodeError(Duration, text)).toMatch(/^cannot decode message google\.protobuf\.Duration from JSON: /);
  });

  test("out of range or mixed signs cannot be written", () => {
    expect(encodeError(Duration, { seconds: 315576000001n })).toBe(
      "cannot encode message google.protobuf.Duration to JSON: seconds 315576000001 is out of range -315576000000 to 315576000000",
    );
    expect(encodeError(Duration, { seconds: 1n, nanos: -1 })).toBe(
      "cannot encode message google.protobuf.Duration to JSON: the signs of seconds 1 and nanos -1 differ",
    );
    expect(encodeError(Duration, { seconds: -1n, nanos: 1 })).toBe(
      "cannot encode message google.protobuf.Duration to JSON: the signs of seconds -1 and nanos 1 differ",
    );
    expect(encodeError(Duration, { nanos: 1000000000 })).toBe(
      "cannot encode message google.protobuf.Duration to JSON: nanos 1000000000 is out of range -999999999 to 999999999",
    );
  });
});

describe("FieldMask", () => {
  test("paths in lowerCamelCase, joined with commas", () => {
    const msg = pb.create(FieldMask, { paths: ["foo_bar", "baz", "a.b_c.d_e_f", "x1_y"] });
    expect(pb.toJson(FieldMask, msg)).toBe("fooBar,baz,a.bC.dEF,x1Y");
    expect(pb.fromJson(FieldMask, "fooBar,baz,a.bC.dEF,x1Y")).toStrictEqual(msg);
    expect(pb.toJson(FieldMask, pb.create(FieldMask))).toBe("");
    expect((pb.fromJson(FieldMask, "") as any).paths).toStrictEqual([]);
  });

  test.each(["fooBar", "foo__bar", "foo_3_bar", "foo_", "Foo"])("path %p does not round-trip and cannot be written", (path) => {
    expect(encodeError(FieldMask, { paths: [path] })).toBe(
      `cannot encode message google.protobuf.FieldMask to JSON: path "${path}" cannot be written in lowerCamelCase and read back`,
    );
  });

  test("paths with underscores are not read", () => {
    expect(decodeError(FieldMask, "foo,bar_bar")).toMatch(/path "bar_bar" is not lowerCamelCase/);
    expect(decodeError(FieldMask, ["a"])).toMatch(/is not a field mask string/);
  });
});

describe("Struct, Value, ListValue", () => {
  const json = { a: null, b: 1.5, c: "s", d: true, e: { f: [1, "x", null, { g: [] }] }, h: [] };

  test("as plain JSON, also at the top", () => {
    const s = pb.fromJson(Struct, json);
    expect(pb.toJson(Struct, s)).toStrictEqual(json);
    expect(pb.toJsonString(Struct, s)).toBe(JSON.stringify(json));
    const v = pb.fromJson(Value, json.e.f);
    expect((v as any).kind.case).toBe("listValue");
    expect(pb.toJson(Value, v)).toStrictEqual(json.e.f);
    expect(pb.toJson(Value, pb.fromJson(Value, null))).toBeNull();
    expect(pb.toJson(ListValue, pb.fromJson(ListValue, [1, [2]]))).toStrictEqual([1, [2]]);
  });

  test("Struct fields hold JSON objects; Value fields hold messages", () => {
    const msg = pb.fromJson(W, { struct: json, value: json, listValue: [1], repeatedValue: [null, 2], mapValue: { k: "v", n: null } }) as any;
    expect(msg.struct).toStrictEqual(json);
    expect(msg.value.$typeName).toBe("google.protobuf.Value");
    expect(pb.toJson(W, msg)).toStrictEqual({ struct: json, value: json, listValue: [1], repeatedValue: [null, 2], mapValue: { k: "v", n: null } });
  });

  test("null: a Value field holds NULL_VALUE, other fields are unset", () => {
    const msg = pb.fromJson(W, { value: null, struct: null, listValue: null, oneofValue: null }) as any;
    expect(msg.value.kind).toStrictEqual({ case: "nullValue", value: 0 });
    expect(msg.struct).toBeUndefined();
    expect(msg.listValue).toBeUndefined();
    expect(msg.wktOneof.case).toBe("oneofValue");
    expect(pb.toJson(W, msg)).toStrictEqual({ value: null, oneofValue: null });
  });

  test("Value without a kind, and non-finite numbers, cannot be written", () => {
    expect(encodeError(Value, {})).toBe(
      "cannot encode message google.protobuf.Value to JSON: google.protobuf.Value must have a value (kind is not set)",
    );
    expect(encodeError(Value, { kind: { case: "numberValue", value: Number.NaN } })).toBe(
      "cannot encode message google.protobuf.Value to JSON: NaN cannot be a google.protobuf.Value number (JSON has no NaN or Infinity)",
    );
    expect(encodeError(W, { struct: { a: { b: [Number.POSITIVE_INFINITY] } } })).toBe(
      'cannot encode field pbjet.test.proto3.WellKnownTypes.struct["a"]["b"][0] to JSON: Infinity cannot be a google.protobuf.Value number',
    );
    expect(encodeError(W, { repeatedValue: [{ kind: { case: "numberValue", value: 1 } }, {}] })).toBe(
      "cannot encode field pbjet.test.proto3.WellKnownTypes.repeated_value[1] to JSON: google.protobuf.Value must have a value (kind is not set)",
    );
  });

  test("strings and keys must be well-formed; the path names the key", () => {
    expect(decodeError(W, { struct: { a: { "\ud800": 1 } } })).toMatch(/valid UTF-16/);
    expect(decodeError(W, { value: { a: ["\udc00"] } })).toMatch(
      /^cannot decode field pbjet\.test\.proto3\.WellKnownTypes\.value\["a"\]\[0\] from JSON: ".*" is not valid UTF-16 \(lone surrogate\)$/,
    );
    expect(decodeError(Struct, [])).toMatch(/expected object, got array/);
    expect(decodeError(ListValue, {})).toMatch(/expected array, got object/);
  });

  test("deep nesting is limited by recursionLimit", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 120; i++) deep = [deep];
    expect(decodeError(Value, deep as pb.JsonValue)).toMatch(/maximum nesting depth 100 exceeded/);
    expect(pb.toJson(Value, pb.fromJson(Value, deep as pb.JsonValue, { recursionLimit: 200 }))).toStrictEqual(deep);
    expect(decodeError(W, { struct: { a: deep } } as pb.JsonValue)).toMatch(/maximum nesting depth/);
  });
});

describe("wrappers", () => {
  test("singular wrapper fields hold the value, and are the bare value in JSON", () => {
    const json = {
      doubleValue: "NaN",
      floatValue: 1.5,
      int64Value: "-5",
      uint64Value: "18446744073709551615",
      int32Value: -1,
      uint32Value: 4294967295,
      boolValue: false,
      stringValue: "",
      bytesValue: "AQI=",
    };
    const msg = pb.fromJson(W, json) as any;
    expect(msg.int64Value).toBe(-5n);
    expect(msg.boolValue).toBe(false);
    expect(msg.stringValue).toBe("");
    expect(pb.toJson(W, msg)).toStrictEqual(json);
    expect(pb.toJsonString(W, msg)).toBe(JSON.stringify(json));
  });

  test("null leaves a wrapper field unset; zero values are set", () => {
    const msg = pb.fromJson(W, { int32Value: null, boolValue: false }) as any;
    expect(msg.int32Value).toBeUndefined();
    expect(pb.toJson(W, msg)).toStrictEqual({ boolValue: false });
  });

  test("wrappers in lists and maps are messages, written as bare values", () => {
    const msg = pb.fromJson(W, { repeatedInt32Value: [1, 0], mapStringValue: { a: "x" } }) as any;
    expect(msg.repeatedInt32Value[0].$typeName).toBe("google.protobuf.Int32Value");
    expect(pb.toJson(W, msg)).toStrictEqual({ repeatedInt32Value: [1, 0], mapStringValue: { a: "x" } });
    expect(decodeError(W, { repeatedInt32Value: [1, null] })).toMatch(/repeated_int32_value\[1\] from JSON: null is not an int32/);
  });

  test("the wrapped value is checked", () => {
    expect(decodeError(W, { int32Value: "x" })).toBe(
      'cannot decode field pbjet.test.proto3.WellKnownTypes.int32_value from JSON: "x" is not an int32',
    );
    expect(decodeError(W, { floatValue: 1e39 })).toMatch(/out of range for float/);
    expect(pb.toJson(wkt("Int32Value"), pb.fromJson(wkt("Int32Value"), 5))).toBe(5);
  });
});

describe("Empty", () => {
  test("is {}", () => {
    const Empty = wkt("Empty");
    expect(pb.toJson(Empty, pb.create(Empty))).toStrictEqual({});
    expect(pb.toJson(W, pb.fromJson(W, { empty: {} }))).toStrictEqual({ empty: {} });
    expect(decodeError(Empty, { a: 1 })).toMatch(/unknown field "a"/);
  });
});

describe("in repeated fields and oneofs", () => {
  test("timestamps", () => {
    const json = { repeatedTimestamp: ["1970-01-01T00:00:00Z", "2000-01-01T00:00:00.001Z"], oneofTimestamp: "1970-01-01T00:00:01Z" };
    expect(pb.toJson(W, pb.fromJson(W, json))).toStrictEqual(json);
    expect(decodeError(W, { repeatedTimestamp: ["x"] })).toMatch(/repeated_timestamp\[0\] from JSON: "x" is not an RFC 3339 timestamp/);
  });
});
