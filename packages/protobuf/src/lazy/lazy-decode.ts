/**
 * `fromBinary(schema, bytes, { lazy: true })`: the view of a whole input.
 */
import type { DescMessage } from "../descriptors/types.js";
import type { Message } from "../types.js";
import { BinaryReader } from "../wire/binary-reader.js";
import { messageValidator } from "../binary/validator.js";
import type { LazyDecodeOptions } from "../binary/lazy-support.js";
import { createView } from "./view-class.js";
import { lazyFieldViews } from "./lazy-fields.js";
import type { ViewContext } from "./view-state.js";
import { viewPlan } from "./view-plan.js";

/**
 * A lazy view of the message of type `desc` in `bytes`, validated up front unless
 * `options.validate` is false. Always a view: what it returns, writes and throws depends on
 * the call alone, never on what the program decoded before.
 */
export function decodeView(desc: DescMessage, bytes: Uint8Array, options: LazyDecodeOptions): Message {
  // Trusted input is not checked for required fields either: its views pass through as they came.
  let requiredComplete = true;
  const r = new BinaryReader(bytes);
  if (options.validate) requiredComplete = messageValidator(desc)(r, r.len, 0, 0, options.maxDepth);
  const ctx: ViewContext = {
    validated: options.validate,
    requiredComplete,
    readUnknown: options.readUnknown,
    maxDepth: options.maxDepth,
    reader: r,
    lazyFields: lazyFieldViews,
  };
  return createView(viewPlan(desc), bytes, 0, bytes.length, undefined, 0, ctx);
}
