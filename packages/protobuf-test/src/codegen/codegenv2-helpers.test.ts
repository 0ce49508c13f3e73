/**
 * The helpers of @pbjet/protobuf/codegenv2 for code generators, differential against
 * @bufbuild/protobuf/codegenv2: embedFileDesc (the same base64 and proto for every file of the
 * test corpus, the conformance protos and the well-known types), the boot of descriptor.proto,
 * pathInFileDesc, tsEnum and objEnum, the scalar types, assertValidNames, and the symbols
 * generators import (the same names, from our package).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as pb from "@pbjet/protobuf";
import * as wkt from "@pbjet/protobuf/wkt";
import * as cg from "@pbjet/protobuf/codegenv2";
import * as oracle from "@bufbuild/protobuf";
import * as oracleWkt from "@bufbuild/protobuf/wkt";
import * as oracleCg from "@bufbuild/protobuf/codegenv2";
import { descriptorSetBytes, oracleRegistry, registry } from "../helpers";
import { repoRoot } from "./util";

type SetName = "test-with-source-info" | "conformance" | "wkt";
const sets: SetName[] = ["test-with-source-info", "conformance", "wkt"];

function ourFiles(set: SetName): wkt.FileDescriptorProto[] {
  return pb.fromBinary(wkt.FileDescriptorSetSchema, descriptorSetBytes(set)).file;
}
function theirFiles(set: SetName): oracleWkt.FileDescriptorProto[] {
  return oracle.fromBinary(oracleWkt.FileDescriptorSetSchema, descriptorSetBytes(set)).file;
}

/** The outcome of a call: its JSON-comparable result, or "error". */
function outcome<T>(f: () => T): T | "error" {
  try {
    return f();
  } catch {
    return "error";
  }
}

/** Source-retention options left out, as protoc and buf pass files to plugins. */
function withoutExtensionRangeOptions<T extends { messageType: { extensionRange: { options?: unknown }[]; nestedType: unknown[] }[] }>(file: T): T {
  type M = T["messageType"][number];
  const visit = (m: M): void => {
    for (const r of m.extensionRange) delete r.options;
    (m.nestedType as M[]).forEach(visit);
  };
  file.messageType.forEach(visit);
  return file;
}

describe("embedFileDesc", () => {
  test.each(sets)("the same base64 and proto as protobuf-es for every file of %s", (set) => {
    const ours = ourFiles(set);
    const theirs = theirFiles(set);
    expect(ours.length).toBe(theirs.length);
    ours.forEach((file, i) => {
      const a = cg.embedFileDesc(file);
      const b = oracleCg.embedFileDesc(theirs[i]);
      expect([file.name, a.bootable]).toEqual([file.name, b.bootable]);
      expect([file.name, a.base64()]).toEqual([file.name, b.base64()]);
      expect(pb.toJson(wkt.FileDescriptorProtoSchema, a.proto())).toEqual(oracle.toJson(oracleWkt.FileDescriptorProtoSchema, b.proto()));
      // The input is not changed.
      expect(file.sourceCodeInfo === undefined).toBe(theirs[i].sourceCodeInfo === undefined);
    });
  });
  test("fileDesc() restores the file from base64(): dependencies, json names", () => {
    const reg = registry("test");
    for (const file of ourFiles("test-with-source-info")) {
      const desc = reg.getFile(file.name)!;
      const restored = cg.fileDesc(cg.embedFileDesc(file).base64(), desc.dependencies);
      const expected = pb.clone(wkt.FileDescriptorProtoSchema, file);
      delete expected.sourceCodeInfo;
      expect(pb.toJson(wkt.FileDescriptorProtoSchema, restored.proto)).toEqual(pb.toJson(wkt.FileDescriptorProtoSchema, expected));
      expect(restored.dependencies.map((d) => d.proto.name)).toEqual(file.dependency);
    }
  });
  test("descriptor.proto is bootable: boot() is the literal protobuf-es ships", () => {
    const file = withoutExtensionRangeOptions(ourFiles("wkt").find((f) => f.name === "google/protobuf/descriptor.proto")!);
    const embed = cg.embedFileDesc(file);
    if (!embed.bootable) throw new Error("descriptor.proto is bootable");
    const literal = embed.boot();
    expect(literal).toEqual(oracleCg.createFileDescriptorProtoBoot(oracleWkt.file_google_protobuf_descriptor.proto));
    // Key order too: generated code prints the literal.
    expect(JSON.stringify(literal)).toBe(JSON.stringify(oracleCg.createFileDescriptorProtoBoot(oracleWkt.file_google_protobuf_descriptor.proto)));
    // With its source-retention options, neither can boot it.
    const full = ourFiles("wkt").find((f) => f.name === "google/protobuf/descriptor.proto")!;
    const theirFull = theirFiles("wkt").find((f) => f.name === "google/protobuf/descriptor.proto")!;
    expect(outcome(() => cg.createFileDescriptorProtoBoot(full))).toBe("error");
    expect(outcome(() => oracleCg.createFileDescriptorProtoBoot(theirFull))).toBe("error");
  });
});

describe("the boot of descriptor.proto", () => {
  const literal = () =>
    oracleCg.createFileDescriptorProtoBoot(oracleWkt.file_google_protobuf_descriptor.proto) as unknown as cg.FileDescriptorProtoBoot;
  test("bootFileDescriptorProto() gives the message protobuf-es gives", () => {
    const ours = cg.bootFileDescriptorProto(literal());
    const theirs = oracleCg.bootFileDescriptorProto(literal() as unknown as oracleCg.FileDescriptorProtoBoot);
    expect(pb.toJson(wkt.FileDescriptorProtoSchema, ours)).toEqual(oracle.toJson(oracleWkt.FileDescriptorProtoSchema, theirs));
    expect(pb.toBinary(wkt.FileDescriptorProtoSchema, ours)).toEqual(oracle.toBinary(oracleWkt.FileDescriptorProtoSchema, theirs));
    expect(pb.isMessage(ours, wkt.FileDescriptorProtoSchema)).toBe(true);
  });
  test("boot() links the file, and the runtime's descriptor.proto is the same file", () => {
    const file = cg.boot(literal());
    const outline = (f: pb.DescFile) => {
      const out: string[] = [];
      const visit = (m: pb.DescMessage): void => {
        out.push(`${m.typeName}: ${m.fields.map((x) => `${x.name}=${x.number}:${x.fieldKind}:${x.jsonName}`).join(",")}`);
        m.nestedMessages.forEach(visit);
        for (const e of m.nestedEnums) out.push(`${e.typeName}: ${e.values.map((v) => v.name).join(",")}`);
      };
      f.messages.forEach(visit);
      for (const e of f.enums) out.push(`${e.typeName}: ${e.values.map((v) => v.name).join(",")}`);
      return out;
    };
    expect(outline(file)).toEqual(outline(wkt.file_google_protobuf_descriptor));
    expect(outline(file)).toEqual(outline(oracleCg.boot(literal() as unknown as oracleCg.FileDescriptorProtoBoot) as unknown as pb.DescFile));
    expect(pb.toJson(wkt.FileDescriptorProtoSchema, wkt.file_google_protobuf_descriptor.proto)).toEqual(
      oracle.toJson(oracleWkt.FileDescriptorProtoSchema, oracleWkt.file_google_protobuf_descriptor.proto),
    );
    // A field with a default and the edition defaults of features survive the boot.
    const optimizeFor = file.messages.find((m) => m.name === "FileOptions")!.field.optimizeFor;
    expect(optimizeFor.getDefaultValue()).toBe(1);
  });
  test("the runtime's embedded (packed) descriptor.proto gives back protobuf-es's literal exactly", () => {
    const script = join(repoRoot, "packages", "protobuf", "scripts", "bootstrap-descriptor.mjs");
    expect(existsSync(script)).toBe(true);
    const data = readFileSync(join(repoRoot, "packages", "protobuf", "src", "boot", "boot-data.ts"), "utf8");
    expect(data).toContain("descriptorProtoPacked");
    // The booted file, turned back into a literal, is protobuf-es's literal, key order included.
    const embedded = cg.createFileDescriptorProtoBoot(wkt.file_google_protobuf_descriptor.proto);
    expect(JSON.stringify(embedded)).toBe(JSON.stringify(literal()));
  });
  test("createFileDescriptorProtoBoot() accepts and rejects what protobuf-es does", () => {
    const base = () =>
      pb.create(wkt.FileDescriptorProtoSchema, {
        name: "google/protobuf/descriptor.proto",
        package: "google.protobuf",
        messageType: [{ name: "M", field: [{ name: "f", number: 1, type: 9, label: 1 }] }],
        enumType: [{ name: "E", value: [{ name: "A", number: 0 }] }],
      });
    const field = (f: wkt.FileDescriptorProto) => f.messageType[0].field[0];
    const fieldOptions = (o: Record<string, unknown>) => (f: wkt.FileDescriptorProto) => {
      field(f).options = pb.create(wkt.FieldOptionsSchema, o);
    };
    const variants: Record<string, (f: wkt.FileDescriptorProto) => void> = {
      plain: () => {},
      fileOptions: (f) => (f.options = pb.create(wkt.FileOptionsSchema, { javaPackage: "x" })),
      syntaxProto2: (f) => (f.syntax = "proto2"),
      syntaxProto3: (f) => (f.syntax = "proto3"),
      editions: (f) => {
        f.syntax = "editions";
        f.edition = wkt.Edition.EDITION_2023;
      },
      otherName: (f) => (f.name = "x.proto"),
      otherPackage: (f) => (f.package = ""),
      dependency: (f) => (f.dependency = ["a.proto"]),
      publicDependency: (f) => (f.publicDependency = [0]),
      optionDependency: (f) => (f.optionDependency = ["a.proto"]),
      service: (f) => (f.service = [pb.create(wkt.ServiceDescriptorProtoSchema, { name: "S" })]),
      extension: (f) =>
        (f.extension = [pb.create(wkt.FieldDescriptorProtoSchema, { name: "x", number: 5, type: 9, extendee: ".google.protobuf.M" })]),
      sourceCodeInfo: (f) => (f.sourceCodeInfo = pb.create(wkt.SourceCodeInfoSchema)),
      nestedExtension: (f) =>
        (f.messageType[0].extension = [pb.create(wkt.FieldDescriptorProtoSchema, { name: "x", number: 5, type: 9, extendee: ".google.protobuf.M" })]),
      oneof: (f) => (f.messageType[0].oneofDecl = [pb.create(wkt.OneofDescriptorProtoSchema, { name: "o" })]),
      oneofIndex: (f) => (field(f).oneofIndex = 0),
      messageOptions: (f) => (f.messageType[0].options = pb.create(wkt.MessageOptionsSchema, { deprecated: true })),
      messageVisibility: (f) => (f.messageType[0].visibility = wkt.SymbolVisibility.VISIBILITY_EXPORT),
      reserved: (f) => {
        f.messageType[0].reservedRange = [pb.create(wkt.DescriptorProto_ReservedRangeSchema, { start: 5, end: 6 })];
        f.messageType[0].reservedName = ["x"];
        f.enumType[0].reservedName = ["Y"];
      },
      extensionRange: (f) => (f.messageType[0].extensionRange = [pb.create(wkt.DescriptorProto_ExtensionRangeSchema, { start: 5, end: 6 })]),
      extensionRangeOptions: (f) =>
        (f.messageType[0].extensionRange = [pb.create(wkt.DescriptorProto_ExtensionRangeSchema, { start: 5, end: 6, options: {} })]),
      nested: (f) => {
        f.messageType[0].nestedType = [
          pb.create(wkt.DescriptorProtoSchema, { name: "N", field: [{ name: "a_b", number: 1, type: 9, jsonName: "aB" }] }),
        ];
        f.messageType[0].enumType = [pb.create(wkt.EnumDescriptorProtoSchema, { name: "NE", value: [{ name: "Z", number: 0 }] })];
      },
      nestedMapEntry: (f) => (f.messageType[0].nestedType = [pb.create(wkt.DescriptorProtoSchema, { name: "N", options: { mapEntry: true } })]),
      jsonNameDefault: (f) => (field(f).jsonName = "f"),
      jsonNameCustom: (f) => (field(f).jsonName = "F"),
      proto3Optional: (f) => (field(f).proto3Optional = true),
      noLabel: (f) => (f.messageType[0].field[0] = pb.create(wkt.FieldDescriptorProtoSchema, { name: "f", number: 1, type: 9 })),
      labelRepeated: (f) => (field(f).label = 3),
      labelZero: (f) => (field(f).label = 0 as wkt.FieldDescriptorProto_Label),
      emptyStrings: (f) => Object.assign(field(f), { typeName: "", extendee: "", defaultValue: "" }),
      allFieldProperties: (f) =>
        Object.assign(field(f), {
          typeName: ".t",
          extendee: ".e",
          defaultValue: "d",
          options: pb.create(wkt.FieldOptionsSchema, {
            editionDefaults: [{ edition: wkt.Edition.EDITION_LEGACY, value: "X" }],
            targets: [1],
            retention: 1,
            deprecated: true,
            packed: true,
          }),
        }),
      emptyOptions: fieldOptions({}),
      packedFalse: fieldOptions({ packed: false }),
      deprecatedFalse: fieldOptions({ deprecated: false }),
      featureSupport: fieldOptions({ featureSupport: {} }),
      targetsEmpty: fieldOptions({ targets: [] }),
      ctype: fieldOptions({ ctype: 1 }),
      jstype: fieldOptions({ jstype: 1 }),
      lazy: fieldOptions({ lazy: false }),
      unverifiedLazy: fieldOptions({ unverifiedLazy: true }),
      weak: fieldOptions({ weak: true }),
      debugRedact: fieldOptions({ debugRedact: true }),
      features: fieldOptions({ features: {} }),
      uninterpretedOption: fieldOptions({ uninterpretedOption: [{ identifierValue: "x" }] }),
      enumOptions: (f) => (f.enumType[0].options = pb.create(wkt.EnumOptionsSchema, { allowAlias: true })),
      enumValueOptions: (f) => (f.enumType[0].value[0].options = pb.create(wkt.EnumValueOptionsSchema, { deprecated: true })),
      enumVisibility: (f) => (f.enumType[0].visibility = wkt.SymbolVisibility.VISIBILITY_LOCAL),
      emptyMessageAndEnum: (f) => {
        f.messageType.push(pb.create(wkt.DescriptorProtoSchema, { name: "Empty" }));
        f.enumType.push(pb.create(wkt.EnumDescriptorProtoSchema, { name: "E2" }));
      },
      nameWithDot: (f) => (f.messageType[0].name = "a.b"),
    };
    for (const [name, change] of Object.entries(variants)) {
      const changed = base();
      change(changed);
      // Both decoded from the same bytes (a closed enum's unknown value is an unknown field).
      const bytes = pb.toBinary(wkt.FileDescriptorProtoSchema, changed);
      const ours = pb.fromBinary(wkt.FileDescriptorProtoSchema, bytes);
      const theirs = oracle.fromBinary(oracleWkt.FileDescriptorProtoSchema, bytes);
      const a = outcome(() => JSON.stringify(cg.createFileDescriptorProtoBoot(ours)));
      const b = outcome(() => JSON.stringify(oracleCg.createFileDescriptorProtoBoot(theirs)));
      expect([name, a]).toEqual([name, b]);
    }
  });
});

describe("pathInFileDesc", () => {
  test.each(["test", "conformance", "wkt"] as const)(
    "the same paths as protobuf-es for every type of %s, and the hydration functions find the type",
    (set) => {
      const theirs = oracleRegistry(set);
      let n = 0;
      for (const t of registry(set)) {
        const their = theirs.get(t.typeName) as Parameters<typeof oracleCg.pathInFileDesc>[0];
        const path = cg.pathInFileDesc(t);
        expect([t.typeName, path]).toEqual([t.typeName, oracleCg.pathInFileDesc(their)]);
        const [first, ...rest] = path;
        const found =
          t.kind === "message"
            ? cg.messageDesc(t.file, first, ...rest)
            : t.kind === "enum"
              ? cg.enumDesc(t.file, first, ...rest)
              : t.kind === "extension"
                ? cg.extDesc(t.file, first, ...rest)
                : cg.serviceDesc(t.file, first);
        expect(found).toBe(t);
        n++;
      }
      expect(n).toBeGreaterThan(20);
    },
  );
  test("serviceDesc takes further indexes, as protobuf-es's does, and throws for them: services do not nest", () => {
    const service = [...registry("test")].find((t) => t.kind === "service")!;
    const their = oracleRegistry("test").getService(service.typeName)!;
    expect(() => oracleCg.serviceDesc(their.file, 0, 0)).toThrow();
    expect(() => cg.serviceDesc(service.file, 0, 0)).toThrow(pb.ProtobufError);
    expect(() => cg.serviceDesc(service.file, 0, 0)).toThrow(/services do not nest/);
    expect(cg.serviceDesc(service.file, service.file.services.indexOf(service as never))).toBe(service);
  });
});

describe("enums, scalars and names", () => {
  test("tsEnum and objEnum give protobuf-es's objects for every enum", () => {
    const theirs = oracleRegistry("test");
    // One deliberate difference: a value named __proto__ is a property of ours, as the computed
    // key of our generated TypeScript makes it; protobuf-es assigns it, which sets no property.
    const withoutProto = (entries: [string, unknown][]) => entries.filter(([k]) => k !== "__proto__");
    for (const t of registry("test")) {
      if (t.kind !== "enum") continue;
      const their = theirs.getEnum(t.typeName)!;
      expect(withoutProto(Object.entries(cg.tsEnum(t)))).toEqual(Object.entries(oracleCg.tsEnum(their)));
      expect(withoutProto(Object.entries(cg.objEnum(t)))).toEqual(Object.entries(oracleCg.objEnum(their)));
    }
  });
  test("an enum value named __proto__ is an own property of tsEnum and objEnum", () => {
    const hostile = registry("test").getEnum("pbjet.test.edge.JsHostileEnum")!;
    for (const obj of [cg.tsEnum(hostile), cg.objEnum(hostile)] as Record<string, unknown>[]) {
      expect(Object.getPrototypeOf(obj)).toBe(Object.prototype);
      expect(Object.prototype.hasOwnProperty.call(obj, "__proto__")).toBe(true);
      expect(Object.getOwnPropertyDescriptor(obj, "__proto__")?.value).toBe(2);
      expect(Object.keys(obj)).toContain("__proto__");
    }
  });
  test("scalarTypeScriptType and scalarJsonType", () => {
    for (const t of Object.values(pb.ScalarType).filter((v): v is pb.ScalarType => typeof v === "number")) {
      for (const longAsString of [false, true]) {
        expect([t, cg.scalarTypeScriptType(t, longAsString)]).toEqual([
          t,
          oracleCg.scalarTypeScriptType(t as number as oracle.ScalarType, longAsString),
        ]);
      }
      expect([t, cg.scalarJsonType(t)]).toEqual([t, oracleCg.scalarJsonType(t as number as oracle.ScalarType)]);
    }
  });
  test("assertValidNames, and createFileRegistry, reject what protobuf-es rejects, with its messages", () => {
    const base = () =>
      pb.create(wkt.FileDescriptorProtoSchema, {
        name: "x.proto",
        package: "a.b",
        syntax: "proto3",
        messageType: [
          {
            name: "M",
            field: [{ name: "f", number: 1, type: 9, label: 1, oneofIndex: 0 }],
            oneofDecl: [{ name: "o" }],
            nestedType: [{ name: "N" }],
            enumType: [{ name: "NE", value: [{ name: "NV", number: 0 }] }],
            extension: [{ name: "ne", number: 5, type: 9, label: 1, extendee: ".google.protobuf.MessageOptions" }],
          },
        ],
        enumType: [{ name: "E", value: [{ name: "V", number: 0 }] }],
        service: [{ name: "S", method: [{ name: "Me", inputType: ".a.b.M", outputType: ".a.b.M" }] }],
        extension: [{ name: "e", number: 6, type: 9, label: 1, extendee: ".google.protobuf.MessageOptions" }],
        dependency: ["google/protobuf/descriptor.proto"],
      });
    const names: Record<string, (f: wkt.FileDescriptorProto) => void> = {
      valid: () => {},
      package: (f) => (f.package = "a-b"),
      message: (f) => (f.messageType[0].name = "M-1"),
      messageDigit: (f) => (f.messageType[0].name = "1M"),
      messageEmpty: (f) => (f.messageType[0].name = ""),
      messageUnicode: (f) => (f.messageType[0].name = "Mé"),
      messageDollar: (f) => (f.messageType[0].name = "M$"),
      messageDot: (f) => (f.messageType[0].name = "M.N"),
      field: (f) => (f.messageType[0].field[0].name = "f f"),
      oneof: (f) => (f.messageType[0].oneofDecl[0].name = "o-"),
      nestedMessage: (f) => (f.messageType[0].nestedType[0].name = "N!"),
      nestedEnum: (f) => (f.messageType[0].enumType[0].name = "?"),
      nestedEnumValue: (f) => (f.messageType[0].enumType[0].value[0].name = "1"),
      nestedExtension: (f) => (f.messageType[0].extension[0].name = "n e"),
      enum: (f) => (f.enumType[0].name = "E E"),
      enumValue: (f) => (f.enumType[0].value[0].name = "V-"),
      service: (f) => (f.service[0].name = "S S"),
      method: (f) => (f.service[0].method[0].name = "M e"),
      extension: (f) => (f.extension[0].name = "e-"),
      jsonName: (f) => (f.messageType[0].field[0].jsonName = "a b"),
    };
    const errorOf = (f: () => unknown): string | undefined => {
      try {
        f();
        return undefined;
      } catch (e) {
        return e instanceof Error ? e.message : String(e);
      }
    };
    for (const [name, change] of Object.entries(names)) {
      const ours = base();
      change(ours);
      const theirs = oracle.fromBinary(oracleWkt.FileDescriptorProtoSchema, pb.toBinary(wkt.FileDescriptorProtoSchema, ours));
      const expected = errorOf(() => oracleCg.assertValidNames(theirs));
      expect([name, errorOf(() => cg.assertValidNames(ours))]).toEqual([name, expected]);
      const ourRegistry = errorOf(() => pb.createFileRegistry(ours, () => wkt.file_google_protobuf_descriptor));
      const theirRegistry = errorOf(() => oracle.createFileRegistry(theirs, () => oracleWkt.file_google_protobuf_descriptor));
      if (expected !== undefined) {
        expect([name, ourRegistry]).toEqual([name, expected]);
        expect([name, theirRegistry]).toEqual([name, expected]);
      } else {
        // Valid names; the package "a-b" then fails to link in both, with messages of their own.
        expect([name, ourRegistry === undefined]).toEqual([name, theirRegistry === undefined]);
      }
    }
  });
});

describe("symbols", () => {
  /** The package name replaced in every `from`, the bootstrap paths left out. */
  const shape = (record: Record<string, unknown>): unknown =>
    Object.fromEntries(
      Object.entries(record).map(([k, v]) => {
        const s = v as { typeOnly?: boolean; from?: string };
        if (typeof s.from === "string") return [k, { typeOnly: s.typeOnly, from: s.from.replace("@bufbuild/protobuf", "@pbjet/protobuf") }];
        return [k, shape(v as Record<string, unknown>)];
      }),
    );
  test("the same symbols as protobuf-es, from @pbjet/protobuf", () => {
    expect(cg.packageName).toBe("@pbjet/protobuf");
    expect(oracleCg.packageName).toBe("@bufbuild/protobuf");
    expect(shape(cg.symbols)).toEqual(shape(oracleCg.symbols));
  });
  test("every bootstrap path is a module of the runtime that exports the symbol", () => {
    // The paths are relative to the folder the well-known types are generated into.
    const genDir = join(repoRoot, "packages", "protobuf", "dist", "esm", "wkt", "gen");
    const visit = (record: Record<string, unknown>): void => {
      for (const [name, v] of Object.entries(record)) {
        const s = v as { typeOnly?: boolean; bootstrapWktFrom?: string };
        if (typeof s.bootstrapWktFrom !== "string") {
          visit(v as Record<string, unknown>);
          continue;
        }
        const dts = join(genDir, s.bootstrapWktFrom.replace(/\.js$/, ".d.ts"));
        expect([name, existsSync(dts)]).toEqual([name, true]);
        const text = readFileSync(dts, "utf8");
        expect([name, new RegExp(`\\b${name}\\b`).test(text)]).toEqual([name, true]);
      }
    };
    // UnknownEnum is added to the package root elsewhere; it is checked once it is there.
    const { UnknownEnum: _pending, ...rest } = cg.symbols;
    visit(rest);
  });
  test("wktPublicImportPaths: every well-known type file, imported from our package", () => {
    const expected = Object.fromEntries(
      Object.entries(oracleCg.wktPublicImportPaths).map(([k, v]) => [k, v.replace("@bufbuild/protobuf", "@pbjet/protobuf")]),
    );
    expect(cg.wktPublicImportPaths).toEqual(expected);
    for (const [file, path] of Object.entries(cg.wktPublicImportPaths)) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const mod = require(path) as Record<string, unknown>;
      const fileDescName = "file_" + file.replace(/\.proto$/, "").replace(/[^a-zA-Z0-9_]/g, "_");
      expect([file, typeof mod[fileDescName]]).toEqual([file, "object"]);
    }
  });
});
