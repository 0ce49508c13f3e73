/**
 * The public side of lazy decoding: `toMutable()`, `materialize()` and `isLazyMessage()`.
 * Lazy views come from `fromBinary(schema, bytes, { lazy: true })`.
 */
import type { DescMessage } from "../descriptors/types.js";
import type { MessageShape } from "../types.js";
import { ProtobufError } from "../wire/errors.js";
import { stateOf } from "./view-state.js";
import { materializeView } from "./view-materialize.js";
import { mutableCopy } from "./view-mutable.js";

export { isLazyMessage, LazyMessageError } from "./view-state.js";

/**
 * A mutable copy of one level of a lazy view: its fields are copied into a new (eager)
 * message, while its sub-messages stay lazy views, so that untouched ones are still written
 * by copying their bytes. Other messages are returned as they are.
 */
export function toMutable<Desc extends DescMessage>(schema: Desc, message: MessageShape<Desc>): MessageShape<Desc> {
  const s = stateOf(message);
  if (s === undefined) return message;
  if (s.plan.desc.typeName !== schema.typeName) {
    throw new ProtobufError(`cannot convert ${s.plan.desc.typeName} with the schema of ${schema.typeName}`);
  }
  return mutableCopy(s) as unknown as MessageShape<Desc>;
}

/**
 * Decodes a lazy view fully into an ordinary message, which holds no reference to the input
 * buffer (the view's bytes are copied first). Other messages are returned as they are.
 */
export function materialize<Desc extends DescMessage>(schema: Desc, message: MessageShape<Desc>): MessageShape<Desc> {
  const s = stateOf(message);
  if (s === undefined) return message;
  if (s.plan.desc.typeName !== schema.typeName) {
    throw new ProtobufError(`cannot materialize ${s.plan.desc.typeName} with the schema of ${schema.typeName}`);
  }
  return materializeView(s) as MessageShape<Desc>;
}
