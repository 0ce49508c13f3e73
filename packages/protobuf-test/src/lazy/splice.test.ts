/**
 * Views that changed only below them are written as their bytes with the changed sub-views
 * spliced in (lazy/view-splice.ts): the rest of their bytes — field order, unknown fields,
 * non-canonical encodings — is written as it came, and the output decodes to what the same
 * edit on an eager decode encodes. Where a change cannot be spliced (a map value, a merged
 * sub-message, a change to the view's own fields or containers), the view is written field by
 * field, as before.
 */
// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import { schema } from "../helpers";
import { concat, contentOf, groupField, hex, lenField, tag, VARINT } from "./util";

type Msg = Record<string, unknown>;

const proto2 = () => schema("protobuf_test_messages.proto2.TestAllTypesProto2", "conformance");
const walk = { set: "conformance" as const };

const int32Field = (no: number, v: number) => concat(tag(no, VARINT), [v]);
const unknownField = (no: number, v: number) => concat(tag(no, VARINT), [v]);

/** The eager decode of `bytes` with `edit` made, against the view with the same edit: same content, and the view's bytes. */
function editBoth(bytes: Uint8Array, edit: (m: Msg) => void, options?: { writeUnknownFields: boolean }): Uint8Array {
  const desc = proto2();
  const view = pb.fromBinary(desc, bytes, { lazy: true }) as unknown as Msg;
  const eager = pb.fromBinary(desc, bytes) as unknown as Msg;
  edit(view);
  edit(eager);
  const out = pb.toBinary(desc, view as never, options);
  expect(contentOf(desc, pb.fromBinary(desc, out), "eager", walk)).toEqual(
    contentOf(desc, pb.fromBinary(desc, pb.toBinary(desc, eager as never, options)), "eager", walk),
  );
  return out;
}

test("a change two levels down is spliced: field order and unknown fields around it are kept", () => {
  // Fields out of order, unknown fields at every level.
  const leaf = (v: number) => concat(unknownField(9002, 7), int32Field(1, v));
  const middle = (v: number) => concat(int32Field(1, 1), lenField(27, leaf(v)), unknownField(9003, 8));
  const input = (v: number) => concat(unknownField(9000, 5), lenField(27, middle(v)), int32Field(1, 4), unknownField(9001, 6));
  const out = editBoth(input(2), (m) => {
    ((m.recursiveMessage as Msg).recursiveMessage as Msg).optionalInt32 = 3;
  });
  // The changed leaf is written field by field (its unknown field after its fields).
  const expected = concat(
    unknownField(9000, 5),
    lenField(27, concat(int32Field(1, 1), lenField(27, concat(int32Field(1, 3), unknownField(9002, 7))), unknownField(9003, 8))),
    int32Field(1, 4),
    unknownField(9001, 6),
  );
  expect(hex(out)).toBe(hex(expected));
});

test("a spliced sub-message whose length prefix grows from one byte to two", () => {
  const input = concat(lenField(27, concat(lenField(27, int32Field(1, 1)), int32Field(1, 2))), unknownField(9000, 5));
  const long = "y".repeat(200);
  const out = editBoth(input, (m) => {
    ((m.recursiveMessage as Msg).recursiveMessage as Msg).optionalString = long;
  });
  const desc = proto2();
  const back = pb.fromBinary(desc, out) as unknown as Msg;
  expect(((back.recursiveMessage as Msg).recursiveMessage as Msg).optionalString).toBe(long);
  expect((back.recursiveMessage as Msg).optionalInt32).toBe(2);
});

test("changed elements of a list of sub-messages are spliced in place; the others are kept as they came", () => {
  const el = (v: number) => lenField(48, concat(unknownField(9002, v), int32Field(1, v)));
  const input = concat(el(1), unknownField(9000, 5), el(2), el(3));
  const out = editBoth(input, (m) => {
    const list = m.repeatedNestedMessage as Msg[];
    list[0].a = 10;
    list[2].a = 30;
  });
  const changed = (v: number, u: number) => lenField(48, concat(int32Field(1, v), unknownField(9002, u)));
  expect(hex(out)).toBe(hex(concat(changed(10, 1), unknownField(9000, 5), el(2), changed(30, 3))));
});

test("a change inside a group is spliced between its tags", () => {
  // Data is a group (field 201) with group_int32 = 202.
  const input = concat(unknownField(9000, 5), groupField(201, concat(unknownField(9002, 1), concat(tag(202, VARINT), [4]))), int32Field(1, 4));
  const out = editBoth(input, (m) => {
    (m.data as Msg).groupInt32 = 6;
  });
  // The root is spliced (it was not written to), the group written field by field.
  const head = unknownField(9000, 5);
  expect(hex(out.subarray(0, head.length))).toBe(hex(head));
  expect(hex(out.subarray(out.length - 2))).toBe(hex(int32Field(1, 4)));
});

test("a change to a oneof's message member is spliced", () => {
  const input = concat(unknownField(9000, 5), lenField(112, int32Field(1, 1)), int32Field(1, 4));
  const out = editBoth(input, (m) => {
    ((m.oneofField as { value: Msg }).value as Msg).a = 2;
  });
  expect(hex(out)).toBe(hex(concat(unknownField(9000, 5), lenField(112, int32Field(1, 2)), int32Field(1, 4))));
});

test("what cannot be spliced is written field by field: map values, merged sub-messages, changes of the view's own fields and lists", () => {
  const entry = (k: string, v: number) => lenField(71, concat(lenField(1, new TextEncoder().encode(k)), lenField(2, int32Field(1, v))));
  // map_string_nested_message = 71.
  const mapInput = concat(entry("a", 1), entry("b", 2), unknownField(9000, 5));
  editBoth(mapInput, (m) => {
    ((m.mapStringNestedMessage as Record<string, Msg>).b as Msg).a = 3;
  });
  // Two occurrences of recursive_message merge into one view.
  const merged = concat(lenField(27, int32Field(1, 1)), unknownField(9000, 5), lenField(27, int32Field(2, 2)));
  editBoth(merged, (m) => {
    (m.recursiveMessage as Msg).optionalInt32 = 9;
  });
  // A change below and a change of the view's own list.
  const el = (v: number) => lenField(48, int32Field(1, v));
  const listInput = concat(el(1), el(2), unknownField(9000, 5));
  editBoth(listInput, (m) => {
    const list = m.repeatedNestedMessage as Msg[];
    list[0].a = 7;
    list.pop();
  });
  editBoth(listInput, (m) => {
    (m.repeatedNestedMessage as Msg[])[1].a = 7;
    m.optionalInt32 = 3;
  });
});

test("a view that changed below is written without its unknown fields when asked", () => {
  const input = concat(unknownField(9000, 5), lenField(27, concat(int32Field(1, 1), unknownField(9001, 6))));
  const out = editBoth(
    input,
    (m) => {
      (m.recursiveMessage as Msg).optionalInt32 = 2;
    },
    { writeUnknownFields: false },
  );
  expect(hex(out)).toBe(hex(lenField(27, int32Field(1, 2))));
});
