/**
 * The class of a type's views: an accessor per field (and oneof) on the prototype. The first
 * access of any field decodes the view's level into its own storage (view-level.ts), which
 * getters read and setters write; setters mark the view dirty (view-change.ts). Building the
 * class installs the type's view protocol (view-answers.ts).
 */
import type { DescMessage } from "../descriptors/types.js";
import type { Message } from "../types.js";
import { LazyMessageError, ownState, viewState, type ViewContext, type ViewState } from "./view-state.js";
import { SlotKind, setViewClassBuilder, viewPlan, type Slot, type ViewConstructor, type ViewPlan } from "./view-plan.js";
import { decodeDeferred, decodeLevel, makeDeferred, makeDeferredList, newView } from "./view-level.js";
import { handOut, handOutUnknown, markDirty, writableOf } from "./view-change.js";
import { installProtocol } from "./view-answers.js";

setViewClassBuilder(viewClass);

/**
 * Creates a view of a message whose content is [start, end) of `buf` (and the further
 * [start, end) pairs in `more`, for merged occurrences). Nothing is read until a field is.
 */
export function createView(
  desc: DescMessage,
  buf: Uint8Array,
  start: number,
  end: number,
  more: number[] | undefined,
  depth: number,
  ctx: ViewContext,
): Message {
  const plan = viewPlan(desc);
  if (plan.View === undefined) viewClass(plan);
  return newView(plan, buf, start, end, more, depth, ctx, undefined, -1, -1);
}

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
      const own = s.own ?? decodeLevel(s);
      return s.self ? own.$unknown : handOutUnknown(s, own);
    },
    set(this: This, value: unknown) {
      writableOf(ownState(this, typeName)).$unknown = value;
    },
  });
  return View;
}

/** A write: into the view's own storage (the value replaces one left on the wire); marks the view dirty. */
function slotSetter(slot: Slot, typeName: string): (this: This, value: unknown) => void {
  const name = slot.name;
  const keep = ~slot.bit;
  return function (this: This, value: unknown) {
    const s = ownState(this, typeName);
    (s.own ?? decodeLevel(s))[name] = value;
    s.pending &= keep;
    markDirty(s);
  };
}

function slotGetter(slot: Slot, typeName: string): (this: This) => unknown {
  const i = slot.index;
  const name = slot.name;
  const bit = slot.bit;
  if (slot.kind === SlotKind.MessageList && bit !== 0) {
    // A list of child views, made when the list is first read: handed out like other containers.
    return function (this: This) {
      const s = ownState(this, typeName);
      const v = (s.own ?? decodeLevel(s))[name] as unknown[];
      if ((s.pending & bit) !== 0) {
        makeDeferredList(s, slot, v);
        s.pending &= ~bit;
      }
      if (s.self) return v;
      const shadows = s.shadows;
      if (shadows !== undefined && shadows[i] !== undefined) return v;
      return handOut(s, slot, v);
    };
  }
  if (slot.container) {
    // Lists, maps, oneofs, Struct values: handed out mutable; a view not itself changed notes what they
    // looked like (their shadow, view-change.ts) the first time.
    return function (this: This) {
      const s = ownState(this, typeName);
      const v = (s.own ?? decodeLevel(s))[name];
      if (s.self) return v;
      const shadows = s.shadows;
      if (shadows !== undefined && shadows[i] !== undefined) return v;
      return handOut(s, slot, v);
    };
  }
  if (slot.kind === SlotKind.Message && bit !== 0) {
    // A child view, made when the field is first read.
    return function (this: This) {
      const s = ownState(this, typeName);
      const own = s.own ?? decodeLevel(s);
      if ((s.pending & bit) === 0) return own[name];
      const v = (own[name] = makeDeferred(s, slot, own[name] as number));
      s.pending &= ~bit;
      return v;
    };
  }
  if (slot.kind === SlotKind.Deferred && bit !== 0) {
    // A string, bytes or 64-bit integer, decoded when first read.
    return function (this: This) {
      const s = ownState(this, typeName);
      const own = s.own ?? decodeLevel(s);
      if ((s.pending & bit) === 0) return own[name];
      // Decoded before the bit is cleared: a value that fails to decode fails on every read.
      const v = (own[name] = decodeDeferred(s, slot, own[name] as number));
      s.pending &= ~bit;
      return v;
    };
  }
  return function (this: This) {
    const s = ownState(this, typeName);
    return (s.own ?? decodeLevel(s))[name];
  };
}
