/**
 * `nestedTypes()`, `usedTypes()`, `parentTypes()`, `qualifiedName()` and `protoSnakeCase()`
 * from /reflect, differential against @bufbuild/protobuf 2.17 (the oracle): the same
 * sequences of elements (by kind and name), for every file of the "test", "conformance" and
 * "wkt" descriptor sets and every element in them; and createRegistry() /
 * createMutableRegistry() of a file iterate in the same order.
 */
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import * as reflect from "@pbjet/protobuf/reflect";
import * as oracle from "@bufbuild/protobuf";
import * as oracleReflect from "@bufbuild/protobuf/reflect";
import { oracleRegistry, registry } from "../helpers";

type SetName = "test" | "conformance" | "wkt";
type Named = { kind: string; typeName?: string; name?: string };

const label = (d: Named): string => `${d.kind} ${d.typeName ?? d.name}`;

/** Every element of the files of a registry, by a label naming it the same in both libraries. */
function elements(files: Iterable<unknown>): Map<string, Named> {
  const out = new Map<string, Named>();
  const visitEnum = (e: pb.DescEnum) => {
    out.set(label(e), e);
    for (const v of e.values) out.set(`enum_value ${e.typeName}/${v.name}`, v);
  };
  const visitMessage = (m: pb.DescMessage) => {
    out.set(label(m), m);
    for (const f of m.fields) out.set(`field ${m.typeName}/${f.name}`, f);
    for (const o of m.oneofs) out.set(`oneof ${m.typeName}/${o.name}`, o);
    m.nestedEnums.forEach(visitEnum);
    m.nestedExtensions.forEach((x) => out.set(label(x), x));
    m.nestedMessages.forEach(visitMessage);
  };
  for (const f of files as Iterable<pb.DescFile>) {
    out.set(`file ${f.proto.name}`, f);
    f.enums.forEach(visitEnum);
    f.messages.forEach(visitMessage);
    f.extensions.forEach((x) => out.set(label(x), x));
    for (const s of f.services) {
      out.set(label(s), s);
      for (const m of s.methods) out.set(`rpc ${s.typeName}/${m.name}`, m);
    }
  }
  return out;
}

describe.each(["test", "conformance", "wkt"] as SetName[])("%s descriptor set", (set) => {
  const ours = elements(registry(set).files);
  const theirs = elements(oracleRegistry(set).files);

  test("the same elements", () => {
    expect([...ours.keys()].sort()).toEqual([...theirs.keys()].sort());
  });

  test("nestedTypes of every file and message", () => {
    for (const [key, d] of ours) {
      if (d.kind !== "file" && d.kind !== "message") continue;
      const t = theirs.get(key)!;
      expect([key, [...reflect.nestedTypes(d as pb.DescMessage)].map(label)]).toEqual([
        key,
        [...oracleReflect.nestedTypes(t as oracle.DescMessage)].map(label),
      ]);
    }
  });

  test("createRegistry and createMutableRegistry of every file iterate like the oracle's", () => {
    for (const [key, d] of ours) {
      if (d.kind !== "file") continue;
      const t = theirs.get(key)! as oracle.DescFile;
      const want = [...oracle.createRegistry(t)].map(label);
      expect([key, [...pb.createRegistry(d as pb.DescFile)].map(label)]).toEqual([key, want]);
      expect([key, [...pb.createMutableRegistry(d as pb.DescFile)].map(label)]).toEqual([key, want]);
    }
  });

  test("usedTypes of every message", () => {
    for (const [key, d] of ours) {
      if (d.kind !== "message") continue;
      const t = theirs.get(key)!;
      expect([key, [...reflect.usedTypes(d as pb.DescMessage)].map(label)]).toEqual([
        key,
        [...oracleReflect.usedTypes(t as oracle.DescMessage)].map(label),
      ]);
    }
  });

  test("parentTypes and qualifiedName of every element", () => {
    for (const [key, d] of ours) {
      const t = theirs.get(key)!;
      expect([key, reflect.parentTypes(d as pb.AnyDesc).map(label)]).toEqual([key, oracleReflect.parentTypes(t as oracle.AnyDesc).map(label)]);
      expect([key, reflect.qualifiedName(d as pb.AnyDesc)]).toEqual([key, oracleReflect.qualifiedName(t as oracle.AnyDesc)]);
    }
  });

  test("protoSnakeCase of every field's JSON name and local name", () => {
    for (const d of ours.values()) {
      if (d.kind !== "field") continue;
      const f = d as pb.DescField;
      for (const s of [f.jsonName, f.localName, f.name]) expect(reflect.protoSnakeCase(s)).toBe(oracleReflect.protoSnakeCase(s));
    }
  });
});

test("protoSnakeCase of random strings", () => {
  const chars = fc.constantFrom(..."aAbBzZ09_$É ΣǅẞxX".split(""));
  fc.assert(
    fc.property(fc.array(chars, { maxLength: 12 }), (cs) => {
      const s = cs.join("");
      expect(reflect.protoSnakeCase(s)).toBe(oracleReflect.protoSnakeCase(s));
    }),
    { numRuns: 500 },
  );
  fc.assert(
    fc.property(fc.string(), (s) => {
      expect(reflect.protoSnakeCase(s)).toBe(oracleReflect.protoSnakeCase(s));
    }),
    { numRuns: 500 },
  );
});
