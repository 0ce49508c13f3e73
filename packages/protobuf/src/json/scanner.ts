/**
 * A scanner of JSON text for the ahead-of-time JSON readers of generated code (plugin option
 * `aot=true`): they read a message straight from the text of fromJsonString(), without the
 * value tree of `JSON.parse` in between. The scanner takes only what it is sure of: wherever
 * the text is not plain, valid JSON that it reads the same way as `JSON.parse` (a raw control
 * character in a string, a duplicate key, a number or literal it does not recognize, `__proto__`
 * as a key), it gives up with `bail()`, and fromJsonString() reads the text again on the path
 * of `JSON.parse` and the readers, which reports what is wrong. Values are converted by the
 * same functions as on that path, so that both give the same message.
 *
 * Strings without escapes are slices of the text; V8 keeps the string a slice is taken from
 * alive while the slice is. So that a string of a message read from a long text does not keep
 * the whole text alive, strings of texts longer than 16 KiB are sliced from copies of 16 KiB
 * pieces of the text (as bytes read from JSON share 16 KiB buffers). Strings with escapes are
 * decoded by `JSON.parse`.
 */

import { protoInt64 } from "../wire/int64.js";
import { decimalInt64 } from "./scalar-read.js";
import { countColons } from "./parse.js";
import { isWellFormed } from "../wire/well-formed.js";

/** What a scanner throws where it gives up (caught by fromJsonString()). */
export class ScanBailout {
  /** Where in the text the scanner gave up (for tests and debugging). */
  constructor(readonly offset: number) {}
}

/**
 * Matches a text without control characters that JSON allows nowhere unescaped (U+0000 to
 * U+001F but tab, line feed and carriage return, which it allows as whitespace between tokens,
 * not in strings), and without line feeds (see readable()): tested once, on the parts of the
 * text not checked otherwise (see checkTo()). Anchored at both ends, a test takes V8 about
 * 0.3 ns a character, against 0.5 ns for a search for one of the characters.
 */
const noControlChars = /^[^\u0000-\u0008\n\u000b\u000c\u000e-\u001f]*$/;

/**
 * Reads the longest prefix of a text without what the scanner looks at closer: control
 * characters (whitespace too), backslashes and surrogates (sticky: `lastIndex` is where the first
 * of them is). Most texts have none: then this one pass (about 0.3 ns a character, V8) spares
 * every other search (see readable()); else the other searches start where it stopped. (One
 * search for any of them costs 0.5 ns a character: user, 272 characters, 171 ns against 118.)
 */
const plainPrefix = /[^\u0000-\u001f\\\ud800-\udfff]*/y;

/**
 * Strings of bytes values at least this long are not searched for control characters and
 * lone surrogates (the base64 decoder rejects them); shorter ones are searched with the rest of
 * the text, which costs less than a search of the parts around them.
 */
const uncheckedMinLength = 256;

/** The length of the pieces of a long text that strings are sliced from (see above). */
const pieceLength = 16384;

/** V8 copies shorter slices (SlicedString::kMinLength). */
const minSliceLength = 13;

/** 10^0 to 10^15, each exact as a double. */
const powersOfTen = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/** Nesting of arrays and objects that value() reads before it gives up (the readers' limits apply on the other path). */
const maxValueDepth = 128;

/** Reads JSON text from left to right; `pos` is the offset of the next character to read. */
export class JsonScanner {
  /** The offset of the next character. */
  pos = 0;
  /** The offset of the first backslash at or after the last string start that needed it (-1: none, -2: not looked for yet). */
  private esc = -2;
  /**
   * The offsets of the first carriage return and tab at or after the last string start that
   * needed them (-1: none, -2: not looked for yet): whitespace, not string content. (Texts with
   * line feeds are not scanned: see readable().)
   */
  private cr = -2;
  private tab = -2;
  /** Depth of value() in arrays and objects. */
  private depth = 0;
  /** Copies of pieces of a long text, made as strings are read from them. */
  private pieces: string[] | undefined;
  /** The offset of the characters of the key last read, if it has no escapes (else -1). */
  private keyStart = 0;
  /** The text before this offset is known to hold no control characters nor lone surrogates (see checkTo()). */
  private checked = 0;

  constructor(readonly text: string) {}

  /**
   * Whether the scanner should read the text: not if it has line feeds — pretty-printed text,
   * whose whitespace JSON.parse skips much faster (k8s-pods indented by two spaces: 703–775 us
   * scanned, 456–538 us on the JSON.parse path), or a string with a raw line feed (an error).
   * Control characters that JSON allows nowhere are looked for as the scan ends (end()).
   */
  readable(): boolean {
    const t = this.text;
    plainPrefix.lastIndex = 0;
    plainPrefix.test(t);
    const plain = plainPrefix.lastIndex;
    // The text before `plain` holds no control characters nor surrogates (see checkTo()), nor
    // line feeds; if that is all of it, no escapes, carriage returns nor tabs (see string()) either.
    this.checked = plain;
    if (plain === t.length) {
      this.esc = this.cr = this.tab = -1;
      return true;
    }
    return t.indexOf("\n", plain) === -1;
  }

  /**
   * Checks that the text from the last offset checked up to `end` holds no control characters
   * (nor line feeds), and no lone surrogates (so that every string sliced from it is well-formed
   * UTF-16, as string fields require): once, at the end of the scan (end()), or in parts around
   * the long strings of bytes values (see string()). A lone surrogate anywhere makes the scanner
   * give up, also where the JSON.parse path accepts it (an ignored value): that path decides.
   * Whitespace (tab, carriage return) in strings is looked for as they are read.
   */
  private checkTo(end: number): void {
    const from = this.checked;
    if (end <= from) return;
    const t = this.text;
    const part = from === 0 && end === t.length ? t : t.slice(from, end);
    if (!noControlChars.test(part) || !isWellFormed(part)) this.bail();
    this.checked = end;
  }

  /** Gives up: the text is read again by JSON.parse and the readers. */
  bail(): never {
    throw new ScanBailout(this.pos);
  }

  /** Skips whitespace; returns the next character's code (NaN at the end of the text). */
  peek(): number {
    const t = this.text;
    let p = this.pos;
    let c = t.charCodeAt(p);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = t.charCodeAt(++p);
    this.pos = p;
    return c;
  }

  /**
   * Reads the `{` of an object and its first key with the colon after it; undefined if the
   * object is empty (its `}` read too).
   */
  first(): string | undefined {
    if (this.peek() !== 123) this.bail();
    this.pos++;
    const c = this.peek();
    if (c === 34) return this.keyAt();
    if (c !== 125) this.bail();
    this.pos++;
    return undefined;
  }

  /**
   * After a member of an object: reads the comma and the next key with the colon after it;
   * undefined at the object's `}` (read too).
   */
  next(): string | undefined {
    const t = this.text;
    let c = t.charCodeAt(this.pos);
    if (c !== 44 && c !== 125) c = this.peek();
    this.pos++;
    if (c === 44) {
      c = t.charCodeAt(this.pos);
      if (c !== 34) c = this.peek();
      if (c === 34) return this.keyAt();
    } else if (c === 125) {
      return undefined;
    }
    this.bail();
  }

  /**
   * A key just read, as a string that may be kept (a key of a map): for long texts, sliced from
   * a copy of a piece of the text, as values are (see above).
   */
  kept(k: string): string {
    const start = this.keyStart;
    if (start < 0 || k.length < minSliceLength || this.text.length <= pieceLength) return k;
    return this.sliceOfPiece(start, start + k.length);
  }

  /** Reads the key at `pos` (its opening quote) and the colon after it. */
  private keyAt(): string {
    const start = this.pos + 1;
    const k = this.string();
    // The closing quote is at pos - 1; keys with escapes (longer in the text) are new strings.
    this.keyStart = this.pos - 1 - start === k.length ? start : -1;
    let c = this.text.charCodeAt(this.pos);
    if (c !== 58) c = this.peek();
    if (c !== 58) this.bail();
    this.pos++;
    return k;
  }

  /** Reads the `[` of an array; false if the array is empty (its `]` read too). */
  openArray(): boolean {
    if (this.peek() !== 91) this.bail();
    this.pos++;
    if (this.peek() === 93) {
      this.pos++;
      return false;
    }
    return true;
  }

  /** After an element of an array: true if a comma follows (another element), false at its `]`. */
  moreArray(): boolean {
    const c = this.peek();
    this.pos++;
    if (c === 44) return true;
    if (c !== 93) this.bail();
    return false;
  }

  /** Checks that only whitespace is left, and that the text holds no control characters nor lone surrogates. */
  end(): void {
    const c = this.peek();
    if (c === c) this.bail(); // NaN only at the end
    this.checkTo(this.text.length);
  }

  /**
   * Reads the object at `pos` (its `{`, found by peek()) with JSON.parse, if it is flat: no
   * object or array inside, and no colon inside a string. A map with integer keys is built
   * much faster by JSON.parse (which sizes the object's elements for all its keys at once)
   * than key by key. The text up to the first `}` is the whole object, or else JSON.parse
   * rejects it (unbalanced, or cut inside a string); JSON.parse keeps only the last of a key
   * given twice, so every colon must belong to a key of the result. Else it gives up.
   */
  flatObject(): Record<string, unknown> {
    const t = this.text;
    const close = t.indexOf("}", this.pos);
    if (close === -1) this.bail();
    const slice = t.slice(this.pos, close + 1);
    let o: Record<string, unknown>;
    try {
      o = JSON.parse(slice) as Record<string, unknown>;
    } catch {
      this.bail();
    }
    if (countColons(slice) !== Object.keys(o).length) this.bail();
    this.pos = close + 1;
    return o;
  }

  /**
   * Reads any JSON value, as `JSON.parse` would. A string is well-formed UTF-16 when the scan
   * ends (see checkTo()). `bytes`: the value of a bytes field, whose string is decoded as base64
   * and dropped: it is a slice of the text (not of a copy), and the base64 decoder, which
   * rejects any other character, checks it for control characters.
   */
  value(bytes = false): unknown {
    let c = this.text.charCodeAt(this.pos);
    if (c === 34) return this.string(true, bytes);
    if (c === 32 || c === 10 || c === 13 || c === 9) c = this.peek();
    switch (c) {
      case 34:
        return this.string(true, bytes);
      case 123:
        return this.object();
      case 91:
        return this.array();
      case 116:
        return this.literal("true", true);
      case 102:
        return this.literal("false", false);
      case 110:
        return this.literal("null", null);
      default:
        return this.number(c);
    }
  }

  private literal<T>(word: string, v: T): T {
    if (!this.text.startsWith(word, this.pos)) this.bail();
    this.pos += word.length;
    return v;
  }

  /**
   * Reads a string at `pos` (its opening quote). `keep`: a value (not a key), which may be kept
   * (see above), and with escapes must be well-formed UTF-16; `bytes`: see value().
   */
  private string(keep = false, bytes = false): string {
    const t = this.text;
    const start = this.pos + 1;
    const close = t.indexOf('"', start);
    if (close === -1) this.bail();
    let esc = this.esc;
    if (esc !== -1 && esc < start) esc = this.esc = t.indexOf("\\", start);
    if (esc !== -1 && esc < close) return this.escapedString(start, keep);
    // Whitespace characters are no string content (line feeds: see readable()).
    let cr = this.cr;
    if (cr !== -1 && cr < start) cr = this.cr = t.indexOf("\r", start);
    let tab = this.tab;
    if (tab !== -1 && tab < start) tab = this.tab = t.indexOf("\t", start);
    if ((cr !== -1 && cr < close) || (tab !== -1 && tab < close)) this.bail();
    this.pos = close + 1;
    if (bytes) {
      // Long: checked by the base64 decoder, which rejects any character outside its alphabets.
      if (close - start >= uncheckedMinLength) {
        this.checkTo(start);
        this.checked = close;
      }
      return t.slice(start, close);
    }
    if (!keep || close - start < minSliceLength || t.length <= pieceLength) return t.slice(start, close);
    return this.sliceOfPiece(start, close);
  }

  /** Characters `start` to `end` of a long text, sliced from a copy of the piece of the text that holds them, or copied. */
  private sliceOfPiece(start: number, end: number): string {
    const t = this.text;
    const i = Math.floor(start / pieceLength);
    const base = i * pieceLength;
    // A cons string is flattened into a new string when sliced: a copy.
    if (end > base + pieceLength) return (" " + t.slice(start, end)).slice(1);
    const pieces = (this.pieces ??= []);
    let piece = pieces[i];
    if (piece === undefined) piece = pieces[i] = (" " + t.slice(base, base + pieceLength)).slice(1);
    return piece.slice(start - base, end - base);
  }

  /**
   * A string with escapes: it ends at the first quote after `start` that an even number of
   * backslashes precedes; its value is what JSON.parse makes of it (which checks it).
   */
  private escapedString(start: number, keep: boolean): string {
    const t = this.text;
    let close = t.indexOf('"', start);
    for (;;) {
      if (close === -1) this.bail();
      let i = close - 1;
      while (t.charCodeAt(i) === 92) i--;
      if ((close - i) % 2 === 1) break;
      close = t.indexOf('"', close + 1);
    }
    let s: unknown;
    try {
      s = JSON.parse(t.slice(start - 1, close + 1));
    } catch {
      this.bail();
    }
    // An escape can make a lone surrogate (`"\\ud800"`).
    if (keep && !isWellFormed(s as string)) this.bail();
    this.pos = close + 1;
    return s as string;
  }

  /**
   * Reads a 64-bit integer given as a quoted string of decimal digits (`"-1234"`), converted as
   * on the path of JSON.parse (shortInt64()) but without a string in between; undefined, with
   * nothing read, for any other value (which value() then reads).
   */
  int64(unsigned: boolean, asString: boolean): bigint | string | undefined {
    const t = this.text;
    let c = t.charCodeAt(this.pos);
    if (c !== 34) c = this.peek();
    if (c !== 34) return undefined;
    const start = this.pos + 1;
    const close = t.indexOf('"', start);
    if (close === -1) return undefined;
    // Anything but a sign and digits before the quote (an escape too) makes it undefined.
    const v = decimalInt64(t, start, close, unsigned, asString || !protoInt64.supported);
    if (v !== undefined) this.pos = close + 1;
    return v;
  }

  /** Reads a number: only the JSON grammar, `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`. */
  private number(c: number): number {
    const t = this.text;
    const start = this.pos;
    let p = start;
    if (c === 45) c = t.charCodeAt(++p);
    // The value of the digits, exact up to 15 digits (2^53 has 16).
    let v = 0;
    if (c === 48) {
      c = t.charCodeAt(++p);
    } else if (c >= 49 && c <= 57) {
      do {
        v = v * 10 + (c - 48);
        c = t.charCodeAt(++p);
      } while (c >= 48 && c <= 57);
    } else {
      this.bail();
    }
    if (c !== 46 && c !== 101 && c !== 69 && p - start <= 15) {
      this.pos = p;
      return t.charCodeAt(start) === 45 ? -v : v;
    }
    let scale = 0;
    if (c === 46) {
      c = t.charCodeAt(++p);
      if (!(c >= 48 && c <= 57)) this.bail();
      do {
        v = v * 10 + (c - 48);
        scale++;
        c = t.charCodeAt(++p);
      } while (c >= 48 && c <= 57);
    }
    if (scale !== 0 && c !== 101 && c !== 69 && p - start - 1 <= 15) {
      // At most 15 digits (sign and point take 1 or 2 of these characters): `v` is exact, and
      // so is the power of ten; their quotient is the decimal value correctly rounded, as
      // JSON.parse reads it (Clinger's fast path). -0.0 is negative zero, as there.
      this.pos = p;
      const q = v / powersOfTen[scale];
      return t.charCodeAt(start) === 45 ? -q : q;
    }
    if (c === 101 || c === 69) {
      c = t.charCodeAt(++p);
      if (c === 43 || c === 45) c = t.charCodeAt(++p);
      if (!(c >= 48 && c <= 57)) this.bail();
      do c = t.charCodeAt(++p);
      while (c >= 48 && c <= 57);
    }
    this.pos = p;
    return +t.slice(start, p);
  }

  private object(): Record<string, unknown> {
    if (++this.depth > maxValueDepth) this.bail();
    const o: Record<string, unknown> = {};
    for (let k = this.first(); k !== undefined; k = this.next()) {
      // JSON.parse makes `__proto__` an own property; an assignment would set the prototype.
      if (k === "__proto__" || Object.prototype.hasOwnProperty.call(o, k)) this.bail();
      o[k] = this.value();
    }
    this.depth--;
    return o;
  }

  private array(): unknown[] {
    if (++this.depth > maxValueDepth) this.bail();
    const a: unknown[] = [];
    if (this.openArray()) {
      do a.push(this.value());
      while (this.moreArray());
    }
    this.depth--;
    return a;
  }
}
