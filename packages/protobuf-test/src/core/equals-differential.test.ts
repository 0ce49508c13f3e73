/**
 * equals() with a message of another type, differential against @bufbuild/protobuf 2.17 (the
 * oracle): over random pairs of message types of the test descriptor set, a message of another
 * type is never equal — not to a message of the schema, and not to itself (`equals(A, b, b)`
 * with `b` of type B) — as ordinary messages and as lazy views.
 */
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import "@pbjet/protobuf/lazy";
import * as oracle from "@bufbuild/protobuf";
import { hasRequired, messageTypes } from "../differential/arbitrary";
import { oracleRegistry, registry } from "../helpers";
import { defaultRuns } from "../test-mode";

const types = messageTypes(registry("test"));
const oreg = oracleRegistry("test");
const RUNS = Number(process.env.PBJET_DIFF_RUNS ?? defaultRuns(50));

/** Both libraries' schemas and zero messages of a type. */
function pair(desc: pb.DescMessage) {
  const odesc = oreg.getMessage(desc.typeName)!;
  return { desc, odesc, ours: pb.create(desc) as pb.Message, theirs: oracle.create(odesc) as oracle.Message };
}

/**
 * A pair of different message types, as indexes into `types` (descriptors in counterexamples
 * would make jest print a graph of every type).
 */
const typePairs = fc.tuple(fc.nat(types.length - 1), fc.nat(types.length - 1)).filter(([a, b]) => a !== b);

describe("equals() with a message of another type (protobuf-es 2.17)", () => {
  test("is false for b of another type, and for the same object of another type", () => {
    fc.assert(
      fc.property(typePairs, ([i, j]) => {
        const a = pair(types[i]);
        const b = pair(types[j]);
        const cases: [pb.Message, pb.Message, oracle.Message, oracle.Message][] = [
          [a.ours, b.ours, a.theirs, b.theirs],
          [b.ours, a.ours, b.theirs, a.theirs],
          [b.ours, b.ours, b.theirs, b.theirs],
        ];
        for (const [x, y, ox, oy] of cases) {
          const theirs = oracle.equals(a.odesc, ox as never, oy as never);
          expect(theirs).toBe(false);
          expect(pb.equals(a.desc, x as never, y as never)).toBe(theirs);
        }
      }),
      { numRuns: RUNS },
    );
  });

  test("a lazy view of another type is not equal to itself", () => {
    fc.assert(
      fc.property(typePairs, ([i, j]) => {
        const a = pair(types[i]);
        const b = pair(types[j]);
        // A message with unset required fields cannot be encoded.
        fc.pre(!hasRequired(b.desc));
        const view = pb.fromBinary(b.desc, pb.toBinary(b.desc, b.ours as never), { lazy: true }) as pb.Message;
        expect(pb.equals(a.desc, view as never, view as never)).toBe(false);
        // Of its own type, it is.
        expect(pb.equals(b.desc, view as never, view as never)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  test("a message of the schema equals itself", () => {
    for (const desc of types) {
      const { ours, odesc, theirs } = pair(desc);
      expect(pb.equals(desc, ours as never, ours as never)).toBe(oracle.equals(odesc, theirs as never, theirs as never));
    }
  });
});
