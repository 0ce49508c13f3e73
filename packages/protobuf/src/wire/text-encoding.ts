/**
 * UTF-8 encoding and decoding, configurable for runtimes without the
 * WHATWG Encoding API.
 */
import { invalidUtf8At } from "./utf8-check.js";
import { ProtobufError } from "./errors.js";

/** UTF-8 conversion functions used by pbjet. */
export interface TextEncoding {
  /** Whether the text is well-formed UTF-16 (no lone surrogates), i.e. encodable to valid UTF-8. */
  checkUtf8: (text: string) => boolean;
  /** Encode text to UTF-8; lone surrogates become U+FFFD. */
  encodeUtf8: (text: string) => Uint8Array;
  /** Encode text to UTF-8 into `dest`, which must be large enough (3 bytes per code unit). */
  encodeUtf8Into: (text: string, dest: Uint8Array) => { written: number };
  /**
   * Decode UTF-8. Invalid sequences become U+FFFD, unless `strict` is true,
   * in which case an error is thrown. A leading U+FEFF is kept.
   */
  decodeUtf8: (bytes: Uint8Array, strict?: boolean) => string;
}

/** Argument of configureTextEncoding; `encodeUtf8Into` may be omitted. */
export type TextEncodingConfig = Omit<TextEncoding, "encodeUtf8Into"> & Partial<Pick<TextEncoding, "encodeUtf8Into">>;

// Minimal shapes of the WHATWG classes (the package builds without DOM types).
interface Encoder {
  encode(text: string): Uint8Array;
  encodeInto(text: string, dest: Uint8Array): { read: number; written: number };
}
interface Decoder {
  decode(bytes: Uint8Array): string;
}
interface EncodingGlobals {
  TextEncoder?: new () => Encoder;
  TextDecoder?: new (label: string, options?: { fatal?: boolean; ignoreBOM?: boolean }) => Decoder;
}

/**
 * Index of the first byte of `bytes` that is not part of a well-formed UTF-8
 * sequence (per the Unicode standard, table 3-7), or -1 if all is valid.
 */
export function findInvalidUtf8(bytes: Uint8Array): number {
  return invalidUtf8At(bytes, 0, bytes.length);
}

/** Whether `text` has no lone surrogates (portable fallback for isWellFormed). */
function isWellFormedFallback(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c & 0xf800) !== 0xd800) continue;
    if (c >= 0xdc00 || i + 1 >= text.length) return false;
    if ((text.charCodeAt(i + 1) & 0xfc00) !== 0xdc00) return false;
    i++;
  }
  return true;
}

function unavailable(what: string): never {
  throw new ProtobufError(`${what} is not available in this runtime; use configureTextEncoding()`);
}

function createDefault(): TextEncoding {
  const g = globalThis as EncodingGlobals;
  let encoder: Encoder | undefined;
  let lenient: Decoder | undefined;
  let strict: Decoder | undefined;
  const enc = (): Encoder => (encoder ??= g.TextEncoder ? new g.TextEncoder() : unavailable("TextEncoder"));
  const isWellFormed = (String.prototype as { isWellFormed?: () => boolean }).isWellFormed;
  return {
    checkUtf8: typeof isWellFormed === "function" ? (text) => (text as unknown as { isWellFormed(): boolean }).isWellFormed() : isWellFormedFallback,
    encodeUtf8: (text) => enc().encode(text),
    encodeUtf8Into: (text, dest) => enc().encodeInto(text, dest),
    decodeUtf8(bytes, isStrict) {
      if (isStrict) {
        strict ??= g.TextDecoder ? new g.TextDecoder("utf-8", { fatal: true, ignoreBOM: true }) : unavailable("TextDecoder");
        return strict.decode(bytes);
      }
      lenient ??= g.TextDecoder ? new g.TextDecoder("utf-8", { ignoreBOM: true }) : unavailable("TextDecoder");
      return lenient.decode(bytes);
    },
  };
}

let current: TextEncoding = createDefault();

/**
 * Replace the UTF-8 implementation, for runtimes without TextEncoder and
 * TextDecoder. If `encodeUtf8Into` is omitted it is emulated with
 * `encodeUtf8`. Strict decoding is guaranteed: when `strict` is requested,
 * input is validated before the configured `decodeUtf8` is called.
 */
export function configureTextEncoding(config: TextEncodingConfig): void {
  const { checkUtf8, encodeUtf8, decodeUtf8 } = config;
  current = {
    checkUtf8,
    encodeUtf8,
    encodeUtf8Into:
      config.encodeUtf8Into ??
      ((text, dest) => {
        const bytes = encodeUtf8(text);
        dest.set(bytes);
        return { written: bytes.length };
      }),
    decodeUtf8(bytes, strict) {
      if (strict) {
        const bad = findInvalidUtf8(bytes);
        if (bad >= 0) throw new ProtobufError(`invalid UTF-8 at byte ${bad}`);
      }
      return decodeUtf8(bytes, strict);
    },
  };
}

/** The UTF-8 implementation in use (TextEncoder/TextDecoder unless configured). */
export function getTextEncoding(): TextEncoding {
  return current;
}
