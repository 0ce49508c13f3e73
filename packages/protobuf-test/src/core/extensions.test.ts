/**
 * Extensions: get/set/has/clear for every extension in the proto2, edition 2023 and edition
 * 2024 files (scalar, repeated packed and expanded, enum, message, group and delimited,
 * nested-scope), defaults when unset, exact bytes against the oracle, and survival through
 * toBinary / fromBinary.
 */
import * as oracle from "@bufbuild/protobuf";
import {
  ProtobufError,
  clearExtension,
  clone,
  fromBinary,
  getExtension,
  hasExtension,
  setExtension,
  toBinary,
  type DescExtension,
  type DescMessage,
} from "@pbjet/protobuf";
import { fromHex, hex, oracleRegistry, registry, schema } from "../helpers";
import { create, rec, thrown, topLevelTags } from "./util";

const scalarSample: Record<number, unknown[]> = {
  1: [-2.5, 0],
  2: [1.5],
  3: [-(2n ** 63n), 5n],
  4: [2n ** 64n - 1n, 1n],
  5: [-7, 2 ** 31 - 1],
  6: [2n ** 64n - 1n, 3n],
  7: [2 ** 32 - 1, 9],
  8: [true, false],
  9: ["ü😀", ""],
  12: [new Uint8Array([0, 1, 255]), new Uint8Array(0)],
  13: [2 ** 32 - 1],
  15: [-1],
  16: [-1n],
  17: [-(2 ** 31), 1],
  18: [-(2n ** 63n), 2n],
};

function messageInit(desc: DescMessage): Record<string, unknown> {
  const f = desc.fields.find((x) => x.fieldKind === "scalar" && x.scalar === 5);
  return f ? { [f.localName]: 42 } : {};
}

function sampleValue(ext: DescExtension): unknown {
  switch (ext.fieldKind) {
    case "scalar":
      return scalarSample[ext.scalar][0];
    case "enum":
      return ext.enum.values[ext.enum.values.length - 1].number;
    case "message":
      return messageInit(ext.message);
    case "list":
      if (ext.listKind === "message") return [messageInit(ext.message!), {}];
      if (ext.listKind === "enum") return ext.enum!.values.map((v) => v.number);
      return [...scalarSample[ext.scalar!], ...scalarSample[ext.scalar!]];
    default:
      throw new Error("maps cannot be extensions");
  }
}

/** The expected default of an unset extension, per the proto declaration. */
function expectedDefault(ext: DescExtension): unknown {
  switch (ext.fieldKind) {
    case "list":
      return [];
    case "enum":
      return ext.getDefaultValue() ?? ext.enum.values[0].number;
    case "scalar":
      return ext.getDefaultValue() ?? { 8: false, 9: "", 12: new Uint8Array(0), 3: 0n, 4: 0n, 6: 0n, 16: 0n, 18: 0n }[ext.scalar as number] ?? 0;
    default:
      return undefined;
  }
}

const extensions = [...registry()].filter(
  (t): t is DescExtension => t.kind === "extension" && /^pbjet\.test\.(proto2|edition202[34])\./.test(t.typeName),
);

test("the corpus has the extensions this suite is about", () => {
  const names = extensions.map((e) => e.typeName);
  expect(names).toEqual(
    expect.arrayContaining([
      "pbjet.test.proto2.groupext",
      "pbjet.test.proto2.repeatedgroupext",
      "pbjet.test.proto2.packed_enum_ext",
      "pbjet.test.proto2.ExtensionScope.Deeper.deeper_bool_ext",
      "pbjet.test.proto2.SelfExtending.self_ext",
      "pbjet.test.proto2.large_number_ext",
      "pbjet.test.edition2023.delimited_ext",
      "pbjet.test.edition2024.delimited_ext",
    ]),
  );
  expect(extensions.length).toBeGreaterThanOrEqual(40);
});

describe.each(extensions.map((e) => [e.typeName, e] as const))("%s", (_, ext) => {
  const extendee = ext.extendee;
  const oracleExt = oracleRegistry().getExtension(ext.typeName)!;
  const value = sampleValue(ext);

  test("unset: has is false, get returns the default", () => {
    const m = create(extendee);
    expect(hasExtension(m, ext)).toBe(false);
    const v = getExtension(m, ext);
    if (ext.fieldKind === "message") {
      expect(rec(v).$typeName).toBe(ext.message.typeName);
      expect(toBinary(ext.message, v as never).length).toBe(0);
    } else {
      expect(v).toStrictEqual(expectedDefault(ext));
    }
  });

  test("set, get, encode like the oracle, decode, clear", () => {
    const m = create(extendee, { ...messageInit(extendee) });
    setExtension(m, ext, value as never);
    expect(hasExtension(m, ext)).toBe(true);
    const got = getExtension(m, ext);
    if (ext.fieldKind === "message") {
      expect(rec(got)).toMatchObject(value as object);
    } else if (ext.fieldKind === "list" && ext.listKind === "message") {
      expect((got as unknown[]).length).toBe((value as unknown[]).length);
    } else {
      expect(got).toStrictEqual(value);
    }

    // Same bytes as the oracle.
    const om = oracle.create(oracleRegistry().getMessage(extendee.typeName)!, messageInit(extendee) as never);
    let ov: unknown = value;
    if (ext.fieldKind === "message") ov = oracle.create(oracleExt.message!, value as never);
    if (ext.fieldKind === "list" && ext.listKind === "message") {
      ov = (value as object[]).map((v) => oracle.create(oracleExt.message!, v as never));
    }
    oracle.setExtension(om as never, oracleExt as never, ov as never);
    const bytes = toBinary(extendee, m);
    expect(hex(bytes)).toBe(hex(oracle.toBinary(oracleRegistry().getMessage(extendee.typeName)!, om)));

    // The encoding form follows the extension's declaration.
    const tags = topLevelTags(bytes).filter(([no]) => no === ext.number);
    if (ext.fieldKind === "list" && ext.packed) expect(tags).toHaveLength(1);
    if (ext.fieldKind === "list" && !ext.packed) expect(tags).toHaveLength((value as unknown[]).length);
    if (ext.fieldKind === "message") expect(tags[0][1]).toBe(ext.delimitedEncoding ? 3 : 2);

    // Survives a round trip through the binary format.
    const back = fromBinary(extendee, bytes);
    expect(hasExtension(back, ext)).toBe(true);
    expect(getExtension(back, ext)).toStrictEqual(got);
    expect(hex(toBinary(extendee, back))).toBe(hex(bytes));
    expect(hasExtension(clone(extendee, back), ext)).toBe(true);

    clearExtension(back, ext);
    expect(hasExtension(back, ext)).toBe(false);
    expect(toBinary(extendee, back).length).toBe(toBinary(extendee, create(extendee, messageInit(extendee))).length);
  });

  test("set replaces the previous value", () => {
    const m = create(extendee);
    setExtension(m, ext, value as never);
    setExtension(m, ext, sampleValue(ext) as never);
    expect(rec(m).$unknown.filter((u: { no: number }) => u.no === ext.number).length).toBe(
      ext.fieldKind === "list" && !ext.packed ? (value as unknown[]).length : 1,
    );
  });

  // Differential: a message of another type — a plain one, and one another extension extends —
  // carrying an unknown field with the extension's number, so that a missing check would find it.
  const otherExtendee = extensions.find((e) => e.extendee.typeName !== extendee.typeName)!.extendee.typeName;
  test.each(["pbjet.test.proto2.OptionalScalars", otherExtendee])("on a %s: throws as protobuf-es throws, with its text", (wrongType) => {
    const unknown = () => [{ no: ext.number, wireType: 0, data: new Uint8Array([1]) }];
    const ours = () => Object.assign(create(schema(wrongType)), { $unknown: unknown() });
    const theirs = () => Object.assign(oracle.create(oracleRegistry().getMessage(wrongType)!), { $unknown: unknown() });
    const calls: Record<string, [() => unknown, () => unknown]> = {
      getExtension: [() => getExtension(ours() as never, ext), () => oracle.getExtension(theirs() as never, oracleExt)],
      setExtension: [
        () => setExtension(ours() as never, ext, value as never),
        () => oracle.setExtension(theirs() as never, oracleExt, value as never),
      ],
      clearExtension: [() => clearExtension(ours() as never, ext), () => oracle.clearExtension(theirs() as never, oracleExt)],
      hasExtension: [() => hasExtension(ours() as never, ext), () => oracle.hasExtension(theirs() as never, oracleExt)],
    };
    for (const [fn, [pbjetCall, oracleCall]] of Object.entries(calls)) {
      const want = outcome(oracleCall);
      expect({ fn, ...outcome(pbjetCall) }).toEqual({ fn, ...want });
      if (want.threw) expect(thrown(pbjetCall)).toBeInstanceOf(ProtobufError);
    }
    expect(outcome(calls.hasExtension[1])).toEqual({ threw: false, value: false });
    expect(outcome(calls.getExtension[1]).threw).toBe(true);
  });

  test("a failed set or clear leaves the message of another type as it was", () => {
    const wrongSchema = schema("pbjet.test.proto2.OptionalScalars");
    const wrong = Object.assign(create(wrongSchema), { $unknown: [{ no: ext.number, wireType: 0, data: new Uint8Array([1]) }] });
    const before = hex(toBinary(wrongSchema, wrong));
    thrown(() => setExtension(wrong as never, ext, value as never));
    thrown(() => clearExtension(wrong as never, ext));
    expect(hex(toBinary(wrongSchema, wrong))).toBe(before);
  });
});

/** What a call did: its return value (for a boolean) or that it threw, and the error's text. */
function outcome(fn: () => unknown): { threw: false; value?: boolean } | { threw: true; message: string } {
  try {
    const v = fn();
    return typeof v === "boolean" ? { threw: false, value: v } : { threw: false };
  } catch (e) {
    return { threw: true, message: (e as Error).message };
  }
}

describe("extension values on the wire", () => {
  const P = "pbjet.test.proto2.";
  const ext = (n: string) => registry().getExtension(n)!;
  const extendee = schema(P + "Extendee");
  test("hand-computed bytes: group extension and the largest field number", () => {
    const m = create(extendee, { ownField: 1 });
    setExtension(m, ext(P + "groupext"), { a: 1, b: "x" } as never);
    setExtension(m, ext(P + "large_number_ext"), -1n as never);
    expect(hex(toBinary(extendee, m))).toBe("0801" + "f306 0801 120178 f406".replace(/ /g, "") + "f8ffffff0fffffffffffffffffff01");
  });
  test("the last occurrence of a singular extension wins", () => {
    const m = fromBinary(extendee, fromHex("a00601 a00602"));
    expect(getExtension(m, ext(P + "int32_ext"))).toBe(2);
  });
  test("a message extension that occurs twice is merged", () => {
    const m = fromBinary(extendee, fromHex("ea06021801 ea06022805"));
    expect(rec(getExtension(m, ext(P + "message_ext")))).toMatchObject({ int32Field: 1, uint32Field: 5 });
  });
  test("repeated extensions accept packed and expanded occurrences, concatenated", () => {
    const m = fromBinary(extendee, fromHex("f80601 fa06020203 f80604"));
    expect(getExtension(m, ext(P + "repeated_int32_ext"))).toEqual([1, 2, 3, 4]);
    const n = fromBinary(extendee, fromHex("800701 82070103"));
    expect(getExtension(n, ext(P + "packed_int32_ext"))).toEqual([1, 3]);
  });
  test("an unknown value of a closed enum extension reads as the default", () => {
    const m = fromBinary(extendee, fromHex("e00663"));
    expect(hasExtension(m, ext(P + "enum_ext"))).toBe(true);
    expect(getExtension(m, ext(P + "enum_ext"))).toBe(1);
    expect(hex(toBinary(extendee, m))).toBe("e00663");
  });
  test("extensions of a self-extending message", () => {
    const d = schema(P + "SelfExtending");
    const self = ext(P + "SelfExtending.self_ext");
    const m = create(d, { a: 1 });
    const inner = create(d, { a: 2 });
    setExtension(inner, self, { a: 3 } as never);
    setExtension(m, self, inner as never);
    const back = fromBinary(d, toBinary(d, m));
    const got = getExtension(back, self) as never;
    expect(rec(got).a).toBe(2);
    expect(rec(getExtension(got, self)).a).toBe(3);
  });
  test("setting an extension does not disturb other unknown fields", () => {
    const m = fromBinary(extendee, fromHex("a00601 f83e05"));
    setExtension(m, ext(P + "string_ext"), "s" as never);
    expect(rec(m).$unknown.map((u: { no: number }) => u.no)).toEqual([100, 1007, 106]);
    clearExtension(m, ext(P + "int32_ext"));
    expect(hex(toBinary(extendee, m))).toBe("f83e05d2060173");
  });
});

describe("proto3 extensions (custom options)", () => {
  const P = "pbjet.test.proto3options.";
  const ours = (n: string) => registry().getExtension(P + n)!;
  const theirs = (n: string) => oracleRegistry().getExtension(P + n)!;
  const ourOptions = () => create(registry().getMessage("google.protobuf.MessageOptions")!, {});
  const theirOptions = () => oracle.create(oracleRegistry().getMessage("google.protobuf.MessageOptions")!);

  test.each(["int32_opt", "string_opt"])("%s set to its zero value is present, as in protobuf-es", (n) => {
    const zero = n === "int32_opt" ? 0 : "";
    const m = ourOptions();
    setExtension(m as never, ours(n), zero as never);
    const o = theirOptions();
    oracle.setExtension(o as never, theirs(n), zero as never);
    expect(oracle.hasExtension(o as never, theirs(n))).toBe(true);
    expect(hasExtension(m as never, ours(n))).toBe(true);
    expect(getExtension(m as never, ours(n))).toBe(zero);
  });

  test.each(["wrapped_opt", "wrapped_int64_opt", "struct_opt"])("%s unset reads as protobuf-es reads it", (n) => {
    const expected = oracle.getExtension(theirOptions() as never, theirs(n));
    expect(getExtension(ourOptions() as never, ours(n))).toEqual(expected);
  });

  test("the descriptors say so: singular proto3 extensions have explicit presence", () => {
    for (const n of ["int32_opt", "string_opt", "wrapped_opt"]) expect(ours(n).presence).toBe(theirs(n).presence);
  });
});
