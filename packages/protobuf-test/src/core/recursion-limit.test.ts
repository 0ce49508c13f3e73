/**
 * The `recursionLimit` option of protobuf-es 2.17.0 (binary, text and JSON reads), against
 * protobuf-es itself: for every limit and nesting depth around it, pbjet accepts exactly what
 * protobuf-es accepts, on every decode path (compiled closures, the `aot=true` code, lazy views
 * validated up front, size-delimited streams, text, JSON). The top-level message counts as 1,
 * and a limit below 1 admits no message.
 */
import * as es from "@bufbuild/protobuf";
import { BinaryWriter as EsWriter, WireType as EsWireType } from "@bufbuild/protobuf/wire";
import * as esText from "@bufbuild/protobuf/txtpb";
import * as pb from "@pbjet/protobuf";
import "@pbjet/protobuf/lazy";
import * as pbText from "@pbjet/protobuf/txtpb";
import { aotRegistry, oracleRegistry, oracleSchema, registry, schema } from "../helpers";

/** `depth` levels of field `no` (a message field) around an empty message, length-delimited. */
function nestLengthDelimited(depth: number, no: number): Uint8Array {
  let body = new Uint8Array(0);
  for (let i = 0; i < depth; i++) {
    const w = new EsWriter();
    w.tag(no, EsWireType.LengthDelimited).bytes(body);
    body = w.finish();
  }
  return body;
}

/** `depth` levels of group field `no` (tag below 16). */
function nestGroups(depth: number, no: number): Uint8Array {
  const out = new Uint8Array(depth * 2);
  out.fill((no << 3) | 3, 0, depth);
  out.fill((no << 3) | 4, depth);
  return out;
}

/** "ok", or the class of the error thrown. */
function outcome(fn: () => unknown): string {
  try {
    fn();
    return "ok";
  } catch (e) {
    return (e as Error).name;
  }
}

const limits = [0, 1, 2, 3, 5, 10, 100];
const depths = (limit: number) => [...new Set([0, 1, limit - 2, limit - 1, limit, limit + 1, limit + 2])].filter((d) => d >= 0);
const aot = aotRegistry(registry());
const MF = "pbjet.test.proto3.MessageFields"; // recursive = 5
const GL = "pbjet.test.edition2023.MessageEncoding.GroupLike"; // nested = 2, delimited

describe.each([
  ["self-recursive length-delimited field", MF, (d: number) => nestLengthDelimited(d, 5)],
  ["self-recursive group-like field", GL, (d: number) => nestGroups(d, 2)],
])("binary, %s: accepted exactly where protobuf-es accepts it", (_, typeName, input) => {
  const theirs = oracleSchema(typeName);
  const closures = schema(typeName);
  const ahead = aot.getMessage(typeName)!;

  test.each(limits)("recursionLimit %p", (limit) => {
    for (const d of depths(limit)) {
      const bytes = input(d);
      const expected = outcome(() => es.fromBinary(theirs, bytes, { recursionLimit: limit })) === "ok" ? "ok" : "BinaryDecodeError";
      const results = {
        closures: outcome(() => pb.fromBinary(closures, bytes, { recursionLimit: limit })),
        aot: outcome(() => pb.fromBinary(ahead, bytes, { recursionLimit: limit })),
        lazy: outcome(() => pb.fromBinary(closures, bytes, { recursionLimit: limit, lazy: true })),
        merge: outcome(() => pb.mergeFromBinary(closures, pb.create(closures), bytes, { recursionLimit: limit })),
      };
      expect([d, results]).toEqual([d, { closures: expected, aot: expected, lazy: expected, merge: expected }]);
    }
  });

  test("the default is protobuf-es's (100)", () => {
    for (const d of [98, 99, 100, 101]) {
      const bytes = input(d);
      const expected = outcome(() => es.fromBinary(theirs, bytes)) === "ok" ? "ok" : "BinaryDecodeError";
      expect([d, outcome(() => pb.fromBinary(closures, bytes)), outcome(() => pb.fromBinary(ahead, bytes))]).toEqual([d, expected, expected]);
    }
    expect(outcome(() => pb.fromBinary(closures, input(99)))).toBe("ok");
    expect(outcome(() => pb.fromBinary(closures, input(100)))).toBe("BinaryDecodeError");
  });
});

describe("binary errors", () => {
  const MFS = schema(MF);
  test("name the limit and the offset", () => {
    const e = (() => {
      try {
        pb.fromBinary(MFS, nestLengthDelimited(4, 5), { recursionLimit: 3 });
      } catch (err) {
        return err as pb.BinaryDecodeError;
      }
      throw new Error("no error");
    })();
    expect(e).toBeInstanceOf(pb.BinaryDecodeError);
    expect(e.message).toMatch(
      /^cannot decode message pbjet\.test\.proto3\.MessageFields from binary: maximum recursion depth of 3 reached at offset \d+ in field pbjet\.test\.proto3\.MessageFields\.5$/,
    );
  });
  test("a limit below 1 (or not a number) admits no message, not even an empty one", () => {
    for (const recursionLimit of [0, -1, Number.NaN]) {
      expect(outcome(() => pb.fromBinary(MFS, new Uint8Array(0), { recursionLimit }))).toBe("BinaryDecodeError");
    }
    expect(outcome(() => es.fromBinary(oracleSchema(MF), new Uint8Array(0), { recursionLimit: 0 }))).not.toBe("ok");
  });
});

describe("getExtension(): accepted exactly where protobuf-es accepts it", () => {
  // FileOptions with the extension file_message = 51001 (OptionMessage, self-recursive via child = 4).
  const extName = "pbjet.test.options.file_message";
  const theirExt = oracleRegistry().getExtension(extName)!;
  const ourExt = registry().getExtension(extName)!;
  test.each(limits)("recursionLimit %p", (limit) => {
    for (const d of depths(limit)) {
      // An unknown length-delimited field's data holds its length prefix.
      const unknown = [{ no: 51001, wireType: EsWireType.LengthDelimited, data: new EsWriter().bytes(nestLengthDelimited(d, 4)).finish() }];
      const theirs = Object.assign(es.create(oracleSchema("google.protobuf.FileOptions", "test")), { $unknown: unknown });
      const ours = Object.assign(pb.create(schema("google.protobuf.FileOptions", "test")), { $unknown: unknown });
      const expected =
        outcome(() => es.getExtension(theirs as never, theirExt as never, { recursionLimit: limit })) === "ok" ? "ok" : "BinaryDecodeError";
      expect([d, outcome(() => pb.getExtension(ours as never, ourExt as never, { recursionLimit: limit }))]).toEqual([d, expected]);
    }
  });
});

describe("size-delimited streams", () => {
  const MFS = schema(MF);
  async function decodeAll(bytes: Uint8Array, options: Partial<pb.SizeDelimitedDecodeOptions>): Promise<string> {
    async function* source() {
      yield bytes;
    }
    try {
      for await (const _ of pb.sizeDelimitedDecodeStream(MFS, source(), options)) void _;
      return "ok";
    } catch (e) {
      return (e as Error).name;
    }
  }
  test("the limit applies to every message of the stream", async () => {
    const w = new EsWriter();
    for (const d of [1, 3]) w.bytes(nestLengthDelimited(d, 5));
    const stream = w.finish();
    expect(await decodeAll(stream, { recursionLimit: 4 })).toBe("ok");
    expect(await decodeAll(stream, { recursionLimit: 3 })).toBe("BinaryDecodeError");
  });
});

describe("text: accepted exactly where protobuf-es accepts it", () => {
  const theirs = oracleSchema(MF);
  const ours = schema(MF);
  test.each(limits)("recursionLimit %p", (limit) => {
    for (const d of depths(limit)) {
      const text = "recursive { ".repeat(d) + "}".repeat(d);
      const expected = outcome(() => esText.fromText(theirs, text, { recursionLimit: limit })) === "ok" ? "ok" : "TextDecodeError";
      expect([d, outcome(() => pbText.fromText(ours, text, { recursionLimit: limit }))]).toEqual([d, expected]);
      expect([d, outcome(() => pbText.mergeFromText(ours, pb.create(ours), text, { recursionLimit: limit }))]).toEqual([d, expected]);
    }
  });
  test("the default is protobuf-es's, and errors name the limit", () => {
    const nested = (d: number) => "recursive { ".repeat(d) + "}".repeat(d);
    expect(outcome(() => esText.fromText(theirs, nested(100)))).not.toBe("ok");
    expect(outcome(() => pbText.fromText(ours, nested(99)))).toBe("ok");
    expect(() => pbText.fromText(ours, nested(100))).toThrow(/maximum nesting depth 100 exceeded/);
    expect(() => pbText.fromText(ours, nested(3), { recursionLimit: 3 })).toThrow(/maximum nesting depth 3 exceeded/);
  });
});

describe("JSON: accepted exactly where protobuf-es accepts it", () => {
  const theirs = oracleSchema(MF);
  const ours = schema(MF);
  const ahead = aot.getMessage(MF)!;
  test.each(limits)("recursionLimit %p", (limit) => {
    for (const d of depths(limit)) {
      const text = '{"recursive":'.repeat(d) + "{}" + "}".repeat(d);
      const expected = outcome(() => es.fromJsonString(theirs, text, { recursionLimit: limit })) === "ok" ? "ok" : "JsonDecodeError";
      expect([d, outcome(() => pb.fromJsonString(ours, text, { recursionLimit: limit }))]).toEqual([d, expected]);
      expect([d, outcome(() => pb.fromJsonString(ahead, text, { recursionLimit: limit }))]).toEqual([d, expected]);
      expect([d, outcome(() => pb.fromJson(ahead, JSON.parse(text) as pb.JsonValue, { recursionLimit: limit }))]).toEqual([d, expected]);
    }
  });
});

/** `k` levels of unknown group field `no`, written with protobuf-es's writer into `w`. */
function unknownGroups(w: EsWriter, k: number, no: number): EsWriter {
  for (let i = 0; i < k; i++) w.tag(no, EsWireType.StartGroup);
  for (let i = 0; i < k; i++) w.tag(no, EsWireType.EndGroup);
  return w;
}

/** `m` levels of message field `wrap` around `content`. */
function nestAround(m: number, content: Uint8Array, wrap: (inner: Uint8Array) => Uint8Array): Uint8Array {
  let body = content;
  for (let i = 0; i < m; i++) body = wrap(body);
  return body;
}

/** Pairs (messages m, unknown groups k) around where `m + 1 + k` (the top-level message counting 1) meets the limit. */
function nestings(limit: number): [number, number][] {
  const pairs: [number, number][] = [];
  for (const m of new Set([0, 1, limit - 2, limit - 1])) {
    if (m < 0) continue;
    for (const k of new Set([0, 1, limit - m - 2, limit - m - 1, limit - m, limit - m + 1])) if (k >= 0) pairs.push([m, k]);
  }
  return pairs;
}

describe("unknown groups count against the limit as protobuf-es counts them", () => {
  const MAPS = "pbjet.test.proto3.MapFields"; // bool_recursive = 26: map<bool, MapFields>
  const STRUCTS = "pbjet.test.proto3.StructFields"; // single = 1: google.protobuf.Struct
  const viaField = (inner: Uint8Array) => new EsWriter().tag(5, EsWireType.LengthDelimited).bytes(inner).finish();
  const viaMapValue = (inner: Uint8Array) => {
    const entry = new EsWriter().tag(1, EsWireType.Varint).bool(true).tag(2, EsWireType.LengthDelimited).bytes(inner).finish();
    return new EsWriter().tag(26, EsWireType.LengthDelimited).bytes(entry).finish();
  };
  // [name, type, input of m message levels and k unknown groups, a read of the groups' message, the smallest limit to test]
  const cases: [string, string, (m: number, k: number) => Uint8Array, (msg: unknown, m: number) => unknown, number][] = [
    [
      "in a message",
      MF,
      (m, k) => nestAround(m, unknownGroups(new EsWriter(), k, 99).finish(), viaField),
      (msg, m) => {
        let at = msg as { recursive?: unknown; $unknown?: unknown };
        for (let i = 0; i < m; i++) at = at.recursive as typeof at;
        return at.$unknown;
      },
      1,
    ],
    [
      "in a map entry",
      MAPS,
      (m, k) => {
        // The groups are in the innermost entry (beside its key), not in its value.
        const entry = unknownGroups(new EsWriter().tag(1, EsWireType.Varint).bool(true), k, 3).finish();
        return nestAround(m, new EsWriter().tag(26, EsWireType.LengthDelimited).bytes(entry).finish(), viaMapValue);
      },
      (msg, m) => {
        let at = msg as { boolRecursive: Record<string, unknown> };
        for (let i = 0; i < m; i++) at = at.boolRecursive.true as typeof at;
        return at.boolRecursive.true;
      },
      1,
    ],
    [
      "in a google.protobuf.Struct",
      STRUCTS,
      (m, k) => structsAround(m, unknownGroups(new EsWriter(), k, 7).finish()),
      (msg) => (msg as { single?: unknown }).single,
      // StructFields and the Struct are 2 levels.
      2,
    ],
    [
      "in a map entry of a google.protobuf.Struct",
      STRUCTS,
      (m, k) => {
        const entry = unknownGroups(new EsWriter().tag(1, EsWireType.LengthDelimited).string("b"), k, 3).finish();
        return structsAround(m, new EsWriter().tag(1, EsWireType.LengthDelimited).bytes(entry).finish());
      },
      (msg) => (msg as { single?: unknown }).single,
      2,
    ],
  ];

  /** StructFields.single holding `m` levels of Struct { "a": Value { struct_value } } around the innermost Struct's content. */
  function structsAround(m: number, content: Uint8Array): Uint8Array {
    let struct = content;
    for (let i = 0; i < m; i++) {
      const value = new EsWriter().tag(5, EsWireType.LengthDelimited).bytes(struct).finish();
      const entry = new EsWriter().tag(1, EsWireType.LengthDelimited).string("a").tag(2, EsWireType.LengthDelimited).bytes(value).finish();
      struct = new EsWriter().tag(1, EsWireType.LengthDelimited).bytes(entry).finish();
    }
    return new EsWriter().tag(1, EsWireType.LengthDelimited).bytes(struct).finish();
  }

  describe.each(cases)("%s", (_, typeName, input, touch, minLimit) => {
    const theirs = oracleSchema(typeName);
    const closures = schema(typeName);
    const ahead = aot.getMessage(typeName)!;
    test.each(limits.filter((l) => l >= minLimit))("recursionLimit %p", (limit) => {
      const seen = new Set<string>();
      for (const [m, k] of nestings(limit)) {
        // (In a Struct, m counts Struct levels: each is 2 messages, a Value and a Struct.)
        const bytes = input(m, k);
        const expected = outcome(() => es.fromBinary(theirs, bytes, { recursionLimit: limit })) === "ok" ? "ok" : "BinaryDecodeError";
        seen.add(expected);
        const results = {
          closures: outcome(() => pb.fromBinary(closures, bytes, { recursionLimit: limit })),
          aot: outcome(() => pb.fromBinary(ahead, bytes, { recursionLimit: limit })),
          lazy: outcome(() => pb.fromBinary(closures, bytes, { recursionLimit: limit, lazy: true })),
          unvalidated: outcome(() => touch(pb.fromBinary(closures, bytes, { recursionLimit: limit, lazy: true, validate: false }), m)),
          merge: outcome(() => pb.mergeFromBinary(ahead, pb.create(ahead), bytes, { recursionLimit: limit })),
        };
        expect([m, k, results]).toEqual([m, k, { closures: expected, aot: expected, lazy: expected, unvalidated: expected, merge: expected }]);
      }
      // Both outcomes occur for each limit: the pairs straddle it.
      expect([...seen].sort()).toEqual(["BinaryDecodeError", "ok"]);
    });
  });

  test("the error names the offset after the group's start tag (as for a message: where its content starts)", () => {
    // Three groups of field 99 (2-byte tags) in the top-level message; the third one is too deep.
    const bytes = unknownGroups(new EsWriter(), 3, 99).finish();
    expect(() => pb.fromBinary(schema(MF), bytes, { recursionLimit: 3 })).toThrow(
      /^maximum recursion depth reached at offset 6 in field pbjet\.test\.proto3\.MessageFields\.99$/,
    );
    expect(() => pb.fromBinary(schema(MF), bytes, { recursionLimit: 4 })).not.toThrow();
  });
});
