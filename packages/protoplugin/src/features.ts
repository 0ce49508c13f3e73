/**
 * Edition features set explicitly on an element, as generated code mentions them: in the
 * header of a file (`// option features.field_presence = IMPLICIT;`), in the JSDoc of
 * messages and enums, and in field declarations.
 */
import { isFieldSet } from "@pbjet/protobuf";
import { FeatureSetSchema, type FeatureSet } from "@pbjet/protobuf/wkt";

/**
 * The features set explicitly in an element's options, e.g.
 * `["features.field_presence = IMPLICIT"]`, in field number order. Extensions of FeatureSet
 * (language features such as `(pb.cpp).string_type`) are not included.
 */
export function featureOptionStrings(options: { features?: FeatureSet } | undefined): string[] {
  const features = options?.features;
  if (features === undefined) return [];
  const out: string[] = [];
  for (const field of FeatureSetSchema.fields) {
    if (field.fieldKind !== "enum" || !isFieldSet(features, field)) continue;
    const value = (features as unknown as Record<string, number>)[field.localName];
    const name = field.enum.values.find((v) => v.number === value)?.name ?? String(value);
    out.push(`features.${field.name} = ${name}`);
  }
  return out;
}
