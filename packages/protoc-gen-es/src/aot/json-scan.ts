/**
 * The ahead-of-time reader of JSON text of a message type (plugin option `aot`): the body of
 * `$jsonScan<i>(m, t, c, x)`, which reads the members of an object from the runtime's JsonScanner
 * `t` into the new message `m`, for fromJsonString(). Singular scalar values of the common
 * types and lists of strings and bools are stored here; every other field, and any value of
 * an unexpected type, is read by the field's JSON coder in the runtime (`c[i].scan(...)` or
 * `c[i].read(...)`).
 * A key given twice makes the scanner give up (`t.bail()`): fromJsonString() then reads the
 * text on the path of JSON.parse, which reports it.
 */
import type { DescField, DescMessage } from "@pbjet/protobuf";
import type { Printable } from "@pbjet/protoplugin";
import { ScalarType } from "@pbjet/protobuf/reflect";
import { prop } from "./wire.js";
import { inlineScalar, type JsonContext } from "./json-write.js";

/** Types whose JSON is read as a plain JSON value (google.protobuf.Struct, Value, ListValue) or holds one (Any). */
const genericTypes = new Set(["google.protobuf.Struct", "google.protobuf.Value", "google.protobuf.ListValue", "google.protobuf.Any"]);

/** Whether values of scalar type `t` are 64-bit integers (read by the coder where they stand in the text). */
function is64(t: ScalarType): boolean {
  return t === ScalarType.INT64 || t === ScalarType.UINT64 || t === ScalarType.SINT64 || t === ScalarType.FIXED64 || t === ScalarType.SFIXED64;
}

/**
 * Whether a message type gets a reader of JSON text: not if its JSON may hold values that are
 * read as plain JSON values first — Struct, Value, ListValue, Any, or maps of well-known types
 * — in the type or any type it holds. Such values are built by the scanner in JavaScript, and
 * JSON.parse builds large ones faster (graphql-response, a Struct of 12.7 KB: 82 us read by the
 * text reader, 64 us by JSON.parse and the readers), so those types keep the JSON.parse path.
 */
export function hasJsonScan(desc: DescMessage, seen = new Set<DescMessage>()): boolean {
  if (genericTypes.has(desc.typeName)) return false;
  if (seen.has(desc)) return true;
  seen.add(desc);
  for (const field of desc.fields) {
    if (field.fieldKind === "map" && field.mapKind === "message" && field.message.typeName.startsWith("google.protobuf.")) return false;
    const sub = field.message;
    if (sub !== undefined && !hasJsonScan(sub, seen)) return false;
  }
  return true;
}

/**
 * The keys of the fields of a message type, as the runtime's reader of parsed JSON takes them
 * (json/reader.ts): the JSON name of every field, and its proto name where it differs and no
 * other field's JSON name is the same. By field index.
 */
function keysByField(desc: DescMessage): string[][] {
  const table = new Map<string, number>();
  desc.fields.forEach((field, i) => {
    table.set(field.jsonName, i);
    if (field.jsonName !== field.name && !table.has(field.name)) table.set(field.name, i);
  });
  const keys: string[][] = desc.fields.map(() => []);
  for (const [key, i] of table) keys[i].push(key);
  return keys;
}

/** The lines of the text reader's body. */
export function jsonScanBody(c: JsonContext, desc: DescMessage, ts: boolean): Printable[] {
  const { f, rt } = c;
  const schema = f.importSchema(desc);
  const words = Math.ceil(desc.fields.length / 31);
  const locals: string[] = Array.from({ length: words }, (_, i) => `d${i} = 0`);
  locals.push(ts ? "u: string[] | undefined" : "u");
  const direct = desc.fields.map((field) => localScan(c, field));
  const usesV = (field: DescField, i: number): boolean =>
    inlineScalar(field, true)?.read !== undefined ||
    (field.fieldKind === "scalar" && field.oneof === undefined && is64(field.scalar)) ||
    (direct[i] !== undefined && (field.fieldKind === "list" || field.oneof !== undefined));
  if (desc.fields.some((field, i) => usesV(field, i) || plainElement(field) !== undefined)) {
    locals.push(ts ? "v: any" : "v");
  }
  if (desc.fields.some((field) => plainElement(field) !== undefined)) {
    locals.push(ts ? "e: unknown" : "e");
  }
  const lines: Printable[] = ["if (++x.depth > x.recursionLimit) t.bail();", ["let ", locals.join(", "), ";"]];
  lines.push("for (let k = t.first(); k !== undefined; k = t.next()) {", "  switch (k) {");
  keysByField(desc).forEach((keys, index) => {
    if (keys.length === 0) return;
    const field = desc.fields[index];
    const word = `d${Math.floor(index / 31)}`;
    const bit = 1 << (index % 31);
    for (const key of keys) lines.push(["    case ", f.string(key), ":"]);
    lines.push(`      if ((${word} & ${bit}) !== 0) t.bail();`, `      ${word} |= ${bit};`);
    const inline = inlineScalar(field);
    const local = direct[index];
    const get = prop(f, "m", field.localName);
    const member = field.oneof !== undefined ? inlineScalar(field, true) : undefined;
    if (inline?.read !== undefined) {
      lines.push("      v = t.value();", [`      if (${inline.check}) `, get, ` = ${inline.read};`], `      else c[${index}].read(m, v, x);`);
    } else if (field.oneof !== undefined && member?.read !== undefined) {
      // A second member of the oneof: the path of JSON.parse decides.
      const oneof = prop(f, "m", field.oneof.localName);
      lines.push(
        ["      if (", oneof, ".case !== undefined) t.bail();"],
        "      v = t.value();",
        [`      if (${member.check}) `, oneof, " = { case: ", f.string(field.localName), `, value: ${member.read} };`],
        `      else c[${index}].read(m, v, x);`,
      );
    } else if (field.fieldKind === "scalar" && field.oneof === undefined && is64(field.scalar)) {
      // A quoted decimal integer is converted where it stands in the text.
      const unsigned = field.scalar === ScalarType.UINT64 || field.scalar === ScalarType.FIXED64;
      lines.push(
        `      v = t.int64(${unsigned}, ${field.longAsString});`,
        ["      if (v !== undefined) ", get, " = v;"],
        `      else c[${index}].scan(m, t, x);`,
      );
    } else if (local !== undefined && field.oneof !== undefined) {
      // A message of a type of this file as the oneof's first member, read by its reader of text.
      const oneof = prop(f, "m", field.oneof.localName);
      lines.push(
        ["      if (", oneof, `.case !== undefined || t.peek() !== 123) c[${index}].scan(m, t, x);`],
        "      else {",
        ["        v = ", local.zero, "();"],
        ["        ", local.scan, `(v, t, c[${index}].sub, x);`],
        ["        ", oneof, " = { case: ", f.string(field.localName), ", value: v };"],
        "      }",
      );
    } else if (local !== undefined && field.fieldKind === "message") {
      // A message of a type of this file, read by its reader of text (an object must follow).
      lines.push(
        ["      if (t.peek() === 123) ", local.scan, "((", get, " = ", local.zero, "()), t, c[", String(index), "].sub, x);"],
        `      else c[${index}].scan(m, t, x);`,
      );
    } else if (local !== undefined && field.fieldKind === "list") {
      lines.push(
        `      if (t.peek() !== 91) c[${index}].scan(m, t, x);`,
        "      else if (t.openArray()) {",
        ["        v = ", get, ";"],
        ["        do ", local.scan, "((v[v.length] = ", local.zero, "()), t, c[", String(index), "].sub, x);"],
        "        while (t.moreArray());",
        "      }",
      );
    } else if (plainElement(field) !== undefined) {
      // Any other element than the type's values is a problem: the path of JSON.parse reports it.
      lines.push(
        `      if (t.peek() !== 91) c[${index}].scan(m, t, x);`,
        "      else if (t.openArray()) {",
        ["        v = ", get, ";"],
        "        do {",
        "          e = t.value();",
        `          if (${plainElement(field)}) t.bail();`,
        "          v.push(e);",
        "        } while (t.moreArray());",
        "      }",
      );
    } else if (field.oneof === undefined && ((field.fieldKind === "scalar" && !is64(field.scalar)) || field.fieldKind === "enum")) {
      // Read from the value, as JSON.parse reads it (bytes: see JsonScanner.value()).
      lines.push(`      c[${index}].read(m, t.value(${field.scalar === ScalarType.BYTES ? "true" : ""}), x);`);
    } else {
      lines.push(`      c[${index}].scan(m, t, x);`);
    }
    lines.push("      break;");
  });
  lines.push("    default:", ["      u = ", rt("aotJsonOther"), "(", schema, ", m, k, u, t, x);"], "  }", "}", "x.depth--;");
  return lines;
}

/**
 * For a list of strings or bools, whose elements JSON holds as they are (any other value is an
 * error): the condition that element `e` is not one. Else undefined.
 */
function plainElement(field: DescField): string | undefined {
  if (field.fieldKind !== "list" || field.listKind !== "scalar") return undefined;
  if (field.scalar === ScalarType.STRING) return 'typeof e !== "string"';
  if (field.scalar === ScalarType.BOOL) return "e !== true && e !== false";
  return undefined;
}

/**
 * For a singular message field (a oneof member too) or a list of messages whose type has a
 * reader of text and a zero constructor in this file: their names, so that the reader calls
 * them directly. Else undefined (the field's coder reads it).
 */
function localScan(c: JsonContext, field: DescField): { readonly zero: string; readonly scan: string } | undefined {
  if (field.fieldKind !== "message" && !(field.fieldKind === "list" && field.listKind === "message")) return undefined;
  const names = c.local?.(field.message);
  if (names?.zero === undefined || names.jsonScan === undefined) return undefined;
  return { zero: names.zero, scan: names.jsonScan };
}
