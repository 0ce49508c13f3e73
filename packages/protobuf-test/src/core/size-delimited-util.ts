/**
 * Helpers of the size-delimited suites: chunked async sources, draining a stream into the
 * messages it yielded and the error it ended with, and random stream contents.
 */
import * as fc from "fast-check";
import type * as pb from "@pbjet/protobuf";
import { canonicalArb, concat, encodableTypes, sets, varint, type SetName } from "../lazy/util";
import { hasRequired, type InitOptions } from "../differential/arbitrary";
import { defaultRuns } from "../test-mode";

/** Runs per property of each message type; PBJET_SD_RUNS overrides it and scales the others. */
export const RUNS = Number(process.env.PBJET_SD_RUNS ?? defaultRuns(10));

/**
 * fast-check parameters for `base` runs at the default RUNS (scaled with PBJET_SD_RUNS); a
 * fixed seed with PBJET_SD_SEED reproduces a failure.
 */
export function fcParams(base = 10): fc.Parameters<unknown> {
  const numRuns = Math.max(1, Math.round((base * RUNS) / 10));
  const seed = process.env.PBJET_SD_SEED;
  return seed === undefined ? { numRuns } : { numRuns, seed: Number(seed) };
}

/** An async source yielding copies of the chunks, one per step. */
export async function* source(chunks: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const c of chunks) {
    await Promise.resolve();
    yield c.slice();
  }
}

/** `bytes` cut at the given positions (sorted, duplicates give empty chunks). */
export function splitAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const sorted = [...cuts].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let start = 0;
  for (const c of sorted) {
    out.push(bytes.subarray(start, c));
    start = c;
  }
  out.push(bytes.subarray(start));
  return out;
}

/** `bytes` in chunks of one byte. */
export function bytewise(bytes: Uint8Array): Uint8Array[] {
  return Array.from(bytes, (b) => Uint8Array.of(b));
}

/** What a stream yielded, and the error it ended with (undefined if it ended normally). */
export interface Outcome<T> {
  values: T[];
  error: unknown;
}

export async function drain<T>(it: AsyncIterable<T>): Promise<Outcome<T>> {
  const values: T[] = [];
  try {
    for await (const v of it) values.push(v);
  } catch (error) {
    return { values, error: error ?? new Error("thrown undefined") };
  }
  return { values, error: undefined };
}

/** Drains a stream that must end normally; rethrows its error otherwise. */
export async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const { values, error } = await drain(it);
  if (error !== undefined) throw error;
  return values;
}

/** Drains a stream that must fail; returns what it yielded and the error. */
export async function failure<T>(it: AsyncIterable<T>): Promise<{ values: T[]; error: Error }> {
  const { values, error } = await drain(it);
  if (error === undefined) throw new Error(`expected the stream to fail, it yielded ${values.length} messages and ended`);
  if (!(error instanceof Error)) throw new Error(`expected an Error, got ${String(error)}`);
  return { values, error };
}

/** A size-delimited frame: varint(size) + body. */
export function frame(body: Uint8Array): Uint8Array {
  return concat(varint(body.length), body);
}

/** One type with a few random message encodings (canonical, no NaN; empty ones too). */
export interface StreamCase {
  set: SetName;
  desc: pb.DescMessage;
  bodies: Uint8Array[];
}

/** Every encodable message type of the test and conformance sets. */
export function allTypes(): [SetName, pb.DescMessage][] {
  return sets.flatMap((set) => encodableTypes(set).map((d) => [set, d] as [SetName, pb.DescMessage]));
}

/**
 * Random streams: a random type, and 0 to `maxMessages` of its messages (some empty, where the
 * type has no required fields).
 */
export function streamCaseArb(maxMessages = 4, options?: InitOptions): fc.Arbitrary<StreamCase> {
  return fc
    .constantFrom(...allTypes())
    .chain(([set, desc]) =>
      fc
        .array(
          fc.oneof(
            { arbitrary: canonicalArb(set, desc, { nan: false, depth: 1, maxElements: 2, maxLength: 6, ...options }), weight: 3 },
            { arbitrary: fc.constant(new Uint8Array(0)), weight: hasRequired(desc) ? 0 : 1 },
          ),
          { maxLength: maxMessages },
        )
        .map((bodies) => ({ set, desc, bodies })),
    );
}

/** Random cut positions of a stream of `length` bytes, from fractions. */
export function cutsArb(maxCuts = 6): fc.Arbitrary<number[]> {
  return fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: maxCuts });
}

export function cutsOf(fractions: readonly number[], length: number): number[] {
  return fractions.map((f) => Math.floor(f * (length + 1)) % (length + 1));
}
