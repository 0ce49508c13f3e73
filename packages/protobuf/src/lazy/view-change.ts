/**
 * The change model of views: how a write reaches a view's own storage, how it marks the view
 * and its ancestors dirty, and how changes to the mutable containers a view hands out (lists,
 * maps, oneof objects, Struct JSON values, unknown fields) are found when the view is written.
 *
 * - A field assignment (a setter, `Object.assign`) stores the value in the view's slot; the
 *   view is marked **written** (view-class.ts). Whole-message writes (the reflection API, a
 *   merge, clearing a field, extensions) and assignments of values a slot cannot hold
 *   **detach** the view: its fields, one level deep, are copied into an ordinary message of
 *   the type (`state.own`; its sub-messages are the very views and values the view handed
 *   out), which every accessor of the view reads and writes from then on. Either way the view
 *   and every ancestor (`state.parent`) are marked dirty.
 * - A container is handed out as it is, mutable; the view notes what it looked like then
 *   (its **shadow**: the elements, entries or case and value; a copy of JSON values) and
 *   marks itself and its ancestors **watched**. When a watched view is written, its shadows
 *   are compared with the containers, and those of every watched view below it: one that
 *   differs makes its view dirty. The comparison costs what was read, nothing else.
 * - A clean view is written by copying its bytes. A dirty view that was not written to and
 *   whose own containers are unchanged (only views below it changed) is written by splicing:
 *   its bytes, with its changed sub-views written again in their place (view-splice.ts).
 *   Any other dirty view is written from its slots, undecoded fields copied as their bytes
 *   (view-encode.ts); where that cannot be done or does not pay (a detached view, every field
 *   decoded, required fields in its type tree, unknown fields not to be copied), it is detached (if it is not yet) and its own
 *   storage is written field by field, where clean sub-views are copied again.
 */
import { zeroMessageFactory } from "../model/zero-message.js";
import { cloneJson, jsonEqual } from "../model/boxing.js";
import type { JsonValue, UnknownField } from "../types.js";
import { stateOf, type ViewState } from "./view-state.js";
import { SlotKind, emptyContainer, type Slot } from "./view-plan.js";
import { scanView } from "./view-scan.js";
import { decodeSlot } from "./view-slots.js";

/** Marks the view and its ancestors dirty (an ancestor that is dirty already has dirty ancestors). */
export function markDirty(state: ViewState): void {
  for (let s: ViewState | undefined = state; s !== undefined && !s.dirty; s = s.parent) {
    s.dirty = true;
    s.eager = undefined;
  }
}

/** Marks the view and its ancestors watched. */
function watchUp(state: ViewState): void {
  for (let s: ViewState | undefined = state; s !== undefined && !s.watch; s = s.parent) s.watch = true;
}

/**
 * The view's own storage, for a write: detaches the view if it is not yet, and marks it (and
 * its ancestors) dirty. The caller writes into the returned message.
 */
export function writableOf(state: ViewState): Record<string, unknown> {
  const own = state.own ?? detach(state);
  markDirty(state);
  return own;
}

/**
 * Detaches a view: copies its fields (decoding what is not decoded yet) into an ordinary
 * message of the type, its own storage from now on. Absent fields keep the zero message's
 * defaults; present ones hold the values the view handed out (the same objects).
 */
export function detach(state: ViewState): Record<string, unknown> {
  if (state.own !== undefined) return state.own;
  const values = state.values ?? scanView(state);
  const plan = state.plan;
  const own = zeroMessageFactory(plan.desc)() as Record<string, unknown>;
  const slots = plan.slots;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i];
    let v = values[i];
    // Numbers in the slots decoded on first access are occurrence indices.
    if (typeof v === "number" && slot.kind !== SlotKind.Scalar && slot.kind !== SlotKind.EagerDecoded) v = values[i] = decodeSlot(state, slot, v);
    if (v !== undefined) own[slot.name] = v;
  }
  if (state.unknown !== undefined) own.$unknown = state.unknown;
  state.own = own;
  state.eager = undefined;
  return own;
}

/**
 * Hands out the value of a container slot the first time it is read: decodes it (an absent
 * one is a fresh empty container), keeps it in the slot, and takes its shadow.
 */
export function handOut(state: ViewState, slot: Slot, values: unknown[]): unknown {
  const i = slot.index;
  let v = values[i];
  if (typeof v === "number") v = decodeSlot(state, slot, v);
  if (v === undefined) {
    v = emptyContainer(slot);
    // An absent Struct reads undefined: nothing to hand out.
    if (v === undefined) return slot.absent;
  }
  values[i] = v;
  (state.shadows ??= new Array<unknown>(state.plan.slots.length + 1))[i] = takeShadow(slot, v);
  watchUp(state);
  return v;
}

/** Hands out the view's unknown fields (undefined if it has none). */
export function handOutUnknown(state: ViewState): UnknownField[] | undefined {
  const u = state.unknown;
  if (u === undefined) return undefined;
  const n = state.plan.slots.length;
  const shadows = (state.shadows ??= new Array<unknown>(n + 1));
  if (shadows[n] === undefined) {
    shadows[n] = u.slice();
    watchUp(state);
  }
  return u;
}

/**
 * Whether the view's bytes still stand for its content: it is not dirty, and none of the
 * containers handed out by it or by a view below it changed (those that did make their
 * views dirty now).
 */
export function isUnchanged(state: ViewState): boolean {
  if (state.dirty) return false;
  if (state.watch) findChanges(state);
  return !state.dirty;
}

/** Whether the containers the view itself handed out (not those of views below it) still look like their shadows. */
export function ownContainersUnchanged(state: ViewState): boolean {
  const shadows = state.shadows;
  if (shadows === undefined) return true;
  const values = state.values!;
  const slots = state.plan.slots;
  for (let i = 0; i < shadows.length; i++) {
    const sh = shadows[i];
    if (sh === undefined) continue;
    const same = i === slots.length ? sameList(state.unknown ?? [], sh as unknown[]) : sameAsShadow(slots[i], values[i], sh);
    if (!same) return false;
  }
  return true;
}

/** Compares the shadows of a watched view and of the watched views below it; marks changed ones dirty. */
function findChanges(state: ViewState): void {
  const values = state.values!;
  const slots = state.plan.slots;
  if (!state.dirty && !ownContainersUnchanged(state)) markDirty(state);
  // The sub-views this view handed out that handed out containers themselves.
  for (let i = 0; i < slots.length; i++) {
    const v = values[i];
    if (typeof v !== "object" || v === null) continue;
    switch (slots[i].kind) {
      case SlotKind.Message:
        visit(state, v);
        break;
      case SlotKind.MessageList:
        for (const e of v as unknown[]) visit(state, e);
        break;
      case SlotKind.MessageMap:
        for (const k of Object.keys(v)) visit(state, (v as Record<string, unknown>)[k]);
        break;
      case SlotKind.Oneof:
        visit(state, (v as { value?: unknown }).value);
        break;
    }
  }
}

function visit(parent: ViewState, child: unknown): void {
  const c = stateOf(child);
  if (c !== undefined && c.parent === parent && c.watch && !c.dirty) findChanges(c);
}

/** What a container looks like: elements, entries (key, value, ...), or case and value; JSON copied. */
function takeShadow(slot: Slot, v: unknown): unknown {
  if (slot.kind === SlotKind.Oneof) {
    const o = v as { case: string | undefined; value?: unknown };
    return [o.case, o.value, slot.deep && isJsonObject(o.value) ? cloneJson(o.value as JsonValue) : undefined];
  }
  if (slot.deep) return cloneJson(v as JsonValue);
  if (Array.isArray(v)) return v.slice();
  const map = v as Record<string, unknown>;
  const keys = Object.keys(map);
  const out = new Array<unknown>(keys.length * 2);
  for (let j = 0; j < keys.length; j++) {
    out[2 * j] = keys[j];
    out[2 * j + 1] = map[keys[j]];
  }
  return out;
}

/** Whether a container still looks like its shadow. */
function sameAsShadow(slot: Slot, v: unknown, sh: unknown): boolean {
  if (slot.kind === SlotKind.Oneof) {
    const o = v as { case: string | undefined; value?: unknown };
    const s = sh as [string | undefined, unknown, JsonValue | undefined];
    return o.case === s[0] && Object.is(o.value, s[1]) && (s[2] === undefined || jsonEqual(o.value as JsonValue, s[2], true));
  }
  if (slot.deep) return jsonEqual(v as JsonValue, sh as JsonValue, true);
  if (Array.isArray(v)) return sameList(v, sh as unknown[]);
  const map = v as Record<string, unknown>;
  const entries = sh as unknown[];
  const keys = Object.keys(map);
  if (keys.length * 2 !== entries.length) return false;
  for (let j = 0; j < keys.length; j++) {
    if (keys[j] !== entries[2 * j] || !Object.is(map[keys[j]], entries[2 * j + 1])) return false;
  }
  return true;
}

function sameList(list: readonly unknown[], sh: readonly unknown[]): boolean {
  if (list.length !== sh.length) return false;
  for (let j = 0; j < list.length; j++) if (!Object.is(list[j], sh[j])) return false;
  return true;
}

function isJsonObject(v: unknown): boolean {
  return typeof v === "object" && v !== null && !(v instanceof Uint8Array) && stateOf(v) === undefined;
}
