/**
 * The text format tokenizer: splits the input into identifiers, numbers, string literals and
 * symbols, skips whitespace and `#` comments, and tracks lines and columns for errors.
 */
import { TextDecodeError } from "./errors.js";
import { ByteBuilder } from "./byte-builder.js";
import { getTextEncoding } from "../wire/text-encoding.js";

/** Kinds of token. */
export const enum TokenKind {
  Ident = 1,
  /** DEC_INT, OCT_INT or HEX_INT; `radix` tells which. */
  Int,
  Float,
  String,
  Symbol,
  End,
}

/** A token, with the position of its first character. */
export interface Token {
  readonly kind: TokenKind;
  /**
   * Identifiers, numbers and symbols: the text as written (floats without the `f` suffix).
   * Strings: the decoded value when the literal has no byte escapes (`\x..`, octal).
   */
  readonly text: string;
  /** Int tokens: 8, 10 or 16. */
  readonly radix: number;
  /** String tokens with byte escapes: the decoded bytes (otherwise undefined). */
  readonly bytes: Uint8Array | undefined;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column. */
  readonly column: number;
}

const SYMBOLS = ":{}<>[],;-/.";

function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

/** Splits text format input into tokens, with one token of lookahead. */
export class Tokenizer {
  private readonly src: string;
  private pos = 0;
  private line = 1;
  private lineStart = 0;
  private peeked: Token | undefined;

  constructor(src: string) {
    this.src = src;
    // A leading byte-order mark is skipped (columns count from after it), as in protobuf-es.
    if (src.charCodeAt(0) === 0xfeff) this.pos = this.lineStart = 1;
  }

  /** The next token, without consuming it. */
  peek(): Token {
    return (this.peeked ??= this.lex());
  }

  /** Consumes and returns the next token. */
  next(): Token {
    const t = this.peek();
    this.peeked = undefined;
    return t;
  }

  /** Consumes the next token if it is the given symbol. */
  trySymbol(symbol: string): boolean {
    const t = this.peek();
    if (t.kind === TokenKind.Symbol && t.text === symbol) {
      this.peeked = undefined;
      return true;
    }
    return false;
  }

  /** Consumes the given symbol, or throws. */
  expectSymbol(symbol: string, context?: string): Token {
    const t = this.next();
    if (t.kind !== TokenKind.Symbol || t.text !== symbol) {
      throw errorAt(t, `expected "${symbol}"${context === undefined ? "" : ` ${context}`}, got ${describeToken(t)}`);
    }
    return t;
  }

  private error(detail: string, pos: number): TextDecodeError {
    return new TextDecodeError(detail, this.line, pos - this.lineStart + 1);
  }

  private token(kind: TokenKind, text: string, start: number, radix = 0, bytes?: Uint8Array): Token {
    return { kind, text, radix, bytes, line: this.line, column: start - this.lineStart + 1 };
  }

  private skipSpaceAndComments(): void {
    const src = this.src;
    while (this.pos < src.length) {
      const c = src.charCodeAt(this.pos);
      if (c === 10) {
        this.pos++;
        this.line++;
        this.lineStart = this.pos;
      } else if (c === 32 || c === 9 || c === 11 || c === 12 || c === 13) {
        this.pos++;
      } else if (c === 35) {
        // "#" comment to the end of the line; the line feed is handled above.
        const nl = src.indexOf("\n", this.pos);
        this.pos = nl < 0 ? src.length : nl;
      } else {
        return;
      }
    }
  }

  private lex(): Token {
    this.skipSpaceAndComments();
    const src = this.src;
    const start = this.pos;
    if (start >= src.length) return this.token(TokenKind.End, "", start);
    const c = src.charCodeAt(start);
    if (isLetter(c)) {
      let p = start + 1;
      while (p < src.length && (isLetter(src.charCodeAt(p)) || isDigit(src.charCodeAt(p)))) p++;
      this.pos = p;
      return this.token(TokenKind.Ident, src.slice(start, p), start);
    }
    if (isDigit(c) || (c === 46 && isDigit(src.charCodeAt(start + 1)))) {
      return this.lexNumber(start);
    }
    if (c === 34 || c === 39) {
      return this.lexString(start);
    }
    const ch = src[start];
    if (SYMBOLS.includes(ch)) {
      this.pos = start + 1;
      return this.token(TokenKind.Symbol, ch, start);
    }
    const shown = String.fromCodePoint(src.codePointAt(start)!);
    throw this.error(`unexpected character ${JSON.stringify(shown)}`, start);
  }

  private lexNumber(start: number): Token {
    const src = this.src;
    let p = start;
    const c0 = src.charCodeAt(p);
    const c1 = src.charCodeAt(p + 1);
    let kind = TokenKind.Int;
    let radix = 10;
    let textEnd: number;
    if (c0 === 48 && (c1 === 120 || c1 === 88)) {
      // HEX_INT
      p += 2;
      while (hexValue(src.charCodeAt(p)) >= 0) p++;
      if (p === start + 2) throw this.error("hexadecimal number has no digits", start);
      radix = 16;
      textEnd = p;
    } else if (c0 === 48 && c1 >= 48 && c1 <= 55) {
      // OCT_INT
      p += 1;
      while (src.charCodeAt(p) >= 48 && src.charCodeAt(p) <= 55) p++;
      radix = 8;
      textEnd = p;
    } else {
      // DEC_INT or FLOAT
      if (c0 === 48) {
        p++;
      } else {
        while (isDigit(src.charCodeAt(p))) p++;
      }
      if (src.charCodeAt(p) === 46) {
        kind = TokenKind.Float;
        p++;
        while (isDigit(src.charCodeAt(p))) p++;
      }
      const e = src.charCodeAt(p);
      if (e === 101 || e === 69) {
        let q = p + 1;
        const sign = src.charCodeAt(q);
        if (sign === 43 || sign === 45) q++;
        if (isDigit(src.charCodeAt(q))) {
          while (isDigit(src.charCodeAt(q))) q++;
          p = q;
          kind = TokenKind.Float;
        }
      }
      textEnd = p;
      const f = src.charCodeAt(p);
      if (f === 102 || f === 70) {
        kind = TokenKind.Float;
        p++;
      }
    }
    // A number may not run into an identifier, another digit or a period ("10bar", "1e", "08").
    const after = src.charCodeAt(p);
    if (isLetter(after) || isDigit(after) || after === 46) {
      let q = p;
      while (q < src.length && (isLetter(src.charCodeAt(q)) || isDigit(src.charCodeAt(q)) || src.charCodeAt(q) === 46)) q++;
      throw this.error(`invalid number ${JSON.stringify(src.slice(start, q))}`, start);
    }
    this.pos = p;
    return this.token(kind, src.slice(start, textEnd), start, kind === TokenKind.Int ? radix : 0);
  }

  private lexString(start: number): Token {
    const src = this.src;
    const quote = src.charCodeAt(start);
    let pos = start + 1;
    let runStart = pos;
    let text = "";
    let bytes: ByteBuilder | undefined;
    const enc = getTextEncoding();
    const appendText = (s: string): void => {
      if (bytes === undefined) text += s;
      else bytes.appendText(s);
    };
    const appendByte = (b: number): void => {
      if (bytes === undefined) {
        bytes = new ByteBuilder();
        bytes.appendText(text);
      }
      bytes.push(b);
    };
    for (;;) {
      if (pos >= src.length) throw this.error("unterminated string literal", start);
      const c = src.charCodeAt(pos);
      if (c === quote) {
        appendText(src.slice(runStart, pos));
        pos++;
        break;
      }
      if (c === 10) throw this.error("line break in string literal", pos);
      if (c !== 92) {
        pos++;
        continue;
      }
      appendText(src.slice(runStart, pos));
      const escStart = pos;
      pos++;
      if (pos >= src.length) throw this.error("unterminated string literal", start);
      const e = src[pos];
      pos++;
      switch (e) {
        case "a":
          appendText("\x07");
          break;
        case "b":
          appendText("\b");
          break;
        case "f":
          appendText("\f");
          break;
        case "n":
          appendText("\n");
          break;
        case "r":
          appendText("\r");
          break;
        case "t":
          appendText("\t");
          break;
        case "v":
          appendText("\v");
          break;
        case "?":
          appendText("?");
          break;
        case "\\":
          appendText("\\");
          break;
        case "'":
          appendText("'");
          break;
        case '"':
          appendText('"');
          break;
        case "x":
        case "X": {
          let v = hexValue(src.charCodeAt(pos));
          if (v < 0) throw this.error(`invalid escape "\\${e}": expected a hexadecimal digit`, escStart);
          pos++;
          const d = hexValue(src.charCodeAt(pos));
          if (d >= 0) {
            v = v * 16 + d;
            pos++;
          }
          appendByte(v);
          break;
        }
        case "u":
        case "U": {
          const n = e === "u" ? 4 : 8;
          let cp = 0;
          for (let i = 0; i < n; i++) {
            const d = hexValue(src.charCodeAt(pos + i));
            if (d < 0) throw this.error(`invalid escape "\\${e}": expected ${n} hexadecimal digits`, escStart);
            cp = cp * 16 + d;
          }
          pos += n;
          if (cp > 0x10ffff) {
            throw this.error(`invalid escape "${src.slice(escStart, pos)}": code point beyond U+10FFFF`, escStart);
          }
          if (cp >= 0xd800 && cp <= 0xdfff) {
            throw this.error(`invalid escape "${src.slice(escStart, pos)}": surrogate code point`, escStart);
          }
          appendText(String.fromCodePoint(cp));
          break;
        }
        default: {
          const o = e.charCodeAt(0) - 48;
          if (o < 0 || o > 7) {
            throw this.error(`invalid escape "\\${e}"`, escStart);
          }
          let v = o;
          for (let i = 0; i < 2; i++) {
            const d = src.charCodeAt(pos) - 48;
            if (d < 0 || d > 7) break;
            v = v * 8 + d;
            pos++;
          }
          if (v > 255) throw this.error(`invalid escape "${src.slice(escStart, pos)}": octal value above 255`, escStart);
          appendByte(v);
        }
      }
      runStart = pos;
    }
    this.pos = pos;
    const b = bytes as ByteBuilder | undefined;
    if (b === undefined && !enc.checkUtf8(text)) {
      // Lone surrogates of the input (UTF-16) become U+FFFD, as they do in its UTF-8 encoding.
      text = enc.decodeUtf8(enc.encodeUtf8(text));
    }
    return this.token(TokenKind.String, b === undefined ? text : "", start, 0, b?.finish());
  }
}

/** A short description of a token for error messages. */
export function describeToken(t: Token): string {
  switch (t.kind) {
    case TokenKind.Ident:
      return `identifier "${t.text}"`;
    case TokenKind.Int:
    case TokenKind.Float:
      return `number ${t.text}`;
    case TokenKind.String:
      return "string literal";
    case TokenKind.Symbol:
      return `"${t.text}"`;
    default:
      return "end of input";
  }
}

/** A TextDecodeError at the position of a token. */
export function errorAt(t: Token, detail: string): TextDecodeError {
  return new TextDecodeError(detail, t.line, t.column);
}
