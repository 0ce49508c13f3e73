/**
 * File registries: link FileDescriptorProtos (from a FileDescriptorSet, or with a resolver
 * for dependencies) into descriptors.
 */
import { wktName } from "../descriptors/wkt-names.js";
import type { DescFile } from "../descriptors/types.js";
import type { FileDescriptorProto, FileDescriptorSet } from "../descriptors/descriptor-proto.js";
import { buildFile } from "../descriptors/build-file.js";
import { assertValidNames } from "../descriptors/valid-names.js";
import { ProtobufError } from "../wire/errors.js";
import { createMutableRegistry, forEachTypeIn, type FileRegistry, type MutableRegistry } from "./registry.js";

/** Resolves a dependency by file name, e.g. "google/protobuf/timestamp.proto". */
export type FileResolver = (fileName: string) => FileDescriptorProto | DescFile | undefined;

/**
 * Creates a file registry.
 *
 * - From a FileDescriptorSet: every file in the set, in its order (a file imports only earlier ones).
 * - From a FileDescriptorProto and a resolver that provides its dependencies.
 * - From other file registries, merged: a later file of the same name replaces the earlier one.
 */
export function createFileRegistry(fileDescriptorSet: FileDescriptorSet): FileRegistry;
export function createFileRegistry(file: FileDescriptorProto, resolve: FileResolver): FileRegistry;
export function createFileRegistry(...registries: FileRegistry[]): FileRegistry;
export function createFileRegistry(...args: [FileDescriptorSet] | [FileDescriptorProto, FileResolver] | FileRegistry[]): FileRegistry {
  const types = createMutableRegistry();
  const files = new Map<string, DescFile>();
  const first = args[0] as FileDescriptorSet | FileDescriptorProto | FileRegistry | undefined;
  if (first !== undefined && "$typeName" in first && first.$typeName === wktName.FileDescriptorSet) {
    // As in protobuf-es, a file may import only the files before it in the set (protoc writes
    // sets in this order); a later import fails with protobuf-es's text and pbjet's reason.
    const later = new Set(first.file.map((f) => f.name));
    const resolve: FileResolver = (name) => files.get(name);
    for (const f of first.file) {
      addFile(f, resolve, types, files, [], later);
      later.delete(f.name);
    }
  } else if (first !== undefined && "$typeName" in first && first.$typeName === wktName.FileDescriptorProto) {
    addFile(first, args[1] as FileResolver, types, files, []);
  } else {
    for (const reg of args as FileRegistry[]) {
      for (const file of reg.files) {
        // A later file of the same name replaces the earlier one, with its types (as in
        // protobuf-es); its dependencies are added where no file has their name yet.
        files.set(file.proto.name, file);
        forEachTypeIn(file, types.add);
        file.dependencies.forEach((d) => addDescFile(d, types, files));
      }
    }
  }
  return fileRegistryOf(types, files);
}

function fileRegistryOf(types: MutableRegistry, files: Map<string, DescFile>): FileRegistry {
  const { add: _add, remove: _remove, ...readOnly } = types;
  return {
    ...readOnly,
    getFile: (fileName) => files.get(fileName),
    get files() {
      return files.values();
    },
  };
}

function addFile(
  proto: FileDescriptorProto,
  resolve: FileResolver,
  types: MutableRegistry,
  files: Map<string, DescFile>,
  importChain: string[],
  fromSet?: ReadonlySet<string>,
): DescFile {
  const existing = files.get(proto.name);
  if (existing) return existing;
  if (importChain.includes(proto.name)) {
    // protobuf-es's text names the first import of the cycle.
    const chain = [...importChain, proto.name];
    throw new ProtobufError(`Cannot find ${chain[1]}, imported by ${chain[0]} (import cycle: ${chain.join(" -> ")})`);
  }
  assertValidNames(proto);
  const deps: DescFile[] = [];
  for (const depName of proto.dependency) {
    const dep = resolve(depName);
    if (dep === undefined) {
      const text = `${fromSet ? "Cannot find" : "Unable to resolve"} ${depName}, imported by ${proto.name}`;
      throw new ProtobufError(fromSet?.has(depName) ? `${text} (a file of a set may import only the files before it)` : text);
    }
    if ("kind" in dep) {
      addDescFile(dep, types, files);
      deps.push(dep);
    } else {
      deps.push(addFile(dep, resolve, types, files, [...importChain, proto.name], fromSet));
    }
  }
  const file = buildFile(proto, deps, {
    resolveType: (n) => {
      const t = types.get(n);
      return t?.kind === "message" || t?.kind === "enum" ? t : undefined;
    },
    addType: (t) => types.add(t),
  });
  files.set(proto.name, file);
  return file;
}

/** Adds an already linked file and its dependencies, with all their types. */
function addDescFile(file: DescFile, types: MutableRegistry, files: Map<string, DescFile>): void {
  const name = file.proto.name;
  if (files.has(name)) return;
  files.set(name, file);
  file.dependencies.forEach((d) => addDescFile(d, types, files));
  forEachTypeIn(file, types.add);
}
