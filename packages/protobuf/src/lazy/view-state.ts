import type { ViewPlan } from "./view-plan.js";
import type { Message, UnknownField } from "../types.js";
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
export const viewState: unique symbol = Symbol.for("@pbjet/protobuf/lazy-view-state/6");

/** Options that hold for every view of one decode call. */
export interface ViewContext {
  /** The input was validated up front: lazy decodes cannot fail. */
  readonly validated: boolean;
  /** Keep unknown fields. */
  readonly readUnknown: boolean;
  /** The number of levels of messages and groups allowed below the top-level message (the recursion limit - 1). */
  readonly maxDepth: number;
  /**
   * A reader over the input, shared by the scans and slot decodes of the views of this decode
   * call (which never nest): it lives as long as the views, not longer.
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
  /**
   * Per field slot: the decoded value; for a slot decoded on first access, the index in
   * `occ` of its last occurrence until then; undefined when absent. Undefined until the
   * view's bytes are scanned, which happens on the first read of any field.
   */
  values: unknown[] | undefined;
  /**
   * The occurrences of the fields decoded on first access, as [start, end, tag, previous]
   * records: `start` is where the value begins (its length prefix included), `previous`
   * the index of the same slot's previous occurrence, or -1. (The same array as `values`:
   * the records follow the slots.)
   */
  occ: number[] | undefined;
  /** Unknown fields (and extensions); the entries are frozen. */
  unknown: UnknownField[] | undefined;
  /** The fully decoded (eager) message, once something needed it (only while the view is clean). */
  eager: Message | undefined;
  /**
   * The view that handed this view out (as a singular sub-message, list element, map value
   * or oneof value), or undefined for the root of a decode and views of `[lazy]` fields. A
   * change to this view changes its parent's content too: it is marked dirty with it.
   */
  readonly parent: ViewState | undefined;
  /**
   * The view's content may differ from its bytes: it was written to, or a view below it was,
   * or a list, map or oneof it handed out was found changed. A dirty view is written field by
   * field (its clean sub-views still as bytes), or, if only views below it changed, as its
   * bytes with those spliced in (view-splice.ts). Once dirty, a view stays dirty. Every
   * ancestor of a dirty view is dirty.
   */
  dirty: boolean;
  /**
   * A setter wrote into the view's slots (it is not detached for that): the slots hold values
   * its bytes do not, so it is written from its slots (view-encode.ts), never spliced.
   */
  written: boolean;
  /**
   * The view or a view below it handed out a mutable container (list, map, oneof object,
   * Struct value, unknown fields) whose changes are found by comparison with `shadows` when
   * the view is written. Every ancestor of a watched view is watched.
   */
  watch: boolean;
  /**
   * Per slot (and one more for the unknown fields): what a container looked like when it was
   * handed out (see view-change.ts); undefined until the view hands out a container.
   */
  shadows: unknown[] | undefined;
  /**
   * The view's own storage once it is detached (on its first write, or when a dirty view that cannot be spliced is
   * written): an ordinary message of the type holding the view's fields, one level deep (its
   * sub-messages are the same views and values the view handed out). Every accessor of a
   * detached view reads and writes it.
   */
  own: Record<string, unknown> | undefined;
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
