/**
 * The parser of declared default values is plugged in (descriptors/default-hook.ts) by the
 * generated code of files that declare defaults of scalar types other than bool and string
 * (withDefaultValues) and by createFileRegistry(), so that programs whose schemas declare none
 * do not carry it. Here a runtime loaded in a module registry of its own (jest.isolateModules)
 * gets a proto2 file from fileDesc() alone: bool, string and enum defaults work, other defaults
 * fail with a clear error (never a wrong value) until withDefaultValues() or
 * createFileRegistry() enables the parser.
 */
import * as pb from "@pbjet/protobuf";
import { base64Encode } from "@pbjet/protobuf/wire";
import { FileDescriptorProtoSchema, FileDescriptorSetSchema } from "@pbjet/protobuf/wkt";

type Api = typeof pb;
type Codegen = typeof import("@pbjet/protobuf/codegenv2");

/** A fresh runtime: its main entry point and codegenv2 only. */
function isolatedRuntime(): { api: Api; codegen: Codegen } {
  let out: { api: Api; codegen: Codegen } | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    out = { api: require("@pbjet/protobuf") as Api, codegen: require("@pbjet/protobuf/codegenv2") as Codegen };
  });
  return out!;
}

/** A proto2 file whose message declares defaults of several types. */
function defaultsFile(int64Default = "-9223372036854775808") {
  return pb.create(FileDescriptorProtoSchema, {
    name: "hook/defaults.proto",
    package: "hook",
    syntax: "proto2",
    enumType: [
      {
        name: "Color",
        value: [
          { name: "RED", number: 0 },
          { name: "BLUE", number: 3 },
        ],
      },
    ],
    messageType: [
      {
        name: "Plain",
        field: [
          { name: "flag", number: 1, type: 8, label: 1, defaultValue: "true", jsonName: "flag" },
          { name: "text", number: 2, type: 9, label: 1, defaultValue: "hi", jsonName: "text" },
          { name: "color", number: 3, type: 14, label: 1, typeName: ".hook.Color", defaultValue: "BLUE", jsonName: "color" },
        ],
      },
      {
        name: "Parsed",
        field: [
          { name: "big", number: 1, type: 3, label: 1, defaultValue: int64Default, jsonName: "big" },
          { name: "raw", number: 2, type: 12, label: 1, defaultValue: 'a\\001\\"', jsonName: "raw" },
          { name: "ratio", number: 3, type: 1, label: 1, defaultValue: "-inf", jsonName: "ratio" },
          { name: "count", number: 4, type: 5, label: 1, defaultValue: "-42", jsonName: "count" },
        ],
      },
    ],
  });
}
const b64 = (proto: pb.DescFile["proto"]) => base64Encode(pb.toBinary(FileDescriptorProtoSchema, proto));

describe("declared default values, plugged in", () => {
  it("bool, string and enum defaults need no parser", () => {
    const { api, codegen } = isolatedRuntime();
    const Plain = codegen.fileDesc(b64(defaultsFile())).messages[0];
    expect(api.create(Plain)).toMatchObject({ flag: true, text: "hi", color: 3 });
  });

  it("other defaults fail with a clear error until withDefaultValues() enables them", () => {
    const { api, codegen } = isolatedRuntime();
    const file = codegen.fileDesc(b64(defaultsFile()));
    const Parsed = file.messages[1];
    const notLoaded =
      /field hook\.Parsed\.big: its default value is not loaded: the generated code of its file enables default values \(withDefaultValues\)/;
    expect(() => Parsed.fields[0].getDefaultValue()).toThrow(notLoaded);
    expect(() => api.create(Parsed)).toThrow(notLoaded);
    expect(codegen.withDefaultValues(file)).toBe(file);
    const msg = api.create(Parsed) as unknown as { big: bigint; raw: Uint8Array; ratio: number; count: number };
    expect(msg.big).toBe(BigInt("-9223372036854775808"));
    expect(msg.raw).toEqual(new Uint8Array([0x61, 0x01, 0x22]));
    expect(msg.ratio).toBe(Number.NEGATIVE_INFINITY);
    expect(msg.count).toBe(-42);
    // A file built after the parser is enabled has its defaults parsed when it is built.
    const again = codegen.fileDesc(b64(defaultsFile()));
    expect(again.messages[1].fields[3].getDefaultValue()).toBe(-42);
  });

  it("withDefaultValues() rejects an invalid default, as building the file does once enabled", () => {
    const { codegen } = isolatedRuntime();
    const bad = b64(defaultsFile("12x"));
    const file = codegen.fileDesc(bad);
    expect(() => codegen.withDefaultValues(file)).toThrow(/12x/);
    expect(() => codegen.fileDesc(bad)).toThrow(/12x/);
  });

  it("are enabled by createFileRegistry()", () => {
    const { api } = isolatedRuntime();
    const set = pb.toBinary(FileDescriptorSetSchema, pb.create(FileDescriptorSetSchema, { file: [defaultsFile()] }));
    const Parsed = api.createFileRegistry(pb.fromBinary(FileDescriptorSetSchema, set) as never).getMessage("hook.Parsed")!;
    expect((api.create(Parsed) as unknown as { count: number }).count).toBe(-42);
  });

  it("the generated code of a file with such defaults enables them", () => {
    let out: { api: Api; gen: typeof import("../gen/proto2_pb.js") } | undefined;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      out = { api: require("@pbjet/protobuf") as Api, gen: require("../gen/proto2_pb.js") as typeof import("../gen/proto2_pb.js") };
    });
    const { api, gen } = out!;
    const msg = api.create(gen.DefaultScalarsSchema);
    expect(msg.int64Field).toBe(BigInt("-9223372036854775808"));
    expect(msg.int32Field).toBe(-42);
  });
});
