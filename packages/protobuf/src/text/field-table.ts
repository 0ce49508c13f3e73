/**
 * Per-message tables for the text format, built once per descriptor and cached: fields by
 * their text format names, and reserved names.
 */
import type { DescExtension, DescField, DescMessage } from "../descriptors/types.js";
import { typeRecord } from "../model/type-record.js";

/** @internal */
declare module "../model/type-record.js" {
  /** The slot this module fills in every type record. */
  interface RecordSlots {
    textTable: TextFieldTable;
  }
}

/** The text format view of a message type. */
export interface TextFieldTable {
  /** Fields by proto name, and group-like fields also by their type name. */
  readonly byName: ReadonlyMap<string, DescField>;
  /** Names listed in `reserved`: such fields are skipped on input. */
  readonly reserved: ReadonlySet<string>;
}

/** The cached text format table of a message type. */
export function textFieldTable(desc: DescMessage): TextFieldTable {
  const rec = typeRecord(desc);
  return (rec.textTable ??= buildTable(desc)) as TextFieldTable;
}

function buildTable(desc: DescMessage): TextFieldTable {
  const byName = new Map<string, DescField>();
  for (const f of desc.fields) byName.set(f.name, f);
  for (const f of desc.fields) {
    if (isGroupLike(f) && !byName.has(f.message!.name)) byName.set(f.message!.name, f);
  }
  const reservedNames = (desc.proto as { reservedName?: string[] }).reservedName ?? [];
  return { byName, reserved: new Set(reservedNames) };
}

/**
 * True for fields that are written as groups and look like proto2 groups: the message type
 * is declared next to the field, and the field name is the type name in lower case. Text
 * format names them by their type name, e.g. `MyGroup { ... }`.
 */
export function isGroupLike(field: DescField | DescExtension): boolean {
  const delimited =
    (field.fieldKind === "message" && field.delimitedEncoding) ||
    (field.fieldKind === "list" && field.listKind === "message" && field.delimitedEncoding);
  if (!delimited) return false;
  const m = field.message!;
  const scope = field.parent;
  return (
    m.name.toLowerCase() === field.name &&
    m.file === (field.kind === "extension" ? field.file : field.parent.file) &&
    m.parent?.typeName === scope?.typeName
  );
}

/** The name a field is printed with: the type name for group-like fields. */
export function textFieldName(field: DescField): string {
  return isGroupLike(field) ? field.message!.name : field.name;
}
