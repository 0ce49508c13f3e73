/**
 * What the run-time helpers of ahead-of-time codecs keep per message type (in the type
 * record's `aot` slot): the compiled codecs of the fields that generated code leaves to the
 * closure path, and the compiled encoder of the whole type, which reports encode errors.
 */
import type { DescMessage } from "../descriptors/types.js";
import { typeRecord } from "../model/type-record.js";
import type { FieldDecoder } from "./decoder.js";
import type { FieldEncoder, MessageEncoder } from "./encoder.js";

/** The per-type lookups of ahead-of-time codecs. */
export interface AotSlot {
  /** Compiled field decoders, by field index (declaration order). */
  readonly fieldDecoders: (FieldDecoder | undefined)[];
  /** Compiled field encoders, by field index (declaration order). */
  readonly fieldEncoders: (FieldEncoder | undefined)[];
  /** Compiled encoders of whole oneofs, by oneof index. */
  readonly oneofEncoders: (FieldEncoder | undefined)[];
  /** The compiled encoder of the type (not the ahead-of-time one). */
  closureEncoder: MessageEncoder | undefined;
}

/** The lookups of a message type, created on first use. */
export function aotSlot(desc: DescMessage): AotSlot {
  const rec = typeRecord(desc);
  return (rec.aot ??= { fieldDecoders: [], fieldEncoders: [], oneofEncoders: [], closureEncoder: undefined }) as AotSlot;
}
