/**
 * The view protocol: how the codecs and the public functions deal with lazy views without
 * depending on the lazy layer. A message type whose views exist has a `ViewProtocol` in its
 * type record (installed by lazy/ when it builds the type's views); a value is a view of the
 * type if its prototype is the protocol's `proto`. Everything a caller needs from a view goes
 * through the protocol: its eager form, its bytes, its field presence, and the storage that
 * whole-message writes (merges, clearing a field, extensions) go to.
 */
import type { DescField } from "../descriptors/types.js";
import type { BinaryWriter } from "../wire/binary-writer.js";
import type { TypeRecord } from "./type-record.js";

/** What the views of one message type answer for themselves. */
export interface ViewProtocol {
  /** The prototype of the type's views. */
  readonly proto: object;
  /**
   * The view's eager form: an ordinary message with the same content. For a view that was
   * never changed, its full decode (decoded once, kept); for a changed one, the ordinary
   * message that holds its fields one level deep (its sub-messages may be views).
   */
  eager(view: object): Record<string, unknown>;
  /**
   * For the encoders, which call it with any message of the type: if `value` is a view, writes
   * its content (no tag, no length) by copying its original bytes and returns undefined, or,
   * writing nothing, returns its eager form (for the caller to encode) if its bytes cannot stand
   * for it with these options. Any other value is returned as it is.
   */
  writeContent(value: unknown, w: BinaryWriter, writeUnknown: boolean): unknown;
  /** Like writeContent(), as the value of field `no` (tag and length, or group tags, included). */
  writeField(value: unknown, w: BinaryWriter, no: number, delimited: boolean, writeUnknown: boolean): unknown;
  /**
   * A copy of the original bytes of `value` if it is a view whose bytes stand for it with these
   * options, else undefined (any message of the type may be given).
   */
  bytes(value: unknown, writeUnknown: boolean): Uint8Array | undefined;
  /** Whether a field of the type is set, decoding no more than that field needs. */
  isFieldSet(view: object, field: DescField): boolean;
  /**
   * The ordinary message that holds the view's fields (one level deep; its sub-messages may
   * be views), for code that changes a message in place: the view reads and writes it from
   * now on, and is written field by field.
   */
  writable(view: object): Record<string, unknown>;
}

// The protocols of every type whose views exist, by their views' prototype.
const byPrototype = new WeakMap<object, ViewProtocol>();

/** Makes `vp` the view protocol of the record's type (done by the lazy layer). */
export function installViewProtocol(rec: TypeRecord, vp: ViewProtocol): void {
  rec.views = vp;
  byPrototype.set(vp.proto, vp);
}

/** The view protocol of `value` if it is a view of any type, else undefined. */
export function anyViewProtocol(value: unknown): ViewProtocol | undefined {
  return typeof value === "object" && value !== null ? byPrototype.get(Object.getPrototypeOf(value) as object) : undefined;
}

/** The view protocol of `value` if it is a view of the record's type, else undefined. */
export function viewProtocolOf(rec: TypeRecord, value: unknown): ViewProtocol | undefined {
  const vp = rec.views;
  return vp !== undefined && typeof value === "object" && value !== null && Object.getPrototypeOf(value) === vp.proto ? vp : undefined;
}

/**
 * The message to change in place for a message `value` of the record's type: `value` itself,
 * or, for a view, the ordinary message that holds its fields (the view reads and writes it
 * from then on, so changes made to it are the view's changes).
 */
export function writableForm<T>(rec: TypeRecord, value: T): T {
  const vp = rec.views;
  if (vp === undefined || Object.getPrototypeOf(value) !== vp.proto) return value;
  return vp.writable(value as object) as T;
}

/**
 * The eager form of a message of the record's type: the message itself, unless it is a view
 * (anything that is no object, such as null in a message field, is returned as it is).
 */
export function eagerForm<T>(rec: TypeRecord, message: T): T {
  const vp = viewProtocolOf(rec, message);
  return vp === undefined ? message : (vp.eager(message as object) as T);
}
