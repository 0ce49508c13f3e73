/**
 * The ahead-of-time JSON reader of a message type (plugin option `aot`): the body of
 * `(m, j, x) => { ... }`, which merges JSON value `j` into message `m` as the runtime's
 * compiled reader (json/reader.ts) does: the keys in order, one `case` per JSON name and proto
 * name (the same table: a JSON name wins over another field's proto name), the same checks for
 * a field given twice and for oneofs, the same conversions, null handling and error paths.
 * Maps, unboxed wrappers and Struct, google.protobuf.Value and NullValue are read by the
 * runtime's compiled field readers; sub-messages by their type's reader (called directly for
 * the types of the file); other keys (extensions, unknown fields) by the runtime. Readers
 * count the keys they read and the colons of strings, for the duplicate-key check of
 * fromJsonString() (json/parse.ts).
 */
import type { DescField, DescMessage } from "@pbjet/protobuf";
import { Edition, FieldPresence, ScalarType } from "@pbjet/protobuf/reflect";
import type { Printable } from "@pbjet/protoplugin";
import { prop } from "./wire.js";
import { jsonDelegated, type JsonContext } from "./json-write.js";

/** One key of the table: the field it names and the other spelling of the field's name. */
interface KeyEntry {
  readonly field: DescField;
  readonly alias: string | undefined;
  readonly aliasBit: number;
}

/** The keys of a message's fields, as the runtime's compileTable() has them. */
export function keyTable(desc: DescMessage): Map<string, KeyEntry> {
  const table = new Map<string, KeyEntry>();
  let aliasCount = 0;
  for (const field of desc.fields) {
    const differ = field.jsonName !== field.name;
    const aliasBit = differ && aliasCount < 31 ? 1 << aliasCount++ : 0;
    table.set(field.jsonName, { field, alias: differ ? field.name : undefined, aliasBit });
    if (differ && !table.has(field.name)) table.set(field.name, { field, alias: field.jsonName, aliasBit });
  }
  return table;
}

/** True if JSON null is a value of the field (google.protobuf.Value, NullValue), not "unset". */
export function nullIsValue(field: DescField): boolean {
  if (field.fieldKind === "message") return field.message.typeName === "google.protobuf.Value";
  if (field.fieldKind === "enum") return field.enum.typeName === "google.protobuf.NullValue";
  return false;
}

/** The lines of the reader's body. */
export function jsonReaderBody(c: JsonContext, desc: DescMessage): Printable[] {
  const { f, rt } = c;
  const schema = f.importSchema(desc);
  const lines: Printable[] = [
    [rt("aotJsonEnter"), "(j, x);"],
    "const ks = Object.keys(j);",
    // The keys, for the duplicate-key check of fromJsonString().
    "x.count += ks.length;",
    ["let p = -1", usesAliasBits(desc) ? ", a = 0" : "", desc.oneofs.length > 0 ? ", b = 0" : "", ";"],
    "try {",
    "  for (let i = 0; i < ks.length; i++) {",
    "    const k = ks[i];",
    "    switch (k) {",
  ];
  const table = keyTable(desc);
  const done = new Set<string>();
  for (const [key, entry] of table) {
    if (done.has(key)) continue;
    // A field named by both of its spellings: one case for both keys.
    const other = entry.alias !== undefined && table.get(entry.alias)?.field === entry.field ? entry.alias : undefined;
    if (other !== undefined) done.add(other);
    lines.push(...caseLines(c, desc, key, entry, other));
  }
  lines.push(
    ["      default: p = -1; ", rt("aotJsonOtherKey"), "(", schema, ", m, k, j[k], x);"],
    "    }",
    "  }",
    "} catch (e) {",
    ["  throw ", rt("aotJsonReadError"), "(", schema, ", e, p);"],
    "}",
    "x.depth--;",
  );
  return lines;
}

/** Whether a field of the type is tracked in the mask of fields given by both names. */
function usesAliasBits(desc: DescMessage): boolean {
  for (const entry of keyTable(desc).values()) if (entry.aliasBit !== 0) return true;
  return false;
}

/**
 * The case of a key; with `other` (the field's other spelling, which names the same field),
 * of both keys, the alias being the spelling that `k` is not.
 */
function caseLines(c: JsonContext, desc: DescMessage, key: string, entry: KeyEntry, other: string | undefined): Printable[] {
  const { f, rt } = c;
  const field = entry.field;
  const index = desc.fields.indexOf(field);
  // The value by a literal property name where the case has one key (a load that V8 caches
  // per object shape, unlike `j[k]`).
  const load: Printable = other === undefined ? prop(f, "j", key) : "j[k]";
  const out: Printable[] = [
    ["      case ", f.string(key), ":", other === undefined ? "" : [" case ", f.string(other), ":"], ` { p = ${index}; const v = `, load, ";"],
  ];
  if (entry.alias !== undefined) {
    const alias: Printable = other === undefined ? f.string(entry.alias) : ["k === ", f.string(key), " ? ", f.string(other), " : ", f.string(key)];
    if (entry.aliasBit !== 0) {
      out.push([`        if ((a & ${entry.aliasBit}) !== 0) throw `, rt("aotJsonTwice"), "(k, ", alias, `); a |= ${entry.aliasBit};`]);
    } else {
      out.push(["        if (Object.prototype.hasOwnProperty.call(j, ", alias, ")) throw ", rt("aotJsonTwice"), "(k, ", alias, ");"]);
    }
  }
  const check = oneofCheck(c, desc, field);
  if (check !== undefined) out.push(["        ", check]);
  out.push(["        ", readField(c, desc, field, index)], "        break; }");
  return out;
}

/**
 * For a member of a oneof, the statement that throws if another member was read before (in
 * mask `b`) and marks this one, unless JSON value `v` is null (which leaves a oneof unset).
 */
export function oneofCheck(c: JsonContext, desc: DescMessage, field: DescField): Printable | undefined {
  const oneof = field.oneof;
  if (oneof === undefined) return undefined;
  const bit = 1 << desc.oneofs.indexOf(oneof);
  const check: Printable = [
    `if ((b & ${bit}) !== 0) throw `,
    c.rt("aotJsonOneofTwice"),
    "(",
    c.f.importSchema(desc),
    `, ${desc.oneofs.indexOf(oneof)}); b |= ${bit};`,
  ];
  return nullIsValue(field) ? check : ["if (v !== null) { ", check, " }"];
}

/** The expression that converts JSON value `v` of a scalar type, inline where that is cheap, else by the runtime. */
export function scalarConv(c: JsonContext, t: ScalarType, las: boolean, v: string): Printable {
  const slow: Printable = [c.rt("aotJsonScalar"), `(${t}, ${las}, ${v})`];
  switch (t) {
    case ScalarType.STRING:
      // Checked and its colons counted (for the duplicate-key check) by the runtime; from text, checked only.
      return c.text === true ? [c.rt("aotJsonScanString"), `(${v})`] : [c.rt("aotJsonReadString"), `(${v}, x)`];
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      // typeof first: `|` would call valueOf() of an object.
      return [`typeof ${v} === "number" && (${v} | 0) === ${v} ? ${v} | 0 : `, slow];
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return [`typeof ${v} === "number" && ${v} >>> 0 === ${v} ? ${v} >>> 0 : `, slow];
    case ScalarType.BOOL:
      return [`${v} === true || ${v} === false ? ${v} : `, slow];
    case ScalarType.BYTES:
      return [c.rt("aotJsonReadBytes"), `(${v})`];
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return [c.rt("aotJsonReadInt64"), `(${t}, ${las}, ${v})`];
    case ScalarType.DOUBLE:
      return [`typeof ${v} === "number" && ${v} - ${v} === 0 ? ${v} : `, slow];
    case ScalarType.FLOAT:
      return [`typeof ${v} === "number" && ${v} <= 3.4028234663852886e38 && ${v} >= -3.4028234663852886e38 ? ${v} : `, slow];
    default:
      return slow;
  }
}

/** True if 64-bit values of the field are strings (jstype = JS_STRING). */
function longAsString(field: DescField): boolean {
  return (field.fieldKind === "scalar" || (field.fieldKind === "list" && field.listKind === "scalar")) && field.longAsString;
}

/** The zero value of an implicit-presence field as a literal, or its runtime call. */
function zeroOf(c: JsonContext, field: DescField): Printable {
  if (field.fieldKind === "enum") return String(field.enum.values[0]?.number ?? 0);
  const t = field.scalar!;
  switch (t) {
    case ScalarType.BOOL:
      return "false";
    case ScalarType.STRING:
      return '""';
    case ScalarType.BYTES:
      return [c.rt("aotJsonZero"), `(${t}, false)`];
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return [c.rt("aotJsonZero"), `(${t}, ${longAsString(field)})`];
    default:
      return "0";
  }
}

/**
 * Statements that read JSON value `v` as a new message of type `sub` into `const s`: by this
 * file's zero factory and reader if it has them, else by the runtime.
 */
function newMessage(c: JsonContext, sub: DescMessage, v: string): Printable {
  const local = c.local?.(sub);
  if (local?.zero !== undefined && local.jsonRead !== undefined) {
    return ["const s = ", local.zero, "(); ", local.jsonRead, `(s, ${v}, x);`];
  }
  return ["const s = ", c.rt("aotJsonNew"), "(", c.f.importSchema(sub), `, ${v}, x);`];
}

/** Statements that convert JSON value `e` to an element of list field `field` and push it to list `l`. */
export function listPush(c: JsonContext, field: DescField & { fieldKind: "list" }): Printable {
  const { f, rt } = c;
  if (field.listKind === "message") return [newMessage(c, field.message!, "e"), " l.push(s);"];
  if (field.listKind === "enum")
    return ["const n = ", rt("aotJsonReadEnum"), "(", f.importSchema(field.enum!), ", e, x); if (n !== undefined) l.push(n);"];
  return ["l.push(", scalarConv(c, field.scalar!, field.longAsString, "e"), ");"];
}

export function readField(c: JsonContext, desc: DescMessage, field: DescField, index: number): Printable {
  const { f, rt } = c;
  const get = prop(f, "m", field.localName);
  if (jsonDelegated(field)) return [rt("aotJsonReadField"), "(", f.importSchema(desc), `, ${index}, m, v, x);`];
  const oneof = field.oneof;
  const caseName = f.string(field.localName);
  const oneofGet = oneof === undefined ? "" : prop(f, "m", oneof.localName);
  switch (field.fieldKind) {
    case "list": {
      const push = listPush(c, field);
      return [
        "if (v !== null) { if (!Array.isArray(v)) throw ",
        rt("aotJsonNotArray"),
        "(v); const l = ",
        get,
        "; let i = 0; try { for (; i < v.length; i++) { const e = v[i]; ",
        push,
        " } } catch (e) { throw ",
        rt("aotJsonIndexError"),
        "(e, i); } }",
      ];
    }
    case "message": {
      const sub = f.importSchema(field.message);
      if (oneof !== undefined) {
        return [
          "{ const c = ",
          oneofGet,
          "; if (v === null) { if (c.case === ",
          caseName,
          ") ",
          oneofGet,
          " = { case: undefined }; } else if (c.case === ",
          caseName,
          ") { ",
          rt("aotJsonMerge"),
          "(",
          sub,
          ", c.value, v, x); ",
          oneofGet,
          " = { case: ",
          caseName,
          ", value: c.value }; } else { ",
          newMessage(c, field.message, "v"),
          " ",
          oneofGet,
          " = { case: ",
          caseName,
          ", value: s }; } }",
        ];
      }
      return [
        "if (v === null) { if (",
        get,
        " !== undefined) ",
        get,
        " = undefined; } else { const c = ",
        get,
        "; if (c === undefined) { ",
        newMessage(c, field.message, "v"),
        " ",
        get,
        " = s; } else ",
        rt("aotJsonMerge"),
        "(",
        sub,
        ", c, v, x); }",
      ];
    }
    case "scalar":
    case "enum": {
      let store: (value: Printable) => Printable;
      let reset: Printable;
      if (oneof !== undefined) {
        store = (value) => [oneofGet, " = { case: ", caseName, ", value: ", value, " };"];
        reset = ["if (", oneofGet, ".case === ", caseName, ") ", oneofGet, " = { case: undefined };"];
      } else {
        store = (value) => [get, " = ", value, ";"];
        if (field.presence === FieldPresence.IMPLICIT) {
          reset = [get, " = ", zeroOf(c, field), ";"];
        } else if (field.parent.file.edition === Edition.EDITION_PROTO3) {
          // proto3 optional: unset is undefined (no prototype holds a default).
          reset = ["if (", get, " !== undefined) ", get, " = undefined;"];
        } else {
          // proto2 and editions: the default lives on the prototype; unsetting removes the own property.
          reset = ["if (Object.prototype.hasOwnProperty.call(m, ", caseName, ")) delete ", get, ";"];
        }
      }
      if (field.fieldKind === "enum") {
        return [
          "if (v === null) { ",
          reset,
          " } else { const n = ",
          rt("aotJsonReadEnum"),
          "(",
          f.importSchema(field.enum),
          ", v, x); if (n !== undefined) ",
          store("n"),
          " }",
        ];
      }
      return ["if (v === null) { ", reset, " } else ", store(scalarConv(c, field.scalar, field.longAsString, "v"))];
    }
    default:
      return "";
  }
}
