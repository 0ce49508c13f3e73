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
import { Choice, chooseRoot, decodeInput } from "./view-adapt.js";

/**
 * A lazy view of the message of type `desc` in `bytes`, validated up front unless
 * `options.validate` is false — or, when recent views of the type were read broadly (the
 * "adaptive" read policy, view-adapt.ts), the message decoded in one pass into an ordinary message.
 */
export function decodeView(desc: DescMessage, bytes: Uint8Array, options: LazyDecodeOptions): Message {
  // Trusted input is not checked for required fields either: its views pass through as they came.
  let requiredComplete = true;
  let eager: Message | undefined;
  const r = new BinaryReader(bytes);
  const plan = viewPlan(desc);
  const choice = chooseRoot(plan);
  if (choice === Choice.Eager || (options.validate && choice === Choice.Deep)) {
    // The type reads broadly: the input is decoded in one pass now, which validates it as
    // an eager decode does. Decoding does not check required fields: encoding checks them.
    eager = decodeInput(desc, r, { readUnknown: options.readUnknown, maxDepth: options.maxDepth, lazyFields: lazyFieldViews });
    if (choice === Choice.Eager) return eager;
    requiredComplete = !plan.requiredInTree;
  } else if (options.validate) {
    requiredComplete = messageValidator(desc)(r, r.len, 0, 0, options.maxDepth);
  }
  const ctx: ViewContext = {
    validated: options.validate,
    requiredComplete,
    readUnknown: options.readUnknown,
    maxDepth: options.maxDepth,
    reader: r,
    lazyFields: lazyFieldViews,
  };
  const view = createView(plan, bytes, 0, bytes.length, undefined, 0, ctx);
  if (choice !== Choice.Views) {
    const s = stateOf(view)!;
    if (choice === Choice.Probe) {
      s.probe = true;
    } else {
      // The root's first read takes the decoded message as its own storage (trusted: decodes it then).
      s.eager = eager;
      s.deep = true;
    }
  }
  return view;
}
