/**
 * Field assignments on a view go into its slots (lazy/view-class.ts) and the view is written
 * from them (lazy/view-encode.ts): fields never decoded are copied as their occurrences on the
 * wire, the rest encoded. The output decodes to what the same edit on an eager decode encodes
 * — for fields present only on the wire, repeated occurrences, merged sub-messages, proto2
 * presence and oneofs — and an invalid value fails as it does on an eager message.
 */
// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import { schema } from "../helpers";
import { concat, contentOf, errorOf, describeError, hex, lenField, paddedVarint, tag, VARINT } from "./util";

type Msg = Record<string, unknown>;

const proto2 = () => schema("protobuf_test_messages.proto2.TestAllTypesProto2", "conformance");
const walk = { set: "conformance" as const };

const int32Field = (no: number, v: number) => concat(tag(no, VARINT), [v]);
const stringField = (no: number, s: string) => lenField(no, new TextEncoder().encode(s));

/** Makes `edit` on a view and on an eager decode of `bytes`; both outputs decode alike. */
function editBoth(bytes: Uint8Array, edit: (m: Msg) => void, readFirst = false): Msg {
  const desc = proto2();
  const view = pb.fromBinary(desc, bytes, { lazy: true }) as unknown as Msg;
  const eager = pb.fromBinary(desc, bytes) as unknown as Msg;
  if (readFirst) contentOf(desc, view, "view", walk);
  edit(view);
  edit(eager);
  const out = pb.fromBinary(desc, pb.toBinary(desc, view as never));
  expect(contentOf(desc, out, "eager", walk)).toEqual(contentOf(desc, pb.fromBinary(desc, pb.toBinary(desc, eager as never)), "eager", walk));
  return out as unknown as Msg;
}

// optional_int32 = 1, optional_string = 14, optional_nested_message = 18 (a = 1),
// repeated_int32 = 31 (unpacked here), oneof_uint32 = 111, oneof_string = 113.
const input = concat(
  int32Field(31, 1),
  stringField(14, "first"),
  lenField(18, int32Field(1, 5)),
  int32Field(1, 7),
  int32Field(31, 2),
  stringField(14, "second"),
  lenField(18, lenField(2, int32Field(1, 6))),
  int32Field(31, 3),
  stringField(113, "member"),
);

test.each([false, true])(
  "fields not read are copied: repeated occurrences in order, the last string, merged sub-messages (read first: %s)",
  (readFirst) => {
    const out = editBoth(input, (m) => (m.optionalInt32 = 9), readFirst);
    expect(out.optionalInt32).toBe(9);
    expect(out.optionalString).toBe("second");
    expect(out.repeatedInt32).toEqual([1, 2, 3]);
    expect((out.optionalNestedMessage as Msg).a).toBe(5);
    expect(((out.optionalNestedMessage as Msg).corecursive as Msg).optionalInt32).toBe(6);
    expect(out.oneofField).toEqual({ case: "oneofString", value: "member" });
  },
);

test("a written string, message and oneof replace what the wire has", () => {
  const out = editBoth(input, (m) => {
    m.optionalString = "third";
    m.optionalNestedMessage = pb.create(proto2().field.optionalNestedMessage.message!, { a: 11 });
    m.oneofField = { case: "oneofUint32", value: 4 };
  });
  expect(out.optionalString).toBe("third");
  expect((out.optionalNestedMessage as Msg).a).toBe(11);
  expect(out.oneofField).toEqual({ case: "oneofUint32", value: 4 });
  expect(out.repeatedInt32).toEqual([1, 2, 3]);
});

test("proto2 presence: a field written with its default is written; one absent on the wire stays absent", () => {
  const out = editBoth(input, (m) => {
    m.optionalInt64 = 0n;
  });
  expect(pb.isFieldSet(out as never, proto2().field.optionalInt64)).toBe(true);
  expect(pb.isFieldSet(out as never, proto2().field.optionalBool)).toBe(false);
});

test("undefined and a number in a 64-bit field are taken as an eager message takes them", () => {
  editBoth(input, (m) => {
    m.optionalString = undefined;
    m.optionalInt32 = 3;
  });
  editBoth(input, (m) => {
    m.optionalInt64 = 12;
  });
});

test("an invalid value fails as on an eager message, naming the field", () => {
  const desc = proto2();
  const view = pb.fromBinary(desc, input, { lazy: true }) as unknown as Msg;
  const eager = pb.fromBinary(desc, input) as unknown as Msg;
  view.optionalInt32 = 2 ** 40;
  eager.optionalInt32 = 2 ** 40;
  const e = errorOf(() => pb.toBinary(desc, eager as never));
  expect(e).toBeInstanceOf(Error);
  expect(describeError(errorOf(() => pb.toBinary(desc, view as never)))).toBe(describeError(e));
});

describe("a view read whole, then changed", () => {
  // optional_nested_message (18) with a = 5 as a padded varint (non-canonical): read, never changed.
  const padded = lenField(18, concat(tag(1, VARINT), paddedVarint(5, 3)));
  const bytes = concat(int32Field(1, 7), stringField(14, "text"), padded, int32Field(31, 1), int32Field(31, 2), stringField(113, "member"));

  test("encodes as the same edit on an eager decode, twice alike; what was only read is copied as it came", () => {
    const desc = proto2();
    const edit = (m: Msg) => {
      m.optionalInt32 = 8;
      m.optionalString = "changed";
      m.oneofField = { case: "oneofUint32", value: 3 };
      (m.repeatedInt32 as number[]).push(3);
    };
    const view = pb.fromBinary(desc, bytes, { lazy: true }) as unknown as Msg;
    contentOf(desc, view, "view", walk);
    edit(view);
    const eager = pb.fromBinary(desc, bytes) as unknown as Msg;
    edit(eager);
    const first = pb.toBinary(desc, view as never);
    const second = pb.toBinary(desc, view as never);
    expect(hex(second)).toBe(hex(first));
    expect(contentOf(desc, pb.fromBinary(desc, first), "eager", walk)).toEqual(contentOf(desc, eager as never, "eager", walk));
    // The sub-message read but not changed is copied as it came (its padded varint too).
    expect(hex(first)).toContain(hex(padded));
    expect(pb.isLazyMessage(view)).toBe(true);
    // A write after both encodes shows in the next one.
    view.optionalInt32 = 9;
    expect((pb.fromBinary(desc, pb.toBinary(desc, view as never)) as unknown as Msg).optionalInt32).toBe(9);
  });
});
