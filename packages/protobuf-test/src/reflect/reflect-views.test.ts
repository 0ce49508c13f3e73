/**
 * The reflection API over generated schemas, lazy views and unboxed well-known types: reads
 * through a view give what reads of the eager message give; every write to a view — set,
 * clear, list and map changes, unknown fields — gives what the same write on the eager message
 * gives (the view then writes the change); a mutable copy takes the writes and encodes them.
 */
// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import * as pr from "@pbjet/protobuf/reflect";
import { MapFieldsSchema, MessageFieldsSchema, JsTypesSchema, WellKnownTypesSchema, OneofFieldsSchema } from "../gen/proto3_pb";
import { hex } from "../helpers";

const full = pb.create(MapFieldsSchema, {
  int64Int64: { "1": 2n, "-3": 4n },
  boolBool: { true: false },
  stringMessage: { a: { a: 7, b: "x" } },
});
const bytes = pb.toBinary(MapFieldsSchema, full);

function field<D extends pb.DescMessage>(desc: D, name: string): pb.DescField {
  const f = desc.fields.find((x) => x.name === name);
  if (f === undefined) throw new Error(`no field ${name}`);
  return f;
}

describe("reflect on lazy views", () => {
  test("reads through a view match the eager message", () => {
    const view = pb.fromBinary(MapFieldsSchema, bytes, { lazy: true });
    expect(pb.isLazyMessage(view)).toBe(true);
    const rv = pr.reflect(MapFieldsSchema, view);
    const m = rv.get(field(MapFieldsSchema, "int64_int64")) as pr.ReflectMap<bigint, bigint>;
    expect([...m.entries()]).toEqual([
      [1n, 2n],
      [-3n, 4n],
    ]);
    expect(m.get(1n)).toBe(2n);
    expect((m as pr.ReflectMap).has(-3)).toBe(true);
    const sm = rv.get(field(MapFieldsSchema, "string_message")) as pr.ReflectMap<string, pr.ReflectMessage>;
    const nested = sm.get("a")!;
    expect(nested.get(nested.desc.fields[0])).toBe(7);
    expect(rv.isSet(field(MapFieldsSchema, "bool_bool"))).toBe(true);
    expect(rv.isSet(field(MapFieldsSchema, "int32_int32"))).toBe(false);
  });

  test("every write to a view gives what it gives on the eager message", () => {
    const mapField = field(MapFieldsSchema, "int64_int64");
    const writes: ((r: pr.ReflectMessage) => unknown)[] = [
      (r) => r.set(mapField, pr.reflectMap(mapField as pb.DescField & { fieldKind: "map" })),
      (r) => r.clear(mapField),
      (r) => r.setUnknown([]),
      (r) => (r.get(mapField) as pr.ReflectMap).set(5n, 6n),
      (r) => (r.get(mapField) as pr.ReflectMap).delete(1n),
      (r) => (r.get(mapField) as pr.ReflectMap).clear(),
    ];
    for (const write of writes) {
      const view = pb.fromBinary(MapFieldsSchema, bytes, { lazy: true });
      const eager = pb.fromBinary(MapFieldsSchema, bytes);
      write(pr.reflect(MapFieldsSchema, view));
      write(pr.reflect(MapFieldsSchema, eager));
      expect(hex(pb.toBinary(MapFieldsSchema, view))).toBe(hex(pb.toBinary(MapFieldsSchema, eager)));
    }

    const msgBytes = pb.toBinary(MessageFieldsSchema, pb.create(MessageFieldsSchema, { repeatedNestedField: [{ a: 1 }] }));
    const listWrites: ((r: pr.ReflectMessage) => unknown)[] = [
      (r) => {
        const list = r.get(field(MessageFieldsSchema, "repeated_nested_field")) as pr.ReflectList<pr.ReflectMessage>;
        list.add(pr.reflect(list.get(0)!.desc));
      },
      (r) => {
        const list = r.get(field(MessageFieldsSchema, "repeated_nested_field")) as pr.ReflectList<pr.ReflectMessage>;
        list.set(0, list.get(0)!);
      },
      (r) => (r.get(field(MessageFieldsSchema, "repeated_nested_field")) as pr.ReflectList).clear(),
      (r) => {
        const item = (r.get(field(MessageFieldsSchema, "repeated_nested_field")) as pr.ReflectList<pr.ReflectMessage>).get(0)!;
        item.set(item.desc.fields[0], 2);
      },
      (r) => {
        const item = (r.get(field(MessageFieldsSchema, "repeated_nested_field")) as pr.ReflectList<pr.ReflectMessage>).get(0)!;
        r.set(field(MessageFieldsSchema, "nested_field"), item);
      },
    ];
    for (const write of listWrites) {
      const view = pb.fromBinary(MessageFieldsSchema, msgBytes, { lazy: true });
      const eager = pb.fromBinary(MessageFieldsSchema, msgBytes);
      write(pr.reflect(MessageFieldsSchema, view));
      write(pr.reflect(MessageFieldsSchema, eager));
      expect(hex(pb.toBinary(MessageFieldsSchema, view))).toBe(hex(pb.toBinary(MessageFieldsSchema, eager)));
    }
  });

  test("a mutable copy takes the writes, and encodes them", () => {
    const view = pb.fromBinary(MapFieldsSchema, bytes, { lazy: true });
    const copy = pb.toMutable(MapFieldsSchema, view);
    const r = pr.reflect(MapFieldsSchema, copy);
    const m = r.get(field(MapFieldsSchema, "int64_int64")) as pr.ReflectMap;
    // The copy's maps are fresh objects: changing them is allowed.
    m.set(5n, 6n);
    m.delete(1n);
    const back = pb.fromBinary(MapFieldsSchema, pb.toBinary(MapFieldsSchema, copy));
    expect(back.int64Int64).toEqual({ "-3": 4n, "5": 6n });
  });
});

describe("reflect on generated schemas", () => {
  test("64-bit integers read as bigint, also with jstype = JS_STRING, and are stored in the field's form", () => {
    const msg = pb.create(JsTypesSchema, { int64String: "12", uint64String: "18446744073709551615" });
    const r = pr.reflect(JsTypesSchema, msg);
    expect(r.get(field(JsTypesSchema, "int64_string"))).toBe(12n);
    expect(r.get(field(JsTypesSchema, "uint64_string"))).toBe(18446744073709551615n);
    r.set(field(JsTypesSchema, "int64_string"), -5n);
    expect(msg.int64String).toBe("-5");
    r.set(field(JsTypesSchema, "int64_string"), 7);
    expect(msg.int64String).toBe("7");
    r.set(field(JsTypesSchema, "int64_normal"), "9");
    expect(msg.int64Normal).toBe(9n);
    const list = r.get(field(JsTypesSchema, "repeated_int64_string")) as pr.ReflectList<bigint>;
    list.add(3n);
    list.add("4" as unknown as bigint);
    expect(msg.repeatedInt64String).toEqual(["3", "4"]);
    expect([...list]).toEqual([3n, 4n]);
  });

  test("unboxed wrappers and Struct read as messages and are stored unboxed", () => {
    const msg = pb.create(WellKnownTypesSchema, { doubleValue: 1.5, struct: { a: [1, "b", null] } });
    const r = pr.reflect(WellKnownTypesSchema, msg);
    const wrapper = r.get(field(WellKnownTypesSchema, "double_value")) as pr.ReflectMessage;
    expect(wrapper.desc.typeName).toBe("google.protobuf.DoubleValue");
    expect(wrapper.get(wrapper.desc.fields[0])).toBe(1.5);
    wrapper.set(wrapper.desc.fields[0], 2.5);
    // The wrapper message is a copy: the field changes when it is set back.
    expect(msg.doubleValue).toBe(1.5);
    r.set(field(WellKnownTypesSchema, "double_value"), wrapper);
    expect(msg.doubleValue).toBe(2.5);
    const struct = r.get(field(WellKnownTypesSchema, "struct")) as pr.ReflectMessage;
    expect(struct.desc.typeName).toBe("google.protobuf.Struct");
    const fields = struct.get(struct.desc.fields[0]) as pr.ReflectMap<string, pr.ReflectMessage>;
    expect([...fields.keys()]).toEqual(["a"]);
    r.set(field(WellKnownTypesSchema, "struct"), struct);
    expect(msg.struct).toEqual({ a: [1, "b", null] });
    // An unset wrapper reads as a new zero message, not set on the field.
    const unset = r.get(field(WellKnownTypesSchema, "int32_value")) as pr.ReflectMessage;
    expect(unset.get(unset.desc.fields[0])).toBe(0);
    expect(r.isSet(field(WellKnownTypesSchema, "int32_value"))).toBe(false);
  });

  test("oneofs: set selects the member, clear of another member is a no-op", () => {
    const msg = pb.create(OneofFieldsSchema);
    const r = pr.reflect(OneofFieldsSchema, msg);
    const kind = OneofFieldsSchema.oneofs[0];
    r.set(kind.fields[0], 5);
    expect(r.oneofCase(kind)).toBe(kind.fields[0]);
    r.clear(kind.fields[1]);
    expect(r.oneofCase(kind)).toBe(kind.fields[0]);
    r.clear(kind.fields[0]);
    expect(r.oneofCase(kind)).toBeUndefined();
    expect(msg.kind).toEqual({ case: undefined });
  });

  test("reflect() without a message makes a new one; unchecked mode stores what it is given", () => {
    const r = pr.reflect(MessageFieldsSchema);
    expect(r.message.$typeName).toBe(MessageFieldsSchema.typeName);
    const u = pr.reflect(JsTypesSchema, undefined, false);
    u.set(field(JsTypesSchema, "int64_normal"), 3);
    expect(u.get(field(JsTypesSchema, "int64_normal"))).toBe(3n);
  });
});
