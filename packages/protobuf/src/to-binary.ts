/**
 * `toBinary()`: serialize a message to the protobuf binary format.
 */
import type { DescMessage } from "./descriptors/types.js";
import type { MessageShape } from "./types.js";
import { BinaryWriter } from "./wire/binary-writer.js";
import { messageEncoder } from "./binary/encoder.js";
import { lazyUse, viewStateIf, viewTypeInfo } from "./lazy/view-state.js";
import { eagerOf, viewBytes } from "./lazy/view-decode.js";

/** Options for `toBinary()`. */
export interface BinaryWriteOptions {
  /** Write the unknown fields a message was decoded with (and extensions). Default true. */
  writeUnknownFields: boolean;
}

// One writer serves every call: finish() hands out a view and moves the writer to a
// fresh buffer, so returned bytes are never overwritten.
let sharedWriter = new BinaryWriter();

/** Serializes a message to the protobuf binary format. */
export function toBinary<Desc extends DescMessage>(
  schema: Desc,
  message: MessageShape<Desc>,
  options?: Partial<BinaryWriteOptions>,
): Uint8Array {
  const writeUnknown = options?.writeUnknownFields ?? true;
  // A lazy view is unchanged by construction: its original bytes are its encoding.
  const view = lazyUse.viewPlans ? viewStateIf(viewTypeInfo(schema), message) : undefined;
  // (Decoded with readUnknownFields: false, its bytes hold unknown fields it dropped.)
  if (view !== undefined && writeUnknown && view.ctx.readUnknown) return viewBytes(view);
  const w = sharedWriter;
  try {
    writeMessage(schema, message, w, writeUnknown);
  } catch (e) {
    // The writer may hold a partial message and open forks: start over with a new one.
    sharedWriter = new BinaryWriter();
    throw e;
  }
  return w.finish();
}

/**
 * @internal Writes a message's fields to a writer, as `toBinary()` encodes them: a lazy view
 * by copying its original bytes, or by encoding its eager decode.
 */
export function writeMessage(schema: DescMessage, message: unknown, w: BinaryWriter, writeUnknown: boolean): void {
  const view = lazyUse.viewPlans ? viewStateIf(viewTypeInfo(schema), message as object) : undefined;
  if (view !== undefined) {
    if (writeUnknown && view.ctx.readUnknown) {
      w.raw(viewBytes(view));
      return;
    }
    // Encode its eager decode: a view's fields are accessors, not own properties.
    message = eagerOf(message);
  }
  messageEncoder(schema)(message, w, writeUnknown);
}
