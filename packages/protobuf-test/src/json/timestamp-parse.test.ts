/**
 * The RFC 3339 writer of google.protobuf.Timestamp, property-tested against Date's ISO strings,
 * and its reader, property-tested against an oracle written
 * from the JSON mapping's grammar with a regular expression: the same seconds and nanos for
 * every string it accepts, an error for every string it rejects. Strings are valid timestamps
 * with random edits (characters replaced, inserted and removed), so that they probe every
 * position of the grammar.
 */
import * as pb from "@pbjet/protobuf";
import * as fc from "fast-check";
import { registry } from "./util";

const Timestamp = registry().getMessage("google.protobuf.Timestamp")!;

const GRAMMAR = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:Z|([+-])(\d{2}):(\d{2}))$/;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Seconds and nanos of `s` as the JSON mapping defines them, or undefined if `s` is not a valid timestamp. */
function oracle(s: string): { seconds: bigint; nanos: number } | undefined {
  const m = GRAMMAR.exec(s);
  if (m === null) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : DAYS[month - 1];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > days || hour > 23 || minute > 59 || second > 59) return undefined;
  let offset = 0;
  if (m[8] !== undefined) {
    if (Number(m[9]) > 23 || Number(m[10]) > 59) return undefined;
    offset = (Number(m[9]) * 3600 + Number(m[10]) * 60) * (m[8] === "+" ? -1 : 1);
  }
  // Date.UTC counts years 0-99 as 1900-1999; setUTCFullYear does not.
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, 0);
  const seconds = d.getTime() / 1000 + offset;
  if (seconds < -62135596800 || seconds > 253402300799) return undefined;
  const nanos = m[7] === undefined ? 0 : Number(m[7].padEnd(9, "0"));
  return { seconds: BigInt(seconds), nanos };
}

const pad = (n: number, w: number) => String(n).padStart(w, "0");
const validTimestamp = fc
  .record({
    year: fc.oneof(fc.integer({ min: 1, max: 9999 }), fc.constantFrom(1, 1970, 2000, 2024, 9999)),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 59 }),
    fraction: fc.oneof(fc.constant(""), fc.stringMatching(/^\.[0-9]{1,9}$/)),
    zone: fc.oneof(fc.constant("Z"), fc.stringMatching(/^[+-](0[0-9]|1[0-9]|2[0-3]):[0-5][0-9]$/)),
  })
  .map(
    (t) => `${pad(t.year, 4)}-${pad(t.month, 2)}-${pad(t.day, 2)}T${pad(t.hour, 2)}:${pad(t.minute, 2)}:${pad(t.second, 2)}${t.fraction}${t.zone}`,
  );

const edit = fc.record({
  kind: fc.constantFrom("replace", "insert", "remove"),
  at: fc.nat(),
  char: fc.constantFrom(..."0123456789-:.TZtz+ /é".split("")),
});
const editedTimestamp = fc.tuple(validTimestamp, fc.array(edit, { maxLength: 3 })).map(([s, edits]) => {
  for (const e of edits) {
    const at = e.at % (s.length + 1);
    if (e.kind === "insert") s = s.slice(0, at) + e.char + s.slice(at);
    else if (e.kind === "replace") s = s.slice(0, at) + e.char + s.slice(at + 1);
    else s = s.slice(0, at) + s.slice(at + 1);
  }
  return s;
});

function check(s: string): void {
  const want = oracle(s);
  let got: { seconds: bigint; nanos: number } | Error;
  try {
    const t = pb.fromJson(Timestamp, s) as unknown as { seconds: bigint; nanos: number };
    got = { seconds: t.seconds, nanos: t.nanos };
  } catch (e) {
    got = e as Error;
  }
  if (want === undefined) {
    expect(got).toBeInstanceOf(pb.JsonDecodeError);
    expect((got as Error).message).toContain(JSON.stringify(s));
  } else {
    expect(got).toEqual(want);
  }
}

describe("Timestamp from JSON, against the grammar", () => {
  const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
  it(`valid timestamps (seed ${seed})`, () => {
    fc.assert(
      fc.property(validTimestamp, (s) => check(s)),
      { seed, numRuns: 3000 },
    );
  });
  it(`edited timestamps (seed ${seed})`, () => {
    fc.assert(
      fc.property(editedTimestamp, (s) => check(s)),
      { seed, numRuns: 5000 },
    );
  });
  it.each([
    "1970-01-01T00:00:00.Z",
    "1970-01-01T00:00:00.1234567890Z",
    "1970-01-01T00:00:00+0100",
    "1970-01-01T00:00:00+01:0",
    "1970-01-01T00:00:00+01:000",
    "1970-01-01T00:00:00Z ",
    "1970-01-01T00:00:00ZZ",
    "1970-01-01T00:00:00.5",
    "1970-01-01t00:00:00Z",
    "1970-01-01T00:00:00.123456789+23:59",
    "0001-01-01T00:00:00+00:00",
    "9999-12-31T23:59:59.999999999Z",
    "9999-12-31T23:59:59-00:01",
  ])("%s", (s) => check(s));
});

describe("Timestamp to JSON, against Date", () => {
  const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
  const min = -62135596800;
  const max = 253402300799;
  const seconds = fc.oneof(
    fc.integer({ min, max }),
    fc.constantFrom(min, max, 0, -1, 1, 951782400, 951868799, -2208988800, 946684799, 4107542400),
    // Around the start and end of days, years and centuries.
    fc
      .tuple(fc.integer({ min: -719162, max: 2932896 }), fc.integer({ min: -2, max: 2 }))
      .map(([d, s]) => Math.min(max, Math.max(min, d * 86400 + s))),
  );
  const nanos = fc.oneof(
    fc.constant(0),
    fc.integer({ min: 0, max: 999999999 }),
    fc.integer({ min: 0, max: 999 }).map((n) => n * 1000000),
  );
  it(`seconds and nanos (seed ${seed})`, () => {
    fc.assert(
      fc.property(seconds, nanos, (s, n) => {
        const iso = new Date(s * 1000).toISOString().substring(0, 19);
        const frac =
          n === 0
            ? ""
            : n % 1000000 === 0
              ? "." + String(n / 1000000).padStart(3, "0")
              : n % 1000 === 0
                ? "." + String(n / 1000).padStart(6, "0")
                : "." + String(n).padStart(9, "0");
        const json = pb.toJson(Timestamp, pb.create(Timestamp, { seconds: BigInt(s), nanos: n }));
        expect(json).toBe(iso + frac + "Z");
        expect(pb.toJsonString(Timestamp, pb.create(Timestamp, { seconds: BigInt(s), nanos: n }))).toBe(JSON.stringify(iso + frac + "Z"));
        // And back.
        expect(pb.fromJson(Timestamp, json as string)).toMatchObject({ seconds: BigInt(s), nanos: n });
      }),
      { seed, numRuns: 5000 },
    );
  });
});
