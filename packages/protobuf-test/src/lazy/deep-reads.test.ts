/**
 * One-pass reads of views (issue 13): a view whose type reads broadly is decoded in one pass
 * on its first read — its whole subtree, by the eager decoder, into ordinary messages — while
 * it keeps its bytes. Under the "decode" policy every view is read that way; under "adaptive"
 * (the default) the statistics of recent views decide per type. On every message type of the
 * "test" and "conformance" descriptor sets, with random encodings (shuffled, merged, unknown
 * fields, extensions), validated and trusted:
 *
 * - a view reads like the eager decode, and is written as its input while nothing it handed
 *   out could have been changed;
 * - the same seeded writes (every write route of mutate.ts: assignments, lists, maps, oneofs,
 *   sub-messages, unknown fields, the reflection API, merges) at random depths, before and
 *   after reading everything and before and after a first toBinary, give bytes that decode to
 *   what the eager message with the same writes gives: never stale bytes, even for writes into
 *   the ordinary sub-messages of a view read in one pass;
 * - validated decoding rejects what the eager decoder rejects.
 *
 * Reproduce a failure with PBJET_LAZY_SEED=<seed>; soak with PBJET_LAZY_RUNS=<runs>.
 */
import * as fc from "fast-check";
// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import { setLazyReadPolicy } from "@pbjet/protobuf/lazy";
import { hasRequired } from "../differential/arbitrary";
import { FileDescriptorSetSchema } from "@pbjet/protobuf/wkt";
import { descriptorSetBytes, schema } from "../helpers";
import { inPlaceSide, mutate, written, type Msg } from "./mutate";
import { contentOf, describeError, encodableTypes, encodingArb, errorOf, fcParams, hex, Rng, RUNS, sets } from "./util";
import { corruptionArb } from "./corrupt";

// The other suites of a worker expect views read field by field (util.ts).
afterAll(() => setLazyReadPolicy("views"));

describe.each(sets)("one-pass reads: %s descriptor set", (set) => {
  const types = encodableTypes(set).filter((t) => t.members.length > 0);

  test.each(types.map((t) => [t.typeName, t] as const))("%s", (_name, desc) => {
    const walk = { set };
    fc.assert(
      fc.property(encodingArb(set, desc), fc.integer(), (bytes, seed) => {
        const rng = new Rng(seed);
        const policy = rng.bool(0.6) ? "decode" : "adaptive";
        setLazyReadPolicy(policy);
        const validate = rng.bool(0.6);
        const view = pb.fromBinary(desc, bytes, { lazy: true, validate }) as unknown as Msg;
        const eager = pb.fromBinary(desc, bytes) as unknown as Msg;
        // "decode" always gives a view; "adaptive" gives an ordinary message for a type that
        // reads broadly (then written like the eager message, which the checks below compare).
        const isView = pb.isLazyMessage(view);
        if (policy === "decode") expect(isView).toBe(true);
        // Opened by a read of one field that hands out nothing mutable, a view is still its bytes.
        if (rng.bool() && isView) {
          void view.$typeName;
          const scalar = desc.fields.find((f) => (f.fieldKind === "scalar" || f.fieldKind === "enum") && f.oneof === undefined);
          if (scalar !== undefined) expect(view[scalar.localName]).toEqual(eager[scalar.localName]);
          if (!hasRequired(desc)) expect(hex(pb.toBinary(desc, view as unknown as pb.Message))).toBe(hex(bytes));
        }
        if (rng.bool()) expect(contentOf(desc, view, "any", walk)).toEqual(contentOf(desc, eager, "any", walk));
        if (rng.bool()) expect(written(set, desc, view)).toEqual(written(set, desc, eager));
        for (let round = 0; round < 2; round++) {
          const mseed = rng.int(2 ** 31);
          mutate(desc, view, new Rng(mseed), inPlaceSide(), 0);
          mutate(desc, eager, new Rng(mseed), inPlaceSide(), 0);
          expect(written(set, desc, view)).toEqual(written(set, desc, eager));
          expect(written(set, desc, view, { writeUnknownFields: false })).toEqual(written(set, desc, eager, { writeUnknownFields: false }));
          expect(contentOf(desc, view, "any", walk)).toEqual(contentOf(desc, eager, "any", walk));
        }
      }),
      fcParams(RUNS * 2),
    );
  });

  test.each(types.map((t) => [t.typeName, t] as const))("rejection, %s", (_name, desc) => {
    setLazyReadPolicy("decode");
    const walk = { set };
    fc.assert(
      fc.property(corruptionArb(encodingArb(set, desc, { depth: 2, maxElements: 2 }), desc), fc.boolean(), (bytes, validate) => {
        let eager: pb.Message | undefined;
        const eagerError = errorOf(() => (eager = pb.fromBinary(desc, bytes)));
        let view: pb.Message | undefined;
        const viewError = errorOf(() => {
          view = pb.fromBinary(desc, bytes, { lazy: true, validate });
          return contentOf(desc, view, "any", walk);
        });
        if (validate || viewError !== undefined) {
          // Validated: rejected up front exactly when the eager decoder rejects; trusted: only
          // the eager decoder's errors, when read.
          expect(describeError(viewError)).toBe(describeError(eagerError));
        }
        if (viewError === undefined && eagerError === undefined) {
          expect(contentOf(desc, view!, "any", walk)).toEqual(contentOf(desc, eager!, "any", walk));
        }
      }),
      fcParams(RUNS),
    );
  });
});

type Proto3 = Msg & {
  optionalInt32: number;
  optionalString: string;
  optionalNestedMessage?: Msg & { a: number; corecursive?: Proto3 };
  repeatedNestedMessage: (Msg & { a: number })[];
  repeatedInt32: number[];
  mapStringNestedMessage: Record<string, Msg & { a: number }>;
  oneofField: { case: string | undefined; value?: unknown };
  recursiveMessage?: Proto3;
};

describe("one-pass reads: examples", () => {
  const desc = () => schema("protobuf_test_messages.proto3.TestAllTypesProto3", "conformance");
  const init = {
    optionalInt32: 1,
    optionalString: "s",
    optionalNestedMessage: { a: 2 },
    repeatedNestedMessage: [{ a: 3 }, { a: 4 }],
    repeatedInt32: [6, 7],
    mapStringNestedMessage: { k: { a: 8 } },
    oneofField: { case: "oneofString" as const, value: "o" },
    recursiveMessage: { optionalInt32: 11, recursiveMessage: { repeatedNestedMessage: [{ a: 12 }] } },
  };
  // Fields in reverse order: not what an encoder writes, so a copy of the input is told apart.
  const bytes = () => {
    const canonical = pb.toBinary(desc(), pb.create(desc(), init as never));
    const parts: Uint8Array[] = [];
    for (const f of [...desc().fields].reverse()) {
      const one = pb.create(desc());
      const v = (pb.fromBinary(desc(), canonical) as unknown as Msg)[f.localName];
      const o = f.oneof !== undefined ? (pb.fromBinary(desc(), canonical) as unknown as Msg)[f.oneof.localName] : undefined;
      if (f.oneof !== undefined) {
        if ((o as { case?: string }).case !== f.localName) continue;
        (one as unknown as Msg)[f.oneof.localName] = o;
      } else {
        (one as unknown as Msg)[f.localName] = v;
      }
      parts.push(pb.toBinary(desc(), one));
    }
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };
  const eagerHex = (edit: (m: Proto3) => void) => {
    const e = pb.fromBinary(desc(), bytes()) as unknown as Proto3;
    edit(e);
    return hex(pb.toBinary(desc(), e as never));
  };
  afterEach(() => setLazyReadPolicy("views"));

  test("a view read in one pass holds ordinary sub-messages and is written as its bytes until it hands one out", () => {
    setLazyReadPolicy("decode");
    const v = pb.fromBinary(desc(), bytes(), { lazy: true }) as unknown as Proto3;
    expect(v.optionalInt32).toBe(1);
    expect(v.optionalString).toBe("s");
    expect(hex(pb.toBinary(desc(), v as never))).toBe(hex(bytes()));
    const nested = v.optionalNestedMessage!;
    expect(pb.isLazyMessage(v)).toBe(true);
    expect(pb.isLazyMessage(nested)).toBe(false);
    // Handed out: re-encoded from now on (what the eager message writes).
    expect(hex(pb.toBinary(desc(), v as never))).toBe(eagerHex(() => {}));
  });

  test("writes into ordinary sub-messages, lists, maps and unknown fields are written, before and after a first toBinary", () => {
    for (const validate of [true, false]) {
      setLazyReadPolicy("decode");
      const v = pb.fromBinary(desc(), bytes(), { lazy: true, validate }) as unknown as Proto3;
      const deep = v.recursiveMessage!.recursiveMessage!.repeatedNestedMessage[0];
      expect(pb.isLazyMessage(deep)).toBe(false);
      expect(hex(pb.toBinary(desc(), v as never))).toBe(eagerHex(() => {}));
      deep.a = 99;
      expect(hex(pb.toBinary(desc(), v as never))).toBe(eagerHex((e) => (e.recursiveMessage!.recursiveMessage!.repeatedNestedMessage[0].a = 99)));
      v.repeatedInt32.push(5);
      v.mapStringNestedMessage.k.a = 7;
      expect(hex(pb.toBinary(desc(), v as never))).toBe(
        eagerHex((e) => {
          e.recursiveMessage!.recursiveMessage!.repeatedNestedMessage[0].a = 99;
          e.repeatedInt32.push(5);
          e.mapStringNestedMessage.k.a = 7;
        }),
      );
    }
    // Unknown fields of a sub-message.
    setLazyReadPolicy("decode");
    const v = pb.fromBinary(desc(), bytes(), { lazy: true }) as unknown as Proto3;
    const n = v.optionalNestedMessage! as unknown as pb.Message;
    (n.$unknown ??= []).push({ no: 1000, wireType: 0, data: new Uint8Array([5]) });
    const back = pb.fromBinary(desc(), pb.toBinary(desc(), v as never)) as unknown as Proto3;
    expect((back.optionalNestedMessage as unknown as pb.Message).$unknown?.length).toBe(1);
  });

  test("a sub-view of a view read field by field decodes its subtree in one pass, and its parent sees its changes", () => {
    setLazyReadPolicy("views");
    const v = pb.fromBinary(desc(), bytes(), { lazy: true }) as unknown as Proto3;
    const child = v.recursiveMessage!;
    expect(pb.isLazyMessage(child)).toBe(true);
    setLazyReadPolicy("decode");
    const grandchild = child.recursiveMessage!;
    expect(pb.isLazyMessage(grandchild)).toBe(false);
    const edit = (e: Proto3) => (e.recursiveMessage!.recursiveMessage!.repeatedNestedMessage[0].a = 42);
    const writtenHex = () => hex(pb.toBinary(desc(), pb.fromBinary(desc(), pb.toBinary(desc(), v as never))));
    expect(writtenHex()).toBe(eagerHex(() => {}));
    grandchild.repeatedNestedMessage[0].a = 42;
    expect(writtenHex()).toBe(eagerHex(edit));
    // The root's other fields are still its bytes (in their reversed order): only the changed
    // sub-view was written again.
    expect(hex(pb.toBinary(desc(), v as never))).not.toBe(eagerHex(edit));
  });

  /**
   * Decodes until `done` holds for the result (a lazy decode of `input`, read by `read`), at
   * most `limit` times; returns how many decodes that took.
   */
  const until = <T>(limit: number, decode: () => T, done: (v: T) => boolean) => {
    for (let i = 1; i <= limit; i++) if (done(decode())) return i;
    throw new Error(`not within ${limit} decodes`);
  };

  test("adaptive: broad reads switch a type to one-pass reads (roots: ordinary messages), narrow reads switch it back", () => {
    setLazyReadPolicy("adaptive");
    const walk = { set: "conformance" as const };
    const input = bytes();
    // Types of their own (a registry of its own), with no statistics from the other tests.
    const reg = pb.createFileRegistry(pb.fromBinary(FileDescriptorSetSchema, descriptorSetBytes("conformance")));
    const desc = () => reg.getMessage("protobuf_test_messages.proto3.TestAllTypesProto3")!;
    const eager = pb.fromBinary(desc(), input);
    const decode = () => pb.fromBinary(desc(), input, { lazy: true }) as unknown as Proto3;
    const readAll = () => {
      const v = decode();
      contentOf(desc(), v, "any", walk);
      return v;
    };
    until(400, readAll, (v) => !pb.isLazyMessage(v));
    // Read broadly: most roots are ordinary messages now (fields are plain properties); every
    // 8th is a view read in one pass (its sub-messages ordinary), probes are views of views.
    let ordinary = 0;
    let deepViews = 0;
    for (let i = 0; i < 256; i++) {
      const v = readAll();
      if (!pb.isLazyMessage(v)) ordinary++;
      else if (!pb.isLazyMessage(v.optionalNestedMessage)) deepViews++;
      expect(pb.fromBinary(desc(), pb.toBinary(desc(), v as never))).toEqual(eager);
    }
    expect(ordinary).toBeGreaterThanOrEqual(256 * (7 / 8) - 8);
    expect(deepViews).toBeGreaterThan(0);
    // Read narrowly (one scalar): content always right; back to views within a few dozen
    // decodes (the sampled deep views count what they hand out), and then written as the bytes.
    const narrow = () => {
      const v = decode();
      expect(v.optionalInt32).toBe(1);
      expect(pb.fromBinary(desc(), pb.toBinary(desc(), v as never))).toEqual(eager);
      return v;
    };
    expect(until(80, narrow, (v) => pb.isLazyMessage(v) && pb.isLazyMessage(v.optionalNestedMessage))).toBeLessThanOrEqual(80);
    let views = 0;
    for (let i = 0; i < 1000; i++) {
      const v = narrow();
      // Untouched but for a scalar: written as its bytes.
      expect(hex(pb.toBinary(desc(), v as never))).toBe(hex(input));
      if (i >= 900 && pb.isLazyMessage(v.optionalNestedMessage)) views++;
    }
    expect(views).toBe(100);
  });

  test("adaptive: probes get rarer while they confirm the choice; views passed on unread or read narrowly switch a type back without one", () => {
    setLazyReadPolicy("adaptive");
    const walk = { set: "conformance" as const };
    const input = bytes();
    const reg = pb.createFileRegistry(pb.fromBinary(FileDescriptorSetSchema, descriptorSetBytes("conformance")));
    const desc = () => reg.getMessage("protobuf_test_messages.proto3.TestAllTypesProto3")!;
    const decode = () => pb.fromBinary(desc(), input, { lazy: true }) as unknown as Proto3;
    const readAll = () => {
      const v = decode();
      contentOf(desc(), v, "any", walk);
      return v;
    };
    until(400, readAll, (v) => !pb.isLazyMessage(v.optionalNestedMessage));
    // Read broadly from now on: a probe (read as views) at the 32nd view, then every 64th.
    let probes = 0;
    for (let k = 0; k < 1024; k++) {
      const v = readAll();
      if (pb.isLazyMessage(v.optionalNestedMessage)) probes++;
      expect(pb.fromBinary(desc(), pb.toBinary(desc(), v as never))).toEqual(pb.fromBinary(desc(), input));
    }
    expect(probes).toBeGreaterThan(0);
    // Every 32nd view read as views would be 32 probes; every 64th from the second on, 17 at most.
    expect(probes).toBeLessThanOrEqual(1024 / 64 + 1);
    // Read narrowly (a scalar, no sub-message or list): the sampled deep views count what they
    // hand out, so the type switches back within a few dozen decodes, not at the next (rare) probe.
    const narrow = () => {
      const v = decode();
      expect(v.optionalInt32).toBe(1);
      return v;
    };
    const viewsAgain = (v: Proto3) => pb.isLazyMessage(v) && pb.isLazyMessage(v.optionalNestedMessage);
    expect(until(64, narrow, viewsAgain)).toBeLessThan(64);
    expect(hex(pb.toBinary(desc(), decode() as never))).toBe(hex(input));
    // Broad again, then passed on unread: back to views within a few dozen decodes.
    until(400, readAll, (v) => !pb.isLazyMessage(v.optionalNestedMessage));
    let lastOrdinary = -1;
    for (let k = 0; k < 80; k++) {
      const v = decode();
      // Not read: isLazyMessage() does not open a view.
      if (!pb.isLazyMessage(v)) lastOrdinary = k;
      expect(pb.fromBinary(desc(), pb.toBinary(desc(), v as never))).toEqual(pb.fromBinary(desc(), input));
    }
    expect(lastOrdinary).toBeLessThan(64);
    const v = decode();
    expect(hex(pb.toBinary(desc(), v as never))).toBe(hex(input));
    expect(viewsAgain(v)).toBe(true);
  });

  test("adaptive: a type without message fields is never probed; its sampled views see narrower reads", () => {
    setLazyReadPolicy("adaptive");
    const reg = pb.createFileRegistry(pb.fromBinary(FileDescriptorSetSchema, descriptorSetBytes("test")));
    const desc = () => reg.getMessage("pbjet.test.proto3.ScalarValues")!;
    type Scalars = Msg & { int32Field: number; stringField: string; bytesField: Uint8Array; int64Field: bigint };
    const input = pb.toBinary(
      desc(),
      pb.create(desc(), {
        int32Field: 7,
        int64Field: 5n,
        stringField: "a string long enough not to be read in the scan",
        bytesField: new Uint8Array([1, 2, 3]),
      } as never),
    );
    const decode = () => pb.fromBinary(desc(), input, { lazy: true }) as unknown as Scalars;
    // Every field read once, the string first: the read that opens a view counts too.
    const readAll = () => {
      const v = decode();
      let n = v.stringField.length;
      for (const f of desc().fields) if (f.localName !== "stringField") n += String(v[f.localName]).length;
      expect(n).toBeGreaterThan(0);
      return v;
    };
    until(400, readAll, (v) => !pb.isLazyMessage(v));
    // Read broadly: every 8th decode is a view read in one pass, and there are no probes
    // (a probe would be one more view).
    let views = 0;
    for (let i = 0; i < 512; i++) if (pb.isLazyMessage(readAll())) views++;
    expect(views).toBe(512 / 8);
    // Read narrowly (an int32, not the string, bytes or int64): the sampled views count the
    // reads of strings, bytes and 64-bit integers, so the type switches back to views.
    for (let i = 0; i < 80; i++) expect(decode().int32Field).toBe(7);
    for (let i = 0; i < 16; i++) {
      const v = decode();
      expect(pb.isLazyMessage(v)).toBe(true);
      expect(v.int32Field).toBe(7);
      expect(hex(pb.toBinary(desc(), v as never))).toBe(hex(input));
    }
  });
});
