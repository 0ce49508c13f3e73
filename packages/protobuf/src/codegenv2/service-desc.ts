/**
 * What generated code calls for each service of a file.
 */
import type { DescFile } from "../descriptors/types.js";
import type { GenService, GenServiceMethods } from "../types.js";
import { ProtobufError } from "../wire/errors.js";

/**
 * The service at `index` in a file. Services do not nest: more indexes (which protobuf-es's
 * signature takes, as for messages) throw.
 */
export function serviceDesc<T extends GenServiceMethods>(file: DescFile, index: number, ...paths: number[]): GenService<T> {
  if (paths.length > 0) throw new ProtobufError(`cannot find service ${index}.${paths.join(".")} of ${file.name}: services do not nest`);
  return file.services[index] as unknown as GenService<T>;
}
