/**
 * Where the builder of service descriptors (service-build.ts) is plugged in, so that programs
 * whose schemas have no service do not carry it. It is enabled by the runtime's generated code
 * for files with services (`withServices()`), by `serviceDesc()` and by `createFileRegistry()`. A file with services
 * built before that gets `services` as an accessor that builds them once the builder is
 * enabled, and before that throws a clear error — never an empty list.
 */
import type { DescFile, DescService } from "./types.js";
import type { TypeResolver } from "./build-file.js";
import { ProtobufError } from "../wire/errors.js";

/** Builds the services of a file (see service-build.ts: buildServices()). */
export type ServiceBuilder = (file: DescFile, prefix: string, resolver: TypeResolver) => DescService[];

let installed: ServiceBuilder | undefined;

/** Enables the builder of service descriptors (for all files). */
export function setServiceBuilder(builder: ServiceBuilder): void {
  installed = builder;
}

/**
 * Adds the services of `file` (which has some), in the package `prefix`: now if the builder is
 * enabled, else when `file.services` is first read with the builder enabled by then.
 */
export function addServices(file: DescFile, prefix: string, resolver: TypeResolver): void {
  if (installed !== undefined) {
    file.services.push(...installed(file, prefix, resolver));
    return;
  }
  let services: DescService[] | undefined;
  Object.defineProperty(file, "services", {
    enumerable: true,
    get(): DescService[] {
      if (installed === undefined) {
        throw new ProtobufError(
          `${file.toString()}: its services are not loaded: its generated code enables them (withServices), or createFileRegistry()`,
        );
      }
      return (services ??= installed(file, prefix, resolver));
    },
  });
}
