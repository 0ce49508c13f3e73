/**
 * Struct fields of schemas read from a FileDescriptorSet, in a program that never loads
 * struct.proto's generated code (`@pbjet/protobuf/wkt`): this file loads neither it nor the
 * shared helpers (which do), only the main entry point and descriptor.proto's module. The
 * bytes are @bufbuild/protobuf's (as in struct-wire.test.ts); loading `@pbjet/protobuf/wkt`
 * afterwards changes nothing.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as pb from "@pbjet/protobuf";
import { FileDescriptorSetSchema } from "@pbjet/protobuf/wkt/google/protobuf/descriptor_pb.js";
import * as oracle from "@bufbuild/protobuf";
import { FileDescriptorSetSchema as OracleSet } from "@bufbuild/protobuf/wkt";

const setBytes = new Uint8Array(readFileSync(join(__dirname, "..", "..", "descriptors", "test.binpb")));
const reg = pb.createFileRegistry(pb.fromBinary(FileDescriptorSetSchema, setBytes));
const oreg = oracle.createFileRegistry(oracle.fromBinary(OracleSet, setBytes));
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

const values: Record<string, unknown>[] = [
  {},
  { a: 1, b: "x", c: true, d: null },
  { nested: { list: [1, "two", [3], { four: 4 }, null, false], empty: {} }, "": -0 },
  { __proto__x: 1, constructor: "c" },
];

function encodeAll(r: pb.Registry): string[] {
  const fields = r.getMessage("pbjet.test.proto3.StructFields")!;
  const delimited = r.getMessage("pbjet.test.edition2023.delimited.StructDelimited")!;
  return values.flatMap((v) => [
    hex(pb.toBinary(fields, pb.create(fields, { single: v, list: [v, v], map: { k: v }, kind: { case: "inOneof", value: v } } as never))),
    hex(pb.toBinary(delimited, pb.create(delimited, { struct: v, structs: [v] } as never))),
  ]);
}

test("Struct values of schemas from a FileDescriptorSet: the bytes of @bufbuild/protobuf", () => {
  const ofields = oreg.getMessage("pbjet.test.proto3.StructFields")!;
  const odelimited = oreg.getMessage("pbjet.test.edition2023.delimited.StructDelimited")!;
  const expected = values.flatMap((v) => [
    hex(oracle.toBinary(ofields, oracle.create(ofields, { single: v, list: [v, v], map: { k: v }, kind: { case: "inOneof", value: v } } as never))),
    hex(oracle.toBinary(odelimited, oracle.create(odelimited, { struct: v, structs: [v] } as never))),
  ]);
  expect(encodeAll(reg)).toEqual(expected);
});

test("loading @pbjet/protobuf/wkt afterwards: the same bytes", () => {
  const before = encodeAll(reg);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require("@pbjet/protobuf/wkt");
  expect(encodeAll(reg)).toEqual(before);
});
