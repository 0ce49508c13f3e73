/**
 * Builds the service descriptors of a file (called by build-file.ts).
 */
import type { DescFile, DescMethod, DescService } from "./types.js";
import type { ServiceDescriptorProto } from "./descriptor-proto.js";
import type { TypeResolver } from "./build-file.js";
import { safeObjectProperty } from "./names.js";
import { ProtobufError } from "../wire/errors.js";

/**
 * Builds the services of `file` (its `proto.service`, in the package `prefix`) and registers
 * each with `resolver`. Their input and output types must resolve.
 */
export function buildServices(file: DescFile, prefix: string, resolver: TypeResolver): DescService[] {
  return file.proto.service.map((serviceProto) => {
    const service = newService(serviceProto, file, prefix, resolver);
    resolver.addType(service);
    return service;
  });
}

function newService(proto: ServiceDescriptorProto, file: DescFile, prefix: string, resolver: TypeResolver): DescService {
  const typeName = prefix + proto.name;
  const methods: DescMethod[] = [];
  const service: DescService = {
    kind: "service",
    typeName,
    name: proto.name,
    file,
    methods,
    method: {},
    deprecated: proto.options?.deprecated === true,
    proto,
    toString: () => `service ${typeName}`,
  };
  for (const m of proto.method) {
    const input = resolver.resolveType(m.inputType.replace(/^\./, ""));
    const output = resolver.resolveType(m.outputType.replace(/^\./, ""));
    // protobuf-es's text names the input type in both cases.
    if (input?.kind !== "message" || output?.kind !== "message") {
      throw new ProtobufError(`invalid MethodDescriptorProto: ${input?.kind !== "message" ? "input" : "output"}_type ${m.inputType} not found`);
    }
    const localName = safeObjectProperty(m.name.charAt(0).toLowerCase() + m.name.substring(1));
    const method: DescMethod = {
      kind: "rpc",
      name: m.name,
      localName,
      parent: service,
      methodKind: m.clientStreaming ? (m.serverStreaming ? "bidi_streaming" : "client_streaming") : m.serverStreaming ? "server_streaming" : "unary",
      input,
      output,
      idempotency: m.options?.idempotencyLevel ?? 0,
      deprecated: m.options?.deprecated === true,
      proto: m,
      toString: () => `rpc ${typeName}.${m.name}`,
    };
    methods.push(method);
    service.method[localName] = method;
  }
  return service;
}
