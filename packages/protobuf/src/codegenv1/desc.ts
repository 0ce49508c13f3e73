/**
 * The hydration functions with the types of codegenv1: messages and enums take their JSON
 * type directly, and each function returns the codegenv1 alias, so that TypeScript infers the
 * type arguments from the annotation of generated code. The descriptors are codegenv2's.
 */
import type { DescFile } from "../descriptors/types.js";
import type { JsonValue, Message } from "../types.js";
import { enumDesc as enumDescV2, extDesc as extDescV2, messageDesc as messageDescV2 } from "../codegenv2/file-desc.js";
import { serviceDesc as serviceDescV2 } from "../codegenv2/service-desc.js";
import type { GenEnum, GenExtension, GenMessage, GenService, GenServiceMethods } from "./types.js";

/** The message at `path` in a file, or nested inside it by the further indexes. */
export function messageDesc<Shape extends Message, JsonType = JsonValue>(
  file: DescFile,
  path: number,
  ...paths: number[]
): GenMessage<Shape, JsonType> {
  return messageDescV2<Shape, { jsonType: JsonType }>(file, path, ...paths);
}

/** The enum at `path` in a file, or, with further indexes, nested in a message. */
export function enumDesc<Shape extends number, JsonType extends JsonValue = JsonValue>(
  file: DescFile,
  path: number,
  ...paths: number[]
): GenEnum<Shape, JsonType> {
  return enumDescV2<Shape, JsonType>(file, path, ...paths);
}

/** The extension at `path` in a file, or, with further indexes, nested in a message. */
export function extDesc<Extendee extends Message, Value>(file: DescFile, path: number, ...paths: number[]): GenExtension<Extendee, Value> {
  return extDescV2<Extendee, Value>(file, path, ...paths);
}

/** The service at `path` in a file. */
export function serviceDesc<T extends GenServiceMethods>(file: DescFile, path: number, ...paths: number[]): GenService<T> {
  return serviceDescV2<T>(file, path, ...paths);
}
