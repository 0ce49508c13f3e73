/**
 * Linking descriptors, differential against @bufbuild/protobuf 2.17 (the oracle): the same
 * descriptor messages go to both; both link them or both throw, and pbjet's text starts with
 * the oracle's.
 *
 * - A field whose `oneof_index` names no oneof of its message is rejected (createFileRegistry
 *   and generated code's fileDesc); proto3 optional fields and extensions do not use it.
 * - createFileRegistry(FileDescriptorSet) links the files in the set's order: a file may
 *   import only files before it.
 */
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { FileDescriptorProtoSchema as OracleFileSchema } from "@bufbuild/protobuf/wkt";
import { fileDesc as oracleFileDesc } from "@bufbuild/protobuf/codegenv2";
import { fileDesc } from "@pbjet/protobuf/codegenv2";
import { ours, theirs, thrownBy, type Lib } from "./error-texts-util";

type FileInit = MessageInitShape<typeof OracleFileSchema>;
/** What a case sets on a field of pkg.M. */
interface FieldInit {
  oneofIndex?: number;
  proto3Optional?: boolean;
}

const int32 = { type: 5, label: 1 } as const;

/** A proto3 file with message pkg.M of the given fields (f0, f1, ... numbered 1, 2, ...) and oneofs. */
function fileOf(fields: FieldInit[], oneofs: string[], nested: FileInit["messageType"] = []): FileInit {
  return {
    name: "a.proto",
    package: "pkg",
    syntax: "proto3",
    messageType: [
      {
        name: "M",
        field: fields.map((f, i) => ({ name: `f${i}`, number: i + 1, jsonName: `f${i}`, ...int32, ...f })),
        oneofDecl: oneofs.map((name) => ({ name })),
        nestedType: nested,
      },
    ],
  };
}

/** What linking does in a library: the oneof of each field of pkg.M, or the error's text. */
function linkFile(lib: Lib, init: FileInit, via: "registry" | "fileDesc"): string {
  const proto = lib.pb.create(lib.wkt.FileDescriptorProtoSchema, init);
  const e = thrownBy(() => {
    if (via === "registry") return lib.pb.createFileRegistry(proto, () => undefined);
    const b64 = lib.wire.base64Encode(lib.pb.toBinary(lib.wkt.FileDescriptorProtoSchema, proto), "std_raw");
    return (lib === ours ? (fileDesc as unknown as typeof oracleFileDesc) : oracleFileDesc)(b64);
  });
  if (e !== undefined) return `throws ${(e as Error).message}`;
  const file = via === "registry" ? lib.pb.createFileRegistry(proto, () => undefined).getFile("a.proto")! : undefined;
  const m = file?.messages[0];
  return `ok ${m ? m.fields.map((f) => f.oneof?.name ?? "-").join(",") : ""}`;
}

describe("a field's oneof_index", () => {
  const cases: [string, FileInit][] = [
    ["0 in a message without oneofs", fileOf([{ oneofIndex: 0 }], [])],
    ["1 where the message has one oneof", fileOf([{ oneofIndex: 1 }], ["x"])],
    ["-1", fileOf([{ oneofIndex: -1 }], ["x"])],
    ["of the second field, out of range", fileOf([{ oneofIndex: 0 }, { oneofIndex: 1 }], ["x"])],
    ["of a nested message's field", fileOf([], [], [{ name: "N", field: [{ name: "g", number: 3, ...int32, oneofIndex: 2 }] }])],
    ["in range", fileOf([{ oneofIndex: 0 }, { oneofIndex: 0 }, {}], ["x"])],
    ["of a proto3 optional field, out of range", fileOf([{ oneofIndex: 1, proto3Optional: true }], ["_f0"])],
    ["of a proto3 optional field, no oneofs", fileOf([{ oneofIndex: 0, proto3Optional: true }], [])],
    [
      "of an extension",
      {
        name: "a.proto",
        package: "pkg",
        syntax: "proto2",
        messageType: [{ name: "M", extensionRange: [{ start: 10, end: 20 }] }],
        extension: [{ name: "e", number: 10, ...int32, extendee: ".pkg.M", oneofIndex: 3 }],
      },
    ],
  ];

  test.each(cases)("%s: as in the oracle (createFileRegistry)", (_name, init) => {
    const expected = linkFile(theirs, init, "registry");
    const actual = linkFile(ours, init, "registry");
    if (expected.startsWith("throws")) {
      expect(actual.startsWith(expected)).toBe(true);
    } else {
      expect(actual).toBe(expected);
    }
  });

  test.each(cases)("%s: as in the oracle (fileDesc)", (_name, init) => {
    const expected = linkFile(theirs, init, "fileDesc");
    const actual = linkFile(ours, init, "fileDesc");
    expect(actual.startsWith(expected)).toBe(true);
  });

  test("the error names the field", () => {
    expect(linkFile(ours, fileOf([{}, { oneofIndex: 4 }], ["x"]), "registry")).toBe(
      "throws invalid FieldDescriptorProto: oneof #4 for field #2 not found (field pkg.M.f1)",
    );
  });
});

describe("createFileRegistry(FileDescriptorSet): the order of the files", () => {
  const msgField = (name: string, typeName: string) => ({ name, number: 1, type: 11, label: 1, typeName, jsonName: name }) as const;
  const a: FileInit = {
    name: "a.proto",
    package: "pa",
    syntax: "proto3",
    dependency: ["b.proto"],
    messageType: [{ name: "A", field: [msgField("b", ".pb.B")] }],
  };
  const b: FileInit = {
    name: "b.proto",
    package: "pb",
    syntax: "proto3",
    dependency: ["c.proto"],
    messageType: [{ name: "B", field: [msgField("c", ".pc.C")] }],
  };
  const c: FileInit = { name: "c.proto", package: "pc", syntax: "proto3", messageType: [{ name: "C" }] };
  const x: FileInit = { name: "x.proto", syntax: "proto3", dependency: ["y.proto"] };
  const y: FileInit = { name: "y.proto", syntax: "proto3", dependency: ["x.proto"] };

  /** What a library's createFileRegistry does with a set: its files and A.b's type, or the error's text. */
  function link(lib: Lib, files: FileInit[]): string {
    const set = lib.pb.create(lib.wkt.FileDescriptorSetSchema, { file: files });
    let text = "";
    const e = thrownBy(() => {
      const reg = lib.pb.createFileRegistry(set);
      text = `ok ${[...reg.files].map((f) => f.name).join(",")} ${reg.getMessage("pa.A")?.fields[0].message?.typeName ?? "-"}`;
    });
    return e === undefined ? text : `throws ${(e as Error).message}`;
  }

  test.each([
    ["imports first", [c, b, a]],
    ["a file repeated", [c, b, a, a]],
    ["a file before its import", [a, b, c]],
    ["a file before its import's import", [b, a, c]],
    ["the first import last", [a, c, b]],
    ["an import missing", [a, c]],
    ["an import cycle", [x, y]],
    ["a file that imports itself", [{ name: "s.proto", syntax: "proto3", dependency: ["s.proto"] }]],
    ["an import listed twice", [c, { ...b, dependency: ["c.proto", "c.proto"] }]],
  ] as [string, FileInit[]][])("%s: as in the oracle", (_name, files) => {
    const expected = link(theirs, files);
    const actual = link(ours, files);
    expect(actual.startsWith(expected)).toBe(true);
  });

  test("an import that comes later in the set says so", () => {
    expect(link(ours, [a, b, c])).toBe("throws Cannot find b.proto, imported by a.proto (a file of a set may import only the files before it)");
  });
});
