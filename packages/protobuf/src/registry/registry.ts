/**
 * Registries: look up messages, enums, extensions and services by fully qualified name.
 */
import type { DescEnum, DescExtension, DescFile, DescMessage, DescService } from "../descriptors/types.js";

/** A registrable type descriptor. */
export type RegistryType = DescMessage | DescEnum | DescExtension | DescService;

/** A set of types, looked up by fully qualified name. */
export interface Registry {
  readonly kind: "registry";
  /** Looks up any type by fully qualified name. */
  get(typeName: string): RegistryType | undefined;
  /** Looks up a message. */
  getMessage(typeName: string): DescMessage | undefined;
  /** Looks up an enum. */
  getEnum(typeName: string): DescEnum | undefined;
  /** Looks up an extension by its fully qualified name. */
  getExtension(typeName: string): DescExtension | undefined;
  /** Looks up an extension by the message it extends and its field number. */
  getExtensionFor(extendee: DescMessage, no: number): DescExtension | undefined;
  /** Looks up a service. */
  getService(typeName: string): DescService | undefined;
  /** Every type in the registry. */
  [Symbol.iterator](): IterableIterator<RegistryType>;
}

/** A registry of files and all the types they declare. */
export interface FileRegistry extends Registry {
  /** Looks up a file by name, e.g. "google/protobuf/any.proto". */
  getFile(fileName: string): DescFile | undefined;
  /** Every file in the registry. */
  readonly files: Iterable<DescFile>;
}

/**
 * @internal Calls `fn` for every type a file declares: enums, messages (with their nested
 * enums, extensions and messages), extensions and services. Map entry messages are not
 * registry types and are not visited.
 */
export function forEachTypeIn(item: DescFile | DescMessage, fn: (t: RegistryType) => void): void {
  const visitMessage = (m: DescMessage): void => {
    fn(m);
    m.nestedEnums.forEach(fn);
    m.nestedExtensions.forEach(fn);
    m.nestedMessages.forEach(visitMessage);
  };
  if (item.kind === "message") {
    visitMessage(item);
    return;
  }
  item.enums.forEach(fn);
  item.messages.forEach(visitMessage);
  item.extensions.forEach(fn);
  item.services.forEach(fn);
}

/** @internal A registry that can be added to. */
export interface MutableRegistry extends Registry {
  add(desc: RegistryType): void;
  remove(desc: RegistryType): void;
}

/** @internal Creates an empty registry to add types to. */
export function createMutableRegistry(): MutableRegistry {
  const types = new Map<string, RegistryType>();
  const extendees = new Map<string, Map<number, DescExtension>>();
  const registry: MutableRegistry = {
    kind: "registry",
    get: (typeName) => types.get(typeName),
    getMessage(typeName) {
      const t = types.get(typeName);
      return t?.kind === "message" ? t : undefined;
    },
    getEnum(typeName) {
      const t = types.get(typeName);
      return t?.kind === "enum" ? t : undefined;
    },
    getExtension(typeName) {
      const t = types.get(typeName);
      return t?.kind === "extension" ? t : undefined;
    },
    getExtensionFor: (extendee, no) => extendees.get(extendee.typeName)?.get(no),
    getService(typeName) {
      const t = types.get(typeName);
      return t?.kind === "service" ? t : undefined;
    },
    [Symbol.iterator]: () => types.values(),
    add(desc) {
      types.set(desc.typeName, desc);
      if (desc.kind === "extension") {
        let byNumber = extendees.get(desc.extendee.typeName);
        if (!byNumber) {
          byNumber = new Map();
          extendees.set(desc.extendee.typeName, byNumber);
        }
        byNumber.set(desc.number, desc);
      }
    },
    remove(desc) {
      types.delete(desc.typeName);
      if (desc.kind === "extension") {
        extendees.get(desc.extendee.typeName)?.delete(desc.number);
      }
    },
  };
  return registry;
}

/**
 * Creates a registry from descriptors and other registries. A file adds every type it
 * declares, a message adds itself with its nested types; later entries win on name clashes.
 */
export function createRegistry(...input: (Registry | DescFile | RegistryType)[]): Registry {
  const registry = createMutableRegistry();
  for (const item of input) {
    switch (item.kind) {
      case "registry":
        for (const t of item) registry.add(t);
        break;
      case "file":
      case "message":
        forEachTypeIn(item, registry.add);
        break;
      default:
        registry.add(item);
    }
  }
  const { add: _add, remove: _remove, ...readOnly } = registry;
  return readOnly;
}
