/**
 * Text format output, as protobuf-es writes it: `name: value`, message fields as `name: {`
 * with the body indented by two spaces and `}` under the name, and an empty message inline as
 * `name: {}`. Or everything on one line (as C++ `ShortDebugString()`, with the same colons).
 */

/** Collects printed fields. */
export class TextOutput {
  private out = "";
  private indent = "";
  /**
   * Names of the innermost opened messages whose `name: {` is not written yet: a message is
   * written as `name: {}` if it is closed before anything was written into it.
   */
  private readonly pending: string[] = [];

  constructor(private readonly singleLine: boolean) {}

  /** Writes `name: value`. */
  field(name: string, value: string): void {
    if (this.pending.length > 0) this.flush();
    this.line(`${name}: ${value}`);
  }

  /** Opens a message field `name: {` and indents. */
  open(name: string): void {
    this.pending.push(name);
  }

  /** Closes the message opened last: `}`, or `name: {}` if nothing was written into it. */
  close(): void {
    const name = this.pending.pop();
    if (name !== undefined) {
      if (this.pending.length > 0) this.flush();
      this.line(`${name}: {}`);
      return;
    }
    this.indent = this.indent.slice(2);
    this.line("}");
  }

  /** The text written. */
  finish(): string {
    return this.singleLine && this.out.endsWith(" ") ? this.out.slice(0, -1) : this.out;
  }

  /** Writes the `name: {` lines of the pending messages. */
  private flush(): void {
    for (const name of this.pending) {
      this.line(`${name}: {`);
      this.indent += "  ";
    }
    this.pending.length = 0;
  }

  private line(s: string): void {
    this.out += this.singleLine ? `${s} ` : `${this.indent}${s}\n`;
  }
}
