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
import { stateOf, type ViewContext } from "./view-state.js";
import { viewPlan } from "./view-plan.js";
import { Choice, choose, decodeInput } from "./view-adapt.js";

/** A lazy view of the message of type `desc` in `bytes`, validated up front unless `options.validate` is false. */
export function decodeView(desc: DescMessage, bytes: Uint8Array, options: LazyDecodeOptions): Message {
  // Trusted input is not checked for required fields either: its views pass through as they came.
  let requiredComplete = true;
  let choice = Choice.Views;
  let eager: Message | undefined;
  const r = new BinaryReader(bytes);
  if (options.validate) {
    const plan = viewPlan(desc);
    choice = choose(plan);
    if (choice === Choice.Deep) {
      // The type reads broadly: the input is decoded in one pass now, which validates it as
      // an eager decode does. Decoding does not check required fields: encoding checks them.
      eager = decodeInput(desc, r, { readUnknown: options.readUnknown, maxDepth: options.maxDepth, lazyFields: lazyFieldViews });
      requiredComplete = !plan.requiredInTree;
    } else {
      requiredComplete = messageValidator(desc)(r, r.len, 0, 0, options.maxDepth);
    }
  }
  const ctx: ViewContext = {
    validated: options.validate,
    requiredComplete,
    readUnknown: options.readUnknown,
    maxDepth: options.maxDepth,
    reader: r,
    lazyFields: lazyFieldViews,
  };
  const view = createView(desc, bytes, 0, bytes.length, undefined, 0, ctx);
  if (choice !== Choice.Views) {
    const s = stateOf(view)!;
    // The root's first read takes the decoded message as its own storage; a probe is read as views.
    if (eager !== undefined) {
      s.eager = eager;
      s.deep = true;
    } else {
      s.probe = true;
    }
  }
  return view;
}
