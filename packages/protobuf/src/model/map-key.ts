/**
 * Map keys: maps are plain objects keyed by strings, so non-string keys are converted on
 * the way in and out. Bool keys are "true"/"false"; integer keys are decimal strings.
 */
import { ScalarType, scalarTypeName } from "../descriptors/scalar.js";
import { parseInt64 } from "../wire/int64.js";
import { ProtobufError } from "../wire/errors.js";

/** The object property key for a map key value. */
export function mapKeyToProperty(value: unknown): string {
  return String(value);
}

/** The scalar value of a map key property, for writing. */
export function mapKeyToScalar(type: ScalarType, key: string): unknown {
  switch (type) {
    case ScalarType.STRING:
      return key;
    case ScalarType.BOOL:
      if (key === "true") return true;
      if (key === "false") return false;
      break;
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
      return parseInt64(key, false);
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return parseInt64(key, true);
    default: {
      const n = Number(key);
      if (Number.isInteger(n) && key.trim() !== "") return n;
    }
  }
  throw new ProtobufError(`invalid map key "${key}" for key type ${scalarTypeName(type)}`);
}

/** Sets an own property, also for keys like "__proto__" that must stay plain data. */
export function setOwnProperty(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    obj[key] = value;
  }
}

/**
 * A converter from map key properties to the values the writer takes, specialized for one key
 * type. 64-bit keys of up to 15 digits are passed as numbers (exact), avoiding BigInt parsing.
 */
export function mapKeyConverter(type: ScalarType): (key: string) => unknown {
  switch (type) {
    case ScalarType.STRING:
      return (key) => key;
    case ScalarType.BOOL:
      return (key) => mapKeyToScalar(type, key);
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return (key) => {
        if (key.length <= 15 && /^-?\d+$/.test(key)) return Number(key);
        return mapKeyToScalar(type, key);
      };
    default:
      return (key) => {
        const n = +key;
        return Number.isInteger(n) && key !== "" ? n : mapKeyToScalar(type, key);
      };
  }
}

/** An array index that a map rarely holds: dictionaryElements() adds and deletes it. */
const SWITCH_INDEX = 4294967294;

/**
 * Makes V8 keep the integer keys of map `map` in a dictionary rather than an array (see
 * binary/index-keys.ts): adding a property at a far index and deleting it does that. A map
 * that holds that index already is left as it is (with it, it is a dictionary already).
 */
export function dictionaryElements(map: Record<number, unknown>): void {
  if (Object.prototype.hasOwnProperty.call(map, SWITCH_INDEX)) return;
  map[SWITCH_INDEX] = undefined;
  delete map[SWITCH_INDEX];
}
