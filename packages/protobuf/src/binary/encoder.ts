/**
 * The binary encoder: one function per message type, compiled once from the descriptor into
 * a list of field encoders (closures), and cached.
 */
import type { DescField, DescMessage } from "../descriptors/types.js";
import { Edition, FieldPresence } from "../descriptors/edition.js";
import { implicitScalarEncoder } from "./scalar-field-encoders.js";
import { ScalarType } from "../descriptors/scalar.js";
import { WireType } from "../wire/wire-type.js";
import type { BinaryWriter } from "../wire/binary-writer.js";
import { BinaryEncodeError } from "../wire/errors.js";
import type { Message } from "../types.js";
import { factsOf, typeRecord } from "../model/type-record.js";
import { scalarFixedSize, scalarWireType } from "../descriptors/scalar.js";
import { scalarWriter, type ScalarWriter } from "./scalar.js";
import { mapKeyConverter } from "../model/map-key.js";
import { Boxing } from "../model/boxing-kind.js";
import { boxWrapper } from "../model/boxing.js";
import { structFieldWriter } from "./struct-writer.js";

/** @internal */
declare module "../model/type-record.js" {
  /** The slot this module fills in every type record. */
  interface RecordSlots {
    encoder: MessageEncoder;
  }
}

/** Encodes a message of one type into a writer. */
export type MessageEncoder = (msg: any, w: BinaryWriter, writeUnknown: boolean) => void;
/** Encodes one field (or oneof) of a message. */
export type FieldEncoder = (msg: any, w: BinaryWriter, writeUnknown: boolean) => void;

/**
 * The compiled encoder of a message type. It encodes the fields of an ordinary message; for
 * a message that may be a lazy view, use writeMessage().
 */
export function messageEncoder(desc: DescMessage): MessageEncoder {
  const rec = typeRecord(desc);
  return (rec.encoder ??= buildMessageEncoder(desc)) as MessageEncoder;
}

/**
 * Writes a message's fields (no tag, no length): a lazy view by copying its original bytes
 * where they stand for it, any other message with the compiled encoder.
 */
export function writeMessage(desc: DescMessage, message: unknown, w: BinaryWriter, writeUnknown: boolean): void {
  const rec = typeRecord(desc);
  const views = rec.views;
  if (views !== undefined && (message = views.writeContent(message, w, writeUnknown)) === undefined) return;
  ((rec.encoder ??= buildMessageEncoder(desc)) as MessageEncoder)(message, w, writeUnknown);
}

/** @internal The compiled (closure) encoder of a message type, not cached: see messageEncoder(). */
export function buildMessageEncoder(desc: DescMessage): MessageEncoder {
  let fields: FieldEncoder[] | undefined;
  let names: string[] | undefined;
  return (msg, w, writeUnknown) => {
    // Compiled on first call, so that recursive types can refer to themselves.
    if (fields === undefined) [fields, names] = compileFields(desc);
    let i = 0;
    try {
      for (; i < fields.length; i++) {
        fields[i](msg, w, writeUnknown);
      }
    } catch (e) {
      throw withFieldName(e, desc, names![i]);
    }
    const unknown = (msg as Message).$unknown;
    if (unknown !== undefined && writeUnknown) {
      w.unknownFields(unknown);
    }
  };
}

/** Errors that already name the field they are about (the innermost one). */
const annotated = new WeakSet<object>();

/**
 * An encode error of a value prefixed with the field it belongs to, as protobuf-es does:
 * "cannot encode field pkg.Msg.field_name to binary: invalid int32: 2147483648".
 */
function withFieldName(e: unknown, desc: DescMessage, name: string): unknown {
  if (!(e instanceof BinaryEncodeError) || annotated.has(e)) return e;
  const err = new BinaryEncodeError(`cannot encode field ${desc.typeName}.${name} to binary: ${e.message}`);
  annotated.add(err);
  return err;
}

function compileFields(desc: DescMessage): [FieldEncoder[], string[]] {
  const sorted = [...desc.fields].sort((a, b) => a.number - b.number);
  const encoders: FieldEncoder[] = [];
  const names: string[] = [];
  const oneofsDone = new Set<string>();
  // Fields are written in field-number order. A oneof whose members are consecutive in
  // that order is written by one encoder; one whose members are interleaved with other
  // fields (e.g. members 1 and 7 around a field 3) gets an encoder at each member's place.
  const interleaved = new Set<string>();
  for (const oneof of desc.oneofs) {
    const at = oneof.fields.map((f) => sorted.indexOf(f));
    if (Math.max(...at) - Math.min(...at) !== at.length - 1) interleaved.add(oneof.localName);
  }
  for (const field of sorted) {
    if (field.oneof) {
      if (interleaved.has(field.oneof.localName)) {
        encoders.push(oneofEncoder(field.oneof.localName, field.oneof.fields, field.localName));
        names.push(field.name);
      } else if (!oneofsDone.has(field.oneof.localName)) {
        oneofsDone.add(field.oneof.localName);
        encoders.push(oneofEncoder(field.oneof.localName, field.oneof.fields));
        names.push(field.oneof.name);
      }
      continue;
    }
    encoders.push(fieldEncoder(field));
    names.push(field.name);
  }
  return [encoders, names];
}

/** Encodes the selected member of a oneof; with `only`, just that member if selected. */
export function oneofEncoder(localName: string, fields: DescField[], only?: string): FieldEncoder {
  const byCase = new Map<string, (value: unknown, w: BinaryWriter, writeUnknown: boolean) => void>();
  const nameOf = new Map<string, string>();
  for (const f of fields) {
    byCase.set(f.localName, valueEncoder(f));
    nameOf.set(f.localName, f.name);
  }
  const parent = fields[0].parent;
  return (msg, w, writeUnknown) => {
    const o = msg[localName];
    if (o === undefined || o.case === undefined) return;
    const enc = byCase.get(o.case);
    if (enc === undefined) {
      throw new BinaryEncodeError(`cannot encode oneof ${localName}: unknown case "${o.case}"`);
    }
    if (only !== undefined && o.case !== only) return;
    try {
      enc(o.value, w, writeUnknown);
    } catch (e) {
      // Name the selected member rather than the oneof.
      throw withFieldName(e, parent, nameOf.get(o.case)!);
    }
  };
}

/** Encodes one value of a singular field, with its tag. */
function valueEncoder(field: DescField): (value: any, w: BinaryWriter, writeUnknown: boolean) => void {
  const no = field.number;
  switch (field.fieldKind) {
    case "message":
      return singularMessageEncoder(field);
    case "enum":
      return (v, w) => w.tag(no, WireType.Varint).int32(v);
    default: {
      // A scalar: lists and maps are never members of a oneof.
      const scalar = field.scalar!;
      const write = scalarWriter(scalar);
      const wt = scalarWireType(scalar);
      return (v, w) => {
        w.tag(no, wt);
        write(w, v);
      };
    }
  }
}

/** @internal Writes one message value of field `no` with its tag: a lazy view from its bytes where they stand for it. */
export function messageValueEncoder(desc: DescMessage, no: number, delimited: boolean) {
  let enc: MessageEncoder | undefined;
  const rec = typeRecord(desc);
  if (delimited) {
    return (v: any, w: BinaryWriter, writeUnknown: boolean) => {
      // A lazy view that is written whole is copied from its original bytes; where its bytes
      // cannot stand for it, its eager form is encoded (a view's fields are accessors).
      const views = rec.views;
      if (views !== undefined && (v = views.writeField(v, w, no, true, writeUnknown)) === undefined) return;
      enc ??= messageEncoder(desc);
      w.tag(no, WireType.StartGroup);
      enc(v, w, writeUnknown);
      w.tag(no, WireType.EndGroup);
    };
  }
  const tag = ((no << 3) | WireType.LengthDelimited) >>> 0;
  return (v: any, w: BinaryWriter, writeUnknown: boolean) => {
    const views = rec.views;
    if (views !== undefined && (v = views.writeField(v, w, no, false, writeUnknown)) === undefined) return;
    enc ??= messageEncoder(desc);
    w.rawTag(tag).fork();
    enc(v, w, writeUnknown);
    w.join();
  };
}

/**
 * Encodes the value of a singular message field; unboxed well-known types (wrapper primitives,
 * Struct JSON objects) as the messages they stand for.
 */
function singularMessageEncoder(field: DescField & { fieldKind: "message" }) {
  const boxing = factsOf(field).boxing;
  if (boxing === Boxing.Struct) return structFieldWriter(field.message, field.number, field.delimitedEncoding);
  const enc = messageValueEncoder(field.message, field.number, field.delimitedEncoding);
  if (boxing === Boxing.None) return enc;
  const desc = field.message;
  return (v: unknown, w: BinaryWriter, writeUnknown: boolean) => enc(boxWrapper(desc, v), w, writeUnknown);
}

/** @internal The encoder of one field that is not a oneof member. */
export function fieldEncoder(field: DescField): FieldEncoder {
  const name = field.localName;
  switch (field.fieldKind) {
    case "list":
      return listEncoder(field);
    case "map":
      return mapEncoder(field);
    case "message": {
      const enc = singularMessageEncoder(field);
      const required = (field.presence as number) === FieldPresence.LEGACY_REQUIRED;
      return (msg, w, writeUnknown) => {
        const v = msg[name];
        if (v !== undefined) {
          enc(v, w, writeUnknown);
        } else if (required) {
          throw requiredError(field);
        }
      };
    }
    default:
      return singularScalarEncoder(field);
  }
}

function requiredError(field: DescField): BinaryEncodeError {
  const err = new BinaryEncodeError(`cannot encode ${field.parent.typeName}: required field ${field.name} is not set`);
  annotated.add(err);
  return err;
}

function singularScalarEncoder(field: DescField & { fieldKind: "scalar" | "enum" }): FieldEncoder {
  const name = field.localName;
  const scalar = field.fieldKind === "enum" ? ScalarType.INT32 : field.scalar;
  const tag = ((field.number << 3) | scalarWireType(scalar)) >>> 0;
  if ((field.presence as number) === FieldPresence.IMPLICIT) {
    return implicitScalarEncoder(scalar, name, tag);
  }
  const write = scalarWriter(scalar);
  const required = (field.presence as number) === FieldPresence.LEGACY_REQUIRED;
  if ((field.parent.file.edition as number) === Edition.EDITION_PROTO3 && !required) {
    // proto3 optional: unset is undefined (there is no prototype with defaults).
    return (msg, w) => {
      const v = msg[name];
      if (v !== undefined) {
        w.rawTag(tag);
        write(w, v);
      }
    };
  }
  return (msg, w) => {
    // Explicit presence: set if the property is own (defaults live on the prototype).
    const v = msg[name];
    if (v !== undefined && Object.prototype.hasOwnProperty.call(msg, name)) {
      w.rawTag(tag);
      write(w, v);
    } else if (required) {
      throw requiredError(field);
    }
  };
}

function listEncoder(field: DescField & { fieldKind: "list" }): FieldEncoder {
  const name = field.localName;
  const no = field.number;
  if (field.listKind === "message") {
    const enc =
      factsOf(field).boxing === Boxing.Struct
        ? structFieldWriter(field.message!, no, field.delimitedEncoding)
        : messageValueEncoder(field.message!, no, field.delimitedEncoding);
    return (msg, w, writeUnknown) => {
      const list = msg[name] as unknown[];
      for (let i = 0; i < list.length; i++) enc(list[i], w, writeUnknown);
    };
  }
  const scalar = field.listKind === "enum" ? ScalarType.INT32 : field.scalar!;
  const write = scalarWriter(scalar);
  if (field.packed) {
    const fixedSize = scalarFixedSize(scalar);
    const tag = ((no << 3) | WireType.LengthDelimited) >>> 0;
    if (fixedSize > 0) {
      // Fixed-width elements: the length is known up front, no fork needed.
      return (msg, w) => {
        const list = msg[name] as unknown[];
        const n = list.length;
        if (n === 0) return;
        w.rawTag(tag).uint32(n * fixedSize);
        for (let i = 0; i < n; i++) write(w, list[i]);
      };
    }
    return (msg, w) => {
      const list = msg[name] as unknown[];
      const n = list.length;
      if (n === 0) return;
      w.rawTag(tag).fork();
      for (let i = 0; i < n; i++) write(w, list[i]);
      w.join();
    };
  }
  const tag = ((no << 3) | scalarWireType(scalar)) >>> 0;
  return (msg, w) => {
    const list = msg[name] as unknown[];
    for (let i = 0; i < list.length; i++) {
      w.rawTag(tag);
      write(w, list[i]);
    }
  };
}

function mapEncoder(field: DescField & { fieldKind: "map" }): FieldEncoder {
  const name = field.localName;
  const entryTag = ((field.number << 3) | WireType.LengthDelimited) >>> 0;
  const keyType = field.mapKey;
  const writeKey = scalarWriter(keyType);
  const keyTag = ((1 << 3) | scalarWireType(keyType)) >>> 0;
  let writeValue: (w: BinaryWriter, v: any, writeUnknown: boolean) => void;
  if (field.mapKind === "message") {
    const desc = field.message!;
    let enc: MessageEncoder | undefined;
    const rec = typeRecord(desc);
    if (factsOf(field).boxing === Boxing.Struct) {
      const struct = structFieldWriter(desc, 2, false);
      writeValue = (w, v) => struct(v, w);
    } else {
      writeValue = (w, v, writeUnknown) => {
        // A lazy view as a map value: its original bytes, or its eager form.
        const views = rec.views;
        if (views !== undefined && (v = views.writeField(v, w, 2, false, writeUnknown)) === undefined) return;
        enc ??= messageEncoder(desc);
        w.rawTag(0x12).fork();
        enc(v, w, writeUnknown);
        w.join();
      };
    }
  } else {
    const scalar = field.mapKind === "enum" ? ScalarType.INT32 : field.scalar!;
    const write: ScalarWriter = scalarWriter(scalar);
    const valueTag = ((2 << 3) | scalarWireType(scalar)) >>> 0;
    writeValue = (w, v) => {
      w.rawTag(valueTag);
      write(w, v);
    };
  }
  const toKey = mapKeyConverter(keyType);
  return (msg, w, writeUnknown) => {
    const map = msg[name] as Record<string, unknown>;
    const keys = Object.keys(map);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      w.rawTag(entryTag).fork().rawTag(keyTag);
      writeKey(w, toKey(key));
      writeValue(w, map[key], writeUnknown);
      w.join();
    }
  };
}
