/**
 * Extensions: values of fields declared outside their message. As in protobuf-es, they are
 * stored in the message's unknown fields, and decoded or encoded on access.
 */
import { extensionRecord } from "../model/extension-record.js";
import type { DescExtension, DescMessage } from "../descriptors/types.js";
import type { Extendee, ExtensionValueShape, Message, UnknownField } from "../types.js";
import { BinaryReader } from "../wire/binary-reader.js";
import { BinaryWriter } from "../wire/binary-writer.js";
import { ProtobufError } from "../wire/errors.js";
import { messageDecoder, type DecodeContext } from "./decoder.js";
import type { BinaryReadOptions } from "./read-options.js";
import { messageEncoder } from "./encoder.js";
import { scalarZeroValue } from "../model/scalar-values.js";
import { create } from "../model/create.js";
import { Boxing, fieldBoxing } from "../model/boxing-kind.js";

/**
 * Returns the value of an extension. If it is not set, returns the default: the declared
 * default or zero value for scalars, an empty list, or an empty message. `options` apply to
 * reading the value from the message's unknown fields (as fromBinary()'s options).
 */
export function getExtension<Desc extends DescExtension>(
  message: Extendee<Desc>,
  extension: Desc,
  options?: Partial<BinaryReadOptions>,
): ExtensionValueShape<Desc> {
  assertExtendee(extension, message);
  const container = containerOf(extension);
  const obj = newContainerValue(extension);
  const unknown = (message as Message).$unknown?.filter((u) => u.no === extension.number);
  if (unknown !== undefined && unknown.length > 0) {
    const w = new BinaryWriter();
    for (const u of unknown) w.tag(u.no, u.wireType).raw(u.data);
    const bytes = w.finish();
    // Unknown fields of message values are kept unless the options say otherwise, as protobuf-es does.
    // The value is a field of a container message, decoded at depth -1: a message value is at
    // depth 0, the top-level message of the recursion limit, as in protobuf-es (a limit that is
    // not a number admits no message).
    const limit = options?.recursionLimit ?? 100;
    const ctx: DecodeContext = { readUnknown: options?.readUnknownFields ?? true, maxDepth: limit >= 0 ? limit - 1 : -1 };
    messageDecoder(container)(obj, new BinaryReader(bytes), bytes.length, 0, -1, ctx);
  }
  const value = obj[extension.typeName];
  return (value === undefined ? defaultValue(extension) : value) as ExtensionValueShape<Desc>;
}

/** Sets an extension value, replacing any previous value. */
export function setExtension<Desc extends DescExtension>(message: Extendee<Desc>, extension: Desc, value: ExtensionValueShape<Desc>): void {
  assertExtendee(extension, message);
  const msg = message as Message;
  const kept = (msg.$unknown ?? []).filter((u) => u.no !== extension.number);
  const obj: Record<string, unknown> = { $typeName: extension.extendee.typeName };
  obj[extension.typeName] =
    extension.fieldKind === "message" && fieldBoxing(extension) === Boxing.None ? create(extension.message, value as Record<string, unknown>) : value;
  const w = new BinaryWriter();
  // Unknown fields of message values are written, as protobuf-es does.
  messageEncoder(containerOf(extension))(obj, w, true);
  const r = new BinaryReader(w.finish());
  while (r.pos < r.len) {
    const tag = r.rawTag();
    const no = tag >>> 3;
    const wireType = tag & 7;
    kept.push({ no, wireType, data: r.skip(wireType, no) } as UnknownField);
  }
  msg.$unknown = kept;
}

/** True if the extension is set on the message. */
export function hasExtension<Desc extends DescExtension>(message: Extendee<Desc>, extension: Desc): boolean {
  return message.$typeName === extension.extendee.typeName && ((message as Message).$unknown?.some((u) => u.no === extension.number) ?? false);
}

/** Removes an extension value from the message. */
export function clearExtension<Desc extends DescExtension>(message: Extendee<Desc>, extension: Desc): void {
  assertExtendee(extension, message);
  const msg = message as Message;
  if (msg.$unknown !== undefined) {
    msg.$unknown = msg.$unknown.filter((u) => u.no !== extension.number);
  }
}

/** Throws (with protobuf-es's text) if the extension does not extend the message's type. */
function assertExtendee(extension: DescExtension, message: Message): void {
  if (message.$typeName !== extension.extendee.typeName) {
    throw new ProtobufError(`extension ${extension.typeName} can only be applied to message ${extension.extendee.typeName}`);
  }
}

function newContainerValue(extension: DescExtension): Record<string, unknown> {
  const obj: Record<string, unknown> = { $typeName: extension.extendee.typeName };
  if (extension.fieldKind === "list") obj[extension.typeName] = [];
  return obj;
}

function defaultValue(extension: DescExtension): unknown {
  switch (extension.fieldKind) {
    case "message":
      if (fieldBoxing(extension) === Boxing.Wrapper) {
        // Unboxed: the wrapper's value, at its zero value (as protobuf-es reads it).
        const inner = extension.message.fields[0];
        return scalarZeroValue(inner.scalar!, inner.fieldKind === "scalar" && inner.longAsString);
      }
      // A message (google.protobuf.Struct too, as protobuf-es returns it when unset).
      return create(extension.message);
    case "enum":
      return extension.getDefaultValue() ?? extension.enum.values[0]?.number ?? 0;
    case "scalar":
      return extension.getDefaultValue() ?? scalarZeroValue(extension.scalar, extension.longAsString);
    default:
      return [];
  }
}

/** The synthetic message type that holds the extension as its only field. */
function containerOf(extension: DescExtension): DescMessage {
  return extensionRecord(extension).container;
}
