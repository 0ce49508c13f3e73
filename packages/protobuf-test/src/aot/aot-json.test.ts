/**
 * Ahead-of-time JSON codecs against the compiled closures: for every message type of the
 * "test" and "conformance" sets, the schema generated with `aot=true` (src/gen-aot) and the
 * schema built from the descriptor set at run time (the closure path) must write the same
 * messages (with extensions and unknown fields) to the same JSON text with every combination
 * of write options, fail alike on messages that cannot be written, and read the same JSON —
 * valid, or mutated into wrong types, out-of-range numbers, unknown and duplicate keys,
 * `__proto__` and the like — to the same messages or the same JsonDecodeError (message and
 * path), with every combination of read options, as a new message and merged into one.
 *
 * Reproduce a failure with PBJET_DIFF_SEED=<seed>; soak with PBJET_DIFF_RUNS=<runs>.
 */
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import * as oracle from "@bufbuild/protobuf";
import { jsonOutcome, registries, relaxedRegistry, sets } from "./util";
import { isInitializable, messageInit, messageTypes } from "../differential/arbitrary";
import { fcParams, oracleRegistry } from "../differential/util";
import { aotFiles } from "../gen-aot/files";
import { Rng, canonicalArb, extensionsOf } from "../lazy/util";
import { jsonSafe } from "../json/util";
import { quickSample } from "../test-mode";

/** Whether generated code attached ahead-of-time JSON codecs to the schema. */
function hasAotJson(desc: pb.DescMessage): boolean {
  return Object.getOwnPropertySymbols(desc).some((s) => s.description === "pbjet.aotJson");
}

/** The outcome of a call (aot/util.ts). */
const outcome = jsonOutcome;

/** Every combination of the write options. */
const writeOptionSets: Partial<pb.JsonWriteOptions>[] = [];
for (let bits = 0; bits < 8; bits++) {
  writeOptionSets.push({ alwaysEmitImplicit: (bits & 1) !== 0, enumAsInteger: (bits & 2) !== 0, useProtoFieldName: (bits & 4) !== 0 });
}

/** Values that JSON readers must check: wrong types, edges of ranges, odd strings. */
const oddValues: unknown[] = [
  null,
  0,
  -0,
  1,
  -1,
  1.5,
  -2147483649,
  2147483647,
  2147483648,
  4294967295,
  4294967296,
  2 ** 53 + 2,
  1e40,
  -1e40,
  3.4028235e38,
  3.5e38,
  "0",
  "1",
  "-1",
  "1.5",
  "1e2",
  " 1",
  "01",
  "0x10",
  "NaN",
  "Infinity",
  "-Infinity",
  "9223372036854775807",
  "9223372036854775808",
  "-9223372036854775809",
  "18446744073709551615",
  "18446744073709551616",
  "-9223372036854775808",
  "10000000000000000000",
  "99999999999999999999",
  "00000000000000000001",
  "-0000000000000000001",
  "",
  "YWJj",
  "YWJj-_8",
  "YWJj+/8=",
  "YW=Jj",
  "\ud800x",
  "1970-01-01T00:00:00Z",
  "1.5s",
  "a.bC",
  true,
  false,
  [],
  [1],
  [null],
  ["a", 2],
  {},
  { a: 1 },
  { "@type": "type.googleapis.com/google.protobuf.Empty" },
];

/** Keys worth adding to an object: names of fields of any type, extensions, and special names. */
function keyPool(reg: pb.Registry, exts: pb.DescExtension[]): string[] {
  const keys = new Set(["__proto__", "constructor", "toString", "hasOwnProperty", "unknownKey", "[no.such.ext]", "[]", "@type", "value"]);
  for (const t of messageTypes(reg)) {
    for (const f of t.fields) {
      keys.add(f.name);
      keys.add(f.jsonName);
    }
  }
  for (const e of exts) keys.add(`[${e.typeName}]`);
  return [...keys];
}

/** Enum value names of the set (valid values for enum fields, wrong ones for others). */
function enumNames(reg: pb.Registry): string[] {
  const names = new Set<string>();
  for (const t of reg) if (t.kind === "enum") for (const v of t.values) names.add(v.name);
  return [...names].slice(0, 40);
}

/** The objects and arrays of a JSON value, with the root. */
function containers(v: unknown, out: (Record<string, unknown> | unknown[])[] = []): (Record<string, unknown> | unknown[])[] {
  if (typeof v === "object" && v !== null) {
    out.push(v as Record<string, unknown>);
    for (const k of Object.keys(v)) containers((v as Record<string, unknown>)[k], out);
  }
  return out;
}

/** Changes a JSON value in a few random places (in place; returns the possibly new root). */
function mutate(json: unknown, rng: Rng, keys: string[], values: unknown[]): unknown {
  const count = 1 + rng.int(3);
  for (let n = 0; n < count; n++) {
    const all = containers(json);
    const value = (): unknown => {
      const r = rng.int(10);
      if (r === 0 && all.length > 0) return structuredClone(all[rng.int(all.length)]);
      return structuredClone(values[rng.int(values.length)]);
    };
    if (all.length === 0 || rng.int(20) === 0) {
      json = value();
      continue;
    }
    const target = all[rng.int(all.length)];
    if (Array.isArray(target)) {
      if (target.length > 0 && rng.int(2) === 0) target[rng.int(target.length)] = value();
      else target.push(value());
      continue;
    }
    const own = Object.keys(target);
    switch (rng.int(4)) {
      case 0:
        if (own.length > 0) delete target[own[rng.int(own.length)]];
        break;
      case 1:
        Object.defineProperty(target, keys[rng.int(keys.length)], { value: value(), enumerable: true, writable: true, configurable: true });
        break;
      default:
        if (own.length > 0) target[own[rng.int(own.length)]] = value();
        break;
    }
  }
  return json;
}

describe.each(sets)("aot JSON against closures: %s set", (set) => {
  const { aot, closure } = registries(set);
  const relaxed = relaxedRegistry(set);
  const types = messageTypes(closure);
  const pairs = types.map((c) => [c.typeName, c, aot.getMessage(c.typeName)!] as const);
  const allExts = types.flatMap((t) => extensionsOf(set, t.typeName));
  const keys = keyPool(closure, allExts);
  const values = [...oddValues, ...enumNames(closure)];

  test("every message type of the generated files has ahead-of-time JSON codecs, but the well-known types with a JSON form", () => {
    const generated = new Set(aotFiles);
    let n = 0;
    for (const [name, , a] of pairs) {
      if (!generated.has(a.file)) continue;
      const own = name.startsWith("google.protobuf.") && !["google.protobuf.Empty"].includes(name) && a.file.name.startsWith("google/protobuf/");
      expect([name, hasAotJson(a)]).toEqual([name, !own || !/(Any|Timestamp|Duration|FieldMask|Struct|Value|ListValue)$/.test(name)]);
      n++;
    }
    expect(n).toBeGreaterThan(50);
  });

  describe.each(quickSample(pairs))("%s", (_name, c, a) => {
    // Random messages (with extensions and unknown fields) as bytes; for types whose required
    // fields cannot always be set, from init objects.
    const encodable = isInitializable(c);
    type Source = { c: () => pb.Message; a: () => pb.Message; lazy: () => pb.Message };
    const source: fc.Arbitrary<Source> = encodable
      ? canonicalArb(set, c).map((bytes) => ({
          c: () => pb.fromBinary(c, bytes),
          a: () => pb.fromBinary(a, bytes),
          lazy: () => pb.fromBinary(a, bytes, { lazy: true }),
        }))
      : messageInit(c, { unknownFields: false }).map((i) => ({ c: () => pb.create(c, i), a: () => pb.create(a, i), lazy: () => pb.create(a, i) }));
    test("messages are written to the same JSON text", () => {
      fc.assert(
        fc.property(source, (src) => {
          const mc = src.c();
          const ma = src.a();
          for (const options of writeOptionSets) {
            for (const withRegistry of [false, true]) {
              const oc = withRegistry ? { ...options, registry: closure } : options;
              const oa = withRegistry ? { ...options, registry: aot } : options;
              expect(outcome(() => pb.toJsonString(a, ma, oa))).toEqual(outcome(() => pb.toJsonString(c, mc, oc)));
            }
          }
          expect(outcome(() => pb.toJsonString(a, ma, { prettySpaces: 2, registry: aot }))).toEqual(
            outcome(() => pb.toJsonString(c, mc, { prettySpaces: 2, registry: closure })),
          );
          // A lazy view is written as its content.
          const view = src.lazy();
          expect(outcome(() => pb.toJsonString(a, view, { registry: aot }))).toEqual(outcome(() => pb.toJsonString(c, mc, { registry: closure })));
        }),
        fcParams(),
      );
    });

    test("messages that cannot be written fail alike", () => {
      fc.assert(
        fc.property(messageInit(c, { unknownFields: false }), fc.nat(7), (i, bits) => {
          const options = writeOptionSets[bits];
          expect(outcome(() => pb.toJsonString(a, pb.create(a, i), options))).toEqual(outcome(() => pb.toJsonString(c, pb.create(c, i), options)));
        }),
        fcParams(10),
      );
    });

    test("map fields: short and long maps, bad values, inherited keys and empty maps are written alike", () => {
      /** A valid value of the map's value type, or one the writer rejects. */
      const value = (f: pb.DescField & { fieldKind: "map" }, d: pb.DescMessage, i: number, bad: boolean): unknown => {
        if (f.mapKind === "message") return bad ? 5 : pb.create(d.fields[d.fields.indexOf(f)].message as pb.DescMessage);
        if (f.mapKind === "enum") return bad ? "x" : (f.enum.values[i % f.enum.values.length]?.number ?? 0);
        switch (f.scalar) {
          case pb.ScalarType.STRING:
            return bad ? 5 : `v${i}`;
          case pb.ScalarType.BOOL:
            return bad ? 1 : i % 2 === 0;
          case pb.ScalarType.BYTES:
            return bad ? "x" : new Uint8Array([i & 255]);
          case pb.ScalarType.INT64:
          case pb.ScalarType.UINT64:
          case pb.ScalarType.SINT64:
          case pb.ScalarType.FIXED64:
          case pb.ScalarType.SFIXED64:
            return bad ? 1.5 : BigInt(i);
          default:
            return bad ? "x" : i + (f.scalar === pb.ScalarType.DOUBLE || f.scalar === pb.ScalarType.FLOAT ? 0.5 : 0);
        }
      };
      const key = (f: pb.DescField & { fieldKind: "map" }, i: number): string =>
        f.mapKey === pb.ScalarType.STRING ? `k${i}` : f.mapKey === pb.ScalarType.BOOL ? String(i % 2 === 0) : String(i);
      for (const [index, fc2] of c.fields.entries()) {
        if (fc2.fieldKind !== "map") continue;
        const fa = a.fields[index] as pb.DescField & { fieldKind: "map" };
        for (const size of [0, 1, 8, 9, 64, 65]) {
          for (const badAt of [-1, 0, size - 1]) {
            if (badAt >= size) continue;
            const mc = pb.create(c) as unknown as Record<string, Record<string, unknown>>;
            const ma = pb.create(a) as unknown as Record<string, Record<string, unknown>>;
            for (let i = 0; i < size; i++) {
              mc[fc2.localName][key(fc2, i)] = value(fc2, c, i, i === badAt);
              ma[fa.localName][key(fa, i)] = value(fa, a, i, i === badAt);
            }
            for (const options of [{}, { alwaysEmitImplicit: true }, { useProtoFieldName: true }]) {
              expect([fc2.name, size, badAt, outcome(() => pb.toJsonString(a, ma as unknown as pb.Message, options))]).toEqual([
                fc2.name,
                size,
                badAt,
                outcome(() => pb.toJsonString(c, mc as unknown as pb.Message, options)),
              ]);
            }
          }
        }
        // An enumerable key the map inherits is no entry.
        const proto = { inherited: value(fc2, c, 0, false) };
        const mc = pb.create(c) as unknown as Record<string, unknown>;
        const ma = pb.create(a) as unknown as Record<string, unknown>;
        mc[fc2.localName] = Object.assign(Object.create(proto), { [key(fc2, 1)]: value(fc2, c, 1, false) });
        ma[fa.localName] = Object.assign(Object.create(proto), { [key(fa, 1)]: value(fa, a, 1, false) });
        expect(outcome(() => pb.toJsonString(a, ma as unknown as pb.Message))).toEqual(
          outcome(() => pb.toJsonString(c, mc as unknown as pb.Message)),
        );
      }
    });

    test("sub-message fields holding what is no message fail alike", () => {
      // Generated writers call this file's writer of a sub-message type directly for plain
      // messages; anything else must take the runtime's path, with its errors.
      for (const [i, fc2] of c.fields.entries()) {
        const fa = a.fields[i];
        if (fc2.message === undefined || fc2.fieldKind === "map") continue;
        // A lazy view of the field's type in both sets, so that the types have view protocols
        // (whose check of a value's prototype must not fail on null).
        pb.fromBinary(fc2.message, new Uint8Array(0), { lazy: true, validate: false });
        pb.fromBinary(fa.message!, new Uint8Array(0), { lazy: true, validate: false });
        for (const bad of [null, undefined, 5, "x", [], Object.create(null)]) {
          const mc = pb.create(c) as unknown as Record<string, unknown>;
          const ma = pb.create(a) as unknown as Record<string, unknown>;
          if (fc2.fieldKind === "list") {
            mc[fc2.localName] = [bad];
            ma[fa.localName] = [bad];
          } else if (fc2.oneof !== undefined) {
            mc[fc2.oneof.localName] = { case: fc2.localName, value: bad };
            ma[fa.oneof!.localName] = { case: fa.localName, value: bad };
          } else {
            mc[fc2.localName] = bad;
            ma[fa.localName] = bad;
          }
          const oa = outcome(() => pb.toJsonString(a, ma as unknown as pb.Message));
          const oc = outcome(() => pb.toJsonString(c, mc as unknown as pb.Message));
          const failed = (o: unknown): boolean => (o as { error?: unknown }).error !== undefined;
          if ((bad === null || bad === undefined) && failed(oa) && failed(oc)) {
            // Both fail (a TypeError, whose wording differs between the paths once the type has
            // lazy views: the eager-form check reads the prototype of null).
          } else {
            expect(oa).toEqual(oc);
          }
        }
      }
    });

    test("JSON is read to the same messages and errors", () => {
      fc.assert(
        fc.property(source, source, fc.integer(), (src, src2, seed) => {
          const rng = new Rng(seed);
          const mc = src.c();
          let text: string;
          // Messages of a type whose required fields cannot all be set are written as the relaxed
          // type's (toJsonString() of the type throws for a missing required field).
          const [writer, registry] = encodable ? [c, closure] : [relaxed.getMessage(c.typeName)!, relaxed];
          try {
            text = pb.toJsonString(writer, mc, { registry, useProtoFieldName: rng.int(2) === 0 });
          } catch {
            text = pb.toJsonString(writer, jsonSafe(c, src.c(), Math.abs(seed), closure) as pb.Message, { registry });
          }
          const valid = JSON.parse(text) as pb.JsonValue;
          const mutated = mutate(JSON.parse(text), rng, keys, values) as pb.JsonValue;
          for (const json of [valid, mutated]) {
            for (const ignoreUnknownFields of [false, true]) {
              for (const withRegistry of [false, true]) {
                const oc = { ignoreUnknownFields, registry: withRegistry ? closure : undefined };
                const oa = { ignoreUnknownFields, registry: withRegistry ? aot : undefined };
                expect(outcome(() => pb.fromJson(a, json, oa))).toEqual(outcome(() => pb.fromJson(c, json, oc)));
                expect(outcome(() => pb.mergeFromJson(a, src2.a(), json, oa))).toEqual(outcome(() => pb.mergeFromJson(c, src2.c(), json, oc)));
              }
            }
            const s = JSON.stringify(json);
            expect(outcome(() => pb.fromJsonString(a, s, { registry: aot }))).toEqual(outcome(() => pb.fromJsonString(c, s, { registry: closure })));
            expect(outcome(() => pb.fromJson(a, json, { recursionLimit: 2 }))).toEqual(outcome(() => pb.fromJson(c, json, { recursionLimit: 2 })));
          }
          // Merged into a lazy view: the same content as merged into a message.
          const merged = outcome(() => pb.toJsonString(a, pb.mergeFromJson(a, src2.lazy(), valid, { registry: aot }), { registry: aot }));
          expect(merged).toEqual(
            outcome(() => pb.toJsonString(c, pb.mergeFromJson(c, src2.c(), valid, { registry: closure }), { registry: closure })),
          );
          // Malformed text fails alike.
          const broken = text.substring(0, rng.int(text.length + 1)) + ["", "}", ",", '"', "]"][rng.int(5)];
          expect(outcome(() => pb.fromJsonString(a, broken))).toEqual(outcome(() => pb.fromJsonString(c, broken)));
        }),
        fcParams(),
      );
    });
  });
});

/**
 * The generated writer appends a string that needs no escaping with its quotes (aotJsonPlain(),
 * map keys through aotJsonKeyBody()); any other string is quoted by JSON.stringify. Strings on
 * both sides of that line, short (checked by a loop) and long (by a regular expression), as
 * values of fields, list elements, map keys and map values, must be written as the closures
 * write them, and as JSON.stringify writes the string.
 */
describe("strings that need escaping, and strings that do not", () => {
  const { aot, closure } = registries("test");
  const long = "x".repeat(50);
  const strings = [
    "",
    "plain",
    'a"b',
    "back\\slash",
    "tab\there",
    "\u0000",
    "\u001f",
    "\u007f",
    "caf\u00e9",
    "\u65e5\u672c",
    "\ud83d\ude00",
    "\ud800",
    "x\udc00",
    `${long}"`,
    `${long}\\`,
    `${long}\n`,
    `${long}\ud800`,
    `${long}\ud83d\ude00`,
    long,
    `"${long}`,
  ];
  const cases: [string, Record<string, unknown>][] = [
    ["pbjet.test.proto3.ScalarValues", { stringField: "" }],
    ["pbjet.test.proto3.RepeatedScalarValues", { stringField: [] }],
    ["pbjet.test.proto3.MapFields", { stringString: {} }],
  ];
  test.each(strings.map((s, i) => [i, s] as const))("string %i", (_i, str) => {
    for (const [typeName, shape] of cases) {
      const field = Object.keys(shape)[0];
      const init: Record<string, unknown> =
        field === "stringString"
          ? { [field]: { [str]: str, k: str, [`${str}2`]: "v" } }
          : { [field]: Array.isArray(shape[field]) ? [str, "a", str] : str };
      const a = aot.getMessage(typeName)!;
      const c = closure.getMessage(typeName)!;
      for (const useProtoFieldName of [false, true]) {
        const text = pb.toJsonString(a, pb.create(a, init as never), { useProtoFieldName });
        expect(text).toEqual(pb.toJsonString(c, pb.create(c, init as never), { useProtoFieldName }));
        if (str !== "") expect(text).toContain(JSON.stringify(str));
        // The text reads back to the strings it was written from (what JSON.parse makes of lone
        // surrogates' escapes is the lone surrogate again).
        const back = JSON.parse(text) as Record<string, unknown>;
        const name = useProtoFieldName ? (field === "stringString" ? "string_string" : "string_field") : field;
        expect(back[name] ?? (field === "stringField" ? "" : [])).toEqual(init[field]);
      }
    }
  });
});

/**
 * Lists of 32-bit integers, doubles, floats, booleans and strings whose elements are values of
 * their type are written by JSON.stringify in one piece (jsonNativeList()); any other list
 * element by element, which reports a value that is none. Lists on both sides, written by the
 * generated writer, the closures and @bufbuild/protobuf, must give the same text or error.
 */
describe("lists written in one piece by JSON.stringify or join, and lists that are not", () => {
  const { aot, closure } = registries("test");
  const typeName = "pbjet.test.proto3.RepeatedScalarValues";
  const a = aot.getMessage(typeName)!;
  const c = closure.getMessage(typeName)!;
  const o = oracleRegistry("test").getMessage(typeName)!;
  const lists: [string, unknown[]][] = [
    ["int32Field", [1, -2, 0, 2147483647, -2147483648]],
    ["int32Field", [1, 2147483648]],
    ["int32Field", [1.5]],
    ["int32Field", ["1"]],
    ["sint32Field", [-0, 7]],
    ["uint32Field", [0, 4294967295]],
    ["uint32Field", [-1]],
    ["fixed32Field", [4294967296]],
    ["doubleField", [0.5, -1e300, 5e-324, -0, 1e21]],
    ["doubleField", [1, Number.NaN]],
    ["doubleField", [Number.POSITIVE_INFINITY, 2]],
    ["floatField", [0.25, Number.NEGATIVE_INFINITY]],
    ["floatField", [3.5, 1e-45]],
    ["boolField", [true, false, true]],
    ["boolField", [true, 1]],
    ["stringField", ["a", "", 'q"uote', "\u0001", "\ud800", "\ud83d\ude00", "x".repeat(60)]],
    ["stringField", ["a", 1]],
    ["stringField", ["a", undefined]],
    ["int32Field", []],
    // 64-bit lists of bigints are joined in one piece (closures); others go element by element.
    ["int64Field", [1n, -2n, 0n, 9223372036854775807n, -9223372036854775808n]],
    ["uint64Field", [0n, 18446744073709551615n]],
    ["sint64Field", [-1n, 5n]],
    ["fixed64Field", [123n]],
    ["sfixed64Field", [-5n, 6n, -7n]],
    ["int64Field", [1n, "2"]],
    ["int64Field", ["-3", 4n]],
    ["uint64Field", [1n, 2]],
    ["int64Field", [1n, "x"]],
    ["int64Field", [1n, 1.5]],
    ["fixed64Field", [1n, undefined]],
  ];
  test.each(lists.map(([f, l], i) => [i, f, l] as const))("list %i: %s", (_i, field, list) => {
    for (const alwaysEmitImplicit of [false, true]) {
      const opts = { alwaysEmitImplicit };
      const got = jsonOutcome(() => pb.toJsonString(a, pb.create(a, { [field]: list } as never), opts));
      expect(got).toEqual(jsonOutcome(() => pb.toJsonString(c, pb.create(c, { [field]: list } as never), opts)));
      const valid = (() => {
        try {
          return oracle.toJsonString(o, oracle.create(o, { [field]: list } as never), opts);
        } catch {
          return undefined;
        }
      })();
      // Where both write the list, the text is the same; where @bufbuild/protobuf throws, so does pbjet.
      if ("ok" in (got as object) && valid !== undefined) expect(got).toEqual({ ok: valid });
      if (valid === undefined) expect("ok" in (got as object)).toBe(false);
    }
  });
});
