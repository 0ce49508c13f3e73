/**
 * Differential tests of `merge()` against @bufbuild/protobuf 2.17 (the oracle), for every
 * message type of the "test" and "conformance" descriptor sets that can be encoded.
 *
 * Inputs are pairs of random encodings (with unknown fields and extensions), decoded by both
 * libraries. protobuf-es documents merge() as "the same as serializing the source message,
 * then deserializing it into the target message via mergeFromBinary()": the expected result
 * is the oracle's mergeFromBinary(). Ours must give those bytes exactly.
 *
 * The oracle's own merge() agrees with that contract except for unboxed well-known types set
 * on both sides (a wrapper field keeps the target's value; a Struct field keeps the target's
 * JSON object instead of merging by key). Where its merge() and its mergeFromBinary() differ,
 * the type must hold such a field, and ours follows the documented contract.
 *
 * Reproduce a failure with PBJET_DIFF_SEED=<seed>; soak with PBJET_DIFF_RUNS=<runs>.
 */
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import * as oracle from "@bufbuild/protobuf";
import { isInitializable, messageTypes } from "./arbitrary";
import { fcParams, hex, oracleMessage, oracleSafe, registry, type SetName } from "./util";
import { canonicalArb } from "../lazy/util";

const sets: SetName[] = ["test", "conformance"];

/** True if a singular wrapper or Struct field (held unboxed) occurs in the type's tree. */
function hasUnboxedInTree(desc: pb.DescMessage, seen = new Set<string>()): boolean {
  if (seen.has(desc.typeName)) return false;
  seen.add(desc.typeName);
  for (const f of desc.fields) {
    if (f.message === undefined) continue;
    if (f.fieldKind === "message" && /^google\.protobuf\.(\w+Value|Struct)$/.test(f.message.typeName) && f.oneof === undefined) {
      if (f.message.typeName !== "google.protobuf.Value" && f.message.typeName !== "google.protobuf.ListValue") return true;
    }
    if (hasUnboxedInTree(f.message, seen)) return true;
  }
  return false;
}

describe.each(sets)("merge differential: %s descriptor set", (set) => {
  const types = messageTypes(registry(set)).filter((t) => isInitializable(t));

  test("covers the set", () => {
    expect(types.length).toBeGreaterThan(50);
  });

  let oracleMergeDiffers = 0;
  afterAll(() => {
    // Informational: how often the oracle's merge() broke its own contract.
    if (process.env.PBJET_DIFF_VERBOSE) console.log(`${set}: oracle merge() != mergeFromBinary() in ${oracleMergeDiffers} runs`);
  });

  test.each(types.map((t) => [t.typeName, t] as const))("%s", (_name, desc) => {
    const odesc = oracleMessage(set, desc);
    const arb = canonicalArb(set, desc, oracleSafe);
    fc.assert(
      fc.property(arb, arb, (tb, sb) => {
        // The contract: merging the source's bytes.
        const theirs = oracle.mergeFromBinary(odesc, oracle.fromBinary(odesc, tb), sb);
        const expected = hex(oracle.toBinary(odesc, theirs));
        expect(hex(pb.toBinary(desc, pb.mergeFromBinary(desc, pb.fromBinary(desc, tb), sb)))).toBe(expected);

        // merge() of two eager messages.
        const target = pb.fromBinary(desc, tb);
        const source = pb.fromBinary(desc, sb);
        pb.merge(desc, target, source);
        expect(hex(pb.toBinary(desc, target))).toBe(expected);
        // The source is unchanged.
        expect(hex(pb.toBinary(desc, source))).toBe(hex(sb));

        // The oracle's merge().
        const ot = oracle.fromBinary(odesc, tb);
        oracle.merge(odesc, ot, oracle.fromBinary(odesc, sb));
        const theirMerge = hex(oracle.toBinary(odesc, ot));
        if (theirMerge !== expected) {
          oracleMergeDiffers++;
          expect(hasUnboxedInTree(desc)).toBe(true);
        }
      }),
      fcParams(),
    );
  });
});
