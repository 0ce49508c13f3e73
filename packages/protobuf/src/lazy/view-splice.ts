/**
 * Writing a view that is dirty only because views below it changed (not itself: no write to
 * its fields, no change in a container it handed out): its bytes, with the occurrences of the
 * changed sub-views replaced by their new encodings. So a write deep in a tree costs one
 * encode of the changed view and a copy with splices of each level above it.
 */
import type { BinaryWriter } from "../wire/binary-writer.js";
import { WireType } from "../wire/wire-type.js";
import { writeMessage } from "../binary/encoder.js";
import { factsOf } from "../model/type-record.js";
import { stateOf, type ViewState } from "./view-state.js";
import { SlotKind } from "./view-plan.js";
import { findChanges } from "./view-change.js";

/**
 * The changed sub-views of a dirty view, in wire order, if the view can be written by
 * splicing them into its bytes; otherwise undefined.
 */
export function splices(state: ViewState): ViewState[] | undefined {
  if (state.self || state.more !== undefined || state.own === undefined) return undefined;
  // Changes in containers handed out by the view or by views below it.
  if (state.watch) findChanges(state);
  if (state.self) return undefined;
  const own = state.own;
  const out: ViewState[] = [];
  for (const slot of state.plan.slots) {
    if ((state.pending & slot.bit) !== 0) continue;
    const v = own[slot.name];
    if (typeof v !== "object" || v === null) continue;
    switch (slot.kind) {
      case SlotKind.Message:
        if (!add(state, v, out)) return undefined;
        break;
      case SlotKind.MessageList: {
        const list = v as unknown[];
        for (let j = 0; j < list.length; j++) if (!add(state, list[j], out)) return undefined;
        break;
      }
      case SlotKind.MessageMap:
        for (const k of Object.keys(v)) if (stateOf((v as Record<string, unknown>)[k])?.dirty === true) return undefined;
        break;
      case SlotKind.Oneof: {
        // A scalar member, or a message member's child view.
        const value = (v as { value?: unknown }).value;
        if (stateOf(value) !== undefined && !add(state, value, out)) return undefined;
        break;
      }
    }
  }
  if (out.length > 1) out.sort((a, b) => a.at - b.at);
  return out;
}

/** Adds a dirty child view to `out`; false if it cannot be spliced. */
function add(parent: ViewState, value: unknown, out: ViewState[]): boolean {
  const c = stateOf(value);
  // Not a child view of this level: the level changed (its own fields would be dirty then).
  if (c === undefined || c.parent !== parent) return false;
  if (!c.dirty) return true;
  if (c.at < 0 || c.more !== undefined) return false;
  out.push(c);
  return true;
}

/** Writes the view's content: its bytes with the changed sub-views encoded in place. */
export function writeSpliced(state: ViewState, changed: readonly ViewState[], w: BinaryWriter, writeUnknown: boolean): void {
  const buf = state.buf;
  let pos = state.start;
  for (const c of changed) {
    const slot = state.plan.slots[c.slot];
    const field =
      slot.kind === SlotKind.Oneof
        ? state.plan.desc.fields.find((f) => f.localName === (state.own![slot.name] as { case: string }).case)!
        : slot.field!;
    w.raw(buf.subarray(pos, c.at));
    if (factsOf(field).wireType === WireType.StartGroup) {
      w.tag(field.number, WireType.StartGroup);
      writeMessage(c.plan.desc, c.view, w, writeUnknown);
      w.tag(field.number, WireType.EndGroup);
      // Past the end-group tag.
      pos = c.end;
      while (buf[pos++] >= 0x80);
    } else {
      w.tag(field.number, WireType.LengthDelimited).fork();
      writeMessage(c.plan.desc, c.view, w, writeUnknown);
      w.join();
      pos = c.end;
    }
  }
  w.raw(buf.subarray(pos, state.end));
}
