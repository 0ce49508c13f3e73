/**
 * The GeneratedFile API of @pbjet/protoplugin: printing, imports that are added, de-duplicated,
 * split into type-only and value imports, renamed on clash, and made relative across folders;
 * JSDoc from comments.
 */
import { createEcmaScriptPlugin, safeIdentifier, type GeneratedFile, type Schema } from "@pbjet/protoplugin";
import { corpusRequest, fileProto } from "./util";

/** Runs a plugin that prints into one file with `body`, and returns the file's TypeScript. */
function generate(body: (f: GeneratedFile, schema: Schema) => void, opts: { path?: string; parameter?: string; files?: string[] } = {}): string {
  const plugin = createEcmaScriptPlugin({
    name: "protoc-gen-test",
    version: "1.0.0",
    generateTs(schema: Schema) {
      body(schema.generateFile(opts.path ?? "out"), schema);
    },
  });
  const res = plugin.run(corpusRequest(opts.files ?? ["example.proto"], opts.parameter ?? "target=ts"));
  if (res.error !== undefined) throw new Error(res.error);
  return res.file[0].content;
}

/** The file without the @generated header. */
function body(ts: string): string {
  return ts.substring(ts.indexOf("*/\n\n") + 4);
}

describe("print", () => {
  test("strings, numbers, bigints, booleans and arrays, one line per call", () => {
    const ts = generate((f) => {
      f.print("const a = ", 1, ";");
      f.print("const b = ", 2n, ";");
      f.print("const c = ", [true, " && ", false], ";");
      f.print();
      f.print("// end");
    });
    expect(body(ts)).toBe("const a = 1;\nconst b = 2n;\nconst c = true && false;\n\n// end\n");
  });
  test("tagged template literals", () => {
    const ts = generate((f) => {
      const create = f.runtime("create");
      const n = 42;
      f.print`const m = ${create}(X, { n: ${n} });`;
    });
    expect(body(ts)).toBe('import { create } from "@pbjet/protobuf";\n\nconst m = create(X, { n: 42 });\n');
  });
  test("string() quotes and escapes", () => {
    const ts = generate((f) => f.print("const s = ", f.string('a "b"\n\\c'), ";"));
    expect(body(ts)).toBe('const s = "a \\"b\\"\\n\\\\c";\n');
  });
});

describe("imports", () => {
  test("are added only for symbols that are printed", () => {
    const ts = generate((f) => {
      f.runtime("toBinary"); // never printed
      f.print("export const x = ", f.runtime("create"), ";");
    });
    expect(body(ts)).toBe('import { create } from "@pbjet/protobuf";\n\nexport const x = create;\n');
  });
  test("are de-duplicated and sorted, packages before relative paths", () => {
    const ts = generate((f) => {
      f.print(f.import("Z", "./z_pb"), f.runtime("toBinary"), f.runtime("create"), f.runtime("create"), f.import("A", "./a_pb"));
      f.print(f.codegen("messageDesc"), f.import("x", "zlib"), f.import("A", "./a_pb"), f.import("B", "./a_pb"));
    });
    expect(ts).toContain(
      [
        'import { create, toBinary } from "@pbjet/protobuf";',
        'import { messageDesc } from "@pbjet/protobuf/codegenv2";',
        'import { x } from "zlib";',
        'import { A, B } from "./a_pb";',
        'import { Z } from "./z_pb";',
      ].join("\n"),
    );
  });
  test("type-only symbols get `import type`; a symbol also used as a value is a value import", () => {
    const ts = generate((f) => {
      f.print("let m: ", f.runtime("Message", true), ";");
      f.print("let d: ", f.runtime("DescMessage", true), " = ", f.runtime("create"), ";");
      f.print("let r: ", f.runtime("Registry", true), " = ", f.runtime("Registry"), ";");
    });
    expect(ts).toContain('import type { DescMessage, Message } from "@pbjet/protobuf";\nimport { create, Registry } from "@pbjet/protobuf";');
  });
  test("toTypeOnly()", () => {
    const sym = { value: undefined as unknown };
    const ts = generate((f) => {
      const s = f.import("Thing", "lib");
      sym.value = s.toTypeOnly();
      f.print("let t: ", s.toTypeOnly(), ";");
    });
    expect(sym.value).toMatchObject({ kind: "import", name: "Thing", from: "lib", typeOnly: true });
    expect(ts).toContain('import type { Thing } from "lib";');
  });

  test("a symbol that clashes with a local declaration is aliased", () => {
    const ts = generate((f) => {
      f.print(f.exportDecl("const", "create"), " = 1;");
      f.print("export const y = ", f.runtime("create"), "(", f.runtime("create"), ");");
    });
    expect(body(ts)).toBe(
      'import { create as create$1 } from "@pbjet/protobuf";\n\nexport const create = 1;\nexport const y = create$1(create$1);\n',
    );
  });
  test("symbols of the same name from different modules get distinct names", () => {
    const ts = generate((f) => {
      f.print(f.exportDecl("type", "User"), " = string;");
      f.print(
        "export type A = [",
        f.import("User", "./a/user_pb", true),
        ", ",
        f.import("User", "./b/user_pb", true),
        ", ",
        f.import("User", "users"),
        "];",
      );
    });
    expect(body(ts)).toBe(
      [
        'import { User as User$1 } from "users";',
        'import type { User as User$2 } from "./a/user_pb";',
        'import type { User as User$3 } from "./b/user_pb";',
        "",
        "export type User = string;",
        "export type A = [User$2, User$3, User$1];",
        "",
      ].join("\n"),
    );
  });
  test("a symbol of the file itself is not imported", () => {
    const ts = generate((f) => f.print("export const x = ", f.import("y", "./dir/out_pb"), ";"), { path: "dir/out_pb" });
    expect(body(ts)).toBe("export const x = y;\n");
  });

  test.each([
    ["out", "./x_pb", "./x_pb"],
    ["out", "./a/b/x_pb", "./a/b/x_pb"],
    ["a/out", "./a/x_pb", "./x_pb"],
    ["a/out", "./x_pb", "../x_pb"],
    ["a/b/out", "./a/c/x_pb", "../c/x_pb"],
    ["a/b/out", "./c/d/x_pb", "../../c/d/x_pb"],
    ["a/b/c/out", "./a/b/x_pb", "../x_pb"],
    ["a/b/out", "./a/b/c/x_pb", "./c/x_pb"],
  ])("from %s, %s is imported as %s", (path, from, expected) => {
    const ts = generate((f) => f.print(f.import("X", from)), { path });
    expect(ts).toContain(`import { X } from "${expected}";`);
  });
  test.each([
    ["none", "../c/x_pb"],
    ["js", "../c/x_pb.js"],
    ["ts", "../c/x_pb.ts"],
  ])("import_extension=%s applies to relative imports only", (ext, expected) => {
    const ts = generate((f) => f.print(f.import("X", "./a/c/x_pb"), f.runtime("create")), {
      path: "a/b/out",
      parameter: `target=ts,import_extension=${ext}`,
    });
    expect(ts).toContain(`import { X } from "${expected}";`);
    expect(ts).toContain('import { create } from "@pbjet/protobuf";');
  });

  test("importSchema, importShape and importJson refer to the generated file of the descriptor", () => {
    const protos = [
      fileProto({
        name: "lib/one.proto",
        package: "one",
        messageType: [{ name: "Msg", nestedType: [{ name: "Inner" }] }],
        enumType: [{ name: "Kind", value: [{ name: "KIND_A", number: 0 }] }],
      }),
      fileProto({ name: "app/two.proto", package: "two", dependency: ["lib/one.proto"] }),
    ];
    const plugin = createEcmaScriptPlugin({
      name: "protoc-gen-test",
      version: "1.0.0",
      generateTs(schema: Schema) {
        const f = schema.generateFile("app/two_pb");
        const msg = schema.registry.getMessage("one.Msg")!;
        const inner = schema.registry.getMessage("one.Msg.Inner")!;
        const kind = schema.registry.getEnum("one.Kind")!;
        const ts = schema.registry.getMessage("google.protobuf.Timestamp");
        f.print(
          "export const a = [",
          f.importSchema(msg),
          ", ",
          f.importSchema(inner),
          ", ",
          f.importSchema(kind),
          ", ",
          f.importSchema(msg.file),
          "];",
        );
        f.print("export type B = [", f.importShape(msg), ", ", f.importShape(inner), ", ", f.importShape(kind), ", ", f.importJson(msg), "];");
        if (ts) f.print("export const c = ", f.importSchema(ts), ";");
      },
    });
    const res = plugin.run({ fileToGenerate: ["app/two.proto"], parameter: "target=ts,import_extension=js", protoFile: protos });
    expect(res.error).toBeUndefined();
    const ts = res.file[0].content;
    expect(ts).toContain('import type { Kind, Msg, Msg_Inner, MsgJson } from "../lib/one_pb.js";');
    expect(ts).toContain('import { file_lib_one, KindSchema, Msg_InnerSchema, MsgSchema } from "../lib/one_pb.js";');
  });
  test("well-known types are imported from the runtime's wkt module", () => {
    const ts = generate(
      (f, schema) => {
        const timestamp = schema.registry.getMessage("google.protobuf.Timestamp")!;
        f.print("export const a = ", f.importSchema(timestamp), ";");
        f.print("export type B = ", f.importShape(timestamp), ";");
        f.print("export const c = ", f.importSchema(timestamp.file), ";");
      },
      { files: ["proto3.proto"] },
    );
    expect(ts).toContain(
      'import type { Timestamp } from "@pbjet/protobuf/wkt";\nimport { file_google_protobuf_timestamp, TimestampSchema } from "@pbjet/protobuf/wkt";',
    );
  });
});

describe("jsDoc", () => {
  test("leading and trailing comments with extra lines; nothing without any", () => {
    let doc = "";
    let none = "x";
    let extraOnly = "";
    generate(
      (f, schema) => {
        const m = schema.registry.getMessage("pbjet.test.edge.JsHostileNames")!;
        doc = f.jsDoc(m, ["@generated from message X"]);
        none = f.jsDoc(schema.registry.getMessage("pbjet.test.edge.Map"));
        extraOnly = f.jsDoc(undefined, ["only this"], "  ");
      },
      { files: ["edge.proto"], parameter: "target=ts,keep_empty_files" },
    );
    expect(doc).toBe(
      [
        "/**",
        " * Leading comment on JsHostileNames.",
        " * It spans two lines.",
        " *",
        " * Trailing comment on the JsHostileNames line.",
        " *",
        " * @generated from message X",
        " */",
      ].join("\n"),
    );
    expect(none).toBe("");
    expect(extraOnly).toBe("  /**\n   * only this\n   */");
  });
  test("@deprecated for deprecated elements; block comments; `*/` is escaped", () => {
    const docs: Record<string, string> = {};
    generate(
      (f, schema) => {
        const dm = schema.registry.getMessage("pbjet.test.edge.DeprecatedMessage")!;
        docs.message = f.jsDoc(dm);
        docs.field = f.jsDoc(dm.fields[0], [], "  ");
        docs.normal = f.jsDoc(dm.fields[1]);
        const de = schema.registry.getEnum("pbjet.test.edge.DeprecatedEnum")!;
        docs.enumValue = f.jsDoc(de.values[1]);
        const svc = schema.registry.getService("pbjet.test.edge.EdgeService")!;
        docs.method = f.jsDoc(svc.methods.find((m) => m.name === "DeprecatedMethod"));
        docs.unary = f.jsDoc(svc.methods[0]);
        const commented = schema.registry.getMessage("pbjet.test.edge.Commented")!;
        docs.block = f.jsDoc(commented.fields[1]);
        docs.oneof = f.jsDoc(commented.oneofs[0]);
      },
      { files: ["edge.proto"], parameter: "target=ts,keep_empty_files" },
    );
    expect(docs.message).toBe("/**\n * Deprecation on every element kind.\n * @deprecated\n */");
    expect(docs.field).toBe("  /**\n   * @deprecated\n   */");
    expect(docs.normal).toBe("");
    expect(docs.enumValue).toBe("/**\n * @deprecated\n */");
    expect(docs.method).toBe("/**\n * A deprecated method.\n * @deprecated\n */");
    expect(docs.unary).toBe("/**\n * Unary method.\n */");
    expect(docs.block).toBe("/**\n * Leading block comment on field b. \n *\n * Trailing block comment on field b. \n */");
    expect(docs.oneof).toBe("/**\n * Leading comment on the oneof.\n */");
  });
  test("`*/` in a comment cannot end the JSDoc block", () => {
    const proto = fileProto({
      name: "c.proto",
      messageType: [{ name: "M" }],
      sourceCodeInfo: { location: [{ path: [4, 0], span: [0, 0, 1], leadingComments: " evil */ comment\n" }] },
    });
    let doc = "";
    const plugin = createEcmaScriptPlugin({
      name: "p",
      version: "1",
      generateTs(schema: Schema) {
        doc = schema.generateFile("x").jsDoc(schema.files[0].messages[0]);
      },
    });
    expect(plugin.run({ fileToGenerate: ["c.proto"], protoFile: [proto] }).error).toBeUndefined();
    expect(doc).toBe("/**\n * evil *\\/ comment\n */");
  });
});

describe("safeIdentifier", () => {
  test.each([
    ["class", "class$"],
    ["Object", "Object$"],
    ["Uint8Array", "Uint8Array$"],
    ["string", "string$"],
    ["Partial", "Partial$"],
    ["await", "await$"],
    // Not escaped, as in protobuf-es: generated code does not use these globals.
    ["constructor", "constructor"],
    ["Error", "Error"],
    ["Map", "Map"],
    ["User", "User"],
    ["objects", "objects"],
  ])("%s -> %s", (name, safe) => {
    expect(safeIdentifier(name)).toBe(safe);
  });
});
