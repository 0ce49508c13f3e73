/**
 * The binary coders of a message type's fields, kept in the type's record: for each field, the
 * encoder and decoder that the closure codecs compile for it, and what code generated with
 * `aot=true` calls for the parts of a field it does not write out itself (lazy views, maps'
 * keys, closed enums, fields of types from other files). Built on first use, once per field.
 */
import type { DescField, DescMessage } from "../descriptors/types.js";
import { ScalarType } from "../descriptors/scalar.js";
import type { BinaryWriter } from "../wire/binary-writer.js";
import { ProtobufError } from "../wire/errors.js";
import { typeRecord } from "../model/type-record.js";
import { setOwnProperty } from "../model/map-key.js";
import { zeroMessageFactory, type ZeroMessageFactory } from "../model/zero-message.js";
import { fieldDecoder, messageDecoder, type FieldDecoder, type MessageDecoder } from "./decoder.js";
import { fieldEncoder, messageValueEncoder, oneofEncoder, type FieldEncoder } from "./encoder.js";
import { setIndexKeyEntry } from "./index-keys.js";

/** @internal */
declare module "../model/type-record.js" {
  /** The slot this module fills in every type record. */
  interface RecordSlots {
    coders: (FieldCoder | undefined)[];
  }
}

/** The binary coder of one field of a message type. */
export interface FieldCoder {
  /**
   * Writes the field of message `m` with its tags: a list or map whole, a oneof member if it
   * is the selected case. Throws for a required field that is not set, or an unknown oneof case.
   */
  readonly encode: FieldEncoder;
  /**
   * Reads one value of the field into message `m`, its tag read (wire type `wt`): merges into
   * a message that is set, keeps an unknown value of a closed enum (or the map entry that holds
   * one) in the unknown fields. Returns false if the wire type does not fit the field.
   */
  readonly decode: FieldDecoder;
  /** A field of message type (singular, list or map value): writes message `v` with the field's tag; a lazy view from its bytes. */
  readonly writeMessage: (v: unknown, w: BinaryWriter, writeUnknown: boolean) => void;
  /** A field of message type: creates a message of the value's type with every field at its zero value. */
  readonly zero: ZeroMessageFactory;
  /** A field of message type: the decoder of the value's type (generated, or compiled from the descriptor). */
  readonly decodeMessage: MessageDecoder;
  /**
   * A map: stores `value` under `key` (a string, or a number for 32-bit integer keys) as an
   * own property (`__proto__` too), and returns the new `limit` of integer keys (see
   * setIndexKeyEntry(); start with -Infinity for each map in one decode).
   */
  readonly put: (map: Record<string, unknown>, key: string | number, value: unknown, limit: number) => number;
}

/** The coder of the field at `index` (declaration order) of a message type. */
export function fieldCoder(desc: DescMessage, index: number): FieldCoder {
  const rec = typeRecord(desc);
  const coders = (rec.coders ??= []);
  return coders[index] ?? (coders[index] = buildCoder(desc.fields[index]));
}

function buildCoder(field: DescField): FieldCoder {
  const oneof = field.oneof;
  const valueType = field.message;
  const notMessage = (): never => {
    throw new ProtobufError(`field ${field.parent.typeName}.${field.name} holds no message`);
  };
  return {
    encode: oneof !== undefined ? oneofEncoder(oneof.localName, oneof.fields, field.localName) : fieldEncoder(field),
    decode: fieldDecoder(field),
    writeMessage: valueType !== undefined ? messageValueEncoder(valueType, field.number, field.delimitedEncoding) : notMessage,
    zero: valueType !== undefined ? zeroMessageFactory(valueType) : notMessage,
    decodeMessage: valueType !== undefined ? messageDecoder(valueType) : notMessage,
    put: field.fieldKind === "map" && isIndexKey(field.mapKey) ? (setIndexKeyEntry as FieldCoder["put"]) : putOwn,
  };
}

function putOwn(map: Record<string, unknown>, key: string | number, value: unknown, limit: number): number {
  setOwnProperty(map, key as string, value);
  return limit;
}

/** Whether map keys of the type are 32-bit integers, stored as numbers (see setIndexKeyEntry()). */
function isIndexKey(t: ScalarType): boolean {
  switch (t) {
    case ScalarType.INT32:
    case ScalarType.UINT32:
    case ScalarType.SINT32:
    case ScalarType.FIXED32:
    case ScalarType.SFIXED32:
      return true;
    default:
      return false;
  }
}
