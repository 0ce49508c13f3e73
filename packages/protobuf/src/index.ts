/**
 * @pbjet/protobuf: Protocol Buffers for TypeScript, with the API of protobuf-es v2.
 */
export { create } from "./model/create.js";
export { toBinary, type BinaryWriteOptions } from "./to-binary.js";
export { fromBinary, mergeFromBinary, type BinaryReadOptions } from "./from-binary.js";
export { equals, type EqualsOptions } from "./equals.js";
export { clone } from "./clone.js";
export { merge } from "./merge.js";
export { toMutable, materialize, isLazyMessage, LazyMessageError } from "./lazy/lazy-api.js";
export {
  sizeDelimitedEncode,
  sizeDelimitedDecodeStream,
  sizeDelimitedPeek,
  type SizeDelimitedDecodeOptions,
  type SizeDelimitedReadOptions,
} from "./size-delimited.js";
export { isMessage } from "./is-message.js";
export { isFieldSet, clearField } from "./fields.js";
export { getExtension, setExtension, hasExtension, clearExtension } from "./binary/extensions.js";
export { hasOption, getOption } from "./binary/options.js";
export type { Registry, FileRegistry, MutableRegistry } from "./registry/registry.js";
export { createRegistry, createMutableRegistry } from "./create-registry.js";
export { createFileRegistry } from "./create-file-registry.js";
export type { FileResolver } from "./registry/file-registry.js";
export { protoInt64 } from "./wire/int64.js";
export { ProtobufError, BinaryDecodeError, BinaryEncodeError } from "./wire/errors.js";
export { ScalarType } from "./descriptors/scalar.js";
export { minimumEdition, maximumEdition, type SupportedEdition } from "./descriptors/edition.js";
export { isUnknownEnum } from "./descriptors/unknown-enum.js";
export type {
  DescFile,
  DescMessage,
  DescField,
  DescOneof,
  DescEnum,
  DescEnumValue,
  DescExtension,
  DescService,
  DescMethod,
  AnyDesc,
  DescMethodUnary,
  DescMethodStreaming,
  DescMethodServerStreaming,
  DescMethodClientStreaming,
  DescMethodBiDiStreaming,
  DescComments,
} from "./descriptors/types.js";
export type {
  Message,
  UnknownField,
  MessageShape,
  MessageInitShape,
  MessageInit,
  ExtensionValueShape,
  Extendee,
  MessageJsonType,
  EnumJsonType,
  MessageValidType,
  EnumShape,
  UnknownEnum,
} from "./types.js";
export { toText, type TextWriteOptions } from "./text/to-text.js";
export { fromText, mergeFromText, type TextReadOptions } from "./text/from-text.js";
export { TextDecodeError } from "./text/errors.js";
export { toJson, toJsonString } from "./json/to-json.js";
export { fromJson, fromJsonString, mergeFromJson, mergeFromJsonString } from "./json/from-json.js";
export { enumToJson, enumFromJson, isEnumJson } from "./json/enum.js";
export { JsonDecodeError, JsonEncodeError } from "./json/errors.js";
export type { JsonValue, JsonObject } from "./types.js";
export type { JsonReadOptions, JsonWriteOptions, JsonWriteStringOptions } from "./json/options.js";
