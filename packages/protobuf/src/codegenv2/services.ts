/**
 * What generated code calls for a file with services.
 */
import type { DescFile } from "../descriptors/types.js";
import { enableServices } from "../descriptors/service-enable.js";

/**
 * Enables the builder of service descriptors and returns the file, whose services are built
 * now (a method whose input or output type does not resolve throws here, as when the file is
 * built). Generated code wraps the `fileDesc()` of files with services in it, so that programs
 * whose schemas have none do not carry the builder.
 */
export function withServices<T extends DescFile>(file: T): T {
  enableServices();
  void file.services;
  return file;
}
