/**
 * `@pbjet/protobuf/lazy`: loading this module enables `fromBinary(schema, bytes, { lazy: true })`.
 * Import it once (`import "@pbjet/protobuf/lazy"`). Fields with the `[lazy]` options decode as
 * views in files given to withLazyFields() (generated code does it for its files). A program that never decodes lazily leaves it out, and bundlers
 * leave out the lazy layer with it. It also exports the functions for lazy views.
 */
import { enableLazyDecoding } from "./enable.js";

enableLazyDecoding();

export { enableLazyDecoding };
export { withLazyFields } from "../codegenv2/lazy-fields.js";
export { toMutable, materialize, isLazyMessage, LazyMessageError } from "./lazy-api.js";
