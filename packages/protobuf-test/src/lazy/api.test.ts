/**
 * The API around lazy views (issue 7, "Done when" 1 and 5): isLazyMessage(), toMutable() and
 * materialize() on views and on ordinary messages, schema checks, and the memory behaviour
 * (a view keeps its input alive; materialize() releases it; toBinary() returns a copy).
 */
import * as fc from "fast-check";
// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import { schema } from "../helpers";
import { contentOf, encodableTypes, encodingArb, errorOf, fcParams, forEachMessage, hex, sets } from "./util";

type Msg = Record<string, unknown>;

const proto3 = () => schema("protobuf_test_messages.proto3.TestAllTypesProto3", "conformance");
const proto2 = () => schema("protobuf_test_messages.proto2.TestAllTypesProto2", "conformance");

function sample(desc: pb.DescMessage): Uint8Array {
  return pb.toBinary(
    desc,
    pb.create(desc, {
      optionalInt32: 7,
      optionalString: "héllo",
      optionalBytes: new Uint8Array([1, 2, 3]),
      optionalNestedMessage: { a: 1, corecursive: { optionalInt32: 2 } },
      repeatedNestedMessage: [{ a: 3 }, { a: 4 }],
      mapStringNestedMessage: { k: { a: 5 } },
      oneofField: { case: "oneofNestedMessage", value: { a: 6 } },
      $unknown: [{ no: 9999, wireType: 0, data: new Uint8Array([1]) }],
    }),
  );
}

describe("isLazyMessage", () => {
  test.each([proto3, proto2])("is true for views and their sub-message views only", (d) => {
    const desc = d();
    const bytes = sample(desc);
    const view = pb.fromBinary(desc, bytes, { lazy: true });
    expect(pb.isLazyMessage(view)).toBe(true);
    let children = 0;
    forEachMessage(desc, view, (_d, m, depth) => {
      expect(pb.isLazyMessage(m)).toBe(true);
      if (depth > 0) children++;
    });
    expect(children).toBeGreaterThanOrEqual(6);
    for (const m of [
      pb.fromBinary(desc, bytes),
      pb.fromBinary(desc, bytes, { lazy: false }),
      pb.create(desc),
      pb.clone(desc, view),
      pb.materialize(desc, view),
      pb.toMutable(desc, view),
    ]) {
      expect(pb.isLazyMessage(m)).toBe(false);
    }
    // Copies of a view's properties are not views.
    expect(pb.isLazyMessage({ ...(view as unknown as Msg) })).toBe(false);
    expect(pb.isLazyMessage(Object.create(view as object))).toBe(false);
    for (const v of [undefined, null, 0, "x", {}, [], new Uint8Array(1), (view as unknown as Msg).repeatedNestedMessage]) {
      expect(pb.isLazyMessage(v)).toBe(false);
    }
  });

  test("fromBinary without lazy is eager, also with validate: false", () => {
    const desc = proto3();
    expect(pb.isLazyMessage(pb.fromBinary(desc, sample(desc), { validate: false }))).toBe(false);
  });

  test("a view is a message of its schema", () => {
    const desc = proto3();
    const view = pb.fromBinary(desc, sample(desc), { lazy: true });
    expect(view.$typeName).toBe(desc.typeName);
    expect(pb.isMessage(view, desc)).toBe(true);
    expect(pb.isMessage(view, proto2())).toBe(false);
    expect(pb.isMessage(pb.toMutable(desc, view), desc)).toBe(true);
  });

  test("reading fields through an object that merely inherits from a view throws", () => {
    const desc = proto3();
    const view = pb.fromBinary(desc, sample(desc), { lazy: true });
    const imposter = Object.create(view as object) as Msg;
    expect(() => imposter.optionalInt32).toThrow(pb.LazyMessageError);
  });
});

describe("toMutable and materialize", () => {
  test.each(sets)("return ordinary messages as they are: %s", (set) => {
    for (const desc of encodableTypes(set)) {
      fc.assert(
        fc.property(encodingArb(set, desc), (bytes) => {
          const eager = pb.fromBinary(desc, bytes);
          expect(pb.toMutable(desc, eager)).toBe(eager);
          expect(pb.materialize(desc, eager)).toBe(eager);
          const created = pb.create(desc);
          expect(pb.toMutable(desc, created)).toBe(created);
          expect(pb.materialize(desc, created)).toBe(created);
          // A mutable copy is an ordinary message: toMutable and materialize return it as well.
          const mut = pb.toMutable(desc, pb.fromBinary(desc, bytes, { lazy: true }));
          expect(pb.toMutable(desc, mut)).toBe(mut);
          expect(pb.materialize(desc, mut)).toBe(mut);
        }),
        fcParams(1),
      );
    }
  });

  test("refuse a schema of another type", () => {
    const view = pb.fromBinary(proto3(), sample(proto3()), { lazy: true });
    for (const fn of [() => pb.toMutable(proto2(), view as never), () => pb.materialize(proto2(), view as never)]) {
      const e = errorOf(fn);
      expect(e).toBeInstanceOf(pb.ProtobufError);
      expect((e as Error).message).toContain(proto3().typeName);
    }
  });

  test("toMutable copies one level: fields are mutable, sub-messages stay views", () => {
    const desc = proto3();
    const bytes = sample(desc);
    const view = pb.fromBinary(desc, bytes, { lazy: true }) as unknown as Msg;
    const mut = pb.toMutable(desc, view as never) as unknown as Msg;
    expect(pb.isLazyMessage(mut.optionalNestedMessage)).toBe(true);
    expect(mut.optionalNestedMessage).toBe(view.optionalNestedMessage);
    expect((mut.repeatedNestedMessage as unknown[]).every((e) => pb.isLazyMessage(e))).toBe(true);
    expect(Object.isFrozen(mut.repeatedNestedMessage)).toBe(false);
    expect(Object.isFrozen(mut.mapStringNestedMessage)).toBe(false);
    expect(Object.isFrozen(mut.oneofField)).toBe(false);
    mut.optionalInt32 = 8;
    (mut.repeatedNestedMessage as unknown[]).pop();
    // The view is untouched.
    expect(view.optionalInt32).toBe(7);
    expect((view.repeatedNestedMessage as unknown[]).length).toBe(2);
    expect(hex(pb.toBinary(desc, view as never))).toBe(hex(bytes));
    // Each call makes a new copy.
    expect(pb.toMutable(desc, view as never)).not.toBe(mut);
  });
});

describe("memory", () => {
  test("a view's bytes fields point into the input; materialize() copies them", () => {
    const desc = proto3();
    const input = sample(desc);
    const view = pb.fromBinary(desc, input, { lazy: true }) as unknown as Msg;
    expect((view.optionalBytes as Uint8Array).buffer).toBe(input.buffer);
    const mat = pb.materialize(desc, view as never) as unknown as Msg;
    expect((mat.optionalBytes as Uint8Array).buffer).not.toBe(input.buffer);
    const before = contentOf(desc, mat, "eager", { set: "conformance" });
    input.fill(0);
    expect(contentOf(desc, mat, "eager", { set: "conformance" })).toEqual(before);
  });

  test("toBinary(view) returns a copy of the input", () => {
    const desc = proto3();
    const input = sample(desc);
    const view = pb.fromBinary(desc, input, { lazy: true });
    const out = pb.toBinary(desc, view);
    expect(hex(out)).toBe(hex(input));
    expect(out.buffer).not.toBe(input.buffer);
    out.fill(0);
    expect(hex(pb.toBinary(desc, view))).toBe(hex(input));
  });

  test("a view of a part of a larger buffer writes just that part", () => {
    const desc = proto3();
    const bytes = sample(desc);
    const big = new Uint8Array(bytes.length + 20).fill(0xff);
    big.set(bytes, 10);
    const part = big.subarray(10, 10 + bytes.length);
    const view = pb.fromBinary(desc, part, { lazy: true });
    expect(hex(pb.toBinary(desc, view))).toBe(hex(bytes));
    const child = (view as unknown as Msg).optionalNestedMessage as pb.Message;
    const nested = desc.field.optionalNestedMessage.message!;
    expect(hex(pb.toBinary(nested, child))).toBe(
      hex(pb.toBinary(nested, (pb.fromBinary(desc, bytes) as unknown as Msg).optionalNestedMessage as never)),
    );
  });
});

test("views of one type read as their eager decodes, however many occurrences earlier views of the type had", () => {
  // A view's slot array is allocated with the size recent views of its type needed: one view
  // past the limit, many small ones (the size shrinks), then large ones again.
  const desc = proto3();
  const walk = { set: "conformance" as const };
  const sizes = [400, 0, 1, 2, ...new Array<number>(40).fill(1), 100, 3, 400, 5];
  for (const n of sizes) {
    const msg = pb.create(desc, {
      optionalInt32: n,
      optionalString: "a string longer than the short strings decoded during the scan",
      repeatedNestedMessage: Array.from({ length: n }, (_, i) => ({ a: i })),
      repeatedString: Array.from({ length: n % 7 }, (_, i) => "s".repeat(40 + i)),
      oneofField: { case: "oneofString", value: "x".repeat(50) },
    });
    const bytes = pb.toBinary(desc, msg);
    const view = pb.fromBinary(desc, bytes, { lazy: true });
    expect(contentOf(desc, view, "view", walk)).toEqual(contentOf(desc, pb.fromBinary(desc, bytes), "eager", walk));
    expect(hex(pb.toBinary(desc, view))).toBe(hex(bytes));
  }
});
