/**
 * Text format output: multi-line with two-space indentation (as C++ `DebugString()`), or
 * everything on one line (as `ShortDebugString()`).
 */

/** Collects printed fields. */
export class TextOutput {
  private out = "";
  private indent = "";

  constructor(private readonly singleLine: boolean) {}

  /** Writes `name: value`. */
  field(name: string, value: string): void {
    this.out += this.singleLine ? `${name}: ${value} ` : `${this.indent}${name}: ${value}\n`;
  }

  /** Writes `name {` and indents. */
  open(name: string): void {
    if (this.singleLine) {
      this.out += `${name} { `;
    } else {
      this.out += `${this.indent}${name} {\n`;
      this.indent += "  ";
    }
  }

  /** Writes `}` and outdents. */
  close(): void {
    if (this.singleLine) {
      this.out += "} ";
    } else {
      this.indent = this.indent.slice(2);
      this.out += `${this.indent}}\n`;
    }
  }

  /** The text written. */
  finish(): string {
    return this.singleLine && this.out.endsWith(" ") ? this.out.slice(0, -1) : this.out;
  }
}
