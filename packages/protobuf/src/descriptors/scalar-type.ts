/**
 * The ScalarType enum, in a file of its own: its object is made when this module loads, so that
 * a bundle takes it only where a program uses the enum itself (the runtime's own code uses the
 * numbers of its members, inlined by the build, and scalarTypeName() for names).
 */

/**
 * Scalar value types, numbered as in google.protobuf.FieldDescriptorProto.Type.
 * Message, group and enum types are not scalars and have no member here.
 */
export enum ScalarType {
  DOUBLE = 1,
  FLOAT = 2,
  INT64 = 3,
  UINT64 = 4,
  INT32 = 5,
  FIXED64 = 6,
  FIXED32 = 7,
  BOOL = 8,
  STRING = 9,
  BYTES = 12,
  UINT32 = 13,
  SFIXED32 = 15,
  SFIXED64 = 16,
  SINT32 = 17,
  SINT64 = 18,
}
