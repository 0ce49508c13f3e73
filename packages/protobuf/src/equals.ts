/**
 * `equals()`: compare two messages field by field.
 */
import type { DescField, DescMessage } from "./descriptors/types.js";
import { ScalarType } from "./descriptors/scalar.js";
import type { MessageShape } from "./types.js";
import { fieldIsSet } from "./fields.js";
import { eagerOf } from "./lazy/view-decode.js";
import { Boxing, elementBoxing, fieldBoxing, jsonEqual, type JsonValue } from "./codecs/boxing.js";

/** Options for `equals()`. */
export interface EqualsOptions {
  /** Also compare unknown fields (and with them, extensions), byte by byte. Default false. */
  unknown?: boolean;
}

/**
 * True if both messages are of the schema and have the same field values. NaN does not
 * equal NaN. Unknown fields and extensions are disregarded unless `options.unknown` is set.
 */
export function equals<Desc extends DescMessage>(
  schema: Desc,
  a: MessageShape<Desc>,
  b: MessageShape<Desc>,
  options?: EqualsOptions,
): boolean {
  return messagesEqual(schema, a as unknown as Record<string, unknown>, b as unknown as Record<string, unknown>, options?.unknown === true);
}

function messagesEqual(schema: DescMessage, a: Record<string, unknown>, b: Record<string, unknown>, unknown: boolean): boolean {
  if (a === b) return true;
  // Lazy views compare by their decoded content.
  a = eagerOf(a);
  b = eagerOf(b);
  if (a.$typeName !== schema.typeName || b.$typeName !== schema.typeName) return false;
  for (const member of schema.members) {
    if (member.kind === "oneof") {
      const oa = a[member.localName] as { case?: string; value?: unknown };
      const ob = b[member.localName] as { case?: string; value?: unknown };
      if (oa.case !== ob.case) return false;
      if (oa.case === undefined) continue;
      const field = member.fields.find((f) => f.localName === oa.case)!;
      if (!singularEqual(field, oa.value, ob.value, unknown)) return false;
      continue;
    }
    if (!fieldEqual(member, a, b, unknown)) return false;
  }
  if (unknown && !unknownEqual(a.$unknown as UnknownList, b.$unknown as UnknownList)) return false;
  return true;
}

type UnknownList = { no: number; wireType: number; data: Uint8Array }[] | undefined;

function unknownEqual(a: UnknownList, b: UnknownList): boolean {
  const la = a ?? [];
  const lb = b ?? [];
  if (la.length !== lb.length) return false;
  return la.every((u, i) => u.no === lb[i].no && u.wireType === lb[i].wireType && bytesEqual(u.data, lb[i].data));
}

function fieldEqual(field: DescField, a: Record<string, unknown>, b: Record<string, unknown>, unknown: boolean): boolean {
  const va = a[field.localName];
  const vb = b[field.localName];
  const struct = elementBoxing(field) === Boxing.Struct;
  switch (field.fieldKind) {
    case "list": {
      const la = va as unknown[];
      const lb = vb as unknown[];
      if (la.length !== lb.length) return false;
      for (let i = 0; i < la.length; i++) {
        if (!elementEqual(field.listKind, field.scalar, field.message, la[i], lb[i], unknown, struct)) return false;
      }
      return true;
    }
    case "map": {
      const ma = va as Record<string, unknown>;
      const mb = vb as Record<string, unknown>;
      const ka = Object.keys(ma);
      if (ka.length !== Object.keys(mb).length) return false;
      for (const k of ka) {
        if (!Object.prototype.hasOwnProperty.call(mb, k)) return false;
        if (!elementEqual(field.mapKind, field.scalar, field.message, ma[k], mb[k], unknown, struct)) return false;
      }
      return true;
    }
    case "message":
      if (va === undefined || vb === undefined) return va === vb;
      return singularEqual(field, va, vb, unknown);
    default: {
      const set = fieldIsSet(a, field);
      if (set !== fieldIsSet(b, field)) return false;
      // Both unset: equal, whatever the default (NaN, or undefined for proto3 optional).
      if (!set) return true;
      return scalarEqual(field.fieldKind === "enum" ? ScalarType.INT32 : field.scalar, va, vb);
    }
  }
}

function singularEqual(field: DescField, va: unknown, vb: unknown, unknown: boolean): boolean {
  if (field.fieldKind === "message") {
    switch (fieldBoxing(field)) {
      case Boxing.Wrapper:
        return scalarEqual((field.message.fields[0] as { scalar: ScalarType }).scalar, va, vb);
      case Boxing.Struct:
        return jsonEqual(va as JsonValue, vb as JsonValue);
      default:
        return messagesEqual(field.message, va as Record<string, unknown>, vb as Record<string, unknown>, unknown);
    }
  }
  return scalarEqual(field.fieldKind === "enum" ? ScalarType.INT32 : (field.scalar as ScalarType), va, vb);
}

function elementEqual(
  kind: "scalar" | "enum" | "message",
  scalar: ScalarType | undefined,
  message: DescMessage | undefined,
  va: unknown,
  vb: unknown,
  unknown: boolean,
  struct = false,
): boolean {
  if (kind === "message") {
    if (struct) return jsonEqual(va as JsonValue, vb as JsonValue);
    return messagesEqual(message!, va as Record<string, unknown>, vb as Record<string, unknown>, unknown);
  }
  return scalarEqual(kind === "enum" ? ScalarType.INT32 : scalar!, va, vb);
}

/** @internal Equality of two scalar values of a type. 64-bit values compare by value. */
export function scalarEqual(type: ScalarType, a: unknown, b: unknown): boolean {
  switch (type) {
    case ScalarType.BYTES:
      return bytesEqual(a as Uint8Array, b as Uint8Array);
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
    case ScalarType.SINT64:
      // bigint, string or number: compare by value.
      return a == b;
    default:
      return a === b;
  }
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
