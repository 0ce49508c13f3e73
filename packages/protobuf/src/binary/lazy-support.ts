/**
 * The lazy layer's entry points for `fromBinary()`: installed when the lazy layer is loaded
 * (`import "@pbjet/protobuf/lazy"`), so that a program that never decodes lazily does not
 * carry its code (a bundler drops what nothing imports). Until then, `{ lazy: true }` throws.
 * Fields with the `[lazy]` options decode as views only in files marked by withLazyFields()
 * (codegenv2), whatever else the program loaded.
 */
import type { DescMessage } from "../descriptors/types.js";
import type { Message } from "../types.js";
import type { LazyFieldViews } from "./decoder.js";

/** Options of a lazy decode call. */
export interface LazyDecodeOptions {
  readonly validate: boolean;
  readonly readUnknown: boolean;
  readonly maxDepth: number;
}

/** What the lazy layer provides to the decode functions. */
export interface LazySupport {
  /** Decodes the views of `[lazy]` fields in eager decodes. */
  readonly fieldViews: LazyFieldViews;
  /** A lazy view of a message of type `desc` encoded in `bytes` (`fromBinary(..., { lazy: true })`). */
  decodeView(desc: DescMessage, bytes: Uint8Array, options: LazyDecodeOptions): Message;
}

let installed: LazySupport | undefined;

/** The installed lazy layer, or undefined if it is not loaded. */
export function lazySupport(): LazySupport | undefined {
  return installed;
}

/** @internal Installs the lazy layer (done by `@pbjet/protobuf/lazy` when it is loaded). */
export function installLazySupport(support: LazySupport): void {
  installed = support;
}
