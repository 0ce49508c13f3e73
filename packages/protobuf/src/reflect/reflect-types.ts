/**
 * The types of the reflection API: ReflectMessage, ReflectList and ReflectMap.
 */
import type { DescField, DescMessage, DescOneof } from "../descriptors/types.js";
import type { Message, UnknownField } from "../types.js";
import type { ScalarValue } from "./scalar.js";
import type { unsafeLocal } from "../model/unsafe-local.js";

/**
 * Dynamic access to a message: read, set and clear fields by descriptor. Values are given and
 * taken in one form per field kind (see `get()`), whatever form the message holds them in.
 */
export interface ReflectMessage {
  /** The message this object reads and changes. */
  readonly message: Message;
  /** The message's descriptor. */
  readonly desc: DescMessage;
  /** The message's fields, in declaration order (`desc.fields`). */
  readonly fields: readonly DescField[];
  /** The message's fields, by ascending field number. */
  readonly sortedFields: readonly DescField[];
  /** The message's oneof groups (`desc.oneofs`). */
  readonly oneofs: readonly DescOneof[];
  /** Fields and oneof groups, in declaration order (`desc.members`). */
  readonly members: readonly (DescField | DescOneof)[];
  /** The field with this number, if the message has one. */
  findNumber(number: number): DescField | undefined;
  /**
   * True if the field is set: scalars and enums with implicit presence when not the zero
   * value; with explicit presence (proto2, `optional`, oneof members) when a value was set or
   * parsed; messages when not undefined; lists and maps when not empty.
   */
  isSet(field: DescField): boolean;
  /** Resets the field, so that `isSet()` returns false. */
  clear(field: DescField): void;
  /** The selected field of a oneof group, if any. */
  oneofCase(oneof: DescOneof): DescField | undefined;
  /**
   * The field's value, never undefined:
   * - scalars: the value (64-bit integers as bigint, also with `jstype = JS_STRING`), or the
   *   default or zero value if unset;
   * - enums: the number, or the default or zero value if unset;
   * - messages: a ReflectMessage (of a new message, not set on the field, if unset);
   * - lists: a ReflectList; maps: a ReflectMap.
   */
  get<Field extends DescField>(field: Field): ReflectMessageGet<Field>;
  /**
   * Sets the field, taking values in the form `get()` returns them (messages as ReflectMessage,
   * lists as ReflectList, maps as ReflectMap). Throws a FieldError if the value does not fit the
   * field; `undefined` does not fit any field (use `clear()`).
   */
  set<Field extends DescField>(field: Field, value: unknown): void;
  /** The message's unknown fields, if any. */
  getUnknown(): UnknownField[] | undefined;
  /** Replaces the message's unknown fields. */
  setUnknown(value: UnknownField[]): void;
  /** The message itself. */
  [unsafeLocal]: Message;
}

/**
 * Dynamic access to a list field, iterable over its items. 64-bit integers are bigints and
 * messages are ReflectMessages.
 */
export interface ReflectList<V = unknown> extends Iterable<V> {
  /** The list field. */
  field(): DescField & { fieldKind: "list" };
  /** The number of items. */
  readonly size: number;
  /** The item at `index`, or undefined if out of range. */
  get(index: number): V | undefined;
  /** Appends an item; throws a FieldError if it does not fit the list. */
  add(item: V): void;
  /** Replaces the item at `index`; throws a FieldError if out of range or if it does not fit. */
  set(index: number, item: V): void;
  /** Removes all items. */
  clear(): void;
  [Symbol.iterator](): IterableIterator<V>;
  /** Pairs of index and item. */
  entries(): IterableIterator<[number, V]>;
  /** The indexes. */
  keys(): IterableIterator<number>;
  /** The items. */
  values(): IterableIterator<V>;
  /** The array itself. */
  [unsafeLocal]: unknown[];
}

/**
 * Dynamic access to a map field. Keys take their closest TypeScript type (number, bigint,
 * boolean or string; maps hold them as strings), and messages are ReflectMessages.
 */
export interface ReflectMap<K = unknown, V = unknown> extends ReadonlyMap<K, V> {
  /** The map field. */
  field(): DescField & { fieldKind: "map" };
  /** Removes the entry for `key`; false if there was none. */
  delete(key: K): boolean;
  /** Sets the entry for `key`; throws a FieldError if the key or value does not fit. */
  set(key: K, value: V): this;
  /** Removes all entries. */
  clear(): void;
  /** The record itself. */
  [unsafeLocal]: Record<string, unknown>;
}

/** What `ReflectMessage.get()` returns for a field. */
export type ReflectMessageGet<Field extends DescField = DescField> = Field extends { fieldKind: "map" }
  ? ReflectMap
  : Field extends { fieldKind: "list" }
    ? ReflectList
    : Field extends { fieldKind: "enum" }
      ? number
      : Field extends { fieldKind: "message" }
        ? ReflectMessage
        : Field extends { fieldKind: "scalar"; scalar: infer T }
          ? ScalarValue<T>
          : never;
