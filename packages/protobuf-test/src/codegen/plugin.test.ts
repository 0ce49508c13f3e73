/**
 * createEcmaScriptPlugin() and runNodeJs() of @pbjet/protoplugin, exercised with protoc-gen-es
 * and with small plugins of the tests' own: targets, import options, empty files, errors in the
 * response, and the supported features and editions a plugin declares.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { create, fromBinary, toBinary } from "@pbjet/protobuf";
import { CodeGeneratorRequestSchema, CodeGeneratorResponseSchema } from "@pbjet/protobuf/wkt";
import { createEcmaScriptPlugin, PluginOptionError, type Schema } from "@pbjet/protoplugin";
import { protocGenEs } from "@pbjet/protoc-gen-es";
import { content, corpusFiles, corpusRequest, fileNames, fileProto, genEs, repoRoot, scratchDir, request } from "./util";

const FEATURE_PROTO3_OPTIONAL = 1n;
const FEATURE_SUPPORTS_EDITIONS = 2n;
const EDITION_PROTO2 = 998;
const EDITION_2026 = 1002;

/** Three files in different folders: a/c/two.proto imports a/b/one.proto; three.proto imports both. */
function crossDirectoryProtos() {
  const one = fileProto({
    name: "a/b/one.proto",
    package: "pkg.one",
    messageType: [{ name: "One", field: [{ name: "x", number: 1, type: 5, label: 1, jsonName: "x" }] }],
  });
  const two = fileProto({
    name: "a/c/two.proto",
    package: "pkg.two",
    dependency: ["a/b/one.proto"],
    messageType: [{ name: "Two", field: [{ name: "one", number: 1, type: 11, label: 1, typeName: ".pkg.one.One", jsonName: "one" }] }],
  });
  const three = fileProto({
    name: "three.proto",
    package: "pkg.three",
    dependency: ["a/b/one.proto", "a/c/two.proto"],
    messageType: [
      {
        name: "Three",
        field: [
          { name: "one", number: 1, type: 11, label: 1, typeName: ".pkg.one.One", jsonName: "one" },
          { name: "two", number: 2, type: 11, label: 1, typeName: ".pkg.two.Two", jsonName: "two" },
        ],
      },
    ],
  });
  return [one, two, three];
}

function genCross(parameter: string, fileToGenerate = ["a/b/one.proto", "a/c/two.proto", "three.proto"]) {
  const res = protocGenEs.run(request({ fileToGenerate, parameter, protoFile: crossDirectoryProtos() }));
  expect(res.error).toBe("");
  return res;
}

/** The module specifiers of import statements and require() calls in generated code. */
function specifiers(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/(?:from |require\()"([^"]+)"/g)) out.push(m[1]);
  return [...new Set(out)];
}

describe("supported features and editions", () => {
  test("the response declares proto3 optional, editions, and PROTO2..2026 (as protoc-gen-es 2.17)", () => {
    const res = genEs(["example.proto"], "target=ts");
    expect(res.supportedFeatures).toBe(FEATURE_PROTO3_OPTIONAL | FEATURE_SUPPORTS_EDITIONS);
    expect(res.minimumEdition).toBe(EDITION_PROTO2);
    expect(res.maximumEdition).toBe(EDITION_2026);
  });
  test("a bad option is a PluginOptionError thrown by run(), as in protobuf-es", () => {
    expect(() => protocGenEs.run(corpusRequest(["example.proto"], "bogus"))).toThrow(new PluginOptionError("bogus"));
  });
  test("editions 2023 and 2024 generate", () => {
    const res = genEs(["edition2023.proto", "edition2023_delimited.proto", "edition2024.proto"], "target=ts");
    expect(fileNames(res)).toEqual(["edition2023_delimited_pb.ts", "edition2023_pb.ts", "edition2024_pb.ts"]);
    expect(content(res, "edition2024_pb.ts")).toContain("(package pbjet.test.edition2024, edition 2024)");
  });
  test("edition 2026 generates", () => {
    const file = fileProto({
      name: "x.proto",
      syntax: "editions",
      edition: EDITION_2026,
      messageType: [{ name: "M", field: [{ name: "a", number: 1, type: 9, label: 1 }] }],
    });
    const res = protocGenEs.run(request({ fileToGenerate: ["x.proto"], parameter: "target=ts", protoFile: [file] }));
    expect(res.error ?? "").toBe("");
    expect(content(res, "x_pb.ts")).toContain("// @generated from file x.proto (edition 2026)");
    expect(content(res, "x_pb.ts")).toContain("  a: string;");
  });
  test.each([
    [900, "x.proto: unsupported edition LEGACY - the earliest supported edition is PROTO2"],
    [9999, "x.proto: unsupported edition UNSTABLE - the latest supported edition is 2026"],
    [99997, "x.proto: unsupported edition 99997_TEST_ONLY - the latest supported edition is 2026"],
  ])("edition %d is an error", (edition, error) => {
    const file = fileProto({ name: "x.proto", syntax: "editions", edition, messageType: [{ name: "M" }] });
    expect(() => protocGenEs.run(request({ fileToGenerate: ["x.proto"], parameter: "target=ts", protoFile: [file] }))).toThrow(error);
  });
});

describe("targets", () => {
  test("default: js+dts", () => {
    expect(fileNames(genEs(["example.proto"]))).toEqual(["example_pb.d.ts", "example_pb.js"]);
  });
  test.each([
    ["ts", ["example_pb.ts"]],
    ["js", ["example_pb.js"]],
    ["dts", ["example_pb.d.ts"]],
    ["js+dts", ["example_pb.d.ts", "example_pb.js"]],
    ["ts+js", ["example_pb.js", "example_pb.ts"]],
    ["ts+js+dts", ["example_pb.d.ts", "example_pb.js", "example_pb.ts"]],
  ])("target=%s", (target, names) => {
    expect(fileNames(genEs(["example.proto"], `target=${target}`))).toEqual(names);
  });
  test("only the files to generate are generated, not their imports", () => {
    // proto3.proto imports the well-known types; they come from the runtime.
    const res = genEs(["proto3.proto"], "target=ts");
    expect(fileNames(res)).toEqual(["proto3_pb.ts"]);
    const ts = content(res, "proto3_pb.ts");
    expect(specifiers(ts)).toContain("@pbjet/protobuf/wkt");
    expect(ts).not.toMatch(/from "\.\/google/);
  });
  test("a well-known type generated in the same run is imported from its generated file", () => {
    const res = genEs(["proto3.proto", "google/protobuf/timestamp.proto"], "target=ts,import_extension=js");
    expect(fileNames(res)).toEqual(["google/protobuf/timestamp_pb.ts", "proto3_pb.ts"]);
    const ts = content(res, "proto3_pb.ts");
    expect(ts).toContain('import { file_google_protobuf_timestamp } from "./google/protobuf/timestamp_pb.js";');
    expect(ts).toContain('import type { Timestamp, TimestampJson } from "./google/protobuf/timestamp_pb.js";'.replace(", TimestampJson", ""));
    expect(specifiers(ts)).toContain("@pbjet/protobuf/wkt");
    // The generated file declares its own symbols and imports nothing of itself.
    expect(specifiers(content(res, "google/protobuf/timestamp_pb.ts"))).toEqual(["@pbjet/protobuf/codegenv2", "@pbjet/protobuf"]);
  });
  test("files in folders keep their paths", () => {
    expect(fileNames(genCross("target=ts+dts"))).toEqual([
      "a/b/one_pb.d.ts",
      "a/b/one_pb.ts",
      "a/c/two_pb.d.ts",
      "a/c/two_pb.ts",
      "three_pb.d.ts",
      "three_pb.ts",
    ]);
  });
  test("js and dts have the declarations of the TypeScript, as protoc-gen-es writes them", () => {
    const res = genEs(["example.proto"], "target=ts+js+dts");
    const ts = content(res, "example_pb.ts");
    const js = content(res, "example_pb.js");
    const dts = content(res, "example_pb.d.ts");
    // JavaScript: the statements without types, with the pure annotations kept for tree shaking.
    expect(js).toContain("export const UserSchema = /*@__PURE__*/\n  messageDesc(file_example, 0);");
    expect(js).not.toContain("GenMessage");
    expect(js).not.toMatch(/^import type/m);
    // Declarations: the types without the statements.
    expect(dts).toContain("export declare const UserSchema: GenMessage<User>;");
    expect(dts).toContain('export declare type User = Message<"example.User"> & {');
    expect(dts).not.toContain("messageDesc(");
    // The header and JSDoc survive in both.
    const header = ts.split("\n").slice(0, 2).join("\n");
    expect(js.startsWith(header)).toBe(true);
    expect(dts.startsWith(header)).toBe(true);
    expect(dts).toContain("@generated from field: string first_name = 1;");
  });
});

describe("import_extension", () => {
  test.each([
    ["none", ["../b/one_pb"], ["./a/b/one_pb", "./a/c/two_pb"]],
    ["js", ["../b/one_pb.js"], ["./a/b/one_pb.js", "./a/c/two_pb.js"]],
    ["ts", ["../b/one_pb.ts"], ["./a/b/one_pb.ts", "./a/c/two_pb.ts"]],
  ])("import_extension=%s", (ext, fromTwo, fromThree) => {
    const res = genCross(`target=ts,import_extension=${ext}`);
    const rel = (name: string) => specifiers(content(res, name)).filter((s) => s.startsWith("."));
    expect(rel("a/c/two_pb.ts")).toEqual(fromTwo);
    expect(rel("three_pb.ts")).toEqual(fromThree);
    expect(rel("a/b/one_pb.ts")).toEqual([]);
    // Package imports never get an extension.
    expect(specifiers(content(res, "three_pb.ts"))).toContain("@pbjet/protobuf/codegenv2");
  });
});

describe("js_import_style", () => {
  test("module (default): import statements", () => {
    const js = content(genCross("target=js,import_extension=js"), "a/c/two_pb.js");
    expect(js).toContain('import { fileDesc, messageDesc } from "@pbjet/protobuf/codegenv2";');
    expect(js).toContain('import { file_a_b_one } from "../b/one_pb.js";');
    expect(js).toContain("export const TwoSchema");
    expect(js).not.toContain("require(");
  });
  test("legacy_commonjs: require() and exports", () => {
    const res = genCross("target=js+dts,import_extension=js,js_import_style=legacy_commonjs");
    const js = content(res, "a/c/two_pb.js");
    expect(js).toContain('require("@pbjet/protobuf/codegenv2")');
    expect(js).toContain('require("../b/one_pb.js")');
    expect(js).toMatch(/exports\.TwoSchema = /);
    expect(js).not.toMatch(/^\s*(import|export) /m);
    // Declarations are the same in both styles.
    expect(content(res, "a/c/two_pb.d.ts")).toContain('import type { One } from "../b/one_pb.js";');
  });

  test("the CommonJS output loads and works", () => {
    const res = genEs(["example.proto", "proto3.proto"], "target=js,js_import_style=legacy_commonjs");
    const dir = scratchDir("cjs");
    try {
      for (const f of res.file) dir.write(f.name, f.content);
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const mod = require(join(dir.dir, "example_pb.js")) as typeof import("../gen/example_pb");
      const user = create(mod.UserSchema, { firstName: "Homer", manager: { lastName: "Burns" }, projects: { a: "b" } });
      const back = fromBinary(mod.UserSchema, toBinary(mod.UserSchema, user));
      expect(back.firstName).toBe("Homer");
      expect(back.manager?.lastName).toBe("Burns");
      expect(back.projects).toEqual({ a: "b" });
      expect(mod.file_example.name).toBe("example");
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const p3 = require(join(dir.dir, "proto3_pb.js")) as typeof import("../gen/proto3_pb");
      expect(p3.ScalarValuesSchema.typeName).toBe("pbjet.test.proto3.ScalarValues");
    } finally {
      dir.remove();
    }
  });

  test("the ESM output loads and works", () => {
    const res = genCross("target=js,import_extension=js");
    const dir = scratchDir("esm");
    try {
      dir.write("package.json", '{"type":"module"}\n');
      for (const f of res.file) dir.write(f.name, f.content);
      dir.write(
        "main.js",
        [
          'import { create, toBinary, fromBinary } from "@pbjet/protobuf";',
          'import { ThreeSchema } from "./three_pb.js";',
          "const m = create(ThreeSchema, { one: { x: 1 }, two: { one: { x: 2 } } });",
          "const b = fromBinary(ThreeSchema, toBinary(ThreeSchema, m));",
          "console.log(JSON.stringify([b.one.x, b.two.one.x, b.$typeName]));",
        ].join("\n"),
      );
      const r = spawnSync(process.execPath, [join(dir.dir, "main.js")], { encoding: "utf8" });
      expect(r.stderr).toBe("");
      expect(r.stdout.trim()).toBe('[1,2,"pkg.three.Three"]');
    } finally {
      dir.remove();
    }
  });
});

describe("rewrite_imports", () => {
  test("a generated file matching a pattern is imported from the target package", () => {
    const res = genCross("target=ts,import_extension=js,rewrite_imports=./a/b/**/*_pb.js:@scope/ab");
    expect(specifiers(content(res, "a/c/two_pb.ts"))).toContain("@scope/ab/a/b/one_pb.js");
    // The pattern is matched against the path from the output root, whoever imports it.
    expect(specifiers(content(res, "three_pb.ts"))).toEqual(expect.arrayContaining(["@scope/ab/a/b/one_pb.js", "./a/c/two_pb.js"]));
  });
  test("`**` matches zero or more folders, `*` stays within one; the path is matched with .js, and keeps it", () => {
    const deep = genCross("target=ts,rewrite_imports=./**/*_pb.js:@all");
    expect(specifiers(content(deep, "three_pb.ts"))).toEqual(expect.arrayContaining(["@all/a/b/one_pb.js", "@all/a/c/two_pb.js"]));
    const shallow = genCross("target=ts,rewrite_imports=./a/*_pb.js:@x");
    expect(specifiers(content(shallow, "three_pb.ts"))).toEqual(expect.arrayContaining(["./a/b/one_pb", "./a/c/two_pb"]));
  });
  test("the first matching pattern wins", () => {
    const res = genCross("target=ts,rewrite_imports=./a/c/*:@first,rewrite_imports=./a/**/*:@second");
    expect(specifiers(content(res, "three_pb.ts"))).toEqual(expect.arrayContaining(["@second/a/b/one_pb.js", "@first/a/c/two_pb.js"]));
  });
  test("a package import matching a pattern is replaced", () => {
    const ts = content(genEs(["proto3.proto"], "target=ts,rewrite_imports=@pbjet/protobuf/wkt:@acme/wkt"), "proto3_pb.ts");
    expect(specifiers(ts)).toContain("@acme/wkt");
    expect(specifiers(ts)).not.toContain("@pbjet/protobuf/wkt");
    expect(specifiers(ts)).toContain("@pbjet/protobuf/codegenv2");
  });
});

describe("ts_nocheck, keep_empty_files and the header", () => {
  test("ts_nocheck adds // @ts-nocheck to the header", () => {
    const ts = content(genEs(["example.proto"], "target=ts,ts_nocheck=true"), "example_pb.ts");
    const lines = ts.split("\n");
    const start = lines.findIndex((l) => l.startsWith("// @generated by"));
    expect(lines.slice(start, start + 5)).toEqual([
      '// @generated by protoc-gen-es v0.1.0 with parameter "target=ts,ts_nocheck=true"',
      "// @generated from file example.proto (package example, syntax proto3)",
      "/* eslint-disable */",
      "// @ts-nocheck",
      "",
    ]);
    expect(content(genEs(["example.proto"], "target=ts"), "example_pb.ts")).not.toContain("@ts-nocheck");
  });

  /** A plugin that prints only for files whose name contains "3". */
  const selective = createEcmaScriptPlugin({
    name: "protoc-gen-selective",
    version: "v1.2.3",
    generateTs(schema: Schema) {
      for (const file of schema.files) {
        const f = schema.generateFile(file.proto.name.replace(/\.proto$/, "_sel.ts"));
        f.preamble(file);
        if (file.proto.name.includes("3")) f.print("export const x = 1;");
      }
    },
  });
  test("files without content are dropped", () => {
    const res = selective.run(corpusRequest(["proto2.proto", "proto3.proto"], "target=ts"));
    expect(res.error).toBe("");
    expect(fileNames(res)).toEqual(["proto3_sel.ts"]);
  });
  test("keep_empty_files keeps them", () => {
    const res = selective.run(corpusRequest(["proto2.proto", "proto3.proto"], "target=ts+js,keep_empty_files=true"));
    expect(fileNames(res)).toEqual(["proto2_sel.js", "proto2_sel.ts", "proto3_sel.js", "proto3_sel.ts"]);
    expect(content(res, "proto2_sel.ts")).toMatch(
      /\n\/\/ @generated by protoc-gen-selective v1\.2\.3 with parameter "target=ts\+js,keep_empty_files=true"\n/,
    );
  });
  test("without a parameter, the header does not mention one", () => {
    const res = selective.run(corpusRequest(["proto3.proto"]));
    expect(content(res, "proto3_sel.js")).toMatch(/\n\/\/ @generated by protoc-gen-selective v1\.2\.3\n/);
  });
  test("a file without a preamble has none", () => {
    const plugin = createEcmaScriptPlugin({
      name: "protoc-gen-index",
      version: "0.0.1",
      generateTs(schema: Schema) {
        schema.generateFile("index.ts").print("export {};");
      },
    });
    const res = plugin.run(corpusRequest(["example.proto"], "target=ts"));
    expect(content(res, "index.ts")).toBe("export {};\n");
  });
});

describe("errors are thrown by run(), as in protobuf-es (runNodeJs prints them)", () => {
  test("an exception in the plugin", () => {
    const plugin = createEcmaScriptPlugin({
      name: "protoc-gen-broken",
      version: "1.0.0",
      generateTs() {
        throw new Error("something went wrong");
      },
    });
    expect(() => plugin.run(corpusRequest(["example.proto"]))).toThrow("something went wrong");
  });
  test("a thrown non-Error", () => {
    const plugin = createEcmaScriptPlugin({
      name: "protoc-gen-broken",
      version: "1.0.0",
      generateTs() {
        throw "a string";
      },
    });
    expect(() => plugin.run(corpusRequest(["example.proto"]))).toThrow("a string");
  });
  test("an option a plugin without own options does not know", () => {
    const plugin = createEcmaScriptPlugin({ name: "protoc-gen-plain", version: "1.0.0", generateTs() {} });
    expect(() => plugin.run(corpusRequest(["example.proto"], "json_types=true"))).toThrow('invalid option "json_types=true"');
    expect(plugin.run(corpusRequest(["example.proto"], "target=ts")).error).toBe("");
  });
  test("the plugin's own options reach it", () => {
    let seen: unknown;
    const plugin = createEcmaScriptPlugin<{ flavor: string }>({
      name: "protoc-gen-own",
      version: "1.0.0",
      parseOptions(pairs) {
        const o = { flavor: "vanilla" };
        for (const { key, value } of pairs) {
          if (key !== "flavor") throw new Error(`unknown option ${key}`);
          o.flavor = value;
        }
        return o;
      },
      generateTs(schema) {
        seen = { flavor: schema.options.flavor, targets: schema.targets, ext: schema.options.importExtension };
      },
    });
    expect(plugin.run(corpusRequest(["example.proto"], "flavor=mint,target=ts,import_extension=js")).error).toBe("");
    expect(seen).toEqual({ flavor: "mint", targets: ["ts"], ext: "js" });
    expect(() => plugin.run(corpusRequest(["example.proto"], "color=red"))).toThrow(new PluginOptionError("color=red", "unknown option color"));
  });
  test("a file to generate that is not in the request", () => {
    expect(() => protocGenEs.run(corpusRequest(["missing.proto"]))).toThrow("files_to_generate missing in the request: missing.proto");
  });
  test("an unresolvable type reference", () => {
    const bad = fileProto({
      name: "bad.proto",
      messageType: [{ name: "M", field: [{ name: "f", number: 1, type: 11, label: 1, typeName: ".nope.Missing", jsonName: "f" }] }],
    });
    expect(() => protocGenEs.run(request({ fileToGenerate: ["bad.proto"], parameter: "", protoFile: [bad] }))).toThrow(/nope\.Missing/);
  });
});

describe("the schema a plugin sees", () => {
  test("files to generate, all files of the request", () => {
    let seen: { files: string[]; registryHasWkt: boolean; fileCount: number } | undefined;
    const plugin = createEcmaScriptPlugin({
      name: "protoc-gen-inspect",
      version: "1.0.0",
      generateTs(schema: Schema) {
        seen = {
          files: schema.files.map((f) => f.name),
          registryHasWkt: schema.allFiles.some((f) => f.proto.name === "google/protobuf/timestamp.proto"),
          fileCount: schema.allFiles.length,
        };
      },
    });
    expect(plugin.run(corpusRequest(["proto3.proto", "example.proto"])).error).toBe("");
    // In the order of the request's files, not of file_to_generate, as @bufbuild/protoplugin.
    const order = corpusFiles().map((f) => f.name.replace(/\.proto$/, ""));
    const files = ["proto3", "example"].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    expect(files).toEqual(["example", "proto3"]);
    expect(seen).toEqual({ files, registryHasWkt: true, fileCount: corpusFiles().length });
  });
  test("source file descriptors (with source-retention options) win over the stripped ones", () => {
    let sawSource = false;
    const plugin = createEcmaScriptPlugin({
      name: "protoc-gen-inspect",
      version: "1.0.0",
      generateTs(schema: Schema) {
        sawSource = schema.files[0].proto.package === "from.source";
      },
    });
    const stripped = fileProto({ name: "s.proto", package: "from.stripped" });
    const source = fileProto({ name: "s.proto", package: "from.source" });
    plugin.run(request({ fileToGenerate: ["s.proto"], protoFile: [stripped], sourceFileDescriptors: [source] }));
    expect(sawSource).toBe(true);
  });
});

describe("runNodeJs: the protoc-gen-es executable", () => {
  const bin = join(repoRoot, "packages", "protoc-gen-es", "bin", "protoc-gen-es");

  test("reads a CodeGeneratorRequest from stdin and writes a CodeGeneratorResponse to stdout", () => {
    const request = create(CodeGeneratorRequestSchema, {
      ...corpusRequest(["example.proto", "proto2.proto"], "target=ts,json_types=true"),
    } as never);
    const r = spawnSync(process.execPath, [bin], { input: toBinary(CodeGeneratorRequestSchema, request), maxBuffer: 64 << 20 });
    expect(r.stderr.toString()).toBe("");
    expect(r.status).toBe(0);
    const res = fromBinary(CodeGeneratorResponseSchema, new Uint8Array(r.stdout));
    expect(res.error).toBe("");
    expect(res.supportedFeatures).toBe(FEATURE_PROTO3_OPTIONAL | FEATURE_SUPPORTS_EDITIONS);
    expect(res.minimumEdition).toBe(EDITION_PROTO2);
    expect(res.maximumEdition).toBe(EDITION_2026);
    expect(res.file.map((f) => f.name)).toEqual(["example_pb.ts", "proto2_pb.ts"]);
    // Same output as running the plugin in-process.
    const inProcess = genEs(["example.proto", "proto2.proto"], "target=ts,json_types=true");
    expect(res.file.map((f) => f.content)).toEqual(inProcess.file.map((f) => f.content));
  });
  test("an error is printed to stderr with the plugin's name, and the process exits 1", () => {
    const request = create(CodeGeneratorRequestSchema, { ...corpusRequest(["example.proto"], "nope") } as never);
    const r = spawnSync(process.execPath, [bin], { input: toBinary(CodeGeneratorRequestSchema, request) });
    expect(r.status).toBe(1);
    expect(r.stdout.length).toBe(0);
    expect(r.stderr.toString()).toBe('protoc-gen-es: invalid option "nope"\n');
  });
  test("--version prints the name and the version of package.json", () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, "packages", "protoc-gen-es", "package.json"), "utf8")) as { version: string };
    const r = spawnSync(process.execPath, [bin, "--version"], { encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`protoc-gen-es v${pkg.version}\n`);
    expect(protocGenEs.version).toBe(`v${pkg.version}`);
  });
  test("other arguments are refused", () => {
    const r = spawnSync(process.execPath, [bin, "foo.proto"], { encoding: "utf8" });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/accepts a google.protobuf.compiler.CodeGeneratorRequest on stdin/);
  });
});
