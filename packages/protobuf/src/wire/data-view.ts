/**
 * DataViews that the binary reader and writer share: the placeholder they hold before they
 * need a view over their buffer, and how they make one.
 */

/** The view a reader or writer holds until it needs one over its buffer. @internal */
export const EMPTY_VIEW = new DataView(new ArrayBuffer(0));

/** A DataView over exactly the bytes of `buf`. @internal */
export function viewOf(buf: Uint8Array): DataView {
  return new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
}
