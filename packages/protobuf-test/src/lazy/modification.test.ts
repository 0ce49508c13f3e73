/**
 * Modification property tests of lazy views (issue 7, "Done when" 1 and 2).
 *
 * Random modifications at random depths — replacing scalars, splicing, filtering, reversing
 * and duplicating lists of sub-message views, deleting and adding map entries, setting and
 * clearing oneofs, replacing a child view with a toMutable() copy and modifying that — made
 * through toMutable() on a view, then toBinary(), give the same message as the same
 * modifications made on an eagerly decoded message. One seeded PRNG drives both sides, so they
 * make the same decisions on the same structure.
 * (Writes on views themselves: writes.test.ts.)
 *
 * Reproduce a failure with PBJET_LAZY_SEED=<seed>; soak with PBJET_LAZY_RUNS=<runs>.
 */
import * as fc from "fast-check";
// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import { eagerCopySide, isStruct, lazyCopySide, mutate, written, type Msg } from "./mutate";
import { contentOf, encodableTypes, encodingArb, fcParams, hex, LEGACY_REQUIRED, Rng, RUNS, sets } from "./util";

describe.each(sets)("modifications through toMutable: %s descriptor set", (set) => {
  const types = encodableTypes(set).filter((t) => t.members.length > 0);

  test.each(types.map((t) => [t.typeName, t] as const))("%s", (_name, desc) => {
    const walk = { set };
    fc.assert(
      fc.property(encodingArb(set, desc), fc.integer(), (bytes, seed) => {
        const view = pb.fromBinary(desc, bytes, { lazy: true });
        const before = contentOf(desc, pb.fromBinary(desc, bytes), "eager", walk);

        const lazyRoot = pb.toMutable(desc, view) as unknown as Msg;
        const eagerRoot = pb.fromBinary(desc, bytes) as unknown as Msg;
        mutate(desc, lazyRoot, new Rng(seed), lazyCopySide, 0);
        mutate(desc, eagerRoot, new Rng(seed), eagerCopySide, 0);

        // The modified copy reads like the modified eager message...
        expect(contentOf(desc, lazyRoot, "any", walk)).toEqual(contentOf(desc, eagerRoot, "eager", walk));
        // ...and writes the same message, with and without unknown fields.
        expect(written(set, desc, lazyRoot)).toEqual(written(set, desc, eagerRoot));
        expect(written(set, desc, lazyRoot, { writeUnknownFields: false })).toEqual(written(set, desc, eagerRoot, { writeUnknownFields: false }));
        // The view itself is unchanged.
        expect(hex(pb.toBinary(desc, view))).toBe(hex(bytes));
        expect(contentOf(desc, view, "view", walk)).toEqual(before);
      }),
      fcParams(RUNS * 2),
    );
  });
});

describe("new messages holding views", () => {
  test.each(sets)("a parent rebuilt with filtered child views copies the children's bytes: %s", (set) => {
    for (const desc of encodableTypes(set)) {
      const lists = desc.fields.filter((f) => f.fieldKind === "list" && f.listKind === "message" && !isStruct(f.message));
      // The new parent only gets the lists: it could not be encoded without its required fields.
      if (lists.length === 0 || desc.fields.some((f) => f.presence === LEGACY_REQUIRED)) continue;
      fc.assert(
        fc.property(encodingArb(set, desc), fc.integer(), (bytes, seed) => {
          const rng = new Rng(seed);
          const view = pb.fromBinary(desc, bytes, { lazy: true }) as unknown as Msg;
          const eager = pb.fromBinary(desc, bytes) as unknown as Msg;
          const init: Msg = {};
          const eagerInit: Msg = {};
          for (const f of lists) {
            const keep = (view[f.localName] as unknown[]).map(() => rng.bool());
            init[f.localName] = (view[f.localName] as unknown[]).filter((_, i) => keep[i]);
            eagerInit[f.localName] = (eager[f.localName] as unknown[]).filter((_, i) => keep[i]);
          }
          const parent = pb.create(desc, init);
          for (const f of lists) {
            for (const e of (parent as unknown as Msg)[f.localName] as unknown[]) expect(pb.isLazyMessage(e)).toBe(true);
          }
          expect(written(set, desc, parent)).toEqual(written(set, desc, pb.create(desc, eagerInit)));
          // Each kept child is written as its original bytes.
          const out = hex(pb.toBinary(desc, parent));
          for (const f of lists) {
            for (const e of (parent as unknown as Msg)[f.localName] as pb.Message[]) {
              expect(out).toContain(hex(pb.toBinary(f.message!, e)));
            }
          }
        }),
        fcParams(2),
      );
    }
  });
});
