/**
 * Checking values against field types, and bringing them into the form messages hold. A
 * problem is thrown as a `ValueProblem`, which the reflection objects turn into a FieldError
 * with the context (`list item #2: ...`, `map entry "k": ...`).
 */
import type { DescEnum } from "../descriptors/types.js";
import { ScalarType } from "../descriptors/scalar.js";
import { protoInt64 } from "../wire/int64.js";
import { isWellFormed } from "../wire/well-formed.js";
import { describeScalarType, describeValue } from "../model/describe-value.js";

/** A value that does not fit: `message` says why, without the field. */
export class ValueProblem {
  constructor(readonly message: string) {}
}

const FLOAT32_MAX = 3.4028234663852886e38;
const INT32_MIN = -0x80000000;
const INT32_MAX = 0x7fffffff;
const UINT32_MAX = 0xffffffff;

/** True for the five 64-bit integer types. */
export function is64Bit(type: ScalarType): boolean {
  return (
    type === ScalarType.INT64 ||
    type === ScalarType.UINT64 ||
    type === ScalarType.SINT64 ||
    type === ScalarType.FIXED64 ||
    type === ScalarType.SFIXED64
  );
}

function isUnsigned64(type: ScalarType): boolean {
  return type === ScalarType.UINT64 || type === ScalarType.FIXED64;
}

/**
 * Checks a scalar value (if `check`), and returns it in reflection form: 64-bit integers given
 * as number or decimal string become bigints. Throws a ValueProblem if it does not fit.
 */
export function checkScalar(type: ScalarType, value: unknown, check: boolean): unknown {
  if (is64Bit(type)) return toBigInt(type, value, check);
  if (check) {
    const problem = scalarProblem(type, value);
    if (problem !== undefined) throw new ValueProblem(problem);
  }
  return value;
}

/**
 * A 64-bit integer value as protobuf-es's reflection takes it: a bigint, an integral number, or
 * a string that BigInt() reads (decimal, also with surrounding whitespace or a sign, or with a
 * 0x, 0o or 0b prefix), in range; an empty string is no integer.
 */
function toBigInt(type: ScalarType, value: unknown, check: boolean): unknown {
  const t = typeof value;
  if (t === "bigint" || t === "number" || (t === "string" && value !== "")) {
    try {
      const v = t === "string" ? BigInt(value as string) : (value as bigint);
      return isUnsigned64(type) ? protoInt64.uParse(v) : protoInt64.parse(v);
    } catch {
      if (!check) return value;
      throw new ValueProblem(`expected ${describeScalarType(type)}: ${String(value)} out of range`);
    }
  }
  if (check) throw new ValueProblem(`expected ${describeScalarType(type)}, got ${describeValue(value)}`);
  return value;
}

function scalarProblem(type: ScalarType, value: unknown): string | undefined {
  switch (type) {
    case ScalarType.STRING:
      if (typeof value !== "string") return got(type, value);
      return isWellFormed(value) ? undefined : "expected string: invalid UTF8";
    case ScalarType.BOOL:
      return typeof value === "boolean" ? undefined : got(type, value);
    case ScalarType.BYTES:
      return value instanceof Uint8Array ? undefined : got(type, value);
    case ScalarType.DOUBLE:
      return typeof value === "number" ? undefined : got(type, value);
    case ScalarType.FLOAT:
      if (typeof value !== "number") return got(type, value);
      return Number.isFinite(value) && Math.abs(value) > FLOAT32_MAX ? outOfRange(type, value) : undefined;
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      if (typeof value !== "number" || !Number.isInteger(value)) return got(type, value);
      return value < 0 || value > UINT32_MAX ? outOfRange(type, value) : undefined;
    default:
      if (typeof value !== "number" || !Number.isInteger(value)) return got(type, value);
      return value < INT32_MIN || value > INT32_MAX ? outOfRange(type, value) : undefined;
  }
}

function got(type: ScalarType, value: unknown): string {
  return `expected ${describeScalarType(type)}, got ${describeValue(value)}`;
}

function outOfRange(type: ScalarType, value: number): string {
  return `expected ${describeScalarType(type)}: ${String(value)} out of range`;
}

/** Checks an enum value (if `check`): an int32, and one of the values of a closed enum. */
export function checkEnum(desc: DescEnum, value: unknown, check: boolean): unknown {
  if (!check) return value;
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new ValueProblem(`expected enum ${desc.typeName}, got ${describeValue(value)}`);
  }
  if (!desc.open) {
    // A closed enum takes its known values only.
    if (desc.value[value] === undefined) throw new ValueProblem(`expected enum ${desc.typeName}, got ${describeValue(value)}`);
  } else if (value < INT32_MIN || value > INT32_MAX) {
    throw new ValueProblem(`expected enum ${desc.typeName}: ${String(value)} out of range`);
  }
  return value;
}
