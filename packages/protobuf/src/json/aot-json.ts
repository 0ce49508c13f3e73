/**
 * What the ahead-of-time JSON writers and readers in generated code (plugin option
 * `aot=true`) call at run time: sub-messages (through the type's own writer or reader, which
 * may be ahead-of-time too), scalar conversions and checks, enum names, extensions, errors,
 * and the compiled closures of fields that the generated code leaves to the runtime (maps,
 * unboxed wrappers and Struct, google.protobuf.Value and NullValue). Each does what the
 * compiled writer (text-writer.ts) or reader (reader.ts) does in the same place, so that both
 * give the same text, the same messages and the same errors.
 */
import type { DescEnum, DescMessage } from "../descriptors/types.js";
import { ScalarType } from "../descriptors/scalar.js";
import { FieldPresence } from "../descriptors/edition.js";
import { wktName } from "../descriptors/wkt-names.js";
import type { Message } from "../types.js";
import { typeRecord } from "../model/type-record.js";
import { writableForm } from "../model/view-protocol.js";
import { scalarZeroValue } from "../model/scalar-values.js";
import { zeroMessageFactory } from "../model/zero-message.js";
import { dictionaryElements } from "../model/map-key.js";
import { base64Encode } from "../wire/base64.js";
import { JsonProblem, fieldSegment, formatJson, indexSegment, requiredNotSet, withSegment } from "./errors.js";
import { int64ToJson, jsonNativeList, scalarWriteProblem } from "./scalar-write.js";
import { mapKeyFromJson, readBytes, scalarFromJson, shortInt64, type ScalarFromJson } from "./scalar-read.js";
import { protoInt64 } from "../wire/int64.js";
import { IGNORED, enumReader } from "./enum.js";
import { enterMessage, notAnObject } from "./read-guards.js";
import {
  enumToJsonText,
  extensionsText,
  fieldTextWriter,
  jsonKeyBody,
  messageTextWriter,
  oneofTextWriter,
  plainJsonString,
  quote,
} from "./text-writer.js";
import type { WriteContext } from "./options.js";
import { fieldReader, messageReader, readContext, readOtherKey, type ReadContext } from "./reader.js";
import { countColons } from "./parse.js";
import { isWellFormed } from "../wire/well-formed.js";
import { JsonScanner } from "./scanner.js";
import type { JsonReadOptions } from "./options.js";

/** @internal */
declare module "../model/type-record.js" {
  /** The slot this module fills in every type record. */
  interface RecordSlots {
    jsonScanner: AotJsonScan;
  }
}

/**
 * The ahead-of-time JSON writer of a message type: the members of message `m` as JSON text
 * with braces, for the option bits `o` (EMIT_IMPLICIT 1, ENUM_AS_INTEGER 2, PROTO_FIELD_NAME 4).
 */
export type AotJsonWriter = (m: any, o: number, x: WriteContext) => string;

/** The ahead-of-time JSON reader of a message type: merges JSON value `j` into message `m`. */
export type AotJsonReader = (m: any, j: any, x: ReadContext) => void;

/**
 * The ahead-of-time reader of JSON text of a message type: reads the members of an object
 * from scanner `t` (at its `{`) into the new message `m`; gives up with `t.bail()` wherever it
 * is not sure to read as the reader of parsed JSON does (json/scanner.ts).
 */
export type AotJsonScan = (m: any, t: JsonScanner, x: ReadContext) => void;

// ---- writing ----

/** The JSON text of sub-message `v` of type `desc` (a lazy view is written from its eager form). */
export function aotJsonMessage(desc: DescMessage, v: unknown, o: number, x: WriteContext): string {
  return messageTextWriter(desc, o)(v, x);
}

/** The JSON text of a string field's value (checked to be a string). */
export function aotJsonString(v: unknown): string {
  if (typeof v !== "string") throw scalarWriteProblem(ScalarType.STRING, v);
  return quote(v);
}

/**
 * Whether `v` is a string that JSON text holds as it is, between quotes (what aotJsonString()
 * would quote without escaping): generated writers append it and its quotes without making a
 * quoted copy first, which saves V8 a piece of the text to join and flatten.
 */
export function aotJsonPlain(v: unknown): boolean {
  return typeof v === "string" && plainJsonString(v);
}

/**
 * A map key as JSON text without its quotes: the key itself if it needs no escaping (see
 * aotJsonPlain()), else as JSON.stringify escapes it.
 */
export const aotJsonKeyBody: (k: string) => string = jsonKeyBody;

/** Whether `JSON.stringify(list)` is the JSON text of a list of scalar type `t` (see jsonNativeList() in scalar-write.ts). */
export const aotJsonNativeList: (t: ScalarType, list: unknown) => boolean = jsonNativeList;

/** The JSON text of a bytes value: base64 in quotes. */
export function aotJsonBytes(v: unknown): string {
  if (!(v instanceof Uint8Array)) throw scalarWriteProblem(ScalarType.BYTES, v);
  return '"' + base64Encode(v) + '"';
}

/** The problem of a value that a field of scalar type `t` cannot hold. */
export function aotJsonProblem(t: ScalarType, v: unknown): object {
  return scalarWriteProblem(t, v);
}

/** The problem of a required field that is not set (thrown where the field index is known, for its path). */
export const aotJsonNotSet: () => object = requiredNotSet;

/** The decimal digits of a 64-bit value that is not a bigint (a string or a number). */
export const aotJsonInt64: (t: ScalarType, v: unknown) => string = int64ToJson;

/** The JSON text of a double or float that is not finite. */
export function aotJsonNonFinite(v: number): string {
  return v !== v ? '"NaN"' : v > 0 ? '"Infinity"' : '"-Infinity"';
}

const enumTextKey = Symbol("pbjet.aotJsonEnumText");

/** The JSON text of an enum value: its quoted name, or its number (option bit ENUM_AS_INTEGER). */
export function aotJsonEnum(desc: DescEnum, v: unknown, o: number): string {
  const holder = desc as unknown as { [enumTextKey]?: ((v: unknown) => string)[] };
  const texts = (holder[enumTextKey] ??= []);
  const i = o & 2;
  return (texts[i] ??= enumToJsonText(desc, i) as (v: unknown) => string)(v);
}

/**
 * Appends field `index` (declaration order) of message `m`, written by the compiled writer,
 * to the members `s` written so far.
 */
export function aotJsonField(desc: DescMessage, index: number, o: number, m: unknown, s: string, x: WriteContext): string {
  const slot = writerSlot(desc, o);
  return (slot.fields[index] ??= fieldTextWriter(desc.fields[index], o))(m, s, x);
}

/** Appends oneof `index` of message `m`, written by the compiled writer. */
export function aotJsonOneof(desc: DescMessage, index: number, o: number, m: unknown, s: string, x: WriteContext): string {
  const slot = writerSlot(desc, o);
  const oneof = desc.oneofs[index];
  return (slot.oneofs[index] ??= oneofTextWriter(oneof.localName, oneof.fields, o))(m, s, x);
}

interface WriterSlot {
  readonly fields: ((m: unknown, s: string, x: WriteContext) => string)[];
  readonly oneofs: ((m: unknown, s: string, x: WriteContext) => string)[];
}

const writerSlotKey = Symbol("pbjet.aotJsonWriterSlot");

function writerSlot(desc: DescMessage, o: number): WriterSlot {
  const holder = desc as unknown as { [writerSlotKey]?: WriterSlot[] };
  const slots = (holder[writerSlotKey] ??= []);
  return (slots[o] ??= { fields: [], oneofs: [] });
}

/**
 * Appends the extensions of message `m` that the registry knows to the members `s` ("" or the
 * object's text from its `{`, as for the runtime's field writers).
 */
export function aotJsonExtensions(desc: DescMessage, o: number, m: Message, x: WriteContext, s: string): string {
  return extensionsText(desc, o, m, x.registry!, x, s);
}

/** A problem thrown while writing field `index` of a message (-1: no field, or a oneof) gets the field's segment. */
export function aotJsonWriteError(desc: DescMessage, e: unknown, index: number): unknown {
  return index < 0 ? e : withSegment(e, fieldSegment(desc.fields[index].name));
}

/** A problem thrown below list element `i` gets its index. */
export function aotJsonIndexError(e: unknown, i: number): unknown {
  return withSegment(e, indexSegment(i));
}

// ---- reading ----

/** Checks that `j` is a JSON object and counts one level of nesting; throws otherwise. */
export function aotJsonEnter(j: unknown, x: ReadContext): void {
  if (typeof j !== "object" || j === null || Array.isArray(j)) throw notAnObject(j);
  enterMessage(x);
}

/** Keys that are no field of the message: extensions ("[full.name]") or unknown. */
export const aotJsonOtherKey: (desc: DescMessage, m: unknown, key: string, value: unknown, x: ReadContext) => void = readOtherKey;

/** The problem of a field given by its JSON name and by its proto name. */
export function aotJsonTwice(key: string, alias: string): object {
  return new JsonProblem(`the field is given twice, as ${formatJson(alias)} and ${formatJson(key)}`);
}

/** The problem of a second member of a oneof. */
export function aotJsonOneofTwice(desc: DescMessage, index: number): object {
  return new JsonProblem(`more than one field of oneof ${desc.oneofs[index].name} is set`);
}

/** A problem thrown while reading field `index` (-1: none) gets the field's segment. */
export const aotJsonReadError: (desc: DescMessage, e: unknown, index: number) => unknown = aotJsonWriteError;

/** The problem of a list field whose value is not an array. */
export function aotJsonNotArray(json: unknown): object {
  return new JsonProblem(`expected array, got ${formatJson(json)}`);
}

/** What generated JSON readers get as `x`: the options and state of one read call. */
export type AotJsonReadContext = ReadContext;

/**
 * Reads a string field's value (checked to be a well-formed string) and counts its colons for
 * the duplicate-key check (json/parse.ts).
 */
export function aotJsonReadString(json: unknown, x: ReadContext): string {
  if (typeof json !== "string" || !isWellFormed(json)) return aotJsonScalar(ScalarType.STRING, false, json) as string;
  if (json.indexOf(":") !== -1) x.count += countColons(json);
  return json;
}

/**
 * Reads a string field's value from text (json/scanner.ts): checked to be a string. The
 * scanner's strings are well-formed (it gives up on a lone surrogate), as aotJsonReadString()
 * checks on the other path.
 */
export function aotJsonScanString(json: unknown): string {
  if (typeof json !== "string") return aotJsonScalar(ScalarType.STRING, false, json) as string;
  return json;
}

const scalarReaders: ScalarFromJson[] = [];

/** Reads a value of scalar type `t` from JSON (64-bit values as strings with `las`); throws the closure path's problems. */
export function aotJsonScalar(t: ScalarType, las: boolean, json: unknown): any {
  const i = las ? t + 32 : t;
  return (scalarReaders[i] ??= scalarFromJson(t, las))(json);
}

/**
 * Reads a 64-bit integer of scalar type `t` from JSON (a string with `las`): a quoted decimal of
 * up to 19 or 20 digits directly, anything else as aotJsonScalar() does.
 */
export function aotJsonReadInt64(t: ScalarType, las: boolean, json: unknown): any {
  if (typeof json === "string" && json.length <= 20) {
    const v = shortInt64(json, t === ScalarType.UINT64 || t === ScalarType.FIXED64, las || !protoInt64.supported);
    if (v !== undefined) return v;
  }
  return aotJsonScalar(t, las, json);
}

/** Reads a bytes value from JSON (base64). */
export const aotJsonReadBytes: (json: unknown) => Uint8Array = readBytes;

/** The zero value of scalar type `t` (what JSON null resets an implicit-presence field to). */
export const aotJsonZero: (t: ScalarType, las: boolean) => unknown = scalarZeroValue;

/** Reads an enum value from JSON: its number, or undefined for an unknown value that is ignored. */
export function aotJsonReadEnum(desc: DescEnum, json: unknown, x: ReadContext): number | undefined {
  const v = enumReader(desc)(json, x.ignoreUnknownFields);
  return v === IGNORED ? undefined : v;
}

/** Reads a new message of type `desc` from JSON. */
export function aotJsonNew(desc: DescMessage, json: unknown, x: ReadContext): any {
  const holder = desc as unknown as { [newFromJsonKey]?: (json: unknown, x: ReadContext) => unknown };
  return (holder[newFromJsonKey] ??= newFromJson(desc))(json, x);
}

const newFromJsonKey = Symbol("pbjet.aotJsonNew");

/**
 * How aotJsonNew() makes a message of type `desc`: the type's zero message read into by its
 * reader, both looked up once. A google.protobuf.Timestamp or Duration (the types that JSON
 * holds most of, and that generated code leaves to the runtime) with the standard fields
 * starts as an object literal, which is what the zero factory makes of them (own `$typeName`,
 * `seconds`, `nanos` in that order, Object.prototype), without the factory's generic stores.
 */
function newFromJson(desc: DescMessage): (json: unknown, x: ReadContext) => unknown {
  const read = messageReader(desc);
  const f = desc.fields;
  if (
    (desc.typeName === wktName.Timestamp || desc.typeName === wktName.Duration) &&
    f.length === 2 &&
    desc.oneofs.length === 0 &&
    f[0].localName === "seconds" &&
    f[1].localName === "nanos" &&
    f[0].fieldKind === "scalar" &&
    f[1].fieldKind === "scalar" &&
    (f[0].presence as number) === FieldPresence.IMPLICIT &&
    (f[1].presence as number) === FieldPresence.IMPLICIT
  ) {
    const typeName = desc.typeName;
    const zeroSeconds = scalarZeroValue(f[0].scalar, f[0].longAsString);
    return (json, x) => {
      const sub = { $typeName: typeName, seconds: zeroSeconds, nanos: 0 };
      read(sub, json, x);
      return sub;
    };
  }
  const factory = zeroMessageFactory(desc);
  return (json, x) => {
    const sub = factory();
    read(sub, json, x);
    return sub;
  };
}

/** Merges JSON into the existing message `sub` of type `desc` (a lazy view stays in place). */
export function aotJsonMerge(desc: DescMessage, sub: unknown, json: unknown, x: ReadContext): void {
  messageReader(desc)(writableForm(typeRecord(desc), sub), json, x);
}

/** Reads field `index` of message `m` from JSON with the compiled field reader (null included). */
export function aotJsonReadField(desc: DescMessage, index: number, m: unknown, json: unknown, x: ReadContext): void {
  const holder = desc as unknown as { [readerSlotKey]?: ((m: unknown, j: unknown, x: ReadContext) => void)[] };
  const slot = (holder[readerSlotKey] ??= []);
  (slot[index] ??= fieldReader(desc.fields[index]))(m, json, x);
}

const readerSlotKey = Symbol("pbjet.aotJsonReaderSlot");

/**
 * Reads a whole JSON text into a new message of type `desc` with its ahead-of-time text reader
 * `scan`: the message, or undefined if the text is no object or the scan gave up (then
 * fromJsonString() reads the text as usual, which reports any problem).
 */
export function scanText(desc: DescMessage, scan: AotJsonScan, text: string, options: Partial<JsonReadOptions> | undefined): unknown {
  if (typeof text !== "string") return undefined;
  const t = new JsonScanner(text);
  try {
    if (!t.readable() || t.peek() !== 123) return undefined;
    const msg = zeroMessageFactory(desc)();
    scan(msg, t, readContext(options, true));
    t.end();
    return msg;
  } catch {
    // Whatever stopped the scan (a bail-out, a problem of a value), the usual path decides.
    return undefined;
  }
}

/**
 * Reads a new message of type `desc` from scanner `t`: by the type's ahead-of-time text
 * reader if it has one and an object follows, else from the value that follows.
 */
export function aotJsonScanNew(desc: DescMessage, t: JsonScanner, x: ReadContext): any {
  const scan = typeRecord(desc).jsonScanner as AotJsonScan | undefined;
  if (scan !== undefined && t.peek() === 123) {
    const m = zeroMessageFactory(desc)();
    scan(m, t, x);
    return m;
  }
  return aotJsonNew(desc, t.value(), x);
}

const mapKeyReaders: ((key: string) => string)[] = [];

/**
 * Checks `k`, a key of a map read from text, as the map is filled without the closure path's
 * check for two keys of one canonical form: 0 if it is not a valid map key of scalar type `t`
 * in its canonical form ("1", not "01"); 2 if it is, and an array index of four digits or more
 * (see aotJsonLargeMap()); else 1. A thrown problem makes the scanner give up, as 0 does.
 */
export function aotJsonScanKey(t: ScalarType, k: string): number {
  switch (t) {
    case ScalarType.STRING:
      return isWellFormed(k) ? indexClass(k) : 0;
    case ScalarType.BOOL:
      return k === "true" || k === "false" ? 1 : 0;
  }
  const sure = plainInteger(t, k);
  if (sure !== 0) return sure;
  return (mapKeyReaders[t] ??= mapKeyFromJson(t))(k) === k ? indexClass(k) : 0;
}

/**
 * 1 or 2 (as aotJsonScanKey()) if `k` is sure to be a canonical integer key of type `t`: at
 * most 9 digits for 32-bit types and 15 for 64-bit ones (within range), no leading zero, a
 * minus only for signed types; else 0 (the key's reader decides).
 */
function plainInteger(t: ScalarType, k: string): number {
  const n = k.length;
  const signed = t !== ScalarType.UINT32 && t !== ScalarType.FIXED32 && t !== ScalarType.UINT64 && t !== ScalarType.FIXED64;
  const start = signed && k.charCodeAt(0) === 45 ? 1 : 0;
  const digits = n - start;
  const is32 = t === ScalarType.INT32 || t === ScalarType.UINT32 || t === ScalarType.SINT32 || t === ScalarType.FIXED32 || t === ScalarType.SFIXED32;
  if (digits < 1 || digits > (is32 ? 9 : 15)) return 0;
  const first = k.charCodeAt(start);
  if (first < 49 || first > 57) return digits === 1 && first === 48 && start === 0 ? 1 : 0;
  for (let i = start + 1; i < n; i++) {
    const c = k.charCodeAt(i);
    if (c < 48 || c > 57) return 0;
  }
  return start === 0 && digits >= 4 ? indexClass(k) : 1;
}

/** 2 if `k` is an array index of four digits or more (up to 2^32 - 2, no leading zero), else 1. */
function indexClass(k: string): number {
  const n = k.length;
  const first = k.charCodeAt(0);
  if (n < 4 || n > 10 || first < 49 || first > 57) return 1;
  for (let i = 1; i < n; i++) {
    const c = k.charCodeAt(i);
    if (c < 48 || c > 57) return 1;
  }
  return n < 10 || +k < 4294967295 ? 2 : 1;
}

/** Property keys that no map holds: added and deleted by aotJsonLargeMap() (symbols: unique). */
const scratchKeys = [Symbol("pbjet.map.a"), Symbol("pbjet.map.b")] as const;

/**
 * Prepares map `map`, filled key by key, for many keys or keys that are large array indexes:
 * its properties and elements become dictionaries, as JSON.parse makes them. Else V8 makes a
 * new hidden class for every key added (1,000 keys: 322 us, against 82 us), and grows an array
 * for index keys up to 1024 apart (0, 1000, 2000, ...: 0.8 us per key, against 0.14 us).
 * (Deleting a property that is not the last one added makes an object a dictionary.)
 */
export function aotJsonLargeMap(map: Record<string | symbol, unknown>): void {
  dictionaryElements(map as Record<number, unknown>);
  map[scratchKeys[0]] = undefined;
  map[scratchKeys[1]] = undefined;
  delete map[scratchKeys[0]];
  delete map[scratchKeys[1]];
}

/** Keeps key `k` among the other keys `seen` of an object, or gives up if it is there already (a duplicate). */
export function aotJsonScanOther(t: JsonScanner, seen: string[] | undefined, k: string): string[] {
  if (seen === undefined) return [k];
  if (seen.includes(k)) t.bail();
  seen.push(k);
  return seen;
}
