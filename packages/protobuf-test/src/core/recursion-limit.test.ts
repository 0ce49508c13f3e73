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
    expect(e.message).toMatch(/maximum nesting depth 3 exceeded at offset \d+$/);
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
