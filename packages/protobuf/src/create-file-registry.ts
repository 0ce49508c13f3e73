/**
 * `createFileRegistry()`: registries of files from descriptor messages, which may be lazy views.
 */
import type { FileDescriptorProto, FileDescriptorSet } from "./descriptors/descriptor-proto.js";
import { createFileRegistry as createRegistryOfFiles, type FileResolver } from "./registry/file-registry.js";
import type { FileRegistry } from "./registry/registry.js";
import { anyViewProtocol } from "./model/view-protocol.js";

/**
 * Creates a file registry.
 *
 * - From a FileDescriptorSet: every file in the set, linked in dependency order.
 * - From a FileDescriptorProto and a resolver that provides its dependencies.
 * - From other file registries, merged: a later file of the same name replaces the earlier one.
 *
 * The descriptor messages may be lazy views (`fromBinary(..., { lazy: true })`): they are
 * read from their eager form, where presence of proto2 fields is what the wire had.
 */
export function createFileRegistry(fileDescriptorSet: FileDescriptorSet): FileRegistry;
export function createFileRegistry(file: FileDescriptorProto, resolve: FileResolver): FileRegistry;
export function createFileRegistry(...registries: FileRegistry[]): FileRegistry;
export function createFileRegistry(...args: [FileDescriptorSet] | [FileDescriptorProto, FileResolver] | FileRegistry[]): FileRegistry {
  const first = eagerIfView(args[0]);
  if (args.length === 2 && typeof args[1] === "function") {
    const resolve = args[1] as FileResolver;
    return createRegistryOfFiles(first as FileDescriptorProto, (name) => eagerIfView(resolve(name)));
  }
  if (args.length === 1) return createRegistryOfFiles(first as FileDescriptorSet);
  return createRegistryOfFiles(...(args as FileRegistry[]));
}

/** A lazy view's eager form (decoded fully); any other value as it is. */
function eagerIfView<T>(value: T): T {
  const vp = anyViewProtocol(value);
  return vp === undefined ? value : (vp.eager(value as object) as T);
}
