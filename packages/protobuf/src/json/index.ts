/**
 * The proto3 JSON mapping: the public functions and types.
 */
export { toJson, toJsonString } from "./to-json.js";
export { fromJson, fromJsonString, mergeFromJson, mergeFromJsonString } from "./from-json.js";
export { enumToJson, enumFromJson, isEnumJson } from "./enum.js";
export { JsonDecodeError, JsonEncodeError } from "./errors.js";
export type { JsonValue, JsonObject } from "./json-value.js";
export type { JsonReadOptions, JsonWriteOptions, JsonWriteStringOptions } from "./options.js";
