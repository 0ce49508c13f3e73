/**
 * What the views of a type answer through the view protocol (model/view-protocol.ts): their
 * eager form, their bytes (while they stand for the view, or with changed sub-views spliced
 * in), field presence, and the storage a write goes to.
 */
import type { DescField } from "../descriptors/types.js";
import { FieldPresence } from "../descriptors/edition.js";
import { typeRecord } from "../model/type-record.js";
import { installViewProtocol } from "../model/view-protocol.js";
import { fieldIsSet, valueIsSet } from "../model/presence.js";
import { ownState, type ViewState } from "./view-state.js";
import { SlotKind, type ViewPlan } from "./view-plan.js";
import { scanView } from "./view-scan.js";
import { bytesStandFor, viewBytes, writeViewContent, writeViewField } from "./view-bytes.js";
import { eagerOfView } from "./view-materialize.js";
import { detach, isUnchanged, writableOf } from "./view-change.js";
import { splices, writeSpliced } from "./view-splice.js";
import { slotsWritable, writeSlots } from "./view-encode.js";
import { WireType } from "../wire/wire-type.js";

/** Whether the view's original bytes are its encoding with these options. */
function bytesWritable(s: ViewState, writeUnknown: boolean): boolean {
  return bytesStandFor(s, writeUnknown) && isUnchanged(s);
}

/** Makes the views of the plan's type answer the view protocol. */
export function installProtocol(plan: ViewPlan, proto: object): void {
  const typeName = plan.desc.typeName;
  const isView = (value: unknown): value is object => typeof value === "object" && value !== null && Object.getPrototypeOf(value) === proto;
  const eager = (view: object): Record<string, unknown> => {
    const s = ownState(view, typeName);
    // A changed view: its own storage (one level; its sub-views answer for themselves).
    if (!isUnchanged(s)) return detach(s);
    return s.own ?? (eagerOfView(s) as unknown as Record<string, unknown>);
  };
  installViewProtocol(typeRecord(plan.desc), {
    proto,
    eager,
    writeContent(value, w, writeUnknown) {
      if (!isView(value)) return value;
      const s = ownState(value, typeName);
      // A detached view is its own storage, whatever else holds (see eager()).
      if (s.own !== undefined) return s.own;
      if (bytesWritable(s, writeUnknown)) {
        writeViewContent(s, w);
        return undefined;
      }
      const list = splices(s, writeUnknown);
      if (list !== undefined) writeSpliced(s, list, w, writeUnknown);
      else if (slotsWritable(s, writeUnknown)) writeSlots(s, w, writeUnknown);
      else return eager(value);
      return undefined;
    },
    writeField(value, w, no, delimited, writeUnknown) {
      if (!isView(value)) return value;
      const s = ownState(value, typeName);
      if (s.own !== undefined) return s.own;
      if (bytesWritable(s, writeUnknown)) {
        writeViewField(s, w, no, delimited);
        return undefined;
      }
      const list = splices(s, writeUnknown);
      if (list === undefined && !slotsWritable(s, writeUnknown)) return eager(value);
      if (delimited) {
        w.tag(no, WireType.StartGroup);
        if (list !== undefined) writeSpliced(s, list, w, writeUnknown);
        else writeSlots(s, w, writeUnknown);
        w.tag(no, WireType.EndGroup);
      } else {
        w.tag(no, WireType.LengthDelimited).fork();
        if (list !== undefined) writeSpliced(s, list, w, writeUnknown);
        else writeSlots(s, w, writeUnknown);
        w.join();
      }
      return undefined;
    },
    bytes(value, writeUnknown) {
      if (!isView(value)) return undefined;
      const s = ownState(value, typeName);
      return bytesWritable(s, writeUnknown) ? viewBytes(s) : undefined;
    },
    writable: (view) => writableOf(ownState(view, typeName)),
    isFieldSet: (view, field) => isSet(plan, ownState(view, typeName), field),
  });
}

/** Whether a field of the view is set, decoding no more than the field needs. */
function isSet(plan: ViewPlan, s: ViewState, field: DescField): boolean {
  if (s.own !== undefined) return fieldIsSet(s.own, field);
  const view = s.view as Record<string, unknown>;
  const values = s.values ?? scanView(s);
  const slot = field.number < plan.dense.length ? plan.dense[field.number] : plan.sparse.get(field.number);
  if (slot === undefined) return false;
  if (field.oneof !== undefined) {
    return (view[field.oneof.localName] as { case?: string }).case === field.localName;
  }
  const v = values[slot.index];
  // Absent from the wire (and not handed out): unset, empty or the zero value, whatever the kind.
  if (v === undefined) return false;
  // Explicit presence: the wire had the field (the getter would read the default).
  if ((field.fieldKind === "scalar" || field.fieldKind === "enum") && (field.presence as number) !== FieldPresence.IMPLICIT) return true;
  // A decoded value (a list or map handed out may have changed since): the value decides.
  if (typeof v === "object" && v !== null) return valueIsSet(field, v);
  switch (slot.kind) {
    case SlotKind.Message:
    case SlotKind.MessageList:
    case SlotKind.MessageMap:
      // Every occurrence is a message, list element or map entry.
      return true;
    case SlotKind.LazyDecoded:
      // Every map entry is kept, unless its value is an unknown value of a closed enum.
      if (field.fieldKind === "map" && (field.enum === undefined || field.enum.open)) return true;
      break;
    case SlotKind.String:
    case SlotKind.Bytes:
      if (typeof v === "number") {
        // The last occurrence: [start, end) with its length prefix. One byte is an empty
        // value; a one-byte prefix and more is not.
        const start = s.occ![v];
        const length = s.occ![v + 1] - start;
        if (length === 1) return false;
        if (s.buf[start] < 0x80) return true;
      }
      break;
  }
  // Otherwise the value decides (only this field is decoded).
  return valueIsSet(field, view[field.localName]);
}
