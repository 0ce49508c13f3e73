import type { Edition as EditionProto } from "../wkt/gen/google/protobuf/descriptor_pb.js";

/**
 * Editions, numbered as in google.protobuf.Edition. Like the other enums of this file, a const
 * enum: the runtime's own code uses the numbers, inlined when it is compiled (the runtime objects
 * users import are google.protobuf's enums from the well-known types, re-exported by
 * `@pbjet/protobuf/reflect` under these names). Those are TypeScript enums, as in protobuf-es,
 * and TypeScript enums are nominal: values typed with them (DescField.presence,
 * DescFile.edition, FieldDescriptorProto.type) are compared with these `as number`.
 */
export const enum Edition {
  EDITION_UNKNOWN = 0,
  EDITION_LEGACY = 900,
  EDITION_PROTO2 = 998,
  EDITION_PROTO3 = 999,
  EDITION_2023 = 1000,
  EDITION_2024 = 1001,
  EDITION_2026 = 1002,
  EDITION_MAX = 2147483647,
}

/** google.protobuf.FeatureSet.FieldPresence */
export const enum FieldPresence {
  FIELD_PRESENCE_UNKNOWN = 0,
  EXPLICIT = 1,
  IMPLICIT = 2,
  LEGACY_REQUIRED = 3,
}

/** google.protobuf.FeatureSet.EnumType */
export const enum EnumType {
  ENUM_TYPE_UNKNOWN = 0,
  OPEN = 1,
  CLOSED = 2,
}

/** google.protobuf.FeatureSet.RepeatedFieldEncoding */
export const enum RepeatedFieldEncoding {
  REPEATED_FIELD_ENCODING_UNKNOWN = 0,
  PACKED = 1,
  EXPANDED = 2,
}

/** google.protobuf.FeatureSet.Utf8Validation */
export const enum Utf8Validation {
  UTF8_VALIDATION_UNKNOWN = 0,
  VERIFY = 2,
  NONE = 3,
}

/** google.protobuf.FeatureSet.MessageEncoding */
export const enum MessageEncoding {
  MESSAGE_ENCODING_UNKNOWN = 0,
  LENGTH_PREFIXED = 1,
  DELIMITED = 2,
}

/** google.protobuf.FeatureSet.JsonFormat */
export const enum JsonFormat {
  JSON_FORMAT_UNKNOWN = 0,
  ALLOW = 1,
  LEGACY_BEST_EFFORT = 2,
}

/**
 * The editions of google.protobuf.Edition that a file may have, as protobuf-es types them:
 * proto2 (998), proto3 (999), 2023 (1000), 2024 (1001) and 2026 (1002). This runtime reads
 * files from minimumEdition to maximumEdition (2026), as protobuf-es 2.17 does.
 */
export type SupportedEdition = Extract<EditionProto, 998 | 999 | 1000 | 1001 | 1002>;

/** The edition range this runtime understands. */
export const minimumEdition = Edition.EDITION_PROTO2 as number as SupportedEdition;
/** The newest edition this runtime understands. */
export const maximumEdition = Edition.EDITION_2026 as number as SupportedEdition;
