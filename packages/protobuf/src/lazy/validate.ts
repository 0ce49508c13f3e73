/**
 * Validation of a whole input before lazy decoding: the same checks the eager decoder makes
 * (tags, wire types, lengths, varints, groups, nesting depth, UTF-8 where required), without
 * building anything, so that later lazy decodes cannot fail.
 */
import type { DescField, DescMessage } from "../descriptors/types.js";
import { ScalarType } from "../descriptors/scalar.js";
import type { BinaryReader } from "../wire/binary-reader.js";
import { BinaryDecodeError } from "../wire/errors.js";
import { WireType } from "../wire/wire-type.js";
import { findInvalidUtf8 } from "../wire/text-encoding.js";
import { cachedPlan } from "../codecs/plan-cache.js";
import { isPackable, scalarWireType } from "../codecs/scalar.js";

/** Validates fields until `end`, or until the end-group tag of field `group`. */
export type MessageValidator = (r: BinaryReader, end: number, group: number, depth: number, maxDepth: number) => void;
type FieldValidator = (r: BinaryReader, wt: number, depth: number, maxDepth: number) => boolean;
type ValueValidator = (r: BinaryReader) => void;

const validatorKey = Symbol("pbjet.validator");

/** The compiled validator of a message type. */
export function messageValidator(desc: DescMessage): MessageValidator {
  return cachedPlan(desc, validatorKey, buildValidator);
}

function buildValidator(desc: DescMessage): MessageValidator {
  // Field numbers below 256 are dispatched through an array, larger ones through a Map.
  let dense: (FieldValidator | undefined)[] | undefined;
  let sparse: Map<number, FieldValidator> | undefined;
  const typeName = desc.typeName;
  return (r, end, group, depth, maxDepth) => {
    if (dense === undefined) {
      dense = new Array(256).fill(undefined);
      for (const f of desc.fields) {
        if (f.number < 256) dense[f.number] = fieldValidator(f);
        else (sparse ??= new Map()).set(f.number, fieldValidator(f));
      }
    }
    let no = 0;
    try {
      while (r.pos < end) {
        const at = r.pos;
        const b = r.buf[at];
        let tag: number;
        if (b < 0x80 && at < r.len) {
          tag = b;
          r.pos = at + 1;
        } else {
          tag = r.uint32();
        }
        no = tag >>> 3;
        const wt = tag & 7;
        if (wt === WireType.EndGroup) {
          if (no === group && group !== 0) return;
          throw new BinaryDecodeError(`unexpected end-group tag for field ${no} at offset ${at}`, at);
        }
        if (no === 0) throw new BinaryDecodeError(`invalid field number 0 at offset ${at}`, at);
        const v = no < 256 ? dense[no] : sparse?.get(no);
        if (v === undefined || !v(r, wt, depth, maxDepth)) r.skip(wt, no);
      }
    } catch (e) {
      throw e instanceof BinaryDecodeError ? e.withField(typeName, no) : e;
    }
    if (group !== 0) {
      throw new BinaryDecodeError(`missing end-group tag for field ${group} of ${typeName} at offset ${r.pos}`, r.pos);
    }
  };
}

/** Skips one value of a scalar type, checking it as the decoder would. */
function valueValidator(type: ScalarType, utf8Verify: boolean): ValueValidator {
  switch (scalarWireType(type)) {
    case WireType.Bit64:
      return (r) => void r.double();
    case WireType.Bit32:
      return (r) => void r.float();
    case WireType.LengthDelimited:
      if (type === ScalarType.STRING && utf8Verify) {
        return (r) => {
          const end = r.readEnd();
          const start = r.pos;
          const buf = r.buf;
          // ASCII needs no further check; from the first other byte on, validate UTF-8.
          let i = start;
          while (i < end && buf[i] < 0x80) i++;
          if (i < end) {
            const bad = findInvalidUtf8(buf.subarray(i, end));
            if (bad >= 0) {
              throw new BinaryDecodeError(`invalid UTF-8 in string at offset ${i + bad}`, i + bad);
            }
          }
          r.pos = end;
        };
      }
      return (r) => void (r.pos = r.readEnd());
    default:
      // uint32() consumes a whole varint of up to 10 bytes and rejects longer ones.
      return (r) => void r.uint32();
  }
}

function messageValueValidator(desc: DescMessage, no: number): (r: BinaryReader, wt: number, depth: number, maxDepth: number) => void {
  let v: MessageValidator | undefined;
  return (r, wt, depth, maxDepth) => {
    v ??= messageValidator(desc);
    if (depth >= maxDepth) {
      throw new BinaryDecodeError(`maximum nesting depth ${maxDepth} exceeded at offset ${r.pos}`, r.pos);
    }
    if (wt === WireType.StartGroup) {
      v(r, r.len, no, depth + 1, maxDepth);
      return;
    }
    const end = r.readEnd();
    const outer = r.len;
    r.len = end;
    v(r, end, 0, depth + 1, maxDepth);
    r.len = outer;
  };
}

function fieldValidator(field: DescField): FieldValidator {
  const delimited = (field as { delimitedEncoding?: boolean }).delimitedEncoding === true;
  const messageWireType = delimited ? WireType.StartGroup : WireType.LengthDelimited;
  switch (field.fieldKind) {
    case "message": {
      const v = messageValueValidator(field.message, field.number);
      return (r, wt, depth, maxDepth) => {
        if (wt !== messageWireType) return false;
        v(r, wt, depth, maxDepth);
        return true;
      };
    }
    case "list": {
      if (field.listKind === "message") {
        const v = messageValueValidator(field.message!, field.number);
        return (r, wt, depth, maxDepth) => {
          if (wt !== messageWireType) return false;
          v(r, wt, depth, maxDepth);
          return true;
        };
      }
      const scalar = field.listKind === "enum" ? ScalarType.INT32 : field.scalar!;
      const value = valueValidator(scalar, field.utf8Verify);
      const expected = scalarWireType(scalar);
      const packable = isPackable(scalar);
      return (r, wt) => {
        if (wt === WireType.LengthDelimited && packable) {
          const end = r.readEnd();
          const outer = r.len;
          r.len = end;
          while (r.pos < end) value(r);
          r.len = outer;
          return true;
        }
        if (wt !== expected) return false;
        value(r);
        return true;
      };
    }
    case "map": {
      const key = valueValidator(field.mapKey, field.utf8Verify);
      const keyWireType = scalarWireType(field.mapKey);
      let value: (r: BinaryReader, wt: number, depth: number, maxDepth: number) => void;
      let valueWireType: number;
      if (field.mapKind === "message") {
        value = messageValueValidator(field.message!, 2);
        valueWireType = WireType.LengthDelimited;
      } else {
        const scalar = field.mapKind === "enum" ? ScalarType.INT32 : field.scalar!;
        const v = valueValidator(scalar, field.utf8Verify);
        value = (r) => v(r);
        valueWireType = scalarWireType(scalar);
      }
      return (r, wt, depth, maxDepth) => {
        if (wt !== WireType.LengthDelimited) return false;
        const end = r.readEnd();
        const outer = r.len;
        r.len = end;
        while (r.pos < end) {
          const tag = r.uint32();
          const no = tag >>> 3;
          const fwt = tag & 7;
          if (no === 1 && fwt === keyWireType) key(r);
          else if (no === 2 && fwt === valueWireType) value(r, fwt, depth, maxDepth);
          else r.skip(fwt, no);
        }
        r.len = outer;
        return true;
      };
    }
    default: {
      const scalar = field.fieldKind === "enum" ? ScalarType.INT32 : field.scalar;
      const value = valueValidator(scalar, field.utf8Verify);
      const expected = scalarWireType(scalar);
      return (r, wt) => {
        if (wt !== expected) return false;
        value(r);
        return true;
      };
    }
  }
}
