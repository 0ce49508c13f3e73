/**
 * Encoding a whole message to bytes: what `toBinary()` does, for every layer that needs it.
 */
import type { DescMessage } from "../descriptors/types.js";
import { BinaryWriter } from "../wire/binary-writer.js";
import { typeRecord } from "../model/type-record.js";
import { writeMessage } from "./encoder.js";

// One writer serves every call: finish() hands out a view and moves the writer to a
// fresh buffer, so returned bytes are never overwritten.
let sharedWriter = new BinaryWriter();
/** The writer of pooled results (toBinary's `pooled` option). */
let pooledWriter = new BinaryWriter();

/** Serializes a message: a lazy view by copying its original bytes where they stand for it. */
export function encodeMessage(desc: DescMessage, message: unknown, writeUnknown: boolean, pooled?: boolean): Uint8Array<ArrayBuffer> {
  // A lazy view is unchanged by construction: its original bytes are its encoding.
  const views = typeRecord(desc).views;
  const bytes = views?.bytes(message, writeUnknown);
  // A view of the bytes read (typed as protobuf-es types the result: bytes read from a
  // SharedArrayBuffer stay a view of it).
  if (bytes !== undefined) return bytes as Uint8Array<ArrayBuffer>;
  const w = pooled ? pooledWriter : sharedWriter;
  try {
    writeMessage(desc, message, w, writeUnknown);
  } catch (e) {
    // The writer may hold a partial message and open forks: start over with a new one.
    // (Both writers: the other one holds nothing of a call, and results handed out stay valid.)
    sharedWriter = new BinaryWriter();
    pooledWriter = new BinaryWriter();
    throw e;
  }
  return pooled ? w.finishPooled() : w.finish();
}
