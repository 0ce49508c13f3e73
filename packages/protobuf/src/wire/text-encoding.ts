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
  encodeUtf8: (text: string) => Uint8Array<ArrayBuffer>;
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
  encode(text: string): Uint8Array<ArrayBuffer>;
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

let lenient: Decoder | undefined;
let strict: Decoder | undefined;

/** Decodes UTF-8 with TextDecoder: the default TextEncoding's decodeUtf8. */
function defaultDecodeUtf8(bytes: Uint8Array, isStrict?: boolean): string {
  const g = globalThis as EncodingGlobals;
  if (isStrict) {
    strict ??= g.TextDecoder ? new g.TextDecoder("utf-8", { fatal: true, ignoreBOM: true }) : unavailable("TextDecoder");
    return strict.decode(bytes);
  }
  lenient ??= g.TextDecoder ? new g.TextDecoder("utf-8", { ignoreBOM: true }) : unavailable("TextDecoder");
  return lenient.decode(bytes);
}

/** The default TextEncoding: TextEncoder and TextDecoder. */
function createDefault(): TextEncoding {
  const g = globalThis as EncodingGlobals;
  let encoder: Encoder | undefined;
  const enc = (): Encoder => (encoder ??= g.TextEncoder ? new g.TextEncoder() : unavailable("TextEncoder"));
  const isWellFormed = (String.prototype as { isWellFormed?: () => boolean }).isWellFormed;
  return {
    checkUtf8: typeof isWellFormed === "function" ? (text) => (text as unknown as { isWellFormed(): boolean }).isWellFormed() : isWellFormedFallback,
    encodeUtf8: (text) => enc().encode(text),
    encodeUtf8Into: (text, dest) => enc().encodeInto(text, dest),
    decodeUtf8: defaultDecodeUtf8,
  };
}

/**
 * The TextEncoding in use: the one given to configureTextEncoding(), or else the default, made
 * on first use (a program that only decodes binary uses just its decodeUtf8: see
 * utf8Decoder()).
 */
let current: TextEncoding | undefined;

/** Decodes the UTF-8 bytes [start, end) of `buf` without a subarray; invalid bytes become U+FFFD. */
export type Utf8Slice = (buf: Uint8Array, start: number, end: number) => string;

/**
 * Node.js's and Bun's `Buffer.prototype.utf8Slice`, which decodes part of any Uint8Array
 * without a subarray and without TextDecoder's argument handling (about 30 ns less per string
 * on Node.js 20), if the runtime has it and it decodes a probe correctly; else undefined.
 * Its invalid sequences become U+FFFD: a result without U+FFFD is the text of valid UTF-8
 * (the same as TextDecoder's), anything else is decoded again by the TextEncoding in use.
 */
function probeUtf8Slice(): Utf8Slice | undefined {
  const slice = (globalThis as { Buffer?: { prototype: { utf8Slice?: unknown } } }).Buffer?.prototype.utf8Slice;
  if (typeof slice !== "function") return undefined;
  const call: Utf8Slice = (buf, start, end) => slice.call(buf, start, end);
  try {
    // A BOM, "é" and "😀" from a plain Uint8Array at an offset.
    return call(new Uint8Array([0, 0xef, 0xbb, 0xbf, 0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80]), 1, 10) === "\ufeff\u00e9\u{1F600}" ? call : undefined;
  } catch {
    return undefined;
  }
}

let nativeSlice: Utf8Slice | undefined = probeUtf8Slice();

/**
 * The runtime's decoder of part of a buffer (see probeUtf8Slice), while the default
 * TextEncoding is in use (undefined once configureTextEncoding() replaced it). @internal
 */
export function utf8Slice(): Utf8Slice | undefined {
  return nativeSlice;
}

/**
 * Replace the UTF-8 implementation, for runtimes without TextEncoder and
 * TextDecoder. If `encodeUtf8Into` is omitted it is emulated with
 * `encodeUtf8`. Strict decoding is guaranteed: when `strict` is requested,
 * input is validated before the configured `decodeUtf8` is called.
 */
export function configureTextEncoding(config: TextEncodingConfig): void {
  const { checkUtf8, encodeUtf8, decodeUtf8 } = config;
  nativeSlice = undefined;
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
  return (current ??= createDefault());
}

/** The decodeUtf8 of the TextEncoding in use (getTextEncoding().decodeUtf8). @internal */
export function utf8Decoder(): TextEncoding["decodeUtf8"] {
  return current !== undefined ? current.decodeUtf8 : defaultDecodeUtf8;
}
