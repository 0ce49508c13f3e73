/**
 * Storing the entries of maps with 32-bit integer keys while decoding.
 *
 * A map is a plain object. V8 keeps the properties of an object that are array indexes ("0",
 * "1000") in an array while they look dense enough, and grows that array past every larger
 * key (to 1.5 times the key), until a key lies 1024 past its end. Keys 0, 1000, 2000, ... 9000
 * thus grow it nine times, to 13,516 slots for ten entries (6.9 us, against 1.6 us in a
 * dictionary). Code generated with aot=true counts the entries of such a map in one decode,
 * and a key that would grow the array while far above what the count justifies switches the
 * map to a dictionary first, once; dense maps, maps whose first key is large (1001, 1004, ...:
 * one array, no growth) and negative keys are left to V8. (The closures' map decoder keeps
 * no state per decode and leaves every map to V8: the size of the smallest bundles counts.)
 */
import { dictionaryElements } from "../model/map-key.js";

/** What each entry of a map adds to the largest key that needs no attention. */
const SPARSE_FACTOR = 64;
/** The first key at which V8 itself makes an empty object's elements a dictionary. */
const V8_MAX_GAP = 1024;

/**
 * Stores `value` under integer key `key` (a 32-bit integer) in map `map`, and returns the new
 * `limit`: the largest key that needs no attention, kept by the caller (generated code keeps
 * one per map field in a local of the message's decode call, starting at -Infinity). It grows
 * by 64 with every entry, so a key up to 64 times the count of entries passes, and starts at
 * 1.5 times the first key plus 16 (V8's array for it reaches that far). A key above it makes
 * the map a dictionary. Negative keys are stored by their string (V8 converts negative
 * numbers slowly) and do not count.
 */
export function setIndexKeyEntry(map: Record<number, unknown>, key: number, value: unknown, limit: number): number {
  if (key < 0) {
    (map as Record<string, unknown>)["" + key] = value;
  } else {
    if (key > (limit += SPARSE_FACTOR)) limit = limitAbove(map, key, limit);
    map[key] = value;
  }
  return limit;
}

/** The limit after a key above it, or after the first key (limit -Infinity): see setIndexKeyEntry(). */
function limitAbove(map: Record<number, unknown>, key: number, limit: number): number {
  // A first key this large makes V8 use a dictionary itself.
  if (limit === -Infinity) return key >= V8_MAX_GAP ? Infinity : Math.max(SPARSE_FACTOR, 1.5 * key + 16);
  dictionaryElements(map);
  return Infinity;
}
