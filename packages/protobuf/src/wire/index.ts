/**
 * Public surface of the protobuf wire layer (`@pbjet/protobuf/wire`).
 */
export { ProtobufError, BinaryDecodeError, BinaryEncodeError } from "./errors.js";
export { WireType } from "./wire-type.js";
export { protoInt64 } from "./int64.js";
export type { Int64Support, Int64Input } from "./int64.js";
export {
  zigzagEncode32,
  zigzagDecode32,
  zigzagEncode64,
  zigzagDecode64,
} from "./varint.js";
export {
  configureTextEncoding,
  getTextEncoding,
  findInvalidUtf8,
} from "./text-encoding.js";
export type { TextEncoding, TextEncodingConfig } from "./text-encoding.js";
export {
  BinaryWriter,
  FLOAT32_MAX,
  FLOAT32_MIN,
  UINT32_MAX,
  INT32_MAX,
  INT32_MIN,
} from "./binary-writer.js";
export { BinaryReader } from "./binary-reader.js";
export { base64Encode, base64Decode } from "./base64.js";
// Default values of descriptors: parsed in the descriptor layer, exported here as protobuf-es does.
export { parseTextFormatEnumValue, parseTextFormatScalarValue } from "../descriptors/default-value.js";

// Size-delimited streams: here, as in protobuf-es (they are also exported from the root).
export {
  sizeDelimitedEncode,
  sizeDelimitedDecodeStream,
  sizeDelimitedPeek,
  type SizeDelimitedDecodeOptions,
  type SizeDelimitedReadOptions,
} from "../size-delimited.js";
