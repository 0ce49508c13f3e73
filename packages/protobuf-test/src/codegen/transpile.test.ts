/**
 * The built-in transpiler of @pbjet/protoplugin (the targets js and dts of a plugin that only
 * generates TypeScript), differential against @bufbuild/protoplugin 2.17.0:
 * - a plugin written as an ES module and run by Node.js (its ESM build imports TypeScript, a
 *   CommonJS package) gives the same response as the same plugin written against protobuf-es;
 * - when TypeScript skips the emit, both frameworks throw the same error, with the same
 *   diagnostics, in process and through runNodeJs (stderr and exit code).
 */
import { spawnSync } from "node:child_process";
import * as oracle from "@bufbuild/protobuf";
import * as oracleWkt from "@bufbuild/protobuf/wkt";
import * as oraclePlugin from "@bufbuild/protoplugin";
import { fromBinary, toBinary } from "@pbjet/protobuf";
import { CodeGeneratorRequestSchema, CodeGeneratorResponseSchema } from "@pbjet/protobuf/wkt";
import { createEcmaScriptPlugin, type Schema } from "@pbjet/protoplugin";
import { corpusRequest, scratchDir } from "./util";

/**
 * The source of a plugin module for the framework `pkg`: a file per .proto file with the
 * preamble, JSDoc, imports of the runtime, of generated code and of another package, an empty
 * and a non-empty Uint8Array, and TypeScript that transpiles to something else. With the
 * plugin option `broken`, a class expression with a private member, which declarations cannot
 * express: TypeScript skips the emit of the target dts.
 */
function pluginSource(pkg: string): string {
  return `import { createEcmaScriptPlugin, runNodeJs } from "${pkg}";
runNodeJs(
  createEcmaScriptPlugin({
    name: "protoc-gen-x",
    version: "v1.2.3",
    parseOptions: (raw) => ({ broken: raw.some((o) => o.key === "broken") }),
    generateTs(schema) {
      for (const file of schema.files) {
        const f = schema.generateFile(file.name + "_x.ts");
        f.preamble(file);
        for (const m of file.messages) {
          f.print(f.jsDoc(m));
          f.print(f.export("const", m.name + "Made"), " = () => ", f.runtime.create, "(", f.importSchema(m), ");");
        }
        f.print(f.export("const", "bytes"), " = [", new Uint8Array(0), ", ", new Uint8Array([1, 255]), "];");
        f.print(f.export("class", "K"), " { #p = 1; constructor(readonly r?: number) {} get p() { return this.#p ?? this.r; } }");
        f.print(f.export("type", "T"), " = ", f.import("Other", "@other/pkg", true), " | undefined;");
        if (schema.options.broken) f.print(f.export("const", "C"), " = class { private x = 1 };");
      }
    },
  }),
);
`;
}

/** Import statements and require() calls of protobuf-es's runtime name pbjet's. */
function withOurRuntime(content: string): string {
  return content.replace(/((?:^import |\bfrom |\brequire\()")@bufbuild\/protobuf(?=["/])/gm, "$1@pbjet/protobuf");
}

describe("a plugin written as an ES module, run by Node.js", () => {
  const dir = scratchDir("esm-plugin");
  const ours = dir.write("ours.mjs", pluginSource("@pbjet/protoplugin"));
  const theirs = dir.write("theirs.mjs", pluginSource("@bufbuild/protoplugin"));
  afterAll(() => dir.remove());

  /** Runs a plugin module on the corpus file proto3.proto with the parameter. */
  function run(plugin: string, parameter: string) {
    const input = toBinary(CodeGeneratorRequestSchema, corpusRequest(["proto3.proto"], parameter));
    const r = spawnSync(process.execPath, [plugin], { input, maxBuffer: 64 << 20 });
    return { status: r.status, stdout: new Uint8Array(r.stdout), stderr: r.stderr.toString() };
  }

  test.each(["target=js", "target=dts", "target=ts+js+dts,js_import_style=legacy_commonjs"])(
    "%s: the response of @bufbuild/protoplugin",
    (parameter) => {
      const a = run(ours, parameter);
      const b = run(theirs, parameter);
      expect(a.stderr).toBe("");
      expect(b.stderr).toBe("");
      expect(a.status).toBe(0);
      const ourFiles = fromBinary(CodeGeneratorResponseSchema, a.stdout).file.map((f) => ({ name: f.name, content: f.content }));
      const theirFiles = oracle
        .fromBinary(oracleWkt.CodeGeneratorResponseSchema, b.stdout)
        .file.map((f) => ({ name: f.name, content: withOurRuntime(f.content) }));
      expect(ourFiles.length).toBeGreaterThan(0);
      expect(ourFiles).toEqual(theirFiles);
    },
  );

  test("an emit TypeScript skips: the same error on stderr, exit code 1", () => {
    const a = run(ours, "target=dts,broken");
    const b = run(theirs, "target=dts,broken");
    expect(a.stderr).toContain("A problem occurred during transpilation");
    expect(a.stderr).toContain("error TS4094");
    expect({ ...a, stdout: a.stdout.length }).toEqual({ ...b, stdout: b.stdout.length });
    expect(a.status).toBe(1);
  });
});

describe("emit errors, in process", () => {
  type Generate = (schema: Schema) => void;

  /** The error each framework throws for the plugin, as `name: message`. */
  function errors(generateTs: Generate, parameter: string): [string, string] {
    const ours = createEcmaScriptPlugin({ name: "x", version: "1", generateTs });
    const theirs = oraclePlugin.createEcmaScriptPlugin({ name: "x", version: "1", generateTs: generateTs as never });
    const request = oracle.create(oracleWkt.CodeGeneratorRequestSchema, { parameter });
    const thrown = (f: () => unknown) => {
      try {
        f();
        return "no error";
      } catch (e) {
        return `${(e as Error).name}: ${(e as Error).message}`;
      }
    };
    return [thrown(() => ours.run(request as never)), thrown(() => theirs.run(request))];
  }

  /** Class expressions with private and protected members in n files (a/f0.ts, ...). */
  const privateMembers =
    (n: number): Generate =>
    (schema) => {
      for (let i = 0; i < n; i++) schema.generateFile(`a/f${i}.ts`).print("export const C = class { private x = 1; protected y = 2 };");
    };

  test.each([
    ["one diagnostic", "target=dts", privateMembers(1)],
    ["one diagnostic, js and dts", "target=js+dts", privateMembers(1)],
    ["more than three diagnostics: three, and how many are elided", "target=js+dts", privateMembers(3)],
    [
      "no diagnostic: a generated .js file the output would overwrite",
      "target=js",
      (schema: Schema) => {
        schema.generateFile("a.ts").print("export const a = 1;");
        schema.generateFile("a.js").print("export const b = 2;");
      },
    ],
  ])("%s: the same error", (_name, parameter, generateTs) => {
    const [ours, theirs] = errors(generateTs as Generate, parameter);
    expect(ours).toMatch(/^Error: A problem occurred during transpilation and files were not generated\./);
    expect(ours).toBe(theirs);
  });

  test("a type error does not stop the emit, in neither framework", () => {
    const [ours, theirs] = errors((schema) => schema.generateFile("a.ts").print("export const a: number = 'x';"), "target=js+dts");
    expect(ours).toBe("no error");
    expect(theirs).toBe("no error");
  });
});
