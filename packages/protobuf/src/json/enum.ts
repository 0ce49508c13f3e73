/**
 * Enums in JSON: values are written by name (or as numbers), and read from names or
 * numbers. `google.protobuf.NullValue` is JSON `null`.
 */
import { wktName } from "../descriptors/wkt-names.js";
import type { EnumJsonType, EnumShape } from "../types.js";
import type { DescEnum } from "../descriptors/types.js";
import { enumRecord } from "../model/extension-record.js";
import { JsonDecodeError, JsonEncodeError, JsonProblem, formatJson } from "./errors.js";
import { describeValue } from "../model/describe-value.js";

/** @internal */
declare module "../model/type-record.js" {
  /** The slots this module fills in records. */
  interface RecordSlots {
    enumJson: EnumPlan;
  }
}

/** Returned by enum readers for an unknown value that is to be ignored. */
export const IGNORED: unique symbol = Symbol("pbjet.json.ignoredEnumValue");

/** @internal Reads an enum value from JSON: the number, or IGNORED. */
export type EnumFromJson = (json: unknown, ignoreUnknown: boolean) => number | typeof IGNORED;

interface EnumPlan {
  readonly isNullValue: boolean;
  /** Value names by number (the first name for aliases). */
  readonly names: Map<number, string>;
  /** Numbers by value name. */
  readonly numbers: Map<string, number>;
  readonly read: EnumFromJson;
}

function enumPlan(desc: DescEnum): EnumPlan {
  const rec = enumRecord(desc);
  return (rec.json ??= buildPlan(desc));
}

function buildPlan(desc: DescEnum): EnumPlan {
  const names = new Map<number, string>();
  const numbers = new Map<string, number>();
  for (const v of desc.values) {
    if (!names.has(v.number)) names.set(v.number, v.name);
    numbers.set(v.name, v.number);
  }
  const isNullValue = desc.typeName === wktName.NullValue;
  const open = desc.open;
  const typeName = desc.typeName;
  const read: EnumFromJson = (json, ignoreUnknown) => {
    if (typeof json === "string") {
      const n = numbers.get(json);
      if (n !== undefined) return n;
      if (ignoreUnknown) return IGNORED;
      throw new JsonProblem(`${formatJson(json)} is not a value of enum ${typeName}`);
    }
    if (typeof json === "number") {
      if ((json | 0) !== json) throw new JsonProblem(`${formatJson(json)} is not a value of enum ${typeName}`);
      if (open || names.has(json)) return json | 0;
      if (ignoreUnknown) return IGNORED;
      throw new JsonProblem(`${json} is not a value of closed enum ${typeName}`);
    }
    if (json === null && isNullValue) return 0;
    throw new JsonProblem(`${formatJson(json)} is not a value of enum ${typeName}`);
  };
  return { isNullValue, names, numbers, read };
}

/** @internal The compiled JSON reader of an enum. */
export function enumReader(desc: DescEnum): EnumFromJson {
  return enumPlan(desc).read;
}

/**
 * @internal The compiled JSON writer of an enum: the value's name, its number if it has
 * none (or with `asInteger`), and null for google.protobuf.NullValue.
 */
export function enumWriter(desc: DescEnum, asInteger: boolean): (value: number) => string | number | null {
  const plan = enumPlan(desc);
  if (plan.isNullValue) return () => null;
  if (asInteger) return (v) => (typeof v === "number" && (v | 0) === v ? v : enumNumber(desc, v));
  const names = plan.names;
  return (v) => names.get(v) ?? enumNumber(desc, v);
}

/** An enum value without a name: written as its number if it is an int32; anything else throws. */
function enumNumber(desc: DescEnum, v: unknown): number {
  if (typeof v === "number" && (v | 0) === v) return v;
  throw enumWriteProblem(desc, v);
}

/**
 * The problem of a value that an enum field cannot hold, worded as protobuf-es words it:
 * `expected number, got "abc"` (or `expected enum E, got 1.5` for a number that is not an int32).
 * @internal
 */
export function enumWriteProblem(desc: DescEnum, v: unknown): JsonProblem {
  if (typeof v !== "number") return new JsonProblem(`expected number, got ${describeValue(v)}`);
  return new JsonProblem(`expected enum ${desc.typeName}, got ${describeValue(v)}`);
}

/**
 * Serializes an enum value to JSON: its name, or `null` for `google.protobuf.NullValue`.
 * Throws JsonEncodeError if the enum has no value with this number.
 */
export function enumToJson<Desc extends DescEnum>(descEnum: Desc, value: number): EnumJsonType<Desc> {
  const plan = enumPlan(descEnum);
  if (plan.isNullValue) return null as unknown as EnumJsonType<Desc>;
  const name = plan.names.get(value);
  if (name === undefined) {
    throw new JsonEncodeError(descEnum.typeName, "", `${value} is not a value of enum ${descEnum.typeName}`);
  }
  return name as unknown as EnumJsonType<Desc>;
}

/**
 * Parses an enum value from JSON: a value name or number (`null` for
 * `google.protobuf.NullValue`). Throws JsonDecodeError if it is not a value of the enum.
 */
export function enumFromJson<Desc extends DescEnum>(descEnum: Desc, json: EnumJsonType<Desc> | string | number | null): EnumShape<Desc> {
  let v: number | typeof IGNORED;
  try {
    v = enumPlan(descEnum).read(json, false);
  } catch (e) {
    if (e instanceof JsonProblem) {
      // An unknown name: protobuf-es's text, so that users' checks of it keep working.
      const message = typeof json === "string" ? `cannot decode enum ${descEnum.typeName} from JSON: ${formatJson(json)}` : undefined;
      throw new JsonDecodeError(descEnum.typeName, "", e.detail, message);
    }
    throw e;
  }
  return v as EnumShape<Desc>;
}

/** True if the value is the JSON name of a value of the enum. */
export function isEnumJson<Desc extends DescEnum>(descEnum: Desc, value: unknown): value is EnumJsonType<Desc> {
  return typeof value === "string" && enumPlan(descEnum).numbers.has(value);
}
