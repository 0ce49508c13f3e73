/**
 * Repeated scalar and enum fields: the encoding form (packed or expanded) follows the schema
 * (proto3 default, [packed=false], proto2 [packed=true], editions file and field features);
 * decoding accepts both forms for every packable field, and mixed chunks concatenate.
 */
import { fromBinary, toBinary, type DescField } from "@pbjet/protobuf";
import { hex, schema } from "../helpers";
import { concat, create, expandedChunk, oracleHex, packedChunk, rec, topLevelTags, wireTypeOf } from "./util";

const I32 = [0, -1, 300, 2 ** 31 - 1, -(2 ** 31)];
const U32 = [0, 300, 2 ** 32 - 1];
const I64 = [0n, -1n, 300n, 2n ** 63n - 1n, -(2n ** 63n)];
const U64 = [0n, 300n, 2n ** 64n - 1n];
const valuesByScalar: Record<number, unknown[]> = {
  1: [0, -0, -1.5, Infinity, NaN, Number.MAX_VALUE],
  2: [0, -1.5, 3.4028234663852886e38, -Infinity, NaN],
  3: I64,
  4: U64,
  5: I32,
  6: U64,
  7: U32,
  8: [true, false, true],
  13: U32,
  15: I32,
  16: I64,
  17: I32,
  18: I64,
};

/** Scalar type number used on the wire (enums are int32). */
function wireScalar(f: DescField): number {
  return f.fieldKind === "list" && f.listKind === "enum" ? 5 : (f.scalar as number);
}

function valuesFor(f: DescField): unknown[] {
  if (f.fieldKind === "list" && f.listKind === "enum") {
    // No `!`: listKind narrows `enum` (as in protobuf-es).
    const nums = f.enum.values.map((v) => v.number);
    return [...nums, nums[0]];
  }
  return valuesByScalar[f.scalar as number];
}

/** Which repeated fields of the corpus must be written packed, by type and field name. */
const expectations: [string, (name: string) => boolean][] = [
  ["pbjet.test.proto3.RepeatedScalarValues", () => true],
  ["pbjet.test.proto3.UnpackedRepeatedScalarValues", () => false],
  ["pbjet.test.proto3.ExplicitPackedRepeated", () => true],
  ["pbjet.test.proto3.EnumFields", () => true],
  ["pbjet.test.proto2.RepeatedFields", (n) => n.startsWith("packed_")],
  ["pbjet.test.edition2023.RepeatedEncoding", (n) => n.startsWith("packed_")],
  ["pbjet.test.edition2023.EnumFields", () => false],
  ["pbjet.test.edition2024.Encodings", (n) => n.startsWith("packed_")],
];

const rows: [string, string, boolean][] = [];
for (const [typeName, packed] of expectations) {
  for (const f of schema(typeName).fields) {
    if (f.fieldKind !== "list" || f.listKind === "message") continue;
    if (f.scalar === 9 || f.scalar === 12) continue; // string and bytes are never packed
    rows.push([typeName, f.name, packed(f.name)]);
  }
}

describe.each(rows)("%s.%s (packed: %s)", (typeName, fieldName, packed) => {
  const desc = schema(typeName);
  const f = desc.fields.find((x) => x.name === fieldName)!;
  const values = valuesFor(f);
  const scalar = wireScalar(f);
  const local = f.localName;

  test("descriptor and encoding form follow the schema, bytes equal the oracle", () => {
    expect(f.fieldKind === "list" && f.packed).toBe(packed);
    const bytes = toBinary(desc, create(desc, { [local]: values }));
    expect(hex(bytes)).toBe(oracleHex(typeName, { [local]: values }));
    const tags = topLevelTags(bytes);
    if (packed) {
      expect(tags).toEqual([[f.number, 2]]);
      expect(hex(bytes)).toBe(hex(packedChunk(f.number, scalar, values)));
    } else {
      expect(tags).toEqual(values.map(() => [f.number, wireTypeOf(scalar)]));
      expect(hex(bytes)).toBe(hex(expandedChunk(f.number, scalar, values)));
    }
  });

  test("an empty list writes nothing", () => {
    expect(toBinary(desc, create(desc, { [local]: [] })).length).toBe(0);
  });

  test("decoding accepts the packed form", () => {
    expect(rec(fromBinary(desc, packedChunk(f.number, scalar, values)))[local]).toEqual(values);
  });

  test("decoding accepts the expanded form", () => {
    expect(rec(fromBinary(desc, expandedChunk(f.number, scalar, values)))[local]).toEqual(values);
  });

  test("mixed packed and expanded chunks (and an empty packed chunk) concatenate in order", () => {
    const [a, b, ...rest] = values;
    const input = concat(
      packedChunk(f.number, scalar, [a, b]),
      expandedChunk(f.number, scalar, [rest[0]]),
      packedChunk(f.number, scalar, []),
      packedChunk(f.number, scalar, rest.slice(1)),
      expandedChunk(f.number, scalar, [a]),
    );
    const back = fromBinary(desc, input);
    expect(rec(back)[local]).toEqual([...values, a]);
    // Re-encoding uses the schema's form, whatever the input used.
    expect(topLevelTags(toBinary(desc, back)).length).toBe(packed ? 1 : values.length + 1);
  });
});

describe("packed fields in more detail", () => {
  const desc = schema("pbjet.test.proto3.RepeatedScalarValues");
  test("hand-computed packed bytes", () => {
    const bytes = toBinary(desc, create(desc, { int32Field: [1, 2, 150], sint32Field: [-1, 1], boolField: [true, false] }));
    expect(hex(bytes)).toBe("1a0401029601" + "3a020102" + "6a020100");
  });
  test("negative int32 takes 10 bytes inside a packed chunk", () => {
    expect(hex(toBinary(desc, create(desc, { int32Field: [-1] })))).toBe("1a0affffffffffffffffff01");
  });
  test("a long packed varint list gets a multi-byte length prefix", () => {
    const values = Array.from({ length: 1000 }, (_, i) => i * 1000);
    const bytes = toBinary(desc, create(desc, { int32Field: values }));
    expect(hex(bytes)).toBe(hex(packedChunk(3, 5, values)));
    expect(rec(fromBinary(desc, bytes)).int32Field).toEqual(values);
  });
  test("a long packed fixed-width list", () => {
    const values = Array.from({ length: 300 }, (_, i) => i / 3);
    const bytes = toBinary(desc, create(desc, { doubleField: values }));
    expect(hex(bytes.subarray(0, 3))).toBe("0ae012");
    expect(rec(fromBinary(desc, bytes)).doubleField).toEqual(values);
  });
  test("decoding appends to values already in the list (mergeFromBinary semantics)", () => {
    const back = fromBinary(desc, concat(packedChunk(3, 5, [1, 2]), packedChunk(3, 5, [3])));
    expect(rec(back).int32Field).toEqual([1, 2, 3]);
  });
  test("strings and bytes are expanded even in proto3", () => {
    const bytes = toBinary(desc, create(desc, { stringField: ["a", ""], bytesField: [new Uint8Array([1])] }));
    expect(hex(bytes)).toBe("720161" + "7200" + "7a0101");
  });
});

describe("jstype = JS_STRING on repeated 64-bit fields", () => {
  test("values are strings, written packed, and both forms decode", () => {
    const desc = schema("pbjet.test.proto3.JsTypes");
    const values = ["0", "-1", "9223372036854775807", "-9223372036854775808"];
    const bytes = toBinary(desc, create(desc, { repeatedInt64String: values }));
    expect(hex(bytes)).toBe(oracleHex("pbjet.test.proto3.JsTypes", { repeatedInt64String: values }));
    expect(rec(fromBinary(desc, bytes)).repeatedInt64String).toEqual(values);
    expect(rec(fromBinary(desc, expandedChunk(10, 3, values.map(BigInt)))).repeatedInt64String).toEqual(values);
  });
});
