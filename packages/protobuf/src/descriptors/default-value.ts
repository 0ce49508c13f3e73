/**
 * Parses the proto2 `default_value` strings of FieldDescriptorProto into runtime values: the
 * "text format" of descriptor defaults, as protoc writes them (C-escaped bytes, `inf` and
 * `nan` for floating point, enum value names).
 */
import type { ScalarType } from "./scalar.js";
import type { DescEnum } from "./types.js";
import { parsePlainDefault } from "./default-hook.js";
import { ProtobufError } from "../wire/errors.js";
import { getTextEncoding } from "../wire/text-encoding.js";

/**
 * Parses a scalar value from the text format of descriptor default values. As protobuf-es:
 * strings are taken as they are, `true` is the only true bool, 32-bit integers are read as
 * `parseInt` reads decimals, floating point numbers as `parseFloat` reads them (plus `inf`,
 * `-inf` and `nan`), and 64-bit integers are bigints. Bytes are C-escaped (`\n`, `\"`,
 * `\x41`, `\101`, ...), as protoc writes them.
 */
export function parseTextFormatScalarValue(type: ScalarType, value: string): number | boolean | string | bigint | Uint8Array {
  return parsePlainDefault(type, value) ?? unescapeBytes(value);
}

/** Parses an enum value from the text format of descriptor default values: a value name. */
export function parseTextFormatEnumValue(descEnum: DescEnum, value: string): number {
  const v = descEnum.values.find((v) => v.name === value);
  if (v === undefined) throw new ProtobufError(`cannot parse enum ${descEnum.typeName} default value: ${value}`);
  return v.number;
}

/** Decodes a C-escaped string (as protoc writes bytes defaults) into bytes. */
export function unescapeBytes(str: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < str.length; i++) {
    const c = str.charCodeAt(i);
    if (c !== 0x5c /* \ */) {
      if (c > 0x7f) {
        // Non-ASCII characters stand for their UTF-8 bytes.
        for (const b of getTextEncoding().encodeUtf8(str.charAt(i))) out.push(b);
      } else {
        out.push(c);
      }
      continue;
    }
    const e = str.charAt(++i);
    switch (e) {
      case "n":
        out.push(0x0a);
        break;
      case "r":
        out.push(0x0d);
        break;
      case "t":
        out.push(0x09);
        break;
      case "a":
        out.push(0x07);
        break;
      case "b":
        out.push(0x08);
        break;
      case "f":
        out.push(0x0c);
        break;
      case "v":
        out.push(0x0b);
        break;
      case "\\":
        out.push(0x5c);
        break;
      case "'":
        out.push(0x27);
        break;
      case '"':
        out.push(0x22);
        break;
      case "?":
        out.push(0x3f);
        break;
      case "x":
      case "X": {
        const m = /^[0-9a-fA-F]{1,2}/.exec(str.substring(i + 1));
        if (!m) throw new ProtobufError(`cannot parse BYTES default value: ${str}`);
        out.push(parseInt(m[0], 16));
        i += m[0].length;
        break;
      }
      default: {
        const m = /^[0-7]{1,3}/.exec(str.substring(i));
        if (!m) throw new ProtobufError(`cannot parse BYTES default value: ${str}`);
        out.push(parseInt(m[0], 8) & 0xff);
        i += m[0].length - 1;
      }
    }
  }
  return new Uint8Array(out);
}
