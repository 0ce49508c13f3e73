/**
 * History cannot change a lazy decode (issue 46): after hundreds of messages of a type were
 * decoded lazily and read whole (as a collector reads them), a lazy decode of a fresh input
 * still returns a view, writes untouched input back byte for byte (non-canonical input too,
 * validated and trusted), and reads, writes and throws exactly what it did before that history
 * (recorded at the start of the suite, when nothing of these types had been decoded).
 *
 * Reproduce a failure with PBJET_LAZY_SEED=<seed>.
 */
import * as fc from "fast-check";
// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import { schema } from "../helpers";
import { corruptBytes, padVarints } from "./corrupt";
import { concat, contentOf, describeError, encodingArb, errorOf, hex, Rng, tag, VARINT, type SetName } from "./util";

/** How many messages of each type the history decodes and reads whole. */
const HISTORY = 300;
/** Fresh inputs per kind (valid, non-canonical, corrupt) and type. */
const FRESH = 24;

const seed = process.env.PBJET_LAZY_SEED !== undefined ? Number(process.env.PBJET_LAZY_SEED) : (Date.now() ^ 0x4a5) | 0;
const set: SetName = "conformance";
const typeNames = ["protobuf_test_messages.proto3.TestAllTypesProto3", "protobuf_test_messages.proto2.TestAllTypesProto2"];

/** What one lazy decode of an input returns, writes and throws, as comparable strings. */
interface Observation {
  /** "ok", or the error fromBinary threw. */
  decode: string;
  /** The result is a view. */
  lazy?: boolean;
  /** toBinary of the untouched result (hex), or the error it threw. */
  pass?: string;
  /** Every field read (the content), or the first error a read threw. */
  read?: unknown;
  /** toBinary after every field was read (hex), or the error it threw. */
  readPass?: string;
  /** toBinary after a write to a scalar field of the root (hex), or the error it threw. */
  written?: string;
}

function outcome(fn: () => unknown): unknown {
  try {
    return fn();
  } catch (e) {
    return `threw ${describeError(e)}`;
  }
}

/** Decodes a copy of `bytes` lazily (the views of one buffer share state: each decode gets its own). */
function decode(desc: pb.DescMessage, bytes: Uint8Array, validate: boolean): pb.Message {
  return pb.fromBinary(desc, bytes.slice(), { lazy: true, validate });
}

function observe(desc: pb.DescMessage, bytes: Uint8Array, validate: boolean): Observation {
  let view: pb.Message | undefined;
  const decodeError = outcome(() => {
    view = decode(desc, bytes, validate);
  });
  if (view === undefined) return { decode: String(decodeError) };
  const o: Observation = { decode: "ok", lazy: pb.isLazyMessage(view) };
  o.pass = outcome(() => hex(pb.toBinary(desc, view!))) as string;
  const read = decode(desc, bytes, validate);
  // "view": every sub-message must be a view too.
  o.read = outcome(() => contentOf(desc, read, "view", { set }));
  o.readPass = outcome(() => hex(pb.toBinary(desc, read))) as string;
  const written = decode(desc, bytes, validate) as unknown as Record<string, unknown>;
  o.written = outcome(() => {
    written.optionalInt32 = 77;
    return hex(pb.toBinary(desc, written as unknown as pb.Message));
  }) as string;
  return o;
}

/** Reads a message whole, and writes it, as a collector that looks at everything would. */
function readBroadly(desc: pb.DescMessage, bytes: Uint8Array, validate: boolean): void {
  const m = decode(desc, bytes, validate);
  contentOf(desc, m, "any", { set });
  pb.toBinary(desc, m);
}

/** Repeated scalars written unpacked, one record each (non-canonical for packed fields). */
function unpackedScalars(desc: pb.DescMessage, rng: Rng): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const f of desc.fields) {
    if (f.fieldKind !== "list" || f.listKind !== "scalar" || f.scalar !== pb.ScalarType.INT32) continue;
    for (let i = 0; i < 3; i++) parts.push(concat(tag(f.number, VARINT), [rng.int(128)]));
  }
  return concat(...parts);
}

/** Fresh inputs of a type: valid (non-canonical ones among them), and corrupt. */
function freshInputs(desc: pb.DescMessage, s: number): { valid: Uint8Array[]; corrupt: Uint8Array[] } {
  const rng = new Rng(s);
  const encodings = fc.sample(encodingArb(set, desc), { numRuns: FRESH, seed: s });
  const valid: Uint8Array[] = [];
  for (const e of encodings) {
    valid.push(e);
    // Varints with redundant bytes; unknown fields; repeated scalars unpacked; fields out of order.
    // (Schema-less: a padded string that parsed as fields may be invalid: only valid ones count.)
    const padded = padVarints(e, rng);
    if (errorOf(() => pb.fromBinary(desc, padded)) === undefined) valid.push(padded);
    valid.push(concat(e, tag(8191, VARINT), [0x2a], unpackedScalars(desc, rng)));
  }
  const corrupt = encodings.map((e) => corruptBytes(padVarints(e, rng), rng));
  return { valid, corrupt };
}

describe.each(typeNames)("a lazy decode does not depend on history: %s", (typeName) => {
  const desc = schema(typeName, set);
  const { valid, corrupt } = freshInputs(desc, seed);
  // Recorded before any message of the type was decoded (a fresh process, as far as it goes).
  const before = {
    valid: valid.map((b) => [observe(desc, b, true), observe(desc, b, false)]),
    corrupt: corrupt.map((b) => [observe(desc, b, true), observe(desc, b, false)]),
  };

  test("the inputs are valid (validated decode succeeds) and include corrupt ones that throw", () => {
    for (const [v] of before.valid) expect(v.decode).toBe("ok");
    expect(before.corrupt.some(([v]) => v.decode !== "ok")).toBe(true);
  });

  test(`after ${HISTORY} messages were read whole, every decode is a view, written back as it came, with the same errors`, () => {
    const history = fc.sample(encodingArb(set, desc), { numRuns: HISTORY, seed: seed ^ 0x1234 });
    history.forEach((b, i) => readBroadly(desc, b, i % 2 === 0));
    const after = {
      valid: valid.map((b) => [observe(desc, b, true), observe(desc, b, false)]),
      corrupt: corrupt.map((b) => [observe(desc, b, true), observe(desc, b, false)]),
    };
    valid.forEach((bytes, i) => {
      for (const o of after.valid[i]) {
        expect(o.lazy).toBe(true);
        // Untouched, and read whole: the input bytes, byte for byte.
        expect(o.pass).toBe(hex(bytes));
        expect(o.readPass).toBe(hex(bytes));
      }
    });
    corrupt.forEach((bytes, i) => {
      const trusted = after.corrupt[i][1];
      // Trusted: nothing is checked before it is read; passed through untouched as it came.
      expect(trusted.decode).toBe("ok");
      expect(trusted.lazy).toBe(true);
      expect(trusted.pass).toBe(hex(bytes));
    });
    expect(after).toEqual(before);
  });
});
