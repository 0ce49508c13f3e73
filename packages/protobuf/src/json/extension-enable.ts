/**
 * Enables extension values in JSON (see extension-hook.ts).
 */
import { getExtension, setExtension } from "../binary/extensions.js";
import { setExtensionAccess } from "./extension-hook.js";

/** Enables extension values in JSON, for every schema. */
export function enableJsonExtensions(): void {
  setExtensionAccess({ get: getExtension as never, set: setExtension as never });
}
