/**
 * Plugin options of @pbjet/protoplugin, differential against @bufbuild/protoplugin: the
 * options a plugin receives for a parameter, the raw options passed to its own parser, and the
 * PluginOptionError (`invalid option "..."`, with the reason if there is one) for bad ones.
 */
import * as oracle from "@bufbuild/protobuf";
import * as oracleWkt from "@bufbuild/protobuf/wkt";
import * as oraclePlugin from "@bufbuild/protoplugin";
import { createEcmaScriptPlugin, PluginOptionError } from "@pbjet/protoplugin";
import { protocGenEs } from "@pbjet/protoc-gen-es";
import { corpusRequest } from "./util";
import { descriptorSetBytes } from "../helpers";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const theirProtocGenEs = (require("@bufbuild/protoc-gen-es/dist/cjs/src/protoc-gen-es-plugin.js") as { protocGenEs: oraclePlugin.Plugin })
  .protocGenEs;

type ParseOptions = (raw: { key: string; value: string }[]) => object;

function outcome(run: () => unknown): unknown {
  try {
    return { value: run() };
  } catch (e) {
    return { error: e instanceof Error ? { name: e.name, message: e.message } : String(e) };
  }
}

function theirRequest(parameter: string) {
  const set = oracle.fromBinary(oracleWkt.FileDescriptorSetSchema, descriptorSetBytes("test"));
  return oracle.create(oracleWkt.CodeGeneratorRequestSchema, { fileToGenerate: ["example.proto"], parameter, protoFile: set.file });
}

/** The options each framework gives the plugin, or the error it throws. */
function both(parameter: string, parseOptions?: ParseOptions) {
  const ours = outcome(() => {
    let options: unknown;
    createEcmaScriptPlugin({ name: "x", version: "1", parseOptions, generateTs: (s) => (options = s.options) }).run(
      corpusRequest(["example.proto"], parameter),
    );
    return options;
  });
  const theirs = outcome(() => {
    let options: unknown;
    oraclePlugin
      .createEcmaScriptPlugin({ name: "x", version: "1", parseOptions, generateTs: (s) => (options = s.options) })
      .run(theirRequest(parameter));
    return options;
  });
  return { ours, theirs };
}

const parameters = [
  "",
  "target=ts",
  "target=js",
  "target=dts",
  "target=ts+js+dts",
  "target=js+js",
  "target=ts,target=js",
  "target=",
  "target=java",
  "target=ts+",
  "import_extension=js",
  "import_extension=.js",
  "import_extension=ts",
  "import_extension=.ts",
  "import_extension=none",
  "import_extension=",
  "import_extension=mjs",
  "js_import_style=module",
  "js_import_style=legacy_commonjs",
  "js_import_style=commonjs",
  "keep_empty_files=true",
  "keep_empty_files=1",
  "keep_empty_files=false",
  "keep_empty_files=0",
  "keep_empty_files",
  "keep_empty_files=yes",
  "keep_empty_files=TRUE",
  "ts_nocheck=true",
  "ts_nocheck=t",
  "elide_plugin_version=true",
  "elide_plugin_version",
  "bootstrap_wkt=true",
  "bootstrap_wkt",
  "rewrite_imports=./foo/**/*_pb.js:@scope/foo",
  "rewrite_imports=./foo/**/*_pb.js:@scope/foo,rewrite_imports=@bufbuild/protobuf:@x/rt",
  "rewrite_imports=a:b:c",
  "rewrite_imports=:b",
  "rewrite_imports=a:",
  "rewrite_imports=nocolon",
  "map_imports=google/rpc/:@scope/pkg",
  "map_imports=google/rpc/:@scope/pkg,map_imports=**:@other/pkg",
  "map_imports=:x",
  "map_imports=x:",
  "map_imports=nocolon",
  "foo",
  "foo=bar",
  "target=ts,foo=bar,baz",
  "=x",
  "a=1=2",
  " target=ts",
  "target=ts,,",
  ",target=ts",
];

describe("standard options", () => {
  test.each(parameters.map((p) => [JSON.stringify(p), p]))("%s", (_, parameter) => {
    const { ours, theirs } = both(parameter);
    expect(ours).toEqual(theirs);
  });
});

describe("the plugin's own options", () => {
  test.each(["", "foo=1", "foo=1,bar,foo=2", "target=ts,x=y=z", "a b=c"])("raw options of %j", (parameter) => {
    const seen: { ours?: unknown; theirs?: unknown } = {};
    let which: "ours" | "theirs" = "ours";
    const parse: ParseOptions = (raw) => {
      seen[which] = raw;
      return { own: raw.length };
    };
    const ours = outcome(() => {
      which = "ours";
      let options: unknown;
      createEcmaScriptPlugin({ name: "x", version: "1", parseOptions: parse, generateTs: (s) => (options = s.options) }).run(
        corpusRequest(["example.proto"], parameter),
      );
      return options;
    });
    const theirs = outcome(() => {
      which = "theirs";
      let options: unknown;
      oraclePlugin
        .createEcmaScriptPlugin({ name: "x", version: "1", parseOptions: parse, generateTs: (s) => (options = s.options) })
        .run(theirRequest(parameter));
      return options;
    });
    expect(ours).toEqual(theirs);
    expect(seen.ours).toEqual(seen.theirs);
  });
  test.each([
    ["an Error", () => new Error("nope")],
    ["a string", () => "str"],
  ])("a parser that throws %s: a PluginOptionError naming the plugin's options", (_, error) => {
    const parse: ParseOptions = () => {
      throw error();
    };
    const { ours, theirs } = both("target=ts,foo=1,bar,baz=2", parse);
    expect(ours).toEqual(theirs);
    expect(ours).toEqual({ error: { name: "PluginOptionError", message: expect.stringMatching(/^invalid option "foo=1,bar,baz=2": /) } });
  });
  test("a parser that throws a PluginOptionError: it is thrown as it is", () => {
    const parse: ParseOptions = () => {
      throw new PluginOptionError("foo=1", "bad foo");
    };
    // (protobuf-es passes its own PluginOptionError through the same way; the class is not
    // exported from @bufbuild/protoplugin, so it is not compared here.)
    expect(both("target=ts,foo=1,bar,baz=2", parse).ours).toEqual({
      error: { name: "PluginOptionError", message: 'invalid option "foo=1": bad foo' },
    });
  });
  test("PluginOptionError", () => {
    const e = new PluginOptionError("a=b", "why");
    expect(e).toBeInstanceOf(Error);
    expect(e).toBeInstanceOf(PluginOptionError);
    expect(e.name).toBe("PluginOptionError");
    expect(e.message).toBe('invalid option "a=b": why');
    expect(new PluginOptionError("a").message).toBe('invalid option "a"');
    expect(new PluginOptionError("a", new Error("inner")).message).toBe('invalid option "a": inner');
  });
});

describe("protoc-gen-es options", () => {
  test.each([
    "json_types",
    "json_types=true",
    "json_types=1",
    "json_types=false",
    "json_types=0",
    "json_types=yes",
    "foo",
    "foo=bar",
    "target=ts,json_types=true,ts_nocheck=true",
    "valid_types=legacy_required",
    "valid_types=protovalidate_required",
    "valid_types=legacy_required+protovalidate_required",
    "valid_types=legacy_required+legacy_required",
    "valid_types=legacy_required+",
    "valid_types=",
    "valid_types=required",
    "erasable_syntax=true",
    "erasable_syntax=0",
    "erasable_syntax",
    "erasable_syntax=yes",
    "json_types=true,foo,valid_types=x",
  ])("%s", (parameter) => {
    const ours = outcome(() => protocGenEs.run(corpusRequest(["example.proto"], parameter)).file.map((f) => f.name));
    const theirs = outcome(() => theirProtocGenEs.run(theirRequest(parameter)).file.map((f) => f.name));
    expect(ours).toEqual(theirs);
  });
});
