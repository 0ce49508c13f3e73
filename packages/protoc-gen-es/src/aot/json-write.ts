/**
 * The ahead-of-time JSON text writer of a message type (plugin option `aot`): the body of
 * `(m, o, x) => { ... }`, which returns the message as JSON text, as the runtime's compiled
 * text writer (json/text-writer.ts) writes it: the fields in declaration order, with the same
 * zero checks, value checks (required fields too), texts and error paths, for the option bits `o`
 * (1 alwaysEmitImplicit, 2 enumAsInteger, 4 useProtoFieldName). Maps, unboxed wrappers and
 * Struct are written by the runtime's compiled field writers; sub-messages by their type's
 * writer (ahead-of-time or compiled); extensions by the runtime.
 */
import type { DescField, DescMessage, DescOneof } from "@pbjet/protobuf";
import { Edition, FieldPresence, ScalarType } from "@pbjet/protobuf/reflect";
import { isWrapperDesc } from "@pbjet/protobuf/wkt";
import type { GeneratedFile, Printable } from "@pbjet/protoplugin";
import { mayBeBoxed, prop } from "./wire.js";
import { explicitPresenceCond } from "./zero.js";

/** What the writer's code refers to. */
export interface JsonContext {
  readonly f: GeneratedFile;
  /** The symbol of a runtime helper of @pbjet/protobuf/codegenv2 (aotJsonMessage, ...). */
  readonly rt: (name: string) => Printable;
  /**
   * The names of this file's functions that create the zero message of a type and read it from
   * JSON, if the file has them: then sub-messages of the type are read by a direct call.
   */
  /** Reading text (json-scan.ts): strings need no count of their colons (for the duplicate-key check of parsed JSON). */
  readonly text?: boolean;
  readonly local?: (
    desc: DescMessage,
  ) => { readonly zero: string | undefined; readonly jsonRead: string | undefined; readonly jsonScan: string | undefined } | undefined;
}

/**
 * The well-known types with a JSON form of their own, besides the wrappers: the runtime writes
 * and reads them.
 */
const ownJsonForm = new Set([
  "google.protobuf.Any",
  "google.protobuf.Timestamp",
  "google.protobuf.Duration",
  "google.protobuf.FieldMask",
  "google.protobuf.Struct",
  "google.protobuf.Value",
  "google.protobuf.ListValue",
]);

/**
 * Whether the generator writes JSON codecs for a message type: not for the well-known types
 * with a JSON form of their own, nor for types with more than 31 oneofs (whose reader tracks
 * the oneofs seen in a bit mask).
 */
export function hasAotJson(desc: DescMessage): boolean {
  return !ownJsonForm.has(desc.typeName) && !isWrapperDesc(desc) && desc.oneofs.length <= 31;
}

/**
 * Whether a field is read and written by the runtime's compiled closures: maps, fields that
 * may hold unboxed values (wrappers, Struct), and fields for which JSON null is a value
 * (google.protobuf.Value, google.protobuf.NullValue).
 */
export function jsonDelegated(field: DescField): boolean {
  if (field.fieldKind === "map") return true;
  if (field.message !== undefined) return mayBeBoxed(field.message) || field.message.typeName === "google.protobuf.Value";
  if (field.enum !== undefined) return field.enum.typeName === "google.protobuf.NullValue";
  return false;
}

/**
 * Whether a message's writer may leave a string value open: a plain string (one that needs no
 * escaping) or the digits of a 64-bit integer are appended without the closing quote, which
 * the next key's literal (or the closing brace) brings, so that each such value costs V8 one
 * piece less to join and flatten. `q` is 1 while the text in `s` ends in an open string.
 */
function leavesOpenStrings(desc: DescMessage): boolean {
  return desc.fields.some(leavesOpen);
}

/** Whether the writer may leave a field's value open: a singular string or 64-bit integer (whose digits JSON quotes). */
function leavesOpen(field: DescField): boolean {
  if (field.fieldKind !== "scalar") return false;
  switch (field.scalar) {
    case ScalarType.STRING:
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return true;
    default:
      return false;
  }
}

/** Whether a string may be open when a field's key is written: a member before it may leave one open. */
function mayFollowOpen(field: DescField): boolean {
  const members = field.parent.members;
  const self = members.indexOf(field.oneof ?? field);
  return members.slice(0, self).some((m) => (m.kind === "oneof" ? m.fields.some(leavesOpen) : leavesOpen(m)));
}

/** The statement that closes an open string before `s` is handed to the runtime (see leavesOpenStrings()). */
function closeOpen(desc: DescMessage): string {
  return leavesOpenStrings(desc) ? "if (q !== 0) { s += '\"'; q = 0; } " : "";
}

/** The lines of the writer's body. */
export function jsonWriterBody(c: JsonContext, desc: DescMessage): Printable[] {
  const { f, rt } = c;
  const schema = f.importSchema(desc);
  const open = leavesOpenStrings(desc);
  const lines: Printable[] = [open ? 'let s = "", p = -1, q = 0;' : 'let s = "", p = -1;', "try {"];
  for (const member of desc.members) {
    if (member.kind === "oneof") {
      lines.push(...oneofLines(c, desc, member));
    } else {
      lines.push(...fieldLines(c, desc, member));
    }
  }
  lines.push(
    "  p = -1;",
    [
      "  if (x.registry !== undefined && m.$unknown !== undefined) { ",
      closeOpen(desc),
      "s = ",
      rt("aotJsonExtensions"),
      "(",
      schema,
      ", o, m, x, s); }",
    ],
    "} catch (e) {",
    ["  throw ", rt("aotJsonWriteError"), "(", schema, ", e, p);"],
    "}",
    open ? 'return s === "" ? "{}" : s + (q !== 0 ? "\\"}" : "}");' : 'return s === "" ? "{}" : s + "}";',
  );
  return lines;
}

/**
 * `(s === "" ? "{" + key : "," + key)` for a field, as literals: the JSON name, or the proto
 * name with option bit 4. The members written so far, `s`, are "" or the object's text from its
 * `{` (the first member brings the brace; the runtime's field writers do the same). `suffix` is
 * appended to the key (a quote that opens the value). In a message whose writer leaves strings
 * open (leavesOpenStrings()), a third literal closes the open string first, and resets `q`.
 */
function keyExpr(f: GeneratedFile, field: DescField, suffix = ""): Printable {
  const json = JSON.stringify(field.jsonName) + ":" + suffix;
  const proto = JSON.stringify(field.name) + ":" + suffix;
  const pick = (before: string): Printable =>
    json === proto ? f.string(before + json) : ["(o & 4 ? ", f.string(before + proto), " : ", f.string(before + json), ")"];
  const closed: Printable = ['(s === "" ? ', pick("{"), " : ", pick(","), ")"];
  if (!mayFollowOpen(field)) return closed;
  return ['(s === "" ? ', pick("{"), " : q === 0 ? ", pick(","), " : (q = 0, ", pick('",'), "))"];
}

/**
 * The statements that check value `v` of a scalar or enum type and append its text with
 * `append(text)`, as the runtime's writers do (scalar-write.ts, text-writer.ts).
 */
function valueAppend(c: JsonContext, field: DescField, v: string, append: (open: string, text: Printable) => Printable, open = false): Printable {
  const { f, rt } = c;
  if (field.enum !== undefined) {
    return append("", [rt("aotJsonEnum"), "(", f.importSchema(field.enum), `, ${v}, o)`]);
  }
  if (field.message !== undefined) {
    return append("", [rt("aotJsonMessage"), "(", f.importSchema(field.message), `, ${v}, o, x)`]);
  }
  const t = field.scalar!;
  const problem = (cond: string): Printable => [`if (${cond}) throw `, rt("aotJsonProblem"), `(${t}, ${v}); `];
  switch (t) {
    case ScalarType.STRING:
      // A string that needs no escaping is appended with its quotes (the key's literal opens
      // it): one piece less for V8 to join and flatten than a quoted copy. Where `open`, its
      // closing quote is left to the next key or the closing brace (leavesOpenStrings()).
      if (open) return ["if (", rt("aotJsonPlain"), `(${v})) { `, append('"', v), " q = 1; } else ", append("", [rt("aotJsonString"), `(${v})`])];
      return ["if (", rt("aotJsonPlain"), `(${v})) `, append('"', [v, " + '\"'"]), " else ", append("", [rt("aotJsonString"), `(${v})`])];
    case ScalarType.BYTES:
      return append("", [rt("aotJsonBytes"), `(${v})`]);
    case ScalarType.BOOL:
      return [problem(`${v} !== true && ${v} !== false`), append("", v)];
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return [problem(`typeof ${v} !== "number" || (${v} | 0) !== ${v}`), append("", v)];
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return [problem(`typeof ${v} !== "number" || ${v} >>> 0 !== ${v}`), append("", v)];
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return [problem(`typeof ${v} !== "number"`), append("", [`(${v} - ${v} === 0 ? ${v} : `, rt("aotJsonNonFinite"), `(${v}))`])];
    default:
      // 64-bit integers: in quotes (where `open`, the closing one is left to the next key).
      if (open) return [append('"', [`(typeof ${v} === "bigint" ? ${v} : `, rt("aotJsonInt64"), `(${t}, ${v}))`]), " q = 1;"];
      return append('"', [`(typeof ${v} === "bigint" ? ${v} : `, rt("aotJsonInt64"), `(${t}, ${v})) + '"'`]);
  }
}

/** Whether JSON.stringify writes lists of scalar type `t` (when their values are of the type: see the runtime's jsonNativeList()). */
function jsonNativeScalar(t: ScalarType): boolean {
  switch (t) {
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
    case ScalarType.BOOL:
    case ScalarType.STRING:
      return true;
    default:
      return false;
  }
}

/** The condition that implicit-presence value `v` is not its zero value (the runtime's scalarZeroCheck, negated). */
function nonZero(field: DescField): string {
  if (field.enum !== undefined) return "v !== 0";
  switch (field.scalar) {
    case ScalarType.BOOL:
      return "v !== false";
    case ScalarType.STRING:
      return 'v !== ""';
    case ScalarType.BYTES:
      return "!(v === undefined || (v instanceof Uint8Array && v.length === 0))";
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return "v != 0";
    default:
      return "v !== 0";
  }
}

function fieldLines(c: JsonContext, desc: DescMessage, field: DescField): Printable[] {
  const { f, rt } = c;
  const index = desc.fields.indexOf(field);
  const get = prop(f, "m", field.localName);
  const at = `  p = ${index}; `;
  if (field.fieldKind === "map" && mapWrittenHere(field)) return mapLines(c, desc, field, index);
  if (jsonDelegated(field)) {
    return [[at, closeOpen(desc), "s = ", rt("aotJsonField"), "(", f.importSchema(desc), `, ${index}, o, m, s, x);`]];
  }
  const append = (open: string, text: Printable): Printable => ["s += ", keyExpr(f, field, open), " + ", text, ";"];
  switch (field.fieldKind) {
    case "list": {
      const elem = (open: string, text: Printable): Printable => [
        `t += (i === 0 ? ${JSON.stringify(open)} : ${JSON.stringify("," + open)}) + `,
        text,
        ";",
      ];
      const loop: Printable[] = [
        ['    let t = "[", i = 0;'],
        ["    try { for (; i < n; i++) { const v = l[i]; ", valueAppend(c, field, "v", elem), " } }"],
        ["    catch (e) { throw ", rt("aotJsonIndexError"), "(e, i); }"],
        ["    s += ", keyExpr(f, field), ' + t + "]";'],
      ];
      if (field.listKind === "scalar" && jsonNativeScalar(field.scalar)) {
        // A list of JSON-native values (jsonNativeList()) is written by JSON.stringify, in one
        // piece; the loop writes any other list (and reports a value that is none).
        return [
          [at, "{ const l = ", get, "; const n = l.length; if (n !== 0 || (o & 1) !== 0) {"],
          ["    if (", rt("aotJsonNativeList"), `(${field.scalar}, l)) s += `, keyExpr(f, field), " + JSON.stringify(l); else {"],
          ...loop.map((l): Printable => ["  ", l]),
          "  } } }",
        ];
      }
      return [[at, "{ const l = ", get, "; const n = l.length; if (n !== 0 || (o & 1) !== 0) {"], ...loop, "  } }"];
    }
    case "message":
      return [[at, "{ const v = ", get, "; if (v !== undefined) { ", valueAppend(c, field, "v", append), " }", notSet(c, field), " }"]];
    case "scalar":
    case "enum": {
      let cond: Printable;
      if (field.presence === FieldPresence.IMPLICIT) {
        cond = `(o & 1) !== 0 || ${nonZero(field)}`;
      } else if (field.parent.file.edition === Edition.EDITION_PROTO3) {
        cond = "v !== undefined";
      } else {
        // Explicit presence: set if the property is own (defaults live on the prototype).
        cond = explicitPresenceCond(f, field);
      }
      return [
        [at, "{ const v = ", get, "; if (", cond, ") { ", valueAppend(c, field, "v", append, leavesOpenStrings(desc)), " }", notSet(c, field), " }"],
      ];
    }
    default:
      return [];
  }
}

/** For a required field (proto2, LEGACY_REQUIRED): ` else throw` the runtime's problem (as its writers do), else nothing. */
function notSet(c: JsonContext, field: DescField): Printable {
  return field.presence === FieldPresence.LEGACY_REQUIRED ? [" else throw ", c.rt("aotJsonNotSet"), "();"] : "";
}

/**
 * Whether the writer writes a map field itself: maps of scalars, of enums (but NullValue) and
 * of messages that are not well-known types (whose JSON forms the runtime writes).
 */
function mapWrittenHere(field: DescField & { fieldKind: "map" }): boolean {
  switch (field.mapKind) {
    case "scalar":
      return true;
    case "enum":
      return field.enum.typeName !== "google.protobuf.NullValue";
    default:
      return !field.message.typeName.startsWith("google.protobuf.");
  }
}

/**
 * The lines that write a map field as the runtime's compiled writer does (text-writer.ts): the
 * own keys in order, quoted, with their values. A map with a value the writer rejects is left
 * to the runtime (aotJsonField()), which throws the error that names the key.
 */
function mapLines(c: JsonContext, desc: DescMessage, field: DescField & { fieldKind: "map" }, index: number): Printable[] {
  const { f, rt } = c;
  // The key between quotes: keys of integer and bool maps need no escaping, string keys may.
  const key: Printable = field.mapKey === ScalarType.STRING ? [rt("aotJsonKeyBody"), "(k)"] : "k";
  const entry = (open: string, text: Printable): Printable => [
    "t += (t === \"\" ? '\"' : ',\"') + ",
    key,
    " + ",
    f.string('":' + open),
    " + ",
    text,
    ";",
  ];
  const runtime: Printable = [closeOpen(desc), "s = ", rt("aotJsonField"), "(", f.importSchema(desc), `, ${index}, o, m, s, x);`];
  return [
    [`  p = ${index}; { const mp = `, prop(f, "m", field.localName), '; let t = "", ok = true;'],
    [
      field.mapKey === ScalarType.STRING
        ? "    try { for (const k in mp) { if (!Object.prototype.hasOwnProperty.call(mp, k)) continue; const v = mp[k]; "
        : "    try { const ks = Object.keys(mp); for (let i = 0; i < ks.length; i++) { const k = ks[i]; const v = mp[k]; ",
      valueAppend(c, field, "v", entry),
      " } } catch { ok = false; }",
    ],
    ["    if (!ok) { ", runtime, " }"],
    ['    else if (t !== "" || (o & 1) !== 0) s += ', keyExpr(f, field), ' + "{" + t + "}";'],
    "  }",
  ];
}

/** The selected member of a oneof; the runtime's oneof writer for a case that is no member (it throws). */
function oneofLines(c: JsonContext, desc: DescMessage, oneof: DescOneof): Printable[] {
  const { f, rt } = c;
  const schema = f.importSchema(desc);
  const oneofIndex = desc.oneofs.indexOf(oneof);
  const whole: Printable = [closeOpen(desc), "s = ", rt("aotJsonOneof"), "(", schema, `, ${oneofIndex}, o, m, s, x);`];
  if (oneof.fields.some(jsonDelegated)) return [["  p = -1; ", whole]];
  const lines: Printable[] = [["  { const c = ", prop(f, "m", oneof.localName), "; if (c !== undefined && c.case !== undefined) switch (c.case) {"]];
  for (const member of oneof.fields) {
    const index = desc.fields.indexOf(member);
    const append = (open: string, text: Printable): Printable => ["s += ", keyExpr(f, member, open), " + ", text, ";"];
    lines.push([
      "    case ",
      f.string(member.localName),
      `: { p = ${index}; const v = c.value; `,
      valueAppend(c, member, "v", append, leavesOpenStrings(desc)),
      " break; }",
    ]);
  }
  lines.push(["    default: p = -1; ", whole], "  } }");
  return lines;
}
