/**
 * Small, explicit cases of the bugs the lazy suites found (each also found by the property
 * suites); kept so that a regression names its cause directly.
 */
// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import { schema } from "../helpers";
import { concat, contentOf, errorOf, groupField, hex, lenField, paddedVarint, tag, VARINT } from "./util";

type Msg = Record<string, unknown>;

const proto2 = () => schema("protobuf_test_messages.proto2.TestAllTypesProto2", "conformance");
const proto3 = () => schema("protobuf_test_messages.proto3.TestAllTypesProto3", "conformance");
const walk = { set: "conformance" as const };

test("a message member of a oneof with a closed enum member is a view that takes writes", () => {
  const desc = proto2();
  const bytes = pb.toBinary(desc, pb.create(desc, { oneofField: { case: "oneofNestedMessage", value: { a: 5 } } }));
  const view = pb.fromBinary(desc, bytes, { lazy: true }) as unknown as Msg;
  const o = view.oneofField as { case: string; value: Msg };
  expect(pb.isLazyMessage(o.value)).toBe(true);
  expect(hex(pb.toBinary(desc, pb.toMutable(desc, view as never)))).toBe(hex(bytes));
  o.value.a = 7;
  const edited = pb.create(desc, { oneofField: { case: "oneofNestedMessage", value: { a: 7 } } });
  expect(hex(pb.toBinary(desc, view as never))).toBe(hex(pb.toBinary(desc, edited)));
  // The closed enum member still routes unknown values to the unknown fields.
  const unknownEnum = concat(bytes, tag(desc.field.oneofEnum.number, VARINT), [99]);
  const v2 = pb.fromBinary(desc, unknownEnum, { lazy: true }) as unknown as Msg;
  expect(contentOf(desc, v2, "view", walk)).toEqual(contentOf(desc, pb.fromBinary(desc, unknownEnum), "eager", walk));
  expect((v2.oneofField as { case: string }).case).toBe("oneofNestedMessage");
  // A known enum value after the message replaces it; a message after the enum, too.
  const known = concat(bytes, tag(desc.field.oneofEnum.number, VARINT), [1]);
  expect((pb.fromBinary(desc, known, { lazy: true }) as unknown as Msg).oneofField).toEqual({ case: "oneofEnum", value: 1 });
  const back = concat(known, bytes);
  expect(contentOf(desc, pb.fromBinary(desc, back, { lazy: true }), "view", walk)).toEqual(contentOf(desc, pb.fromBinary(desc, back), "eager", walk));
});

test("toBinary(view, { writeUnknownFields: false }) keeps explicit-presence fields set to zero", () => {
  const desc = proto2();
  const msg = pb.create(desc, { optionalInt32: 0, optionalNestedMessage: { a: 0 }, mapStringNestedMessage: { k: { a: 0 } } });
  const bytes = pb.toBinary(desc, msg);
  const view = pb.fromBinary(desc, bytes, { lazy: true });
  expect(hex(pb.toBinary(desc, view, { writeUnknownFields: false }))).toBe(hex(bytes));
  // Map values that are views, in a mutable copy, with and without unknown fields.
  const mut = pb.toMutable(desc, view);
  expect(hex(pb.toBinary(desc, mut))).toBe(hex(bytes));
  expect(hex(pb.toBinary(desc, mut, { writeUnknownFields: false }))).toBe(hex(bytes));
});

test("clearField() on a view clears the field (a view's fields are accessors: delete would do nothing)", () => {
  const desc = proto2();
  const bytes = pb.toBinary(desc, pb.create(desc, { optionalInt32: 3, optionalNestedMessage: {}, repeatedInt32: [1] }));
  const view = pb.fromBinary(desc, bytes, { lazy: true });
  const eager = pb.fromBinary(desc, bytes);
  for (const f of [desc.field.optionalInt32, desc.field.optionalNestedMessage, desc.field.repeatedInt32]) {
    expect(pb.isFieldSet(view, f)).toBe(true);
    pb.clearField(view, f);
    pb.clearField(eager, f);
    expect(pb.isFieldSet(view, f)).toBe(false);
    expect(hex(pb.toBinary(desc, view))).toBe(hex(pb.toBinary(desc, eager)));
  }
  expect(hex(pb.toBinary(desc, view))).toBe("");
});

test("a view decoded with readUnknownFields: false does not write the unknown fields", () => {
  const desc = proto3();
  const unknown = [{ no: 999, wireType: 0, data: new Uint8Array([1]) }];
  const bytes = pb.toBinary(desc, pb.create(desc, { optionalInt32: 3, optionalNestedMessage: { a: 9, $unknown: unknown }, $unknown: unknown }));
  const eager = pb.fromBinary(desc, bytes, { readUnknownFields: false });
  const view = pb.fromBinary(desc, bytes, { lazy: true, readUnknownFields: false });
  expect(view.$unknown).toBeUndefined();
  expect(hex(pb.toBinary(desc, view))).toBe(hex(pb.toBinary(desc, eager)));
  expect(hex(pb.toBinary(desc, pb.toMutable(desc, view)))).toBe(hex(pb.toBinary(desc, eager)));
});

test("a group whose end-group tag has redundant continuation bytes is read by views", () => {
  const desc = proto2();
  const data = desc.field.data;
  const content = concat(tag(202, VARINT), [5]);
  const endTag = [((data.number * 8 + 4) % 128) | 0x80, 0x80 | Math.floor((data.number * 8 + 4) / 128), 0x80, 0x00];
  const bytes = concat(tag(data.number, 3), content, endTag);
  expect(hex(bytes)).toBe(hex(concat(groupField(data.number, content).subarray(0, -2), endTag)));
  const eager = pb.fromBinary(desc, bytes);
  for (const validate of [true, false]) {
    const view = pb.fromBinary(desc, bytes, { lazy: true, validate }) as unknown as Msg;
    expect(errorOf(() => (view.data as Msg).groupInt32)).toBeUndefined();
    expect(contentOf(desc, view, "view", walk)).toEqual(contentOf(desc, eager, "eager", walk));
  }
  // And as a list element (nested in a length-delimited message, too).
  const nested = lenField(desc.field.optionalNestedMessage.number, lenField(2, bytes));
  const view = pb.fromBinary(desc, nested, { lazy: true });
  expect(contentOf(desc, view, "view", walk)).toEqual(contentOf(desc, pb.fromBinary(desc, nested), "eager", walk));
});

test("unknown field entries of a view are frozen; those of a mutable copy are not", () => {
  const desc = proto3();
  const bytes = pb.toBinary(desc, pb.create(desc, { optionalInt32: 3, $unknown: [{ no: 999, wireType: 0, data: new Uint8Array([1]) }] }));
  const view = pb.fromBinary(desc, bytes, { lazy: true });
  const u = view.$unknown![0] as { no: number };
  expect(() => (u.no = 1000)).toThrow(TypeError);
  const mut = pb.toMutable(desc, view);
  (mut.$unknown![0] as { no: number }).no = 1000;
  expect(view.$unknown![0].no).toBe(999);
  expect(hex(pb.toBinary(desc, view))).toBe(hex(bytes));
  expect(hex(pb.toBinary(desc, pb.toMutable(desc, view)))).toBe(hex(bytes));
});

test("a map entry without its message value does not count against the depth limit", () => {
  // Value { struct_value: Struct { fields: { "": <value with the wrong wire type> } } }, then
  // unknown fields; at recursionLimit 2 the eager decoder accepts it (the entry's value is not on the
  // wire, so nothing nests beyond the Struct), and so must reading the view.
  const desc = schema("google.protobuf.Value", "conformance");
  const bytes = Uint8Array.from([42, 6, 10, 4, 10, 0, 16, 0, 130, 226, 9, 0, 57, 0, 0, 0, 0, 0, 0, 0, 0]);
  const eager = pb.fromBinary(desc, bytes, { recursionLimit: 2 });
  const view = pb.fromBinary(desc, bytes, { recursionLimit: 2, lazy: true });
  expect(errorOf(() => contentOf(desc, view, "view", walk))).toBeUndefined();
  expect(contentOf(desc, view, "view", walk)).toEqual(contentOf(desc, eager, "eager", walk));
});

test("sizeDelimitedEncode of a view writes its fields (proto2 explicit presence lost them)", () => {
  const desc = schema("pbjet.test.proto2.GroupFields");
  const bytes = pb.toBinary(desc, pb.create(desc, { after: 7 } as never));
  expect(hex(bytes)).toBe("3807");
  for (const options of [{ lazy: true }, { lazy: true, validate: false }]) {
    const view = pb.fromBinary(desc, bytes, options);
    expect(hex(pb.sizeDelimitedEncode(desc, view))).toBe("023807");
    expect(hex(pb.sizeDelimitedEncode(desc, view, { writeUnknownFields: false }))).toBe("023807");
  }
});

/** A pbjet.test.proto2.RequiredFields with every required field set. */
function completeRequiredFields(desc: pb.DescMessage): pb.Message {
  return pb.create(desc, {
    requiredInt32: 1,
    requiredString: "a",
    requiredBytes: new Uint8Array([1]),
    requiredEnum: 1,
    requiredMessage: {},
    requiredInt64Default: 5n,
  } as never);
}

test("a validated view of a message with unset required fields is not copied: encoding throws, as for the eager message", () => {
  const desc = schema("pbjet.test.proto2.RequiredFields");
  const empty = new Uint8Array(0);
  expect(() => pb.toBinary(desc, pb.fromBinary(desc, empty))).toThrow(pb.BinaryEncodeError);
  const view = pb.fromBinary(desc, empty, { lazy: true });
  expect(() => pb.toBinary(desc, view)).toThrow(pb.BinaryEncodeError);
  expect(() => pb.sizeDelimitedEncode(desc, view)).toThrow(pb.BinaryEncodeError);
  // Held, incomplete, by a type that has no required fields itself.
  const holder = schema("pbjet.test.proto2.RequiredHolder");
  const bytes = new Uint8Array([0x0a, 0x00]); // optional_required = {}
  expect(() => pb.toBinary(holder, pb.fromBinary(holder, bytes))).toThrow(pb.BinaryEncodeError);
  expect(() => pb.toBinary(holder, pb.fromBinary(holder, bytes, { lazy: true }))).toThrow(pb.BinaryEncodeError);
  // Trusted input is not checked: its views pass through as they came (documented).
  expect(hex(pb.toBinary(holder, pb.fromBinary(holder, bytes, { lazy: true, validate: false })))).toBe("0a00");
});

test("a validated view with every required field set is copied", () => {
  const desc = schema("pbjet.test.proto2.RequiredFields");
  const msg = completeRequiredFields(desc);
  // An unknown field before the known ones: a re-encode would write it last; a copy keeps the order.
  const bytes = new Uint8Array([0xf8, 0x06, 0x01, ...pb.toBinary(desc, msg)]);
  const view = pb.fromBinary(desc, bytes, { lazy: true });
  expect(hex(pb.toBinary(desc, view))).toBe(hex(bytes));
});

test("a required field counts as set only with its wire type and, for a closed enum, a known value", () => {
  const desc = schema("pbjet.test.proto2.RequiredFields");
  const full = completeRequiredFields(desc);
  // The encoding without one field's record (each record here is a one-byte tag and a one-byte value).
  const fullHex = hex(pb.toBinary(desc, full));
  const without = (record: string) => {
    expect(fullHex).toContain(record);
    return Uint8Array.from(Buffer.from(fullHex.replace(record, ""), "hex"));
  };
  // required_int32 (field 1) only as a length-delimited value: an unknown field.
  const wrongWireType = new Uint8Array([...without("0801"), 0x0a, 0x00]);
  // required_enum (field 4) only with a value the closed enum does not know.
  const unknownEnum = new Uint8Array([...without("2001"), 0x20, 0x63]);
  for (const bytes of [wrongWireType, unknownEnum]) {
    expect(() => pb.toBinary(desc, pb.fromBinary(desc, bytes))).toThrow(/required field/);
    expect(() => pb.toBinary(desc, pb.fromBinary(desc, bytes, { lazy: true }))).toThrow(/required field/);
  }
});

test("a list of sub-message views that is reordered, or given a repeated element, is written as changed", () => {
  const desc = proto3();
  const init = { repeatedNestedMessage: [{ a: 1 }, { a: 2 }, { a: 3 }] };
  const bytes = pb.toBinary(desc, pb.create(desc, init));
  const swapped = pb.fromBinary(desc, bytes, { lazy: true }) as unknown as Msg;
  const list = swapped.repeatedNestedMessage as Msg[];
  [list[0], list[2]] = [list[2], list[0]];
  expect(hex(pb.toBinary(desc, swapped as never))).toBe(
    hex(pb.toBinary(desc, pb.create(desc, { repeatedNestedMessage: [{ a: 3 }, { a: 2 }, { a: 1 }] }))),
  );
  const repeated = pb.fromBinary(desc, bytes, { lazy: true }) as unknown as Msg;
  const list2 = repeated.repeatedNestedMessage as Msg[];
  list2[2] = list2[1];
  expect(hex(pb.toBinary(desc, repeated as never))).toBe(
    hex(pb.toBinary(desc, pb.create(desc, { repeatedNestedMessage: [{ a: 1 }, { a: 2 }, { a: 2 }] }))),
  );
});

test("unread 64-bit integers, bytes, long strings and sub-messages of a view take writes before they are read", () => {
  const desc = proto3();
  const long = "x".repeat(40);
  const bytes = pb.toBinary(
    desc,
    pb.create(desc, { optionalInt64: 5n, optionalBytes: new Uint8Array([1, 2]), optionalString: long, optionalNestedMessage: { a: 1 } }),
  );
  const view = pb.fromBinary(desc, bytes, { lazy: true }) as unknown as Msg;
  expect(view.optionalInt32).toBe(0);
  view.optionalInt64 = 7n;
  view.optionalBytes = new Uint8Array([9]);
  view.optionalString = "short";
  view.optionalNestedMessage = pb.create(desc.field.optionalNestedMessage.message!, { a: 2 });
  expect(view.optionalInt64).toBe(7n);
  expect(view.optionalBytes).toEqual(new Uint8Array([9]));
  expect(view.optionalString).toBe("short");
  expect((view.optionalNestedMessage as Msg).a).toBe(2);
  const edited = pb.create(desc, { optionalInt64: 7n, optionalBytes: new Uint8Array([9]), optionalString: "short", optionalNestedMessage: { a: 2 } });
  expect(hex(pb.toBinary(desc, view as never))).toBe(hex(pb.toBinary(desc, edited)));
});

test("a change below a view keeps the view's other fields and unknown fields", () => {
  const desc = proto2();
  const inner = pb.toBinary(desc, pb.create(desc, { optionalNestedMessage: { a: 1 }, optionalString: "before" }));
  // An unknown field before and after the sub-message.
  const bytes = concat(tag(9000, VARINT), [5], inner, tag(9001, VARINT), [6]);
  const view = pb.fromBinary(desc, bytes, { lazy: true }) as unknown as Msg;
  (view.optionalNestedMessage as Msg).a = 2;
  const eager = pb.fromBinary(desc, bytes) as unknown as Msg;
  (eager.optionalNestedMessage as Msg).a = 2;
  const out = pb.toBinary(desc, view as never);
  expect(contentOf(desc, pb.fromBinary(desc, out), "eager", walk)).toEqual(contentOf(desc, eager, "eager", walk));
});

test("a Struct holding NaN that was read is unchanged: the view still writes its input", () => {
  const desc = proto3();
  const init = {
    optionalStruct: { nan: Number.NaN, list: [Number.NaN, -0], nested: { x: Number.NaN } },
    repeatedStruct: [{ y: Number.NaN }],
    optionalInt32: 1,
  };
  const canonical = pb.toBinary(desc, pb.create(desc, init as never));
  // Field 1 after the others: a re-encode would move it to the front, so the bytes show whether
  // the view was written as its input or field by field.
  const int32 = concat(tag(1, VARINT), [1]);
  const rest = pb.toBinary(desc, pb.create(desc, { ...init, optionalInt32: 0 } as never));
  const bytes = concat(rest, int32);
  expect(hex(bytes)).not.toBe(hex(canonical));
  const view = pb.fromBinary(desc, bytes, { lazy: true }) as unknown as Msg;
  expect(contentOf(desc, view, "view", walk)).toEqual(contentOf(desc, pb.fromBinary(desc, bytes), "eager", walk));
  expect(hex(pb.toBinary(desc, view as never))).toBe(hex(bytes));
  // A real change still shows: -0 replaced by 0 in the Struct's list.
  ((view.optionalStruct as { list: number[] }).list as number[])[1] = 0;
  expect(hex(pb.toBinary(desc, view as never))).not.toBe(hex(bytes));
  const back = pb.fromBinary(desc, pb.toBinary(desc, view as never)) as unknown as Msg;
  expect(Object.is((back.optionalStruct as { list: number[] }).list[1], 0)).toBe(true);
});

describe("scalar oneof members, read when the view is scanned", () => {
  // proto3: optional_int32 = 1, oneof_uint32 = 111, oneof_string = 113 (UTF-8 checked).
  const badString = lenField(113, [0x61, 0xff, 0x62]);
  const int32 = concat(tag(1, VARINT), [7]);

  test("trusted input: invalid UTF-8 in a member is reported when the oneof is read, not another field", () => {
    const desc = proto3();
    const view = pb.fromBinary(desc, concat(badString, int32), { lazy: true, validate: false }) as unknown as Msg;
    expect(view.optionalInt32).toBe(7);
    const e = errorOf(() => view.oneofField);
    expect(e).toBeInstanceOf(pb.BinaryDecodeError);
    expect((e as Error).message).toMatch(/UTF-8/);
  });

  test("a padded member read is written back as it came; the last member on the wire wins", () => {
    const desc = proto3();
    const bytes = concat(lenField(113, new TextEncoder().encode("first")), tag(111, VARINT), paddedVarint(5, 4), int32);
    for (const options of [{ lazy: true }, { lazy: true, validate: false }] as const) {
      const view = pb.fromBinary(desc, bytes, options) as unknown as Msg;
      expect(view.oneofField).toEqual({ case: "oneofUint32", value: 5 });
      expect(hex(pb.toBinary(desc, view as never))).toBe(hex(bytes));
    }
  });
});
