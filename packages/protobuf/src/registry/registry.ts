/**
 * Registries: look up messages, enums, extensions and services by fully qualified name.
 */
import type { DescEnum, DescExtension, DescFile, DescMessage, DescService } from "../descriptors/types.js";
import { nestedTypes } from "../descriptors/nested-types.js";

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

/** A registry that allows adding and removing descriptors. */
export interface MutableRegistry extends Registry {
  /**
   * Adds the descriptor — not the types nested in it. A type of the same name is replaced; an
   * extension also replaces the extension of the same extendee and number in
   * `getExtensionFor()`.
   */
  add(desc: RegistryType): void;
  /**
   * Removes the descriptor — not the types nested in it — by its name; an extension also
   * frees its extendee and number in `getExtensionFor()`.
   */
  remove(desc: RegistryType): void;
}

/**
 * Creates a registry that allows adding and removing descriptors, with the types of the
 * inputs, as `createRegistry()` takes them: a file adds every type it declares (in the order
 * of `nestedTypes()`), a registry adds all of its types, a message, enum, extension or
 * service adds just itself (not the types nested in it); for duplicate names, the one given
 * last wins.
 */
export function createMutableRegistry(...input: (Registry | DescFile | RegistryType)[]): MutableRegistry {
  const registry = emptyMutableRegistry();
  for (const item of input) {
    switch (item.kind) {
      case "registry":
        for (const t of item) registry.add(t);
        break;
      case "file":
        for (const t of nestedTypes(item)) registry.add(t);
        break;
      default:
        registry.add(item);
    }
  }
  return registry;
}

function emptyMutableRegistry(): MutableRegistry {
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
 * declares (in the order of `nestedTypes()`), a registry all of its types, a message, enum,
 * extension or service just itself (as in protobuf-es: not the types nested in it); later
 * entries win on name clashes.
 */
export function createRegistry(...input: (Registry | DescFile | RegistryType)[]): Registry {
  const registry = createMutableRegistry(...input);
  const { add: _add, remove: _remove, ...readOnly } = registry;
  return readOnly;
}
