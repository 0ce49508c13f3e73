/**
 * A growable byte buffer for decoding string literals with byte escapes.
 */
import { getTextEncoding } from "../wire/text-encoding.js";

/** Collects bytes; text is appended as UTF-8. */
export class ByteBuilder {
  private buf = new Uint8Array(32);
  private len = 0;

  /** Appends one byte. */
  push(b: number): void {
    if (this.len === this.buf.length) this.grow(1);
    this.buf[this.len++] = b;
  }

  /** Appends bytes. */
  append(bytes: Uint8Array): void {
    if (this.len + bytes.length > this.buf.length) this.grow(bytes.length);
    this.buf.set(bytes, this.len);
    this.len += bytes.length;
  }

  /** Appends text as UTF-8. */
  appendText(text: string): void {
    if (text.length > 0) this.append(getTextEncoding().encodeUtf8(text));
  }

  /** The bytes collected so far. */
  finish(): Uint8Array {
    return this.buf.slice(0, this.len);
  }

  private grow(need: number): void {
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.len + need));
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }
}
