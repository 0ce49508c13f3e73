/**
 * `@pbjet/protobuf/lazy`: loading this module enables lazy decoding in the whole program —
 * `fromBinary(schema, bytes, { lazy: true })`, and views for fields with the `[lazy]` options.
 * Import it once (`import "@pbjet/protobuf/lazy"`); code generated for files with `[lazy]`
 * fields enables it itself. A program that never decodes lazily leaves it out, and bundlers
 * leave out the lazy layer with it. It also exports the functions for lazy views.
 */
import { enableLazyDecoding } from "./enable.js";

enableLazyDecoding();

export { enableLazyDecoding };
export { toMutable, materialize, isLazyMessage, LazyMessageError } from "./lazy-api.js";
