/**
 * Writes on lazy views themselves (issue 13): views take every write an ordinary message takes
 * — assignment, Object.assign, the reflection API, clearField, oneof switches (new objects and
 * changes to the one held), list push/splice/pop/index set/reverse/replacement, map
 * set/overwrite/delete/replacement, new and undefined sub-messages, unknown fields,
 * mergeFromBinary — at random depths, on every message type of the "test" and "conformance"
 * descriptor sets, before and after reading everything and before and after a first toBinary.
 * The same seeded modifications are made on an eager decode of the same bytes; after each round:
 *
 * - the view reads like the eager message, and toBinary(view) decodes to what toBinary(eager)
 *   decodes to (with and without unknown fields): never stale bytes;
 * - every sub-view that was read before the writes, that nothing was written into (or below),
 *   and that is still in the tree, is written as its original bytes.
 *
 * Reproduce a failure with PBJET_LAZY_SEED=<seed>; soak with PBJET_LAZY_RUNS=<runs>.
 */
import * as fc from "fast-check";
// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import * as reflect from "@pbjet/protobuf/reflect";
import { hasRequired } from "../differential/arbitrary";
import { schema } from "../helpers";
import { inPlaceSide, mutate, written, type Msg } from "./mutate";
import { contentOf, encodableTypes, encodingArb, fcParams, forEachMessage, hex, Rng, RUNS, sets } from "./util";

describe.each(sets)("writes on views: %s descriptor set", (set) => {
  const types = encodableTypes(set).filter((t) => t.members.length > 0);

  test.each(types.map((t) => [t.typeName, t] as const))("%s", (_name, desc) => {
    const walk = { set };
    fc.assert(
      fc.property(encodingArb(set, desc), fc.integer(), (bytes, seed) => {
        const rng = new Rng(seed);
        const validate = rng.bool(0.7);
        const view = pb.fromBinary(desc, bytes, { lazy: true, validate }) as unknown as Msg;
        const eager = pb.fromBinary(desc, bytes) as unknown as Msg;
        // Before the writes: everything read (and the sub-views' bytes noted), or nothing;
        // written once, or not.
        const original = new Map<unknown, string>();
        if (rng.bool()) {
          expect(contentOf(desc, view, "view", walk)).toEqual(contentOf(desc, eager, "any", walk));
          if (!hasRequired(desc)) {
            forEachMessage(desc, view, (d, m, depth) => {
              if (depth === 0 || !pb.isLazyMessage(m)) return;
              // The bytes of a view over merged occurrences are not contiguous in the input.
              const h = hex(pb.toBinary(d, m as unknown as pb.Message));
              if (hex(bytes).includes(h)) original.set(m, h);
            });
          }
        }
        if (rng.bool()) expect(hex(pb.toBinary(desc, view as unknown as pb.Message))).toBe(hex(bytes));
        for (let round = 0; round < 2; round++) {
          const touched = new Set<unknown>();
          const mseed = rng.int(2 ** 31);
          mutate(desc, view, new Rng(mseed), inPlaceSide(touched), 0);
          mutate(desc, eager, new Rng(mseed), inPlaceSide(), 0);
          expect(written(set, desc, view)).toEqual(written(set, desc, eager));
          expect(written(set, desc, view, { writeUnknownFields: false })).toEqual(written(set, desc, eager, { writeUnknownFields: false }));
          expect(contentOf(desc, view, "any", walk)).toEqual(contentOf(desc, eager, "any", walk));
          // Untouched sub-views are copied as their bytes (a message without its required
          // fields cannot be written).
          let outHex = "";
          try {
            outHex = hex(pb.toBinary(desc, view as unknown as pb.Message));
          } catch {
            original.clear();
          }
          forEachMessage(desc, view, (_d, m) => {
            const h = original.get(m);
            if (h !== undefined && !touched.has(m) && !outHex.includes(h)) {
              throw new Error(`an untouched sub-view of ${desc.typeName} is not written as its bytes ${h}`);
            }
          });
          for (const m of touched) original.delete(m);
        }
      }),
      fcParams(RUNS * 2),
    );
  });
});

type Proto3 = Msg & {
  optionalInt32: number;
  optionalNestedMessage?: Msg & { a: number; corecursive?: Proto3 };
  repeatedNestedMessage: (Msg & { a: number })[];
  repeatedInt32: number[];
  mapStringNestedMessage: Record<string, Msg & { a: number }>;
  mapInt32Int32: Record<string, number>;
  oneofField: { case: string | undefined; value?: unknown };
  recursiveMessage?: Proto3;
};

describe("writes on views: examples", () => {
  const desc = () => schema("protobuf_test_messages.proto3.TestAllTypesProto3", "conformance");
  const init = {
    optionalInt32: 1,
    optionalNestedMessage: { a: 2 },
    repeatedNestedMessage: [{ a: 3 }, { a: 4 }, { a: 5 }],
    repeatedInt32: [6, 7],
    mapStringNestedMessage: { k: { a: 8 }, l: { a: 9 } },
    mapInt32Int32: { 1: 10 },
    oneofField: { case: "oneofString" as const, value: "s" },
    recursiveMessage: { optionalInt32: 11, recursiveMessage: { repeatedNestedMessage: [{ a: 12 }] } },
  };
  const bytes = () => pb.toBinary(desc(), pb.create(desc(), init as never));
  const pair = () => [pb.fromBinary(desc(), bytes(), { lazy: true }), pb.fromBinary(desc(), bytes())] as unknown as [Proto3, Proto3];
  const same = (v: Proto3, e: Proto3) => expect(hex(pb.toBinary(desc(), v as never))).toBe(hex(pb.toBinary(desc(), e as never)));
  const nestedHex = (a: number) =>
    hex(pb.toBinary(desc().field.optionalNestedMessage.message!, pb.create(desc().field.optionalNestedMessage.message!, { a })));

  test("a deep write re-encodes the path and copies the rest", () => {
    const [v, e] = pair();
    const deep = v.recursiveMessage!.recursiveMessage!.repeatedNestedMessage[0];
    expect(pb.isLazyMessage(deep)).toBe(true);
    deep.a = 99;
    e.recursiveMessage!.recursiveMessage!.repeatedNestedMessage[0].a = 99;
    same(v, e);
    // The siblings of the path are views, written as their bytes.
    expect(pb.isLazyMessage(v.repeatedNestedMessage[1])).toBe(true);
    expect(hex(pb.toBinary(desc(), v as never))).toContain(nestedHex(4));
  });

  test("never stale: changes after a first toBinary, to lists and maps handed out before it", () => {
    const [v, e] = pair();
    const list = v.repeatedNestedMessage;
    const ints = v.repeatedInt32;
    const map = v.mapStringNestedMessage;
    const o = v.oneofField;
    expect(hex(pb.toBinary(desc(), v as never))).toBe(hex(bytes()));
    list.pop();
    e.repeatedNestedMessage.pop();
    same(v, e);
    ints[0] = 60;
    e.repeatedInt32[0] = 60;
    same(v, e);
    delete map.k;
    delete e.mapStringNestedMessage.k;
    same(v, e);
    o.value = "t";
    (e.oneofField as { value: unknown }).value = "t";
    same(v, e);
  });

  test("a list handed out by a clean view, changed after equals() and toJson() read the view", () => {
    const [v, e] = pair();
    const list = v.repeatedInt32;
    expect(pb.equals(desc(), v as never, e as never)).toBe(true);
    pb.toJson(desc(), v as never);
    list.push(8);
    expect(pb.equals(desc(), v as never, e as never)).toBe(false);
    e.repeatedInt32.push(8);
    expect(pb.equals(desc(), v as never, e as never)).toBe(true);
    expect(pb.toJson(desc(), v as never)).toEqual(pb.toJson(desc(), e as never));
    same(v, e);
  });

  test("Object.assign, oneof switches, new and undefined sub-messages, reflection", () => {
    const [v, e] = pair();
    for (const m of [v, e]) {
      Object.assign(m, { optionalInt32: 5, oneofField: { case: "oneofUint32", value: 7 } });
      m.optionalNestedMessage = undefined;
      m.recursiveMessage!.recursiveMessage = pb.create(desc(), { optionalInt32: 3 }) as never;
      const r = reflect.reflect(desc(), m as never);
      r.set(desc().field.optionalString, "x");
      (r.get(desc().field.repeatedInt32) as reflect.ReflectList).add(9);
      (r.get(desc().field.mapInt32Int32) as reflect.ReflectMap).set(2, 20);
    }
    same(v, e);
    expect(pb.equals(desc(), v as never, e as never)).toBe(true);
  });

  test("Object.assign of a whole message onto a view", () => {
    const [v, e] = pair();
    const other = pb.create(desc(), { optionalInt32: 42, repeatedInt32: [1] });
    Object.assign(v, other);
    Object.assign(e, other);
    expect(v.optionalInt32).toBe(42);
    same(v, e);
  });

  test("a sub-view keeps its identity through merges into its parent", () => {
    const [v, e] = pair();
    const child = v.optionalNestedMessage!;
    const patch = pb.toBinary(desc(), pb.create(desc(), { optionalNestedMessage: { a: 50 } }));
    pb.mergeFromBinary(desc(), v as never, patch);
    pb.mergeFromBinary(desc(), e as never, patch);
    expect(v.optionalNestedMessage).toBe(child);
    expect(child.a).toBe(50);
    same(v, e);
  });

  test("$typeName cannot change", () => {
    const [v] = pair();
    expect(() => Object.assign(v, { $typeName: "other" })).toThrow(pb.LazyMessageError);
    Object.assign(v, { $typeName: desc().typeName });
    expect(hex(pb.toBinary(desc(), v as never))).toBe(hex(bytes()));
  });

  test("materialize and toMutable of a changed view", () => {
    const [v, e] = pair();
    v.repeatedNestedMessage[2].a = 55;
    e.repeatedNestedMessage[2].a = 55;
    expect(pb.equals(desc(), pb.materialize(desc(), v as never), e as never)).toBe(true);
    expect(pb.equals(desc(), pb.toMutable(desc(), v as never), e as never)).toBe(true);
  });
});
