/**
 * toBinary()'s `pooled` option: results share buffers, never bytes.
 *
 * - For random batches of random messages of every message type of the "test" and
 *   "conformance" descriptor sets, each pooled result has the bytes of the plain result, and
 *   still has them after the whole batch was encoded (a later result never overwrites an
 *   earlier one), and results that share a buffer do not overlap.
 * - Small results share a buffer; a fresh one starts when little room is left and after a
 *   result larger than half a buffer; large results in a row each have a buffer; a small
 *   result after a large one does not keep the large buffer; results that make the buffer grow
 *   mid-message (open sub-messages included) are intact; a throwing encode leaves earlier
 *   results intact.
 */
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import { isInitializable, messageInit, messageTypes } from "./arbitrary";
import { fcParams, hex, registry, RUNS, type SetName } from "./util";

const pooled = { pooled: true };

/** Throws unless no two of `results` that share an ArrayBuffer overlap. */
function expectDisjoint(results: readonly Uint8Array[]): void {
  const byBuffer = new Map<ArrayBufferLike, Uint8Array[]>();
  for (const r of results) {
    if (r.length === 0) continue;
    const list = byBuffer.get(r.buffer) ?? [];
    list.push(r);
    byBuffer.set(r.buffer, list);
  }
  for (const list of byBuffer.values()) {
    const sorted = [...list].sort((a, b) => a.byteOffset - b.byteOffset);
    for (let i = 1; i < sorted.length; i++) {
      expect(sorted[i].byteOffset).toBeGreaterThanOrEqual(sorted[i - 1].byteOffset + sorted[i - 1].length);
    }
  }
}

describe.each<SetName>(["test", "conformance"])("pooled results: %s descriptor set", (set) => {
  const types = messageTypes(registry(set)).filter((t) => isInitializable(t));

  test.each(types.map((t) => [t.typeName, t] as const))("%s", (_name, desc) => {
    const init = messageInit(desc);
    fc.assert(
      fc.property(fc.array(init, { minLength: 1, maxLength: 12 }), (inits) => {
        const messages = inits.map((i) => pb.create(desc, i));
        const expected = messages.map((m) => hex(pb.toBinary(desc, m)));
        const results = messages.map((m) => pb.toBinary(desc, m, pooled));
        // Each result as it was encoded, and still so after the others.
        expect(results.map(hex)).toEqual(expected);
        expectDisjoint(results);
        // Without unknown fields too.
        const plainNoUnknown = messages.map((m) => hex(pb.toBinary(desc, m, { writeUnknownFields: false })));
        expect(messages.map((m) => hex(pb.toBinary(desc, m, { writeUnknownFields: false, pooled: true })))).toEqual(plainNoUnknown);
        expect(results.map(hex)).toEqual(expected);
      }),
      fcParams(Math.max(5, RUNS >> 1)),
    );
  });
});

describe("pooled results: buffers", () => {
  const desc = registry("conformance").getMessage("protobuf_test_messages.proto3.TestAllTypesProto3")!;
  type Init = Record<string, unknown>;
  const withText = (text: string) => pb.create(desc, { optionalString: text } as Init);

  test("small results share a buffer, one after another", () => {
    const a = pb.toBinary(desc, withText("a".repeat(100)), pooled);
    const b = pb.toBinary(desc, withText("b".repeat(100)), pooled);
    if (a.buffer === b.buffer) {
      expect(b.byteOffset).toBe(a.byteOffset + a.length);
    } else {
      // `a` was the last result that fit the buffer before: the next two must share.
      const c = pb.toBinary(desc, withText("c".repeat(100)), pooled);
      expect(c.buffer).toBe(b.buffer);
      expect(c.byteOffset).toBe(b.byteOffset + b.length);
    }
    // A plain result owns its buffer.
    const plain = pb.toBinary(desc, withText("d".repeat(100)));
    expect(plain.byteOffset).toBe(0);
    expect(plain.buffer.byteLength).toBeGreaterThanOrEqual(plain.length);
    expect(plain.buffer).not.toBe(a.buffer);
  });

  test("a result larger than half a buffer is followed by a fresh buffer", () => {
    const big = pb.toBinary(desc, withText("x".repeat(5000)), pooled);
    const next = pb.toBinary(desc, withText("y".repeat(10)), pooled);
    expect(next.buffer).not.toBe(big.buffer);
    expect(hex(big)).toBe(hex(pb.toBinary(desc, withText("x".repeat(5000)))));
  });

  test("large results in a row: each in a buffer of its own, at its start", () => {
    const sizes = [20_000, 9_000, 60_000, 5_000];
    const results = sizes.map((n) => pb.toBinary(desc, withText("z".repeat(n)), pooled));
    results.forEach((r, i) => {
      expect(hex(r)).toBe(hex(pb.toBinary(desc, withText("z".repeat(sizes[i])))));
      if (i > 0) expect(r.byteOffset).toBe(0);
    });
    expect(new Set(results.map((r) => r.buffer)).size).toBe(results.length);
  });

  test("a small result after a large one does not keep the large one's buffer", () => {
    pb.toBinary(desc, withText("x".repeat(50_000)), pooled);
    const small = [1, 2, 3].map((i) => pb.toBinary(desc, withText("s".repeat(i)), pooled));
    for (const r of small) expect(r.buffer.byteLength).toBeLessThanOrEqual(8192);
    // The ones after it share a pool buffer again.
    expect(small[2].buffer).toBe(small[1].buffer);
    expect(small.map(hex)).toEqual([1, 2, 3].map((i) => hex(pb.toBinary(desc, withText("s".repeat(i))))));
  });

  test("results across many buffers stay intact (growth mid-result, nested messages)", () => {
    const results: Uint8Array[] = [];
    const expected: string[] = [];
    for (let i = 0; i < 600; i++) {
      // Sizes from a few bytes to ~3 KB, so results start near a buffer's end and grow it.
      const text = String.fromCharCode(97 + (i % 26)).repeat((i * 97) % 3000);
      const init: Init = { optionalString: text, optionalInt32: -i };
      if (i % 3 === 0) {
        // Sub-messages open (forks) when the buffer grows.
        init.recursiveMessage = {
          optionalString: text.slice(0, 200),
          recursiveMessage: { optionalString: "é".repeat(i % 150), optionalDouble: i / 7 },
        };
      }
      const m = pb.create(desc, init);
      expected.push(hex(pb.toBinary(desc, m)));
      results.push(pb.toBinary(desc, m, pooled));
    }
    expect(results.map(hex)).toEqual(expected);
    expectDisjoint(results);
    expect(new Set(results.map((r) => r.buffer)).size).toBeGreaterThan(10);
  });

  test("an encode that throws leaves earlier results intact, and the next ones correct", () => {
    const a = pb.toBinary(desc, withText("before"), pooled);
    const badInt = pb.create(desc, { optionalInt32: 1 } as Init) as Init;
    badInt.optionalInt32 = 2 ** 40;
    expect(() => pb.toBinary(desc, badInt as never, pooled)).toThrow(/int32/);
    const b = pb.toBinary(desc, withText("after"), pooled);
    expect(hex(a)).toBe(hex(pb.toBinary(desc, withText("before"))));
    expect(hex(b)).toBe(hex(pb.toBinary(desc, withText("after"))));
  });
});
