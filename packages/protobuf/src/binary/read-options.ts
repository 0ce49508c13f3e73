/**
 * The options of binary reads: `fromBinary()`, `mergeFromBinary()`, `getExtension()`,
 * `sizeDelimitedDecodeStream()`.
 */
/** Options for parsing the binary format: protobuf-es's, and pbjet's own (all optional). */
export interface BinaryReadOptions {
  // pbjet's own options are optional, so that an object of protobuf-es's options is one of ours.
  /** Keep unknown fields in `$unknown`, so that they are written back. Default true. */
  readUnknownFields: boolean;
  /**
   * The maximum depth of nested messages (and groups) to parse, the top-level message
   * counting as 1, as protobuf-es counts it: a message nesting deeper fails with a
   * BinaryDecodeError instead of exhausting the call stack. Default 100.
   */
  recursionLimit: number;
  /**
   * Decode lazily: return a view that decodes sub-messages, strings and lists on first
   * access, takes writes like an ordinary message, and that `toBinary()` writes by copying
   * the original bytes of everything untouched. The view keeps the input buffer alive; `materialize()` releases it.
   * Default false. Needs the lazy layer: `import "@pbjet/protobuf/lazy"` once in the program
   * (without it, this option throws a ProtobufError).
   */
  lazy?: boolean;
  /**
   * With `lazy`: validate the whole input up front (default true), so that later lazy decodes
   * cannot fail. With `false`, nothing is checked before it is read: bad bytes throw a
   * BinaryDecodeError when a field of the affected message is read, and a view that is only
   * passed through is written as it came.
   */
  validate?: boolean;
}
