/**
 * Lazy views: what a message decoded with `{ lazy: true }` is made of. A view holds the
 * byte ranges of its message in the input and decodes fields when they are first read.
 * Views are read-only, so that serializing an untouched view can copy its original bytes.
 */
import type { DescMessage } from "../descriptors/types.js";
import type { Message, UnknownField } from "../types.js";
import { ProtobufError } from "../wire/errors.js";

/** The property under which a view keeps its state. */
export const viewState: unique symbol = Symbol("pbjet.lazyView");

/** Options that hold for every view of one decode call. */
export interface ViewContext {
  /** The input was validated up front: lazy decodes cannot fail. */
  readonly validated: boolean;
  /** Keep unknown fields. */
  readonly readUnknown: boolean;
  /** Maximum nesting depth of messages and groups. */
  readonly maxDepth: number;
}

/** The state of one view. */
export interface ViewState {
  /** The view this state belongs to (a spread copy of a view is not a view). */
  readonly view: object;
  readonly desc: DescMessage;
  readonly buf: Uint8Array;
  /**
   * The message's content, as [start, end) pairs: one pair normally; more when a singular
   * message field occurs several times on the wire (protobuf merges the occurrences).
   */
  readonly ranges: readonly number[];
  /** Nesting depth of this message (the root is 0). */
  readonly depth: number;
  readonly ctx: ViewContext;
  /** Per field slot: the decoded value, or `notDecoded`. */
  readonly values: unknown[];
  /** Per lazy field slot: the occurrences on the wire as [start, end, wireType] triples. */
  readonly occurrences: (number[] | undefined)[];
  /** Unknown fields (and extensions), frozen. */
  unknown: readonly UnknownField[] | undefined;
  /** The fully decoded (eager) message, once something needed it. */
  eager: Message | undefined;
}

/** Marks a field slot whose value has not been decoded yet. */
export const notDecoded: unique symbol = Symbol("pbjet.notDecoded");

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

/** Thrown on an attempt to change a lazy view. */
export class LazyMessageError extends ProtobufError {
  override name = "LazyMessageError";
}
