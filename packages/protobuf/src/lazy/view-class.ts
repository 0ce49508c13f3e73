/**
 * The class of a type's views: an accessor per field (and oneof) on the prototype. Getters
 * decode on first access; setters write into the view's slots and mark it dirty (view-change.ts).
 * Building the class installs the type's view protocol (view-answers.ts).
 */
import type { DescMessage } from "../descriptors/types.js";
import { LazyMessageError, ownState, viewState, type ViewState } from "./view-state.js";
import { SlotKind, setViewClassBuilder, type Slot, type ViewConstructor, type ViewPlan } from "./view-plan.js";
import { scanView } from "./view-scan.js";
import { decodeSlot } from "./view-slots.js";
import { detach, handOut, handOutUnknown, markDirty, writableOf } from "./view-change.js";
import { installProtocol } from "./view-answers.js";

setViewClassBuilder(viewClass);

/**
 * Creates a view of a message of the plan's type whose content is [start, end) of `buf` (and
 * the further [start, end) pairs in `more`, for merged occurrences); view-slots.ts makes it,
 * with the class this module builds. Importing it from here makes sure the class builder is set.
 */
export { createView } from "./view-slots.js";

/** The class of the plan's views, built once; installs the type's view protocol. */
function viewClass(plan: ViewPlan): ViewConstructor {
  if (plan.View !== undefined) return plan.View;
  const View = buildViewClass(plan.desc, plan.slots);
  plan.View = View;
  installProtocol(plan, View.prototype);
  return View;
}

type This = { [viewState]?: ViewState };

function buildViewClass(desc: DescMessage, slots: readonly Slot[]): ViewConstructor {
  class View {
    constructor(state: ViewState) {
      (this as unknown as Record<symbol, ViewState>)[viewState] = state;
    }
  }
  const proto = View.prototype;
  const typeName = desc.typeName;
  Object.defineProperty(proto, "$typeName", {
    enumerable: true,
    configurable: false,
    get: () => typeName,
    set(value: unknown) {
      // Object.assign() of a message of the type copies its $typeName: the same one is fine.
      if (value !== typeName) throw new LazyMessageError(`cannot change the $typeName of a lazy view of ${typeName}`);
    },
  });
  for (const slot of slots) {
    Object.defineProperty(proto, slot.name, {
      enumerable: true,
      configurable: false,
      get: slotGetter(slot, typeName),
      set: slotSetter(slot, typeName),
    });
  }
  Object.defineProperty(proto, "$unknown", {
    enumerable: false,
    configurable: false,
    get(this: This) {
      const s = this[viewState];
      if (s === undefined || s.view !== this) return undefined;
      if (s.own !== undefined) return s.own.$unknown;
      if (s.values === undefined) scanView(s);
      return handOutUnknown(s);
    },
    set(this: This, value: unknown) {
      writableOf(ownState(this, typeName)).$unknown = value;
    },
  });
  return View;
}

/**
 * A write: into the view's slot, which then holds the value (the view is written from its
 * slots, view-encode.ts); marks the view dirty. Into its own storage instead (detaching it)
 * once it is detached, and for values a slot cannot hold: undefined (which an ordinary
 * message keeps as an own property) and numbers in slots whose numbers are occurrence indices.
 */
function slotSetter(slot: Slot, typeName: string): (this: This, value: unknown) => void {
  const name = slot.name;
  const i = slot.index;
  const numbers = slot.kind === SlotKind.Scalar || slot.kind === SlotKind.EagerDecoded;
  return function (this: This, value: unknown) {
    const s = ownState(this, typeName);
    if (s.own === undefined && value !== undefined && (numbers || typeof value !== "number")) {
      (s.values ?? scanView(s))[i] = value;
      s.written = true;
    } else {
      (s.own ?? detach(s))[name] = value;
    }
    markDirty(s);
  };
}

function slotGetter(slot: Slot, typeName: string): (this: This) => unknown {
  const i = slot.index;
  const name = slot.name;
  const absent = slot.absent;
  if (slot.container) {
    // Lists, maps, oneofs, Struct values: handed out mutable, with a shadow (view-change.ts).
    return function (this: This) {
      const s = ownState(this, typeName);
      const own = s.own;
      if (own !== undefined) return own[name];
      const values = s.values ?? scanView(s);
      const shadows = s.shadows;
      if (shadows !== undefined && shadows[i] !== undefined) return values[i];
      return handOut(s, slot, values);
    };
  }
  if (slot.kind === SlotKind.Scalar || slot.kind === SlotKind.EagerDecoded) {
    return function (this: This) {
      const s = ownState(this, typeName);
      const own = s.own;
      if (own !== undefined) return own[name];
      const values = s.values ?? scanView(s);
      const v = values[i];
      return v === undefined ? absent : v;
    };
  }
  // Until decoded, the slot holds the index of its last occurrence (decoded values are never numbers).
  return function (this: This) {
    const s = ownState(this, typeName);
    const own = s.own;
    if (own !== undefined) return own[name];
    const values = s.values ?? scanView(s);
    const v = values[i];
    if (typeof v === "number") return (values[i] = decodeSlot(s, slot, v));
    return v === undefined ? absent : v;
  };
}
