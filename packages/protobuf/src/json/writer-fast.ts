/**
 * Fast paths of the JSON value writer for the most common field shapes: implicit-presence
 * scalar fields and lists of scalars. Each is its own closure per scalar type, with the zero
 * check and the conversion inlined, so that no call site inside dispatches on the type.
 */
import { ScalarType } from "../descriptors/scalar.js";
import { withSegment, indexSegment } from "./errors.js";
import type { JsonObject, JsonValue } from "../types.js";
import { int64ToJson, scalarToJson, scalarWriteProblem } from "./scalar-write.js";

/** Writes one field into the JSON object. */
type ScalarFieldWrite = (msg: any, out: JsonObject) => void;

/** The writer of an implicit-presence scalar field that skips zero values, or undefined. */
export function implicitScalarWriter(type: ScalarType, name: string, key: string): ScalarFieldWrite | undefined {
  switch (type) {
    case ScalarType.STRING:
      return (msg, out) => {
        const v = msg[name];
        if (v === "") return;
        if (typeof v !== "string") throw scalarWriteProblem(type, v);
        out[key] = v;
      };
    case ScalarType.BOOL:
      return (msg, out) => {
        const v = msg[name];
        if (v === false) return;
        if (v !== true) throw scalarWriteProblem(type, v);
        out[key] = true;
      };
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return (msg, out) => {
        const v = msg[name];
        if (v === 0) return;
        if (typeof v !== "number" || (v | 0) !== v) throw scalarWriteProblem(type, v);
        out[key] = v;
      };
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return (msg, out) => {
        const v = msg[name];
        if (v === 0) return;
        if (typeof v !== "number" || v >>> 0 !== v) throw scalarWriteProblem(type, v);
        out[key] = v;
      };
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return (msg, out) => {
        const v = msg[name];
        if (v === 0) return;
        if (typeof v !== "number") throw scalarWriteProblem(type, v);
        out[key] = v - v === 0 ? v : v !== v ? "NaN" : v > 0 ? "Infinity" : "-Infinity";
      };
    case ScalarType.BYTES:
      return undefined;
    default:
      // 64-bit integers: bigint, or a decimal string.
      return (msg, out) => {
        const v = msg[name];
        if (v == 0) return;
        out[key] = typeof v === "bigint" ? String(v) : int64ToJson(type, v);
      };
  }
}

/** The writer of a list of scalars as a JSON array. */
export function scalarListWriter(type: ScalarType): (list: any[]) => JsonValue[] {
  let check: (list: any[]) => number;
  switch (type) {
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      check = (list) => {
        for (let i = 0; i < list.length; i++) if (typeof list[i] !== "number" || (list[i] | 0) !== list[i]) return i;
        return -1;
      };
      break;
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      check = (list) => {
        for (let i = 0; i < list.length; i++) if (typeof list[i] !== "number" || list[i] >>> 0 !== list[i]) return i;
        return -1;
      };
      break;
    case ScalarType.BOOL:
      check = (list) => {
        for (let i = 0; i < list.length; i++) if (typeof list[i] !== "boolean") return i;
        return -1;
      };
      break;
    case ScalarType.STRING:
      check = (list) => {
        for (let i = 0; i < list.length; i++) if (typeof list[i] !== "string") return i;
        return -1;
      };
      break;
    default: {
      // Values that change on the way: doubles (NaN, infinities), 64-bit integers, bytes.
      const conv = scalarToJson(type);
      return (list) => {
        const n = list.length;
        const out: JsonValue[] = new Array<JsonValue>(n);
        let i = 0;
        try {
          for (; i < n; i++) out[i] = conv(list[i]);
        } catch (e) {
          throw withSegment(e, indexSegment(i));
        }
        return out;
      };
    }
  }
  // Values that are their own JSON: check them, then copy the list.
  return (list) => {
    const bad = check(list);
    if (bad >= 0) throw withSegment(scalarWriteProblem(type, list[bad]), indexSegment(bad));
    return list.slice();
  };
}
