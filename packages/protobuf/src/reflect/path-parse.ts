/**
 * `parsePath()`: paths from strings, in the syntax `pathToString()` prints, with the checks
 * of `buildPath()`. Errors name the problem and the column (1-based) where it is.
 *
 * - A member name starts the path and follows each ".": an identifier (`[A-Za-z_][A-Za-z0-9_]*`),
 *   the name of a field or oneof of the current message.
 * - `[...]` follows a member or another `[...]`, with optional spaces inside:
 *   `[123]` (a list index, or an integer map key; `[-123]` too), `[true]` / `[false]`
 *   (a bool key), `["..."]` (a string key; escapes `\\`, `\"`, `\n`, `\r`), or
 *   `[full.name]` (an extension, looked up in the registry).
 */
import { isInt32Scalar } from "../descriptors/scalar.js";
import type { DescMessage } from "../descriptors/types.js";
import type { Registry } from "../registry/registry.js";
import { buildPath, InvalidPathError, type Path, type PathBuilder } from "./path.js";

const identPattern = /^[A-Za-z_][A-Za-z0-9_]*$/;
const dottedIdentPattern = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/**
 * Parse a Path from a string.
 *
 * Throws an InvalidPathError if the path is invalid.
 *
 * Note that a Registry must be provided via the options argument to parse paths that refer
 * to an extension.
 */
export function parsePath(schema: DescMessage, path: string, options?: { registry?: Registry | undefined }): Path {
  return new Parser(schema, path, options?.registry).parse();
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= "0" && c <= "9";
}

/** A bracket's content: a string key, an integer, true/false, or an extension name. */
type Sub = { kind: "string"; value: string } | { kind: "int"; digits: string } | { kind: "bool"; value: boolean } | { kind: "ext"; name: string };

class Parser {
  private readonly builder: PathBuilder;
  private i = 0;

  constructor(
    private readonly schema: DescMessage,
    private readonly path: string,
    private readonly registry: Registry | undefined,
  ) {
    this.builder = buildPath(schema);
  }

  parse(): Path {
    const s = this.path;
    while (this.i < s.length) {
      const c = s[this.i];
      if (c === "[") {
        this.bracket();
      } else if (this.i === 0) {
        this.member(0, false);
      } else if (c === ".") {
        this.member(this.i, true);
      } else {
        throw this.error('Expected "."', this.i);
      }
    }
    return this.builder.toPath();
  }

  /** A member name at `start` (after the "." there if `dot`, or at the start of the path). */
  private member(start: number, dot: boolean): void {
    const s = this.path;
    if (dot) this.i++;
    const from = this.i;
    while (this.i < s.length && s[this.i] !== "." && s[this.i] !== "[") this.i++;
    const name = s.slice(from, this.i);
    if (!identPattern.test(name)) throw this.error("Invalid ident", from);
    const left = this.builder.getLeft();
    if (left?.kind === "message") {
      const field = left.fields.find((f) => f.name === name);
      if (field !== undefined) {
        this.apply(() => this.builder.field(field), start);
        return;
      }
      const oneof = left.oneofs.find((o) => o.name === name);
      if (oneof !== undefined) {
        this.apply(() => this.builder.oneof(oneof), start);
        return;
      }
    }
    throw this.error(`Unknown field "${name}"`, start);
  }

  /** A `[...]` at `this.i`. */
  private bracket(): void {
    const s = this.path;
    const open = this.i;
    this.i++;
    this.skipSpaces();
    if (this.i >= s.length) throw this.error("Premature end", s.length - 1);
    if (s[this.i] === "]") throw this.error("Premature ]", this.i);
    const sub = this.subscript();
    this.skipSpaces();
    if (this.i >= s.length || s[this.i] !== "]") throw this.error("Missing ]", this.i);
    this.i++;
    const b = this.builder;
    switch (sub.kind) {
      case "string":
        this.apply(() => b.map(sub.value), open);
        break;
      case "bool":
        this.apply(() => b.map(sub.value), open);
        break;
      case "int": {
        const left = b.getLeft();
        if (left?.kind === "field" && left.fieldKind === "list") {
          this.apply(() => b.list(Number(sub.digits)), open);
        } else if (left?.kind === "field" && left.fieldKind === "map" && isInt32Scalar(left.mapKey)) {
          // A key of a 32-bit integer map is a number (protobuf-es 2.17 rejects these keys,
          // so that the paths it prints for such maps do not parse).
          this.apply(() => b.map(Number(sub.digits)), open);
        } else {
          this.apply(() => b.map(BigInt(sub.digits)), open);
        }
        break;
      }
      case "ext": {
        const ext = this.registry?.getExtension(sub.name);
        if (ext === undefined) throw this.error(`Unknown extension "${sub.name}"`, open);
        this.apply(() => b.extension(ext), open);
        break;
      }
    }
  }

  /** The token inside brackets at `this.i`. */
  private subscript(): Sub {
    const s = this.path;
    const c = s[this.i];
    if (c === '"') return { kind: "string", value: this.string() };
    if (isDigit(c) || (c === "-" && isDigit(s[this.i + 1]))) {
      // Negative integers are map keys (as pathToString() prints them; protobuf-es 2.17 does
      // not parse them back).
      const from = this.i;
      this.i++;
      while (this.i < s.length && isDigit(s[this.i])) this.i++;
      return { kind: "int", digits: s.slice(from, this.i) };
    }
    const from = this.i;
    // A name runs to the next space or "]".
    while (this.i < s.length && s[this.i] !== " " && s[this.i] !== "]") this.i++;
    const name = s.slice(from, this.i);
    if (!dottedIdentPattern.test(name)) throw this.error("Invalid ident", from);
    if (name === "true" || name === "false") return { kind: "bool", value: name === "true" };
    return { kind: "ext", name };
  }

  /** A quoted string at `this.i` (at its opening quote). */
  private string(): string {
    const s = this.path;
    this.i++;
    let out = "";
    for (;;) {
      if (this.i >= s.length) throw this.error("Premature end of string", s.length - 1);
      const c = s[this.i];
      if (c === '"') {
        this.i++;
        return out;
      }
      if (c === "\\") {
        switch (s[this.i + 1]) {
          case '"':
            out += '"';
            break;
          case "\\":
            out += "\\";
            break;
          case "n":
            out += "\n";
            break;
          case "r":
            out += "\r";
            break;
          default:
            throw this.error("Invalid escape sequence", this.i);
        }
        this.i += 2;
        continue;
      }
      out += c;
      this.i++;
    }
  }

  private skipSpaces(): void {
    while (this.path[this.i] === " ") this.i++;
  }

  /** Runs a builder step; its InvalidPathError is reported at the column of `at`. */
  private apply(step: () => void, at: number): void {
    try {
      step();
    } catch (e) {
      if (e instanceof InvalidPathError) throw this.error(e.message, at);
      throw e;
    }
  }

  /** An InvalidPathError for the problem at index `at` (column `at + 1`). */
  private error(message: string, at: number): InvalidPathError {
    return new InvalidPathError(this.schema, `${message} at column ${at + 1}`, this.path);
  }
}
