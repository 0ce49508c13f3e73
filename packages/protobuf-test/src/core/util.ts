/**
 * Small helpers shared by the core suites: encode the same init object with pbjet and with
 * the oracle (@bufbuild/protobuf), and catch errors for assertions.
 */
import * as pb from "@pbjet/protobuf";
import * as oracle from "@bufbuild/protobuf";
import * as oracleWire from "@bufbuild/protobuf/wire";
import { hex, oracleSchema, schema } from "../helpers";

/** Hex of pbjet's encoding of `create(schema(typeName), init)`. */
export function oursHex(typeName: string, init: Record<string, unknown>): string {
  const desc = schema(typeName);
  return hex(pb.toBinary(desc, pb.create(desc, init)));
}

/** Hex of the oracle's encoding of the same init object. */
export function oracleHex(typeName: string, init: Record<string, unknown>): string {
  const desc = oracleSchema(typeName);
  return hex(oracle.toBinary(desc, oracle.create(desc, init as never)));
}

/** Runs `fn` and returns what it threw; fails if it did not throw. */
export function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error("expected a throw, but the call returned normally");
}

/** Asserts that fromBinary throws a BinaryDecodeError and returns it. */
export function decodeError(desc: pb.DescMessage, bytes: Uint8Array, options?: Partial<pb.BinaryReadOptions>): pb.BinaryDecodeError {
  const e = thrown(() => pb.fromBinary(desc, bytes, options));
  expect(e).toBeInstanceOf(pb.BinaryDecodeError);
  expect(e).toBeInstanceOf(pb.ProtobufError);
  return e as pb.BinaryDecodeError;
}

/** Asserts that toBinary throws a BinaryEncodeError and returns it. */
export function encodeError(desc: pb.DescMessage, msg: unknown): pb.BinaryEncodeError {
  const e = thrown(() => pb.toBinary(desc, msg as pb.Message));
  expect(e).toBeInstanceOf(pb.BinaryEncodeError);
  expect(e).toBeInstanceOf(pb.ProtobufError);
  return e as pb.BinaryEncodeError;
}

/** A message as a plain record, for reading fields by local name. */
export function rec(m: unknown): Record<string, any> {
  return m as Record<string, any>;
}

/** Field descriptor by local name; throws if missing. */
export function fieldOf(desc: pb.DescMessage, localName: string): pb.DescField {
  const f = desc.field[localName];
  if (f === undefined) throw new Error(`no field ${localName} in ${desc.typeName}`);
  return f;
}

/** `create()` with an untyped init object (the corpus has no generated types). */
export function create(desc: pb.DescMessage, init?: Record<string, unknown>): pb.Message {
  return pb.create(desc, init as never);
}

/** The oracle's BinaryWriter method that writes a scalar type (enums as int32). */
const writerMethod: Record<number, string> = {
  1: "double",
  2: "float",
  3: "int64",
  4: "uint64",
  5: "int32",
  6: "fixed64",
  7: "fixed32",
  8: "bool",
  9: "string",
  12: "bytes",
  13: "uint32",
  15: "sfixed32",
  16: "sfixed64",
  17: "sint32",
  18: "sint64",
};

/** Wire type of a scalar type when not packed (enums: pass 5 for int32). */
export function wireTypeOf(scalar: number): number {
  switch (scalar) {
    case 1:
    case 6:
    case 16:
      return 1;
    case 2:
    case 7:
    case 15:
      return 5;
    case 9:
    case 12:
      return 2;
    default:
      return 0;
  }
}

/** Writes a value of a scalar type with the oracle's writer, for hand-built inputs. */
export function writeScalar(w: oracleWire.BinaryWriter, scalar: number, value: unknown): void {
  (w as unknown as Record<string, (v: unknown) => void>)[writerMethod[scalar]](value);
}

/** `values` as one packed chunk of field `no`. */
export function packedChunk(no: number, scalar: number, values: readonly unknown[]): Uint8Array {
  const w = new oracleWire.BinaryWriter();
  w.tag(no, oracleWire.WireType.LengthDelimited).fork();
  for (const v of values) writeScalar(w, scalar, v);
  w.join();
  return w.finish();
}

/** `values` as expanded elements of field `no`, one tag each. */
export function expandedChunk(no: number, scalar: number, values: readonly unknown[]): Uint8Array {
  const w = new oracleWire.BinaryWriter();
  for (const v of values) {
    w.tag(no, wireTypeOf(scalar));
    writeScalar(w, scalar, v);
  }
  return w.finish();
}

/** Concatenates byte arrays. */
export function concat(...parts: Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts.map((p) => Buffer.from(p))));
}

/** The tags (field number, wire type) of the top-level fields of an encoding, in order. */
export function topLevelTags(bytes: Uint8Array): [number, number][] {
  const r = new oracleWire.BinaryReader(bytes);
  const tags: [number, number][] = [];
  while (r.pos < r.len) {
    const [no, wt] = r.tag();
    tags.push([no, wt]);
    r.skip(wt, no);
  }
  return tags;
}
