/**
 * Descriptors and schema-level reflection.
 */
export { ScalarType } from "../descriptors/scalar.js";
export { minimumEdition, maximumEdition } from "../descriptors/edition.js";
// The feature enums as runtime values: google.protobuf's own (the runtime inlines the numbers).
export {
  Edition,
  FeatureSet_FieldPresence as FieldPresence,
  FeatureSet_EnumType as EnumType,
  FeatureSet_RepeatedFieldEncoding as RepeatedFieldEncoding,
  FeatureSet_Utf8Validation as Utf8Validation,
  FeatureSet_MessageEncoding as MessageEncoding,
  FeatureSet_JsonFormat as JsonFormat,
} from "../wkt/gen/google/protobuf/descriptor_pb.js";
export { protoCamelCase, safeObjectProperty } from "../descriptors/names.js";
export { isFieldSet, clearField } from "../fields.js";
export type * from "../descriptors/types.js";
export { reflect, reflectList, reflectMap } from "./reflect.js";
export type { ReflectMessage, ReflectList, ReflectMap, ReflectMessageGet } from "./reflect-types.js";
export { isReflectMessage, isReflectList, isReflectMap } from "./reflect-message.js";
export { FieldError, isFieldError } from "./error.js";
export { scalarEquals, scalarZeroValue, isScalarZeroValue, type ScalarValue } from "./scalar.js";
export { nestedTypes, usedTypes, parentTypes } from "../descriptors/nested-types.js";
export { qualifiedName, protoSnakeCase } from "./names.js";
export { buildPath, pathToString, InvalidPathError, type Path, type PathBuilder } from "./path.js";
export { parsePath } from "./path-parse.js";
