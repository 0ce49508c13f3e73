/**
 * Scalar and enum values of the text format: numbers in every notation the spec allows,
 * `inf` / `nan`, bools, enum names and numbers, and concatenated string literals.
 */
import type { DescEnum } from "../descriptors/types.js";
import { ScalarType } from "../descriptors/scalar.js";
import { protoInt64 } from "../wire/int64.js";
import { getTextEncoding } from "../wire/text-encoding.js";
import type { ScalarValue } from "../model/scalar-values.js";
import { ByteBuilder } from "./byte-builder.js";
import { TokenKind, describeToken, errorAt, type Token, type Tokenizer } from "./tokenizer.js";
import {
  INT32_MAX,
  INT32_MIN_MAGNITUDE,
  INT64_MAX,
  INT64_MIN_MAGNITUDE,
  UINT32_MAX,
  UINT64_MAX,
  compareMagnitude,
  integerMagnitude,
} from "./integer.js";

/** The type of a scalar value to parse. */
export interface ScalarSpec {
  readonly scalar: ScalarType;
  /** 64-bit values as decimal strings. */
  readonly longAsString: boolean;
  /** Strings must be valid UTF-8. */
  readonly utf8Validation: boolean;
}

/** Parses one scalar value (a string value may be several adjacent literals). */
export function parseScalar(tok: Tokenizer, spec: ScalarSpec): ScalarValue {
  switch (spec.scalar) {
    case ScalarType.STRING:
    case ScalarType.BYTES:
      return parseStringValue(tok, spec.scalar === ScalarType.BYTES, spec.utf8Validation);
    case ScalarType.BOOL:
      return parseBool(tok);
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return parseFloating(tok, spec.scalar === ScalarType.FLOAT);
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return Number(parseInteger(tok, INT32_MAX, INT32_MIN_MAGNITUDE, "int32"));
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return Number(parseInteger(tok, UINT32_MAX, undefined, "uint32"));
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64: {
      const s = parseInteger(tok, INT64_MAX, INT64_MIN_MAGNITUDE, "int64");
      return spec.longAsString ? s : protoInt64.parse(s);
    }
    case ScalarType.UINT64:
    case ScalarType.FIXED64: {
      const s = parseInteger(tok, UINT64_MAX, undefined, "uint64");
      return spec.longAsString ? s : protoInt64.uParse(s);
    }
  }
}

/** Parses an enum value: a value name, or a number (closed enums only accept known numbers). */
export function parseEnum(tok: Tokenizer, desc: DescEnum): number {
  const t = tok.peek();
  if (t.kind === TokenKind.Ident) {
    tok.next();
    const v = desc.values.find((v) => v.name === t.text);
    if (v === undefined) throw errorAt(t, `unknown value "${t.text}" for enum ${desc.typeName}`);
    return v.number;
  }
  const n = Number(parseInteger(tok, INT32_MAX, INT32_MIN_MAGNITUDE, `enum ${desc.typeName}`));
  if (!desc.open && desc.value[n] === undefined) {
    throw errorAt(t, `unknown value ${n} for closed enum ${desc.typeName}`);
  }
  return n;
}

/**
 * Parses an integer with an optional sign, in range `-minMagnitude..max` (unsigned types
 * have no `minMagnitude` and reject any sign, also "-0"). Returns a decimal string.
 */
function parseInteger(tok: Tokenizer, max: string, minMagnitude: string | undefined, type: string): string {
  const first = tok.peek();
  const negative = tok.trySymbol("-");
  const t = tok.next();
  if (t.kind !== TokenKind.Int) {
    throw errorAt(t, `expected an integer for ${type}, got ${describeToken(t)}`);
  }
  if (negative && minMagnitude === undefined) {
    throw errorAt(first, `invalid value for ${type}: negative numbers are not allowed`);
  }
  const digits = t.radix === 16 ? t.text.slice(2) : t.text;
  const m = integerMagnitude(digits, t.radix);
  const limit = negative ? minMagnitude! : max;
  if (m === undefined || compareMagnitude(m, limit) > 0) {
    throw errorAt(first, `value ${negative ? "-" : ""}${t.text} is out of range for ${type}`);
  }
  return negative && m !== "0" ? "-" + m : m;
}

function parseFloating(tok: Tokenizer, float32: boolean): number {
  const first = tok.peek();
  const negative = tok.trySymbol("-");
  const t = tok.next();
  let v: number;
  switch (t.kind) {
    case TokenKind.Float:
      v = Number(t.text);
      break;
    case TokenKind.Int:
      if (t.radix !== 10) {
        throw errorAt(t, `invalid value ${t.text} for ${float32 ? "float" : "double"}: octal and hexadecimal are not allowed`);
      }
      v = Number(t.text);
      break;
    case TokenKind.Ident: {
      const lower = t.text.toLowerCase();
      if (lower === "inf" || lower === "infinity") {
        v = Infinity;
      } else if (lower === "nan") {
        v = NaN;
      } else {
        throw errorAt(t, `invalid value "${t.text}" for ${float32 ? "float" : "double"}`);
      }
      break;
    }
    default:
      throw errorAt(negative ? t : first, `expected a number, got ${describeToken(t)}`);
  }
  if (negative) v = -v;
  // Rounds to the nearest float; values beyond the float range become infinity.
  return float32 ? Math.fround(v) : v;
}

const TRUE_NAMES = new Set(["true", "True", "t"]);
const FALSE_NAMES = new Set(["false", "False", "f"]);

function parseBool(tok: Tokenizer): boolean {
  const t = tok.next();
  if (t.kind === TokenKind.Ident) {
    if (TRUE_NAMES.has(t.text)) return true;
    if (FALSE_NAMES.has(t.text)) return false;
  } else if (t.kind === TokenKind.Int) {
    const m = integerMagnitude(t.radix === 16 ? t.text.slice(2) : t.text, t.radix);
    if (m === "0") return false;
    if (m === "1") return true;
  }
  throw errorAt(t, `invalid value for bool: ${describeToken(t)}`);
}

/** Parses one or more adjacent string literals into a string or bytes. */
function parseStringValue(tok: Tokenizer, asBytes: boolean, utf8Verify: boolean): string | Uint8Array {
  const first = tok.next();
  if (first.kind !== TokenKind.String) {
    throw errorAt(first, `expected a string, got ${describeToken(first)}`);
  }
  const parts: Token[] = [first];
  while (tok.peek().kind === TokenKind.String) parts.push(tok.next());
  const enc = getTextEncoding();
  if (parts.every((p) => p.bytes === undefined)) {
    const text = parts.length === 1 ? first.text : parts.map((p) => p.text).join("");
    // The tokenizer has replaced lone surrogates: the text is valid UTF-16.
    return asBytes ? enc.encodeUtf8(text) : text;
  }
  const b = new ByteBuilder();
  for (const p of parts) {
    if (p.bytes !== undefined) b.append(p.bytes);
    else b.appendText(p.text);
  }
  const bytes = b.finish();
  if (asBytes) return bytes;
  try {
    return enc.decodeUtf8(bytes, utf8Verify);
  } catch {
    throw errorAt(first, "invalid UTF-8 in string (use a bytes field for binary data)");
  }
}
