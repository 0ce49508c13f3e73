/**
 * `merge()`: explicit cases per field kind. Each case checks the merged bytes against the
 * contract protobuf-es documents (the oracle's mergeFromBinary() of the source's bytes), and
 * against the oracle's merge() where that one keeps its contract (see the wrapper and Struct
 * cases, where it does not).
 */
// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import * as oracle from "@bufbuild/protobuf";
import { hex, oracleRegistry, oracleSchema, registry, schema } from "../helpers";
import { thrown } from "./util";

type Init = Record<string, unknown>;

/** Merges `source` into `target` (init objects) with pbjet; returns the merged message. */
function ours(typeName: string, target: Init, source: Init): pb.Message & Init {
  const desc = schema(typeName);
  const t = pb.create(desc, structuredClone(target));
  pb.merge(desc, t, pb.create(desc, structuredClone(source)));
  return t as unknown as pb.Message & Init;
}

/** The oracle's mergeFromBinary() of the source's bytes: the documented result, as hex. */
function contract(typeName: string, target: Init, source: Init): string {
  const d = oracleSchema(typeName);
  const t = oracle.create(d, structuredClone(target) as never);
  oracle.mergeFromBinary(d, t, oracle.toBinary(d, oracle.create(d, structuredClone(source) as never)));
  return hex(oracle.toBinary(d, t));
}

/** The oracle's merge(), as hex. */
function oracleMerge(typeName: string, target: Init, source: Init): string {
  const d = oracleSchema(typeName);
  const t = oracle.create(d, structuredClone(target) as never);
  oracle.merge(d, t, oracle.create(d, structuredClone(source) as never));
  return hex(oracle.toBinary(d, t));
}

/** Merges with pbjet, checks the bytes against the contract and the oracle's merge(); returns the result. */
function check(typeName: string, target: Init, source: Init, oracleMergeAgrees = true): pb.Message & Init {
  const m = ours(typeName, target, source);
  const got = hex(pb.toBinary(schema(typeName), m));
  expect(got).toBe(contract(typeName, target, source));
  if (oracleMergeAgrees) expect(got).toBe(oracleMerge(typeName, target, source));
  else expect(got).not.toBe(oracleMerge(typeName, target, source));
  return m;
}

const P3 = "pbjet.test.proto3";
const P2 = "pbjet.test.proto2";

describe("scalars and enums", () => {
  test("implicit presence: set values replace, zero values do not", () => {
    const m = check(`${P3}.ScalarValues`, { int32Field: 1, stringField: "a", boolField: true }, { int32Field: 0, stringField: "b", int64Field: 5n });
    expect(m.int32Field).toBe(1);
    expect(m.stringField).toBe("b");
    expect(m.int64Field).toBe(5n);
    expect(m.boolField).toBe(true);
  });
  test("explicit presence (proto3 optional): a set zero value replaces", () => {
    const m = check(`${P3}.OptionalScalarValues`, { int32Field: 1, stringField: "a" }, { int32Field: 0 });
    expect(m.int32Field).toBe(0);
    expect(m.stringField).toBe("a");
  });
  test("proto2 fields with defaults: only set fields replace", () => {
    const m = check(`${P2}.DefaultScalars`, { int32Field: 3 }, { stringField: "x" });
    expect(m.int32Field).toBe(3);
    expect(pb.isFieldSet(m, schema(`${P2}.DefaultScalars`).field.stringField)).toBe(true);
    check(`${P2}.DefaultScalars`, {}, {});
  });
  test("enums, open and closed", () => {
    check(`${P3}.EnumFields`, { enumField: 1 }, { enumField: 2 });
    check(`${P3}.EnumFields`, { enumField: 1 }, { enumField: 0 });
    check(`${P3}.EnumFields`, { enumField: 1 }, { enumField: 99 });
  });
  test("bytes are taken by reference", () => {
    const desc = schema(`${P3}.ScalarValues`);
    const b = new Uint8Array([1, 2]);
    const t = pb.create(desc);
    pb.merge(desc, t, pb.create(desc, { bytesField: b }));
    expect((t as unknown as Init).bytesField).toBe(b);
  });
});

describe("messages", () => {
  const T = `${P3}.MessageFields`;
  test("merged recursively when set on both sides", () => {
    const m = check(T, { nestedField: { a: 1, b: "x", deeper: { values: ["a"] } } }, { nestedField: { b: "y", deeper: { values: ["b"] } } });
    expect(m.nestedField).toMatchObject({ a: 1, b: "y", deeper: { values: ["a", "b"] } });
  });
  test("taken by reference when the target has none", () => {
    const desc = schema(T);
    const source = pb.create(desc, { nestedField: { a: 1 } }) as unknown as Init;
    const t = pb.create(desc) as unknown as Init;
    pb.merge(desc, t as unknown as pb.Message, source as unknown as pb.Message);
    expect(t.nestedField).toBe(source.nestedField);
  });
  test("an empty source message still sets the field", () => {
    const m = check(T, {}, { nestedField: {} });
    expect(m.nestedField).toBeDefined();
  });
  test("recursive and optional message fields, lists of messages", () => {
    check(
      T,
      { recursive: { recursive: { nestedField: { a: 1 } } } },
      { recursive: { recursive: { nestedField: { b: "z" } } }, optionalNestedField: { a: 2 } },
    );
    const m = check(T, { repeatedNestedField: [{ a: 1 }] }, { repeatedNestedField: [{ a: 2 }, { a: 3 }] });
    expect((m.repeatedNestedField as Init[]).map((e) => e.a)).toEqual([1, 2, 3]);
  });
});

describe("lists", () => {
  test("appended, packed and unpacked, of every scalar type", () => {
    const src = {
      doubleField: [1.5],
      int64Field: [-1n],
      uint64Field: [2n],
      stringField: ["b"],
      bytesField: [new Uint8Array([9])],
      boolField: [true, false],
      enumField: [1, 42],
    };
    check(`${P3}.RepeatedScalarValues`, { doubleField: [0.5], stringField: ["a"], boolField: [false] }, src);
    check(`${P3}.UnpackedRepeatedScalarValues`, { int32Field: [1] }, { int32Field: [2, 3] });
  });
  test("merging a message into itself doubles its lists", () => {
    const desc = schema(`${P3}.RepeatedScalarValues`);
    const m = pb.create(desc, { int32Field: [1, 2] }) as unknown as Init;
    pb.merge(desc, m as unknown as pb.Message, m as unknown as pb.Message);
    expect(m.int32Field).toEqual([1, 2, 1, 2]);
  });
});

describe("maps", () => {
  const T = `${P3}.MapFields`;
  // Every key type: an existing key replaced, a new key added.
  const keys: [string, Init, Init][] = [
    ["int32Int32", { "1": 1, "-2": 2 }, { "-2": 3, "4": 4 }],
    ["int64Int64", { "1": 1n }, { "1": 2n, "-9223372036854775808": 3n }],
    ["uint32Uint32", { "1": 1 }, { "4294967295": 2 }],
    ["uint64Uint64", { "1": 1n }, { "1": 5n, "18446744073709551615": 2n }],
    ["sint32Sint32", { "-1": 1 }, { "-1": 2 }],
    ["sint64Sint64", { "-1": 1n }, { "-1": 2n, "2": 3n }],
    ["fixed32Fixed32", { "1": 1 }, { "2": 2 }],
    ["fixed64Fixed64", { "1": 1n }, { "1": 0n }],
    ["sfixed32Sfixed32", { "-1": 1 }, { "-1": -2 }],
    ["sfixed64Sfixed64", { "-1": 1n }, { "3": 2n }],
    ["boolBool", { true: true }, { false: true, true: false }],
    ["stringString", { a: "1", __proto__x: "p" }, { a: "2", "": "e" }],
    ["stringBytes", { a: new Uint8Array([1]) }, { a: new Uint8Array([]) }],
    ["stringEnum", { a: 1 }, { a: 2, b: 0 }],
    ["stringMessage", { a: { a: 1, b: "x" } }, { a: { b: "y" }, c: {} }],
    ["boolRecursive", { true: { int32Int32: { "1": 1 } } }, { true: { int32Int32: { "2": 2 } } }],
  ];
  test.each(keys)("%s: merged by key, source entries replace", (field, target, source) => {
    const m = check(T, { [field]: target }, { [field]: source });
    expect(Object.keys(m[field] as Init).sort()).toEqual([...new Set([...Object.keys(target), ...Object.keys(source)])].sort());
  });
  test('a "__proto__" key stays plain data', () => {
    const desc = schema(T);
    const source = pb.create(desc) as unknown as Init;
    Object.defineProperty(source.stringString, "__proto__", { value: "x", enumerable: true, writable: true, configurable: true });
    const t = pb.create(desc) as unknown as Init;
    pb.merge(desc, t as unknown as pb.Message, source as unknown as pb.Message);
    expect(Object.prototype.hasOwnProperty.call(t.stringString, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(t.stringString)).toBe(Object.prototype);
  });
});

describe("oneofs", () => {
  const T = `${P3}.OneofFields`;
  test("a scalar case replaces, also with a zero value", () => {
    const m = check(T, { kind: { case: "stringValue", value: "a" } }, { kind: { case: "int32Value", value: 0 } });
    expect(m.kind).toEqual({ case: "int32Value", value: 0 });
  });
  test("the same message case is merged", () => {
    const m = check(T, { kind: { case: "messageValue", value: { a: 1 } } }, { kind: { case: "messageValue", value: { b: "x" } } });
    expect(m.kind).toMatchObject({ case: "messageValue", value: { a: 1, b: "x" } });
  });
  test("another case replaces a message case; an unset source oneof changes nothing", () => {
    check(T, { kind: { case: "messageValue", value: { a: 1 } } }, { kind: { case: "boolValue", value: false } });
    check(
      T,
      { kind: { case: "messageValue", value: { a: 1 } }, second: { case: "secondUint64", value: 1n } },
      { second: { case: "secondString", value: "" } },
    );
  });
  test("proto2 oneofs with groups", () => {
    check(`${P2}.GroupFields`, { groupOneof: { case: "oneofgroup", value: { x: "a" } } }, { groupOneof: { case: "oneofgroup", value: {} } });
    check(`${P2}.GroupFields`, { groupOneof: { case: "oneofgroup", value: { x: "a" } } }, { groupOneof: { case: "oneofInt32", value: 1 } });
  });
});

describe("well-known types held unboxed", () => {
  const T = `${P3}.WellKnownTypes`;
  test("a wrapper replaces the target's value", () => {
    const m = check(T, { doubleValue: 1, stringValue: "a" }, { doubleValue: 2, stringValue: "b", int64Value: 3n }, false);
    expect(m).toMatchObject({ doubleValue: 2, stringValue: "b", int64Value: 3n });
  });
  test("a wrapper with the zero value is an empty wrapper on the wire: the target keeps its value", () => {
    const m = check(T, { int32Value: 5, boolValue: true }, { int32Value: 0, boolValue: false }, true);
    expect(m).toMatchObject({ int32Value: 5, boolValue: true });
    expect(check(T, {}, { int32Value: 0 }).int32Value).toBe(0);
  });
  test("a Struct is merged by key (its fields map)", () => {
    const m = check(T, { struct: { a: 1, b: { x: [1] } } }, { struct: { b: { y: 2 }, c: null } }, false);
    expect(m.struct).toEqual({ a: 1, b: { y: 2 }, c: null });
  });
  test("Struct values are copied, not shared", () => {
    const desc = schema(T);
    const source = pb.create(desc, { struct: { a: { b: 1 } } }) as unknown as Init;
    const t = pb.create(desc) as unknown as Init;
    pb.merge(desc, t as unknown as pb.Message, source as unknown as pb.Message);
    expect(t.struct).toEqual(source.struct);
    expect(t.struct).not.toBe(source.struct);
  });
  test("Value, ListValue, Timestamp, Any, lists and maps of them are messages", () => {
    check(
      T,
      {
        value: { kind: { case: "numberValue", value: 1 } },
        timestamp: { seconds: 1n },
        repeatedInt32Value: [{ value: 1 }],
        mapStringValue: { a: { value: "x" } },
      },
      {
        value: { kind: { case: "stringValue", value: "s" } },
        timestamp: { nanos: 2 },
        repeatedInt32Value: [{ value: 0 }],
        mapStringValue: { a: { value: "" }, b: { value: "y" } },
        listValue: { values: [{ kind: { case: "boolValue", value: true } }] },
        repeatedValue: [{ kind: { case: "nullValue", value: 0 } }],
        mapValue: { k: { kind: { case: "numberValue", value: 2 } } },
        oneofValue: { kind: { case: "numberValue", value: 3 } },
      },
    );
  });
});

describe("proto2 groups and editions", () => {
  test("groups are merged like messages", () => {
    check(
      `${P2}.GroupFields`,
      { optionalgroup: { a: 1, nestedgroup: { c: 1, d: ["x"] } }, repeatedgroup: [{ a: 1 }] },
      { optionalgroup: { b: "s", nestedgroup: { d: ["y"] } }, repeatedgroup: [{ b: [1, 2] }] },
    );
  });
  test("edition 2023: explicit and implicit presence, delimited encoding", () => {
    check(
      "pbjet.test.edition2023.Presence",
      { explicitInt32: 1, implicitInt32: 1 },
      { explicitInt32: 0, implicitInt32: 0, explicitMessage: { a: 1 } },
    );
    const outer = "pbjet.test.edition2023.delimited.Outer";
    if (registry().getMessage(outer) !== undefined) {
      check(
        outer,
        { delimited: { value: 1, inner: { value: 2 } }, mapInner: { a: { value: 1 } } },
        { delimited: { inner: { inner: {} } }, lengthPrefixed: {}, explicitInt32: 0 },
      );
    }
  });
});

describe("extensions and unknown fields", () => {
  const ext = (name: string) => registry().getExtension(`${P2}.${name}`)!;
  test("extensions are merged as their wire form (unknown fields appended)", () => {
    const desc = schema(`${P2}.Extendee`);
    const t = pb.create(desc, { ownField: 1 });
    pb.setExtension(t, ext("int32_ext"), 1);
    pb.setExtension(t, ext("repeated_int32_ext"), [1]);
    pb.setExtension(t, ext("message_ext"), pb.create(schema(`${P2}.OptionalScalars`), { int32Field: 1 }));
    const s = pb.create(desc);
    pb.setExtension(s, ext("int32_ext"), 2);
    pb.setExtension(s, ext("repeated_int32_ext"), [2, 3]);
    pb.setExtension(s, ext("message_ext"), pb.create(schema(`${P2}.OptionalScalars`), { stringField: "x" }));
    pb.merge(desc, t, s);
    expect(pb.getExtension(t, ext("int32_ext"))).toBe(2);
    expect(pb.getExtension(t, ext("repeated_int32_ext"))).toEqual([1, 2, 3]);
    expect(pb.getExtension(t, ext("message_ext"))).toMatchObject({ int32Field: 1, stringField: "x" });
    // The same bytes as the oracle's merge and binary merge.
    const od = oracleSchema(`${P2}.Extendee`);
    const reg = oracleRegistry();
    const oext = (name: string) => reg.getExtension(`${P2}.${name}`)!;
    const ot2 = oracle.create(od, { ownField: 1 });
    oracle.setExtension(ot2, oext("int32_ext"), 1);
    oracle.setExtension(ot2, oext("repeated_int32_ext"), [1]);
    oracle.setExtension(ot2, oext("message_ext"), oracle.create(reg.getMessage(`${P2}.OptionalScalars`)!, { int32Field: 1 }));
    const os = oracle.create(od);
    oracle.setExtension(os, oext("int32_ext"), 2);
    oracle.setExtension(os, oext("repeated_int32_ext"), [2, 3]);
    oracle.setExtension(os, oext("message_ext"), oracle.create(reg.getMessage(`${P2}.OptionalScalars`)!, { stringField: "x" }));
    oracle.merge(od, ot2, os);
    expect(hex(pb.toBinary(desc, t))).toBe(hex(oracle.toBinary(od, ot2)));
  });
  test("unknown fields are appended, in order", () => {
    const desc = schema(`${P3}.ScalarValues`);
    const u = (no: number, b: number) => ({ no, wireType: 0, data: new Uint8Array([b]) });
    const t = pb.create(desc, { $unknown: [u(1000, 1)] });
    pb.merge(desc, t, pb.create(desc, { $unknown: [u(1001, 2), u(1000, 3)] }));
    expect(t.$unknown!.map((x) => [x.no, x.data[0]])).toEqual([
      [1000, 1],
      [1001, 2],
      [1000, 3],
    ]);
  });
});

describe("errors", () => {
  test("a message of another type", () => {
    const a = schema(`${P3}.ScalarValues`);
    const b = schema(`${P3}.EnumFields`);
    expect(thrown(() => pb.merge(a, pb.create(b) as never, pb.create(a)))).toEqual(
      new pb.ProtobufError(`cannot merge ${P3}.ScalarValues: the target is a message of ${P3}.EnumFields`),
    );
    expect(thrown(() => pb.merge(a, pb.create(a), pb.create(b) as never))).toBeInstanceOf(pb.ProtobufError);
  });
  test("a lazy view target takes the merge", () => {
    const desc = schema(`${P3}.ScalarValues`);
    const view = pb.fromBinary(desc, pb.toBinary(desc, pb.create(desc, { int32Field: 1 })), { lazy: true });
    pb.merge(desc, view, pb.create(desc, { int32Field: 2 }));
    expect((view as unknown as Init).int32Field).toBe(2);
    expect(pb.toBinary(desc, view)).toEqual(pb.toBinary(desc, pb.create(desc, { int32Field: 2 })));
  });
});
