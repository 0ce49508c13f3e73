/**
 * `fromBinary()` and `mergeFromBinary()`: parse the protobuf binary format.
 */
import type { DescMessage } from "./descriptors/types.js";
import type { MessageShape } from "./types.js";
import { BinaryReader } from "./wire/binary-reader.js";
import { checkDepth, messageDecoder, type DecodeContext } from "./binary/decoder.js";
import { zeroMessageFactory } from "./model/zero-message.js";
import { lazySupport } from "./binary/lazy-support.js";
import { ProtobufError } from "./wire/errors.js";
import { typeRecord } from "./model/type-record.js";
import { writableForm } from "./model/view-protocol.js";
import type { BinaryReadOptions } from "./binary/read-options.js";

export type { BinaryReadOptions };

const plainContext: DecodeContext = { readUnknown: true, maxDepth: 99 }; // protobuf-es's default recursion limit, 100
let lazyFieldsContext: DecodeContext | undefined;

/** The levels allowed below the top-level message: `recursionLimit - 1`; a limit below 1 admits no message. */
function depthOf(options: Partial<BinaryReadOptions>, typeName: string): number {
  const maxDepth = (options.recursionLimit ?? 100) - 1;
  checkDepth(-1, maxDepth, 0, typeName);
  return maxDepth;
}

function contextOf(options: Partial<BinaryReadOptions> | undefined, typeName: string): DecodeContext {
  const lazyFields = lazySupport()?.fieldViews;
  if (options === undefined) {
    if (lazyFields === undefined) return plainContext;
    return (lazyFieldsContext ??= { readUnknown: true, maxDepth: 99, lazyFields });
  }
  return {
    readUnknown: options.readUnknownFields ?? true,
    maxDepth: depthOf(options, typeName),
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
  messageDecoder(schema)(msg, r, r.len, 0, 0, contextOf(options, schema.typeName));
  return msg as unknown as MessageShape<Desc>;
}

function fromBinaryLazy<Desc extends DescMessage>(schema: Desc, bytes: Uint8Array, options: Partial<BinaryReadOptions>): MessageShape<Desc> {
  const support = lazySupport();
  if (support === undefined) {
    throw new ProtobufError(`cannot decode ${schema.typeName} lazily: import "@pbjet/protobuf/lazy" once to enable lazy decoding`);
  }
  const view = support.decodeView(schema, bytes, {
    validate: options.validate !== false,
    readUnknown: options.readUnknownFields ?? true,
    maxDepth: depthOf(options, schema.typeName),
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
  messageDecoder(schema)(writableForm(typeRecord(schema), target), r, r.len, 0, 0, contextOf(options, schema.typeName));
  return target;
}
