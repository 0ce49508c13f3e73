/**
 * The message API: create, equals, clone, isMessage, isFieldSet / clearField for every field
 * kind, mergeFromBinary, and registries.
 */
import * as pb from "@pbjet/protobuf";
import { FileDescriptorSetSchema } from "@pbjet/protobuf/wkt";
import {
  clearField,
  clone,
  createFileRegistry,
  createRegistry,
  equals,
  fromBinary,
  isFieldSet,
  isMessage,
  mergeFromBinary,
  toBinary,
} from "@pbjet/protobuf";
import * as oracle from "@bufbuild/protobuf";
import { descriptorSetBytes, fromHex, hex, oracleSchema, registry, schema } from "../helpers";
import { create, rec, thrown } from "./util";

const ALL = schema("pbjet.test.proto3.AllTypes");
const MF = schema("pbjet.test.proto3.MessageFields");
const S = schema("pbjet.test.proto3.ScalarValues");
const MAPS = schema("pbjet.test.proto3.MapFields");

describe("create", () => {
  test("defaults of a proto3 message: zero values, empty lists and maps, undefined messages", () => {
    const m = rec(create(S));
    expect(m.$typeName).toBe("pbjet.test.proto3.ScalarValues");
    expect(m).toMatchObject({ int32Field: 0, int64Field: 0n, boolField: false, stringField: "" });
    expect(Object.getPrototypeOf(m)).toBe(Object.prototype);
    const mf = rec(create(MF));
    expect(mf.nestedField).toBeUndefined();
    expect(mf.repeatedNestedField).toEqual([]);
    expect(rec(create(MAPS)).int32Int32).toEqual({});
  });
  test("lists and maps of new and decoded messages are plain arrays and objects, of any values", () => {
    for (const m of [rec(create(MAPS)), rec(fromBinary(MAPS, new Uint8Array(0)))]) {
      expect(Object.getPrototypeOf(m.int32Int32)).toBe(Object.prototype);
      expect(m.int32Int32.constructor).toBe(Object);
      expect(Object.keys(m.int32Int32)).toEqual([]);
    }
    const l = rec(create(MF)).repeatedNestedField;
    expect(Array.isArray(l)).toBe(true);
    expect(Object.getPrototypeOf(l)).toBe(Array.prototype);
    l.push(1.5, "a", {});
    expect(l).toStrictEqual([1.5, "a", {}]);
  });
  test("two new messages share no mutable state", () => {
    const a = rec(create(MF));
    const b = rec(create(MF));
    a.repeatedNestedField.push(create(schema("pbjet.test.proto3.MessageFields.Nested")));
    expect(b.repeatedNestedField).toEqual([]);
  });
  test("init objects, with nested init objects in messages, lists, maps and oneofs", () => {
    const m = rec(
      create(ALL, {
        messages: { nestedField: { a: 1, child: { b: "x" } }, repeatedNestedField: [{ a: 2 }] },
        maps: { stringMessage: { k: { a: 3 } } },
        oneofs: { kind: { case: "messageValue", value: { a: 4 } } },
      }),
    );
    expect(m.messages.$typeName).toBe("pbjet.test.proto3.MessageFields");
    expect(m.messages.nestedField.child.$typeName).toBe("pbjet.test.proto3.MessageFields.Nested");
    expect(m.messages.repeatedNestedField[0].$typeName).toBe("pbjet.test.proto3.MessageFields.Nested");
    expect(m.maps.stringMessage.k.$typeName).toBe("pbjet.test.proto3.MessageFields.Nested");
    expect(m.oneofs.kind.value.$typeName).toBe("pbjet.test.proto3.MessageFields.Nested");
    expect(m.scalars).toBeUndefined();
  });
  test("passing an existing message returns it as is", () => {
    const m = create(S, { int32Field: 1 });
    expect(pb.create(S, m as never)).toBe(m);
    const nested = create(schema("pbjet.test.proto3.MessageFields.Nested"), { a: 1 });
    expect(rec(create(MF, { nestedField: nested })).nestedField).toBe(nested);
  });
  test("lists and maps of scalars in the init object are taken as they are, as in protobuf-es", () => {
    const sharing = (lib: typeof pb | typeof oracle, desc: pb.DescMessage | oracle.DescMessage) => {
      const make = lib.create as (d: unknown, init: unknown) => unknown;
      const list = [1, 2];
      const map = { a: 1 };
      const messages = [{ a: 1 }];
      const m = rec(make(desc, { int32Field: list }));
      const maps = rec(make(schemaOf(lib, "pbjet.test.proto3.MapFields"), { int32Int32: map }));
      const msgs = rec(make(schemaOf(lib, "pbjet.test.proto3.MessageFields"), { repeatedNestedField: messages }));
      return [m.int32Field === list, maps.int32Int32 === map, msgs.repeatedNestedField === messages];
    };
    const schemaOf = (lib: typeof pb | typeof oracle, typeName: string) => (lib === pb ? schema(typeName) : oracleSchema(typeName));
    const ours = sharing(pb, schema("pbjet.test.proto3.RepeatedScalarValues"));
    expect(ours).toEqual(sharing(oracle, oracleSchema("pbjet.test.proto3.RepeatedScalarValues")));
    expect(ours).toEqual([true, true, false]);
  });
});

describe("equals", () => {
  test("NaN never equals NaN (as in protobuf-es); -0 and 0 differ with implicit presence", () => {
    expect(equals(S, create(S, { doubleField: NaN }), create(S, { doubleField: NaN }))).toBe(false);
    expect(equals(S, create(S, { doubleField: -0 }), create(S, { doubleField: 0 }))).toBe(false);
    expect(equals(S, create(S, { doubleField: -0 }), create(S, { doubleField: -0 }))).toBe(true);
  });
  test("bytes compare by content", () => {
    expect(equals(S, create(S, { bytesField: new Uint8Array([1, 2]) }), create(S, { bytesField: fromHex("0102") }))).toBe(true);
    expect(equals(S, create(S, { bytesField: new Uint8Array([1, 2]) }), create(S, { bytesField: fromHex("0103") }))).toBe(false);
  });
  test("64-bit values compare by value", () => {
    expect(equals(S, create(S, { int64Field: 5n }), create(S, { int64Field: 5n }))).toBe(true);
    expect(equals(S, create(S, { int64Field: 5n }), create(S, { int64Field: 6n }))).toBe(false);
  });
  test("maps: same entries in any order are equal; different values or keys are not", () => {
    expect(equals(MAPS, create(MAPS, { int32Int32: { 1: 2, 3: 4 } }), create(MAPS, { int32Int32: { 3: 4, 1: 2 } }))).toBe(true);
    expect(equals(MAPS, create(MAPS, { int32Int32: { 1: 2 } }), create(MAPS, { int32Int32: { 1: 3 } }))).toBe(false);
    expect(equals(MAPS, create(MAPS, { int32Int32: { 1: 2 } }), create(MAPS, { int32Int32: { 2: 2 } }))).toBe(false);
    expect(equals(MAPS, create(MAPS, { stringMessage: { a: { a: 1 } } }), create(MAPS, { stringMessage: { a: { a: 2 } } }))).toBe(false);
  });
  test("nested messages and lists compare deeply; unset and empty message differ", () => {
    const a = create(MF, { nestedField: { child: { b: "x" } }, repeatedNestedField: [{ a: 1 }] });
    expect(equals(MF, a, create(MF, { nestedField: { child: { b: "x" } }, repeatedNestedField: [{ a: 1 }] }))).toBe(true);
    expect(equals(MF, a, create(MF, { nestedField: { child: { b: "y" } }, repeatedNestedField: [{ a: 1 }] }))).toBe(false);
    expect(equals(MF, a, create(MF, { nestedField: { child: { b: "x" } }, repeatedNestedField: [] }))).toBe(false);
    expect(equals(MF, create(MF, { nestedField: {} }), create(MF))).toBe(false);
  });
  test("unknown fields are disregarded by default", () => {
    const a = fromBinary(S, fromHex("1801 f80701"));
    expect(equals(S, a, create(S, { int32Field: 1 }))).toBe(true);
    expect(equals(S, a, create(S, { int32Field: 1 }), { unknown: true })).toBe(false);
  });
  test("a message of another type is not equal", () => {
    expect(equals(S, create(S), create(schema("pbjet.test.proto3.OptionalScalarValues")) as never)).toBe(false);
  });
});

describe("clone", () => {
  const full = () =>
    fromBinary(
      ALL,
      toBinary(
        ALL,
        create(ALL, {
          scalars: { int32Field: 1, bytesField: new Uint8Array([1]) },
          optionalScalars: { int32Field: 0 },
          repeatedScalars: { int64Field: [1n, 2n] },
          messages: { nestedField: { child: { a: 1 } }, repeatedNestedField: [{ a: 2 }] },
          maps: { stringMessage: { k: { a: 3 } }, int32Bytes: { 1: new Uint8Array([5]) } },
          oneofs: { kind: { case: "messageValue", value: { a: 4 } } },
        }),
      ),
    );
  test("deep and independent", () => {
    const a = rec(full());
    const b = rec(clone(ALL, a as never));
    expect(equals(ALL, a as never, b as never)).toBe(true);
    expect(b.messages).not.toBe(a.messages);
    expect(b.messages.nestedField.child).not.toBe(a.messages.nestedField.child);
    expect(b.maps.stringMessage.k).not.toBe(a.maps.stringMessage.k);
    expect(b.scalars.bytesField).not.toBe(a.scalars.bytesField);
    b.scalars.bytesField[0] = 9;
    b.repeatedScalars.int64Field.push(3n);
    b.maps.int32Bytes[1][0] = 9;
    b.oneofs.kind.value.a = 9;
    expect(a.scalars.bytesField[0]).toBe(1);
    expect(a.repeatedScalars.int64Field).toEqual([1n, 2n]);
    expect(a.maps.int32Bytes[1][0]).toBe(5);
    expect(a.oneofs.kind.value.a).toBe(4);
  });
  test("keeps unknown fields and explicit presence", () => {
    const a = fromBinary(ALL, fromHex("1202 1800 f80701"));
    const b = rec(clone(ALL, a));
    expect(isFieldSet(b.optionalScalars, schema("pbjet.test.proto3.OptionalScalarValues").field.int32Field)).toBe(true);
    expect(hex(toBinary(ALL, b as never))).toBe("12021800f80701");
    const d = schema("pbjet.test.proto2.DefaultScalars");
    const c = rec(clone(d, create(d, { int32Field: 5 })));
    expect(Object.keys(c)).toContain("int32Field");
    expect(Object.keys(c)).not.toContain("uint32Field");
    expect(c.uint32Field).toBe(4294967295);
  });
});

describe("isMessage", () => {
  test("with and without a schema", () => {
    const m = create(S);
    expect(isMessage(m)).toBe(true);
    expect(isMessage(m, S)).toBe(true);
    expect(isMessage(m, MF)).toBe(false);
    for (const v of [null, undefined, 1, "x", {}, { $typeName: 1 }, []]) expect(isMessage(v)).toBe(false);
  });
});

describe("isFieldSet and clearField for every field kind", () => {
  const cases: [string, string, Record<string, unknown>][] = [
    ["pbjet.test.proto3.ScalarValues", "int32Field", { int32Field: 1 }],
    ["pbjet.test.proto3.ScalarValues", "bytesField", { bytesField: new Uint8Array([1]) }],
    ["pbjet.test.proto3.OptionalScalarValues", "int32Field", { int32Field: 0 }],
    ["pbjet.test.proto3.OptionalScalarValues", "stringField", { stringField: "" }],
    ["pbjet.test.proto3.EnumFields", "enumField", { enumField: 1 }],
    ["pbjet.test.proto3.EnumFields", "optionalEnumField", { optionalEnumField: 0 }],
    ["pbjet.test.proto3.RepeatedScalarValues", "int32Field", { int32Field: [0] }],
    ["pbjet.test.proto3.MessageFields", "nestedField", { nestedField: {} }],
    ["pbjet.test.proto3.MessageFields", "repeatedNestedField", { repeatedNestedField: [{}] }],
    ["pbjet.test.proto3.MapFields", "int32Int32", { int32Int32: { 0: 0 } }],
    ["pbjet.test.proto3.OneofFields", "int32Value", { kind: { case: "int32Value", value: 0 } }],
    ["pbjet.test.proto2.OptionalScalars", "int32Field", { int32Field: 0 }],
    ["pbjet.test.proto2.DefaultScalars", "enumField", { enumField: 3 }],
    ["pbjet.test.proto2.GroupFields", "optionalgroup", { optionalgroup: {} }],
    ["pbjet.test.edition2023.Presence", "implicitInt32", { implicitInt32: 7 }],
    ["pbjet.test.edition2023.Presence", "explicitInt32", { explicitInt32: 0 }],
  ];
  test.each(cases)("%s.%s", (typeName, local, init) => {
    const d = schema(typeName);
    const f = d.field[local];
    const empty = create(d);
    expect(isFieldSet(empty, f)).toBe(false);
    const m = create(d, init);
    expect(isFieldSet(m, f)).toBe(true);
    expect(toBinary(d, m).length).toBeGreaterThan(0);
    clearField(m, f);
    expect(isFieldSet(m, f)).toBe(false);
    expect(toBinary(d, m).length).toBe(0);
    expect(equals(d, m, empty)).toBe(true);
  });
  test("implicit presence: zero is not set, -0.0 is", () => {
    expect(isFieldSet(create(S, { doubleField: 0 }), S.field.doubleField)).toBe(false);
    expect(isFieldSet(create(S, { doubleField: -0 }), S.field.doubleField)).toBe(true);
  });
  test("a field of another message type is never set and clearField ignores it", () => {
    const m = create(S, { int32Field: 1 });
    const other = schema("pbjet.test.proto3.OptionalScalarValues").field.int32Field;
    expect(isFieldSet(m, other)).toBe(false);
    clearField(m, other);
    expect(rec(m).int32Field).toBe(1);
  });
});

describe("mergeFromBinary", () => {
  test("scalars replaced, lists appended, messages merged, maps merged by key", () => {
    const m = create(ALL, {
      scalars: { int32Field: 1, stringField: "a" },
      repeatedScalars: { int32Field: [1] },
      messages: { nestedField: { a: 1, b: "keep" } },
      maps: { int32Int32: { 1: 1, 2: 2 } },
    });
    const update = create(ALL, {
      scalars: { int32Field: 2 },
      repeatedScalars: { int32Field: [2, 3] },
      messages: { nestedField: { a: 5, child: {} } },
      maps: { int32Int32: { 2: 20, 3: 30 } },
    });
    const r = mergeFromBinary(ALL, m, toBinary(ALL, update));
    expect(r).toBe(m);
    const mm = rec(m);
    expect(mm.scalars.int32Field).toBe(2);
    expect(mm.scalars.stringField).toBe("a");
    expect(mm.repeatedScalars.int32Field).toEqual([1, 2, 3]);
    expect(mm.messages.nestedField).toMatchObject({ a: 5, b: "keep" });
    expect(mm.messages.nestedField.child).toBeDefined();
    expect(mm.maps.int32Int32).toEqual({ 1: 1, 2: 20, 3: 30 });
  });
  test("unknown fields are appended; options apply", () => {
    const m = fromBinary(S, fromHex("f80701"));
    mergeFromBinary(S, m, fromHex("f80702"));
    expect(rec(m).$unknown).toHaveLength(2);
    mergeFromBinary(S, m, fromHex("f80703"), { readUnknownFields: false });
    expect(rec(m).$unknown).toHaveLength(2);
  });
  test("a failed merge throws BinaryDecodeError", () => {
    expect(thrown(() => mergeFromBinary(S, create(S), fromHex("18")))).toBeInstanceOf(pb.BinaryDecodeError);
  });
});

describe("registries", () => {
  const reg = registry();
  test("lookups by name: messages, enums, extensions, services", () => {
    expect(reg.getMessage("pbjet.test.proto3.MessageFields.Nested")?.name).toBe("Nested");
    expect(reg.getEnum("pbjet.test.proto3.EnumFields.NestedEnum")?.values.length).toBe(3);
    expect(reg.getExtension("pbjet.test.proto2.ExtensionScope.Deeper.deeper_bool_ext")?.number).toBe(160);
    expect(reg.getService("pbjet.test.edition2024.EditionService")?.methods.map((m) => m.name)).toEqual(["Call"]);
    expect(reg.getMessage("pbjet.test.proto3.Proto3Enum")).toBeUndefined();
    expect(reg.getEnum("pbjet.test.proto3.ScalarValues")).toBeUndefined();
    expect(reg.get("pbjet.test.proto3.Proto3Enum")?.kind).toBe("enum");
    expect(reg.get("nope")).toBeUndefined();
    expect(reg.getFile("proto3.proto")?.messages.length).toBeGreaterThan(5);
    expect(reg.getFile("google/protobuf/timestamp.proto")).toBeDefined();
  });
  test("getExtensionFor", () => {
    const extendee = schema("pbjet.test.proto2.Extendee");
    expect(reg.getExtensionFor(extendee, 100)?.typeName).toBe("pbjet.test.proto2.int32_ext");
    expect(reg.getExtensionFor(extendee, 536870911)?.typeName).toBe("pbjet.test.proto2.large_number_ext");
    expect(reg.getExtensionFor(extendee, 99)).toBeUndefined();
    expect(reg.getExtensionFor(schema("pbjet.test.proto2.SelfExtending"), 10)?.name).toBe("self_ext");
  });
  test("createRegistry from files, messages and registries", () => {
    const file = reg.getFile("proto2.proto")!;
    const fromFile = createRegistry(file);
    expect(fromFile.getMessage("pbjet.test.proto2.GroupFields.OptionalGroup.NestedGroup")).toBeDefined();
    expect(fromFile.getExtension("pbjet.test.proto2.ExtensionScope.nested_int32_ext")).toBeDefined();
    expect(fromFile.getEnum("pbjet.test.proto2.Proto2Enum")).toBeDefined();
    expect(fromFile.getMessage("pbjet.test.proto3.ScalarValues")).toBeUndefined();
    // A message adds just itself, as in protobuf-es (not the types nested in it).
    const fromMessage = createRegistry(MF);
    expect(fromMessage.getMessage("pbjet.test.proto3.MessageFields")).toBe(MF);
    expect(fromMessage.getMessage("pbjet.test.proto3.MessageFields.Nested.DeeperNested")).toBeUndefined();
    expect(fromMessage.getMessage("pbjet.test.proto3.ScalarValues")).toBeUndefined();
    const merged = createRegistry(fromFile, fromMessage, S);
    expect(merged.getMessage("pbjet.test.proto3.ScalarValues")).toBe(S);
    expect(merged.getExtensionFor(schema("pbjet.test.proto2.Extendee"), 150)?.name).toBe("nested_int32_ext");
    expect([...merged].length).toBeGreaterThan([...fromFile].length);
  });
  test("createFileRegistry from a file descriptor proto and a resolver", () => {
    const set = pb.fromBinary(FileDescriptorSetSchema, descriptorSetBytes("test"));
    const byName = new Map(set.file.map((f) => [f.name, f]));
    const proto3 = byName.get("proto3.proto")!;
    const r = createFileRegistry(proto3, (name) => byName.get(name));
    const d = r.getMessage("pbjet.test.proto3.AllTypes")!;
    expect(d).toBeDefined();
    expect(r.getFile("google/protobuf/any.proto")).toBeDefined();
    // Descriptors from the new registry encode like the shared ones.
    const init = { scalars: { int32Field: 1 }, maps: { stringString: { a: "b" } } };
    expect(hex(toBinary(d, create(d, init)))).toBe(hex(toBinary(ALL, create(ALL, init))));
    // The resolver may also return already linked files.
    const r2 = createFileRegistry(proto3, (name) => registry().getFile(name));
    expect(r2.getMessage("pbjet.test.proto3.ScalarValues")).toBeDefined();
    // Merging file registries.
    const r3 = createFileRegistry(
      r,
      createFileRegistry(byName.get("proto2.proto")!, (n) => byName.get(n)),
    );
    expect(r3.getMessage("pbjet.test.proto2.AllTypes")).toBeDefined();
    expect(r3.getMessage("pbjet.test.proto3.AllTypes")).toBeDefined();
  });
  test("a missing dependency is an error naming it", () => {
    const set = pb.fromBinary(FileDescriptorSetSchema, descriptorSetBytes("test"));
    const proto3 = set.file.find((f) => f.name === "proto3.proto")!;
    const e = thrown(() => createFileRegistry(proto3, () => undefined));
    expect(e).toBeInstanceOf(pb.ProtobufError);
    expect((e as Error).message).toContain("google/protobuf/any.proto");
  });
});
