/**
 * Views of fields with the `[lazy]` or `[unverified_lazy]` options, for the binary decoder:
 * an eager decode that is given these (`DecodeContext.lazyFields`) decodes such fields as
 * views.
 */
import type { DescMessage } from "../descriptors/types.js";
import type { Message } from "../types.js";
import { WireType } from "../wire/wire-type.js";
import { checkDepth, messageDecoder, type DecodeContext, type LazyFieldViews } from "../binary/decoder.js";
import { messageValidator } from "../binary/validator.js";
import { groupContentEnd } from "../binary/group-end.js";
import { LazyOption } from "../model/type-record.js";
import { createView } from "./view-class.js";
import { viewPlan } from "./view-plan.js";
import { materializeView } from "./view-materialize.js";
import { stateOf, type ViewContext } from "./view-state.js";
import { isUnchanged } from "./view-change.js";

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

function makeView(
  desc: DescMessage,
  buf: Uint8Array,
  start: number,
  end: number,
  more: number[] | undefined,
  depth: number,
  validated: boolean,
  requiredComplete: boolean,
  ctx: DecodeContext,
): Message {
  return createView(viewPlan(desc), buf, start, end, more, depth, viewContext(buf, validated, requiredComplete, ctx));
}

const lazyFieldsKey = Symbol("pbjet.lazyFields");

/** Marks `file`: the `[lazy]` fields of its messages decode as views (withLazyFields()). */
export function markLazyFields(file: object): void {
  if (!hasLazyFieldViews(file)) Object.defineProperty(file, lazyFieldsKey, { value: true, enumerable: false });
}

/** Whether the `[lazy]` fields of the messages of `file` decode as views (see markLazyFields()). */
function hasLazyFieldViews(file: object): boolean {
  return (file as { [lazyFieldsKey]?: boolean })[lazyFieldsKey] === true;
}

/** Makes the views of `[lazy]` fields of marked files. */
export const lazyFieldViews: LazyFieldViews = {
  decodeField(facts, msg, r, wt, depth, ctx, eager) {
    if (!hasLazyFieldViews(facts.field.parent.file)) return eager(msg, r, wt, depth, ctx);
    if (wt !== facts.wireType) return false;
    checkDepth(depth, ctx.maxDepth, r.pos, facts.field.message!.typeName);
    const field = facts.field;
    const verify = facts.lazy === LazyOption.Verified;
    const desc = field.message!;
    const name = field.localName;
    let start: number;
    let end: number;
    // Whether every required field is present (not checked for unverified fields).
    let complete = true;
    if (wt === WireType.StartGroup) {
      start = r.pos;
      if (verify) complete = messageValidator(desc)(r, r.len, field.number, depth + 1, ctx.maxDepth);
      else r.skipValue(wt, field.number, ctx.maxDepth - depth);
      end = groupContentEnd(r.buf, start, r.pos);
    } else {
      end = r.readEnd();
      start = r.pos;
      if (verify) {
        const outer = r.len;
        r.len = end;
        complete = messageValidator(desc)(r, end, 0, depth + 1, ctx.maxDepth);
        r.len = outer;
      }
      r.pos = end;
    }
    const after = r.pos;
    if (field.fieldKind === "list") {
      (msg[name] as unknown[]).push(makeView(desc, r.buf, start, end, undefined, depth + 1, verify, complete, ctx));
      return true;
    }
    // A repeated occurrence merges with the previous one: one view over both ranges (unless
    // the previous one was changed since: mergeFromBinary of the same input again).
    const prev = stateOf(msg[name]);
    if (prev !== undefined && prev.buf === r.buf && isUnchanged(prev)) {
      const more = [...(prev.more ?? []), start, end];
      msg[name] = makeView(desc, r.buf, prev.start, prev.end, more, depth + 1, verify, complete, ctx);
      return true;
    }
    if (msg[name] !== undefined) {
      // Merging into a message that is already decoded (mergeFromBinary), or into a view of
      // another input: decode eagerly into a mutable message (a fresh one for a view: the
      // view's cached eager form may be shared with others).
      if (prev !== undefined) msg[name] = materializeView(prev);
      const outer = r.len;
      r.pos = start;
      r.len = end;
      messageDecoder(desc)(msg[name], r, end, 0, depth + 1, ctx);
      r.len = outer;
      r.pos = after;
      return true;
    }
    msg[name] = makeView(desc, r.buf, start, end, undefined, depth + 1, verify, complete, ctx);
    return true;
  },
};
