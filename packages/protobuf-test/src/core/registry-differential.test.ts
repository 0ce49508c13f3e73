/**
 * Registries, differential against @bufbuild/protobuf 2.17 (the oracle):
 *
 * - createFileRegistry() of file registries: a later file with the same name replaces the
 *   earlier one, with its types (the earlier file's other types stay), in the earlier file's
 *   place in `files`;
 * - DescField.localName of a oneof member is not escaped: the member is the `case` of its
 *   oneof's object, not a property of the message (`constructor`, `toString`, ...).
 */
import * as pb from "@pbjet/protobuf";
import { protoCamelCase } from "@pbjet/protobuf/reflect";
import { DescriptorProtoSchema, FieldDescriptorProto_Label, FieldDescriptorProto_Type, FileDescriptorSetSchema } from "@pbjet/protobuf/wkt";
import * as oracle from "@bufbuild/protobuf";
import * as oracleWkt from "@bufbuild/protobuf/wkt";
import { descriptorSetBytes } from "../helpers";

/** Both libraries' file registries of a serialized FileDescriptorSet. */
function registries(bytes: Uint8Array) {
  return {
    ours: pb.createFileRegistry(pb.fromBinary(FileDescriptorSetSchema, bytes)),
    theirs: oracle.createFileRegistry(oracle.fromBinary(oracleWkt.FileDescriptorSetSchema, bytes)),
  };
}

/** The test set with example.proto changed: message User removed, message Added added. */
function changedSet(): Uint8Array {
  const set = pb.fromBinary(FileDescriptorSetSchema, descriptorSetBytes("test"));
  const example = set.file.find((f) => f.name === "example.proto")!;
  example.messageType = example.messageType.filter((m) => m.name !== "User");
  example.messageType.push(pb.create(DescriptorProtoSchema, { name: "Added" }));
  return pb.toBinary(FileDescriptorSetSchema, set);
}

interface FileRegistryLike {
  readonly files: Iterable<{ readonly proto: { readonly name: string } }>;
  getFile(name: string): unknown;
  get(typeName: string): unknown;
  [Symbol.iterator](): Iterator<{ readonly typeName: string }>;
}

/**
 * Where each file (in the order of `files`) and each type (sorted) of a merged registry comes
 * from: "name:1" or "name:2" for the first or second source registry, "name:0" for neither.
 */
function origins(merged: FileRegistryLike, sources: FileRegistryLike[]) {
  const files = [...merged.files].map((f) => {
    const name = f.proto.name;
    return `${name}:${sources.findIndex((s) => s.getFile(name) === merged.getFile(name)) + 1}`;
  });
  const types = [...merged].map((t) => `${t.typeName}:${sources.findIndex((s) => s.get(t.typeName) === merged.get(t.typeName)) + 1}`).sort();
  return { files, types };
}

describe("createFileRegistry() of file registries", () => {
  const first = registries(descriptorSetBytes("test"));

  test.each([
    ["the same files, built again", () => descriptorSetBytes("test")],
    ["a file changed", changedSet],
  ])("%s: the later file replaces the earlier one, as in the oracle", (_name, bytes) => {
    const second = registries(bytes());
    const ours = pb.createFileRegistry(first.ours, second.ours);
    const theirs = oracle.createFileRegistry(first.theirs, second.theirs);
    const ourOrigins = origins(ours, [first.ours, second.ours]);
    const theirOrigins = origins(theirs as unknown as FileRegistryLike, [first.theirs, second.theirs] as unknown as FileRegistryLike[]);
    expect(ourOrigins).toEqual(theirOrigins);
    // Every file is the later one.
    expect(ourOrigins.files.every((f) => f.endsWith(":2"))).toBe(true);
    // The types of the replaced file that the later one lacks stay (from the earlier file).
    // (Identity compared as booleans: jest would print whole descriptor graphs.)
    const user = second.ours.getMessage("example.User") ?? first.ours.getMessage("example.User");
    expect(ours.getMessage("example.User") === user).toBe(true);
    expect(ours.getFile("example.proto") === second.ours.getFile("example.proto")).toBe(true);
  });

  test("extensions of the later file replace those of the earlier one", () => {
    const second = registries(descriptorSetBytes("test"));
    const ours = pb.createFileRegistry(first.ours, second.ours);
    const theirs = oracle.createFileRegistry(first.theirs, second.theirs);
    let n = 0;
    for (const ext of second.ours) {
      if (ext.kind !== "extension") continue;
      n++;
      const oext = second.theirs.getExtension(ext.typeName)!;
      expect([ext.typeName, ours.getExtensionFor(ext.extendee, ext.number) === ext]).toEqual([ext.typeName, true]);
      expect([ext.typeName, theirs.getExtensionFor(oext.extendee, oext.number) === oext]).toEqual([ext.typeName, true]);
    }
    expect(n).toBeGreaterThan(0);
  });
});

/** A file with a oneof whose members have names of Object.prototype's properties. */
function oneofNamesFile(): Uint8Array {
  const names = ["constructor", "to_string", "value_of", "to_json", "has_own_property", "__proto__", "plain"];
  const set = pb.create(FileDescriptorSetSchema, {
    file: [
      {
        name: "oneof_names.proto",
        package: "oneof.names",
        syntax: "proto3",
        messageType: [
          {
            name: "M",
            field: [
              ...names.map((name, i) => ({
                name,
                number: i + 1,
                jsonName: protoCamelCase(name),
                label: FieldDescriptorProto_Label.OPTIONAL,
                type: FieldDescriptorProto_Type.INT32,
                oneofIndex: 0,
              })),
            ],
            oneofDecl: [{ name: "kind" }],
          },
          // The same names as fields outside a oneof are escaped.
          {
            name: "Plain",
            field: names.map((name, i) => ({
              name,
              number: i + 1,
              jsonName: protoCamelCase(name),
              label: FieldDescriptorProto_Label.OPTIONAL,
              type: FieldDescriptorProto_Type.INT32,
            })),
          },
        ],
      },
    ],
  });
  return pb.toBinary(FileDescriptorSetSchema, set);
}

describe("DescField.localName", () => {
  test("of oneof members is not escaped, of other fields it is, as in the oracle", () => {
    const { ours, theirs } = registries(oneofNamesFile());
    for (const typeName of ["oneof.names.M", "oneof.names.Plain"]) {
      const names = ours.getMessage(typeName)!.fields.map((f) => f.localName);
      expect(names).toEqual(theirs.getMessage(typeName)!.fields.map((f) => f.localName));
    }
    expect(ours.getMessage("oneof.names.M")!.fields.map((f) => f.localName)).toContain("constructor");
    expect(ours.getMessage("oneof.names.Plain")!.fields.map((f) => f.localName)).toContain("constructor$");
  });

  test("of every field of the test, conformance and wkt sets is the oracle's", () => {
    for (const set of ["test", "conformance", "wkt"] as const) {
      const { ours, theirs } = registries(descriptorSetBytes(set));
      for (const t of ours) {
        if (t.kind !== "message") continue;
        expect({ t: t.typeName, names: t.fields.map((f) => f.localName) }).toEqual({
          t: t.typeName,
          names: theirs.getMessage(t.typeName)!.fields.map((f) => f.localName),
        });
      }
    }
  });

  test("a oneof member named constructor is the case of its oneof, in every codec", () => {
    const { ours, theirs } = registries(oneofNamesFile());
    const M = ours.getMessage("oneof.names.M")!;
    const OM = theirs.getMessage("oneof.names.M")!;
    for (const field of M.fields) {
      const msg = pb.create(M, { kind: { case: field.localName, value: 7 } } as never);
      const omsg = oracle.create(OM, { kind: { case: field.localName, value: 7 } } as never);
      const bytes = pb.toBinary(M, msg);
      expect(bytes).toEqual(oracle.toBinary(OM, omsg));
      expect(pb.fromBinary(M, bytes)).toEqual(msg);
      expect(pb.toJson(M, msg)).toEqual(oracle.toJson(OM, omsg));
      expect(pb.fromJson(M, pb.toJson(M, msg))).toEqual(msg);
      expect(pb.isFieldSet(msg, field)).toBe(true);
      expect(pb.equals(M, msg, pb.clone(M, msg))).toBe(true);
    }
  });
});
