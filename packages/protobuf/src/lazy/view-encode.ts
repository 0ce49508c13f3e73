/**
 * Writing a changed view from its slots, without detaching it: a field still undecoded is
 * copied as its recorded occurrences (tag and value bytes, in wire order); a decoded or
 * written one is encoded with the eager encoder's field encoder, reading through the view's
 * accessors; the unknown fields follow. The output decodes to the view's content.
 *
 * This needs the view's bytes to stand for what it holds (bytesStandFor(): the copied
 * occurrences carry the unknown fields nested in them) and no required fields in its type
 * tree (a missing one must be reported as the eager encoder reports it). Otherwise, and for
 * a detached view, the view is written from its own storage (view-change.ts).
 */
import type { DescField } from "../descriptors/types.js";
import { Edition, FieldPresence } from "../descriptors/edition.js";
import { ScalarType, scalarWireType } from "../descriptors/scalar.js";
import { BinaryWriter } from "../wire/binary-writer.js";
import { fieldEncoder, messageEncoder, oneofEncoder, type FieldEncoder } from "../binary/encoder.js";
import { scalarWriter } from "../binary/scalar.js";
import type { ViewState } from "./view-state.js";
import { SlotKind, type Slot, type ViewPlan } from "./view-plan.js";
import { bytesStandFor } from "./view-bytes.js";
import { detach } from "./view-change.js";

/** Writes one field of a view whose slots are `values`. */
type SlotEncoder = (s: ViewState, values: unknown[], w: BinaryWriter, writeUnknown: boolean) => void;

/**
 * Whether the view is to be written from its slots with these options (see the module
 * comment): only while some field is still undecoded. A view whose fields are all decoded is
 * detached instead: that costs a copy of its slots once, and an ordinary message encodes
 * faster than a view (plain properties instead of accessors) every time it is written.
 */
export function slotsWritable(s: ViewState, writeUnknown: boolean): boolean {
  return s.own === undefined && s.values !== undefined && !s.plan.requiredInTree && bytesStandFor(s, writeUnknown) && hasUndecoded(s);
}

function hasUndecoded(s: ViewState): boolean {
  const values = s.values!;
  const slots = s.plan.slots;
  for (let i = 0; i < slots.length; i++) {
    const kind = slots[i].kind;
    // Numbers in the slots decoded on first access are occurrence indices.
    if (typeof values[i] === "number" && kind !== SlotKind.Scalar && kind !== SlotKind.EagerDecoded) return true;
  }
  return false;
}

/** Writes the view's content (no tag, no length) from its slots; see slotsWritable(). */
export function writeSlots(s: ViewState, w: BinaryWriter, writeUnknown: boolean): void {
  const plan = s.plan;
  const list = (plan.encoders ??= compile(plan)) as SlotEncoder[];
  const values = s.values!;
  try {
    for (let i = 0; i < list.length; i++) list[i](s, values, w, writeUnknown);
  } catch (e) {
    // A value that cannot be encoded: the eager encoder reports it (naming the field) as it
    // would for an ordinary message.
    messageEncoder(plan.desc)(detach(s), new BinaryWriter(), writeUnknown);
    throw e;
  }
  const unknown = s.unknown;
  if (unknown !== undefined && writeUnknown) w.unknownFields(unknown);
}

function compile(plan: ViewPlan): SlotEncoder[] {
  const fields = [...plan.desc.fields].sort((a, b) => a.number - b.number);
  return fields.map((f) => slotEncoder(f, f.number < plan.dense.length ? plan.dense[f.number]! : plan.sparse.get(f.number)!));
}

function slotEncoder(field: DescField, slot: Slot): SlotEncoder {
  const i = slot.index;
  const no = field.number;
  const decoded = slot.kind === SlotKind.Scalar || slot.kind === SlotKind.EagerDecoded;
  const explicit = explicitScalarEncoder(field, i, decoded);
  if (explicit !== undefined) return explicit;
  if (decoded) {
    const enc = fieldEncoder(field);
    return (s, _values, w, writeUnknown) => enc(s.view, w, writeUnknown);
  }
  const enc: FieldEncoder =
    field.oneof !== undefined ? oneofEncoder(field.oneof.localName, field.oneof.fields, field.localName) : fieldEncoder(field);
  if (slot.kind === SlotKind.Oneof) {
    return (s, values, w, writeUnknown) => {
      const v = values[i];
      // Undecoded: the occurrences of the selected member, if it is this one.
      if (typeof v === "number") {
        if (s.occ![v + 2] >>> 3 === no) copyOccurrences(s, v, w);
      } else {
        enc(s.view, w, writeUnknown);
      }
    };
  }
  return (s, values, w, writeUnknown) => {
    const v = values[i];
    if (typeof v === "number") copyOccurrences(s, v, w);
    else enc(s.view, w, writeUnknown);
  };
}

/**
 * A singular scalar or enum with explicit presence outside proto3 (proto2 optional, editions):
 * the eager encoder tells its presence by an own property; a view by its slot's value. Other
 * fields: undefined. `decoded`: the slot holds values only, never occurrence indices.
 */
function explicitScalarEncoder(field: DescField, i: number, decoded: boolean): SlotEncoder | undefined {
  if (
    (field.fieldKind !== "scalar" && field.fieldKind !== "enum") ||
    field.oneof !== undefined ||
    (field.presence as number) === FieldPresence.IMPLICIT ||
    (field.parent.file.edition as number) === Edition.EDITION_PROTO3
  ) {
    return undefined;
  }
  const name = field.localName;
  const scalar = field.fieldKind === "enum" ? ScalarType.INT32 : field.scalar;
  const write = scalarWriter(scalar);
  const tag = ((field.number << 3) | scalarWireType(scalar)) >>> 0;
  return (s, values, w) => {
    const v = values[i];
    if (v === undefined) return;
    // Numbers in the slots decoded on first access are occurrence indices.
    if (!decoded && typeof v === "number") {
      copyOccurrences(s, v, w);
      return;
    }
    w.rawTag(tag);
    write(w, (s.view as Record<string, unknown>)[name]);
  };
}

/** Copies the occurrences of a slot (the last one is at `last` in `s.occ`) as they are on the wire. */
function copyOccurrences(s: ViewState, last: number, w: BinaryWriter): void {
  const occ = s.occ!;
  const buf = s.buf;
  if (occ[last + 3] < 0) {
    w.rawTag(occ[last + 2]).raw(buf.subarray(occ[last], occ[last + 1]));
    return;
  }
  const chain: number[] = [];
  for (let k = last; k >= 0; k = occ[k + 3]) chain.push(k);
  for (let j = chain.length - 1; j >= 0; j--) {
    const k = chain[j];
    w.rawTag(occ[k + 2]).raw(buf.subarray(occ[k], occ[k + 1]));
  }
}
