/**
 * Plugin parameters: `parseParameter()` of @pbjet/protoplugin for the options every plugin
 * shares, and protoc-gen-es's own options, including the errors for unknown or malformed ones.
 */
import { parseBool, parseParameter, PluginOptionError, splitParameter } from "@pbjet/protoplugin";
import { protocGenEs } from "@pbjet/protoc-gen-es";
import { corpusRequest } from "./util";

describe("splitParameter", () => {
  test("splits key=value pairs and bare keys", () => {
    expect(splitParameter("a=1,b,c=x=y")).toEqual([
      { key: "a", value: "1" },
      { key: "b", value: "" },
      { key: "c", value: "x=y" },
    ]);
  });
  test("ignores empty parts and surrounding whitespace", () => {
    expect(splitParameter("")).toEqual([]);
    expect(splitParameter(" a=1 ,, b ,")).toEqual([
      { key: "a", value: "1" },
      { key: "b", value: "" },
    ]);
  });
  test("rejects a part without a key", () => {
    expect(() => splitParameter("=1")).toThrow(PluginOptionError);
    expect(() => splitParameter("a=1,=x")).toThrow(/invalid plugin option "=x": missing key/);
  });
});

describe("parseParameter", () => {
  test("defaults", () => {
    expect(parseParameter("")).toEqual({
      targets: ["js", "dts"],
      importExtension: "none",
      jsImportStyle: "module",
      keepEmptyFiles: false,
      rewriteImports: [],
      tsNocheck: false,
      parameter: "",
    });
  });

  describe("target", () => {
    test.each([
      ["ts", ["ts"]],
      ["js", ["js"]],
      ["dts", ["dts"]],
      ["js+dts", ["js", "dts"]],
      ["ts+js", ["ts", "js"]],
      ["ts+js+dts", ["ts", "js", "dts"]],
    ])("target=%s", (value, targets) => {
      expect(parseParameter(`target=${value}`).targets).toEqual(targets);
    });
    test.each(["", "java", "ts+", "ts+java", "TS", "ts,js"])("rejects target=%j", (value) => {
      // "ts,js" splits into target=ts and an unknown option "js".
      expect(() => parseParameter(`target=${value}`)).toThrow(PluginOptionError);
    });
    test("the error names the option and the accepted values", () => {
      expect(() => parseParameter("target=java")).toThrow('invalid plugin option "target=java": expected ts, js, dts or a combination like js+dts');
    });
    test("the last occurrence wins", () => {
      expect(parseParameter("target=ts,target=js").targets).toEqual(["js"]);
    });
  });

  describe("import_extension", () => {
    test.each([
      ["none", "none"],
      ["js", "js"],
      ["ts", "ts"],
      [".js", "js"],
      [".ts", "ts"],
    ])("import_extension=%s", (value, ext) => {
      expect(parseParameter(`import_extension=${value}`).importExtension).toBe(ext);
    });
    test.each(["", "mjs", "JS", ".cjs"])("rejects import_extension=%j", (value) => {
      expect(() => parseParameter(`import_extension=${value}`)).toThrow(/invalid plugin option "import_extension=.*": expected none, js or ts/);
    });
  });

  describe("js_import_style", () => {
    test.each(["module", "legacy_commonjs"])("js_import_style=%s", (value) => {
      expect(parseParameter(`js_import_style=${value}`).jsImportStyle).toBe(value);
    });
    test.each(["", "commonjs", "esm"])("rejects js_import_style=%j", (value) => {
      expect(() => parseParameter(`js_import_style=${value}`)).toThrow(/expected module or legacy_commonjs/);
    });
  });

  describe("boolean options", () => {
    test.each([
      ["keep_empty_files", "keepEmptyFiles"],
      ["ts_nocheck", "tsNocheck"],
    ] as const)("%s", (key, prop) => {
      expect(parseParameter(key)[prop]).toBe(true);
      expect(parseParameter(`${key}=true`)[prop]).toBe(true);
      expect(parseParameter(`${key}=1`)[prop]).toBe(true);
      expect(parseParameter(`${key}=false`)[prop]).toBe(false);
      expect(parseParameter(`${key}=0`)[prop]).toBe(false);
      expect(() => parseParameter(`${key}=yes`)).toThrow(`invalid plugin option "${key}=yes": expected true or false`);
    });
    test("parseBool", () => {
      expect(parseBool("x", "")).toBe(true);
      expect(parseBool("x", "false")).toBe(false);
      expect(() => parseBool("x", "TRUE")).toThrow(PluginOptionError);
    });
  });

  describe("rewrite_imports", () => {
    test("pattern:target, several times, in order", () => {
      expect(parseParameter("rewrite_imports=./foo/**/*_pb.js:@scope/foo,rewrite_imports=@pbjet/protobuf:@x/rt").rewriteImports).toEqual([
        { pattern: "./foo/**/*_pb.js", target: "@scope/foo" },
        { pattern: "@pbjet/protobuf", target: "@x/rt" },
      ]);
    });
    test.each(["", "nocolon", ":target", "pattern:"])("rejects rewrite_imports=%j", (value) => {
      expect(() => parseParameter(`rewrite_imports=${value}`)).toThrow(/expected <pattern>:<target>/);
    });
  });

  test("keeps the parameter string for the @generated header", () => {
    expect(parseParameter("target=ts,ts_nocheck").parameter).toBe("target=ts,ts_nocheck");
  });

  test("unknown options are errors unless the plugin handles them", () => {
    expect(() => parseParameter("foo=bar")).toThrow('invalid plugin option "foo=bar": unknown option');
    expect(() => parseParameter("foo")).toThrow('invalid plugin option "foo": unknown option');
    const seen: string[] = [];
    const opts = parseParameter("target=ts,foo=bar,baz", (key, value) => {
      seen.push(`${key}:${value}`);
      return key === "foo" || key === "baz";
    });
    expect(seen).toEqual(["foo:bar", "baz:"]);
    expect(opts.targets).toEqual(["ts"]);
    expect(() => parseParameter("qux=1", () => false)).toThrow(/unknown option/);
  });

  test("PluginOptionError is an Error with its own name", () => {
    const e = new PluginOptionError("a=b", "why");
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe("PluginOptionError");
    expect(e.message).toBe('invalid plugin option "a=b": why');
  });
});

describe("protoc-gen-es options", () => {
  const run = (parameter: string) => protocGenEs.run(corpusRequest(["example.proto"], parameter));

  test("json_types and bootstrap_wkt are accepted as booleans", () => {
    for (const p of ["json_types", "json_types=true", "json_types=false", "json_types=0", "bootstrap_wkt=false"]) {
      expect(run(`target=ts,${p}`).error).toBeUndefined();
    }
  });
  test.each([
    ["json_types=maybe", 'protoc-gen-es: invalid plugin option "json_types=maybe": expected true or false'],
    ["frobnicate", 'protoc-gen-es: invalid plugin option "frobnicate": unknown option'],
    ["frobnicate=1", 'protoc-gen-es: invalid plugin option "frobnicate=1": unknown option'],
    ["target=java", 'protoc-gen-es: invalid plugin option "target=java": expected ts, js, dts or a combination like js+dts'],
    ["import_extension=mjs", 'protoc-gen-es: invalid plugin option "import_extension=mjs": expected none, js or ts'],
    ["rewrite_imports=x", 'protoc-gen-es: invalid plugin option "rewrite_imports=x": expected <pattern>:<target>, e.g. ./foo/**/*_pb.js:@scope/foo'],
    ["=x", 'protoc-gen-es: invalid plugin option "=x": missing key'],
  ])("%s is reported in the response", (parameter, error) => {
    const res = run(parameter);
    expect(res.error).toBe(error);
    expect(res.file).toEqual([]);
  });
});
