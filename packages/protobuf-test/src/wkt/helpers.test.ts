// Well-known type helpers: Timestamp, Duration, Any, Struct/Value, wrappers.
import { create, createRegistry, equals, toBinary, fromBinary } from "@pbjet/protobuf";
import {
  anyIs,
  anyPack,
  anyTypeName,
  anyUnpack,
  anyUnpackTo,
  durationFromMs,
  durationMs,
  isWrapper,
  isWrapperDesc,
  listValueFromJson,
  listValueToJson,
  structFromJson,
  structToJson,
  timestampDate,
  timestampFromDate,
  timestampFromMs,
  timestampMs,
  timestampNow,
  valueFromJson,
  valueToJson,
  AnySchema,
  DurationSchema,
  Int32ValueSchema,
  StructSchema,
  TimestampSchema,
  ValueSchema,
} from "@pbjet/protobuf/wkt";
import { schema } from "../helpers";

describe("Timestamp", () => {
  test("from and to milliseconds, including before 1970", () => {
    for (const ms of [0, 1, 999, 1000, 1700000000123, -1, -1001, -62135596800000]) {
      const ts = timestampFromMs(ms);
      expect(ts.nanos).toBeGreaterThanOrEqual(0);
      expect(ts.nanos).toBeLessThan(1e9);
      expect(timestampMs(ts)).toBe(ms);
    }
    expect(timestampFromMs(-1)).toEqual(create(TimestampSchema, { seconds: -1n, nanos: 999000000 }));
  });
  test("from and to Date; now", () => {
    const d = new Date(Date.UTC(1938, 0, 10, 12, 30, 15, 250));
    expect(timestampDate(timestampFromDate(d)).getTime()).toBe(d.getTime());
    const before = Date.now();
    const now = timestampMs(timestampNow());
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});

describe("Duration", () => {
  test("from and to milliseconds; seconds and nanos share a sign", () => {
    for (const ms of [0, 1, 1500, -1500, 123456789, -1]) {
      const d = durationFromMs(ms);
      expect(durationMs(d)).toBe(ms);
      expect(Number(d.seconds) * d.nanos).toBeGreaterThanOrEqual(0);
    }
    expect(durationFromMs(-1500)).toEqual(create(DurationSchema, { seconds: -1n, nanos: -500000000 }));
  });
});

describe("Any", () => {
  const User = schema("example.User");
  const user = create(User, { firstName: "Homer", active: true });
  test("pack, check, unpack with a schema or a registry", () => {
    const any = anyPack(User, user);
    expect(any.typeUrl).toBe("type.googleapis.com/example.User");
    expect(anyTypeName(any.typeUrl)).toBe("example.User");
    expect(anyIs(any, User)).toBe(true);
    expect(anyIs(any, "example.User")).toBe(true);
    expect(anyIs(any, TimestampSchema)).toBe(false);
    expect(equals(User, anyUnpack(any, User)!, user)).toBe(true);
    expect(anyUnpack(any, TimestampSchema)).toBeUndefined();
    const unpacked = anyUnpack(any, createRegistry(User));
    expect(unpacked?.$typeName).toBe("example.User");
    expect(anyUnpack(any, createRegistry(TimestampSchema))).toBeUndefined();
    expect(anyUnpack(create(AnySchema), User)).toBeUndefined();
  });
  test("pack into an existing Any; unpack into a target", () => {
    const any = create(AnySchema);
    anyPack(User, user, any);
    expect(anyIs(any, User)).toBe(true);
    const target = create(User, { lastName: "Simpson" });
    anyUnpackTo(any, User, target);
    expect((target as unknown as Record<string, unknown>).firstName).toBe("Homer");
    expect((target as unknown as Record<string, unknown>).lastName).toBe("Simpson");
    expect(anyUnpackTo(any, TimestampSchema, create(TimestampSchema))).toBeUndefined();
    // Round trip through binary.
    expect(anyIs(fromBinary(AnySchema, toBinary(AnySchema, any)), User)).toBe(true);
  });
});

describe("Struct and Value", () => {
  test("from and to plain JSON", () => {
    const json = { a: 1, b: "x", c: true, d: null, e: [1, "y", [false], { f: {} }], g: { h: -2.5 } };
    const struct = structFromJson(json);
    expect(struct.$typeName).toBe("google.protobuf.Struct");
    expect(structToJson(struct)).toEqual(json);
    expect(structToJson(fromBinary(StructSchema, toBinary(StructSchema, struct)))).toEqual(json);
    for (const v of [null, 0, -1.5, "", "s", true, false, [], [1, [2]], { k: { l: [] } }]) {
      expect(valueToJson(valueFromJson(v))).toEqual(v);
    }
    expect(valueToJson(create(ValueSchema))).toBeNull();
    expect(listValueToJson(listValueFromJson([1, "a", null]))).toEqual([1, "a", null]);
  });
  test("__proto__ and constructor keys are plain data", () => {
    const json = JSON.parse('{"__proto__": {"polluted": 1}, "constructor": "c"}');
    const back = structToJson(structFromJson(json));
    expect(Object.prototype.hasOwnProperty.call(back, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("wrappers", () => {
  test("isWrapper and isWrapperDesc", () => {
    expect(isWrapperDesc(Int32ValueSchema)).toBe(true);
    expect(isWrapperDesc(TimestampSchema)).toBe(false);
    expect(isWrapper(create(Int32ValueSchema, { value: 3 }))).toBe(true);
    expect(isWrapper(create(TimestampSchema))).toBe(false);
  });
});
