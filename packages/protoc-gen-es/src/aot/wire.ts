/**
 * Wire facts of scalar types for the ahead-of-time codec generator (plugin option `aot`):
 * wire types, fixed sizes, and the names of the BinaryWriter and BinaryReader methods.
 */
import type { DescField, DescMessage } from "@pbjet/protobuf";
import { ScalarType } from "@pbjet/protobuf/reflect";
import { isWrapperDesc } from "@pbjet/protobuf/wkt";
import type { GeneratedFile, Printable } from "@pbjet/protoplugin";

/** Wire types. */
export const enum Wire {
  Varint = 0,
  Bit64 = 1,
  LengthDelimited = 2,
  StartGroup = 3,
  EndGroup = 4,
  Bit32 = 5,
}

/** The wire type of one value of a scalar type. */
export function scalarWire(t: ScalarType): Wire {
  switch (t) {
    case ScalarType.DOUBLE:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return Wire.Bit64;
    case ScalarType.FLOAT:
    case ScalarType.FIXED32:
    case ScalarType.SFIXED32:
      return Wire.Bit32;
    case ScalarType.STRING:
    case ScalarType.BYTES:
      return Wire.LengthDelimited;
    default:
      return Wire.Varint;
  }
}

/** The byte size of a fixed-width scalar type, 0 for others. */
export function fixedSize(t: ScalarType): number {
  const wt = scalarWire(t);
  return wt === Wire.Bit64 ? 8 : wt === Wire.Bit32 ? 4 : 0;
}

/** The name of the BinaryWriter / BinaryReader method of a scalar type (`int32`, `string`, ...). */
export function scalarMethod(t: ScalarType): string {
  switch (t) {
    case ScalarType.DOUBLE:
      return "double";
    case ScalarType.FLOAT:
      return "float";
    case ScalarType.INT64:
      return "int64";
    case ScalarType.UINT64:
      return "uint64";
    case ScalarType.INT32:
      return "int32";
    case ScalarType.FIXED64:
      return "fixed64";
    case ScalarType.FIXED32:
      return "fixed32";
    case ScalarType.BOOL:
      return "bool";
    case ScalarType.STRING:
      return "string";
    case ScalarType.BYTES:
      return "bytes";
    case ScalarType.UINT32:
      return "uint32";
    case ScalarType.SFIXED32:
      return "sfixed32";
    case ScalarType.SFIXED64:
      return "sfixed64";
    case ScalarType.SINT32:
      return "sint32";
    case ScalarType.SINT64:
      return "sint64";
  }
}

/** A tag: `(no << 3 | wt) >>> 0`. */
export function tagOf(no: number, wt: Wire): number {
  return ((no << 3) | wt) >>> 0;
}

/** The scalar type of a field's value, element or map value (INT32 for enums); undefined for messages. */
export function valueScalar(field: DescField): ScalarType | undefined {
  switch (field.fieldKind) {
    case "scalar":
      return field.scalar;
    case "enum":
      return ScalarType.INT32;
    case "list":
      return field.listKind === "enum" ? ScalarType.INT32 : field.scalar;
    default:
      return undefined;
  }
}

/** The reader call for one value of a scalar field: `r.int32()`, `r.int64String()`, `r.stringStrict()`. */
export function readCall(field: DescField, t: ScalarType): string {
  const longAsString = (field.fieldKind === "scalar" || (field.fieldKind === "list" && field.listKind === "scalar")) && field.longAsString;
  let m = scalarMethod(t);
  if (longAsString && m.endsWith("64")) m += "String";
  // utf8Verify (the feature utf8_validation = VERIFY) is internal to the runtime's descriptors.
  if (t === ScalarType.STRING && field.utf8Validation) m = "stringStrict";
  return `r.${m}()`;
}

/**
 * Whether values of a message type may be held unboxed (wrappers as primitives, Struct as a
 * JSON object): fields of these types are left to the compiled codecs, which know the rules.
 */
export function mayBeBoxed(desc: DescMessage): boolean {
  return isWrapperDesc(desc) || desc.typeName === "google.protobuf.Struct";
}

/**
 * A property access of `obj`: `obj.name`, or `obj["name"]` (the name escaped as a string
 * literal by the generated file) for names that are not plain identifiers.
 */
export function prop(f: GeneratedFile, obj: string, name: string): Printable {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) && name !== "__proto__" ? `${obj}.${name}` : [obj, "[", f.string(name), "]"];
}
