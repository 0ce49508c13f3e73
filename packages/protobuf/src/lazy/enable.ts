/**
 * Enabling lazy decoding: installs the lazy layer's entry points in the decode functions
 * (binary/lazy-support.ts).
 */
import { installLazySupport } from "../binary/lazy-support.js";
import { decodeView } from "./lazy-decode.js";
import { lazyFieldViews } from "./lazy-fields.js";

/**
 * Enables lazy decoding in the whole program: `fromBinary(schema, bytes, { lazy: true })`, and
 * views for the `[lazy]` fields of files marked by withLazyFields(). Loading
 * `@pbjet/protobuf/lazy` calls it.
 */
export function enableLazyDecoding(): void {
  installLazySupport({ fieldViews: lazyFieldViews, decodeView });
}
