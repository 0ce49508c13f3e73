/**
 * Edition 2026 (protobuf-es 2.17 reads it): a file of edition 2026 resolves its features as the
 * oracle's registry does, and its messages encode the same; editions past 2026 are rejected.
 */
import * as oracle from "@bufbuild/protobuf";
import * as oracleWkt from "@bufbuild/protobuf/wkt";
import { create, createFileRegistry, fromBinary, maximumEdition, toBinary, type DescField, type DescMessage } from "@pbjet/protobuf";
import { FileDescriptorSetSchema } from "@pbjet/protobuf/wkt";

const INT32 = 5,
  STRING = 9,
  MESSAGE = 11,
  ENUM = 14;
const OPTIONAL = 1,
  REPEATED = 3;

/** An edition 2026 file with a field for each feature the runtime acts on, set and inherited. */
function setBytes(edition: number): Uint8Array {
  const set = create(FileDescriptorSetSchema, {
    file: [
      {
        name: "e2026.proto",
        package: "e2026",
        syntax: "editions",
        edition,
        messageType: [
          {
            name: "M",
            field: [
              { name: "a", number: 1, type: INT32, label: OPTIONAL },
              { name: "b", number: 2, type: INT32, label: OPTIONAL, options: { features: { fieldPresence: 2 } } },
              { name: "c", number: 3, type: INT32, label: REPEATED },
              { name: "d", number: 4, type: INT32, label: REPEATED, options: { features: { repeatedFieldEncoding: 2 } } },
              { name: "e", number: 5, type: MESSAGE, label: OPTIONAL, typeName: ".e2026.M", options: { features: { messageEncoding: 2 } } },
              { name: "f", number: 6, type: STRING, label: OPTIONAL, options: { features: { utf8Validation: 3 } } },
              { name: "g", number: 7, type: ENUM, label: OPTIONAL, typeName: ".e2026.Open" },
              { name: "h", number: 8, type: ENUM, label: OPTIONAL, typeName: ".e2026.Closed" },
              { name: "i", number: 9, type: INT32, label: OPTIONAL, options: { features: { fieldPresence: 3 } } },
            ],
          },
        ],
        enumType: [
          { name: "Open", value: [{ name: "OPEN_ZERO", number: 0 }] },
          { name: "Closed", value: [{ name: "CLOSED_ONE", number: 1 }], options: { features: { enumType: 2 } } },
        ],
      },
    ],
  });
  return toBinary(FileDescriptorSetSchema, set);
}

/** What the runtime reads from a field's features. */
function facts(f: DescField | oracle.DescField): Record<string, unknown> {
  return {
    kind: f.fieldKind,
    presence: f.presence,
    packed: f.fieldKind === "list" ? f.packed : undefined,
    delimited: f.fieldKind === "message" || (f.fieldKind === "list" && f.listKind === "message") ? f.delimitedEncoding : undefined,
    open: f.enum?.open,
  };
}

describe("edition 2026", () => {
  const bytes = setBytes(1002);
  const ours = createFileRegistry(fromBinary(FileDescriptorSetSchema, bytes)).getMessage("e2026.M") as DescMessage;
  const theirs = oracle.createFileRegistry(oracle.fromBinary(oracleWkt.FileDescriptorSetSchema, bytes)).getMessage("e2026.M")!;

  test("is the newest edition this runtime reads, as in protobuf-es", () => {
    expect(maximumEdition).toBe(1002);
    expect(ours.file.edition).toBe(1002);
    expect(oracle.maximumEdition).toBe(1002);
  });
  test("features resolve as the oracle's", () => {
    expect(ours.fields.map(facts)).toStrictEqual(theirs.fields.map(facts));
    // And as the features say: EXPLICIT by default, IMPLICIT and LEGACY_REQUIRED where set;
    // PACKED by default, EXPANDED where set; DELIMITED where set; the closed enum closed.
    expect(ours.fields.map((f) => f.presence)).toEqual([1, 2, 2, 2, 1, 1, 1, 1, 3]);
    expect(ours.fields.map(facts).slice(2, 5)).toMatchObject([{ packed: true }, { packed: false }, { delimited: true }]);
    expect(ours.fields.map((f) => f.enum?.open)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, true, false, undefined]);
  });
  test("a message encodes as the oracle's, and decodes back", () => {
    const init = { a: 0, b: 0, c: [1, 2], d: [3, 4], e: { a: 7, i: 1 }, f: "x", g: 0, h: 1, i: 5 };
    const mine = toBinary(ours, create(ours, init as never));
    expect(Buffer.from(mine).toString("hex")).toBe(Buffer.from(oracle.toBinary(theirs, oracle.create(theirs, init as never))).toString("hex"));
    const back = fromBinary(ours, mine) as unknown as Record<string, unknown>;
    expect(back.c).toEqual([1, 2]);
    expect((back.e as Record<string, unknown>).a).toBe(7);
  });
});

test.each([9999, 1003, 99997])("edition %d is rejected with an error that names it", (edition) => {
  expect(() => createFileRegistry(fromBinary(FileDescriptorSetSchema, setBytes(edition)))).toThrow(/unsupported edition/);
});
