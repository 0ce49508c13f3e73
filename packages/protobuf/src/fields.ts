/**
 * `isFieldSet()` and `clearField()`: field presence, as protobuf-es v2 defines it.
 */
import type { DescField, DescMessage } from "./descriptors/types.js";
import type { MessageShape } from "./types.js";
import { clearFieldValue, fieldIsSet } from "./model/presence.js";
import { typeRecord } from "./model/type-record.js";
import { viewProtocolOf, writableForm } from "./model/view-protocol.js";

/**
 * True if the field is set:
 * - scalar and enum fields with implicit presence: not the zero value;
 * - scalar and enum fields with explicit presence: a value was set or parsed;
 * - message fields: not undefined; oneof members: the selected case;
 * - list and map fields: not empty.
 * On a lazy view, decodes no more than the field needs.
 */
export function isFieldSet<Desc extends DescMessage>(message: MessageShape<Desc>, field: DescField): boolean {
  if (field.parent.typeName !== message.$typeName) return false;
  const vp = viewProtocolOf(typeRecord(field.parent), message);
  if (vp !== undefined) return vp.isFieldSet(message, field);
  return fieldIsSet(message as unknown as Record<string, unknown>, field);
}

/** Resets a field, so that `isFieldSet()` returns false for it. */
export function clearField<Desc extends DescMessage>(message: MessageShape<Desc>, field: DescField): void {
  if (field.parent.typeName !== message.$typeName) return;
  // Fields of a view are prototype accessors (`delete` would do nothing): a view's field is
  // cleared in the ordinary message that holds its fields.
  clearFieldValue(writableForm(typeRecord(field.parent), message) as unknown as Record<string, unknown>, field);
}
