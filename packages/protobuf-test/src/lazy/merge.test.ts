/**
 * `merge()` with lazy views, for every encodable message type of the "test" and "conformance"
 * descriptor sets and the [lazy] field types of lazy.proto (whose eager decodes hold views).
 *
 * The expected result is our own binary merge (mergeFromBinary of the source's bytes, which
 * merge-differential.test.ts checks against the oracle). Every combination of eager messages,
 * views and mutable copies of views must give it:
 *
 * - a view source (validated and trusted) is read, not changed: it still writes its input;
 * - a view target takes the merge like an ordinary message: it then writes the merged message
 *   (its untouched sub-views still as their bytes);
 * - a mutable copy of a view (sub-messages still views, shared with the view) as the target:
 *   the views it holds are merged into in place (the view sees that, and writes it);
 * - no stale bytes: merging again into a target that took sub-views from a view source (by
 *   reference, as from an eager source), and changing it afterwards, gives the target's bytes
 *   right and changes the source view as it changes an eager source.
 *
 * Reproduce a failure with PBJET_LAZY_SEED=<seed>; soak with PBJET_LAZY_RUNS=<runs>.
 */
import * as fc from "fast-check";
// Lazy decoding is opt-in: this suite uses it.
import { withLazyFields } from "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import { registry } from "../helpers";
import { isInitializable } from "../differential/arbitrary";
import { canonicalArb, encodableTypes, fcParams, hex, sets, type SetName } from "./util";

// The file of the [lazy] field types is marked, so that their eager decodes hold views.
withLazyFields(registry("test").getMessage("pbjet.test.lazy.Holder")!.file);

function lazyFieldTypes(): pb.DescMessage[] {
  const out: pb.DescMessage[] = [];
  for (const t of registry("test")) {
    if (t.kind === "message" && t.typeName.startsWith("pbjet.test.lazy.") && t.proto.options?.mapEntry !== true && isInitializable(t)) out.push(t);
  }
  return out;
}

const cases: [SetName, pb.DescMessage][] = [
  ...sets.flatMap((set) => encodableTypes(set).map((t) => [set, t] as [SetName, pb.DescMessage])),
  ...lazyFieldTypes().map((t) => ["test", t] as [SetName, pb.DescMessage]),
];

/**
 * Our binary merge: the expected bytes of merging `sources` into `tb`, in order. The views of
 * [lazy] fields write the occurrences they were decoded from as they came (not merged), so
 * for those types the result is compared in canonical form: as its content decodes.
 */
function binaryMerge(desc: pb.DescMessage, tb: Uint8Array, ...sources: Uint8Array[]): string {
  const m = pb.fromBinary(desc, tb);
  for (const s of sources) pb.mergeFromBinary(desc, m, s);
  return canonical(desc, pb.toBinary(desc, m));
}

function hasLazyFields(desc: pb.DescMessage): boolean {
  return desc.typeName.startsWith("pbjet.test.lazy.");
}

/** Hex of the bytes, re-encoded from a full decode (views decoded too) for [lazy] field types. */
function canonical(desc: pb.DescMessage, bytes: Uint8Array): string {
  if (!hasLazyFields(desc)) return hex(bytes);
  return hex(pb.toBinary(desc, deepMaterialize(desc, pb.fromBinary(desc, bytes))));
}

/** A copy with no view anywhere: clone() gives an ordinary message, recursively. */
function deepMaterialize(desc: pb.DescMessage, m: pb.Message): pb.Message {
  return pb.clone(desc, m);
}

/** Hex of a message's bytes, in canonical form for [lazy] field types. */
function bytesOf(desc: pb.DescMessage, m: pb.Message): string {
  return canonical(desc, pb.toBinary(desc, m));
}

describe("merge() with lazy views", () => {
  test("covers the [lazy] field types", () => {
    expect(lazyFieldTypes().length).toBeGreaterThan(0);
  });

  test.each(cases.map(([set, t]) => [`${set}: ${t.typeName}`, set, t] as const))("%s", (_name, set, desc) => {
    const arb = canonicalArb(set, desc);
    fc.assert(
      fc.property(arb, arb, fc.boolean(), (tb, sb, validate) => {
        const expected = binaryMerge(desc, tb, sb);
        const lazy = { lazy: true, validate };

        // An eager target, a view source.
        const sourceView = pb.fromBinary(desc, sb, lazy);
        const t1 = pb.fromBinary(desc, tb);
        pb.merge(desc, t1, sourceView);
        expect(bytesOf(desc, t1)).toBe(expected);
        expect(hex(pb.toBinary(desc, sourceView))).toBe(hex(sb));

        // Merging again, then changing every sub-message the target holds: the target's bytes
        // follow its content. The target took the source's sub-messages by reference, so
        // merging into them changes the source too — a view source exactly as an eager one.
        const sourceEager = pb.fromBinary(desc, sb);
        const t1e = pb.fromBinary(desc, tb);
        pb.merge(desc, t1e, sourceEager);
        for (const t of [t1, t1e]) pb.merge(desc, t, pb.fromBinary(desc, sb));
        expect(bytesOf(desc, t1)).toBe(binaryMerge(desc, tb, sb, sb));
        // Into itself: the same as merging its own bytes.
        const before = pb.toBinary(desc, t1);
        for (const t of [t1, t1e]) pb.merge(desc, t, t);
        expect(bytesOf(desc, t1)).toBe(binaryMerge(desc, before, before));
        expect(bytesOf(desc, sourceView)).toBe(bytesOf(desc, sourceEager));
        expect(bytesOf(desc, pb.clone(desc, sourceView))).toBe(bytesOf(desc, sourceEager));

        // A mutable copy of a view as the target (its sub-messages are views), a view source.
        const targetView = pb.fromBinary(desc, tb, lazy);
        const t2 = pb.toMutable(desc, targetView);
        pb.merge(desc, t2, pb.fromBinary(desc, sb, lazy));
        expect(bytesOf(desc, t2)).toBe(expected);
        // The copy shares its sub-views with the view, so the merge into them shows in the view
        // too; its bytes follow what it reads (never stale).
        expect(bytesOf(desc, targetView)).toBe(bytesOf(desc, pb.clone(desc, targetView)));

        // A mutable copy as the source, an eager target.
        const t3 = pb.fromBinary(desc, tb);
        pb.merge(desc, t3, pb.toMutable(desc, pb.fromBinary(desc, sb, lazy)));
        expect(bytesOf(desc, t3)).toBe(expected);

        // A view target (read first or not, written first or not) takes the merge, from an eager
        // source and from a view source; the source view is unchanged.
        const t4 = pb.fromBinary(desc, tb, lazy);
        if (tb.length % 2 === 0) pb.toBinary(desc, t4);
        pb.merge(desc, t4, pb.fromBinary(desc, sb));
        expect(bytesOf(desc, t4)).toBe(expected);
        const t5 = pb.fromBinary(desc, tb, lazy);
        if (sb.length % 2 === 0) pb.equals(desc, t5, t5);
        const sv = pb.fromBinary(desc, sb, lazy);
        pb.merge(desc, t5, sv);
        expect(bytesOf(desc, t5)).toBe(expected);
        expect(hex(pb.toBinary(desc, sv))).toBe(hex(sb));
      }),
      fcParams(),
    );
  });
});
