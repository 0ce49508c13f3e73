/**
 * A view's original bytes: copied whole, or written into a writer as a field's value.
 */
import type { BinaryWriter } from "../wire/binary-writer.js";
import { WireType } from "../wire/wire-type.js";
import type { ViewState } from "./view-state.js";

/** Whether the view's bytes stand for it when written with `writeUnknown`. */
export function bytesStandFor(state: ViewState, writeUnknown: boolean): boolean {
  // Decoded with readUnknownFields: false, its bytes hold unknown fields it dropped; written
  // with writeUnknownFields: false, its unknown fields are not to be written. With required
  // fields in its type tree, encoding must check that they are set (as protobuf-es does).
  return writeUnknown && state.ctx.readUnknown && (state.ctx.requiredComplete || !state.plan.requiredInTree);
}

/** Writes a view's content (no tag, no length): its original bytes. */
export function writeViewContent(state: ViewState, w: BinaryWriter): void {
  w.raw(state.buf.subarray(state.start, state.end));
  const more = state.more;
  if (more !== undefined) for (let i = 0; i < more.length; i += 2) w.raw(state.buf.subarray(more[i], more[i + 1]));
}

/**
 * Writes a view as the value of a message field (tag included): its original bytes, as one
 * record even when they come from several occurrences (so that a merged view written as a
 * list element stays one element).
 */
export function writeViewField(state: ViewState, w: BinaryWriter, no: number, delimited: boolean): void {
  if (delimited) {
    w.tag(no, WireType.StartGroup);
    writeViewContent(state, w);
    w.tag(no, WireType.EndGroup);
    return;
  }
  const more = state.more;
  if (more === undefined) {
    w.tag(no, WireType.LengthDelimited).bytes(state.buf.subarray(state.start, state.end));
    return;
  }
  w.tag(no, WireType.LengthDelimited).uint32(contentLength(state));
  writeViewContent(state, w);
}

/** The length of a view's content, over all its occurrences. */
function contentLength(state: ViewState): number {
  let len = state.end - state.start;
  const more = state.more;
  if (more !== undefined) for (let i = 0; i < more.length; i += 2) len += more[i + 1] - more[i];
  return len;
}

/** A copy of a view's original bytes. */
export function viewBytes(state: ViewState): Uint8Array {
  const more = state.more;
  if (more === undefined) return state.buf.slice(state.start, state.end);
  const out = new Uint8Array(contentLength(state));
  out.set(state.buf.subarray(state.start, state.end), 0);
  let off = state.end - state.start;
  for (let i = 0; i < more.length; i += 2) {
    out.set(state.buf.subarray(more[i], more[i + 1]), off);
    off += more[i + 1] - more[i];
  }
  return out;
}
