/**
 * `equals()`: compare two messages field by field, with protobuf-es v2's options.
 */
import { wktName } from "./descriptors/wkt-names.js";
import type { JsonValue } from "./types.js";
import type { DescExtension, DescField, DescMessage } from "./descriptors/types.js";
import { ScalarType } from "./descriptors/scalar.js";
import type { Message, MessageShape, UnknownField } from "./types.js";
import type { Registry } from "./registry/registry.js";
import { fieldIsSet } from "./model/presence.js";
import { typeRecord } from "./model/type-record.js";
import { eagerForm } from "./model/view-protocol.js";
import { jsonEqual } from "./model/boxing.js";
import { Boxing, elementBoxing, fieldBoxing } from "./model/boxing-kind.js";
import { getExtension, hasExtension } from "./binary/extensions.js";
import { fromBinary } from "./from-binary.js";

/** Options for `equals()`. */
export interface EqualsOptions {
  /** A registry, to tell extensions from unknown fields and to unpack google.protobuf.Any. */
  registry?: Registry;
  /** Compare google.protobuf.Any by the messages they hold (needs `registry`). Default false. */
  unpackAny?: boolean;
  /** Compare extensions the registry knows, by value (needs `registry`). Default false. */
  extensions?: boolean;
  /**
   * Compare unknown fields, byte by byte and in order. Fields that the registry knows as
   * extensions are not unknown fields. Default false.
   */
  unknown?: boolean;
}

type Obj = Record<string, unknown>;

/**
 * True if both messages are of the schema and have the same field values. NaN does not
 * equal NaN. Extensions and unknown fields are disregarded unless the options ask for them.
 */
export function equals<Desc extends DescMessage>(schema: Desc, a: MessageShape<Desc>, b: MessageShape<Desc>, options?: EqualsOptions): boolean {
  return messagesEqual(schema, a as unknown as Obj, b as unknown as Obj, options ?? {});
}

function messagesEqual(schema: DescMessage, a: Obj, b: Obj, opts: EqualsOptions): boolean {
  // A message of another type is never equal, not even to itself (as in protobuf-es).
  if (a.$typeName !== schema.typeName || b.$typeName !== schema.typeName) return false;
  if (a === b) return true;
  // Lazy views compare by their decoded content.
  const rec = typeRecord(schema);
  a = eagerForm(rec, a);
  b = eagerForm(rec, b);
  if (opts.unpackAny === true && opts.registry !== undefined && schema.typeName === wktName.Any) {
    const result = anyEqual(a, b, opts);
    if (result !== undefined) return result;
  }
  for (const member of schema.members) {
    if (member.kind === "oneof") {
      const oa = a[member.localName] as { case?: string; value?: unknown };
      const ob = b[member.localName] as { case?: string; value?: unknown };
      if (oa.case !== ob.case) return false;
      if (oa.case === undefined) continue;
      const field = member.fields.find((f) => f.localName === oa.case)!;
      if (!singularEqual(field, oa.value, ob.value, opts)) return false;
      continue;
    }
    if (!fieldEqual(member, a, b, opts)) return false;
  }
  if (opts.extensions === true && opts.registry !== undefined && !extensionsEqual(schema, a as unknown as Message, b as unknown as Message, opts)) {
    return false;
  }
  if (opts.unknown === true && !unknownEqual(schema, a as unknown as Message, b as unknown as Message, opts.registry)) return false;
  return true;
}

/** Any messages whose types the registry knows compare by content; undefined if it cannot tell. */
function anyEqual(a: Obj, b: Obj, opts: EqualsOptions): boolean | undefined {
  const ua = a.typeUrl as string;
  const ub = b.typeUrl as string;
  if (ua !== ub) return false;
  const desc = opts.registry!.getMessage(ua.substring(ua.lastIndexOf("/") + 1));
  if (desc === undefined) return undefined;
  return messagesEqual(
    desc,
    fromBinary(desc, a.value as Uint8Array) as unknown as Obj,
    fromBinary(desc, b.value as Uint8Array) as unknown as Obj,
    opts,
  );
}

function extensionsEqual(schema: DescMessage, a: Message, b: Message, opts: EqualsOptions): boolean {
  const numbers = new Set([...(a.$unknown ?? []), ...(b.$unknown ?? [])].map((u) => u.no));
  for (const no of numbers) {
    const ext = opts.registry!.getExtensionFor(schema, no);
    if (ext === undefined) continue;
    const has = hasExtension(a, ext);
    if (has !== hasExtension(b, ext)) return false;
    if (has && !extensionValueEqual(ext, getExtension(a, ext), getExtension(b, ext), opts)) return false;
  }
  return true;
}

function extensionValueEqual(ext: DescExtension, va: unknown, vb: unknown, opts: EqualsOptions): boolean {
  // An extension compares like a field that holds the same kind of value.
  return fieldEqual(ext as unknown as DescField, { v: va }, { v: vb }, opts, "v");
}

function unknownEqual(schema: DescMessage, a: Message, b: Message, registry: Registry | undefined): boolean {
  const keep = (u: UnknownField) => registry?.getExtensionFor(schema, u.no) === undefined;
  const la = (a.$unknown ?? []).filter(keep);
  const lb = (b.$unknown ?? []).filter(keep);
  if (la.length !== lb.length) return false;
  return la.every((u, i) => u.no === lb[i].no && u.wireType === lb[i].wireType && bytesEqual(u.data, lb[i].data));
}

function fieldEqual(field: DescField, a: Obj, b: Obj, opts: EqualsOptions, key = field.localName): boolean {
  const va = a[key];
  const vb = b[key];
  const struct = elementBoxing(field) === Boxing.Struct;
  switch (field.fieldKind) {
    case "list": {
      const la = va as unknown[];
      const lb = vb as unknown[];
      if (la.length !== lb.length) return false;
      for (let i = 0; i < la.length; i++) {
        if (!elementEqual(field.listKind, field.scalar, field.message, la[i], lb[i], opts, struct)) return false;
      }
      return true;
    }
    case "map": {
      const ma = va as Obj;
      const mb = vb as Obj;
      const ka = Object.keys(ma);
      if (ka.length !== Object.keys(mb).length) return false;
      for (const k of ka) {
        if (!Object.prototype.hasOwnProperty.call(mb, k)) return false;
        if (!elementEqual(field.mapKind, field.scalar, field.message, ma[k], mb[k], opts, struct)) return false;
      }
      return true;
    }
    case "message":
      if (va === undefined || vb === undefined) return va === vb;
      return singularEqual(field, va, vb, opts);
    default: {
      const setA = key === field.localName ? fieldIsSet(a, field) : va !== undefined;
      const setB = key === field.localName ? fieldIsSet(b, field) : vb !== undefined;
      if (setA !== setB) return false;
      // Unset on both sides: equal, whatever the (default) values read.
      if (!setA) return true;
      return scalarEqual(field.fieldKind === "enum" ? ScalarType.INT32 : field.scalar, va, vb);
    }
  }
}

function singularEqual(field: DescField, va: unknown, vb: unknown, opts: EqualsOptions): boolean {
  if (field.fieldKind === "message") {
    switch (fieldBoxing(field)) {
      case Boxing.Wrapper:
        return scalarEqual((field.message.fields[0] as { scalar: ScalarType }).scalar, va, vb);
      case Boxing.Struct:
        return jsonEqual(va as JsonValue, vb as JsonValue);
      default:
        return messagesEqual(field.message, va as Obj, vb as Obj, opts);
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
  opts: EqualsOptions,
  struct = false,
): boolean {
  if (kind === "message") {
    if (struct) return jsonEqual(va as JsonValue, vb as JsonValue);
    return messagesEqual(message!, va as Obj, vb as Obj, opts);
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
