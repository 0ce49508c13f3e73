/**
 * Maps read from JSON text that the read parsed itself (ReadContext.owned): instead of copying
 * the entries of a parsed object into the message's empty map, the object becomes the map, its
 * values converted in place — when every key is valid and its own canonical form.
 */
import type { ReadContext, ValueRead } from "./reader.js";
import { IGNORED } from "./enum.js";
import { setOwnProperty } from "../model/map-key.js";
import { keySegment, withSegment } from "./errors.js";

/** True if the map has no entries. */
export function isEmpty(map: Record<string, unknown>): boolean {
  for (const _ in map) return false;
  return true;
}

/**
 * True if every key is valid and its own canonical form. (An invalid key is left to the copying
 * path, which reports it in its place among the problems of the values.)
 */
export function keysCanonical(keys: string[], readKey: (key: string) => string): boolean {
  try {
    for (let i = 0; i < keys.length; i++) if (readKey(keys[i]) !== keys[i]) return false;
  } catch {
    return false;
  }
  return true;
}

/** Converts the values of JSON object `json` (canonical keys `keys`) in place, to become a map. */
export function adoptMap(json: Record<string, unknown>, keys: string[], read: ValueRead, ctx: ReadContext): Record<string, unknown> {
  let key = "";
  try {
    for (let i = 0; i < keys.length; i++) {
      key = keys[i];
      const j = json[key];
      const v = read(j, ctx);
      if (v === IGNORED) delete json[key];
      else if (v !== j) setOwnProperty(json, key, v);
    }
  } catch (e) {
    throw withSegment(e, keySegment(key));
  }
  return json;
}
