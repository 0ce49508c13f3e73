/**
 * The change model of views: how a write reaches a view's own storage, how it marks the view
 * and its ancestors dirty, and how changes to the mutable containers a view hands out (lists,
 * maps, oneof objects, Struct JSON values, unknown fields) are found when the view is written.
 *
 * - A view's fields live in its own storage (`state.own`, an ordinary message of the type
 *   whose sub-messages are child views), decoded from its bytes on the first access
 *   (view-level.ts). A write to a field of a view (a setter, `Object.assign`, the reflection
 *   API, a merge) goes there, and marks the view changed (`state.self`) and it and every
 *   ancestor (`state.parent`) dirty.
 * - A container is handed out as it is, mutable; a view not itself changed notes what it
 *   looked like then (its **shadow**: the elements, entries or case and value; a copy of JSON
 *   values) and marks itself and its ancestors **watched**. When a watched view is written,
 *   its shadows are compared with the containers, and those of every watched view below it:
 *   one that differs makes its view changed. The comparison costs what was read, nothing else.
 * - A clean view is written by copying its bytes. A dirty view that is not itself changed
 *   (only views below it are) is written as its bytes with the changed sub-views spliced in
 *   (view-splice.ts); a changed one's own storage is written field by field, where clean
 *   sub-views are copied again.
 */
import { cloneJson, jsonEqual } from "../model/boxing.js";
import type { JsonValue, UnknownField } from "../types.js";
import { stateOf, type ViewState } from "./view-state.js";
import { SlotKind, type Slot } from "./view-plan.js";
import { completeOwn } from "./view-level.js";

/** Marks the view changed, and it and its ancestors dirty (an ancestor that is dirty already has dirty ancestors). */
export function markDirty(state: ViewState): void {
  state.self = true;
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
 * The view's own storage, for a write: decodes the view's level if it is not yet (with every
 * child view made), and marks the view (and its ancestors) dirty. The caller writes into the returned message.
 */
export function writableOf(state: ViewState): Record<string, unknown> {
  const own = completeOwn(state);
  markDirty(state);
  return own;
}

/**
 * Hands out the value `v` of a container slot of a view not itself changed, the first time it is read:
 * takes its shadow (an absent Struct reads undefined: nothing to watch).
 */
export function handOut(state: ViewState, slot: Slot, v: unknown): unknown {
  if (v === undefined) return v;
  const shadows = (state.shadows ??= new Array<unknown>(state.plan.shadowSize));
  if (slot.kind === SlotKind.Oneof && !slot.deep) {
    // The case (null for none), and the value in the oneof's own place.
    const o = v as { case: string | undefined; value?: unknown };
    shadows[slot.index] = o.case ?? null;
    shadows[slot.valueAt] = o.value;
  } else {
    shadows[slot.index] = takeShadow(slot, v);
  }
  watchUp(state);
  return v;
}

/** Hands out the unknown fields of a view not itself changed (undefined if it has none). */
export function handOutUnknown(state: ViewState, own: Record<string, unknown>): UnknownField[] | undefined {
  const u = own.$unknown as UnknownField[] | undefined;
  if (u === undefined) return undefined;
  const n = state.plan.slots.length;
  const shadows = (state.shadows ??= new Array<unknown>(state.plan.shadowSize));
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

/** Compares the shadows of a watched view and of the watched views below it; marks changed ones dirty. */
export function findChanges(state: ViewState): void {
  // Watched views have been read: their own storage holds what they handed out.
  const own = state.own!;
  const slots = state.plan.slots;
  const shadows = state.shadows;
  if (shadows !== undefined && !state.self) {
    for (let i = 0; i <= slots.length; i++) {
      const sh = shadows[i];
      if (sh === undefined) continue;
      const same =
        i === slots.length
          ? sameList((own.$unknown as UnknownField[] | undefined) ?? [], sh as unknown[])
          : sameAsShadow(state, slots[i], own[slots[i].name], sh);
      if (!same) {
        markDirty(state);
        break;
      }
    }
  }
  // The sub-views of this view's level that handed out containers themselves.
  for (let i = 0; i < slots.length; i++) {
    const v = own[slots[i].name];
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

/**
 * What a container looks like: elements, entries (key, value, ...), or case and value; JSON
 * copied. A list of child views: its length (see sameViews()).
 */
function takeShadow(slot: Slot, v: unknown): unknown {
  if (slot.kind === SlotKind.MessageList) return (v as unknown[]).length;
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

/** Whether a container of the view still looks like its shadow. */
function sameAsShadow(state: ViewState, slot: Slot, v: unknown, sh: unknown): boolean {
  if (slot.kind === SlotKind.MessageList) return sameViews(state, slot.index, v as unknown[], sh as number);
  if (slot.kind === SlotKind.Oneof) {
    const o = v as { case: string | undefined; value?: unknown };
    if (!slot.deep) return o.case === ((sh as string | null) ?? undefined) && Object.is(o.value, state.shadows![slot.valueAt]);
    const s = sh as [string | undefined, unknown, JsonValue | undefined];
    return o.case === s[0] && Object.is(o.value, s[1]) && (s[2] === undefined || jsonEqual(o.value as JsonValue, s[2]));
  }
  if (slot.deep) return jsonEqual(v as JsonValue, sh as JsonValue);
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

/**
 * Whether a list of messages is still the list of child views the view's level decode made
 * for the slot: `count` of them, each a child view of this slot, in wire order. (The level
 * decode makes every child view of the slot once, so this holds only for that very list.)
 */
function sameViews(state: ViewState, index: number, list: readonly unknown[], count: number): boolean {
  if (list.length !== count) return false;
  let prev = -1;
  for (let j = 0; j < list.length; j++) {
    const c = stateOf(list[j]);
    if (c === undefined || c.parent !== state || c.slot !== index || c.start <= prev) return false;
    prev = c.start;
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
