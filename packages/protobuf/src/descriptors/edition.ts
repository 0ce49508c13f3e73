/** Editions, numbered as in google.protobuf.Edition. */
export enum Edition {
  EDITION_UNKNOWN = 0,
  EDITION_LEGACY = 900,
  EDITION_PROTO2 = 998,
  EDITION_PROTO3 = 999,
  EDITION_2023 = 1000,
  EDITION_2024 = 1001,
  EDITION_MAX = 2147483647,
}

/** google.protobuf.FeatureSet.FieldPresence */
export enum FieldPresence {
  FIELD_PRESENCE_UNKNOWN = 0,
  EXPLICIT = 1,
  IMPLICIT = 2,
  LEGACY_REQUIRED = 3,
}

/** google.protobuf.FeatureSet.EnumType */
export enum EnumType {
  ENUM_TYPE_UNKNOWN = 0,
  OPEN = 1,
  CLOSED = 2,
}

/** google.protobuf.FeatureSet.RepeatedFieldEncoding */
export enum RepeatedFieldEncoding {
  REPEATED_FIELD_ENCODING_UNKNOWN = 0,
  PACKED = 1,
  EXPANDED = 2,
}

/** google.protobuf.FeatureSet.Utf8Validation */
export enum Utf8Validation {
  UTF8_VALIDATION_UNKNOWN = 0,
  VERIFY = 2,
  NONE = 3,
}

/** google.protobuf.FeatureSet.MessageEncoding */
export enum MessageEncoding {
  MESSAGE_ENCODING_UNKNOWN = 0,
  LENGTH_PREFIXED = 1,
  DELIMITED = 2,
}

/** google.protobuf.FeatureSet.JsonFormat */
export enum JsonFormat {
  JSON_FORMAT_UNKNOWN = 0,
  ALLOW = 1,
  LEGACY_BEST_EFFORT = 2,
}

/** The editions this runtime supports: proto2, proto3, 2023 and 2024. */
export type SupportedEdition = Edition.EDITION_PROTO2 | Edition.EDITION_PROTO3 | Edition.EDITION_2023 | Edition.EDITION_2024;

/** The edition range this runtime understands. */
export const minimumEdition: SupportedEdition = Edition.EDITION_PROTO2;
/** The newest edition this runtime understands. */
export const maximumEdition: SupportedEdition = Edition.EDITION_2024;
