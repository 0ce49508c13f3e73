/**
 * Extension values reach the JSON codecs through a hook (json/extension-hook.ts) that the
 * public registry constructors enable, so that programs that never build a registry do not
 * carry them. Here a runtime loaded in a module registry of its own (jest.isolateModules) gets
 * an extension from fileDesc() alone and a hand-made Registry object: JSON of the extension
 * fails with a clear error (never a dropped value) until createRegistry() enables it.
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

describe("extension values in JSON, plugged in", () => {
  it("fail with a clear error until a registry constructor enables them", () => {
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
    const notLoaded =
      /extension hook\.extra in JSON: extension support is not loaded; build the registry with createRegistry\(\) or createFileRegistry\(\)/;
    expect(() => api.fromJson(Base, { "[hook.extra]": 5 }, { registry: handMade })).toThrow(notLoaded);
    const registry = api.createRegistry(file);
    const msg = api.fromJson(Base, { "[hook.extra]": 5 }, { registry });
    expect(api.getExtension(msg, extra)).toBe(5);
    expect(api.toJson(Base, msg, { registry })).toEqual({ "[hook.extra]": 5 });
    expect(api.toJson(Base, msg, { registry: handMade })).toEqual({ "[hook.extra]": 5 });
  });
});
