/**
 * Ahead-of-time codecs against the compiled closures: for every message type of the "test"
 * and "conformance" sets, the schema generated with `aot=true` (src/gen-aot) and the schema
 * built from the descriptor set at run time (the closure path) must encode the same messages to
 * the same bytes, decode the same bytes — valid, corrupted, or merged into a message — to the
 * same messages, and reject bad input with the same error (message, field and offset).
 *
 * Reproduce a failure with PBJET_DIFF_SEED=<seed>; soak with PBJET_DIFF_RUNS=<runs>.
 */
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import { hex } from "../helpers";
import { registries, sets, snapshot } from "./util";
import { isInitializable, messageInit, messageTypes } from "../differential/arbitrary";
import { fcParams } from "../differential/util";
import { corruptionArb } from "../lazy/corrupt";
import { aotFiles } from "../gen-aot/files";
import { describeError, extensionsOf } from "../lazy/util";
import { quickSample } from "../test-mode";

/** Whether generated code attached ahead-of-time codecs to the schema. */
function hasAot(desc: pb.DescMessage): boolean {
  return Object.getOwnPropertySymbols(desc).some((s) => s.description === "pbjet.aotBinary");
}

/** The outcome of a call: its result's snapshot, or the error's class, message and offset. */
function outcome(fn: () => unknown): unknown {
  try {
    return { ok: snapshot(fn()) };
  } catch (e) {
    const err = e as { offset?: unknown; fieldNumber?: unknown; typeName?: unknown };
    return { error: describeError(e), offset: err.offset, fieldNumber: err.fieldNumber, typeName: err.typeName };
  }
}

describe.each(sets)("aot against closures: %s set", (set) => {
  const { aot, closure } = registries(set);
  const types = messageTypes(closure);
  const pairs = types.map((c) => [c.typeName, c, aot.getMessage(c.typeName)!] as const);

  test("every message type of the generated files has ahead-of-time codecs", () => {
    // The well-known types come from the runtime (generated without aot) unless a file here.
    const generated = new Set(aotFiles);
    let n = 0;
    for (const [name, , a] of pairs) {
      expect([name, a !== undefined]).toEqual([name, true]);
      if (!generated.has(a.file)) continue;
      expect([name, hasAot(a)]).toEqual([name, true]);
      n++;
    }
    expect(n).toBeGreaterThan(50);
  });

  describe.each(quickSample(pairs))("%s", (_name, c, a) => {
    const encodable = isInitializable(c);
    const init = messageInit(c, { unknownFields: encodable });
    const exts = extensionsOf(set, c.typeName);

    (encodable ? test : test.skip)("encode, decode and merge give the same results", () => {
      fc.assert(
        fc.property(init, init, (i1, i2) => {
          const mc = pb.create(c, i1);
          const ma = pb.create(a, i1);
          for (const writeUnknownFields of [true, false]) {
            expect(outcome(() => hex(pb.toBinary(a, ma, { writeUnknownFields })))).toEqual(
              outcome(() => hex(pb.toBinary(c, mc, { writeUnknownFields }))),
            );
          }
          const bytes = pb.toBinary(c, mc);
          const bytes2 = pb.toBinary(c, pb.create(c, i2));
          for (const options of [undefined, { readUnknownFields: false }, { maxDepth: 2 }]) {
            expect(outcome(() => pb.fromBinary(a, bytes, options))).toEqual(outcome(() => pb.fromBinary(c, bytes, options)));
            expect(outcome(() => pb.mergeFromBinary(a, pb.fromBinary(a, bytes), bytes2, options))).toEqual(
              outcome(() => pb.mergeFromBinary(c, pb.fromBinary(c, bytes), bytes2, options)),
            );
          }
          // Decoded by the other path and written again.
          expect(hex(pb.toBinary(a, pb.fromBinary(a, bytes)))).toBe(hex(pb.toBinary(c, pb.fromBinary(c, bytes))));
          // Lazy views of aot types are written and materialized alike.
          const view = pb.fromBinary(a, bytes, { lazy: true });
          expect(hex(pb.toBinary(a, view, { writeUnknownFields: false }))).toBe(
            hex(pb.toBinary(c, pb.fromBinary(c, bytes), { writeUnknownFields: false })),
          );
          // Extensions are kept as unknown fields and read back alike.
          for (const ext of exts) {
            const ea = aot.getExtension(ext.typeName)!;
            expect(outcome(() => pb.getExtension(pb.fromBinary(a, bytes) as never, ea as never))).toEqual(
              outcome(() => pb.getExtension(pb.fromBinary(c, bytes) as never, ext as never)),
            );
          }
        }),
        fcParams(),
      );
    });

    test("messages that cannot be encoded fail alike", () => {
      fc.assert(
        fc.property(messageInit(c, { unknownFields: false }), (i) => {
          // Unset required fields (where the init leaves them out) and bad values.
          expect(outcome(() => pb.toBinary(a, pb.create(a, i)))).toEqual(outcome(() => pb.toBinary(c, pb.create(c, i))));
        }),
        fcParams(10),
      );
    });

    (encodable ? test : test.skip)("corrupted input is rejected alike", () => {
      const valid = init.map((i) => pb.toBinary(c, pb.create(c, i)));
      fc.assert(
        fc.property(corruptionArb(valid, c), (bytes) => {
          expect(outcome(() => pb.fromBinary(a, bytes))).toEqual(outcome(() => pb.fromBinary(c, bytes)));
        }),
        fcParams(),
      );
    });
  });
});
