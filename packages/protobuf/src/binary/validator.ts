/**
 * Validation of a whole input before lazy decoding: the same checks the eager decoder makes
 * (tags, wire types, lengths, varints, groups, nesting depth, UTF-8 where required), without
 * building anything, so that later lazy decodes cannot fail.
 *
 * Each message type compiles to a table by field number; the common kinds of fields (varints,
 * fixed-size values, bytes, UTF-8 strings, messages) are checked inline by one loop, the
 * others (packed lists, maps) by a closure.
 */
import type { DescField, DescMessage } from "../descriptors/types.js";
import { ScalarType } from "../descriptors/scalar.js";
import { FieldPresence } from "../descriptors/edition.js";
import type { BinaryReader } from "../wire/binary-reader.js";
import { BinaryDecodeError, decodeErrorAt, depthExceeded, missingEndGroup, unexpectedEndGroup } from "../wire/errors.js";
import { WireType } from "../wire/wire-type.js";
import { invalidUtf8At } from "../wire/utf8-check.js";
import { asciiRunEnd } from "../wire/ascii-run.js";
import { typeRecord, type FieldFacts } from "../model/type-record.js";
import { scalarWireType } from "../descriptors/scalar.js";

/** @internal */
declare module "../model/type-record.js" {
  /** The slot this module fills in every type record. */
  interface RecordSlots {
    validator: ValidatorPlan;
  }
}

/**
 * Validates fields until `end`, or until the end-group tag of field `group`. Returns whether
 * every required field (proto2) of every message in the range is present: a missing one is
 * not an error in a decode, but an encode must notice it.
 */
export type MessageValidator = (r: BinaryReader, end: number, group: number, depth: number, maxDepth: number) => boolean;

/** How a field's values are checked. */
const enum Check {
  /** In the one-byte tag table: no fast check (unknown field, other wire type, bad tag). */
  None,
  /** A varint of at most 10 bytes. */
  Varint,
  /** Eight bytes. */
  Fixed64,
  /** Four bytes. */
  Fixed32,
  /** A length-delimited value of any content. */
  Bytes,
  /** A length-delimited string that must be UTF-8. */
  Utf8,
  /** A length-delimited message. */
  Message,
  /** A group-encoded message. */
  Group,
}

/** What the validator knows of one field. */
interface FieldCheck {
  /** The wire type `check` applies to. */
  readonly wireType: number;
  readonly check: Check;
  /** The message type of Message and Group checks, compiled on first use. */
  readonly message: DescMessage | undefined;
  sub: ValidatorPlan | undefined;
  /** Other wire types the field takes (packed lists, maps): checks one value; false if the wire type does not fit. */
  readonly other: ((r: BinaryReader, wt: number, depth: number, maxDepth: number) => boolean) | undefined;
}

/** The compiled validator of a message type. */
interface ValidatorPlan {
  readonly typeName: string;
  /** Checks by field number below 256. */
  readonly dense: readonly (FieldCheck | undefined)[];
  /** Checks by field number from 256 on. */
  readonly sparse: ReadonlyMap<number, FieldCheck>;
  /**
   * By one-byte tag (field numbers 1-15 with their wire type): the check to make, or
   * Check.None for the general path. Saves looking up the field for most tags.
   */
  readonly oneByteTags: Uint8Array;
  /** The type's required fields, or undefined if it has none. */
  readonly required: readonly FieldFacts[] | undefined;
}

// Set when a message validated since the last messageValidator() call lacks a required field.
let missingRequired = false;

function validatorPlan(desc: DescMessage): ValidatorPlan {
  const rec = typeRecord(desc);
  return (rec.validator ??= buildPlan(desc)) as ValidatorPlan;
}

/** The compiled validator of a message type. */
export function messageValidator(desc: DescMessage): MessageValidator {
  const plan = validatorPlan(desc);
  return (r, end, group, depth, maxDepth) => {
    const outer = r.len;
    missingRequired = false;
    const pos = validate(plan, r, r.pos, end, group, depth, maxDepth);
    r.len = outer;
    r.pos = pos;
    return !missingRequired;
  };
}

function buildPlan(desc: DescMessage): ValidatorPlan {
  const dense: (FieldCheck | undefined)[] = [];
  const sparse = new Map<number, FieldCheck>();
  for (const f of typeRecord(desc).fields) {
    const c = fieldCheck(f);
    if (f.number < 256) dense[f.number] = c;
    else sparse.set(f.number, c);
  }
  for (let i = 0; i < dense.length; i++) dense[i] ??= undefined;
  const oneByteTags = new Uint8Array(128);
  for (let no = 1; no < 16 && no < dense.length; no++) {
    const c = dense[no];
    if (c !== undefined && c.wireType >= 0) oneByteTags[(no << 3) | c.wireType] = c.check;
  }
  const required = typeRecord(desc).fields.filter((f) => f.presence === FieldPresence.LEGACY_REQUIRED);
  return { typeName: desc.typeName, dense, sparse, oneByteTags, required: required.length > 0 ? required : undefined };
}

/**
 * Validates the fields in [pos, end), or up to the end-group tag of field `group`; returns
 * the offset after them. The common checks work on a local offset; the others go through
 * the reader `r` (over the same bytes; its `len` is left at some `end`).
 */
function validate(plan: ValidatorPlan, r: BinaryReader, pos: number, end: number, group: number, depth: number, maxDepth: number): number {
  const buf = r.buf;
  const dense = plan.dense;
  const oneByteTags = plan.oneByteTags;
  const start = pos;
  let no = 0;
  try {
    while (pos < end) {
      const at = pos;
      let tag = buf[pos];
      // A one-byte tag of a known field with its expected wire type takes its check from a
      // table; any other tag is looked up (and bad tags rejected) first.
      let check: number = Check.None;
      if (tag < 0x80) {
        pos++;
        check = oneByteTags[tag];
      } else {
        r.pos = pos;
        r.len = end;
        tag = r.tagU32();
        pos = r.pos;
      }
      no = tag >>> 3;
      const wt = tag & 7;
      let c: FieldCheck | undefined;
      if (check === Check.None) {
        if (wt === WireType.EndGroup) {
          if (no === group && group !== 0) {
            if (plan.required !== undefined) noteRequired(plan.required, r, start, at);
            return pos;
          }
          throw unexpectedEndGroup(no, at, group);
        }
        if (no === 0 || wt > 5) throw BinaryDecodeError.illegalTag(no, wt, at);
        c = no < dense.length ? dense[no] : plan.sparse.get(no);
        if (c !== undefined && c.wireType === wt) check = c.check;
      }
      if (check === Check.Varint) {
        // Up to 10 bytes; a longer or truncated varint takes the reader's path (and error).
        const limit = pos + 10 < end ? pos + 10 : end;
        let p = pos;
        while (p < limit && buf[p] >= 0x80) p++;
        if (p < limit) {
          pos = p + 1;
          continue;
        }
      } else if (check === Check.Fixed64 || check === Check.Fixed32) {
        const n = check === Check.Fixed64 ? 8 : 4;
        if (pos + n > end) throw BinaryDecodeError.prematureEnd(pos, n, end - pos);
        pos += n;
        continue;
      } else if (check >= Check.Bytes && check <= Check.Message) {
        // Length-delimited: bytes, a string, a message.
        let len = pos < end ? buf[pos] : 0x80;
        if (len < 0x80) {
          pos++;
        } else {
          r.pos = pos;
          r.len = end;
          len = r.uint32();
          pos = r.pos;
        }
        if (len > end - pos) throw BinaryDecodeError.prematureEnd(pos, len, end - pos);
        const valueEnd = pos + len;
        if (check === Check.Utf8) {
          checkUtf8(buf, pos, valueEnd);
        } else if (check === Check.Message) {
          c ??= dense[no]!;
          if (depth >= maxDepth) throw depthExceeded(maxDepth, pos, c.message!.typeName);
          validate((c.sub ??= validatorPlan(c.message!)), r, pos, valueEnd, 0, depth + 1, maxDepth);
        }
        pos = valueEnd;
        continue;
      } else if (check === Check.Group) {
        c ??= dense[no]!;
        if (depth >= maxDepth) throw depthExceeded(maxDepth, pos, c.message!.typeName);
        pos = validate((c.sub ??= validatorPlan(c.message!)), r, pos, end, no, depth + 1, maxDepth);
        continue;
      }
      c ??= no < dense.length ? dense[no] : plan.sparse.get(no);
      // Everything else (long varints, packed lists, map entries, unknown fields) through the reader.
      r.pos = pos;
      r.len = end;
      if (c === undefined || c.wireType === wt || c.other === undefined || !c.other(r, wt, depth, maxDepth)) {
        r.skipValue(wt, no, maxDepth - depth);
      }
      pos = r.pos;
    }
  } catch (e) {
    throw e instanceof BinaryDecodeError ? e.withField(plan.typeName, no) : e;
  }
  if (group !== 0) {
    throw missingEndGroup(group, plan.typeName, pos);
  }
  if (plan.required !== undefined) noteRequired(plan.required, r, start, pos);
  return pos;
}

/**
 * Notes whether the validated fields in [start, end) include every required field (with its
 * wire type, and for a closed enum a known value: anything else is an unknown field).
 */
function noteRequired(required: readonly FieldFacts[], r: BinaryReader, start: number, end: number): void {
  if (missingRequired) return;
  const seen = new Set<number>();
  const pos = r.pos;
  const len = r.len;
  r.pos = start;
  r.len = end;
  while (r.pos < end) {
    const tag = r.rawTag();
    const closedEnum = tag & 7 ? undefined : required.find((f) => f.tag === tag)?.closedEnum;
    if (closedEnum === undefined) {
      seen.add(tag);
      r.skipValue(tag & 7, tag >>> 3);
    } else if (closedEnum.has(r.int32())) {
      seen.add(tag);
    }
  }
  r.pos = pos;
  r.len = len;
  for (const f of required) {
    if (!seen.has(f.tag)) {
      missingRequired = true;
      return;
    }
  }
}

/** Checks one value of a map entry (the reader is at the value; `r.len` is the entry's end). */
function checkMapValue(c: FieldCheck, r: BinaryReader, wt: number, depth: number, maxDepth: number): void {
  switch (c.check) {
    case Check.Utf8: {
      const end = r.readEnd();
      checkUtf8(r.buf, r.pos, end);
      r.pos = end;
      return;
    }
    case Check.Message: {
      const end = r.readEnd();
      if (depth >= maxDepth) throw depthExceeded(maxDepth, r.pos, c.message!.typeName);
      const outer = r.len;
      r.pos = validate((c.sub ??= validatorPlan(c.message!)), r, r.pos, end, 0, depth + 1, maxDepth);
      r.len = outer;
      return;
    }
    default:
      r.skipValue(wt, 2);
  }
}

/** Checks that [start, end) of `buf` (a string) is UTF-8. */
function checkUtf8(buf: Uint8Array, start: number, end: number): void {
  let i = start;
  if (end - i < 16) {
    // Short strings: an ASCII scan inline first.
    while (i < end && buf[i] < 0x80) i++;
    if (i === end) return;
  }
  const bad = invalidUtf8At(buf, i, end, asciiRunEnd);
  if (bad >= 0) throw decodeErrorAt("invalid UTF-8 in string", bad);
}

/** Skips a length-delimited string, checking that it is UTF-8. */
function skipUtf8(r: BinaryReader): void {
  const end = r.readEnd();
  checkUtf8(r.buf, r.pos, end);
  r.pos = end;
}

/** The check of a scalar type's values. */
function scalarCheck(type: ScalarType, utf8Verify: boolean): Check {
  switch (scalarWireType(type)) {
    case WireType.Bit64:
      return Check.Fixed64;
    case WireType.Bit32:
      return Check.Fixed32;
    case WireType.LengthDelimited:
      return type === ScalarType.STRING && utf8Verify ? Check.Utf8 : Check.Bytes;
    default:
      return Check.Varint;
  }
}

/** Skips one value of a scalar type, checking it as the decoder would. */
function scalarValueSkipper(type: ScalarType, utf8Verify: boolean): (r: BinaryReader) => void {
  const check = scalarCheck(type, utf8Verify);
  if (check === Check.Utf8) return skipUtf8;
  const wt = scalarWireType(type);
  return (r) => r.skipValue(wt);
}

function fieldCheck(facts: FieldFacts): FieldCheck {
  const field = facts.field;
  if (field.fieldKind === "map") {
    // No wire type matches -1: every entry is checked by `other`.
    return { wireType: -1, check: Check.Bytes, message: undefined, sub: undefined, other: mapEntryCheck(field) };
  }
  const scalar = facts.scalar;
  if (scalar === undefined) {
    const group = facts.wireType === WireType.StartGroup;
    return { wireType: facts.wireType, check: group ? Check.Group : Check.Message, message: field.message, sub: undefined, other: undefined };
  }
  let other: FieldCheck["other"];
  if (facts.packable) {
    // Packed: a length-delimited run of values.
    const skipValue = scalarValueSkipper(scalar, field.utf8Validation);
    other = (r, wt) => {
      if (wt !== WireType.LengthDelimited) return false;
      const end = r.readEnd();
      const outer = r.len;
      r.len = end;
      while (r.pos < end) skipValue(r);
      r.len = outer;
      return true;
    };
  }
  return { wireType: facts.wireType, check: scalarCheck(scalar, field.utf8Validation), message: undefined, sub: undefined, other };
}

/** Checks one map entry (a length-delimited message of a key and a value). */
function mapEntryCheck(field: DescField & { fieldKind: "map" }): NonNullable<FieldCheck["other"]> {
  const key = scalarValueSkipper(field.mapKey, field.utf8Validation);
  const keyWireType = scalarWireType(field.mapKey);
  let value: FieldCheck;
  if (field.mapKind === "message") {
    value = { wireType: WireType.LengthDelimited, check: Check.Message, message: field.message, sub: undefined, other: undefined };
  } else {
    const scalar = field.mapKind === "enum" ? ScalarType.INT32 : field.scalar!;
    value = {
      wireType: scalarWireType(scalar),
      check: scalarCheck(scalar, field.utf8Validation),
      message: undefined,
      sub: undefined,
      other: undefined,
    };
  }
  return (r, wt, depth, maxDepth) => {
    if (wt !== WireType.LengthDelimited) return false;
    const end = r.readEnd();
    const outer = r.len;
    r.len = end;
    let hasValue = false;
    while (r.pos < end) {
      const tag = r.rawTag();
      const no = tag >>> 3;
      const fwt = tag & 7;
      if (no === 1 && fwt === keyWireType) key(r);
      else if (no === 2 && fwt === value.wireType) {
        checkMapValue(value, r, fwt, depth, maxDepth);
        hasValue = true;
      } else r.skipValue(fwt, no, maxDepth - depth);
    }
    r.len = outer;
    // An entry without a value holds an empty message, which lacks the type's own required fields.
    if (!hasValue && value.message !== undefined && (value.sub ??= validatorPlan(value.message)).required !== undefined) missingRequired = true;
    return true;
  };
}
