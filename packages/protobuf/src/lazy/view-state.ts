import type { ViewPlan } from "./view-plan.js";
import type { Message } from "../types.js";
import { LazyMessageError } from "../wire/errors.js";

export { LazyMessageError };
import type { BinaryReader } from "../wire/binary-reader.js";
import type { LazyFieldViews } from "../binary/decoder.js";

/**
 * The property under which a view keeps its state: a registered symbol, so that two copies of
 * the runtime in one program (an ES module and a CommonJS copy: the dual-package hazard)
 * recognise each other's views. The number is the version of the ViewState layout: change it
 * with the layout, so that copies of different versions do not read each other's state.
 */
export const viewState: unique symbol = Symbol.for("@pbjet/protobuf/lazy-view-state/3");

/** Options that hold for every view of one decode call. */
export interface ViewContext {
  /** The input was validated up front: lazy decodes cannot fail. */
  readonly validated: boolean;
  /** Keep unknown fields. */
  readonly readUnknown: boolean;
  /** Maximum nesting depth of messages and groups. */
  readonly maxDepth: number;
  /**
   * A reader over the input, shared by the level decodes of the views of this decode call
   * (which never nest): it lives as long as the views, not longer.
   */
  reader: BinaryReader | undefined;
  /**
   * Every required field (proto2) in the input is present, or the input is trusted: then a
   * view's bytes may stand for it when written. Otherwise views of types with required fields
   * are encoded from their eager form, which reports the missing field.
   */
  readonly requiredComplete: boolean;
  /** Makes views of `[lazy]` fields when a view is decoded eagerly (materialized). */
  readonly lazyFields: LazyFieldViews | undefined;
}

/** The state of one view. */
export interface ViewState {
  /** The view this state belongs to (a spread copy of a view is not a view). */
  readonly view: object;
  /** The compiled view plan of the message type (its descriptor: `plan.desc`). */
  readonly plan: ViewPlan;
  readonly buf: Uint8Array;
  /** The message's content: [start, end) of `buf`. */
  readonly start: number;
  readonly end: number;
  /**
   * Further [start, end) pairs when a singular message field occurs several times on the
   * wire (protobuf merges the occurrences); otherwise undefined.
   */
  readonly more: readonly number[] | undefined;
  /** Nesting depth of this message (the root is 0). */
  readonly depth: number;
  readonly ctx: ViewContext;
  /** The fully decoded (eager) message, once something needed it (only while the view is clean). */
  eager: Message | undefined;
  /**
   * The view whose level holds this view (as a singular sub-message, list element, map value
   * or oneof value), or undefined for the root of a decode and views of `[lazy]` fields. A
   * change to this view changes its parent's content too: it is marked dirty with it.
   */
  readonly parent: ViewState | undefined;
  /** The index of the parent's slot that holds this view (-1 without a parent). */
  readonly slot: number;
  /**
   * The view's content may differ from its bytes: it was written to, or a view below it was,
   * or a list, map or oneof it handed out was found changed. A dirty view is written field by
   * field (its clean sub-views still as bytes). Once dirty, a view stays dirty. Every
   * ancestor of a dirty view is dirty.
   */
  dirty: boolean;
  /**
   * The view's own fields changed (a write to it, or a change found in a container it handed
   * out), not only views below it. A dirty view that is not itself changed is written as its
   * bytes with the changed sub-views spliced in (view-splice.ts).
   */
  self: boolean;
  /** Where the field occurrence that holds this view starts (its tag), or -1 when unknown. */
  readonly at: number;
  /**
   * The view or a view below it handed out a mutable container (list, map, oneof object,
   * Struct value, unknown fields) whose changes are found by comparison with `shadows` when
   * the view is written. Every ancestor of a watched view is watched.
   */
  watch: boolean;
  /**
   * Per slot (and one more for the unknown fields): what a container looked like when it was
   * first handed out while the view was not itself changed (see view-change.ts); undefined until then.
   */
  shadows: unknown[] | undefined;
  /**
   * The view's own storage, once any of its fields was read or written: an ordinary message
   * of the type holding the view's fields, one level deep, decoded in one pass over the
   * view's bytes (view-level.ts); its sub-messages are child views of their byte ranges.
   * Every accessor of the view reads and writes it from then on. While the view is not
   * dirty, its bytes still stand for it.
   */
  own: Record<string, unknown> | undefined;
  /**
   * The slots (bit `1 << index`, for the first 31 slots) whose values the level decode left
   * on the wire: a singular message field or a singular string, bytes or 64-bit integer field
   * holds the offset of its value in `buf`, a list of messages the offsets of its elements,
   * until the field is first read or written (view-level.ts).
   */
  pending: number;
}

/** The state of a view, or undefined if the value is not a view. */
export function stateOf(value: unknown): ViewState | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const s = (value as { [viewState]?: ViewState })[viewState];
  return s !== undefined && s.view === value ? s : undefined;
}

/** True if the message is a lazy view (decoded with `{ lazy: true }`). */
export function isLazyMessage(message: unknown): boolean {
  return stateOf(message) !== undefined;
}

/** The state of `view`; throws if `view` is not a lazy view (e.g. a spread copy of one). */
export function ownState(view: { [viewState]?: ViewState }, typeName: string): ViewState {
  const s = view[viewState];
  if (s === undefined || s.view !== view) throw new LazyMessageError(`not a lazy view of ${typeName}`);
  return s;
}
