/**
 * Size-delimited streams that must fail, and `sizeDelimitedPeek()`: the size limit
 * (`readMaxBytes`, alias `maxMessageSize`, default 64 MiB) exactly at its boundary and
 * checked before the message is buffered; streams ending inside a size prefix or a message;
 * invalid size prefixes (a varint that 10 bytes do not end); peek on empty and partial
 * prefixes. Every error is a BinaryDecodeError (a ProtobufError) whose message starts with
 * protobuf-es's text and says where and what is wrong.
 */
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import { schema } from "../helpers";
import { concat, hex, paddedVarint, varint } from "../lazy/util";
import { bytewise, collect, cutsArb, cutsOf, failure, fcParams, frame, source, splitAt, streamCaseArb } from "./size-delimited-util";

// Property tests: generous on a machine shared with other jobs.
jest.setTimeout(60_000);

const desc = schema("pbjet.test.proto3.ScalarValues");

/**
 * A valid message body of exactly `size` bytes (not 1): int32_field (tag 0x18) = 1 and/or
 * bytes_field (tag 0x7a) of a suitable length; size 0: the empty message.
 */
function bodyOfSize(size: number): Uint8Array {
  if (size === 0) return new Uint8Array(0);
  if (size === 2) return Uint8Array.of(0x18, 0x01);
  for (let n = 1; 1 + varint(n).length + n <= size; n++) {
    if (1 + varint(n).length + n === size) return pb.toBinary(desc, pb.create(desc, { bytesField: new Uint8Array(n).fill(0x55) } as never));
  }
  return concat([0x18, 0x01], bodyOfSize(size - 2));
}

function expectDecodeError(error: unknown, text: RegExp | string): void {
  expect(error).toBeInstanceOf(pb.BinaryDecodeError);
  expect(error).toBeInstanceOf(pb.ProtobufError);
  expect((error as Error).message).toMatch(text);
}

describe("size limit", () => {
  const sizes = [0, 2, 3, 5, 127, 128, 129, 130, 300, 16384];

  test("bodies of the sizes under test", () => {
    for (const s of sizes) {
      const body = bodyOfSize(s);
      expect(body.length).toBe(s);
      expect(hex(pb.toBinary(desc, pb.fromBinary(desc, body)))).toBe(hex(body));
    }
  });

  test.each(sizes)("a message of %i bytes: accepted at the limit, refused one below", async (size) => {
    const body = bodyOfSize(size);
    // An empty message first: it fits every limit.
    const stream = concat([0], frame(body));
    for (const key of ["readMaxBytes", "maxMessageSize"] as const) {
      for (const chunks of [[stream], bytewise(stream)]) {
        const ok = await collect(pb.sizeDelimitedDecodeStream(desc, source(chunks), { [key]: size }));
        expect(ok.map((m) => hex(pb.toBinary(desc, m)))).toEqual(["", hex(body)]);
        if (size === 0) continue;
        // One below the size: the message before it is yielded, then the error.
        const { values, error } = await failure(pb.sizeDelimitedDecodeStream(desc, source(chunks), { [key]: size - 1 }));
        expectDecodeError(error, `message size ${size} is larger than configured readMaxBytes ${size - 1}`);
        expect(values.length).toBe(1);
      }
    }
  });

  test("readMaxBytes takes precedence over maxMessageSize", async () => {
    const stream = frame(bodyOfSize(10));
    expect((await collect(pb.sizeDelimitedDecodeStream(desc, source([stream]), { readMaxBytes: 10, maxMessageSize: 9 }))).length).toBe(1);
    const { error } = await failure(pb.sizeDelimitedDecodeStream(desc, source([stream]), { readMaxBytes: 9, maxMessageSize: 10 }));
    expectDecodeError(error, "message size 10 is larger than configured readMaxBytes 9");
  });

  test("a limit of 0 accepts only empty messages", async () => {
    expect((await collect(pb.sizeDelimitedDecodeStream(desc, source([Uint8Array.of(0, 0)]), { readMaxBytes: 0 }))).length).toBe(2);
    const { values, error } = await failure(pb.sizeDelimitedDecodeStream(desc, source([Uint8Array.of(0, 1, 0)]), { readMaxBytes: 0 }));
    expectDecodeError(error, "message size 1 is larger than configured readMaxBytes 0");
    expect(values.length).toBe(1);
  });

  test("the default limit is 64 MiB", async () => {
    const max = 64 * 1024 * 1024;
    // At the limit: the size is accepted, and the stream then ends inside the message.
    const atLimit = await failure(pb.sizeDelimitedDecodeStream(desc, source([Uint8Array.from(varint(max))])));
    expectDecodeError(atLimit.error, /^incomplete data/);
    const over = await failure(pb.sizeDelimitedDecodeStream(desc, source([Uint8Array.from(varint(max + 1))])));
    expectDecodeError(over.error, `message size ${max + 1} is larger than configured readMaxBytes ${max}`);
    // The largest size a prefix holds.
    const huge = await failure(pb.sizeDelimitedDecodeStream(desc, source([Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0x0f)])));
    expectDecodeError(huge.error, `message size 4294967295 is larger than configured readMaxBytes ${max}`);
  });

  test("the size is refused as soon as the prefix is read, before the message is buffered", async () => {
    for (const chunks of [[Uint8Array.from(varint(1000))], bytewise(Uint8Array.from(varint(1000)))]) {
      let pulledBody = false;
      async function* src(): AsyncGenerator<Uint8Array> {
        yield* chunks;
        pulledBody = true;
        yield new Uint8Array(1000);
      }
      const { error } = await failure(pb.sizeDelimitedDecodeStream(desc, src(), { readMaxBytes: 999 }));
      expectDecodeError(error, "message size 1000 is larger than configured readMaxBytes 999");
      expect(pulledBody).toBe(false);
    }
  });

  test("the error names the offset of the prefix in the stream", async () => {
    const first = frame(bodyOfSize(5));
    const { error } = await failure(
      pb.sizeDelimitedDecodeStream(desc, source(bytewise(concat(first, frame(bodyOfSize(200))))), { readMaxBytes: 100 }),
    );
    expectDecodeError(error, "message size 200 is larger than configured readMaxBytes 100");
    expect((error as pb.BinaryDecodeError).offset).toBe(first.length);
  });
});

describe("truncated streams", () => {
  const first = frame(bodyOfSize(5));

  test("ending inside a size prefix", async () => {
    for (const tail of [[0x80], [0xac], [0x80, 0x80], [0xff, 0xff, 0xff, 0xff], [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80]]) {
      const stream = concat(first, tail);
      for (const chunks of [[stream], bytewise(stream)]) {
        const { values, error } = await failure(pb.sizeDelimitedDecodeStream(desc, source(chunks)));
        expectDecodeError(error, `incomplete data: the stream ended inside the size prefix at offset ${first.length}`);
        expect((error as pb.BinaryDecodeError).offset).toBe(first.length);
        expect(values.map((m) => hex(pb.toBinary(desc, m)))).toEqual([hex(bodyOfSize(5))]);
      }
    }
  });

  test("ending inside a message, or right after its prefix", async () => {
    const body = bodyOfSize(200);
    for (const received of [0, 1, 100, 199]) {
      const stream = concat(first, frame(body).subarray(0, 2 + received));
      for (const chunks of [[stream], bytewise(stream)]) {
        const { values, error } = await failure(pb.sizeDelimitedDecodeStream(desc, source(chunks)));
        expectDecodeError(error, `incomplete data: the stream ended inside the message at offset ${first.length} (${received} of 200 bytes)`);
        expect(values.length).toBe(1);
      }
    }
  });

  test("cuts of random streams: the whole messages before the cut, then an error unless the cut is between messages", async () => {
    await fc.assert(
      fc.asyncProperty(streamCaseArb(3), cutsArb(10), async ({ desc: d, bodies }, fractions) => {
        const frames = bodies.map(frame);
        const stream = concat(...frames);
        const ends = [0]; // frame boundaries
        for (const f of frames) ends.push(ends[ends.length - 1] + f.length);
        // Cuts at, just before and just after every frame boundary (inside prefixes), and random ones.
        const cuts = new Set([...ends.flatMap((e) => [e - 1, e, e + 1, e + 2]), ...cutsOf(fractions, stream.length)]);
        for (const cut of [...cuts].filter((c) => c >= 0 && c <= stream.length)) {
          const chunks = splitAt(stream.subarray(0, cut), [cut >> 1]);
          const whole = ends.filter((end) => end <= cut).length - 1;
          const between = ends.includes(cut);
          const outcome = between
            ? { values: await collect(pb.sizeDelimitedDecodeStream(d, source(chunks))), error: undefined }
            : await failure(pb.sizeDelimitedDecodeStream(d, source(chunks)));
          if (!between) {
            expectDecodeError(
              outcome.error,
              `incomplete data: the stream ended inside the ${cut - ends[whole] <= varint(bodies[whole].length).length - 1 ? "size prefix" : "message"} at offset ${ends[whole]}`,
            );
          }
          expect(outcome.values.map((m) => hex(pb.toBinary(d, m)))).toEqual(bodies.slice(0, whole).map(hex));
        }
      }),
      fcParams(20),
    );
  });
});

describe("invalid size prefixes", () => {
  const tenContinuations = new Uint8Array(10).fill(0x80);

  test("sizeDelimitedPeek: 10 bytes with continuation bits are an invalid varint", () => {
    for (const bytes of [
      tenContinuations,
      new Uint8Array(10).fill(0xff),
      concat(tenContinuations, [0x01]),
      concat(new Uint8Array(12).fill(0x81), [0]),
    ]) {
      let error: unknown;
      try {
        pb.sizeDelimitedPeek(bytes);
      } catch (e) {
        error = e;
      }
      expectDecodeError(error, "invalid varint: the size prefix at offset 0 is longer than 10 bytes");
    }
  });

  test("the stream: an invalid varint after a message, in any chunking", async () => {
    const first = frame(bodyOfSize(5));
    const stream = concat(first, tenContinuations, [0x01, 0x00]);
    for (const chunks of [[stream], bytewise(stream), splitAt(stream, [first.length + 3])]) {
      const { values, error } = await failure(pb.sizeDelimitedDecodeStream(desc, source(chunks)));
      expectDecodeError(error, `invalid varint: the size prefix at offset ${first.length} is longer than 10 bytes`);
      expect((error as pb.BinaryDecodeError).offset).toBe(first.length);
      expect(values.length).toBe(1);
    }
  });

  test("padded prefixes of up to 10 bytes are valid (as in protobuf-es, C++ and Java)", async () => {
    const body = bodyOfSize(5);
    for (let length = 1; length <= 10; length++) {
      const prefix = Uint8Array.from(paddedVarint(5, length));
      expect(prefix.length).toBe(length);
      expect(pb.sizeDelimitedPeek(concat(prefix, body))).toEqual({ eof: false, size: 5, offset: length });
      const decoded = await collect(pb.sizeDelimitedDecodeStream(desc, source(bytewise(concat(prefix, body, prefix, body)))));
      expect(decoded.map((m) => hex(pb.toBinary(desc, m)))).toEqual([hex(body), hex(body)]);
    }
  });

  test("sizes are the low 32 bits of the varint (as in protobuf-es, C++ and Java)", () => {
    expect(pb.sizeDelimitedPeek(Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0x0f))).toEqual({ eof: false, size: 0xffffffff, offset: 5 });
    // 2^32 + 3 in 5 bytes, and 3 sign-extended to 10 bytes.
    expect(pb.sizeDelimitedPeek(Uint8Array.of(0x83, 0x80, 0x80, 0x80, 0x10))).toEqual({ eof: false, size: 3, offset: 5 });
    expect(pb.sizeDelimitedPeek(Uint8Array.of(0x83, 0x80, 0x80, 0x80, 0xf0, 0xff, 0xff, 0xff, 0xff, 0x01))).toEqual({
      eof: false,
      size: 3,
      offset: 10,
    });
  });
});

describe("sizeDelimitedPeek", () => {
  const eof = { eof: true, size: null, offset: null };

  test("empty input is eof", () => {
    expect(pb.sizeDelimitedPeek(new Uint8Array(0))).toEqual(eof);
    expect(pb.sizeDelimitedPeek(Uint8Array.of(1, 2, 3).subarray(3))).toEqual(eof);
  });

  test("every proper prefix of a size prefix is eof; the whole one gives size and offset", () => {
    for (const size of [0, 1, 127, 128, 300, 16383, 16384, 2 ** 21, 2 ** 28 - 1, 2 ** 28, 2 ** 31, 2 ** 32 - 1]) {
      const prefix = Uint8Array.from(varint(size));
      for (let n = 0; n < prefix.length; n++) expect(pb.sizeDelimitedPeek(prefix.subarray(0, n))).toEqual(eof);
      expect(pb.sizeDelimitedPeek(prefix)).toEqual({ eof: false, size, offset: prefix.length });
      // Data after the prefix (the message, or part of it) does not matter.
      expect(pb.sizeDelimitedPeek(concat(prefix, [0x80, 0xff, 0x00]))).toEqual({ eof: false, size, offset: prefix.length });
    }
  });

  test("up to 9 bytes with continuation bits are eof", () => {
    for (let n = 1; n <= 9; n++) expect(pb.sizeDelimitedPeek(new Uint8Array(n).fill(0xff))).toEqual(eof);
  });

  test("a subarray is read from its own start", () => {
    const buf = Uint8Array.of(0x7f, 0xac, 0x02, 0x7f);
    expect(pb.sizeDelimitedPeek(buf.subarray(1))).toEqual({ eof: false, size: 300, offset: 2 });
    expect(pb.sizeDelimitedPeek(buf.subarray(1, 2))).toEqual(eof);
  });

  test("reads the frames written by sizeDelimitedEncode", () => {
    fc.assert(
      fc.property(fc.nat({ max: 70000 }), (n) => {
        const msg = pb.create(desc, { bytesField: new Uint8Array(n) } as never);
        const framed = pb.sizeDelimitedEncode(desc, msg);
        const size = pb.toBinary(desc, msg).length;
        expect(pb.sizeDelimitedPeek(framed)).toEqual({ eof: false, size, offset: framed.length - size });
      }),
      fcParams(50),
    );
  });
});
