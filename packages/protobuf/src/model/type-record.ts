/**
 * The type record: one per message type, computed once and cached on its descriptor. It holds
 * the facts every codec needs about each field (number, tag, wire type, kind, presence,
 * packing, closed-enum values, boxing, local name, lazy option), and the slots where each
 * layer keeps what it compiles for the type (binary encoder and decoder, validator, view
 * protocol, JSON writers and reader, text-format table, ...). The codecs read the facts from
 * here instead of deriving them again from the descriptor.
 */
import type { DescField, DescMessage } from "../descriptors/types.js";
import { FieldPresence } from "../descriptors/edition.js";
import { ScalarType, isPackable, scalarWireType } from "../descriptors/scalar.js";
import { WireType } from "../wire/wire-type.js";
import { Boxing, elementBoxing, fieldBoxing } from "./boxing-kind.js";
import type { ViewProtocol } from "./view-protocol.js";

/** How a message field is decoded in an eager decode: as a message, or as a lazy view. */
export const enum LazyOption {
  /** An ordinary message field. */
  None = 0,
  /** `[lazy = true]`: a view, validated when decoded. */
  Verified = 1,
  /** `[unverified_lazy = true]`: a view, not validated. */
  Unverified = 2,
}

/** The facts about one field that the codecs use. */
export interface FieldFacts {
  readonly field: DescField;
  readonly number: number;
  /** The property name in messages. */
  readonly localName: string;
  readonly kind: DescField["fieldKind"];
  /**
   * The wire type of one value: StartGroup for delimited messages, LengthDelimited for other
   * messages and map entries, the scalar's wire type otherwise (enums: Varint). Packed lists
   * also take LengthDelimited (see `packable`).
   */
  readonly wireType: WireType;
  /** The tag of one value: `(number << 3 | wireType) >>> 0`. */
  readonly tag: number;
  readonly presence: FieldPresence;
  /** A list written packed. */
  readonly packed: boolean;
  /** A scalar or enum list that may be read packed. */
  readonly packable: boolean;
  /** The scalar type of the value, element or map value (INT32 for enums); undefined for messages. */
  readonly scalar: ScalarType | undefined;
  /** The known values of a closed enum (field, element or map value); undefined for open enums and others. */
  readonly closedEnum: ReadonlySet<number> | undefined;
  /** Singular message fields: how the value is held; lists and maps: how elements are held. */
  readonly boxing: Boxing;
  /** Message fields and lists: decoded as lazy views in an eager decode. */
  readonly lazy: LazyOption;
}

/**
 * The types of the record's slots, each declared by the layer that fills the slot, through
 * TypeScript module augmentation of this interface (`declare module "../model/type-record.js"
 * { interface RecordSlots { encoder: MessageEncoder } }`): this module names no type of a
 * higher layer, and every slot is typed where it is used.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by module augmentation
export interface RecordSlots {}

/** The type of the record's slot `K`, as its layer declares it in RecordSlots. */
type SlotOf<K extends string> = K extends keyof RecordSlots ? RecordSlots[K] : never;

/** The record of one message type. */
export interface TypeRecord {
  readonly desc: DescMessage;
  /** Facts per field, in declaration order (as `desc.fields`). */
  readonly fields: readonly FieldFacts[];
  /** The views of this type answer through this protocol, once the lazy layer built it. */
  views: ViewProtocol | undefined;
  /** model/zero-message.ts */
  zero: SlotOf<"zero"> | undefined;
  /** model/create.ts (create()) */
  init: SlotOf<"init"> | undefined;
  /** binary/encoder.ts (or generated code, see aotBinaryKey) */
  encoder: SlotOf<"encoder"> | undefined;
  /** binary/decoder.ts (or generated code, see aotBinaryKey) */
  decoder: SlotOf<"decoder"> | undefined;
  /** binary/validator.ts */
  validator: SlotOf<"validator"> | undefined;
  /** binary/field-coder.ts: the binary coders of the fields, by field index (set on first use). */
  coders?: SlotOf<"coders">;
  /** lazy/view-plan.ts */
  viewPlan: SlotOf<"viewPlan"> | undefined;
  /** lazy/: whether an eager decode can hold views of its input (bytes or lazy fields). */
  refersToInput: boolean | undefined;
  /** Whether the type or a message type it holds has required fields (proto2). */
  requiredInTree: boolean | undefined;
  /** json/writer.ts, per combination of option bits. */
  readonly jsonWriters: SlotOf<"jsonWriter">[];
  /** json/text-writer.ts, per combination of option bits. */
  readonly jsonTextWriters: SlotOf<"jsonTextWriter">[];
  /** json/reader.ts */
  jsonReader: SlotOf<"jsonReader"> | undefined;
  /** json/field-coder.ts: the JSON coders of the fields, by field index (set on first use). */
  jsonCoders?: SlotOf<"jsonCoders">;
  /** json/field-coder.ts: reads a new message of the type from a JSON value (set on first use). */
  jsonNew?: SlotOf<"jsonNew">;
  /** json/field-coder.ts: reads a new message of the type from JSON text (set on first use). */
  jsonMessageScanner?: SlotOf<"jsonMessageScanner">;
  /**
   * codegenv2/aot-json.ts: the ahead-of-time reader of JSON text (json/scanner.ts), if generated
   * (set by aotJson() only, so that programs without it do not carry the field).
   */
  jsonScanner?: SlotOf<"jsonScanner">;
  /**
   * codegenv2/aot-json.ts: reads a whole JSON text with `jsonScanner` (json/aot-json.ts
   * scanText()): the message, or undefined where the usual path must decide. Set with
   * `jsonScanner`, so that programs without ahead-of-time JSON code carry no scanner.
   */
  jsonTextReader?: (text: string, options: unknown) => unknown;
  /** text/field-table.ts */
  textTable: SlotOf<"textTable"> | undefined;
  /** reflect/reflect-facts.ts */
  reflect: SlotOf<"reflect"> | undefined;
  /** merge.ts: the steps that merge a message of the type into another. */
  merger: SlotOf<"merger"> | undefined;
}

/**
 * Where generated code (plugin option `aot=true`) leaves a type's ahead-of-time binary codecs
 * on its descriptor (codegenv2/aot.ts); the record takes them as its encoder and decoder (and
 * zero message factory, where generated).
 */
export const aotBinaryKey: unique symbol = Symbol("pbjet.aotBinary");

const recordKey = Symbol("pbjet.typeRecord");

/** The record of a message type, built on first use. */
export function typeRecord(desc: DescMessage): TypeRecord {
  const rec = (desc as unknown as { [recordKey]?: TypeRecord })[recordKey];
  return rec !== undefined ? rec : buildRecord(desc);
}

function buildRecord(desc: DescMessage): TypeRecord {
  const aot = (desc as unknown as { [aotBinaryKey]?: Pick<TypeRecord, "encoder" | "decoder" | "zero"> })[aotBinaryKey];
  const rec: TypeRecord = {
    desc,
    fields: desc.fields.map(fieldFacts),
    views: undefined,
    zero: aot?.zero,
    init: undefined,
    encoder: aot?.encoder,
    decoder: aot?.decoder,
    validator: undefined,
    viewPlan: undefined,
    refersToInput: undefined,
    requiredInTree: undefined,
    jsonWriters: [],
    jsonTextWriters: [],
    jsonReader: undefined,
    textTable: undefined,
    reflect: undefined,
    merger: undefined,
  };
  Object.defineProperty(desc, recordKey, { value: rec, enumerable: false });
  return rec;
}

/** True if a field of the type, or of a message type it holds at any depth, fits `test`. */
export function anyFieldInTree(desc: DescMessage, test: (field: DescField) => boolean): boolean {
  const seen = new Set<DescMessage>();
  const visit = (m: DescMessage): boolean => {
    if (seen.has(m)) return false;
    seen.add(m);
    for (const f of m.fields) {
      if (test(f)) return true;
      if (f.message !== undefined && visit(f.message)) return true;
    }
    return false;
  };
  return visit(desc);
}

/** Whether the type, or a message type it holds at any depth, has required fields. */
export function hasRequiredInTree(desc: DescMessage): boolean {
  const rec = typeRecord(desc);
  return (rec.requiredInTree ??= anyFieldInTree(desc, (f) => (f.presence as number) === FieldPresence.LEGACY_REQUIRED));
}

/** The facts of a field of a message type, from the type's record. */
export function factsOf(field: DescField): FieldFacts {
  const rec = typeRecord(field.parent);
  return rec.fields[field.parent.fields.indexOf(field)] ?? fieldFacts(field);
}

/** Computes the facts of a field (for extensions, which have no record of their own). */
export function fieldFacts(field: DescField): FieldFacts {
  const scalar = valueScalar(field);
  const wireType = valueWireType(field, scalar);
  const enumDesc = field.enum;
  const isMessage = field.fieldKind === "message" || (field.fieldKind === "list" && field.listKind === "message");
  return {
    field,
    number: field.number,
    localName: field.localName,
    kind: field.fieldKind,
    wireType,
    tag: ((field.number << 3) | wireType) >>> 0,
    presence: field.presence as number as FieldPresence,
    packed: field.fieldKind === "list" && field.packed,
    packable: field.fieldKind === "list" && scalar !== undefined && isPackable(scalar),
    scalar,
    closedEnum: enumDesc !== undefined && !enumDesc.open ? new Set(enumDesc.values.map((v) => v.number)) : undefined,
    boxing: field.fieldKind === "message" ? fieldBoxing(field) : elementBoxing(field),
    lazy: isMessage && field.lazy ? lazyOption(field) : LazyOption.None,
  };
}

function lazyOption(field: DescField): LazyOption {
  // Only plain message values become views (not unboxed wrappers or Struct, not oneof members).
  if (field.fieldKind === "message" && (field.oneof !== undefined || fieldBoxing(field) !== Boxing.None)) return LazyOption.None;
  if (field.fieldKind === "list" && elementBoxing(field) !== Boxing.None) return LazyOption.None;
  return field.proto.options?.unverifiedLazy === true ? LazyOption.Unverified : LazyOption.Verified;
}

function valueScalar(field: DescField): ScalarType | undefined {
  switch (field.fieldKind) {
    case "scalar":
      return field.scalar;
    case "enum":
      return ScalarType.INT32;
    case "list":
      return field.listKind === "enum" ? ScalarType.INT32 : field.scalar;
    case "map":
      return field.mapKind === "enum" ? ScalarType.INT32 : field.scalar;
    default:
      return undefined;
  }
}

function valueWireType(field: DescField, scalar: ScalarType | undefined): WireType {
  if (field.fieldKind === "map") return WireType.LengthDelimited;
  if (scalar !== undefined) return scalarWireType(scalar);
  return (field as { delimitedEncoding?: boolean }).delimitedEncoding ? WireType.StartGroup : WireType.LengthDelimited;
}
