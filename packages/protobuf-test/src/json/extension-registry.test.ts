/**
 * Extension values in JSON work with any Registry (issue 50: no process-wide switch). Here a
 * runtime loaded in a module registry of its own (jest.isolateModules) gets an extension from
 * fileDesc() alone and a hand-made Registry object, never built by a registry constructor.
 */
import * as pb from "@pbjet/protobuf";
import { FileDescriptorProtoSchema } from "@pbjet/protobuf/wkt";
import { fileB64, isolatedRuntime } from "../isolated-runtime";

const extFileB64 = fileB64(
  pb.create(FileDescriptorProtoSchema, {
    name: "hook/ext.proto",
    package: "hook",
    syntax: "proto2",
    messageType: [{ name: "Base", extensionRange: [{ start: 100, end: 201 }] }],
    extension: [{ name: "extra", number: 100, type: 5, label: 1, extendee: ".hook.Base", jsonName: "extra" }],
  }),
);

describe("extension values in JSON", () => {
  it("work with a hand-made registry, before any registry constructor ran", () => {
    const { api, codegen } = isolatedRuntime();
    const file = codegen.fileDesc(extFileB64);
    const [Base] = file.messages;
    const [extra] = file.extensions;
    // A Registry that is not from createRegistry() or createFileRegistry().
    const handMade = {
      kind: "registry",
      get: (n: string) => (n === extra.typeName ? extra : undefined),
      getFile: () => undefined,
      getMessage: () => undefined,
      getEnum: () => undefined,
      getService: () => undefined,
      getExtension: (n: string) => (n === extra.typeName ? extra : undefined),
      getExtensionFor: (_d: pb.DescMessage, no: number) => (no === 100 ? extra : undefined),
      [Symbol.iterator]: () => [extra][Symbol.iterator](),
    } as unknown as pb.Registry;
    const first = api.fromJson(Base, { "[hook.extra]": 5 }, { registry: handMade });
    expect(api.getExtension(first, extra)).toBe(5);
    const registry = api.createRegistry(file);
    const msg = api.fromJson(Base, { "[hook.extra]": 5 }, { registry });
    expect(api.getExtension(msg, extra)).toBe(5);
    expect(api.toJson(Base, msg, { registry })).toEqual({ "[hook.extra]": 5 });
    expect(api.toJson(Base, msg, { registry: handMade })).toEqual({ "[hook.extra]": 5 });
  });
});
