/**
 * `fromBinary()` and `mergeFromBinary()`: parse the protobuf binary format.
 */
import type { DescMessage } from "./descriptors/types.js";
import type { MessageShape } from "./types.js";
import { BinaryReader } from "./wire/binary-reader.js";
import { messageDecoder, type DecodeContext } from "./binary/decoder.js";
import { zeroMessageFactory } from "./model/zero-message.js";
import { lazySupport } from "./binary/lazy-support.js";
import { ProtobufError } from "./wire/errors.js";
import { typeRecord } from "./model/type-record.js";
import { writableForm } from "./model/view-protocol.js";

/** Options for `fromBinary()` and `mergeFromBinary()`. */
export interface BinaryReadOptions {
  // pbjet's own options are optional, so that an object of protobuf-es's options is one of ours.
  /** Keep unknown fields in `$unknown`, so that they are written back. Default true. */
  readUnknownFields: boolean;
  /** Maximum nesting depth of messages and groups. Default 100, as in Google's runtimes. */
  maxDepth?: number;
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

const plainContext: DecodeContext = { readUnknown: true, maxDepth: 100 };
let lazyFieldsContext: DecodeContext | undefined;

function contextOf(options: Partial<BinaryReadOptions> | undefined): DecodeContext {
  const lazyFields = lazySupport()?.fieldViews;
  if (options === undefined) {
    if (lazyFields === undefined) return plainContext;
    return (lazyFieldsContext ??= { readUnknown: true, maxDepth: 100, lazyFields });
  }
  return {
    readUnknown: options.readUnknownFields ?? true,
    maxDepth: options.maxDepth ?? 100,
    lazyFields,
  };
}

/**
 * Parses a message from the protobuf binary format. Throws a BinaryDecodeError that names
 * the field and byte offset on malformed input. Bytes fields of the result are views into
 * `bytes` (no copies). With `{ lazy: true }`, returns a lazy view.
 */
export function fromBinary<Desc extends DescMessage>(schema: Desc, bytes: Uint8Array, options?: Partial<BinaryReadOptions>): MessageShape<Desc> {
  if (options?.lazy === true) {
    return fromBinaryLazy(schema, bytes, options);
  }
  const msg = zeroMessageFactory(schema)();
  const r = new BinaryReader(bytes);
  messageDecoder(schema)(msg, r, r.len, 0, 0, contextOf(options));
  return msg as unknown as MessageShape<Desc>;
}

function fromBinaryLazy<Desc extends DescMessage>(schema: Desc, bytes: Uint8Array, options: Partial<BinaryReadOptions>): MessageShape<Desc> {
  const support = lazySupport();
  if (support === undefined) {
    throw new ProtobufError(
      `cannot decode ${schema.typeName} lazily: lazy decoding is not loaded; import "@pbjet/protobuf/lazy" once in the program to enable it`,
    );
  }
  const view = support.decodeView(schema, bytes, {
    validate: options.validate !== false,
    readUnknown: options.readUnknownFields ?? true,
    maxDepth: options.maxDepth ?? 100,
  });
  return view as MessageShape<Desc>;
}

/**
 * Parses the protobuf binary format into an existing message: scalar fields are replaced,
 * repeated fields appended to, and message fields merged, as protobuf merges.
 */
export function mergeFromBinary<Desc extends DescMessage>(
  schema: Desc,
  target: MessageShape<Desc>,
  bytes: Uint8Array,
  options?: Partial<BinaryReadOptions>,
): MessageShape<Desc> {
  const r = new BinaryReader(bytes);
  // A lazy view is merged into through the ordinary message that holds its fields.
  messageDecoder(schema)(writableForm(typeRecord(schema), target), r, r.len, 0, 0, contextOf(options));
  return target;
}
