/**
 * The builder of service descriptors is plugged in (descriptors/service-hook.ts) by the
 * generated code of files with services (withServices) and by createFileRegistry(), so that
 * programs whose schemas have no service do not carry it. Here a runtime loaded in a module
 * registry of its own (jest.isolateModules) gets a file with a service from fileDesc() alone:
 * its messages work, reading its services fails with a clear error (never an empty list) until
 * withServices(), serviceDesc() or createFileRegistry() enables the builder.
 */
import * as pb from "@pbjet/protobuf";
import { FileDescriptorProtoSchema, FileDescriptorSetSchema } from "@pbjet/protobuf/wkt";
import { isolatedRuntime, fileB64 } from "../isolated-runtime";

/** A file with a message and a service whose method takes and returns it. */
function serviceFile(outputType = ".hook.Ping") {
  return pb.create(FileDescriptorProtoSchema, {
    name: "hook/service.proto",
    package: "hook",
    syntax: "proto3",
    messageType: [{ name: "Ping", field: [{ name: "id", number: 1, type: 5, label: 1, jsonName: "id" }] }],
    service: [{ name: "PingService", method: [{ name: "Ping", inputType: ".hook.Ping", outputType }] }],
  });
}
const b64 = fileB64;

describe("service descriptors, plugged in", () => {
  it("fail with a clear error until withServices() enables them", () => {
    const { api, codegen } = isolatedRuntime();
    const file = codegen.fileDesc(b64(serviceFile()));
    const Ping = file.messages[0];
    expect(api.fromBinary(Ping, api.toBinary(Ping, api.create(Ping, { id: 7 } as never)))).toMatchObject({ id: 7 });
    const notLoaded =
      /file hook\/service\.proto: its services are not loaded: its generated code enables them \(withServices\), or createFileRegistry\(\)/;
    expect(() => file.services).toThrow(notLoaded);
    expect(codegen.withServices(file)).toBe(file);
    const service = codegen.serviceDesc(file, 0) as unknown as pb.DescService;
    expect(service.typeName).toBe("hook.PingService");
    expect(service.methods[0].input).toBe(Ping);
    expect(file.services).toEqual([service]);
    // A file built after the builder is enabled has its services built when it is built.
    expect(codegen.fileDesc(b64(serviceFile())).services[0].method.ping.output.typeName).toBe("hook.Ping");
  });

  it("are enabled by serviceDesc(), as code generated without withServices() calls it", () => {
    const { codegen } = isolatedRuntime();
    const file = codegen.fileDesc(b64(serviceFile()));
    const service = codegen.serviceDesc(file, 0) as unknown as pb.DescService;
    expect(service.typeName).toBe("hook.PingService");
    expect(file.services).toEqual([service]);
  });

  it("withServices() rejects a method whose types do not resolve, as building the file does once enabled", () => {
    const { codegen } = isolatedRuntime();
    const bad = b64(serviceFile(".hook.Missing"));
    const file = codegen.fileDesc(bad);
    expect(() => codegen.withServices(file)).toThrow(/rpc hook\.PingService\.Ping: cannot resolve input or output type/);
    expect(() => codegen.fileDesc(bad)).toThrow(/rpc hook\.PingService\.Ping: cannot resolve input or output type/);
  });

  it("are enabled by createRegistry() and createMutableRegistry(), which list a file's services", () => {
    for (const make of ["createRegistry", "createMutableRegistry"] as const) {
      const { api, codegen } = isolatedRuntime();
      const file = codegen.fileDesc(b64(serviceFile()));
      const registry = api[make](file);
      expect(registry.getService("hook.PingService")?.methods.map((m) => m.name)).toEqual(["Ping"]);
      expect(file.services.length).toBe(1);
    }
  });

  it("are enabled by createFileRegistry()", () => {
    const { api } = isolatedRuntime();
    const set = pb.toBinary(FileDescriptorSetSchema, pb.create(FileDescriptorSetSchema, { file: [serviceFile()] }));
    const registry = api.createFileRegistry(pb.fromBinary(FileDescriptorSetSchema, set) as never);
    expect(registry.getService("hook.PingService")?.methods.map((m) => m.name)).toEqual(["Ping"]);
  });

  it("the generated code of a file with services enables them", () => {
    let out: { gen: typeof import("../gen/edge_pb.js") } | undefined;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      out = { gen: require("../gen/edge_pb.js") as typeof import("../gen/edge_pb.js") };
    });
    const { gen } = out!;
    expect(gen.EdgeService.typeName).toBe("pbjet.test.edge.EdgeService");
    expect(gen.file_edge.services.length).toBeGreaterThan(0);
  });
});
