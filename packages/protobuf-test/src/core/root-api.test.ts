/**
 * Root exports that mirror protobuf-es v2: `createMutableRegistry()` / `MutableRegistry`
 * (differential against the oracle over random add/remove sequences), `isUnknownEnum()`,
 * `minimumEdition` / `maximumEdition`, and the types `UnknownEnum`, `EnumShape`,
 * `MessageValidType`, `SupportedEdition` and `DescComments`.
 */
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import * as oracle from "@bufbuild/protobuf";
import { oracleRegistry, registry } from "../helpers";
import type { GenMessage } from "@pbjet/protobuf/codegenv2";
import * as gen from "../gen/custom_options_pb";

type Ours = pb.DescMessage | pb.DescEnum | pb.DescExtension | pb.DescService;

/** A comparable view of a registry: its types in order, and every lookup of the given names. */
function snapshot(reg: pb.Registry | oracle.Registry, names: string[], extendees: [string, number][]): unknown {
  const kindOf = (t: { kind: string; typeName: string } | undefined) => (t === undefined ? undefined : `${t.kind} ${t.typeName}`);
  return {
    types: [...(reg as Iterable<{ kind: string; typeName: string }>)].map(kindOf),
    get: names.map((n) => [
      kindOf(reg.get(n)),
      kindOf(reg.getMessage(n)),
      kindOf(reg.getEnum(n)),
      kindOf(reg.getExtension(n)),
      kindOf(reg.getService(n)),
    ]),
    extensionFor: extendees.map(([e, no]) => {
      const extendee = (reg.getMessage(e) ?? registry().getMessage(e)) as never;
      return kindOf(reg.getExtensionFor(extendee, no));
    }),
  };
}

describe("createMutableRegistry", () => {
  const all = [...registry()] as Ours[];
  const names = all.map((t) => t.typeName);
  const extendees = all.filter((t): t is pb.DescExtension => t.kind === "extension").map((t) => [t.extendee.typeName, t.number] as [string, number]);
  const theirs = (t: Ours) => oracleRegistry().get(t.typeName)!;

  test("from inputs, as createRegistry() takes them", () => {
    const file = registry().getFile("proto2.proto")!;
    const msg = registry().getMessage("pbjet.test.proto3.MessageFields")!;
    const ours = pb.createMutableRegistry(file, msg, registry().getEnum("pbjet.test.proto3.Proto3Enum")!);
    const oracleFile = oracleRegistry().getFile("proto2.proto")!;
    const their = oracle.createMutableRegistry(
      oracleFile,
      theirs(msg) as oracle.DescMessage,
      oracleRegistry().getEnum("pbjet.test.proto3.Proto3Enum")!,
    );
    expect(snapshot(ours, names, extendees)).toEqual(snapshot(their, names, extendees));
    expect(pb.createMutableRegistry().kind).toBe("registry");
    expect([...pb.createMutableRegistry()]).toEqual([]);
    expect([...pb.createMutableRegistry(pb.createRegistry(file))].length).toBe([...pb.createRegistry(file)].length);
  });

  test("random add and remove sequences give the same lookups as the oracle", () => {
    const ops = fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: all.length - 1 })), { maxLength: 40 });
    fc.assert(
      fc.property(ops, (seq) => {
        const ours = pb.createMutableRegistry();
        const their = oracle.createMutableRegistry();
        for (const [add, i] of seq) {
          if (add) {
            ours.add(all[i]);
            their.add(theirs(all[i]));
          } else {
            ours.remove(all[i]);
            their.remove(theirs(all[i]));
          }
        }
        expect(snapshot(ours, names, extendees)).toEqual(snapshot(their, names, extendees));
      }),
      { numRuns: 50 },
    );
  });
});

describe("isUnknownEnum", () => {
  test("same answers as the oracle for every enum of the test set", () => {
    for (const t of registry()) {
      if (t.kind !== "enum") continue;
      const theirs = oracleRegistry().getEnum(t.typeName)!;
      for (const v of [...t.values.map((x) => x.number), -1, 0, 1, 2, 3, 99, 2147483647, -2147483648, 0.5, Number.NaN]) {
        expect([t.typeName, v, pb.isUnknownEnum(t, v)]).toEqual([t.typeName, v, oracle.isUnknownEnum(theirs, v)]);
      }
    }
  });
  test("narrows to UnknownEnum", () => {
    const v = 5 as number;
    if (pb.isUnknownEnum(gen.OptionEnumSchema, v)) {
      const u: pb.UnknownEnum = v;
      expect(u).toBe(5);
    } else {
      throw new Error("5 is not a value of OptionEnum");
    }
  });
});

describe("editions and types", () => {
  test("minimumEdition and maximumEdition", () => {
    expect(pb.minimumEdition).toBe(oracle.minimumEdition);
    // Edition 2026, as protobuf-es 2.17.
    expect(pb.maximumEdition).toBe(oracle.maximumEdition);
    const e: pb.SupportedEdition = pb.maximumEdition;
    expect(e).toBe(1002);
  });
  test("EnumShape, MessageValidType and DescComments", () => {
    const shape: pb.EnumShape<typeof gen.OptionEnumSchema> = gen.OptionEnum.TWO;
    const plain: pb.EnumShape<pb.DescEnum> = 7;
    const valid: pb.MessageValidType<typeof gen.WithOptionsSchema> = pb.create(gen.WithOptionsSchema);
    const fallback: pb.MessageValidType<pb.DescMessage> = pb.create(gen.WithOptionsSchema);
    type ValidShape = pb.Message<"valid"> & { ok: boolean };
    type Valid = pb.MessageValidType<GenMessage<pb.Message<"shape">, { validType: ValidShape }>>;
    const v: Valid = { $typeName: "valid", ok: true };
    // @ts-expect-error the valid type, not the message shape
    const notShape: Valid = { $typeName: "shape" };
    void notShape;
    const comments: pb.DescComments = { leadingDetached: [], sourcePath: [4, 0] };
    expect([shape, plain, valid.$typeName, fallback.$typeName, v.ok, comments.sourcePath]).toEqual([
      2,
      7,
      "pbjet.test.options.WithOptions",
      "pbjet.test.options.WithOptions",
      true,
      [4, 0],
    ]);
  });
});
