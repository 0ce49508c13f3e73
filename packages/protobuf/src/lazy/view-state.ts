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
export const viewState: unique symbol = Symbol.for("@pbjet/protobuf/lazy-view-state/1");

/** Options that hold for every view of one decode call. */
export interface ViewContext {
  /** The input was validated up front: lazy decodes cannot fail. */
  readonly validated: boolean;
  /** Keep unknown fields. */
  readonly readUnknown: boolean;
  /** Maximum nesting depth of messages and groups. */
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
  /** Unknown fields (and extensions), frozen. */
  unknown: readonly UnknownField[] | undefined;
  /** The fully decoded (eager) message, once something needed it. */
  eager: Message | undefined;
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
