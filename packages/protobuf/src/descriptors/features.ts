/**
 * Edition features: the defaults of every edition, and resolution down the element tree
 * (file → message → field, file → enum, and so on) from the `features` of each element's options.
 */
import { Edition, EnumType, FieldPresence, JsonFormat, MessageEncoding, RepeatedFieldEncoding, Utf8Validation } from "./edition.js";
import type { FeatureSetProto } from "./descriptor-proto.js";
import { ProtobufError } from "../wire/errors.js";

/** The features of google.protobuf.FeatureSet that the runtime acts on, fully resolved. */
export interface ResolvedFeatures {
  readonly fieldPresence: FieldPresence;
  readonly enumType: EnumType;
  readonly repeatedFieldEncoding: RepeatedFieldEncoding;
  readonly utf8Validation: Utf8Validation;
  readonly messageEncoding: MessageEncoding;
  readonly jsonFormat: JsonFormat;
  /** google.protobuf.FeatureSet.EnforceNamingStyle (STYLE2024 = 1, STYLE_LEGACY = 2, STYLE2026 = 3). */
  readonly enforceNamingStyle: number;
  /** google.protobuf.FeatureSet.VisibilityFeature.DefaultSymbolVisibility. */
  readonly defaultSymbolVisibility: number;
}

const featureKeys = [
  "fieldPresence",
  "enumType",
  "repeatedFieldEncoding",
  "utf8Validation",
  "messageEncoding",
  "jsonFormat",
  "enforceNamingStyle",
  "defaultSymbolVisibility",
] as const;

/** Frozen features from their values, in the order of featureKeys. */
function features(...values: number[]): ResolvedFeatures {
  const f: Record<string, number> = {};
  featureKeys.forEach((key, i) => (f[key] = values[i]));
  return Object.freeze(f) as unknown as ResolvedFeatures;
}

// fieldPresence, enumType, repeatedFieldEncoding, utf8Validation, messageEncoding, jsonFormat,
// enforceNamingStyle (STYLE2024 = 1, STYLE_LEGACY = 2, STYLE2026 = 3), defaultSymbolVisibility
// (EXPORT_ALL = 1, EXPORT_TOP_LEVEL = 2, STRICT = 4).
const proto2Defaults = features(
  FieldPresence.EXPLICIT,
  EnumType.CLOSED,
  RepeatedFieldEncoding.EXPANDED,
  Utf8Validation.NONE,
  MessageEncoding.LENGTH_PREFIXED,
  JsonFormat.LEGACY_BEST_EFFORT,
  2,
  1,
);
const proto3Defaults = features(
  FieldPresence.IMPLICIT,
  EnumType.OPEN,
  RepeatedFieldEncoding.PACKED,
  Utf8Validation.VERIFY,
  MessageEncoding.LENGTH_PREFIXED,
  JsonFormat.ALLOW,
  2,
  1,
);
const edition2023Defaults = features(
  FieldPresence.EXPLICIT,
  EnumType.OPEN,
  RepeatedFieldEncoding.PACKED,
  Utf8Validation.VERIFY,
  MessageEncoding.LENGTH_PREFIXED,
  JsonFormat.ALLOW,
  2,
  1,
);
const edition2024Defaults = features(
  FieldPresence.EXPLICIT,
  EnumType.OPEN,
  RepeatedFieldEncoding.PACKED,
  Utf8Validation.VERIFY,
  MessageEncoding.LENGTH_PREFIXED,
  JsonFormat.ALLOW,
  1,
  2,
);
// The features the runtime acts on are 2024's; enforce_naming_style is STYLE2026 (3), and
// default_symbol_visibility STRICT (4).
const edition2026Defaults = features(
  FieldPresence.EXPLICIT,
  EnumType.OPEN,
  RepeatedFieldEncoding.PACKED,
  Utf8Validation.VERIFY,
  MessageEncoding.LENGTH_PREFIXED,
  JsonFormat.ALLOW,
  3,
  4,
);

/** The feature defaults of an edition. Throws for editions this runtime does not support. */
export function featureDefaults(edition: Edition, fileName: string): ResolvedFeatures {
  switch (edition) {
    case Edition.EDITION_LEGACY:
    case Edition.EDITION_PROTO2:
      return proto2Defaults;
    case Edition.EDITION_PROTO3:
      return proto3Defaults;
    case Edition.EDITION_2023:
      return edition2023Defaults;
    case Edition.EDITION_2024:
      return edition2024Defaults;
    case Edition.EDITION_2026:
      return edition2026Defaults;
    default:
      throw new ProtobufError(`${fileName}: unsupported edition ${edition}`);
  }
}

/**
 * Applies the features set on an element to the features it inherits. Unset features
 * (value 0, the UNKNOWN member of every feature enum) are inherited.
 */
export function resolveFeatures(parent: ResolvedFeatures, own: FeatureSetProto | undefined): ResolvedFeatures {
  if (own === undefined) {
    return parent;
  }
  let result: Record<string, number> | undefined;
  for (const key of featureKeys) {
    const value = own[key];
    if (value !== undefined && value !== 0 && value !== parent[key]) {
      result ??= { ...parent };
      result[key] = value;
    }
  }
  return (result as ResolvedFeatures | undefined) ?? parent;
}
