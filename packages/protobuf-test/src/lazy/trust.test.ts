/**
 * Trust mode safety (issue 7, "Done when" 1 and 4): views decoded with
 * `{ lazy: true, validate: false }` from random bytes and from corruptions of valid encodings,
 * then read in every way, throw nothing but BinaryDecodeError — never another error type, never
 * a hang (each type's inputs run in a worker under a watchdog, and each input is timed), never
 * a stack overflow (10,000 levels of nesting throw a BinaryDecodeError about depth, not a
 * RangeError).
 *
 * Reproduce a failure with PBJET_LAZY_SEED=<seed>; soak with PBJET_LAZY_RUNS=<runs>.
 */
import { join } from "node:path";
import { Worker } from "node:worker_threads";
// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import { nested, nestedUnknownGroups, recursivePaths } from "./corrupt";
import { trustProblems, type TrustRun } from "./trust-check";
import { errorOf, describeError, RUNS, sets, typesOf } from "./util";

/** No input may take longer than this (generous: the machine is shared). */
const CASE_LIMIT_MS = 2000;
/** A worker that reports nothing for this long is stuck. */
const WATCHDOG_MS = 20000;

/** Runs jobs in one worker, one at a time; rejects if a job does not finish in time. */
class TrustWorker {
  private readonly worker = new Worker(join(__dirname, "trust-worker.js"), {
    workerData: { protobufEntry: require.resolve("@pbjet/protobuf") },
  });
  run(job: { set: string; typeName: string; seed: number; runs: number }): Promise<TrustRun> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        void this.worker.terminate();
        reject(new Error(`trust mode hangs: ${job.typeName} did not finish in ${WATCHDOG_MS} ms (seed ${job.seed})`));
      }, WATCHDOG_MS);
      const done = (r: TrustRun) => {
        clearTimeout(timer);
        this.worker.off("error", fail);
        resolve(r);
      };
      const fail = (e: Error) => {
        clearTimeout(timer);
        this.worker.off("message", done);
        reject(e);
      };
      this.worker.once("message", done);
      this.worker.once("error", fail);
      this.worker.postMessage(job);
    });
  }
  close(): Promise<number> {
    return this.worker.terminate();
  }
}

describe.each(sets)("trust mode: %s descriptor set", (set) => {
  const types = typesOf(set);
  let worker: TrustWorker;
  const baseSeed = process.env.PBJET_LAZY_SEED !== undefined ? Number(process.env.PBJET_LAZY_SEED) : (Date.now() ^ 0x5eed) | 0;

  beforeAll(() => {
    worker = new TrustWorker();
  });
  afterAll(async () => {
    await worker.close();
  });

  test("random bytes and corruptions of every message type throw only BinaryDecodeError, in bounded time", async () => {
    let cases = 0;
    let rejected = 0;
    for (let i = 0; i < types.length; i++) {
      const seed = (baseSeed + i * 7919) | 0;
      const r = await worker.run({ set, typeName: types[i].typeName, seed, runs: RUNS * 3 });
      cases += r.cases;
      rejected += r.rejected;
      expect([r.typeName, `seed ${seed}`, r.failures]).toEqual([r.typeName, `seed ${seed}`, []]);
      if (r.maxMs > CASE_LIMIT_MS) {
        throw new Error(`${r.typeName}: an input took ${r.maxMs.toFixed(0)} ms (seed ${seed}): ${r.slowest}`);
      }
    }
    // Every run of every type tried its input (a quick run has fewer runs than a full one).
    expect(cases).toBe(types.length * RUNS * 3);
    // Most inputs are bad ones.
    expect(rejected).toBeGreaterThan(cases / 3);
  }, 300_000);

  const recursive = types.map((t) => [t.typeName, t, recursivePaths(t)] as const).filter(([, , p]) => p.length > 0);

  test.each(recursive.map(([n, t, p]) => [n, t, p] as const))("10,000 levels of nesting: %s", (_name, desc, paths) => {
    for (const path of paths.slice(0, 3)) {
      const bytes = nested(path, Math.ceil(10_000 / path.length));
      const label = path.map((f) => f.name).join(".");
      for (const options of [{}, { lazy: true }] as const) {
        const e = errorOf(() => pb.fromBinary(desc, bytes, options));
        expect([label, JSON.stringify(options), describeError(e)]).toEqual([
          label,
          JSON.stringify(options),
          expect.stringMatching(/^BinaryDecodeError: .*(depth|nesting)/),
        ]);
      }
      // Trusted: decoding succeeds or fails on the group nesting; reading down the path
      // throws a BinaryDecodeError about the depth.
      let view: unknown;
      const e = errorOf(() => (view = pb.fromBinary(desc, bytes, { lazy: true, validate: false })));
      if (e !== undefined) {
        expect(describeError(e)).toMatch(/^BinaryDecodeError: .*(depth|nesting)/);
        continue;
      }
      const down = errorOf(() => {
        let m = view as Record<string, unknown>;
        for (let level = 0; level < 20_000; level++) {
          const f = path[level % path.length];
          const v = f.oneof ? (m[f.oneof.localName] as { value?: unknown }).value : m[f.localName];
          m = (f.fieldKind === "map" ? Object.values(v as object)[0] : f.fieldKind === "list" ? (v as unknown[])[0] : v) as Record<string, unknown>;
          if (m === undefined) throw new Error(`nothing at level ${level}`);
        }
      });
      // (A view's bytes are scanned when it is first read: groups too deeply nested within it
      // fail that scan.)
      expect([label, describeError(down)]).toEqual([label, expect.stringMatching(/^BinaryDecodeError: .*(depth|nesting)/)]);
      // And reading everything reports the same, without a RangeError anywhere.
      expect([label, trustProblems(set, desc, bytes)]).toEqual([label, []]);
    }
  });

  test("10,000 levels of unknown groups", () => {
    for (const desc of types.slice(0, 20)) {
      const bytes = nestedUnknownGroups(desc, 10_000);
      for (const options of [{}, { lazy: true }]) {
        const e = errorOf(() => pb.fromBinary(desc, bytes, options));
        expect(describeError(e)).toMatch(/^BinaryDecodeError: .*(depth|nesting|deep)/);
      }
      // Trusted: nothing is read until a field is; the first read reports the nesting.
      const view = pb.fromBinary(desc, bytes, { lazy: true, validate: false });
      expect(describeError(errorOf(() => view.$unknown))).toMatch(/^BinaryDecodeError: .*(depth|nesting|deep)/);
    }
  });
});
