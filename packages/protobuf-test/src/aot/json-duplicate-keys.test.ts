/**
 * The duplicate-key check of fromJsonString(), which counts the keys and colons that the
 * readers (compiled closures and ahead-of-time code alike) see while they read: for every
 * message type of the "test" and "conformance" sets, JSON text written from random messages —
 * valid, or mutated (unknown keys, wrong types, Struct and Any content) — is read by
 * fromJsonString() exactly as by fromJson(JSON.parse()) when no object has a key twice; and
 * with one member of a random object written twice (the first time with another value, which
 * JSON.parse drops: keys, colons and all), fromJsonString() always fails, with the
 * duplicate-key error whenever the text without the duplicate is read without error.
 *
 * Reproduce a failure with PBJET_DIFF_SEED=<seed>; soak with PBJET_DIFF_RUNS=<runs>.
 */
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import { registries, relaxedRegistry, sets, snapshot } from "./util";
import { isInitializable, messageInit, messageTypes } from "../differential/arbitrary";
import { fcParams } from "../differential/util";
import { Rng, canonicalArb, describeError } from "../lazy/util";
import { jsonSafe } from "../json/util";
import { quickSample } from "../test-mode";

/** The outcome of a call: its result's snapshot, or the error's class and message. */
function outcome(fn: () => unknown): unknown {
  try {
    return { ok: snapshot(fn()) };
  } catch (e) {
    return { error: describeError(e) };
  }
}

/** Values for dropped duplicates and for mutations: colons in keys and strings, nested objects. */
const extraValues: unknown[] = [
  null,
  1,
  "a:b",
  "12:00:00",
  ":",
  "",
  "\\u003a",
  [":", { "x:": "y:" }],
  { "a:": ":", b: { c: "d:e" } },
  { "@type": "type.googleapis.com/google.protobuf.Empty" },
  "1970-01-01T00:00:00Z",
  "ENUM_VALUE:",
  true,
];

/** The objects of a JSON value, with the root. */
function objects(v: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (typeof v === "object" && v !== null) {
    if (!Array.isArray(v)) out.push(v as Record<string, unknown>);
    for (const k of Object.keys(v)) objects((v as Record<string, unknown>)[k], out);
  }
  return out;
}

/**
 * JSON text of `v` in which member `key` of object `target` comes twice: first with `dropped`,
 * then with its own value. Spaces around colons at random, so that colons are not always
 * next to quotes.
 */
function stringifyWithDuplicate(v: unknown, target: object, key: string, dropped: unknown, rng: Rng): string {
  const colon = () => [":", " :", ": ", " : "][rng.int(4)];
  const write = (x: unknown): string => {
    if (typeof x !== "object" || x === null) return JSON.stringify(x);
    if (Array.isArray(x)) return "[" + x.map(write).join(",") + "]";
    const members: string[] = [];
    for (const k of Object.keys(x)) {
      if (x === target && k === key) members.push(JSON.stringify(k) + colon() + JSON.stringify(dropped));
      members.push(JSON.stringify(k) + colon() + write((x as Record<string, unknown>)[k]));
    }
    return "{" + members.join(",") + "}";
  };
  return write(v);
}

/** Adds keys and values at a few random places of a JSON value (in place). */
function mutate(json: unknown, rng: Rng, keys: string[]): void {
  const all = objects(json);
  for (let n = rng.int(3); n > 0 && all.length > 0; n--) {
    const target = all[rng.int(all.length)];
    Object.defineProperty(target, keys[rng.int(keys.length)], {
      value: structuredClone(extraValues[rng.int(extraValues.length)]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
}

describe.each(sets)("duplicate keys in JSON text: %s set", (set) => {
  const { aot, closure } = registries(set);
  const relaxed = relaxedRegistry(set);
  const types = messageTypes(closure);
  const keys = ["unknown:key", "x", "@type", "value", "__proto__", ...types.flatMap((t) => t.fields.map((f) => f.jsonName)).slice(0, 200)];

  describe.each(quickSample(types.map((c) => [c.typeName, c, aot.getMessage(c.typeName)!] as const)))("%s", (_name, c, a) => {
    const source: fc.Arbitrary<() => pb.Message> = isInitializable(c)
      ? canonicalArb(set, c).map((bytes) => () => pb.fromBinary(c, bytes))
      : messageInit(c, { unknownFields: false }).map((i) => () => pb.create(c, i));
    // Messages of a type whose required fields cannot all be set are written as the relaxed
    // type's (toJsonString() of the type throws for a missing required field).
    const [writer, writerRegistry] = isInitializable(c) ? [c, closure] : [relaxed.getMessage(c.typeName)!, relaxed];

    test("are found after reading, and only they", () => {
      fc.assert(
        fc.property(source, fc.integer(), (src, seed) => {
          const rng = new Rng(seed);
          let text: string;
          try {
            text = pb.toJsonString(writer, src(), { registry: writerRegistry });
          } catch {
            text = pb.toJsonString(writer, jsonSafe(c, src(), Math.abs(seed), closure) as pb.Message, { registry: writerRegistry });
          }
          const json = JSON.parse(text) as pb.JsonValue;
          if (rng.int(2) === 0) mutate(json, rng, keys);
          const clean = JSON.stringify(json);
          for (const [schema, registry] of [
            [c, closure],
            [a, aot],
          ] as const) {
            for (const ignoreUnknownFields of [false, true]) {
              const options = { registry, ignoreUnknownFields };
              const expected = outcome(() => pb.fromJson(schema, JSON.parse(clean) as pb.JsonValue, options));
              expect(outcome(() => pb.fromJsonString(schema, clean, options))).toEqual(expected);
              const targets = objects(json);
              if (targets.length === 0) continue;
              const target = targets[rng.int(targets.length)];
              const own = Object.keys(target);
              if (own.length === 0) continue;
              const key = own[rng.int(own.length)];
              const dropped = structuredClone(extraValues[rng.int(extraValues.length)]);
              const dup = stringifyWithDuplicate(json, target, key, dropped, rng);
              const got = outcome(() => pb.fromJsonString(schema, dup, options)) as { error?: string };
              expect(got.error).toBeDefined();
              if ("ok" in (expected as object)) expect(got.error).toMatch(/duplicate key/);
            }
          }
        }),
        fcParams(),
      );
    });
  });
});
