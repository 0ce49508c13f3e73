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
import type { BinaryReader } from "../wire/binary-reader.js";
import { BinaryDecodeError } from "../wire/errors.js";
import { WireType } from "../wire/wire-type.js";
import { invalidUtf8At } from "../wire/utf8-check.js";
import { cachedPlan } from "../codecs/plan-cache.js";
import { isPackable, scalarWireType } from "../codecs/scalar.js";

/** Validates fields until `end`, or until the end-group tag of field `group`. */
export type MessageValidator = (r: BinaryReader, end: number, group: number, depth: number, maxDepth: number) => void;

/** How a field's values are checked. */
const enum Check {
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
}

const planKey = Symbol("pbjet.validator");

function validatorPlan(desc: DescMessage): ValidatorPlan {
  return cachedPlan(desc, planKey, buildPlan);
}

/** The compiled validator of a message type. */
export function messageValidator(desc: DescMessage): MessageValidator {
  const plan = validatorPlan(desc);
  return (r, end, group, depth, maxDepth) => validate(plan, r, end, group, depth, maxDepth);
}

function buildPlan(desc: DescMessage): ValidatorPlan {
  const dense: (FieldCheck | undefined)[] = [];
  const sparse = new Map<number, FieldCheck>();
  for (const f of desc.fields) {
    const c = fieldCheck(f);
    if (f.number < 256) dense[f.number] = c;
    else sparse.set(f.number, c);
  }
  for (let i = 0; i < dense.length; i++) dense[i] ??= undefined;
  return { typeName: desc.typeName, dense, sparse };
}

/** Validates fields until `end`, or until the end-group tag of field `group`. */
function validate(plan: ValidatorPlan, r: BinaryReader, end: number, group: number, depth: number, maxDepth: number): void {
  const buf = r.buf;
  const dense = plan.dense;
  let no = 0;
  try {
    while (r.pos < end) {
      const at = r.pos;
      const b = buf[at];
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
      const c = no < dense.length ? dense[no] : plan.sparse.get(no);
      if (c === undefined) {
        r.skipValue(wt, no);
      } else if (c.wireType === wt) {
        // The common checks inline; the others in checkValue().
        const check = c.check;
        if (check === Check.Varint) {
          const pos = r.pos;
          if (pos < r.len && buf[pos] < 0x80) r.pos = pos + 1;
          else r.skipValue(wt, no);
        } else if (check === Check.Bytes) {
          r.pos = r.readEnd();
        } else if (check === Check.Utf8) {
          checkUtf8(r);
        } else {
          checkValue(c, r, wt, no, depth, maxDepth);
        }
      } else if (c.other === undefined || !c.other(r, wt, depth, maxDepth)) {
        r.skipValue(wt, no);
      }
    }
  } catch (e) {
    throw e instanceof BinaryDecodeError ? e.withField(plan.typeName, no) : e;
  }
  if (group !== 0) {
    throw new BinaryDecodeError(`missing end-group tag for field ${group} of ${plan.typeName} at offset ${r.pos}`, r.pos);
  }
}

/** Checks one value of a field whose wire type is the one expected. */
function checkValue(c: FieldCheck, r: BinaryReader, wt: number, no: number, depth: number, maxDepth: number): void {
  switch (c.check) {
    case Check.Varint: {
      const pos = r.pos;
      if (pos < r.len && r.buf[pos] < 0x80) r.pos = pos + 1;
      else r.skipValue(wt, no);
      return;
    }
    case Check.Fixed64:
      skipFixed(r, 8);
      return;
    case Check.Fixed32:
      skipFixed(r, 4);
      return;
    case Check.Bytes:
      r.pos = r.readEnd();
      return;
    case Check.Utf8:
      checkUtf8(r);
      return;
    case Check.Message: {
      const end = r.readEnd();
      if (depth >= maxDepth) throw depthError(maxDepth, r.pos);
      const outer = r.len;
      r.len = end;
      validate((c.sub ??= validatorPlan(c.message!)), r, end, 0, depth + 1, maxDepth);
      r.len = outer;
      return;
    }
    case Check.Group:
      if (depth >= maxDepth) throw depthError(maxDepth, r.pos);
      validate((c.sub ??= validatorPlan(c.message!)), r, r.len, no, depth + 1, maxDepth);
      return;
  }
}

function depthError(maxDepth: number, at: number): BinaryDecodeError {
  return new BinaryDecodeError(`maximum nesting depth ${maxDepth} exceeded at offset ${at}`, at);
}

function skipFixed(r: BinaryReader, n: number): void {
  const pos = r.pos;
  if (pos + n > r.len) throw BinaryDecodeError.prematureEnd(pos, n, r.len - pos);
  r.pos = pos + n;
}

/** Skips a length-delimited string, checking that it is UTF-8. */
function checkUtf8(r: BinaryReader): void {
  const end = r.readEnd();
  let i = r.pos;
  if (end - i < 16) {
    // Short strings: an ASCII scan inline first.
    const buf = r.buf;
    while (i < end && buf[i] < 0x80) i++;
    if (i === end) {
      r.pos = end;
      return;
    }
  }
  const bad = invalidUtf8At(r.buf, i, end);
  if (bad >= 0) throw new BinaryDecodeError(`invalid UTF-8 in string at offset ${bad}`, bad);
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
  if (check === Check.Utf8) return checkUtf8;
  const wt = scalarWireType(type);
  return (r) => r.skipValue(wt);
}

function fieldCheck(field: DescField): FieldCheck {
  const delimited = (field as { delimitedEncoding?: boolean }).delimitedEncoding === true;
  const messageCheck = (message: DescMessage): FieldCheck => ({
    wireType: delimited ? WireType.StartGroup : WireType.LengthDelimited,
    check: delimited ? Check.Group : Check.Message,
    message,
    sub: undefined,
    other: undefined,
  });
  switch (field.fieldKind) {
    case "message":
      return messageCheck(field.message);
    case "list": {
      if (field.listKind === "message") return messageCheck(field.message!);
      const scalar = field.listKind === "enum" ? ScalarType.INT32 : field.scalar!;
      const skipValue = scalarValueSkipper(scalar, field.utf8Verify);
      const packable = isPackable(scalar);
      return {
        wireType: scalarWireType(scalar),
        check: scalarCheck(scalar, field.utf8Verify),
        message: undefined,
        sub: undefined,
        // Packed: a length-delimited run of values.
        other: packable
          ? (r, wt) => {
              if (wt !== WireType.LengthDelimited) return false;
              const end = r.readEnd();
              const outer = r.len;
              r.len = end;
              while (r.pos < end) skipValue(r);
              r.len = outer;
              return true;
            }
          : undefined,
      };
    }
    case "map":
      return { wireType: -1, check: Check.Bytes, message: undefined, sub: undefined, other: mapEntryCheck(field) };
    default: {
      const scalar = field.fieldKind === "enum" ? ScalarType.INT32 : field.scalar;
      return { wireType: scalarWireType(scalar), check: scalarCheck(scalar, field.utf8Verify), message: undefined, sub: undefined, other: undefined };
    }
  }
}

/** Checks one map entry (a length-delimited message of a key and a value). */
function mapEntryCheck(field: DescField & { fieldKind: "map" }): NonNullable<FieldCheck["other"]> {
  const key = scalarValueSkipper(field.mapKey, field.utf8Verify);
  const keyWireType = scalarWireType(field.mapKey);
  let value: FieldCheck;
  if (field.mapKind === "message") {
    value = { wireType: WireType.LengthDelimited, check: Check.Message, message: field.message, sub: undefined, other: undefined };
  } else {
    const scalar = field.mapKind === "enum" ? ScalarType.INT32 : field.scalar!;
    value = { wireType: scalarWireType(scalar), check: scalarCheck(scalar, field.utf8Verify), message: undefined, sub: undefined, other: undefined };
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
      else if (no === 2 && fwt === value.wireType) checkValue(value, r, fwt, 2, depth, maxDepth);
      else r.skipValue(fwt, no);
    }
    r.len = outer;
    return true;
  };
}
