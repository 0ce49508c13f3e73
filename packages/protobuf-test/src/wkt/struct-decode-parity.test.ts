/**
 * The direct decoder of unboxed google.protobuf.Struct values (binary/struct-reader.ts, enabled
 * by struct.proto's generated code) against the path through Struct/Value/ListValue messages
 * (what a program gets without it): for valid input, input with repeated and merged fields,
 * unknown fields, wrong wire types, nesting beyond the limit, and random corruptions of all of
 * these, both give the same value, or the same error (message and offset).
 *
 * The messages path runs in a module registry of its own (jest.isolateModules) that loads the
 * runtime's main entry point and descriptor.proto's module only, never `@pbjet/protobuf/wkt`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import { FileDescriptorSetSchema } from "@pbjet/protobuf/wkt";
import { fcParams } from "../differential/util";
import { snapshot } from "../aot/util";

type Api = typeof pb;
const setBytes = new Uint8Array(readFileSync(join(__dirname, "..", "..", "descriptors", "test.binpb")));

// The direct decoder: this registry loaded @pbjet/protobuf/wkt (struct.proto's module).
const direct = pb.createFileRegistry(pb.fromBinary(FileDescriptorSetSchema, setBytes));
// The messages path: a second instance of the runtime that never loads struct.proto's module.
let viaMessages!: { api: Api; reg: pb.FileRegistry };
jest.isolateModules(() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const api = require("@pbjet/protobuf") as Api;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { FileDescriptorSetSchema: setSchema } = require("@pbjet/protobuf/wkt/google/protobuf/descriptor_pb.js") as {
    FileDescriptorSetSchema: pb.DescMessage;
  };
  viaMessages = { api, reg: api.createFileRegistry(api.fromBinary(setSchema, setBytes) as never) };
});

const TYPES = ["pbjet.test.proto3.StructFields", "pbjet.test.edition2023.delimited.StructDelimited"];

/** What decoding gives: a snapshot of the message, or the error's message and offset. */
function outcome(api: Api, reg: pb.FileRegistry, typeName: string, bytes: Uint8Array, options?: Partial<pb.BinaryReadOptions>): unknown {
  try {
    return { value: snapshot(api.fromBinary(reg.getMessage(typeName)!, bytes, options)) };
  } catch (e) {
    const err = e as pb.BinaryDecodeError;
    return { error: err.message, offset: err.offset, name: err.name };
  }
}

function expectSame(typeName: string, bytes: Uint8Array, options?: Partial<pb.BinaryReadOptions>): void {
  expect(outcome(pb, direct, typeName, bytes, options)).toEqual(outcome(viaMessages.api, viaMessages.reg, typeName, bytes, options));
}

// Hand-written wire pieces: tag bytes, then values.
function varint(n: number): number[] {
  const out: number[] = [];
  while (n > 0x7f) {
    out.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  out.push(n);
  return out;
}
const ld = (tag: number, body: number[]): number[] => [tag, ...varint(body.length), ...body];
const str = (s: string): number[] => [...new TextEncoder().encode(s)];
const entry = (key: number[] | undefined, value: number[] | undefined): number[] =>
  ld(0x0a, [...(key ? ld(0x0a, key) : []), ...(value ? ld(0x12, value) : [])]);
const num = (n: number): number[] => [0x11, ...new Uint8Array(new Float64Array([n]).buffer)];

/** Pieces of Value bodies, Struct bodies and ListValue bodies, valid or not. */
const valueBody: fc.Arbitrary<number[]> = fc.letrec<{ value: number[]; struct: number[]; list: number[] }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constant<number[]>([0x08, 0x00]),
    fc.constant<number[]>([0x08, 0x05]), // null_value with an unknown number
    fc.double().map(num),
    fc.string({ maxLength: 6 }).map((s) => ld(0x1a, str(s))),
    fc.boolean().map((b) => [0x20, b ? 1 : 0]),
    tie("struct").map((s) => ld(0x2a, s)),
    tie("list").map((l) => ld(0x32, l)),
    fc.constant<number[]>([0x18, 0x01]), // field 3 with wire type varint (wrong): unknown
    fc.constant<number[]>([0x38, 0x07]), // field 7: unknown
    fc.constant<number[]>([0x0b, 0x08, 0x01, 0x0c]), // a group (field 1, wrong wire type): skipped
    fc.array(tie("value"), { maxLength: 3 }).map((vs) => vs.flat()), // several members: the last wins or merges
  ),
  struct: fc
    .array(
      fc.oneof(
        fc
          .tuple(fc.option(fc.string({ maxLength: 4 }), { nil: undefined }), fc.option(tie("value"), { nil: undefined }))
          .map(([k, v]) => entry(k === undefined ? undefined : str(k), v)),
        fc.constant<number[]>([0x10, 0x01]), // Struct field 2: unknown
        tie("value").map((v) => ld(0x0a, [...ld(0x12, v), 0x18, 0x02, ...ld(0x12, v)])), // value twice in one entry, an unknown field between
      ),
      { maxLength: 4 },
    )
    .map((es) => es.flat()),
  list: fc
    .array(
      fc.oneof(
        tie("value").map((v) => ld(0x0a, v)),
        fc.constant<number[]>([0x10, 0x01]),
      ),
      { maxLength: 3 },
    )
    .map((vs) => vs.flat()),
})).struct;

/** StructFields: single (1), list (2), map (3, entries with a key and a Struct value), oneof (4). */
const structFields = fc
  .array(
    fc.oneof(
      valueBody.map((s) => ld(0x0a, s)),
      valueBody.map((s) => ld(0x12, s)),
      fc.tuple(fc.string({ maxLength: 3 }), valueBody).map(([k, s]) => ld(0x1a, [...ld(0x0a, str(k)), ...ld(0x12, s)])),
      valueBody.map((s) => ld(0x22, s)),
      fc.constant(ld(0x2a, str("other"))), // the oneof's other member
    ),
    { maxLength: 4 },
  )
  .map((parts) => new Uint8Array(parts.flat()));

/** StructDelimited: Struct fields 1 and 2 as groups. */
const structDelimited = fc
  .array(
    fc.tuple(fc.constantFrom(1, 2), valueBody).map(([no, s]) => [(no << 3) | 3, ...s, (no << 3) | 4]),
    { maxLength: 3 },
  )
  .map((parts) => new Uint8Array(parts.flat()));

/** A corruption: truncation, a flipped byte, or random bytes inserted. */
function corrupt(bytes: Uint8Array, kind: number, at: number, byte: number): Uint8Array {
  const i = bytes.length === 0 ? 0 : at % bytes.length;
  switch (kind) {
    case 0:
      return bytes.subarray(0, i);
    case 1: {
      const out = bytes.slice();
      if (out.length > 0) out[i] ^= byte | 1;
      return out;
    }
    default:
      return new Uint8Array([...bytes.subarray(0, i), byte, ...bytes.subarray(i)]);
  }
}

describe("Struct values: direct decoder against the messages path", () => {
  test("the messages path is a separate runtime without the direct decoder", () => {
    expect(viaMessages.api).not.toBe(pb);
  });

  test.each(TYPES)("%s: valid, merged and malformed input", (typeName) => {
    const input = typeName.endsWith("StructFields") ? structFields : structDelimited;
    fc.assert(
      fc.property(input, fc.nat(3), fc.nat(), fc.nat(255), (bytes, kind, at, byte) => {
        expectSame(typeName, bytes);
        expectSame(typeName, bytes, { readUnknownFields: false });
        expectSame(typeName, corrupt(bytes, kind, at, byte));
      }),
      fcParams(300),
    );
  });

  test("illegal tags, stray end-group tags and truncations inside Struct, Value and ListValue", () => {
    const bad: number[][] = [[0x00], [0x07], [0x0e, 0x01], [0x0c], [0x8f, 0x00], [0x80], [0xff, 0xff, 0xff, 0xff, 0xff, 0x0f]];
    for (const b of bad) {
      for (const bytes of [
        ld(0x0a, b), // in the Struct
        ld(0x0a, ld(0x0a, b)), // in a map entry
        ld(0x0a, entry(str("k"), b)), // in a Value
        ld(0x0a, entry(str("k"), ld(0x32, b))), // in a ListValue
        ld(0x0a, entry(str("k"), ld(0x32, ld(0x0a, b)))), // in a Value in a ListValue
        ld(0x0a, entry(str("k"), ld(0x2a, b))), // in a nested Struct
      ]) {
        expectSame(TYPES[0], new Uint8Array(bytes));
        expectSame(TYPES[1], new Uint8Array([0x0b, ...bytes.slice(2), 0x0c]));
      }
    }
  });

  test("nesting beyond the recursion limit fails alike at every depth", () => {
    // Lists in lists: Struct > Value > ListValue > Value > ...
    for (let levels = 0; levels < 8; levels++) {
      let value: number[] = num(1);
      for (let i = 0; i < levels; i++) value = ld(0x32, ld(0x0a, value));
      const bytes = new Uint8Array(ld(0x0a, entry(str("k"), value)));
      for (let recursionLimit = 2; recursionLimit < 13; recursionLimit++) expectSame(TYPES[0], bytes, { recursionLimit });
    }
  });

  test("a Struct field merged into an earlier occurrence keeps the earlier entries", () => {
    const a = ld(0x0a, entry(str("a"), num(1)));
    const b = ld(0x0a, [...entry(str("b"), ld(0x2a, entry(str("x"), num(2)))), ...entry(str("a"), [])]);
    const bytes = new Uint8Array([...a, ...b, ...ld(0x22, entry(str("o"), num(3))), ...ld(0x22, entry(str("p"), num(4)))]);
    expectSame(TYPES[0], bytes);
    const m = pb.fromBinary(direct.getMessage(TYPES[0])!, bytes) as unknown as { single: unknown; kind: unknown };
    expect(m.single).toEqual({ a: null, b: { x: 2 } });
    expect(m.kind).toEqual({ case: "inOneof", value: { o: 3, p: 4 } });
  });

  test("mergeFromBinary into a message whose Struct is held elsewhere leaves that object alone", () => {
    const desc = direct.getMessage(TYPES[0])!;
    const held = { a: { deep: 1 } };
    const msg = pb.create(desc, { single: held } as never) as unknown as { single: Record<string, unknown> };
    pb.mergeFromBinary(desc, msg as never, new Uint8Array(ld(0x0a, entry(str("b"), num(2)))));
    expect(msg.single).toEqual({ a: { deep: 1 }, b: 2 });
    expect(held).toEqual({ a: { deep: 1 } });
  });
});
