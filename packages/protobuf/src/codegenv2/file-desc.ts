/**
 * Hydration helpers for generated code: a generated file embeds its FileDescriptorProto and
 * restores the linked descriptors at run time with these.
 */
import type { DescEnum, DescFile } from "../descriptors/types.js";
import type { FileDescriptorProto } from "../descriptors/descriptor-proto.js";
import { buildFile, type TypeResolver } from "../descriptors/build-file.js";
import { bootDescriptorCore } from "../boot/boot.js";
import { forEachTypeIn } from "../registry/registry.js";
import { typeMapResolver } from "../descriptors/type-map.js";
import { decodeEmbeddedBase64 } from "./embedded-base64.js";
import { decodeMessage } from "../binary/decode.js";
import type { GenEnum, GenExtension, GenMessage, Message } from "../types.js";
import { restoreJsonNames } from "../descriptors/json-names.js";

/**
 * Restores a file descriptor from its serialized FileDescriptorProto (base64) and the
 * descriptors of the files it imports.
 */
export function fileDesc(b64: string, deps?: DescFile[]): DescFile {
  const fileProtoSchema = bootDescriptorCore().messages.find((m) => m.name === "FileDescriptorProto")!;
  const proto = decodeMessage(fileProtoSchema, decodeEmbeddedBase64(b64)) as unknown as FileDescriptorProto;
  restoreJsonNames(proto);
  // Code generators leave the dependencies out of the embedded descriptor (embedFileDesc()):
  // they are the files passed in.
  proto.dependency = (deps ?? []).map((d) => d.proto.name);
  return buildFile(proto, deps ?? [], resolverFor(deps ?? []));
}

/** A type resolver over the given files and everything they import. */
function resolverFor(deps: DescFile[]): TypeResolver {
  const resolver = typeMapResolver();
  const seen = new Set<DescFile>();
  const addFile = (f: DescFile): void => {
    if (seen.has(f)) return;
    seen.add(f);
    f.dependencies.forEach(addFile);
    forEachTypeIn(f, resolver.addType);
  };
  deps.forEach(addFile);
  return resolver;
}

/** The message at `index` in a file, or nested inside it by the further indexes. */
export function messageDesc<Shape extends Message, Opt = unknown>(file: DescFile, index: number, ...nested: number[]): GenMessage<Shape, Opt> {
  let desc = file.messages[index];
  for (const i of nested) desc = desc.nestedMessages[i];
  return desc as unknown as GenMessage<Shape, Opt>;
}

/** The enum at `index` in a file, or, with further indexes, nested in a message. */
export function enumDesc<Shape extends number, JsonType = string>(file: DescFile, index: number, ...nested: number[]): GenEnum<Shape, JsonType> {
  if (nested.length === 0) return file.enums[index] as GenEnum<Shape, JsonType>;
  const last = nested.pop()!;
  return messageDesc(file, index, ...nested).nestedEnums[last] as GenEnum<Shape, JsonType>;
}

/** The extension at `index` in a file, or, with further indexes, nested in a message. */
export function extDesc<Extendee extends Message, Value>(file: DescFile, index: number, ...nested: number[]): GenExtension<Extendee, Value> {
  if (nested.length === 0) return file.extensions[index] as GenExtension<Extendee, Value>;
  const last = nested.pop()!;
  return messageDesc(file, index, ...nested).nestedExtensions[last] as GenExtension<Extendee, Value>;
}

/** An object like a TypeScript enum (names to numbers and back), for generated JavaScript. */
export function tsEnum(desc: DescEnum): { [key: number]: string; [k: string]: string | number } {
  const obj: { [key: number]: string; [k: string]: string | number } = {};
  for (const v of desc.values) {
    setOwn(obj, v.localName, v.number);
    obj[v.number] = v.localName;
  }
  return obj;
}

/**
 * An object of the enum's value names (their local names, as generated code declares them)
 * to numbers: a TypeScript enum without the reverse mapping.
 */
export function objEnum(desc: DescEnum): { [key: string]: number } {
  const obj: { [key: string]: number } = {};
  for (const v of desc.values) setOwn(obj, v.localName, v.number);
  return obj;
}

/**
 * Sets a property of an enum object. A value named `__proto__` becomes a property, as the
 * computed key `["__proto__"]` of generated TypeScript makes it, instead of (not) setting the
 * prototype.
 */
function setOwn(obj: object, key: string, value: number): void {
  if (key === "__proto__") Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else (obj as Record<string, number>)[key] = value;
}
