/**
 * Rejection equivalence of validated lazy decoding (issue 7, "Done when" 1 and 3): for random
 * valid encodings of every message type and random corruptions of them — bit flips,
 * truncations, inserted bytes, overlong varints, wrong wire types and field numbers, wrong
 * lengths, broken groups, invalid UTF-8 where the schema requires UTF-8, nesting beyond the
 * depth limit with groups, length-delimited messages and map values — `fromBinary()` throws
 * iff `fromBinary(..., { lazy: true })` throws, both with BinaryDecodeError. When validated lazy
 * decoding succeeds, reading everything never throws and reads what the eager decode holds.
 *
 * Reproduce a failure with PBJET_LAZY_SEED=<seed>; soak with PBJET_LAZY_RUNS=<runs>.
 */
import * as fc from "fast-check";
// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import { badUtf8Sequences, corruptionArb, invalidUtf8Fields, nested, nestedUnknownGroups, padVarints, recursivePaths } from "./corrupt";
import {
  concat,
  contentOf,
  describeError,
  encodableTypes,
  encodingArb,
  errorOf,
  fcParams,
  hex,
  Rng,
  RUNS,
  sets,
  typesOf,
  type SetName,
} from "./util";

const optionsArb = fc.constantFrom<Partial<pb.BinaryReadOptions>>({}, { recursionLimit: 4 }, { readUnknownFields: false }, { recursionLimit: 2 });

/**
 * Decodes eagerly and lazily (validated); asserts that both reject or both accept, with
 * BinaryDecodeError, and that an accepted view reads everything without error, like the eager
 * message. Returns whether the input was rejected.
 */
function checkRejection(
  set: SetName,
  desc: pb.DescMessage,
  bytes: Uint8Array,
  options: Partial<pb.BinaryReadOptions> = {},
  /** Reads an accepted view instead of the (quadratic in depth) full walk and comparison. */
  readView?: (view: pb.Message) => void,
): boolean {
  let eager: pb.Message | undefined;
  let view: pb.Message | undefined;
  const eagerError = errorOf(() => (eager = pb.fromBinary(desc, bytes, options)));
  const lazyError = errorOf(() => (view = pb.fromBinary(desc, bytes, { ...options, lazy: true })));
  const outcome = (e: unknown) => (e === undefined ? "accepted" : e instanceof pb.BinaryDecodeError ? "BinaryDecodeError" : describeError(e));
  const context = `${desc.typeName} ${JSON.stringify(options)} ${hex(bytes)}`;
  expect([context, "lazy", outcome(lazyError)]).toEqual([context, "lazy", outcome(eagerError)]);
  if (eagerError !== undefined) {
    expect([context, outcome(eagerError)]).toEqual([context, "BinaryDecodeError"]);
    return true;
  }
  if (readView !== undefined) {
    expect([context, describeError(errorOf(() => readView(view!)))]).toEqual([context, describeError(undefined)]);
    expectWritesInput(desc, view!, eager!, bytes);
    return false;
  }
  // Validated: reading everything never throws.
  const walk = { set };
  let read: unknown;
  const readError = errorOf(() => (read = contentOf(desc, view, "view", walk)));
  expect([context, "deep read", describeError(readError)]).toEqual([context, "deep read", describeError(undefined)]);
  expect(read).toEqual(contentOf(desc, eager, "eager", walk));
  expect(errorOf(() => pb.materialize(desc, view!))).toBeUndefined();
  expect(errorOf(() => pb.toMutable(desc, view!))).toBeUndefined();
  // It writes its input; decoded without unknown fields, what the eager message writes (or
  // the same error: a required field may be missing).
  if (options.readUnknownFields === false) {
    const written = (m: pb.Message) => {
      try {
        return hex(pb.toBinary(desc, m));
      } catch (e) {
        return describeError(e);
      }
    };
    expect(written(view!)).toBe(written(eager!));
  } else {
    expectWritesInput(desc, view!, eager!, bytes);
  }
  return false;
}

/**
 * A validated view writes its input, or exactly what the eager message writes — unless a
 * required field is missing somewhere in it: then it fails as the eager message does.
 */
function expectWritesInput(desc: pb.DescMessage, view: pb.Message, eager: pb.Message, bytes: Uint8Array): void {
  const eagerError = errorOf(() => pb.toBinary(desc, eager));
  if (eagerError instanceof pb.BinaryEncodeError && /required field/.test(eagerError.message)) {
    expect(describeError(errorOf(() => pb.toBinary(desc, view)))).toBe(describeError(eagerError));
  } else {
    const written = hex(pb.toBinary(desc, view));
    if (written !== hex(bytes)) {
      // Where validation cannot prove the tree complete (e.g. a map entry without a value whose
      // type has required fields: a later entry for the key may replace it), the view
      // re-encodes — and must then write exactly what the eager message writes.
      expect(written).toBe(hex(pb.toBinary(desc, eager)));
    }
  }
}

describe.each(sets)("rejection equivalence: %s descriptor set", (set) => {
  const types = encodableTypes(set);

  test.each(types.map((t) => [t.typeName, t] as const))("%s", (_name, desc) => {
    let rejected = 0;
    let runs = 0;
    fc.assert(
      fc.property(corruptionArb(encodingArb(set, desc, { depth: 2, maxElements: 2 }), desc), optionsArb, (bytes, options) => {
        runs++;
        if (checkRejection(set, desc, bytes, options)) rejected++;
      }),
      fcParams(RUNS * 3),
    );
    // The corruptions are not all harmless.
    if (runs >= 12) expect(rejected).toBeGreaterThan(0);
  });

  test("valid encodings with tight limits and without unknown fields", () => {
    for (const desc of types) {
      fc.assert(
        fc.property(encodingArb(set, desc), optionsArb, (bytes, options) => {
          checkRejection(set, desc, bytes, options);
        }),
        fcParams(3),
      );
    }
  });

  test("valid encodings with redundant varint bytes (tags, end-group tags, lengths, values)", () => {
    // Still valid (tags at most 5 bytes, other varints 10), so both accept them — except where a string
    // or bytes value happened to parse as fields and was padded, too.
    let accepted = 0;
    let runs = 0;
    for (const desc of types) {
      fc.assert(
        fc.property(encodingArb(set, desc), fc.integer(), (bytes, seed) => {
          runs++;
          if (!checkRejection(set, desc, padVarints(bytes, new Rng(seed)))) accepted++;
        }),
        fcParams(RUNS),
      );
    }
    expect(accepted).toBeGreaterThan(runs * 0.9);
  });

  test("a map entry without a value, whose message type has required fields", () => {
    // The value is an empty message that lacks required fields: the view must not write its
    // input as if the tree were complete (found by the corruption property, seed in CI).
    const desc = types.find((t) => t.typeName === "pbjet.test.proto2.RequiredFields");
    if (desc === undefined) return;
    const init = {
      requiredInt32: 1,
      requiredString: "s",
      requiredBytes: new Uint8Array(0),
      requiredEnum: 1,
      requiredMessage: {},
      requiredInt64Default: 2n,
    };
    const complete = pb.toBinary(desc, pb.create(desc, init as never));
    const entryWithoutValue = Uint8Array.from([0x52, 0x03, 0x0a, 0x01, 0x6b]); // map_children { key: "k" }
    const bytes = new Uint8Array([...complete, ...entryWithoutValue]);
    expect(() => pb.toBinary(desc, pb.fromBinary(desc, bytes))).toThrow(/required field required_int32 is not set/);
    checkRejection(set, desc, bytes, {});
    expect(() => pb.toBinary(desc, pb.fromBinary(desc, bytes, { lazy: true }))).toThrow(/required field required_int32 is not set/);
  });

  test("random bytes", () => {
    for (const desc of typesOf(set)) {
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 40 }), optionsArb, (bytes, options) => {
          checkRejection(set, desc, bytes, options);
        }),
        fcParams(RUNS * 2),
      );
    }
  });
});

describe.each(sets)("invalid UTF-8: %s descriptor set", (set) => {
  const types = encodableTypes(set)
    .map((t) => [t.typeName, t, invalidUtf8Fields(t, 2, [0xff])] as const)
    .filter(([, , fields]) => fields.length > 0);

  test("some types require UTF-8", () => {
    expect(types.length).toBeGreaterThan(5);
  });

  test.each(types.map(([n, t]) => [n, t] as const))("%s", (_name, desc) => {
    fc.assert(
      fc.property(encodingArb(set, desc, { depth: 1 }), fc.constantFrom(...badUtf8Sequences), fc.nat(), fc.boolean(), (bytes, bad, pick, before) => {
        const fields = invalidUtf8Fields(desc, 2, bad);
        const field = fields[pick % fields.length];
        const input = before ? concat(field, bytes) : concat(bytes, field);
        // Every such field is rejected (a UTF-8 error is never hidden by the lazy path).
        expect(checkRejection(set, desc, input)).toBe(true);
        const e = errorOf(() => pb.fromBinary(desc, input, { lazy: true }));
        expect((e as Error).message).toMatch(/UTF-8/);
      }),
      fcParams(RUNS * 2),
    );
  });
});

/** Reads a view down a nested path to its innermost message, and that message's fields. */
function readDown(path: pb.DescField[], levels: number): (view: pb.Message) => void {
  return (view) => {
    let m = view as unknown as Record<string, unknown>;
    for (let level = 0; level < levels * path.length; level++) {
      const f = path[level % path.length];
      const v = f.oneof ? (m[f.oneof.localName] as { value?: unknown }).value : m[f.localName];
      const next = f.fieldKind === "map" ? Object.values(v as object)[0] : f.fieldKind === "list" ? (v as unknown[])[0] : v;
      if (typeof next !== "object" || next === null) throw new Error(`nothing at level ${level}`);
      m = next as Record<string, unknown>;
    }
    for (const k in m) void m[k];
  };
}

describe.each(sets)("nesting depth: %s descriptor set", (set) => {
  const types = typesOf(set)
    .map((t) => [t.typeName, t, recursivePaths(t)] as const)
    .filter(([, , paths]) => paths.length > 0);

  test("covers groups, length-delimited messages and map values", () => {
    const kinds = new Set<string>();
    for (const [, , paths] of types) {
      for (const p of paths) {
        for (const f of p)
          kinds.add(f.fieldKind === "map" ? "map" : (f as { delimitedEncoding?: boolean }).delimitedEncoding ? "group" : f.fieldKind);
      }
    }
    // The conformance protos have no recursive group; the test protos have.
    expect([...kinds].sort()).toEqual(set === "test" ? ["group", "list", "map", "message"] : ["list", "map", "message"]);
  });

  test.each(types.map(([n, t, p]) => [n, t, p] as const))("%s", (_name, desc, paths) => {
    for (const path of paths.slice(0, 4)) {
      // maxDepth: the levels below the top-level message (recursionLimit - 1; 99 by default).
      for (const maxDepth of [4, 99]) {
        const levels = Math.ceil(maxDepth / path.length);
        for (const n of [levels - 2, levels - 1, levels, levels + 1, levels + 2, maxDepth === 4 ? levels * 3 : levels * 2]) {
          if (n < 0) continue;
          const bytes = nested(path, n);
          const rejected = checkRejection(
            set,
            desc,
            bytes,
            maxDepth === 99 ? {} : { recursionLimit: maxDepth + 1 },
            maxDepth === 99 ? readDown(path, n) : undefined,
          );
          if (n * path.length > maxDepth) {
            // Beyond the limit, both reject it, as too deep.
            expect(rejected).toBe(true);
            const e = errorOf(() => pb.fromBinary(desc, bytes, { lazy: true, recursionLimit: maxDepth + 1 }));
            expect((e as Error).message).toMatch(/depth|nesting/);
          } else if (n * path.length < maxDepth) {
            expect([path.map((f) => f.name).join("."), n, rejected]).toEqual([path.map((f) => f.name).join("."), n, false]);
          }
        }
      }
    }
    // Unknown groups nested around the group limit, with and without a valid prefix.
    for (const n of [99, 100, 101, 200]) {
      checkRejection(set, desc, nestedUnknownGroups(desc, n));
    }
  });
});
