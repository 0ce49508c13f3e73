/**
 * `createRegistry()` and `createMutableRegistry()`: the public registry constructors
 * (registry/registry.ts).
 */
import type { DescFile } from "./descriptors/types.js";
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
  return createRegistryOf(...input);
}

/** Creates a registry as `createRegistry()` does, that types can be added to and removed from. */
export function createMutableRegistry(...input: (Registry | DescFile | RegistryType)[]): MutableRegistry {
  return createMutableRegistryOf(...input);
}
