/**
 * Parses the proto2 `default_value` strings of FieldDescriptorProto into runtime values: the
 * "text format" of descriptor defaults, as protoc writes them (C-escaped bytes, `inf` and
 * `nan` for floating point, enum value names).
 */
import { ScalarType } from "./scalar.js";
import type { DescEnum } from "./types.js";
import { parseInt64 } from "../wire/int64.js";
import { ProtobufError } from "../wire/errors.js";

/** A declared default value of a scalar field. */
export type ScalarDefault = number | boolean | string | bigint | Uint8Array;

/**
 * Parses a declared default of a scalar type other than bytes, as protobuf-es does: `true` is
 * the only true bool, floating point as `parseFloat` reads it (plus `inf`, `-inf`, `nan`),
 * 32-bit integers as `parseInt` reads decimals, 64-bit integers as bigints (or strings without
 * BigInt). Returns undefined for bytes.
 */
export function parsePlainDefault(type: ScalarType, text: string): Exclude<ScalarDefault, Uint8Array> | undefined {
  switch (type) {
    case ScalarType.STRING:
      return text;
    case ScalarType.BYTES:
      return undefined;
    case ScalarType.BOOL:
      return text === "true";
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return text === "inf" ? Number.POSITIVE_INFINITY : text === "-inf" ? Number.NEGATIVE_INFINITY : text === "nan" ? Number.NaN : parseFloat(text);
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
      return parseInt64(text, false);
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return parseInt64(text, true);
    default:
      return parseInt(text, 10);
  }
}

/**
 * The getter of a scalar field's declared default `text` (64-bit integers as strings with
 * `longAsString`), parsed now: an invalid bytes default throws here, when the file is built.
 */
export function scalarDefaultGetter(type: ScalarType, text: string, longAsString: boolean): () => ScalarDefault {
  const plain = parsePlainDefault(type, text);
  const value = longAsString && typeof plain === "bigint" ? plain.toString() : (plain ?? unescapeBytes(text));
  return () => value;
}

/**
 * Parses a scalar value from the text format of descriptor default values. As protobuf-es:
 * strings are taken as they are, `true` is the only true bool, 32-bit integers are read as
 * `parseInt` reads decimals, floating point numbers as `parseFloat` reads them (plus `inf`,
 * `-inf` and `nan`), and 64-bit integers are bigints. Bytes are C-escaped (`\n`, `\"`,
 * `\x41`, `\101`, ...), as protoc writes them.
 */
export function parseTextFormatScalarValue(type: ScalarType, value: string): ScalarDefault {
  return parsePlainDefault(type, value) ?? unescapeBytes(value);
}

/** Parses an enum value from the text format of descriptor default values: a value name. */
export function parseTextFormatEnumValue(descEnum: DescEnum, value: string): number {
  const v = descEnum.values.find((v) => v.name === value);
  if (v === undefined) throw new ProtobufError(`cannot parse enum ${descEnum.typeName} default value: ${value}`);
  return v.number;
}

/** The bytes of the simple escapes of C. */
const ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, a: 7, b: 8, f: 12, v: 11, "\\": 92, "'": 39, '"': 34, "?": 63 };

/**
 * Decodes a C-escaped string (as protoc writes bytes defaults) into bytes: simple escapes,
 * `\x` with one or two hex digits, one to three octal digits; a non-ASCII code unit stands for
 * its UTF-8 bytes (a lone surrogate for U+FFFD's, as TextEncoder encodes it).
 */
export function unescapeBytes(str: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < str.length; i++) {
    let c = str.charCodeAt(i);
    if (c === 0x5c /* \ */) {
      c = ESCAPES[str.charAt(++i)];
      if (c === undefined) {
        const m = /^(?:[xX]([0-9a-fA-F]{1,2})|[0-7]{1,3})/.exec(str.substring(i));
        if (!m) throw new ProtobufError(`cannot parse BYTES default value: ${str}`);
        c = m[1] !== undefined ? parseInt(m[1], 16) : parseInt(m[0], 8) & 0xff;
        i += m[0].length - 1;
      }
      out.push(c);
    } else if (c < 0x80) {
      out.push(c);
    } else {
      if (c >= 0xd800 && c < 0xe000) c = 0xfffd;
      if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
  }
  return new Uint8Array(out);
}
