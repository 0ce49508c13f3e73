/**
 * Wrapper helpers: google.protobuf.DoubleValue, Int32Value, StringValue and the others.
 */
import { wrapperTypeNames } from "../../descriptors/wkt-names.js";
import type { DescField, DescMessage } from "../../descriptors/types.js";
import type { Message } from "../../types.js";
import { isWrapperDesc as isWrapperSchema } from "../../model/boxing-kind.js";
import type {
  BoolValue,
  BytesValue,
  DoubleValue,
  FloatValue,
  Int32Value,
  Int64Value,
  StringValue,
  UInt32Value,
  UInt64Value,
} from "../gen/google/protobuf/wrappers_pb.js";

/** The descriptor of a wrapper message: a single scalar field `value` with number 1. */
export type WktWrapperDesc = DescMessage & {
  fields: [DescField & { fieldKind: "scalar"; number: 1; name: "value"; oneof: undefined }];
};

/** True if the message type is one of the wrapper messages of wrappers.proto. */
export function isWrapperDesc(messageDesc: DescMessage): messageDesc is WktWrapperDesc {
  return isWrapperSchema(messageDesc);
}

/** True if the message is a wrapper message, e.g. a google.protobuf.Int32Value. */
export function isWrapper(
  arg: Message,
): arg is DoubleValue | FloatValue | Int64Value | UInt64Value | Int32Value | UInt32Value | BoolValue | StringValue | BytesValue {
  return wrapperTypeNames.has(arg.$typeName);
}
