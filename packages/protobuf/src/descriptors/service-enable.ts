/**
 * Enables the builder of service descriptors (see service-hook.ts).
 */
import { buildServices } from "./service-build.js";
import { setServiceBuilder } from "./service-hook.js";

/** Enables the builder of service descriptors, for every file. */
export function enableServices(): void {
  setServiceBuilder(buildServices);
}
