/**
 * Parses the proto2 `default_value` strings of FieldDescriptorProto into runtime values.
 */
import { ScalarType } from "./scalar.js";
import { protoInt64 } from "../wire/int64.js";
import { ProtobufError } from "../wire/errors.js";
import { getTextEncoding } from "../wire/text-encoding.js";

/** The runtime value of a scalar field's declared default. */
export function parseScalarDefault(type: ScalarType, value: string, longAsString: boolean): number | boolean | string | bigint | Uint8Array {
  switch (type) {
    case ScalarType.STRING:
      return value;
    case ScalarType.BYTES:
      return unescapeBytes(value);
    case ScalarType.BOOL:
      if (value === "true") return true;
      if (value === "false") return false;
      break;
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      if (value === "inf") return Number.POSITIVE_INFINITY;
      if (value === "-inf") return Number.NEGATIVE_INFINITY;
      if (value === "nan") return Number.NaN;
      return parseFloat(value);
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64: {
      const v = protoInt64.parse(value);
      return longAsString ? v.toString() : v;
    }
    case ScalarType.UINT64:
    case ScalarType.FIXED64: {
      const v = protoInt64.uParse(value);
      return longAsString ? v.toString() : v;
    }
    default: {
      const n = Number(value);
      if (Number.isInteger(n)) return n;
    }
  }
  throw new ProtobufError(`invalid default value "${value}" for ${ScalarType[type]}`);
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
        if (!m) throw new ProtobufError(`invalid escape \\x in bytes default "${str}"`);
        out.push(parseInt(m[0], 16));
        i += m[0].length;
        break;
      }
      default: {
        const m = /^[0-7]{1,3}/.exec(str.substring(i));
        if (!m) throw new ProtobufError(`invalid escape \\${e} in bytes default "${str}"`);
        out.push(parseInt(m[0], 8) & 0xff);
        i += m[0].length - 1;
      }
    }
  }
  return new Uint8Array(out);
}
