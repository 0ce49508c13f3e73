/**
 * The JSON reader: one function per message type, compiled once from the descriptor into a
 * table of field readers keyed by JSON name and proto name, and cached. Well-known types
 * with a JSON form of their own get their reader from wkt-read.ts.
 */
import type { ListFieldObject } from "../descriptors/list-field.js";
import { wktName } from "../descriptors/wkt-names.js";
import type { DescEnum, DescExtension, DescField, DescMessage, DescOneof } from "../descriptors/types.js";
import { Edition, FieldPresence } from "../descriptors/edition.js";
import { ScalarType } from "../descriptors/scalar.js";
import type { Registry } from "../registry/registry.js";
import type { JsonReadOptions } from "./options.js";
import { typeRecord } from "../model/type-record.js";
import { writableForm } from "../model/view-protocol.js";
import { extensionRecord } from "../model/extension-record.js";
import { setOwnProperty } from "../model/map-key.js";
import { scalarZeroValue } from "../model/scalar-values.js";
import { zeroMessageFactory } from "../model/zero-message.js";
import { setExtension } from "../binary/extensions.js";
import { JsonProblem, fieldSegment, formatJson, indexSegment, keySegment, withSegment } from "./errors.js";
import { scalarFromJson, mapKeyFromJson } from "./scalar-read.js";
import { IGNORED, enumReader } from "./enum.js";
import { wktReader } from "./wkt-read.js";
import { boxedReader } from "./boxed.js";
import { enterMessage, isJsonObject, notAnObject } from "./read-guards.js";
import { Boxing, elementBoxing, fieldBoxing } from "../model/boxing-kind.js";
import { countColons } from "./parse.js";
import { adoptMap, isEmpty, keysCanonical } from "./map-adopt.js";

/** @internal */
declare module "../model/type-record.js" {
  /** The slot this module fills in every type record. */
  interface RecordSlots {
    extensionJsonReader: ValueRead;
    jsonReader: MessageReader;
  }
}

/** Options and state of one read call. */
export interface ReadContext {
  readonly ignoreUnknownFields: boolean;
  readonly registry: Registry | undefined;
  readonly recursionLimit: number;
  /** The current message nesting depth. */
  depth: number;
  /**
   * Keys of JSON objects and colons in JSON strings read so far, for the duplicate-key check of
   * fromJsonString() (json/parse.ts): readers add what they read, each key and string at most
   * once (what they skip they may leave out: the check then walks the value itself).
   */
  count: number;
  /**
   * True if the JSON value was parsed from text by this read call (fromJsonString()), so that
   * no one else holds it: its objects may then become the message's maps and Struct values,
   * checked in place, instead of being copied.
   */
  readonly owned: boolean;
}

/** The context of a read call; `owned`: the JSON value was parsed by the call (see ReadContext). */
export function readContext(options: Partial<JsonReadOptions> | undefined, owned: boolean): ReadContext {
  return {
    ignoreUnknownFields: options?.ignoreUnknownFields ?? false,
    registry: options?.registry,
    recursionLimit: options?.recursionLimit ?? 100,
    depth: 0,
    count: 0,
    owned,
  };
}

/** Merges a JSON value into a message of one type. Throws JsonProblem. */
export type MessageReader = (msg: any, json: unknown, ctx: ReadContext) => void;

/** Reads one JSON value of a field into the message. */
type FieldRead = (msg: any, json: unknown, ctx: ReadContext) => void;

/** Reads one value (of a singular field, or an element) from JSON; IGNORED for dropped values. */
export type ValueRead = (json: unknown, ctx: ReadContext) => unknown;

interface FieldEntry {
  readonly read: FieldRead;
  /** The path segment for errors. */
  readonly seg: string;
  /** The other spelling of the field's name (proto name or JSON name), if they differ. */
  readonly alias: string | undefined;
  /** The bit of the field in a per-object mask of fields seen, or 0 (then `alias` is looked up). */
  readonly aliasBit: number;
  /** The oneof, if the field is a member. */
  readonly oneof: DescOneof | undefined;
  /** The bit of the oneof in a per-object mask, or 0 if there are too many oneofs. */
  readonly oneofBit: number;
  /** JSON null is a value for this field (google.protobuf.Value, NullValue), not "unset". */
  readonly nullIsValue: boolean;
}

const hasOwn = Object.prototype.hasOwnProperty;

/** The compiled JSON reader of a message type. */
export function messageReader(desc: DescMessage): MessageReader {
  const rec = typeRecord(desc);
  return (rec.jsonReader ??= buildReader(desc));
}

function buildReader(desc: DescMessage): MessageReader {
  const wkt = wktReader(desc, messageReader);
  if (wkt !== undefined) return wkt;
  let table: Map<string, FieldEntry> | undefined;
  return (msg, json, ctx) => {
    if (!isJsonObject(json)) throw notAnObject(json);
    // Compiled on first call, so that recursive types can refer to themselves.
    if (table === undefined) table = compileTable(desc);
    enterMessage(ctx);
    let seen = 0;
    let aliases = 0;
    let seenSet: Set<DescOneof> | undefined;
    let seg = "";
    const keys = Object.keys(json);
    ctx.count += keys.length;
    try {
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i];
        const value = json[key];
        const entry = table.get(key);
        if (entry === undefined) {
          seg = "";
          readOtherKey(desc, msg, key, value, ctx);
          continue;
        }
        seg = entry.seg;
        if (entry.alias !== undefined) {
          // Given by JSON name and by proto name: the same field twice.
          if (entry.aliasBit !== 0) {
            if ((aliases & entry.aliasBit) !== 0) throw givenTwice(key, entry.alias);
            aliases |= entry.aliasBit;
          } else if (hasOwn.call(json, entry.alias)) {
            throw givenTwice(key, entry.alias);
          }
        }
        if (entry.oneof !== undefined && (value !== null || entry.nullIsValue)) {
          if (entry.oneofBit !== 0) {
            if ((seen & entry.oneofBit) !== 0) throw oneofTwice(entry.oneof);
            seen |= entry.oneofBit;
          } else {
            seenSet ??= new Set();
            if (seenSet.has(entry.oneof)) throw oneofTwice(entry.oneof);
            seenSet.add(entry.oneof);
          }
        }
        entry.read(msg, value, ctx);
      }
    } catch (e) {
      throw seg === "" ? e : withSegment(e, seg);
    }
    ctx.depth--;
  };
}

function givenTwice(key: string, alias: string): JsonProblem {
  return new JsonProblem(`the field is given twice, as ${formatJson(alias)} and ${formatJson(key)}`);
}

function oneofTwice(oneof: DescOneof): JsonProblem {
  return new JsonProblem(`more than one field of oneof ${oneof.name} is set`);
}

function compileTable(desc: DescMessage): Map<string, FieldEntry> {
  const table = new Map<string, FieldEntry>();
  const bits = desc.oneofs.length <= 31;
  let aliasCount = 0;
  for (const field of desc.fields) {
    const oneofBit = field.oneof !== undefined && bits ? 1 << desc.oneofs.indexOf(field.oneof) : 0;
    const aliased = field.jsonName !== field.name;
    // Fields with two spellings get a bit in a per-object mask (up to 31; then a lookup).
    const aliasBit = aliased && aliasCount < 31 ? 1 << aliasCount++ : 0;
    const common = {
      read: fieldReader(field),
      seg: fieldSegment(field.name),
      oneof: field.oneof,
      oneofBit,
      aliasBit,
      nullIsValue: nullIsValue(field),
    };
    const differ = field.jsonName !== field.name;
    table.set(field.jsonName, { ...common, alias: differ ? field.name : undefined });
    if (differ && !table.has(field.name)) {
      table.set(field.name, { ...common, alias: field.jsonName });
    }
  }
  return table;
}

/** True if JSON null is a value of the field (or its elements), not "unset". */
function nullIsValue(field: DescField | DescExtension): boolean {
  if (field.fieldKind === "message") return field.message.typeName === wktName.Value;
  if (field.fieldKind === "enum") return field.enum.typeName === wktName.NullValue;
  return false;
}

/** Keys that are not fields: extensions ("[full.name]"), or unknown. */
export function readOtherKey(desc: DescMessage, msg: any, key: string, value: unknown, ctx: ReadContext): void {
  const n = key.length;
  if (n > 2 && key.charCodeAt(0) === 91 && key.charCodeAt(n - 1) === 93 && ctx.registry !== undefined) {
    const ext = ctx.registry.getExtension(key.substring(1, n - 1));
    if (ext !== undefined && ext.extendee.typeName === desc.typeName) {
      try {
        if (value === null && !nullIsValue(ext)) return;
        const v = extensionValueReader(ext)(value, ctx);
        if (v !== IGNORED) setExtension(msg, ext, v as never);
      } catch (e) {
        throw withSegment(e, "." + key);
      }
      return;
    }
  }
  if (!ctx.ignoreUnknownFields) {
    throw new JsonProblem(`unknown field ${formatJson(key)}`);
  }
}

/** The reader of an extension's value (a list for repeated extensions). */
function extensionValueReader(ext: DescExtension): ValueRead {
  const rec = extensionRecord(ext);
  let read = rec.jsonReader;
  if (read === undefined) {
    if (ext.fieldKind === "list") {
      const fill = listFiller(ext);
      read = (json, ctx) => {
        const list: unknown[] = [];
        fill(list, json, ctx);
        return list;
      };
    } else if (ext.fieldKind === "message") {
      const readMessage = messageValueReader(ext);
      read = (json, ctx) => readMessage(json, undefined, ctx);
    } else {
      read = elementReader(ext);
    }
    rec.jsonReader = read;
  }
  return read;
}

/**
 * The reader of one value of a field: a scalar, an enum value (IGNORED for unknown names
 * when ignoring unknown fields), or a new message. For lists and maps, of one element.
 */
export function elementReader(field: {
  readonly scalar: ScalarType | undefined;
  readonly enum: DescEnum | undefined;
  readonly message: DescMessage | undefined;
  readonly longAsString?: boolean;
}): ValueRead {
  if (field.message !== undefined) {
    const desc = field.message;
    let read: MessageReader | undefined;
    let factory: (() => unknown) | undefined;
    return (json, ctx) => {
      read ??= messageReader(desc);
      factory ??= zeroMessageFactory(desc);
      const sub = factory();
      read(sub, json, ctx);
      return sub;
    };
  }
  if (field.enum !== undefined) {
    const read = enumReader(field.enum);
    return (json, ctx) => read(json, ctx.ignoreUnknownFields);
  }
  const conv = scalarFromJson(field.scalar!, field.longAsString === true);
  return (json, ctx) => {
    const v = conv(json);
    // The colons of a string, for the duplicate-key check.
    if (typeof v === "string") ctx.count += countColons(v);
    return v;
  };
}

/** The reader of the elements of a list or map field: Struct elements are JSON objects. */
export function repeatedElementReader(field: DescField | DescExtension): ValueRead {
  if (elementBoxing(field) === Boxing.None) {
    // jstype applies to list elements; map values are never strings for 64-bit integers.
    const longAsString = field.fieldKind === "list" && (field as ListFieldObject).longAsString;
    return elementReader({ scalar: field.scalar, enum: field.enum, message: field.message, longAsString });
  }
  const read = boxedReader(field, Boxing.Struct);
  return (json, ctx) => read(json, undefined, ctx);
}

/** Appends the elements of a JSON array to a list. */
type ListFill = (list: unknown[], json: unknown, ctx: ReadContext) => void;

function listFiller(field: (DescField | DescExtension) & { fieldKind: "list" }): ListFill {
  const read = repeatedElementReader(field);
  return (list, json, ctx) => {
    if (!Array.isArray(json)) throw new JsonProblem(`expected array, got ${formatJson(json)}`);
    let i = 0;
    try {
      for (; i < json.length; i++) {
        const v = read(json[i], ctx);
        if (v !== IGNORED) list.push(v);
      }
    } catch (e) {
      throw withSegment(e, indexSegment(i));
    }
  };
}

/**
 * Fills map `map` from JSON object `json`; or, if the map is empty, `json` is owned by the read
 * (ReadContext.owned) and every key is valid and in its canonical form ("1", not "01"),
 * converts `json` in place and returns it to become the map (no copy; undefined otherwise).
 */
type MapFill = (map: Record<string, unknown>, json: unknown, ctx: ReadContext) => Record<string, unknown> | undefined;

function mapFiller(field: DescField & { fieldKind: "map" }): MapFill {
  const readKey = mapKeyFromJson(field.mapKey);
  const read = repeatedElementReader(field);
  // Only string keys may hold colons (keys of other types that do are rejected).
  const stringKeys = field.mapKey === ScalarType.STRING;
  return (map, json, ctx) => {
    if (!isJsonObject(json)) throw notAnObject(json);
    const keys = Object.keys(json);
    ctx.count += keys.length;
    if (stringKeys) for (let i = 0; i < keys.length; i++) ctx.count += countColons(keys[i]);
    if (ctx.owned && isEmpty(map) && keysCanonical(keys, readKey)) return adoptMap(json, keys, read, ctx);
    let key = "";
    let canonical: Set<string> | undefined;
    try {
      for (let i = 0; i < keys.length; i++) {
        key = keys[i];
        const k = readKey(key);
        if (k !== key || canonical !== undefined) {
          // "01" and "1" are the same int key: given both, the key is given twice.
          canonical ??= new Set(keys.slice(0, i).map(readKey));
          if (canonical.has(k)) throw new JsonProblem(`map key ${k} is given twice`);
          canonical.add(k);
        }
        const v = read(json[key], ctx);
        if (v !== IGNORED) setOwnProperty(map, k, v);
      }
    } catch (e) {
      throw withSegment(e, keySegment(key));
    }
    return undefined;
  };
}

export function fieldReader(field: DescField): FieldRead {
  const name = field.localName;
  switch (field.fieldKind) {
    case "list": {
      const fill = listFiller(field);
      return (msg, json, ctx) => {
        if (json !== null) fill(msg[name], json, ctx);
      };
    }
    case "map": {
      const fill = mapFiller(field);
      return (msg, json, ctx) => {
        if (json !== null) {
          const adopted = fill(msg[name], json, ctx);
          if (adopted !== undefined) msg[name] = adopted;
        }
      };
    }
    case "message":
      return field.oneof !== undefined ? oneofMessageReader(field) : messageFieldReader(field);
    default:
      return field.oneof !== undefined ? oneofValueReader(field) : singularReader(field);
  }
}

/**
 * The reader of a message field's value: into `current` (merged; a lazy view stays the value,
 * and its fields are merged into through the ordinary message that holds them), or into a new
 * message if there is none. Unboxed well-known types are read by boxed.ts.
 */
function messageValueReader(
  field: (DescField | DescExtension) & { fieldKind: "message" },
): (json: unknown, current: unknown, ctx: ReadContext) => unknown {
  const boxing = fieldBoxing(field);
  if (boxing !== Boxing.None) return boxedReader(field, boxing);
  const desc = field.message;
  let read: MessageReader | undefined;
  let factory: (() => unknown) | undefined;
  return (json, current, ctx) => {
    read ??= messageReader(desc);
    if (current === undefined) {
      factory ??= zeroMessageFactory(desc);
      const sub = factory();
      read(sub, json, ctx);
      return sub;
    }
    read(writableForm(typeRecord(desc), current), json, ctx);
    return current;
  };
}

function messageFieldReader(field: DescField & { fieldKind: "message" }): FieldRead {
  const name = field.localName;
  const nullValue = nullIsValue(field);
  const read = messageValueReader(field);
  return (msg, json, ctx) => {
    if (json === null && !nullValue) {
      // Unset by assignment: `delete` would turn the message into a slow dictionary object.
      if (msg[name] !== undefined) msg[name] = undefined;
      return;
    }
    msg[name] = read(json, msg[name], ctx);
  };
}

function oneofMessageReader(field: DescField & { fieldKind: "message" }): FieldRead {
  const oneof = field.oneof!.localName;
  const caseName = field.localName;
  const nullValue = nullIsValue(field);
  const read = messageValueReader(field);
  return (msg, json, ctx) => {
    const o = msg[oneof];
    if (json === null && !nullValue) {
      if (o.case === caseName) msg[oneof] = { case: undefined };
      return;
    }
    msg[oneof] = { case: caseName, value: read(json, o.case === caseName ? o.value : undefined, ctx) };
  };
}

function oneofValueReader(field: DescField & { fieldKind: "scalar" | "enum" }): FieldRead {
  const oneof = field.oneof!.localName;
  const caseName = field.localName;
  const read = elementReader(field);
  const nullValue = nullIsValue(field);
  return (msg, json, ctx) => {
    if (json === null && !nullValue) {
      if (msg[oneof].case === caseName) msg[oneof] = { case: undefined };
      return;
    }
    const v = read(json, ctx);
    if (v !== IGNORED) msg[oneof] = { case: caseName, value: v };
  };
}

function singularReader(field: DescField & { fieldKind: "scalar" | "enum" }): FieldRead {
  const name = field.localName;
  const implicit = (field.presence as number) === FieldPresence.IMPLICIT;
  const proto3 = (field.parent.file.edition as number) === Edition.EDITION_PROTO3;
  const nullValue = nullIsValue(field);
  // JSON null resets the field: to the zero value with implicit presence, else unset.
  const reset = implicit
    ? field.fieldKind === "enum"
      ? (msg: any) => {
          msg[name] = field.enum.values[0]?.number ?? 0;
        }
      : (msg: any) => {
          msg[name] = scalarZeroValue(field.scalar, field.longAsString);
        }
    : proto3
      ? (msg: any) => {
          // proto3 optional: unset is undefined (no prototype holds a default).
          if (msg[name] !== undefined) msg[name] = undefined;
        }
      : (msg: any) => {
          // proto2 and editions: the default lives on the prototype, so unsetting removes the
          // own property (rare: only a value set earlier in the same message is removed).
          if (hasOwn.call(msg, name)) delete msg[name];
        };
  if (field.fieldKind === "enum") {
    const read = enumReader(field.enum);
    return (msg, json, ctx) => {
      if (json === null && !nullValue) {
        reset(msg);
        return;
      }
      const v = read(json, ctx.ignoreUnknownFields);
      if (v !== IGNORED) msg[name] = v;
    };
  }
  const read = elementReader(field);
  return (msg, json, ctx) => {
    if (json === null) {
      reset(msg);
      return;
    }
    msg[name] = read(json, ctx);
  };
}
