/**
 * Size-delimited messages: `sizeDelimitedEncode()` of eager messages and of lazy views of
 * every message type of the test and conformance descriptor sets, and
 * `sizeDelimitedDecodeStream()` over streams delivered in chunks split at every byte boundary,
 * at random, and byte by byte, with the read options passed through.
 *
 * Limits, truncated and malformed streams and `sizeDelimitedPeek()` are in
 * size-delimited-errors.test.ts; the comparison with @bufbuild/protobuf in
 * size-delimited-differential.test.ts.
 *
 * Reproduce a failure with PBJET_SD_SEED=<seed>; soak with PBJET_SD_RUNS=<runs>.
 */
import * as fc from "fast-check";
// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import * as pbWire from "@pbjet/protobuf/wire";
import { schema } from "../helpers";
import { canonicalArb, concat, encodableTypes, hex, sets, typesOf, varint } from "../lazy/util";
import { bytewise, collect, cutsArb, cutsOf, failure, fcParams, frame, source, splitAt, streamCaseArb } from "./size-delimited-util";

// Property tests: generous on a machine shared with other jobs.
jest.setTimeout(60_000);

const lazyModes = [{ lazy: true }, { lazy: true, validate: false }] as const;

describe.each(sets)("sizeDelimitedEncode round trips: %s descriptor set", (set) => {
  const types = encodableTypes(set);

  test("covers every message type of the set", () => {
    expect(types.length).toBeGreaterThan(50);
    // Only types with a cycle of required message fields cannot be generated; they are
    // covered by "messages that cannot be encoded" below.
    const left = typesOf(set).filter((t) => !types.includes(t));
    expect(left.every((t) => t.typeName.includes("Required"))).toBe(true);
  });

  test.each(types.map((t) => [t.typeName, t] as const))("%s: views encode as the eager message, varint(size) + toBinary", (_name, desc) => {
    fc.assert(
      fc.property(canonicalArb(set, desc), (bytes) => {
        const eager = pb.fromBinary(desc, bytes);
        for (const writeUnknownFields of [undefined, true, false]) {
          const options = writeUnknownFields === undefined ? undefined : { writeUnknownFields };
          const body = pb.toBinary(desc, eager, options);
          const expected = hex(frame(body));
          expect(hex(pb.sizeDelimitedEncode(desc, eager, options))).toBe(expected);
          for (const mode of lazyModes) {
            const view = pb.fromBinary(desc, bytes, mode);
            expect(pb.isLazyMessage(view)).toBe(true);
            expect(hex(pb.sizeDelimitedEncode(desc, view, options))).toBe(expected);
            // A view that dropped its unknown fields encodes as the eager decode that did.
            const dropped = pb.fromBinary(desc, bytes, { ...mode, readUnknownFields: false });
            const droppedEager = pb.fromBinary(desc, bytes, { readUnknownFields: false });
            expect(hex(pb.sizeDelimitedEncode(desc, dropped, options))).toBe(hex(pb.sizeDelimitedEncode(desc, droppedEager, options)));
          }
        }
        // The frame decodes back: the prefix gives the size and offset of the body.
        const framed = pb.sizeDelimitedEncode(desc, eager);
        const peek = pb.sizeDelimitedPeek(framed);
        expect(peek.eof).toBe(false);
        expect(peek.offset).toBe(varint(bytes.length).length);
        expect(peek.size).toBe(bytes.length);
        expect(hex(framed.subarray(peek.offset ?? 0))).toBe(hex(bytes));
      }),
      fcParams(),
    );
  });

  const incomplete = typesOf(set).filter((t) => !types.includes(t));
  if (incomplete.length > 0) {
    test.each(incomplete.map((t) => [t.typeName, t] as const))("messages that cannot be encoded: %s", (_name, desc) => {
      // A cycle of required message fields: no message is complete, and sizeDelimitedEncode
      // refuses it as toBinary does.
      const msg = pb.create(desc);
      expect(() => pb.toBinary(desc, msg)).toThrow(pb.BinaryEncodeError);
      expect(() => pb.sizeDelimitedEncode(desc, msg)).toThrow(pb.BinaryEncodeError);
    });
  }
});

describe("exports", () => {
  test("the functions and the options type are exported from the root and from /wire, as in protobuf-es", async () => {
    expect(pbWire.sizeDelimitedEncode).toBe(pb.sizeDelimitedEncode);
    expect(pbWire.sizeDelimitedDecodeStream).toBe(pb.sizeDelimitedDecodeStream);
    expect(pbWire.sizeDelimitedPeek).toBe(pb.sizeDelimitedPeek);
    // Type-level: the protobuf-es name, the former name, and the alias of the limit.
    const options: Partial<pbWire.SizeDelimitedDecodeOptions> = { readMaxBytes: 3 };
    const former: Partial<pb.SizeDelimitedReadOptions> = { maxMessageSize: 3 };
    const full: pb.SizeDelimitedDecodeOptions = { readMaxBytes: 3, readUnknownFields: true, recursionLimit: 100, lazy: false, validate: true };
    const desc = schema("pbjet.test.proto3.ScalarValues");
    const stream = Uint8Array.of(4, 0x18, 0x01, 0x20, 0x02);
    for (const o of [options, former, full]) {
      const { error } = await failure(pb.sizeDelimitedDecodeStream(desc, source([stream]), o));
      expect((error as Error).message).toBe("message size 4 is larger than configured readMaxBytes 3");
    }
  });
});

describe("sizeDelimitedEncode", () => {
  const desc = schema("pbjet.test.proto3.ScalarValues");

  test("hand-computed frames", () => {
    expect(hex(pb.sizeDelimitedEncode(desc, pb.create(desc)))).toBe("00");
    // int32_field (3) = 1, bytes_field (15) = "a"
    expect(hex(pb.sizeDelimitedEncode(desc, pb.create(desc, { int32Field: 1, bytesField: Uint8Array.of(0x61) } as never)))).toBe("0518017a0161");
  });

  test("the prefix is the varint of the size: 1, 2 and 3 bytes", () => {
    const prefixLengths = new Set<number>();
    for (const n of [0, 1, 120, 124, 125, 126, 200, 16375, 16378, 16380, 20000]) {
      const msg = pb.create(desc, { bytesField: new Uint8Array(n).fill(n & 0xff) } as never);
      const body = pb.toBinary(desc, msg);
      const framed = pb.sizeDelimitedEncode(desc, msg);
      expect(hex(framed)).toBe(hex(Uint8Array.from(varint(body.length))) + hex(body));
      prefixLengths.add(framed.length - body.length);
    }
    expect([...prefixLengths].sort()).toEqual([1, 2, 3]);
  });
});

/** Asserts that `decoded` are the messages of `bodies`, in order, none lost or duplicated. */
function expectMessages(desc: pb.DescMessage, decoded: unknown[], bodies: readonly Uint8Array[], lazy = false): void {
  expect(decoded.map((m) => hex(pb.toBinary(desc, m as pb.Message)))).toEqual(bodies.map(hex));
  decoded.forEach((m, i) => {
    expect(pb.isLazyMessage(m as pb.Message)).toBe(lazy);
    const expected = pb.fromBinary(desc, bodies[i]);
    if (!pb.equals(desc, m as pb.Message, expected, { unknown: true })) {
      throw new Error(`message ${i} of ${decoded.length} of ${desc.typeName} differs from the original`);
    }
  });
}

async function decode(desc: pb.DescMessage, chunks: Uint8Array[], options?: Partial<pb.SizeDelimitedDecodeOptions>): Promise<pb.Message[]> {
  return collect(pb.sizeDelimitedDecodeStream(desc, source(chunks), options));
}

describe("sizeDelimitedDecodeStream: chunking", () => {
  const desc = schema("pbjet.test.proto3.ScalarValues");
  // Distinguishable messages with 1- and 2-byte prefixes, and empty ones between them.
  const bodies = [0, 1, 0, 124, 125, 2, 130, 0].map((n, i) =>
    pb.toBinary(desc, pb.create(desc, n === 0 ? {} : ({ int32Field: i + 1, bytesField: new Uint8Array(n).fill(i) } as never))),
  );
  const stream = concat(...bodies.map(frame));

  test("the test stream has empty messages and 1- and 2-byte prefixes", () => {
    expect(bodies.filter((b) => b.length === 0).length).toBe(3);
    expect(bodies.some((b) => b.length > 0 && b.length < 128)).toBe(true);
    expect(bodies.some((b) => b.length >= 128)).toBe(true);
  });

  test("split in two at every byte boundary", async () => {
    for (let i = 0; i <= stream.length; i++) {
      expectMessages(desc, await decode(desc, splitAt(stream, [i])), bodies);
    }
  });

  test("split in three at every pair of cuts near the frame boundaries", async () => {
    const cuts = new Set<number>();
    let start = 0;
    for (const b of bodies) {
      for (let d = -1; d <= 3; d++) if (start + d >= 0 && start + d <= stream.length) cuts.add(start + d);
      start += frame(b).length;
    }
    const list = [...cuts];
    for (const i of list) {
      for (const j of list) if (j >= i) expectMessages(desc, await decode(desc, splitAt(stream, [i, j])), bodies);
    }
  });

  test("one-byte chunks", async () => {
    expectMessages(desc, await decode(desc, bytewise(stream)), bodies);
  });

  test("one chunk, and empty chunks everywhere", async () => {
    expectMessages(desc, await decode(desc, [stream]), bodies);
    const withEmpty = bytewise(stream).flatMap((c) => [new Uint8Array(0), c, new Uint8Array(0)]);
    expectMessages(desc, await decode(desc, withEmpty), bodies);
  });

  test("a message with a 3-byte prefix, in one-byte chunks and split around its prefix and end", async () => {
    const big = [bodies[1], pb.toBinary(desc, pb.create(desc, { int32Field: 99, bytesField: new Uint8Array(20000).fill(7) } as never)), bodies[2]];
    const s = concat(...big.map(frame));
    expect(hex(s.subarray(frame(big[0]).length, frame(big[0]).length + 3))).toBe(hex(Uint8Array.from(varint(big[1].length))));
    expect(varint(big[1].length).length).toBe(3);
    expectMessages(desc, await decode(desc, bytewise(s)), big);
    const start = frame(big[0]).length;
    const end = start + frame(big[1]).length;
    for (let i = 0; i <= 8; i++) {
      for (const cut of [start - 1 + i, end - 4 + i]) expectMessages(desc, await decode(desc, splitAt(s, [cut])), big);
    }
  });

  test("an empty stream and a stream of empty chunks yield nothing", async () => {
    expect(await decode(desc, [])).toEqual([]);
    expect(await decode(desc, [new Uint8Array(0), new Uint8Array(0)])).toEqual([]);
  });

  test("a stream of empty messages", async () => {
    const decoded = await decode(desc, [Uint8Array.of(0, 0), Uint8Array.of(0)]);
    expect(decoded.length).toBe(3);
    for (const m of decoded) expect(pb.equals(desc, m, pb.create(desc))).toBe(true);
  });

  test("Node.js Buffer chunks (subarrays of a larger ArrayBuffer)", async () => {
    const pool = Buffer.alloc(stream.length + 64, 0xff);
    Buffer.from(stream).copy(pool, 32);
    const whole = pool.subarray(32, 32 + stream.length);
    async function* buffers(): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < whole.length; i += 37) yield whole.subarray(i, Math.min(i + 37, whole.length));
    }
    expectMessages(desc, await collect(pb.sizeDelimitedDecodeStream(desc, buffers())), bodies);
  });

  test.each([{}, { lazy: true }])("a source that reuses its chunk buffer (%j): the messages do not alias it", async (options) => {
    const chunkSize = 7;
    async function* reusing(): AsyncGenerator<Uint8Array> {
      const buf = new Uint8Array(chunkSize);
      for (let i = 0; i < stream.length; i += chunkSize) {
        const n = Math.min(chunkSize, stream.length - i);
        buf.fill(0xee);
        buf.set(stream.subarray(i, i + n));
        yield buf.subarray(0, n);
      }
      buf.fill(0xee);
    }
    const decoded = await collect(pb.sizeDelimitedDecodeStream(desc, reusing(), options));
    // Read after the whole stream went through the buffer: bytes fields and views intact.
    expectMessages(desc, decoded, bodies, options.lazy === true);
  });
});

describe("sizeDelimitedDecodeStream: random streams", () => {
  test("random messages of every type, split at every byte boundary and in one-byte chunks", async () => {
    await fc.assert(
      fc.asyncProperty(streamCaseArb(), async ({ desc, bodies }) => {
        const stream = concat(...bodies.map(frame));
        for (let i = 0; i <= stream.length; i++) expectMessages(desc, await decode(desc, splitAt(stream, [i])), bodies);
        expectMessages(desc, await decode(desc, bytewise(stream)), bodies);
      }),
      fcParams(10),
    );
  });

  test("random multi-way splits, eager and lazy", async () => {
    await fc.assert(
      fc.asyncProperty(streamCaseArb(6), cutsArb(), fc.constantFrom(undefined, ...lazyModes), async ({ desc, bodies }, fractions, options) => {
        const stream = concat(...bodies.map(frame));
        const chunks = splitAt(stream, cutsOf(fractions, stream.length));
        expectMessages(desc, await decode(desc, chunks, options), bodies, options !== undefined);
      }),
      fcParams(100),
    );
  });

  test("frames written by sizeDelimitedEncode of eager messages and of views decode to the originals", async () => {
    await fc.assert(
      fc.asyncProperty(streamCaseArb(), cutsArb(), async ({ desc, bodies }, fractions) => {
        const framed = bodies.map((b, i) =>
          pb.sizeDelimitedEncode(desc, i % 2 === 0 ? pb.fromBinary(desc, b) : pb.fromBinary(desc, b, { lazy: true })),
        );
        const stream = concat(...framed);
        expect(hex(stream)).toBe(hex(concat(...bodies.map(frame))));
        expectMessages(desc, await decode(desc, splitAt(stream, cutsOf(fractions, stream.length))), bodies);
      }),
      fcParams(40),
    );
  });
});

describe("sizeDelimitedDecodeStream: options are passed to fromBinary", () => {
  const desc = schema("pbjet.test.proto3.MessageFields");
  const unknown = concat([0xf8, 0x07, 0x05]); // field 127, varint 5: unknown to MessageFields
  const bodies = [
    concat(pb.toBinary(desc, pb.create(desc, { nestedField: { a: 1, b: "x" } } as never)), unknown),
    new Uint8Array(0),
    pb.toBinary(desc, pb.create(desc, { nestedField: { a: 2, child: { a: 3 } } } as never)),
  ];
  const stream = concat(...bodies.map(frame));

  test("lazy: every message is a view, equal to the original", async () => {
    for (const mode of lazyModes) {
      const decoded = await decode(desc, bytewise(stream), mode);
      expectMessages(desc, decoded, bodies, true);
    }
    const eager = await decode(desc, [stream]);
    expect(eager.some((m) => pb.isLazyMessage(m))).toBe(false);
  });

  test("lazy with validate: false defers errors in the body to the read of the field", async () => {
    // nested_field (1) holding a truncated varint: invalid, but only inside the sub-message.
    const bad = Uint8Array.of(0x0a, 0x02, 0x08, 0x80);
    const s = concat(frame(bad), frame(bodies[0]));
    const validated = await failure(pb.sizeDelimitedDecodeStream(desc, source([s]), { lazy: true }));
    expect(validated.error).toBeInstanceOf(pb.BinaryDecodeError);
    expect(validated.values.length).toBe(0);
    const views = await decode(desc, [s], { lazy: true, validate: false });
    expect(views.length).toBe(2);
    expect(() => (views[0] as unknown as { nestedField: { a: number } }).nestedField.a).toThrow(pb.BinaryDecodeError);
    expectMessages(desc, views.slice(1), [bodies[0]], true);
  });

  test("readUnknownFields: false drops unknown fields, in eager messages and views", async () => {
    for (const mode of [{}, ...lazyModes]) {
      const kept = await decode(desc, [stream], mode);
      expect(kept[0].$unknown?.length).toBe(1);
      const dropped = await decode(desc, [stream], { ...mode, readUnknownFields: false });
      expect(dropped.length).toBe(3);
      expect(dropped[0].$unknown ?? []).toEqual([]);
      expect(hex(pb.toBinary(desc, dropped[0]))).toBe(hex(pb.toBinary(desc, pb.fromBinary(desc, bodies[0], { readUnknownFields: false }))));
      expect(hex(pb.toBinary(desc, dropped[0]))).not.toBe(hex(bodies[0]));
    }
  });

  test("recursionLimit limits the nesting of every message", async () => {
    // nested_field.child: depth 3, the top-level message counting as 1.
    expect((await decode(desc, [stream], { recursionLimit: 3 })).length).toBe(3);
    const { values, error } = await failure(pb.sizeDelimitedDecodeStream(desc, source([stream]), { recursionLimit: 2 }));
    expect(error).toBeInstanceOf(pb.BinaryDecodeError);
    expect(values.length).toBe(2);
  });

  test("an error of the source ends the stream after the messages before it", async () => {
    const boom = new Error("source failed");
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield stream.slice(0, frame(bodies[0]).length + 1);
      throw boom;
    }
    const { values, error } = await failure(pb.sizeDelimitedDecodeStream(desc, failing()));
    expect(error).toBe(boom);
    expectMessages(desc, values, bodies.slice(0, 2));
  });

  test("breaking out of the loop returns the source", async () => {
    let finished = false;
    let pulled = 0;
    async function* tracked(): AsyncGenerator<Uint8Array> {
      try {
        for (const c of bytewise(stream)) {
          pulled++;
          yield c;
        }
      } finally {
        finished = true;
      }
    }
    let seen = 0;
    for await (const m of pb.sizeDelimitedDecodeStream(desc, tracked())) {
      expectMessages(desc, [m], [bodies[0]]);
      seen++;
      break;
    }
    expect(seen).toBe(1);
    expect(finished).toBe(true);
    expect(pulled).toBe(frame(bodies[0]).length);
  });
});
