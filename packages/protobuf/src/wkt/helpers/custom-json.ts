/**
 * Which well-known types the JSON mapping writes in a form of their own.
 */
import { hasCustomJsonForm } from "../../descriptors/wkt-names.js";
import type { DescMessage } from "../../descriptors/types.js";

/**
 * True if the message type is a well-known type with a JSON representation of its own in the
 * protobuf JSON mapping: Any, Timestamp (an RFC 3339 string), Duration ("5s"), FieldMask,
 * Struct, Value, ListValue and the wrappers (the unwrapped value). Packed in an Any, such a
 * message is written as `{"@type": ..., "value": <its JSON>}`; any other message's fields are
 * written into the Any's object directly.
 */
export function hasCustomJsonRepresentation(desc: DescMessage): boolean {
  return hasCustomJsonForm(desc.typeName);
}
