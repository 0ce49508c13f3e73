/**
 * The contract between code generated with aot=true and the runtime (@pbjet/protobuf/codegenv2):
 * generated code imports only the nine helpers of the contract, code generated for another
 * contract version fails when it is loaded (with an error that says what to do), and the
 * generated codecs read like code a person writes (one statement a line, at most 120
 * characters; about 40 lines of JSON code for a message of three fields).
 */
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import * as codegen from "@pbjet/protobuf/codegenv2";
import { content, fileNames, genEs, scratchDir } from "./util";

/** The helpers of the binary contract (codegenv2/aot.ts). */
const BINARY_CONTRACT = ["aotBinary", "aotField", "aotEnter", "aotOther", "aotDecodeError", "aotEncodeError"];

/** The helpers of the JSON part of the contract (codegenv2/aot-json.ts). */
const JSON_CONTRACT = ["aotJson", "aotJsonString", "aotJsonOther"];

const CONTRACT = [...BINARY_CONTRACT, ...JSON_CONTRACT];

/** The names a generated file imports from @pbjet/protobuf/codegenv2 (values and types). */
function codegenImports(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/import (?:type )?\{([^}]*)\} from "@pbjet\/protobuf\/codegenv2"/g)) {
    names.push(
      ...m[1]
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s !== ""),
    );
  }
  return names;
}

describe("the aot contract", () => {
  test("codegenv2 exports the nine helpers of the contract, and its version", () => {
    for (const name of CONTRACT) expect([name, typeof (codegen as Record<string, unknown>)[name]]).toEqual([name, "function"]);
    expect(codegen.AOT_CONTRACT).toBe(5);
    const helpers = Object.keys(codegen).filter((k) => k.startsWith("aot"));
    expect(helpers.sort()).toEqual([...CONTRACT].sort());
  });

  test.each([
    ["aot=binary", BINARY_CONTRACT],
    ["aot=true", CONTRACT],
  ])("code generated with %s imports only the contract's helpers", (option, allowed) => {
    const res = genEs(["example.proto", "proto2.proto", "proto3.proto", "edge.proto", "edition2023.proto"], `target=ts,${option}`);
    for (const name of fileNames(res)) {
      const values = codegenImports(content(res, name)).filter((n) => n.startsWith("aot"));
      expect([name, values.filter((n) => !allowed.includes(n))]).toEqual([name, []]);
    }
  });

  test("a message of three fields takes about 40 lines of JSON code", () => {
    const text = content(genEs(["edge.proto"], "target=ts,aot=true"), "edge_pb.ts");
    // int32 deprecated_field = 1; int32 normal_field = 2; DeprecatedEnum deprecated_enum_field = 3;
    const json = jsonFunctions(text, "DeprecatedMessageSchema");
    // 46 lines today: the two functions with their signatures (two lines each), the writer 12
    // lines, the reader of text 34 (a case of 7 lines for each field).
    expect(json.length).toBeGreaterThan(20);
    expect(json.length).toBeLessThanOrEqual(46);
  });

  test("generated code passes the runtime's contract version to aotBinary()", () => {
    const text = content(genEs(["example.proto"], "target=js,aot=binary"), "example_pb.js");
    expect(text).toMatch(new RegExp(`messageDesc\\(file_example, 0\\),\\n\\s*${codegen.AOT_CONTRACT},\\n`));
  });

  test("code generated for another contract version fails when it is loaded, and says why", () => {
    const res = genEs(["example.proto"], "target=js,aot=binary,js_import_style=legacy_commonjs");
    const text = content(res, "example_pb.js");
    const other = text.replace(/(messageDesc\(file_example, 0\),\n\s*)\d+,/, "$11,");
    expect(other).not.toBe(text);
    const scratch = scratchDir("aot-contract");
    try {
      const require = createRequire(join(scratch.dir, "index.js"));
      const current = scratch.write("current/example_pb.js", text);
      expect(Object.keys(require(current))).toContain("UserSchema");
      const old = scratch.write("old/example_pb.js", other);
      expect(() => require(old)).toThrow(
        /cannot use the code generated for example\.User: it was generated with aot=true for contract 1, but this @pbjet\/protobuf implements contract 5; generate it again/,
      );
    } finally {
      scratch.remove();
    }
  });

  test("aotBinary() refuses another version directly too", () => {
    expect(() =>
      codegen.aotBinary(
        { typeName: "x.Y" } as never,
        1,
        () => {},
        () => {},
      ),
    ).toThrow(/contract 1, but this @pbjet\/protobuf implements contract 5/);
  });
});

/** The lines of the JSON functions ($jsonWrite<i>, $jsonScan<i>) of the schema `schema` in generated code `text`. */
function jsonFunctions(text: string, schema: string): string[] {
  const start = text.indexOf(`export const ${schema}:`);
  const call = /(\$jsonWrite\d+),\n\s*(\$jsonScan\d+)/.exec(text.slice(start));
  if (start < 0 || call === null) throw new Error(`no JSON codecs of ${schema}`);
  const out: string[] = [];
  for (const name of [call[1], call[2]]) {
    const from = text.indexOf(`function ${name}(`);
    out.push(...text.slice(from, text.indexOf("\n}\n", from) + 2).split("\n"));
  }
  return out;
}

describe("generated codecs read like hand-written code", () => {
  // Every file the test suites generate with aot=true (src/gen-aot), all of the codecs: the
  // aotBinary() and aotJson() calls and the $bin* and $json* functions.
  const dir = join(__dirname, "../../src/gen-aot");
  const files: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith("_pb.ts")) files.push(join(d, e.name));
    }
  };
  walk(dir);

  /** The lines of the codecs of a generated file. */
  function binaryLines(text: string): string[] {
    const out: string[] = [];
    let inside = false;
    for (const line of text.split("\n")) {
      if (/^function \$(bin|json)\w+\d+/.test(line) || /^\s*aot(Binary|Json)\($/.test(line)) inside = true;
      if (inside) out.push(line);
      if (inside && /^(\}|\s*\)[,;])$/.test(line)) inside = false;
    }
    return out;
  }

  test("the suites generate aot code to check", () => {
    expect(files.length).toBeGreaterThan(10);
  });

  test("no line of the codecs is longer than 120 characters", () => {
    const long: string[] = [];
    let lines = 0;
    for (const file of files) {
      for (const line of binaryLines(readFileSync(file, "utf8"))) {
        lines++;
        if (line.length > 120) long.push(`${file.slice(dir.length + 1)}: ${line.length}: ${line.slice(0, 80)}`);
      }
    }
    expect(lines).toBeGreaterThan(1000);
    expect(long).toEqual([]);
  });

  test("one statement a line: no `;` inside a line but in for headers", () => {
    const many: string[] = [];
    for (const file of files) {
      for (const line of binaryLines(readFileSync(file, "utf8"))) {
        const code = line.replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/^\s*for \(.*?;.*?;.*?\)/, "for ()");
        if ((code.match(/;/g) ?? []).length > 1) many.push(`${file.slice(dir.length + 1)}: ${line.trim()}`);
      }
    }
    expect(many).toEqual([]);
  });
});
