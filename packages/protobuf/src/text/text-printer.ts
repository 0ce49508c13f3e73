/**
 * The text format printer, as protobuf-es prints: set fields in declaration order, then the
 * extensions the registry knows sorted by name, then (optionally) the unknown fields; map
 * entries in the order of the map; Any expanded when its type is in the registry.
 */
import { wktName } from "../descriptors/wkt-names.js";
import { typeRecord } from "../model/type-record.js";
import { eagerForm } from "../model/view-protocol.js";
import type { DescExtension, DescField, DescMessage } from "../descriptors/types.js";
import { ScalarType } from "../descriptors/scalar.js";
import type { Registry } from "../registry/registry.js";
import type { Message, UnknownField } from "../types.js";
import { fieldIsSet } from "../model/presence.js";
import { getExtension } from "../binary/extensions.js";
import { decodeMessage } from "../binary/decode.js";
import { boxValue } from "../model/boxing.js";
import { Boxing, elementBoxing, fieldBoxing } from "../model/boxing-kind.js";
import { textFieldName } from "./field-table.js";
import { formatEnum, formatScalar } from "./format-scalar.js";
import { printUnknownFields } from "./unknown-fields.js";
import type { TextOutput } from "./text-output.js";

/** Settings of one print. */
export interface PrintSettings {
  readonly registry: Registry | undefined;
  readonly printUnknown: boolean;
}

type Obj = Record<string, any>;
type AnyField = DescField | DescExtension;

const ANY = wktName.Any;
/** Type URLs that the parser reads back in brackets: names separated by "." and "/". */
const TYPE_URL = /^[A-Za-z_][A-Za-z0-9_]*(?:[./][A-Za-z_][A-Za-z0-9_]*)*$/;

/** Prints the fields of a message (without braces). */
export function printMessage(desc: DescMessage, msg: Obj, out: TextOutput, settings: PrintSettings): void {
  msg = eagerForm(typeRecord(desc), msg);
  if (desc.typeName === ANY && settings.registry !== undefined && printAnyExpanded(desc, msg, out, settings)) {
    return;
  }
  const unknown = (msg as Message).$unknown;
  let rest: readonly UnknownField[] = unknown ?? [];
  let extensions: [DescExtension, unknown][] = [];
  if (unknown !== undefined && unknown.length > 0 && settings.registry !== undefined) {
    [extensions, rest] = splitExtensions(desc, msg as Message, unknown, settings.registry);
  }
  for (const field of desc.fields) {
    if (!fieldIsSet(msg, field)) continue;
    const value = field.oneof !== undefined ? msg[field.oneof.localName].value : msg[field.localName];
    printValue(field, textFieldName(field), value, out, settings);
  }
  for (const [ext, value] of extensions) {
    printValue(ext, `[${ext.typeName}]`, value, out, settings);
  }
  if (settings.printUnknown && rest.length > 0) {
    printUnknownFields(rest, out);
  }
}

/**
 * Separates the extensions that the registry knows from the other unknown fields. An
 * extension whose data does not decode stays with the unknown fields.
 */
function splitExtensions(
  desc: DescMessage,
  msg: Message,
  unknown: readonly UnknownField[],
  registry: Registry,
): [[DescExtension, unknown][], UnknownField[]] {
  const found = new Map<number, DescExtension | undefined>();
  for (const u of unknown) {
    if (!found.has(u.no)) found.set(u.no, registry.getExtensionFor(desc, u.no));
  }
  const extensions: [DescExtension, unknown][] = [];
  for (const ext of found.values()) {
    if (ext === undefined) continue;
    try {
      extensions.push([ext, getExtension(msg, ext)]);
    } catch {
      found.set(ext.number, undefined);
    }
  }
  extensions.sort((a, b) => (a[0].typeName < b[0].typeName ? -1 : a[0].typeName > b[0].typeName ? 1 : 0));
  const rest = unknown.filter((u) => found.get(u.no) === undefined);
  return [extensions, rest];
}

/** Prints an Any as `[type_url] { ... }`; false if the type is not known or the value does not decode. */
function printAnyExpanded(desc: DescMessage, msg: Obj, out: TextOutput, settings: PrintSettings): boolean {
  const typeUrlField = desc.fields.find((f) => f.number === 1);
  const valueField = desc.fields.find((f) => f.number === 2);
  if (typeUrlField === undefined || valueField === undefined) return false;
  const typeUrl = msg[typeUrlField.localName] as string;
  const slash = typeUrl.lastIndexOf("/");
  if (slash < 0 || !TYPE_URL.test(typeUrl)) return false;
  const inner = settings.registry!.getMessage(typeUrl.slice(slash + 1));
  if (inner === undefined) return false;
  let sub: Obj;
  try {
    sub = decodeMessage(inner, msg[valueField.localName] as Uint8Array) as Obj;
  } catch {
    return false;
  }
  out.open(`[${typeUrl}]`);
  printMessage(inner, sub, out, settings);
  out.close();
  return true;
}

function printNested(name: string, desc: DescMessage, value: Obj, out: TextOutput, settings: PrintSettings): void {
  out.open(name);
  printMessage(desc, value, out, settings);
  out.close();
}

/** Prints one field (every element of a list, every entry of a map). */
function printValue(field: AnyField, name: string, value: any, out: TextOutput, settings: PrintSettings): void {
  switch (field.fieldKind) {
    case "scalar":
      out.field(name, formatScalar(field.scalar, value));
      return;
    case "enum":
      out.field(name, formatEnum(field.enum, value));
      return;
    case "message": {
      // Unboxed well-known types (wrappers, Struct) are printed as the messages they stand for.
      printNested(name, field.message, boxed(fieldBoxing(field), field.message, value), out, settings);
      return;
    }
    case "list": {
      const boxing = elementBoxing(field);
      for (const v of value as unknown[]) {
        if (field.listKind === "message") printNested(name, field.message!, boxed(boxing, field.message!, v), out, settings);
        else if (field.listKind === "enum") out.field(name, formatEnum(field.enum!, v as number));
        else out.field(name, formatScalar(field.scalar!, v));
      }
      return;
    }
    case "map": {
      const map = value as Obj;
      const boxing = elementBoxing(field);
      for (const key of Object.keys(map)) {
        out.open(name);
        out.field("key", field.mapKey === ScalarType.STRING ? formatScalar(ScalarType.STRING, key) : key);
        const v = map[key];
        if (field.mapKind === "message") printNested("value", field.message!, boxed(boxing, field.message!, v), out, settings);
        else if (field.mapKind === "enum") out.field("value", formatEnum(field.enum!, v as number));
        else out.field("value", formatScalar(field.scalar!, v));
        out.close();
      }
      return;
    }
  }
}

/** The message an (possibly unboxed) value stands for. */
function boxed(boxing: Boxing, desc: DescMessage, value: unknown): Obj {
  return (boxing === Boxing.None ? value : boxValue(boxing, desc, value)) as Obj;
}
