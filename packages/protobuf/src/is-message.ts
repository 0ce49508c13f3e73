/**
 * `isMessage()`: a type guard for messages.
 */
import type { DescMessage } from "./descriptors/types.js";
import type { Message, MessageShape } from "./types.js";

/** True if `arg` is a message; with a schema, a message of that schema. */
export function isMessage<Desc extends DescMessage>(arg: unknown, schema?: Desc): arg is MessageShape<Desc> {
  const isMsg = arg !== null && typeof arg === "object" && typeof (arg as Partial<Message>).$typeName === "string";
  if (!isMsg) return false;
  return schema === undefined || (arg as Message).$typeName === schema.typeName;
}
