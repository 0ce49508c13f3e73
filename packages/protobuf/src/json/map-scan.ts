/**
 * Reads a map field's object from JSON text (scanner.ts) into the map of a new message, key by
 * key, as the reader of parsed JSON (reader.ts) fills it. Wherever that reader would do more
 * than store the value under the key (a key given twice or not in its canonical form, such as
 * "01" for 1; `__proto__`), the scanner gives up and the path of JSON.parse decides.
 */
import type { DescField } from "../descriptors/types.js";
import { ScalarType } from "../descriptors/scalar.js";
import { dictionaryElements } from "../model/map-key.js";
import { isWellFormed } from "../wire/well-formed.js";
import { mapKeyFromJson } from "./scalar-read.js";
import { IGNORED } from "./enum.js";
import type { ReadContext } from "./reader.js";
import type { JsonScanner } from "./scanner.js";

type Scan = (m: any, t: JsonScanner, x: ReadContext) => void;
type Read = (m: any, v: unknown, x: ReadContext) => void;

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * The reader of map field `field` from the text: `element` reads a value; `read`, the field's
 * reader of parsed JSON, reads anything but an object (null, or a wrong value, which it reports).
 */
export function mapScanner(field: DescField & { fieldKind: "map" }, read: Read, element: (t: JsonScanner, x: ReadContext) => unknown): Scan {
  const name = field.localName;
  if (flatMap(field)) {
    // Integer keys and values without strings: the object is read by JSON.parse and becomes
    // the map in place (the reader adopts it), as on the JSON.parse path, which sizes the
    // object for all its keys at once.
    return (m, t, x) => read(m, t.peek() === 123 ? t.flatObject() : t.value(), x);
  }
  const keyType = field.mapKey;
  return (m, t, x) => {
    if (t.peek() !== 123) return read(m, t.value(), x);
    const map = m[name] as Record<string, unknown>;
    let large = false;
    let count = 0;
    // Keys of unknown enum values that are ignored: to find them given twice.
    let ignored: string[] | undefined;
    for (let k = t.first(); k !== undefined; k = t.next()) {
      const key = t.kept(k);
      const kind = keyKind(keyType, key);
      if (kind === 0 || key === "__proto__" || hasOwn.call(map, key) || (ignored !== undefined && ignored.includes(key))) t.bail();
      if (!large && (kind === 2 || ++count > 32)) {
        large = true;
        largeMap(map);
      }
      const v = element(t, x);
      if (v === IGNORED) (ignored ??= []).push(key);
      else map[key] = v;
    }
  };
}

/**
 * Whether a map is read by JSON.parse (see mapScanner()): integer keys (array indexes, for
 * which V8 grows an array key by key), and enum or scalar values other than strings and bytes
 * (whose text may hold colons, which JsonScanner.flatObject() refuses).
 */
function flatMap(field: DescField & { fieldKind: "map" }): boolean {
  if (field.mapKey === ScalarType.STRING || field.mapKey === ScalarType.BOOL) return false;
  return field.mapKind === "enum" || (field.mapKind === "scalar" && field.scalar !== ScalarType.STRING && field.scalar !== ScalarType.BYTES);
}

const keyReaders: ((key: string) => string)[] = [];

/**
 * What key `k` of a map of key type `t` is: 0 if it is not a valid key in its canonical form
 * ("1", not "01"); 2 if it is, and an array index of four digits or more (see largeMap());
 * else 1. A thrown problem makes the scanner give up, as 0 does.
 */
function keyKind(t: ScalarType, k: string): number {
  switch (t) {
    case ScalarType.STRING:
      return isWellFormed(k) ? indexClass(k) : 0;
    case ScalarType.BOOL:
      return k === "true" || k === "false" ? 1 : 0;
  }
  const sure = plainInteger(t, k);
  if (sure !== 0) return sure;
  return (keyReaders[t] ??= mapKeyFromJson(t))(k) === k ? indexClass(k) : 0;
}

/**
 * 1 or 2 (as keyKind()) if `k` is sure to be a canonical integer key of type `t`: at most 9
 * digits for 32-bit types and 15 for 64-bit ones (within range), no leading zero, a minus only
 * for signed types; else 0 (the key's reader decides).
 */
function plainInteger(t: ScalarType, k: string): number {
  const n = k.length;
  const signed = t !== ScalarType.UINT32 && t !== ScalarType.FIXED32 && t !== ScalarType.UINT64 && t !== ScalarType.FIXED64;
  const start = signed && k.charCodeAt(0) === 45 ? 1 : 0;
  const digits = n - start;
  const is32 = t === ScalarType.INT32 || t === ScalarType.UINT32 || t === ScalarType.SINT32 || t === ScalarType.FIXED32 || t === ScalarType.SFIXED32;
  if (digits < 1 || digits > (is32 ? 9 : 15)) return 0;
  const first = k.charCodeAt(start);
  if (first < 49 || first > 57) return digits === 1 && first === 48 && start === 0 ? 1 : 0;
  for (let i = start + 1; i < n; i++) {
    const c = k.charCodeAt(i);
    if (c < 48 || c > 57) return 0;
  }
  return start === 0 && digits >= 4 ? indexClass(k) : 1;
}

/** 2 if `k` is an array index of four digits or more (up to 2^32 - 2, no leading zero), else 1. */
function indexClass(k: string): number {
  const n = k.length;
  const first = k.charCodeAt(0);
  if (n < 4 || n > 10 || first < 49 || first > 57) return 1;
  for (let i = 1; i < n; i++) {
    const c = k.charCodeAt(i);
    if (c < 48 || c > 57) return 1;
  }
  return n < 10 || +k < 4294967295 ? 2 : 1;
}

/** Property keys that no map holds: added and deleted by largeMap() (symbols: unique). */
const scratchKeys = [Symbol("pbjet.map.a"), Symbol("pbjet.map.b")] as const;

/**
 * Prepares map `map`, filled key by key, for many keys or keys that are large array indexes:
 * its properties and elements become dictionaries, as JSON.parse makes them. Else V8 makes a
 * new hidden class for every key added (1,000 keys: 322 us, against 82 us), and grows an array
 * for index keys up to 1024 apart (0, 1000, 2000, ...: 0.8 us per key, against 0.14 us).
 * (Deleting a property that is not the last one added makes an object a dictionary.)
 */
function largeMap(map: Record<string | symbol, unknown>): void {
  dictionaryElements(map as Record<number, unknown>);
  map[scratchKeys[0]] = undefined;
  map[scratchKeys[1]] = undefined;
  delete map[scratchKeys[0]];
  delete map[scratchKeys[1]];
}
