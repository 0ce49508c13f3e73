/**
 * Writing a view that changed only below it: its original bytes, with the occurrences of its
 * changed sub-views replaced by their new encodings. A deep edit then re-encodes the changed
 * views only, not every view above them (which are neither detached nor decoded further).
 */
import type { DescField } from "../descriptors/types.js";
import type { BinaryWriter } from "../wire/binary-writer.js";
import { WireType } from "../wire/wire-type.js";
import { factsOf } from "../model/type-record.js";
import { writeMessage } from "../binary/encoder.js";
import { stateOf, type ViewState } from "./view-state.js";
import { SlotKind, type OneofSlot } from "./view-plan.js";
import { isUnchanged, ownContainersUnchanged } from "./view-change.js";
import { bytesStandFor } from "./view-bytes.js";

/** A changed sub-view to write in place of its occurrence, and whether it is a group. */
interface Splice {
  readonly child: ViewState;
  readonly group: boolean;
}

/**
 * The changed sub-views of a dirty view, in wire order, if the view can be written by
 * splicing them into its bytes; otherwise undefined. It can if it was never written to (not
 * detached), the containers it handed out are unchanged, its bytes stand for it, it is one
 * occurrence (not merged), and each changed sub-view is one occurrence of its field's value
 * in the view's bytes (not a map value: its entry's length would change too).
 */
export function splices(s: ViewState, writeUnknown: boolean): Splice[] | undefined {
  if (s.own !== undefined || s.written || s.more !== undefined || s.values === undefined || !bytesStandFor(s, writeUnknown)) return undefined;
  if (!ownContainersUnchanged(s)) return undefined;
  const out: Splice[] = [];
  const slots = s.plan.slots;
  const values = s.values;
  for (let i = 0; i < slots.length; i++) {
    const v = values[i];
    if (typeof v !== "object" || v === null) continue;
    const slot = slots[i];
    switch (slot.kind) {
      case SlotKind.Message:
        if (!add(s, v, isGroup(slot.field!), out)) return undefined;
        break;
      case SlotKind.MessageList: {
        const group = isGroup(slot.field!);
        for (const e of v as unknown[]) if (!add(s, e, group, out)) return undefined;
        break;
      }
      case SlotKind.MessageMap:
        for (const k of Object.keys(v)) {
          const c = stateOf((v as Record<string, unknown>)[k]);
          if (c !== undefined && c.parent === s && !isUnchanged(c)) return undefined;
        }
        break;
      case SlotKind.Oneof: {
        const o = v as { case: string | undefined; value?: unknown };
        const c = stateOf(o.value);
        if (c === undefined || c.parent !== s || isUnchanged(c)) break;
        const member = (slot as OneofSlot).oneof!.fields.find((f) => f.localName === o.case)!;
        if (!add(s, o.value, isGroup(member), out)) return undefined;
        break;
      }
    }
  }
  out.sort((a, b) => a.child.start - b.child.start);
  return out;
}

function isGroup(field: DescField): boolean {
  return factsOf(field).wireType === WireType.StartGroup;
}

/** Notes a changed sub-view; false if it cannot be spliced. */
function add(s: ViewState, value: unknown, group: boolean, out: Splice[]): boolean {
  const c = stateOf(value);
  // Unchanged containers hold the sub-views the view handed out; anything else is unchanged.
  if (c === undefined || c.parent !== s || isUnchanged(c)) return true;
  if (c.more !== undefined || c.buf !== s.buf) return false;
  out.push({ child: c, group });
  return true;
}

/** Writes the view's content (no tag, no length): its bytes, with the changed sub-views written in their place. */
export function writeSpliced(s: ViewState, list: readonly Splice[], w: BinaryWriter, writeUnknown: boolean): void {
  const buf = s.buf;
  let pos = s.start;
  for (const { child, group } of list) {
    if (group) {
      // The content between the group's tags.
      w.raw(buf.subarray(pos, child.start));
      writeMessage(child.plan.desc, child.view, w, writeUnknown);
    } else {
      // The content follows its length prefix (a varint: every byte but its last has the high
      // bit set, as has no byte of the tag before it but the tag's last).
      let p = child.start - 1;
      while (p > pos && buf[p - 1] >= 0x80) p--;
      w.raw(buf.subarray(pos, p));
      w.fork();
      writeMessage(child.plan.desc, child.view, w, writeUnknown);
      w.join();
    }
    pos = child.end;
  }
  w.raw(buf.subarray(pos, s.end));
}
