/**
 * Wrapper helpers: google.protobuf.DoubleValue, Int32Value, StringValue and the others.
 */
import { wrapperTypeNames } from "../../descriptors/wkt-names.js";
import type { DescMessage } from "../../descriptors/types.js";
import type { Message } from "../../types.js";
import { isWrapperDesc as isWrapperSchema } from "../../model/boxing-kind.js";

/** True if the message type is one of the wrapper messages of wrappers.proto. */
export function isWrapperDesc(desc: DescMessage): boolean {
  return isWrapperSchema(desc);
}

/** True if the message is a wrapper message, e.g. a google.protobuf.Int32Value. */
export function isWrapper(message: Message): message is Message & { value: unknown } {
  return wrapperTypeNames.has(message.$typeName);
}
