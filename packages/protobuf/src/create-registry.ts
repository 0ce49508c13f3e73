/**
 * `createRegistry()` and `createMutableRegistry()`: the public registry constructors. Besides
 * building the registry (registry/registry.ts), they enable extension values in JSON, which
 * JSON meets only through a registry (json/extension-hook.ts), and the builder of service
 * descriptors (descriptors/service-hook.ts), since a registry lists the services of its files
 * (also of files whose generated code does not enable it: another plugin's, imports renamed).
 */
import type { DescFile } from "./descriptors/types.js";
import { enableJsonExtensions } from "./json/extension-enable.js";
import { enableServices } from "./descriptors/service-enable.js";
import {
  createMutableRegistry as createMutableRegistryOf,
  createRegistry as createRegistryOf,
  type MutableRegistry,
  type Registry,
  type RegistryType,
} from "./registry/registry.js";

/**
 * Creates a registry from descriptors and other registries. A file adds every type it
 * declares, a registry all of its types, a message, enum, extension or service just itself;
 * later entries win on name clashes.
 */
export function createRegistry(...input: (Registry | DescFile | RegistryType)[]): Registry {
  enableJsonExtensions();
  enableServices();
  return createRegistryOf(...input);
}

/** Creates a registry as `createRegistry()` does, that types can be added to and removed from. */
export function createMutableRegistry(...input: (Registry | DescFile | RegistryType)[]): MutableRegistry {
  enableJsonExtensions();
  enableServices();
  return createMutableRegistryOf(...input);
}
