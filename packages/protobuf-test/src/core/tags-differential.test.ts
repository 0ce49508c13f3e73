/**
 * Tags, differential against @bufbuild/protobuf 2.17 (the oracle): a tag is a varint of at most
 * 5 bytes whose value fits in 32 bits (the protobuf spec's uint32), with a field number from 1
 * to 2^29-1 and a wire type from 0 to 5. The same bytes go to both libraries' fromBinary()
 * (fields, unknown fields, unknown groups, map entries) and BinaryReader.tag(): both decode the
 * same message, or both throw and pbjet's text starts with the oracle's. pbjet's lazy views
 * (`{ lazy: true }`) accept and reject the same tags.
 */
// Lazy views read tags too (the scan of a view): this suite checks them.
import "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import { fromHex, schema } from "../helpers";
import { ours, theirs, thrownBy, type Lib } from "./error-texts-util";

const P3 = "pbjet.test.proto3.";

/** What fromBinary of `hex` into `type` gives: the message as JSON-like text, or the error's text. */
function decode(l: Lib, type: string, hex: string): string {
  let out = "";
  const e = thrownBy(() => {
    const m = l.pb.fromBinary(l.s(type), fromHex(hex)) as { $unknown?: { no: number; wireType: number; data: Uint8Array }[] };
    const unknown = (m.$unknown ?? []).map((u) => `${u.no}/${u.wireType}/${u.data.length}`);
    out = `ok ${JSON.stringify(m, (k, v: unknown) => (k === "$unknown" ? unknown : typeof v === "bigint" ? String(v) : v))}`;
  });
  return e === undefined ? out : `throws ${(e as Error).message}`;
}

/** What BinaryReader.tag() of `hex` gives: field number, wire type and position, or the error's text. */
function tag(l: Lib, hex: string): string {
  const r = new l.wire.BinaryReader(fromHex(hex));
  let out = "";
  const e = thrownBy(() => {
    out = `ok ${r.tag().join("/")} at ${r.pos}`;
  });
  return e === undefined ? out : `throws ${(e as Error).message}`;
}

/** Both texts: equal, or both errors with pbjet's text starting with the oracle's. */
function expectSame(actual: string, expected: string): void {
  if (expected.startsWith("throws ")) {
    expect(actual.startsWith("throws ") && actual.startsWith(expected) ? expected : actual).toBe(expected);
  } else {
    expect(actual).toBe(expected);
  }
}

// [name, hex of a tag and what follows]; field 3 of ScalarValues is an int32 (wire type 0).
const tags: [string, string][] = [
  ["field 0, varint", "0001"],
  ["field 0, length-delimited", "0200"],
  ["wire type 6", "0e"],
  ["wire type 7", "0f"],
  ["field 2^29-1, varint (5 bytes)", "f8ffffff0f01"],
  ["field 2^29-1, fixed32", "fdffffff0f00000000"],
  ["field 2^28, varint", "808080800801"],
  ["field 3 in 5 bytes (padded)", "988080800001"],
  ["5th byte 0x1f: beyond 32 bits", "f8ffffff1f01"],
  ["5th byte 0x10, field 3 in the low bits", "988080801001"],
  ["5th byte 0x70", "988080807001"],
  ["5th byte 0x7f", "988080807f01"],
  ["field 3 in 6 bytes (padded)", "98808080800001"],
  ["field 3 in 10 bytes", "988080808080808080000001"],
  ["10 bytes, the last 0x01", "988080808080808080010001"],
  ["10 bytes, the last 0x7f", "9880808080808080807f01"],
  ["11 bytes", "98808080808080808080000001"],
  ["beyond 32 bits, field 0 in the low bits", "808080801001"],
  ["5th byte 0x1f, field 0 in the low bits", "808080801f01"],
  ["5 bytes, field 2^29-1, wire type 7", "ffffffff0f"],
  ["6 bytes cut short", "988080808080"],
  ["5th byte 0x1f, nothing after", "988080801f"],
  ["10 bytes with continuation bits, cut short", "98808080808080808080"],
  ["2 bytes cut short", "9880"],
];

describe("a tag of fromBinary", () => {
  test.each(tags)("%s: as in the oracle (google.protobuf.Empty)", (_name, hex) => {
    expectSame(decode(ours, "google.protobuf.Empty", hex), decode(theirs, "google.protobuf.Empty", hex));
  });

  test.each(tags)("%s: as in the oracle (a message with fields)", (_name, hex) => {
    const type = P3 + "ScalarValues";
    expectSame(decode(ours, type, hex), decode(theirs, type, hex));
  });

  test.each(tags)("%s: as in the oracle (after a field)", (_name, hex) => {
    const type = P3 + "ScalarValues";
    expectSame(decode(ours, type, "1801" + hex), decode(theirs, type, "1801" + hex));
  });

  test.each([
    ["an unknown group with an end tag beyond 32 bits", "0b8c80808010"],
    ["an unknown group with an end tag in 5 bytes", "0b8c80808000"],
    ["an unknown group with a field tag beyond 32 bits", "0b888080801001" + "0c"],
    ["an unknown group with a field 0 tag", "0b00010c"],
  ])("%s: as in the oracle", (_name, hex) => {
    expectSame(decode(ours, "google.protobuf.Empty", hex), decode(theirs, "google.protobuf.Empty", hex));
  });

  test.each([
    ["a key tag beyond 32 bits", "0a088a808080100161" + "00"],
    ["a key tag in 5 bytes", "0a098a8080800001611200"],
    ["a field 0 tag", "0a0500000a0161"],
    ["a wire type 7 tag", "0a030f0a00"],
  ])("a map entry with %s: as in the oracle (google.protobuf.Struct)", (_name, hex) => {
    expectSame(decode(ours, "google.protobuf.Struct", hex), decode(theirs, "google.protobuf.Struct", hex));
  });
});

describe("BinaryReader.tag()", () => {
  test.each(tags)("%s: as in the oracle", (_name, hex) => {
    expectSame(tag(ours, hex), tag(theirs, hex));
  });
});

describe("a tag of fromBinary(..., { lazy: true })", () => {
  test.each(tags)("%s: rejected as in the oracle", (_name, hex) => {
    const type = P3 + "ScalarValues";
    const lazy = thrownBy(() => pb.fromBinary(schema(type), fromHex(hex), { lazy: true }));
    const expected = decode(theirs, type, hex);
    if (expected.startsWith("ok")) expect(lazy).toBeUndefined();
    else expectSame(lazy === undefined ? "ok" : `throws ${(lazy as Error).message}`, expected);
  });
});
