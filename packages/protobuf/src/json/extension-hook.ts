/**
 * Where the JSON codecs get extension values (binary/extensions.ts) from: JSON meets
 * extensions only through a registry given in the options, so the registry constructors
 * (`createRegistry()`, `createMutableRegistry()`, `createFileRegistry()`) plug them in, and
 * programs that never build a registry do not carry them. A registry built otherwise that
 * resolves an extension gets a clear error, never a dropped value.
 */
import type { DescExtension } from "../descriptors/types.js";
import type { Message } from "../types.js";
import { ProtobufError } from "../wire/errors.js";

/** Reading and writing extension values of a message. */
export interface ExtensionAccess {
  /** The value of an extension (its default if unset). */
  get(message: Message, extension: DescExtension): unknown;
  /** Sets the value of an extension. */
  set(message: Message, extension: DescExtension, value: unknown): void;
}

let installed: ExtensionAccess | undefined;

/** Enables extension values in JSON (for all schemas). */
export function setExtensionAccess(access: ExtensionAccess): void {
  installed = access;
}

/** Extension values for JSON; throws a ProtobufError naming `extension` if they are not enabled. */
export function extensionAccess(extension: DescExtension): ExtensionAccess {
  if (installed !== undefined) return installed;
  throw new ProtobufError(
    `extension ${extension.typeName} in JSON: extension support is not loaded; build the registry with createRegistry() or createFileRegistry()`,
  );
}
