/**
 * The error raised when text format input cannot be parsed.
 */
import { ProtobufError } from "../wire/errors.js";

/**
 * Raised by `fromText()` and `mergeFromText()` on malformed input. `line` and `column` are
 * 1-based (columns count UTF-16 code units) and point at the token where the problem was found.
 */
export class TextDecodeError extends ProtobufError {
  override name = "TextDecodeError";
  /** The 1-based line of the problem. */
  readonly line: number;
  /** The 1-based column of the problem. */
  readonly column: number;
  /** The problem without the position, e.g. `unknown field "foo" in message pkg.Msg`. */
  readonly detail: string;

  /** Creates an error; the message is `text format error at line L, column C: detail`. */
  constructor(detail: string, line: number, column: number) {
    super(`text format error at line ${line}, column ${column}: ${detail}`);
    this.detail = detail;
    this.line = line;
    this.column = column;
  }
}
