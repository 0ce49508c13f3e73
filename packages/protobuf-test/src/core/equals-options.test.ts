// equals() options as in protobuf-es v2: registry, unpackAny, extensions, unknown.
import { create, createRegistry, equals, setExtension, toBinary } from "@pbjet/protobuf";
import { AnySchema } from "@pbjet/protobuf/wkt";
import { anyPack } from "@pbjet/protobuf/wkt";
import { BinaryWriter, WireType } from "@pbjet/protobuf/wire";
import { registry, schema } from "../helpers";

describe("equals options", () => {
  const User = schema("example.User");
  test("unpackAny compares the messages inside Any", () => {
    const u = create(User, { firstName: "a", locations: ["x"] });
    const a = anyPack(User, u);
    // Same message, different bytes: a field written twice (the last one wins).
    const doubled = new BinaryWriter().tag(1, WireType.LengthDelimited).string("zzz").raw(toBinary(User, u)).finish();
    const b = create(AnySchema, { typeUrl: a.typeUrl, value: doubled });
    expect(equals(AnySchema, a, b)).toBe(false);
    expect(equals(AnySchema, a, b, { unpackAny: true, registry: createRegistry(User) })).toBe(true);
    // Without a registry that knows the type, the bytes decide.
    expect(equals(AnySchema, a, b, { unpackAny: true, registry: createRegistry() })).toBe(false);
  });

  test("extensions and unknown fields", () => {
    const Extendee = schema("pbjet.test.proto2.Extendee");
    const reg = registry();
    const ext = [...reg].find((t) => t.kind === "extension" && t.extendee.typeName === Extendee.typeName && t.fieldKind === "scalar")!;
    if (ext.kind !== "extension") throw new Error("no extension");
    const a = create(Extendee);
    const b = create(Extendee);
    setExtension(a, ext, ext.scalar === 9 ? "x" : ext.scalar === 8 ? true : 1);
    expect(equals(Extendee, a, b)).toBe(true);
    // Known to the registry: an extension, not an unknown field.
    expect(equals(Extendee, a, b, { unknown: true, registry: reg })).toBe(true);
    expect(equals(Extendee, a, b, { extensions: true, registry: reg })).toBe(false);
    // Without a registry, it is an unknown field.
    expect(equals(Extendee, a, b, { unknown: true })).toBe(false);
    // A real unknown field.
    const c = create(Extendee);
    c.$unknown = [{ no: 99999, wireType: WireType.Varint, data: new Uint8Array([1]) }];
    expect(equals(Extendee, c, b, { unknown: true, registry: reg })).toBe(false);
    expect(equals(Extendee, c, b, { extensions: true, registry: reg })).toBe(true);
  });
});
