/**
 * Scalar values: their TypeScript types, zero values and equality.
 */
import { ScalarType } from "../descriptors/scalar.js";
import { isScalarZeroValue as isZero, scalarZeroValue as zeroOf } from "../model/scalar-values.js";

export type { ScalarValue } from "../descriptors/scalar.js";
import type { ScalarValue } from "../descriptors/scalar.js";

/**
 * The zero value of a scalar type — what an unset field of the type holds: 0, "" , false, an
 * empty Uint8Array, and for 64-bit integers 0n (or "0" if `longAsString`). Not a proto2
 * default; for float and double it is +0.
 */
export function scalarZeroValue<T extends ScalarType, LongAsString extends boolean>(
  type: T,
  longAsString: LongAsString,
): ScalarValue<T, LongAsString> {
  return zeroOf(type, longAsString) as ScalarValue<T, LongAsString>;
}

/**
 * True if `value` is the zero value of the scalar type (the implicit-presence check): 0,
 * false, "", an empty Uint8Array. -0 is not a zero value for float and double: with implicit
 * presence it is written.
 */
export function isScalarZeroValue(type: ScalarType, value: unknown): boolean {
  return isZero(type, value);
}

/**
 * True if both values are equal for the scalar type. Floats compare as IEEE numbers (-0
 * equals 0, NaN equals nothing); 64-bit integers compare by value whether given as bigint,
 * number or string; bytes compare by content. Unlike `isScalarZeroValue`, -0 equals 0 here.
 */
export function scalarEquals(type: ScalarType, a: ScalarValue | undefined, b: ScalarValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  switch (type) {
    case ScalarType.BYTES: {
      const x = a as Uint8Array;
      const y = b as Uint8Array;
      if (x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
      return true;
    }
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      // bigint, number and decimal string forms of one value compare loosely equal.
      return a == b;
    default:
      return a === b;
  }
}
