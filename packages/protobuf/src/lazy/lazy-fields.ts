/**
 * Views of fields with the `[lazy]` or `[unverified_lazy]` options, for the binary decoder:
 * an eager decode that is given these (`DecodeContext.lazyFields`) decodes such fields as
 * views.
 */
import type { DecodeContext, LazyFieldViews } from "../binary/decoder.js";
import { createView } from "./view-decode.js";
import { materializeView } from "./view-materialize.js";
import { stateOf, type ViewContext } from "./view-state.js";

// The views of one input share a context (and its reader) per combination of options. Keyed
// by the input, so that nothing outlives the input (decode contexts may be shared by calls).
const contexts = new WeakMap<Uint8Array, ViewContext[]>();

function viewContext(buf: Uint8Array, validated: boolean, requiredComplete: boolean, ctx: DecodeContext): ViewContext {
  let list = contexts.get(buf);
  if (list === undefined) contexts.set(buf, (list = []));
  for (const c of list) {
    if (c.validated === validated && c.requiredComplete === requiredComplete && c.readUnknown === ctx.readUnknown && c.maxDepth === ctx.maxDepth)
      return c;
  }
  const c: ViewContext = {
    validated,
    requiredComplete,
    readUnknown: ctx.readUnknown,
    maxDepth: ctx.maxDepth,
    reader: undefined,
    lazyFields: lazyFieldViews,
  };
  list.push(c);
  return c;
}

/** Makes the views of `[lazy]` fields. */
export const lazyFieldViews: LazyFieldViews = {
  create(desc, buf, start, end, more, depth, validated, requiredComplete, ctx) {
    return createView(desc, buf, start, end, more, depth, viewContext(buf, validated, requiredComplete, ctx));
  },
  rangesIn(value, buf) {
    const s = stateOf(value);
    if (s === undefined || s.buf !== buf) return undefined;
    return [s.start, s.end, ...(s.more ?? [])];
  },
  mutable(value) {
    const s = stateOf(value);
    // A fresh decode: the view's cached eager form may be shared with others.
    return s === undefined ? value : materializeView(s);
  },
};
