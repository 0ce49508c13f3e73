/**
 * Differential tests of unknown fields against @bufbuild/protobuf 2.17 (the oracle): bytes
 * of a message are decoded with a schema that knows only part of its fields, in both
 * libraries. The unknown fields each library keeps must be the same (number, wire type and
 * data, in order), and encoding again must reproduce the original field set.
 *
 * The smaller schemas are:
 * - google.protobuf.Empty, for every message type: everything is unknown;
 * - the same descriptor sets with every even-numbered (or every odd-numbered) field
 *   removed from every message of the corpus files, nested ones included;
 * - other message types with the same field numbers: the conformance TestAllTypes
 *   variants of proto2 and proto3 decoded as their editions twins and back, and
 *   UnknownToTestAllTypes (groups and messages at numbers the other type does not know).
 *
 * Where the oracle does not follow the protobuf spec (fields with an unexpected wire type,
 * unknown closed enum values in packed fields), pbjet is tested against the spec instead.
 */
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import { FileDescriptorSetSchema as PbFileDescriptorSetSchema } from "@pbjet/protobuf/wkt";
import * as oracle from "@bufbuild/protobuf";
import { BinaryReader } from "@bufbuild/protobuf/wire";
import * as owkt from "@bufbuild/protobuf/wkt";
import { descriptorSetBytes } from "../helpers";
import { isInitializable, messageInit, messageTypes, type InitOptions } from "./arbitrary";
import { LossyError, toOracleMessage } from "./oracle-init";
import { errorOf, fcParams, hex, oracleMessage, oracleSafe, registry, RUNS, type SetName } from "./util";

const sets: SetName[] = ["test", "conformance"];

/** Unknown fields in a comparable form. */
function unknowns(msg: { $unknown?: { no: number; wireType: number; data: Uint8Array }[] }): string[] {
  return (msg.$unknown ?? []).map((u) => `${u.no}/${u.wireType}/${hex(u.data)}`);
}

/**
 * The top-level fields of encoded bytes as number and wire type, stably sorted by number
 * (read by the oracle). Data is left out: nested messages reorder their own unknown fields.
 */
function fieldSet(bytes: Uint8Array): string[] {
  const r = new BinaryReader(bytes);
  const out: { no: number; s: string }[] = [];
  while (r.pos < r.len) {
    const [no, wt] = r.tag();
    r.skip(wt, no);
    out.push({ no, s: `${no}/${wt}` });
  }
  return out.sort((a, b) => a.no - b.no).map((e) => e.s);
}

/**
 * Bytes of a random, complete message of the type (pbjet's encoding). Inputs the oracle's
 * message objects cannot represent are left out (see oracle-init.ts): the oracle decodes
 * to the same representation.
 */
function encoded(set: SetName, desc: pb.DescMessage, options: InitOptions = {}): fc.Arbitrary<Uint8Array> {
  const odesc = oracleMessage(set, desc);
  return messageInit(desc, { ...oracleSafe, ...options })
    .filter((init) => {
      try {
        toOracleMessage(desc, odesc, init);
        return true;
      } catch (e) {
        if (e instanceof LossyError) return false;
        throw e;
      }
    })
    .map((init) => pb.toBinary(desc, pb.create(desc, init)));
}

/**
 * Decodes bytes with a smaller schema in both libraries and checks that the unknown fields
 * match, and that encoding again reproduces the field set of the original bytes. If one
 * library rejects the bytes, the other must too.
 */
function checkPartialDecode(
  bytes: Uint8Array,
  full: pb.DescMessage,
  ours: pb.DescMessage,
  theirs: oracle.DescMessage,
  reproducesOriginal: boolean,
): void {
  let ourMsg: pb.Message | undefined;
  let theirMsg: oracle.Message | undefined;
  const ourError = errorOf(() => (ourMsg = pb.fromBinary(ours, bytes)));
  const theirError = errorOf(() => (theirMsg = oracle.fromBinary(theirs, bytes)));
  if ((ourError === undefined) !== (theirError === undefined)) {
    throw new Error(
      `pbjet ${ourError === undefined ? "accepted" : `rejected (${String(ourError)})`} the bytes ${hex(bytes)}, ` +
        `the oracle ${theirError === undefined ? "accepted" : `rejected (${String(theirError)})`} them`,
    );
  }
  if (ourMsg === undefined || theirMsg === undefined) return;
  expect(unknowns(ourMsg)).toEqual(unknowns(theirMsg));
  // Nested unknown fields, and their place after the known fields, by the bytes.
  const again = pb.toBinary(ours, ourMsg);
  expect(hex(again)).toBe(hex(oracle.toBinary(theirs, theirMsg)));
  expect(hex(pb.toBinary(ours, ourMsg, { writeUnknownFields: false }))).toBe(hex(oracle.toBinary(theirs, theirMsg, { writeUnknownFields: false })));
  if (reproducesOriginal) {
    // The same fields, known ones moved before unknown ones (in nested messages too)...
    expect(fieldSet(again)).toEqual(fieldSet(bytes));
    // ...which the full schema reads back to the original message.
    expect(hex(pb.toBinary(full, pb.fromBinary(full, again)))).toBe(hex(bytes));
  }
}

describe.each(sets)("unknown fields: %s decoded as google.protobuf.Empty", (set) => {
  const empty = registry("test").getMessage("google.protobuf.Empty")!;
  const oempty = oracle
    .createFileRegistry(oracle.fromBinary(owkt.FileDescriptorSetSchema, descriptorSetBytes("test")))
    .getMessage("google.protobuf.Empty")!;
  const types = messageTypes(registry(set)).filter((t) => isInitializable(t));

  test.each(types.map((t) => [t.typeName, t] as const))("%s", (_name, desc) => {
    fc.assert(
      fc.property(encoded(set, desc), (bytes) => {
        checkPartialDecode(bytes, desc, empty, oempty, true);
        // Nothing is known: the unknown fields are the message, byte for byte.
        expect(hex(pb.toBinary(empty, pb.fromBinary(empty, bytes)))).toBe(hex(bytes));
      }),
      fcParams(Math.ceil(RUNS / 2)),
    );
  });
});

/**
 * The descriptor set with fields removed from every message of the corpus files (not from
 * google/protobuf/*, and not from map entries). Oneofs left without members are removed.
 */
function subsetDescriptorSet(set: SetName, drop: (no: number) => boolean): Uint8Array {
  const fds = oracle.fromBinary(owkt.FileDescriptorSetSchema, descriptorSetBytes(set));
  const prune = (m: owkt.DescriptorProto): void => {
    m.nestedType.forEach(prune);
    if (m.options?.mapEntry === true) return;
    m.field = m.field.filter((f) => !drop(f.number));
    const hasOneof = (f: owkt.FieldDescriptorProto) => Object.prototype.hasOwnProperty.call(f, "oneofIndex");
    const used = new Set(m.field.filter(hasOneof).map((f) => f.oneofIndex));
    const renumber = new Map<number, number>();
    m.oneofDecl = m.oneofDecl.filter((_, i) => {
      if (!used.has(i)) return false;
      renumber.set(i, renumber.size);
      return true;
    });
    for (const f of m.field) if (hasOneof(f)) f.oneofIndex = renumber.get(f.oneofIndex)!;
  };
  for (const file of fds.file) {
    if (file.name.startsWith("google/")) continue;
    file.messageType.forEach(prune);
  }
  return oracle.toBinary(owkt.FileDescriptorSetSchema, fds);
}

const variants = [
  ["even", (no: number) => no % 2 === 0],
  ["odd", (no: number) => no % 2 === 1],
] as const;

describe.each(sets)("unknown fields: %s decoded with fields removed", (set) => {
  describe.each(variants)("%s field numbers removed", (_variant, drop) => {
    const bytes = subsetDescriptorSet(set, drop);
    const ourSubset = pb.createFileRegistry(pb.fromBinary(PbFileDescriptorSetSchema, bytes));
    const theirSubset = oracle.createFileRegistry(oracle.fromBinary(owkt.FileDescriptorSetSchema, bytes));
    const types = messageTypes(registry(set)).filter((t) => !t.file.name.startsWith("google/") && isInitializable(t) && t.fields.length > 0);

    test("the smaller schemas lost fields", () => {
      const lost = types.filter((t) => ourSubset.getMessage(t.typeName)!.fields.length < t.fields.length);
      expect(lost.length).toBeGreaterThan(types.length / 3);
    });

    test.each(types.map((t) => [t.typeName, t] as const))("%s", (name, desc) => {
      const ours = ourSubset.getMessage(name)!;
      const theirs = theirSubset.getMessage(name)!;
      fc.assert(
        fc.property(encoded(set, desc), (bytes) => checkPartialDecode(bytes, desc, ours, theirs, true)),
        fcParams(Math.ceil(RUNS / 2)),
      );
    });
  });
});

describe("unknown fields: conformance messages decoded as related types", () => {
  // Pairs with the same field numbers and wire types. Other pairs of the TestAllTypes
  // variants (proto3 as proto2, ...) run into two places where the oracle does not follow
  // the protobuf spec, tested against the spec below instead.
  const pairs: [string, string][] = [
    ["protobuf_test_messages.proto2.TestAllTypesProto2", "protobuf_test_messages.editions.proto2.TestAllTypesProto2"],
    ["protobuf_test_messages.editions.proto2.TestAllTypesProto2", "protobuf_test_messages.proto2.TestAllTypesProto2"],
    ["protobuf_test_messages.proto3.TestAllTypesProto3", "protobuf_test_messages.editions.proto3.TestAllTypesProto3"],
    ["protobuf_test_messages.editions.proto3.TestAllTypesProto3", "protobuf_test_messages.proto3.TestAllTypesProto3"],
    ["protobuf_test_messages.proto2.UnknownToTestAllTypes", "protobuf_test_messages.proto2.TestAllTypesProto2"],
    ["protobuf_test_messages.editions.proto2.UnknownToTestAllTypes", "protobuf_test_messages.editions.proto2.TestAllTypesProto2"],
    ["protobuf_test_messages.proto2.UnknownToTestAllTypes", "protobuf_test_messages.proto3.TestAllTypesProto3"],
  ];
  const reg = registry("conformance");
  const oreg = oracle.createFileRegistry(oracle.fromBinary(owkt.FileDescriptorSetSchema, descriptorSetBytes("conformance")));

  test.each(pairs)("%s as %s", (from, to) => {
    const full = reg.getMessage(from)!;
    const ours = reg.getMessage(to)!;
    const theirs = oreg.getMessage(to)!;
    fc.assert(
      fc.property(encoded("conformance", full, { depth: 1, unknownFields: false }), (bytes) => checkPartialDecode(bytes, full, ours, theirs, false)),
      fcParams(),
    );
  });
});

describe("unknown fields where the oracle deviates from the protobuf spec", () => {
  const reg = registry("conformance");
  const proto2 = reg.getMessage("protobuf_test_messages.proto2.TestAllTypesProto2")!;
  const proto3 = reg.getMessage("protobuf_test_messages.proto3.TestAllTypesProto3")!;

  // A field whose wire type does not match the schema is an unknown field (C++, Java and Go
  // do so). The oracle instead parses a length-delimited field 201 as the proto2 group Data
  // and fails ("illegal tag"), or a group as a length-delimited message.
  test("a message field with another wire type is kept as unknown field", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 1, max: 3 }), (value, depth) => {
        // proto3 field 201 is a BoolValue (LEN); in proto2 it is the group Data (SGROUP).
        let bytes = pb.toBinary(proto3, pb.create(proto3, { optionalBoolWrapper: value } as never));
        const innermost = hex(bytes);
        // Nest it in recursive_message (27, LEN in both) a few times.
        for (let i = 1; i < depth; i++) {
          bytes = pb.toBinary(proto3, pb.fromBinary(proto3, new Uint8Array([0xda, 0x01, bytes.length, ...bytes])));
        }
        const msg = pb.fromBinary(proto2, bytes);
        let inner = msg as unknown as { $unknown?: pb.UnknownField[]; recursiveMessage?: unknown };
        for (let i = 1; i < depth; i++) inner = inner.recursiveMessage as typeof inner;
        expect(unknowns(inner)).toEqual([`201/2/${innermost.slice(4)}`]);
        expect(hex(pb.toBinary(proto2, msg))).toBe(hex(bytes));
        // And the other way: the group Data of proto2 is unknown to proto3's BoolValue field.
        const group = pb.toBinary(proto2, pb.create(proto2, { data: { groupInt32: 7 } } as never));
        const back = pb.fromBinary(proto3, group);
        expect(back.$unknown?.map((u) => `${u.no}/${u.wireType}`)).toEqual(["201/3"]);
        expect(hex(pb.toBinary(proto3, back))).toBe(hex(group));
      }),
      fcParams(10),
    );
  });

  // Same for scalar fields: the oracle reads a scalar field with whatever wire type it
  // came with as if it had the expected one (field 1 as varint here), and then fails or
  // reads garbage.
  test("a scalar field with another wire type is kept as unknown field", () => {
    const wireTypes = fc.constantFrom(1, 2, 5); // optional_int32 (1) is a varint
    fc.assert(
      fc.property(wireTypes, fc.uint8Array({ minLength: 8, maxLength: 8 }), (wt, payload) => {
        const data = wt === 1 ? payload : wt === 5 ? payload.subarray(0, 4) : new Uint8Array([4, ...payload.subarray(0, 4)]);
        const bytes = new Uint8Array([(1 << 3) | wt, ...data]);
        const msg = pb.fromBinary(proto2, bytes);
        expect(pb.isFieldSet(msg, proto2.field.optionalInt32)).toBe(false);
        expect(unknowns(msg)).toEqual([`1/${wt}/${hex(data)}`]);
        expect(hex(pb.toBinary(proto2, msg))).toBe(hex(bytes));
      }),
      fcParams(),
    );
  });

  // An unknown value of a closed enum in a repeated field goes to the unknown fields, one
  // varint per value, also when it was packed. The oracle keeps it in the list when packed.
  test("unknown closed enum values of packed fields are unknown fields", () => {
    const enumDesc = proto2.field.packedNestedEnum.enum!;
    const known = new Set(enumDesc.values.map((v) => v.number));
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...known), fc.integer({ min: -0x80000000, max: 0x7fffffff }))), (values) => {
        // proto3's packed_nested_enum (88) is an open enum, proto2's a closed one.
        const bytes = pb.toBinary(proto3, pb.create(proto3, { packedNestedEnum: values } as never));
        const msg = pb.fromBinary(proto2, bytes) as unknown as { packedNestedEnum: number[]; $unknown?: pb.UnknownField[] };
        expect(msg.packedNestedEnum).toEqual(values.filter((v) => known.has(v)));
        const unknownValues = values.filter((v) => !known.has(v));
        const varint = (v: number) => pb.toBinary(proto3, pb.create(proto3, { optionalInt32: v } as never)).subarray(1);
        expect(unknowns(msg)).toEqual(unknownValues.map((v) => `88/0/${hex(varint(v))}`));
      }),
      fcParams(),
    );
  });
});
