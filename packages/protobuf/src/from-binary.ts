/**
 * `fromBinary()` and `mergeFromBinary()`: parse the protobuf binary format.
 */
import type { DescMessage } from "./descriptors/types.js";
import type { MessageShape } from "./types.js";
import { BinaryReader } from "./wire/binary-reader.js";
import { messageDecoder, type DecodeContext } from "./binary/decoder.js";
import { zeroMessageFactory } from "./model/zero-message.js";
import { messageValidator } from "./binary/validator.js";
import { createView } from "./lazy/view-decode.js";
import { lazyFieldViews } from "./lazy/lazy-fields.js";
import { LazyMessageError, stateOf, type ViewContext } from "./lazy/view-state.js";

/** Options for `fromBinary()` and `mergeFromBinary()`. */
export interface BinaryReadOptions {
  /** Keep unknown fields in `$unknown`, so that they are written back. Default true. */
  readUnknownFields: boolean;
  /** Maximum nesting depth of messages and groups. Default 100, as in Google's runtimes. */
  maxDepth: number;
  /**
   * Decode lazily: return a read-only view that decodes sub-messages, strings and lists on
   * first access, and that `toBinary()` writes by copying its original bytes while it is
   * untouched. The view keeps the input buffer alive; `materialize()` releases it.
   * Default false.
   */
  lazy: boolean;
  /**
   * With `lazy`: validate the whole input up front (default true), so that later lazy decodes
   * cannot fail. With `false`, nothing is checked before it is read: bad bytes throw a
   * BinaryDecodeError when a field of the affected message is read, and a view that is only
   * passed through is written as it came.
   */
  validate: boolean;
}

const defaultContext: DecodeContext = { readUnknown: true, maxDepth: 100, lazyFields: lazyFieldViews };

function contextOf(options: Partial<BinaryReadOptions> | undefined): DecodeContext {
  if (options === undefined) return defaultContext;
  return {
    readUnknown: options.readUnknownFields ?? true,
    maxDepth: options.maxDepth ?? 100,
    lazyFields: lazyFieldViews,
  };
}

/**
 * Parses a message from the protobuf binary format. Throws a BinaryDecodeError that names
 * the field and byte offset on malformed input. Bytes fields of the result are views into
 * `bytes` (no copies). With `{ lazy: true }`, returns a lazy read-only view.
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
  const validated = options.validate !== false;
  const maxDepth = options.maxDepth ?? 100;
  // Trusted input is not checked for required fields either: its views pass through as they came.
  let requiredComplete = true;
  if (validated) {
    const r = new BinaryReader(bytes);
    requiredComplete = messageValidator(schema)(r, r.len, 0, 0, maxDepth);
  }
  const ctx: ViewContext = {
    validated,
    requiredComplete,
    readUnknown: options.readUnknownFields ?? true,
    maxDepth,
    reader: undefined,
    lazyFields: lazyFieldViews,
  };
  return createView(schema, bytes, 0, bytes.length, undefined, 0, ctx) as MessageShape<Desc>;
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
  if (stateOf(target) !== undefined) {
    throw new LazyMessageError(`cannot merge into ${schema.typeName}: the message is a read-only lazy view; use toMutable() first`);
  }
  const r = new BinaryReader(bytes);
  messageDecoder(schema)(target, r, r.len, 0, 0, contextOf(options));
  return target;
}
