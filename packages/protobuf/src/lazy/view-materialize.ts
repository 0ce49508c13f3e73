/**
 * A view's eager form: the message decoded fully into an ordinary message.
 */
import { BinaryReader } from "../wire/binary-reader.js";
import { ScalarType } from "../descriptors/scalar.js";
import type { DescMessage } from "../descriptors/types.js";
import type { Message } from "../types.js";
import { anyFieldInTree, typeRecord } from "../model/type-record.js";
import { zeroMessageFactory } from "../model/zero-message.js";
import { messageDecoder } from "../binary/decoder.js";
import type { ViewState } from "./view-state.js";
import { viewBytes } from "./view-bytes.js";
import { encodeMessage } from "../binary/encode.js";
import { isUnchanged } from "./view-change.js";

/** The eager form of a view that is not changed, decoded on first need and kept. */
export function eagerOfView(state: ViewState): Message {
  return (state.eager ??= materializeView(state));
}

/**
 * Decodes a view fully into an eager message that holds no reference to the input: its
 * bytes are copied first, so bytes fields point into the copy — unless the type can hold no
 * view of its input (no bytes fields, no lazy fields) and no unknown field turns up: then it
 * is decoded from the input, without the copy.
 */
export function materializeView(state: ViewState): Message {
  const desc = state.plan.desc;
  if (!isUnchanged(state)) {
    // A changed view: its current content, written and decoded again.
    const msg = zeroMessageFactory(desc)();
    const r = new BinaryReader(encodeMessage(desc, state.view, true));
    messageDecoder(desc)(msg, r, r.len, 0, state.depth, state.ctx);
    return msg;
  }
  if (state.more === undefined && !mayReferToInput(desc)) {
    const track = { unknown: false };
    const msg = zeroMessageFactory(desc)();
    const r = new BinaryReader(state.buf);
    r.pos = state.start;
    r.len = state.end;
    messageDecoder(desc)(msg, r, state.end, 0, state.depth, {
      readUnknown: state.ctx.readUnknown,
      maxDepth: state.ctx.maxDepth,
      track,
      lazyFields: state.ctx.lazyFields,
    });
    if (!track.unknown) return msg;
    // Unknown fields are views of the input: decode a copy instead.
  }
  const msg = zeroMessageFactory(desc)();
  const bytes = viewBytes(state);
  const r = new BinaryReader(bytes);
  messageDecoder(desc)(msg, r, r.len, 0, state.depth, state.ctx);
  return msg;
}

/**
 * Whether an eager decode of the type can hold views of its input besides unknown fields:
 * bytes fields (and BytesValue), or fields with the `[lazy]` options, anywhere in its tree.
 */
function mayReferToInput(desc: DescMessage): boolean {
  const rec = typeRecord(desc);
  return (rec.refersToInput ??= anyFieldInTree(desc, (f) => f.lazy || f.scalar === ScalarType.BYTES));
}
