/**
 * Where a group's content ends, for code that keeps the content's byte range (lazy views).
 */
import { BinaryReader } from "../wire/binary-reader.js";
import { WireType } from "../wire/wire-type.js";

/** The end of a group's content: the offset of its end-group tag (`after` is the offset after it). */
export function groupContentEnd(buf: Uint8Array, start: number, after: number): number {
  // The end-group tag may be encoded in more bytes than needed (as any varint), so it is
  // found by skipping the group's fields (nested groups are skipped whole), not by its size.
  const r = new BinaryReader(buf);
  r.pos = start;
  r.len = after;
  for (;;) {
    const at = r.pos;
    const tag = r.rawTag();
    if ((tag & 7) === WireType.EndGroup) return at;
    r.skipValue(tag & 7, tag >>> 3);
  }
}
