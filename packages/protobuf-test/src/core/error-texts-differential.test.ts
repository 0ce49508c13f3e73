/**
 * Error texts of the binary format, the wire classes and the registries, differential against
 * @bufbuild/protobuf 2.17: for the same bad input, pbjet throws an Error whose message starts
 * with protobuf-es's text; pbjet's detail (offset, field) follows it.
 */
import { type ErrorCase, type Lib, expectSameTextFirst, ours as oursLib, theirs, thrownBy } from "./error-texts-util";
import { fromHex } from "../helpers";

const P3 = "pbjet.test.proto3.";
const P2 = "pbjet.test.proto2.";

/** fromBinary of the bytes in hex into the message `type` (proto3, or a dotted name). */
const decode =
  (type: string, hex: string | ((l: Lib) => Uint8Array), options?: object) =>
  (l: Lib): unknown =>
    l.pb.fromBinary(l.s(type.includes(".") ? type : P3 + type), typeof hex === "string" ? fromHex(hex) : hex(l), options);

/** MessageFields nested `n` deep through its field `recursive` (5), as bytes. */
const nested =
  (n: number) =>
  (l: Lib): Uint8Array => {
    let bytes = new Uint8Array(0);
    for (let i = 0; i < n; i++) bytes = new l.wire.BinaryWriter().tag(5, l.wire.WireType.LengthDelimited).bytes(bytes).finish();
    return bytes;
  };

/** Groups of the unknown field 100, nested `n` deep. */
const unknownGroups = (n: number): string => "a306".repeat(n) + "a406".repeat(n);

const binaryCases: ErrorCase[] = [
  ["a tag without its value", decode("ScalarValues", "18")],
  ["a varint cut short", decode("ScalarValues", "1880")],
  ["an int64 varint cut short", decode("ScalarValues", "20ffff")],
  ["bytes longer than the input", decode("ScalarValues", "7a0501")],
  ["a string longer than the input", decode("ScalarValues", "720261")],
  ["a sub-message longer than the input", decode("MessageFields", "0a050801")],
  ["a sub-message whose field runs past the input", decode("MessageFields", "0a021205")],
  ["a packed list cut short", decode("RepeatedScalarValues", "1a0301")],
  ["a map entry cut short", decode("MapFields", "0a040801")],
  ["an int32 varint of 11 bytes", decode("ScalarValues", "18ffffffffffffffffffff01")],
  ["an int64 varint of 11 bytes", decode("ScalarValues", "20ffffffffffffffffffff01")],
  ["field number 0", decode("ScalarValues", "0000")],
  ["wire type 7", decode("ScalarValues", "1f")],
  ["wire type 6 of an unknown field", decode("ScalarValues", "a606")],
  ["an end-group tag of an unknown field", decode("ScalarValues", "a406")],
  ["a group closed by another field's end tag", decode(P2 + "GroupFields", "130c")],
  ["a group not closed", decode(P2 + "GroupFields", "130801")],
  ["an unknown group closed by another field's end tag", decode("ScalarValues", "a306ac06")],
  ["an unknown group not closed", decode("ScalarValues", "a3060801")],
  ["messages nested 101 deep", decode("MessageFields", nested(101))],
  ["messages nested 4 deep, limit 3", decode("MessageFields", nested(4), { recursionLimit: 3 })],
  ["unknown groups nested 101 deep", decode("ScalarValues", unknownGroups(101))],
  ["unknown groups nested 4 deep, limit 3", decode("ScalarValues", unknownGroups(4), { recursionLimit: 3 })],
];

/** A BinaryReader of the bytes in hex, given to `read`. */
const reader =
  (hex: string, read: (r: InstanceType<Lib["wire"]["BinaryReader"]>) => unknown) =>
  (l: Lib): unknown =>
    read(new l.wire.BinaryReader(fromHex(hex)));

const readerCases: ErrorCase[] = [
  ["int32() of nothing", reader("", (r) => r.int32())],
  ["uint32() cut short", reader("80", (r) => r.uint32())],
  ["int64() cut short", reader("8080", (r) => r.int64())],
  ["uint64() of 11 bytes", reader("ffffffffffffffffffff01", (r) => r.uint64())],
  ["int32() of 11 bytes", reader("ffffffffffffffffffff01", (r) => r.int32())],
  ["bool() of nothing", reader("", (r) => r.bool())],
  ["bytes() longer than the input", reader("0501", (r) => r.bytes())],
  ["string() longer than the input", reader("0561", (r) => r.string())],
  ["skip() of bytes longer than the input", reader("0501", (r) => r.skip(2 as never))],
  ["skip() of a fixed64 cut short", reader("01", (r) => r.skip(1 as never))],
  ["skip() of a varint cut short", reader("80", (r) => r.skip(0 as never))],
  ["tag() of nothing", reader("", (r) => r.tag())],
];

/** A FileDescriptorProto of the init, for the library's own schema. */
function file(l: Lib, init: object) {
  return l.pb.create(l.wkt.FileDescriptorProtoSchema, { syntax: "proto3", ...init } as never);
}

const registryCases: ErrorCase[] = [
  [
    "a file whose import the resolver cannot find",
    (l) => l.pb.createFileRegistry(file(l, { name: "a.proto", dependency: ["b.proto"] }), () => undefined),
  ],
  [
    "a set whose file imports a file it lacks",
    (l) => l.pb.createFileRegistry(l.pb.create(l.wkt.FileDescriptorSetSchema, { file: [file(l, { name: "a.proto", dependency: ["b.proto"] })] })),
  ],
  ["an unknown syntax", (l) => l.pb.createFileRegistry(file(l, { name: "a.proto", syntax: "proto4" }), () => undefined)],
  ["an unsupported edition", (l) => l.pb.createFileRegistry(file(l, { name: "a.proto", syntax: "editions", edition: 1 }), () => undefined)],
  [
    "a message name that is no identifier",
    (l) => l.pb.createFileRegistry(file(l, { name: "a.proto", messageType: [{ name: "a-b" }] }), () => undefined),
  ],
  [
    "a field of a type that does not exist",
    (l) =>
      l.pb.createFileRegistry(
        file(l, { name: "a.proto", messageType: [{ name: "A", field: [{ name: "f", number: 1, label: 1, type: 11, typeName: ".no.Such" }] }] }),
        () => undefined,
      ),
  ],
  [
    "an enum field of a type that does not exist",
    (l) =>
      l.pb.createFileRegistry(
        file(l, { name: "a.proto", messageType: [{ name: "A", field: [{ name: "f", number: 1, label: 1, type: 14, typeName: ".no.Such" }] }] }),
        () => undefined,
      ),
  ],
  [
    "an extension of a message that does not exist",
    (l) =>
      l.pb.createFileRegistry(
        file(l, { name: "a.proto", syntax: "proto2", extension: [{ name: "e", number: 1, label: 1, type: 5, extendee: ".no.Such" }] }),
        () => undefined,
      ),
  ],
  [
    "a method of an input type that does not exist",
    (l) =>
      l.pb.createFileRegistry(
        file(l, {
          name: "a.proto",
          messageType: [{ name: "A" }],
          service: [{ name: "S", method: [{ name: "M", inputType: ".no.Such", outputType: ".A" }] }],
        }),
        () => undefined,
      ),
  ],
];

const int64Cases: ErrorCase[] = [
  ["protoInt64.uParse of -1", (l) => l.pb.protoInt64.uParse("-1")],
  ["protoInt64.parse of 2^63", (l) => l.pb.protoInt64.parse("9223372036854775808")],
  ["base64Decode of bad text", (l) => l.wire.base64Decode("!!!")],
];

describe.each([
  ["fromBinary", binaryCases],
  ["BinaryReader", readerCases],
  ["registries", registryCases],
  ["64-bit integers and base64", int64Cases],
] as const)("error texts start with protobuf-es's: %s", (_area, cases) => {
  test.each(cases)("%s", (_name, call) => {
    expectSameTextFirst(call);
  });
});

/**
 * Where protobuf-es lets the JavaScript engine throw, its text is the engine's (V8's here): a
 * DataView read past the end, BigInt() of text that is no integer. pbjet's text is its own.
 */
const engineCases: [string, (l: Lib) => unknown, RegExp][] = [
  ["a fixed64 cut short", decode("ScalarValues", "510102"), /^premature EOF at offset 1 \(need 8 bytes, have 2\)/],
  ["a fixed32 cut short", decode("ScalarValues", "4d01"), /^premature EOF at offset 1 \(need 4 bytes, have 1\)/],
  ["a double cut short", decode("ScalarValues", "0901"), /^premature EOF/],
  ["fixed32() cut short", reader("0102", (r) => r.fixed32()), /^premature EOF at offset 0/],
  ["fixed64() cut short", reader("0102", (r) => r.fixed64()), /^premature EOF at offset 0/],
  ["double() cut short", reader("0102", (r) => r.double()), /^premature EOF at offset 0/],
  ["float() cut short", reader("01", (r) => r.float()), /^premature EOF at offset 0/],
  ["protoInt64.parse of text", (l) => l.pb.protoInt64.parse("abc"), /^invalid int64: "abc"/],
];

test.each(engineCases)("where protobuf-es's text is the engine's: %s", (_name, call, ours) => {
  const t = thrownBy(() => call(theirs));
  expect(t).toBeInstanceOf(Error);
  expect(["RangeError", "SyntaxError"]).toContain((t as Error).name);
  expect((thrownBy(() => call(oursLib)) as Error).message).toMatch(ours);
});

describe("pbjet's detail after protobuf-es's text", () => {
  test("a decode error names the offset and the field", () => {
    const { ours: e } = expectSameTextFirst(decode("MessageFields", "0a050801"));
    expect(e.name).toBe("BinaryDecodeError");
    const { offset, typeName, fieldNumber } = e as unknown as { offset: number; typeName?: string; fieldNumber?: number };
    expect([offset, typeName, fieldNumber]).toEqual([2, P3 + "MessageFields", 1]);
    expect(e.message).toContain("offset 2");
    expect(e.message).toContain(P3 + "MessageFields.1");
  });
});
