/**
 * The type names of the well-known types that the runtime treats specially: written in JSON
 * in a form of their own, unboxed in messages, or read from descriptor sets. One place, so
 * that no layer spells them again.
 */

/**
 * The type names of google.protobuf.Struct and google.protobuf.Value on their own (also in
 * wktName): code that every program reaches (which fields hold unboxed Struct values) names
 * them without taking the whole of wktName into a bundle.
 */
export const structTypeName = "google.protobuf.Struct";
/** See structTypeName. */
export const valueTypeName = "google.protobuf.Value";

/** Type names of well-known types, by their short name. */
export const wktName = {
  Any: "google.protobuf.Any",
  Timestamp: "google.protobuf.Timestamp",
  Duration: "google.protobuf.Duration",
  FieldMask: "google.protobuf.FieldMask",
  Struct: structTypeName,
  Value: valueTypeName,
  ListValue: "google.protobuf.ListValue",
  NullValue: "google.protobuf.NullValue",
  FileDescriptorSet: "google.protobuf.FileDescriptorSet",
  FileDescriptorProto: "google.protobuf.FileDescriptorProto",
} as const;

/** The wrapper types of wrappers.proto: messages with a single field `value`. */
export const wrapperTypeNames: ReadonlySet<string> = new Set([
  "google.protobuf.DoubleValue",
  "google.protobuf.FloatValue",
  "google.protobuf.Int64Value",
  "google.protobuf.UInt64Value",
  "google.protobuf.Int32Value",
  "google.protobuf.UInt32Value",
  "google.protobuf.BoolValue",
  "google.protobuf.StringValue",
  "google.protobuf.BytesValue",
]);

/** True for the well-known types whose JSON form is not an object of their fields (an Any holds them in `"value"`). */
export function hasCustomJsonForm(typeName: string): boolean {
  switch (typeName) {
    case wktName.Any:
    case wktName.Timestamp:
    case wktName.Duration:
    case wktName.FieldMask:
    case wktName.Struct:
    case wktName.Value:
    case wktName.ListValue:
      return true;
    default:
      return wrapperTypeNames.has(typeName);
  }
}
