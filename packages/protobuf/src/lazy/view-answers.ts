/**
 * What the views of a type answer through the view protocol (model/view-protocol.ts): their
 * eager form, their bytes (while they stand for the view), field presence, and the storage a
 * write goes to.
 */
import { typeRecord } from "../model/type-record.js";
import { installViewProtocol } from "../model/view-protocol.js";
import { fieldIsSet } from "../model/presence.js";
import { ownState, type ViewState } from "./view-state.js";
import type { ViewPlan } from "./view-plan.js";
import { completeOwn } from "./view-level.js";
import { bytesStandFor, viewBytes, writeViewContent, writeViewField } from "./view-bytes.js";
import { eagerOfView } from "./view-materialize.js";
import { isUnchanged, writableOf } from "./view-change.js";
import { splices, writeSpliced } from "./view-splice.js";
import { WireType } from "../wire/wire-type.js";

/** Whether the view's original bytes are its encoding with these options. */
function bytesWritable(s: ViewState, writeUnknown: boolean): boolean {
  return bytesStandFor(s, writeUnknown) && isUnchanged(s);
}

/** Makes the views of the plan's type answer the view protocol. */
export function installProtocol(plan: ViewPlan, proto: object): void {
  const typeName = plan.desc.typeName;
  installViewProtocol(typeRecord(plan.desc), {
    proto,
    eager(view) {
      const s = ownState(view, typeName);
      // A changed view: its own storage (one level; its sub-views answer for themselves).
      return isUnchanged(s) ? (eagerOfView(s) as unknown as Record<string, unknown>) : completeOwn(s);
    },
    writeContent(view, w, writeUnknown) {
      const s = ownState(view, typeName);
      if (!bytesStandFor(s, writeUnknown)) return false;
      if (isUnchanged(s)) {
        writeViewContent(s, w);
        return true;
      }
      // Changed only below: its bytes with the changed sub-views spliced in.
      const changed = splices(s);
      if (changed === undefined) return false;
      writeSpliced(s, changed, w, writeUnknown);
      return true;
    },
    writeField(view, w, no, delimited, writeUnknown) {
      const s = ownState(view, typeName);
      if (!bytesStandFor(s, writeUnknown)) return false;
      if (isUnchanged(s)) {
        writeViewField(s, w, no, delimited);
        return true;
      }
      const changed = splices(s);
      if (changed === undefined) return false;
      if (delimited) {
        w.tag(no, WireType.StartGroup);
        writeSpliced(s, changed, w, writeUnknown);
        w.tag(no, WireType.EndGroup);
      } else {
        w.tag(no, WireType.LengthDelimited).fork();
        writeSpliced(s, changed, w, writeUnknown);
        w.join();
      }
      return true;
    },
    bytes(view, writeUnknown) {
      const s = ownState(view, typeName);
      return bytesWritable(s, writeUnknown) ? viewBytes(s) : undefined;
    },
    writable: (view) => writableOf(ownState(view, typeName)),
    isFieldSet(view, field) {
      const s = ownState(view, typeName);
      // Deferred values decoded: an empty string or a zero on the wire is not set.
      return fieldIsSet(completeOwn(s), field);
    },
  });
}
