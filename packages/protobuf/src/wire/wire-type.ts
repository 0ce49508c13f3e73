/**
 * Protobuf binary wire types: the low 3 bits of a field tag.
 */
export enum WireType {
  /** int32, int64, uint32, uint64, sint32, sint64, bool, enum. */
  Varint = 0,
  /** fixed64, sfixed64, double. */
  Bit64 = 1,
  /** string, bytes, embedded messages, packed repeated fields. */
  LengthDelimited = 2,
  /** Start of a group (deprecated delimited message encoding). */
  StartGroup = 3,
  /** End of a group. */
  EndGroup = 4,
  /** fixed32, sfixed32, float. */
  Bit32 = 5,
}
