/**
 * Unknown fields in the text format, printed by field number as the C++ printer does:
 * varints as unsigned decimals, fixed32/fixed64 as hex, length-delimited data as a nested
 * message if it parses as one (else as a string), and groups as nested messages.
 */
import type { UnknownField } from "../types.js";
import { WireType } from "../wire/wire-type.js";
import { BinaryReader } from "../wire/binary-reader.js";
import { quoteBytes } from "./format-scalar.js";
import type { TextOutput } from "./text-output.js";

/** How deep length-delimited data is tried as nested messages. */
const NESTING_BUDGET = 10;

/** Prints unknown fields as `no: value` and `no { ... }`. */
export function printUnknownFields(fields: readonly UnknownField[], out: TextOutput, budget = NESTING_BUDGET): void {
  for (const u of fields) {
    const no = String(u.no);
    switch (u.wireType) {
      case WireType.Varint:
        out.field(no, new BinaryReader(u.data).uint64String());
        break;
      case WireType.Bit64:
        out.field(no, "0x" + hexLittleEndian(u.data, 8));
        break;
      case WireType.Bit32:
        out.field(no, "0x" + hexLittleEndian(u.data, 4));
        break;
      case WireType.LengthDelimited: {
        const payload = new BinaryReader(u.data).bytes();
        const nested = budget > 0 && payload.length > 0 ? parseUnknownFields(payload, 0) : undefined;
        if (nested !== undefined) {
          out.open(no);
          printUnknownFields(nested, out, budget - 1);
          out.close();
        } else {
          out.field(no, quoteBytes(payload));
        }
        break;
      }
      case WireType.StartGroup: {
        out.open(no);
        printUnknownFields(parseUnknownFields(u.data, u.no) ?? [], out, budget);
        out.close();
        break;
      }
    }
  }
}

function hexLittleEndian(data: Uint8Array, size: number): string {
  let s = "";
  for (let i = size - 1; i >= 0; i--) s += (data[i] ?? 0).toString(16).padStart(2, "0");
  return s;
}

/**
 * Parses bytes as a sequence of fields: all of them (group 0), or up to and including the
 * end-group tag of field `group`. Returns undefined if the bytes are not well-formed.
 */
export function parseUnknownFields(bytes: Uint8Array, group: number): UnknownField[] | undefined {
  const r = new BinaryReader(bytes);
  const fields: UnknownField[] = [];
  try {
    while (r.pos < r.len) {
      // rawTag() throws for a tag beyond 32 bits, field number 0 and wire types 6 and 7.
      const tag = r.rawTag();
      const no = tag >>> 3;
      const wireType = tag & 7;
      if (wireType === WireType.EndGroup) {
        return no === group && r.pos === r.len ? fields : undefined;
      }
      fields.push({ no, wireType, data: r.skip(wireType, no) });
    }
  } catch {
    return undefined;
  }
  return group === 0 ? fields : undefined;
}
