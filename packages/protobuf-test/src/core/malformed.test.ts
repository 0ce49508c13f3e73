/**
 * Malformed input: every failure path of fromBinary throws a BinaryDecodeError (a
 * ProtobufError) that names the problem and an offset (and the field, where there is one);
 * deep nesting fails cleanly at the depth limit; random and mutated inputs either decode or
 * throw BinaryDecodeError, never anything else.
 */
import fc from "fast-check";
import { BinaryDecodeError, BinaryEncodeError, fromBinary, toBinary, type DescMessage } from "@pbjet/protobuf";
import { fromHex, hex, schema } from "../helpers";
import { create, decodeError } from "./util";

const S = schema("pbjet.test.proto3.ScalarValues");
const MF = schema("pbjet.test.proto3.MessageFields");
const R = schema("pbjet.test.proto3.RepeatedScalarValues");
const G = schema("pbjet.test.proto2.GroupFields");
const E = schema("pbjet.test.proto3.EmptyMessage");

// [label, schema, input, message pattern, offset, field number (undefined: none expected)]
const cases: [string, DescMessage, string, RegExp, number, number | undefined][] = [
  ["tag without value (varint)", S, "1801 18", /premature EOF|truncated/, 3, 3],
  ["truncated varint value", S, "18 8080", /truncated varint|premature EOF/, 1, 3],
  ["truncated int64 value", S, "20 ffffffff", /truncated varint|premature EOF/, 1, 4],
  ["truncated bool value", S, "68 80", /truncated varint|premature EOF/, 1, 13],
  ["truncated fixed32", S, "4d 010203", /premature EOF/, 1, 9],
  ["truncated float", S, "15 0000", /premature EOF/, 1, 2],
  ["truncated fixed64", S, "51 01020304050607", /premature EOF/, 1, 10],
  ["truncated double", S, "09 00", /premature EOF/, 1, 1],
  ["missing length", S, "72", /premature EOF|truncated/, 1, 14],
  ["truncated length varint", S, "72 80", /premature EOF|truncated/, 1, 14],
  ["string length beyond end", S, "72 05 616263", /premature EOF/, 2, 14],
  ["bytes length beyond end", S, "7a 02 01", /premature EOF/, 2, 15],
  ["huge length", S, "7a ffffffff0f 00", /premature EOF/, 6, 15],
  ["sub-message length beyond end", MF, "0a 05 0801", /premature EOF/, 2, 1],
  ["truncated field inside a sub-message", MF, "0a 02 08 80", /truncated varint|premature EOF/, 3, 1],
  ["sub-message content exceeding the parent's length", MF, "0a 03 1205 61 6161", /premature EOF/, 4, 2],
  ["invalid wire type 6 (known field)", S, "1e 01", /wire type 6/, 0, 3],
  ["invalid wire type 7 (unknown field 63)", S, "ff03 01", /wire type 7/, 0, 63],
  ["field number 0", S, "00 01", /field no 0/, 0, undefined],
  ["field number 0, length-delimited", S, "02 00", /field no 0/, 0, undefined],
  ["overlong varint value (11 bytes)", S, "18 ffffffffffffffffffff01", /invalid varint/, 1, 3],
  ["overlong int64 value (11 bytes)", S, "20 ffffffffffffffffffff01", /invalid varint/, 1, 4],
  ["overlong unknown varint (11 bytes)", S, "f801 ffffffffffffffffffff01", /invalid varint/, 2, 31],
  ["overlong tag (11 bytes)", S, "ffffffffffffffffffff01", /invalid varint/, 0, undefined],
  ["unterminated group", G, "13 0801", /end.group|wire type 4/, 3, 2],
  // (the field named is the one of the stray end-group tag, inside the group's message)
  ["mismatched end group", G, "13 0801 1c", /end.group|wire type 4/, 3, 3],
  ["mismatched end group with a 2-byte tag", G, "13 0801 fc01", /end.group|wire type 4/, 3, 31],
  ["end group at top level with a 2-byte tag", G, "0801 a401", /end.group|wire type 4/, 2, undefined],
  ["field number 0 in a 2-byte tag", S, "1801 8000 01", /field no 0/, 2, undefined],
  ["invalid wire type 6 in a 2-byte tag", S, "1801 8601 01", /wire type 6/, 2, 16],
  ["end group at top level", G, "0801 0c", /end.group|wire type 4/, 2, undefined],
  ["unterminated unknown group", E, "0b 0801", /end-group|premature EOF|truncated/, 3, 1],
  ["mismatched unknown end group", E, "0b 0801 14", /end.group|wire type 4/, 3, 1],
  ["packed chunk cutting a varint", R, "1a02 0196 01", /truncated varint|premature EOF/, 3, 3],
  ["packed fixed32 with a partial element", R, "4a03 010203", /premature EOF/, 2, 9],
  ["packed double with a partial element", R, "0a09 000000000000f03f 00", /premature EOF/, 10, 1],
  ["packed length beyond end", R, "1a05 0102", /premature EOF/, 2, 3],
  ["map entry length beyond end", schema("pbjet.test.proto3.MapFields"), "0a05 0801", /premature EOF/, 2, 1],
  ["map entry with a truncated key", schema("pbjet.test.proto3.MapFields"), "0a02 0880", /truncated varint|premature EOF/, 3, 1],
];

describe.each(cases)("%s", (_, desc, input, pattern, offset, fieldNo) => {
  test("throws BinaryDecodeError naming the problem, the offset and the field", () => {
    const e = decodeError(desc, fromHex(input));
    expect(e.name).toBe("BinaryDecodeError");
    expect(e.message).toMatch(pattern);
    expect(e.message).toMatch(/offset \d+/);
    expect(e.offset).toBe(offset);
    if (fieldNo !== undefined) {
      expect(e.fieldNumber).toBe(fieldNo);
      expect(e.typeName).toBeDefined();
      expect(e.message).toContain(`.${fieldNo}`);
    }
  });
});

/**
 * `depth` levels of a self-recursive field: field `no` (a one-byte tag) of each level holds
 * the next. Sizes are computed inside-out first, so that building is linear in the output.
 */
function nestLengthDelimited(depth: number, no: number, leaf: Uint8Array = new Uint8Array(0)): Uint8Array {
  const varintSize = (n: number) => (n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5);
  const sizes = [leaf.length]; // sizes[i]: encoded size of the innermost i levels
  for (let i = 1; i <= depth; i++) sizes.push(1 + varintSize(sizes[i - 1]) + sizes[i - 1]);
  const out = new Uint8Array(sizes[depth]);
  let pos = 0;
  for (let i = depth; i >= 1; i--) {
    out[pos++] = (no << 3) | 2;
    let n = sizes[i - 1];
    while (n > 0x7f) {
      out[pos++] = (n & 0x7f) | 0x80;
      n >>>= 7;
    }
    out[pos++] = n;
  }
  out.set(leaf, pos);
  return out;
}

/** `depth` levels of a self-recursive group-encoded field `no` (one-byte tags). */
function nestGroups(depth: number, no: number): Uint8Array {
  const start = (no << 3) | 3;
  const end = (no << 3) | 4;
  const out = new Uint8Array(depth * 2);
  out.fill(start, 0, depth);
  out.fill(end, depth);
  return out;
}

describe("nesting depth", () => {
  const GL = schema("pbjet.test.edition2023.MessageEncoding.GroupLike"); // nested = 2, DELIMITED
  const INNER = schema("pbjet.test.edition2023.delimited.Inner"); // inner = 2, DELIMITED
  const RA = schema("pbjet.test.edge.RecursiveA"); // b = 1 -> RecursiveB.a = 1
  test.each([
    ["self-recursive length-delimited (MessageFields.recursive)", MF, (d: number) => nestLengthDelimited(d, 5)],
    ["mutual recursion (RecursiveA / RecursiveB)", RA, (d: number) => nestLengthDelimited(d, 1)],
    ["self-recursive DELIMITED (GroupLike.nested)", GL, (d: number) => nestGroups(d, 2)],
    ["file-level DELIMITED (Inner.inner)", INNER, (d: number) => nestGroups(d, 2)],
  ])("%s: 99 levels below the top-level message decode, 100 fail (recursion limit 100), 100000 fail without a stack overflow", (_, desc, nest) => {
    expect(() => fromBinary(desc, nest(99))).not.toThrow();
    const e = decodeError(desc, nest(100));
    expect(e.message).toMatch(/maximum recursion depth of 100 reached/);
    const deep = decodeError(desc, nest(100000));
    expect(deep.message).toMatch(/depth/);
  });
  test("unknown groups nested beyond the limit fail cleanly", () => {
    expect(() => fromBinary(E, nestGroups(50, 1))).not.toThrow();
    const e = decodeError(E, nestGroups(100000, 1));
    expect(e.message).toMatch(/deep|depth/);
  });
  test("unknown length-delimited nesting is not parsed, so it never recurses", () => {
    const m = fromBinary(E, nestLengthDelimited(1000, 1));
    expect(hex(toBinary(E, m))).toBe(hex(nestLengthDelimited(1000, 1)));
  });
  test("the recursionLimit option is honoured, for messages and groups (the top-level message counts)", () => {
    expect(() => fromBinary(MF, nestLengthDelimited(10, 5), { recursionLimit: 11 })).not.toThrow();
    expect(decodeError(MF, nestLengthDelimited(11, 5), { recursionLimit: 11 }).message).toMatch(/depth of 11 reached/);
    expect(() => fromBinary(GL, nestGroups(5, 2), { recursionLimit: 6 })).not.toThrow();
    decodeError(GL, nestGroups(6, 2), { recursionLimit: 6 });
    expect(() => fromBinary(MF, nestLengthDelimited(150, 5), { recursionLimit: 201 })).not.toThrow();
    decodeError(MF, nestLengthDelimited(1, 5), { recursionLimit: 1 });
  });
});

describe("fuzz: random and mutated inputs decode or throw BinaryDecodeError", () => {
  const schemas = [
    "pbjet.test.proto3.AllTypes",
    "pbjet.test.proto2.AllTypes",
    "pbjet.test.edition2023.AllTypes",
    "pbjet.test.proto2.GroupFields",
    "pbjet.test.proto3.MapFields",
    "pbjet.test.edition2023.MessageEncoding",
    "pbjet.test.edge.RecursiveA",
    "pbjet.test.proto3.EmptyMessage",
  ].map((t) => schema(t));

  /** Decodes; if that works, the result must encode and decode again. Other errors fail. */
  function check(desc: DescMessage, bytes: Uint8Array): void {
    let msg: ReturnType<typeof fromBinary>;
    try {
      msg = fromBinary(desc, bytes);
    } catch (e) {
      if (!(e instanceof BinaryDecodeError)) throw e;
      expect(typeof e.offset).toBe("number");
      expect(e.offset).toBeGreaterThanOrEqual(0);
      expect(e.offset).toBeLessThanOrEqual(bytes.length);
      return;
    }
    let bytes2: Uint8Array;
    try {
      bytes2 = toBinary(desc, msg);
    } catch (e) {
      // Decoding does not require LEGACY_REQUIRED / proto2 required fields; encoding does.
      if (e instanceof BinaryEncodeError && /required field/.test(e.message)) return;
      throw e;
    }
    fromBinary(desc, bytes2);
  }

  test("random byte arrays", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: schemas.length - 1 }), fc.uint8Array({ maxLength: 300 }), (i, bytes) => {
        check(schemas[i], bytes);
      }),
      { numRuns: 3000 },
    );
  });

  test("random sequences of plausible fields", () => {
    const field = fc.tuple(fc.integer({ min: 1, max: 40 }), fc.constantFrom(0, 1, 2, 3, 4, 5), fc.uint8Array({ maxLength: 12 }));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: schemas.length - 1 }), fc.array(field, { maxLength: 20 }), (i, fields) => {
        const parts: number[] = [];
        for (const [no, wt, data] of fields) {
          const tag = (no << 3) | wt;
          if (tag > 0x7f) parts.push((tag & 0x7f) | 0x80, tag >> 7);
          else parts.push(tag);
          if (wt === 2) parts.push(data.length);
          parts.push(...data);
        }
        check(schemas[i], new Uint8Array(parts));
      }),
      { numRuns: 3000 },
    );
  });

  // Valid encodings to mutate.
  const seeds: [DescMessage, Uint8Array][] = [
    [
      schema("pbjet.test.proto3.AllTypes"),
      toBinary(
        schema("pbjet.test.proto3.AllTypes"),
        create(schema("pbjet.test.proto3.AllTypes"), {
          scalars: { int32Field: -1, int64Field: 2n ** 40n, stringField: "héllo", doubleField: 1.5, bytesField: new Uint8Array([1, 2]) },
          repeatedScalars: { int32Field: [1, -1, 300], doubleField: [1, 2], stringField: ["a", "b"] },
          unpackedScalars: { int32Field: [1, 2], fixed64Field: [3n] },
          messages: { nestedField: { a: 1, child: { b: "x", deeper: { values: ["v"] } } }, recursive: { recursive: {} } },
          maps: { stringMessage: { k: { a: 1 } }, int64Int64: { "-5": 7n }, boolBool: { true: true } },
          oneofs: { kind: { case: "messageValue", value: { a: 2 } }, second: { case: "secondString", value: "s" } },
        }),
      ),
    ],
    [
      schema("pbjet.test.proto2.GroupFields"),
      toBinary(
        schema("pbjet.test.proto2.GroupFields"),
        create(schema("pbjet.test.proto2.GroupFields"), {
          before: 1,
          optionalgroup: { a: 2, nestedgroup: { c: 3, d: ["x"] } },
          repeatedgroup: [{ a: 1, b: [1, 2], msg: { int32Field: 5 } }, {}],
          groupOneof: { case: "oneofgroup", value: { x: "y" } },
          after: 9,
        }),
      ),
    ],
    [
      schema("pbjet.test.edition2023.MessageEncoding"),
      toBinary(
        schema("pbjet.test.edition2023.MessageEncoding"),
        create(schema("pbjet.test.edition2023.MessageEncoding"), {
          lengthPrefixed: { a: 1 },
          delimited: { a: 2, recursive: { b: "r" } },
          repeatedDelimited: [{}, { a: 3 }],
          grouplike: { a: 1, nested: { a: 2, nested: {} } },
          mapChild: { k: { a: 4 } },
        }),
      ),
    ],
  ];

  test("seeds are valid", () => {
    for (const [desc, bytes] of seeds) expect(() => fromBinary(desc, bytes)).not.toThrow();
  });

  test("bit flips, truncations, byte insertions and deletions of valid encodings", () => {
    const mutation = fc.oneof(
      fc.record({ kind: fc.constant("flip"), at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }),
      fc.record({ kind: fc.constant("truncate"), at: fc.nat() }),
      fc.record({ kind: fc.constant("insert"), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
      fc.record({ kind: fc.constant("delete"), at: fc.nat() }),
      fc.record({ kind: fc.constant("set"), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: seeds.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 }), (i, mutations) => {
        const [desc, seed] = seeds[i];
        let bytes = Array.from(seed);
        for (const m of mutations) {
          const at = bytes.length === 0 ? 0 : m.at % bytes.length;
          switch (m.kind) {
            case "flip":
              if (bytes.length > 0) bytes[at] ^= 1 << (m as { bit: number }).bit;
              break;
            case "truncate":
              bytes = bytes.slice(0, at);
              break;
            case "insert":
              bytes.splice(at, 0, (m as { byte: number }).byte);
              break;
            case "delete":
              bytes.splice(at, 1);
              break;
            case "set":
              if (bytes.length > 0) bytes[at] = (m as { byte: number }).byte;
              break;
          }
        }
        check(desc, new Uint8Array(bytes));
      }),
      { numRuns: 5000 },
    );
  });

  test("every truncation of every seed", () => {
    for (const [desc, seed] of seeds) {
      for (let n = 0; n < seed.length; n++) check(desc, seed.subarray(0, n));
    }
  });
});
