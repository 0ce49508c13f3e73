/**
 * `isUnknownEnum()`: values of open enums that the enum does not define.
 */
import type { DescEnum } from "./types.js";
import type { UnknownEnum } from "../types.js";

/**
 * Open enums can hold numeric values that are not in the set of values the enum defines.
 * Returns true for those values (for any enum, a value none of its values has), and narrows
 * the type to `UnknownEnum`.
 */
export function isUnknownEnum(desc: DescEnum, value: number): value is UnknownEnum {
  return !Object.prototype.hasOwnProperty.call(desc.value, value);
}
