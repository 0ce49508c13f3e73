/**
 * Scalar values in messages: the value types and the zero value of each scalar type.
 */
import { ScalarType } from "../descriptors/scalar.js";
import { int64Zero } from "../wire/int64.js";

/** A value of any scalar type. */
export type ScalarValue = number | boolean | string | bigint | Uint8Array;

/** The zero value of a scalar type: 0, 0n (or "0"), false, "" or an empty Uint8Array. */
export function scalarZeroValue(type: ScalarType, longAsString: boolean): ScalarValue {
  switch (type) {
    case ScalarType.BOOL:
      return false;
    case ScalarType.STRING:
      return "";
    case ScalarType.BYTES:
      return new Uint8Array(0);
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return longAsString ? "0" : int64Zero;
    default:
      return 0;
  }
}

/**
 * True if the value is the zero value of its type, which implicit presence does not
 * serialize. Negative zero is not a zero value: it is serialized, as protobuf C++ does.
 */
export function isScalarZeroValue(type: ScalarType, value: unknown): boolean {
  switch (type) {
    case ScalarType.BOOL:
      return value === false;
    case ScalarType.STRING:
      return value === "";
    case ScalarType.BYTES:
      return (value as Uint8Array).length === 0;
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return value === 0 && 1 / (value as number) > 0;
    default:
      // 64-bit values may be bigint, number or string: 0n == 0 and "0" == 0.
      return value == 0;
  }
}
