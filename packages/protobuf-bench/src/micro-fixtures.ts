// Small and uniform fixtures (bench.micro.v1), of the kinds protobuf-es's perf.ts times: where
// the fixed cost of a call, and the cost of each scalar type, show.

import type { Fixture, Init } from "./fixtures.js";
import { Rng, WORDS } from "./prng.js";

const U64_TOP = 1n << 64n;

/** A signed 64-bit value of 1 to 63 bits (either sign). */
function i64(rng: Rng): bigint {
  const v = rng.u63() >> BigInt(rng.int(0, 62));
  return rng.bool() ? -v : v;
}

/** An unsigned 64-bit value, some above 2^63. */
function u64(rng: Rng): bigint {
  return rng.bool(0.2) ? U64_TOP - 1n - (rng.u63() >> 8n) : rng.u63() >> BigInt(rng.int(0, 62));
}

function i32(rng: Rng): number {
  return (rng.u32() >> rng.int(0, 31)) * (rng.bool() ? -1 : 1);
}

/** A float32 value (exactly representable, so that every library reads back the same number). */
function f32(rng: Rng): number {
  return Math.fround((rng.float() - 0.5) * 10 ** rng.int(0, 6));
}

/** One value of every scalar type (bench.micro.v1.Scalars). */
export function buildScalars(rng: Rng): Init {
  return {
    doubleField: (rng.float() - 0.5) * 10 ** rng.int(0, 12),
    floatField: f32(rng),
    int64Field: i64(rng),
    uint64Field: u64(rng),
    int32Field: i32(rng),
    fixed64Field: u64(rng),
    fixed32Field: rng.u32(),
    boolField: rng.bool(),
    stringField: rng.words(rng.int(1, 4)),
    bytesField: rng.bytes(rng.int(4, 24)),
    uint32Field: rng.u32() >>> rng.int(0, 31),
    sfixed32Field: i32(rng),
    sfixed64Field: i64(rng),
    sint32Field: i32(rng),
    sint64Field: i64(rng),
  };
}

/** Ten values in each list of every scalar type (bench.micro.v1.ScalarLists). */
export function buildScalarLists(rng: Rng): Init {
  const ten = <T>(f: () => T): T[] => Array.from({ length: 10 }, f);
  return {
    doubleField: ten(() => (rng.float() - 0.5) * 1e6),
    floatField: ten(() => f32(rng)),
    int64Field: ten(() => i64(rng)),
    uint64Field: ten(() => u64(rng)),
    int32Field: ten(() => i32(rng)),
    fixed64Field: ten(() => u64(rng)),
    fixed32Field: ten(() => rng.u32()),
    boolField: ten(() => rng.bool()),
    stringField: ten(() => rng.words(rng.int(1, 3))),
    bytesField: ten(() => rng.bytes(rng.int(2, 12))),
    uint32Field: ten(() => rng.u32() >>> rng.int(0, 31)),
    sfixed32Field: ten(() => i32(rng)),
    sfixed64Field: ten(() => i64(rng)),
    sint32Field: ten(() => i32(rng)),
    sint64Field: ten(() => i64(rng)),
  };
}

/** Ten entries in each map of scalar keys and values (two in the bool map). */
export function buildScalarMaps(rng: Rng): Init {
  const ten = <V>(key: () => string, value: () => V): Record<string, V> => {
    const m: Record<string, V> = {};
    while (Object.keys(m).length < 10) m[key()] = value();
    return m;
  };
  return {
    strStr: ten(
      () => `${rng.pick(WORDS)}-${rng.int(0, 99)}`,
      () => rng.words(rng.int(1, 3)),
    ),
    int32Int32: ten(
      () => String(i32(rng)),
      () => i32(rng),
    ),
    int64Int64: ten(
      () => String(i64(rng)),
      () => i64(rng),
    ),
    boolBool: { true: rng.bool(), false: rng.bool() },
    strInt64: ten(
      () => rng.token(rng.int(4, 12)),
      () => i64(rng),
    ),
    uint32Double: ten(
      () => String(rng.u32() >>> rng.int(0, 31)),
      () => (rng.float() - 0.5) * 1e4,
    ),
  };
}

/** A user record (bench.micro.v1.User): only a name and a flag, or every field with a manager. */
export function buildUser(rng: Rng, full: boolean): Init {
  const name = () => rng.pick(WORDS).replace(/^./, (c) => c.toUpperCase());
  if (!full) return { firstName: name(), active: true };
  return {
    firstName: name(),
    lastName: name(),
    active: true,
    manager: { firstName: name(), lastName: name(), active: rng.bool() },
    locations: Array.from({ length: 3 }, () => rng.words(rng.int(1, 2))),
    projects: Object.fromEntries(Array.from({ length: 3 }, (_, i) => [`${rng.pick(WORDS)}-${i}`, rng.words(rng.int(1, 3))])),
  };
}

/** The micro fixtures, in table order. */
export function buildMicroFixtures(): Fixture[] {
  const scalars = (seed: number) => Array.from({ length: 1000 }, (_, i) => buildScalars(new Rng(seed + i)));
  return [
    { id: "user-tiny", title: "User, 2 fields", typeName: "bench.micro.v1.User", init: buildUser(new Rng(301), false), readPath: ["firstName"] },
    {
      id: "user",
      title: "User, every field",
      typeName: "bench.micro.v1.User",
      init: buildUser(new Rng(302), true),
      readPath: ["manager", "lastName"],
    },
    {
      id: "scalars",
      title: "one field of every scalar type",
      typeName: "bench.micro.v1.Scalars",
      init: buildScalars(new Rng(303)),
      readPath: ["stringField"],
    },
    {
      id: "scalar-lists",
      title: "lists of every scalar type, 10 each",
      typeName: "bench.micro.v1.ScalarLists",
      init: buildScalarLists(new Rng(304)),
      readPath: ["stringField", 3],
    },
    {
      id: "scalar-maps",
      title: "maps of scalars, 10 entries each",
      typeName: "bench.micro.v1.ScalarMaps",
      init: buildScalarMaps(new Rng(305)),
      readPath: ["boolBool", "true"],
    },
    {
      id: "scalars-list-1k",
      title: "list of 1000 Scalars",
      typeName: "bench.micro.v1.ScalarsList",
      init: { items: scalars(1000) },
      readPath: ["items", 500, "stringField"],
    },
    {
      id: "scalars-map-1k",
      title: "map of 1000 Scalars",
      typeName: "bench.micro.v1.ScalarsMap",
      init: { items: Object.fromEntries(scalars(3000).map((s, i) => [`key-${i}`, s])) },
      readPath: ["items", "key-500", "stringField"],
    },
  ];
}
