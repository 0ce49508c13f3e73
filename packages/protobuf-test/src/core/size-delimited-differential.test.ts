/**
 * Size-delimited messages against @bufbuild/protobuf 2.17 (the oracle), each library with its
 * own schemas: the same frames from `sizeDelimitedEncode()` (of eager messages and of lazy
 * views) for every message type of the test and conformance sets; the same messages, and the
 * same errors, from `sizeDelimitedDecodeStream()` on valid, truncated and malformed streams in
 * random chunks; the same results from `sizeDelimitedPeek()`.
 *
 * pbjet's errors are BinaryDecodeErrors whose messages start with the oracle's text.
 *
 * Reproduce a failure with PBJET_SD_SEED=<seed>; soak with PBJET_SD_RUNS=<runs>.
 */
import * as fc from "fast-check";
// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import * as oracle from "@bufbuild/protobuf";
import * as oracleWire from "@bufbuild/protobuf/wire";
import { isInitializable, messageInit, messageTypes } from "../differential/arbitrary";
import { oracleCreate, oracleMessage, oracleSafe, pairedMessageProperty } from "../differential/util";
import { registry } from "../helpers";
import { concat, hex, paddedVarint, sets, varint } from "../lazy/util";
import { cutsArb, cutsOf, drain, fcParams, frame, source, splitAt } from "./size-delimited-util";

// Property tests: generous on a machine shared with other jobs.
jest.setTimeout(60_000);

describe.each(sets)("sizeDelimitedEncode vs the oracle: %s descriptor set", (set) => {
  const types = messageTypes(registry(set));

  test.each(types.map((t) => [t.typeName, t] as const))("%s", (_name, desc) => {
    fc.assert(
      pairedMessageProperty(
        set,
        desc,
        ({ ours, theirs, odesc }) => {
          for (const options of [undefined, { writeUnknownFields: true }, { writeUnknownFields: false }]) {
            const expected = hex(oracleWire.sizeDelimitedEncode(odesc, theirs, options as oracle.BinaryWriteOptions));
            expect(hex(pb.sizeDelimitedEncode(desc, ours, options))).toBe(expected);
            // Views of our bytes, and our decode of the oracle's frame.
            const body = pb.toBinary(desc, ours);
            for (const mode of [{ lazy: true }, { lazy: true, validate: false }]) {
              expect(hex(pb.sizeDelimitedEncode(desc, pb.fromBinary(desc, body, mode), options))).toBe(expected);
            }
          }
        },
        ({ ours, theirs, odesc }) => {
          expect(() => pb.sizeDelimitedEncode(desc, ours)).toThrow(pb.BinaryEncodeError);
          expect(() => oracleWire.sizeDelimitedEncode(odesc, theirs)).toThrow();
        },
      ),
      fcParams(),
    );
  });
});

/** Random streams of messages of a random type, as bytes, with the oracle's descriptor. */
const streamArb = fc
  .constantFrom(
    ...sets.flatMap((set) =>
      messageTypes(registry(set))
        .filter((t) => isInitializable(t))
        .map((desc) => ({ set, desc })),
    ),
  )
  .chain(({ set, desc }) =>
    fc.record({
      desc: fc.constant(desc),
      odesc: fc.constant(oracleMessage(set, desc)),
      inits: fc.array(messageInit(desc, { ...oracleSafe, depth: 1, maxElements: 2, maxLength: 6 }), { maxLength: 4 }),
    }),
  );

/** What a stream of each library yielded (re-encoded) and how it ended. */
interface Result {
  messages: string[];
  error: string | undefined;
  /**
   * Ours only: whether each message kept a record of a declared field as an unknown field
   * (its wire type does not fit the field).
   */
  misfits?: boolean[];
}

async function ours(desc: pb.DescMessage, chunks: Uint8Array[], options?: Partial<pb.SizeDelimitedDecodeOptions>): Promise<Result> {
  const { values, error } = await drain(pb.sizeDelimitedDecodeStream(desc, source(chunks), options));
  if (error !== undefined && !(error instanceof pb.BinaryDecodeError)) throw error;
  const declared = new Set(desc.fields.map((f) => f.number));
  return {
    messages: values.map((m) => hex(pb.toBinary(desc, m))),
    error: error?.message,
    misfits: options?.lazy ? undefined : values.map((m) => (m.$unknown ?? []).some((u) => declared.has(u.no))),
  };
}

async function theirs(odesc: oracle.DescMessage, chunks: Uint8Array[], options?: Partial<oracleWire.SizeDelimitedDecodeOptions>): Promise<Result> {
  const { values, error } = await drain(oracleWire.sizeDelimitedDecodeStream(odesc, source(chunks), options));
  return { messages: values.map((m) => hex(oracle.toBinary(odesc, m))), error: error === undefined ? undefined : (error as Error).message };
}

/**
 * Same messages; both end normally, or ours with an error that starts with the oracle's.
 * protobuf-es says "invalid varint" for a bad size prefix and for a bad varint inside a
 * message's bytes alike; pbjet names the message and field in the latter: both mention varint.
 */
function expectSame(a: Result, b: Result): void {
  expect(a.messages).toEqual(b.messages);
  if (b.error === undefined) {
    expect(a.error).toBeUndefined();
  } else if (b.error.startsWith("invalid varint")) {
    expect(a.error).toMatch(/varint/);
  } else {
    expect(a.error?.startsWith(b.error)).toBe(true);
  }
}

describe("sizeDelimitedDecodeStream vs the oracle", () => {
  test("random streams in random chunks: the same messages, eager and lazy, with and without unknown fields", async () => {
    await fc.assert(
      fc.asyncProperty(
        streamArb,
        cutsArb(),
        fc.constantFrom<Partial<pb.SizeDelimitedDecodeOptions>>({}, { lazy: true }, { lazy: true, validate: false }),
        fc.boolean(),
        async ({ desc, odesc, inits }, fractions, mode, readUnknownFields) => {
          const msgs = inits.map((init) => oracleCreate(desc, odesc, init));
          const stream = concat(...msgs.map((m) => oracleWire.sizeDelimitedEncode(odesc, m)));
          expect(hex(stream)).toBe(hex(concat(...inits.map((init) => pb.sizeDelimitedEncode(desc, pb.create(desc, init))))));
          const chunks = splitAt(stream, cutsOf(fractions, stream.length));
          const a = await ours(desc, chunks, { ...mode, readUnknownFields });
          const b = await theirs(odesc, chunks, { readUnknownFields });
          expect(a.messages.length).toBe(inits.length);
          expectSame(a, b);
        },
      ),
      fcParams(60),
    );
  });

  /**
   * Framing fuzz: frames of valid messages, raw size prefixes (huge, padded, more than 10
   * bytes), cut at a random point, with a random size limit.
   */
  const desc = registry("test").getMessage("pbjet.test.proto3.ScalarValues")!;
  const odesc = oracleMessage("test", desc);
  const piece = fc.oneof(
    { arbitrary: messageInit(desc, oracleSafe).map((init) => frame(pb.toBinary(desc, pb.create(desc, init)))), weight: 4 },
    { arbitrary: fc.constant(Uint8Array.of(0)), weight: 1 },
    {
      arbitrary: fc.tuple(fc.nat({ max: 2 ** 32 - 1 }), fc.integer({ min: 1, max: 10 })).map(([v, n]) => Uint8Array.from(paddedVarint(v, n))),
      weight: 1,
    },
    { arbitrary: fc.integer({ min: 1, max: 12 }).map((n) => new Uint8Array(n).fill(0x80)), weight: 1 },
    { arbitrary: fc.uint8Array({ minLength: 1, maxLength: 6 }), weight: 1 },
  );
  const limit = fc.option(fc.oneof(fc.nat({ max: 200 }), fc.constant(64 * 1024 * 1024)), { nil: undefined });

  test("malformed, truncated and oversized streams: the same messages, then the same error", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 6 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        cutsArb(),
        limit,
        async (pieces, end, fractions, readMaxBytes) => {
          const whole = concat(...pieces);
          const stream = whole.subarray(0, Math.floor(end * (whole.length + 1)) % (whole.length + 1));
          const chunks = splitAt(stream, cutsOf(fractions, stream.length));
          const options = readMaxBytes === undefined ? {} : { readMaxBytes };
          const b = await theirs(odesc, chunks, options);
          const a = await ours(desc, chunks, options);
          // A record whose wire type does not fit its field: pbjet keeps it as an unknown field
          // (as the specification says), protobuf-es reads it as the field's type and reads on
          // from where that leaves it (to another message, or an error). The messages before the
          // first such one agree.
          const misfit = a.misfits!.indexOf(true);
          if (misfit >= 0) {
            expect(a.messages.slice(0, misfit)).toEqual(b.messages.slice(0, misfit));
            return;
          }
          // Bodies that are not valid messages fail in protobuf-es. pbjet reads on where a record's
          // wire type does not fit its field (an unknown field, as the specification says), and
          // fails with a text of its own otherwise.
          if (b.error !== undefined && !/^(incomplete data|invalid varint|message size)/.test(b.error)) {
            // pbjet may also stop earlier, on a body that is malformed by the specification and
            // that protobuf-es reads leniently (field number 0 inside a group): then the
            // messages both yielded agree.
            const n = a.error !== undefined && /^cannot decode /.test(a.error) ? Math.min(a.messages.length, b.messages.length) : b.messages.length;
            expect(a.messages.slice(0, n)).toEqual(b.messages.slice(0, n));
            return;
          }
          // A body that is malformed by the specification (a truncated varint at its end, field
          // number 0), which pbjet rejects naming the message and protobuf-es reads leniently
          // (and may fail later): the same messages before it.
          if (a.error !== undefined && /^cannot decode /.test(a.error)) {
            expect(b.messages.slice(0, a.messages.length)).toEqual(a.messages);
            return;
          }
          expectSame(a, b);
          // The alias gives the same results.
          if (readMaxBytes !== undefined) expectSame(await ours(desc, chunks, { maxMessageSize: readMaxBytes }), b);
        },
      ),
      fcParams(300),
    );
  });

  test.each([
    ["a prefix over the default limit", Uint8Array.from(varint(64 * 1024 * 1024 + 1))],
    ["a prefix at the default limit, without the message", Uint8Array.from(varint(64 * 1024 * 1024))],
    ["the largest size", Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0x0f)],
    ["a truncated prefix", Uint8Array.of(0x00, 0x80)],
    ["a truncated message", Uint8Array.of(0x00, 0x05, 0x18)],
    ["10 continuation bytes", new Uint8Array(10).fill(0x80)],
    ["an empty message", Uint8Array.of(0x00)],
  ])("%s", async (_name, stream) => {
    for (const chunks of [[stream], Array.from(stream, (b) => Uint8Array.of(b))]) {
      const b = await theirs(odesc, chunks);
      expectSame(await ours(desc, chunks), b);
    }
  });
});

describe("sizeDelimitedPeek vs the oracle", () => {
  function peekBoth(data: Uint8Array): void {
    let a: unknown;
    let b: unknown;
    try {
      b = oracleWire.sizeDelimitedPeek(data);
    } catch (e) {
      b = e;
    }
    try {
      a = pb.sizeDelimitedPeek(data);
    } catch (e) {
      a = e;
    }
    if (b instanceof Error) {
      expect(a).toBeInstanceOf(pb.BinaryDecodeError);
      expect((a as Error).message.startsWith(b.message)).toBe(true);
    } else {
      expect(a).toEqual(b);
    }
  }

  test("random bytes, mostly with continuation bits", () => {
    const byte = fc.oneof(
      { arbitrary: fc.integer({ min: 0x80, max: 0xff }), weight: 4 },
      { arbitrary: fc.integer({ min: 0, max: 0x7f }), weight: 1 },
    );
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 14 }), fc.nat({ max: 3 }), (bytes, skip) => {
        // Also a subarray that does not start at offset 0 of its buffer.
        const data = Uint8Array.from(bytes);
        peekBoth(data);
        peekBoth(data.subarray(Math.min(skip, data.length)));
      }),
      fcParams(500),
    );
  });

  test("every prefix of padded and canonical varints of sizes up to 2^32 and above", () => {
    for (const v of [0, 1, 127, 128, 300, 16384, 2 ** 28, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 35 - 1]) {
      for (let n = 1; n <= 10; n++) {
        const full = Uint8Array.from(paddedVarint(v, n));
        for (let k = 0; k <= full.length + 1; k++) peekBoth(concat(full, [0x01]).subarray(0, k));
      }
    }
    for (let n = 0; n <= 12; n++) peekBoth(new Uint8Array(n).fill(0x80));
  });
});

describe("sizeDelimitedDecodeStream on a group that holds field number 0", () => {
  test("pbjet stops at that frame, naming the field; protobuf-es reads it leniently and fails later", async () => {
    // Found by the malformed-stream property: a size prefix whose value does not fit 32 bits
    // (read as 0: an empty message), then a frame of ScalarValues whose unknown field 6 starts a
    // group that holds the tag 0x00.
    const desc = registry("test").getMessage("pbjet.test.proto3.ScalarValues")!;
    const odesc = oracleMessage("test", desc);
    const stream = Uint8Array.from([
      128, 128, 128, 128, 128, 71, 21, 24, 80, 51, 0, 32, 255, 255, 255, 255, 255, 255, 255, 255, 255, 1, 40, 128, 128, 128, 128, 1, 48, 128, 128,
      128, 128, 128, 128, 128, 1,
    ]);
    const a = await ours(desc, [stream]);
    const b = await theirs(odesc, [stream]);
    expect(a.messages).toEqual([""]);
    expect(a.error).toMatch(/^illegal tag: field no 0 wire type 0 at offset \d+ in field pbjet\.test\.proto3\.ScalarValues\.6$/);
    expect(b.messages.slice(0, 1)).toEqual([""]);
    expect(b.messages.length).toBe(2);
  });
});
