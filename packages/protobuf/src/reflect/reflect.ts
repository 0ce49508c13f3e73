/**
 * `reflect()`, `reflectList()` and `reflectMap()`: reflection objects over a message, a list or
 * a map.
 */
import type { DescField, DescMessage } from "../descriptors/types.js";
import type { Message, MessageShape } from "../types.js";
import { create } from "../model/create.js";
import { ReflectListImpl, ReflectMapImpl, ReflectMessageImpl, assertMessageOf } from "./reflect-message.js";
import type { ReflectList, ReflectMap, ReflectMessage } from "./reflect-types.js";

/**
 * A ReflectMessage over `message` (a new message of the type if omitted). With `check`
 * (the default), values are checked when set — e.g. a uint32 must be a number in range; pass
 * false for trusted values. Lazy views read and take writes like any message.
 */
export function reflect<Desc extends DescMessage>(messageDesc: Desc, message?: MessageShape<Desc>, check = true): ReflectMessage {
  if (message === undefined) return new ReflectMessageImpl(messageDesc, create(messageDesc) as Message, check);
  assertMessageOf(messageDesc, message as Message);
  return new ReflectMessageImpl(messageDesc, message as Message, check);
}

/** A ReflectList over the array of a list field (a new empty array if omitted). */
export function reflectList<V>(field: DescField & { fieldKind: "list" }, unsafeInput?: unknown[], check = true): ReflectList<V> {
  return new ReflectListImpl(field, unsafeInput ?? [], check) as unknown as ReflectList<V>;
}

/** A ReflectMap over the record of a map field (a new empty record if omitted). */
export function reflectMap<K = unknown, V = unknown>(
  field: DescField & { fieldKind: "map" },
  unsafeInput?: Record<string, unknown>,
  check = true,
): ReflectMap<K, V> {
  return new ReflectMapImpl(field, unsafeInput ?? {}, check) as unknown as ReflectMap<K, V>;
}
