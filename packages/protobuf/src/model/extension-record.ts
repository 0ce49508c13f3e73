/**
 * Records of extensions and enums, the counterparts of the message type record
 * (type-record.ts): one per descriptor, cached on it, with a slot for what each layer
 * compiles for it.
 *
 * Extension values are stored in the unknown fields of the message they extend, in binary
 * form. To read and write them with the compiled codecs, each extension has a container: a
 * synthetic message type whose only field is the extension, named by its full name.
 */
import type { DescEnum, DescExtension, DescField, DescMessage } from "../descriptors/types.js";
import type { RecordSlots } from "./type-record.js";

/** The type of slot `K`, declared by the layer that fills it (see RecordSlots). */
type SlotOf<K extends string> = K extends keyof RecordSlots ? RecordSlots[K] : never;

/** The record of an extension. */
export interface ExtensionRecord {
  /** The synthetic message type that holds the extension as its only field. */
  readonly container: DescMessage;
  /** json/reader.ts: the reader of the extension's value. */
  jsonReader: SlotOf<"extensionJsonReader"> | undefined;
  /** json/writer.ts: the writers of the extension's value, per combination of option bits. */
  readonly jsonWriters: SlotOf<"extensionJsonWriter">[];
  /** json/text-writer.ts: the text writers of the extension's value, per combination of option bits. */
  readonly jsonTextWriters: SlotOf<"extensionJsonTextWriter">[];
}

/** The record of an enum. */
export interface EnumRecord {
  /** json/enum.ts */
  json: SlotOf<"enumJson"> | undefined;
}

const extensionKey = Symbol("pbjet.extensionRecord");
const enumKey = Symbol("pbjet.enumRecord");

/** The record of an extension, built on first use. */
export function extensionRecord(ext: DescExtension): ExtensionRecord {
  const holder = ext as unknown as { [extensionKey]?: ExtensionRecord };
  let rec = holder[extensionKey];
  if (rec === undefined) {
    rec = { container: containerOf(ext), jsonReader: undefined, jsonWriters: [], jsonTextWriters: [] };
    Object.defineProperty(ext, extensionKey, { value: rec, enumerable: false });
  }
  return rec;
}

/** The record of an enum, built on first use. */
export function enumRecord(desc: DescEnum): EnumRecord {
  const holder = desc as unknown as { [enumKey]?: EnumRecord };
  let rec = holder[enumKey];
  if (rec === undefined) {
    rec = { json: undefined };
    Object.defineProperty(desc, enumKey, { value: rec, enumerable: false });
  }
  return rec;
}

function containerOf(extension: DescExtension): DescMessage {
  const field = { ...extension, kind: "field", oneof: undefined, parent: undefined } as unknown as DescField;
  const container = {
    ...extension.extendee,
    fields: [field],
    field: { [extension.typeName]: field },
    members: [field],
    oneofs: [],
  } as DescMessage;
  (field as { parent: DescMessage }).parent = container;
  return container;
}
