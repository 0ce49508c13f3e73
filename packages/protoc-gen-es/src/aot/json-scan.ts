/**
 * The ahead-of-time reader of JSON text of a message type (plugin option `aot`): the body of
 * `(m, t, x) => { ... }`, which reads the members of an object from the runtime's JsonScanner
 * `t` into the new message `m`, for fromJsonString(). Objects of this file's sub-messages and
 * arrays of list fields are read from the text; every other value is read by `t.value()` (as
 * `JSON.parse` reads it; `t.value(true)` for bytes: see valueCall()) and converted by the same code as in the reader of parsed JSON
 * (json-read.ts). Wherever that reader would find a problem, or a key is given twice, this one
 * gives up (`t.bail()`, or a thrown problem), and fromJsonString() reads the text again on the
 * path of `JSON.parse`, which reports it.
 */
import type { DescField, DescMessage } from "@pbjet/protobuf";
import { ScalarType } from "@pbjet/protobuf/reflect";
import type { Printable } from "@pbjet/protoplugin";
import { prop } from "./wire.js";
import { jsonDelegated, type JsonContext } from "./json-write.js";
import { keyTable, listPush, oneofCheck, readField, scalarConv } from "./json-read.js";

/** Whether values of scalar type `t` are 64-bit integers (JSON strings of decimal digits, or numbers). */
function is64(t: ScalarType): boolean {
  return t === ScalarType.INT64 || t === ScalarType.UINT64 || t === ScalarType.SINT64 || t === ScalarType.FIXED64 || t === ScalarType.SFIXED64;
}

/**
 * The scanner's call that converts a quoted decimal 64-bit integer where it stands in the text
 * (undefined for any other value), for values of 64-bit type `t`.
 */
function int64Call(t: ScalarType, longAsString: boolean): string {
  return `t.int64(${t === ScalarType.UINT64 || t === ScalarType.FIXED64}, ${longAsString})`;
}

/** Types whose JSON is read as a plain JSON value (google.protobuf.Struct, Value, ListValue) or holds one (Any). */
const genericTypes = new Set(["google.protobuf.Struct", "google.protobuf.Value", "google.protobuf.ListValue", "google.protobuf.Any"]);

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
    if (field.fieldKind === "map" && field.mapKind === "message" && isWellKnown(field.message)) return false;
    const sub = field.message;
    if (sub !== undefined && !hasJsonScan(sub, seen)) return false;
  }
  return true;
}

/** True for the types of google/protobuf (JSON forms of their own: strings, numbers, any value). */
function isWellKnown(desc: DescMessage): boolean {
  return desc.typeName.startsWith("google.protobuf.");
}

/** The lines of the text reader's body. */
export function jsonScanBody(context: JsonContext, desc: DescMessage, ts: boolean): Printable[] {
  const c: JsonContext = { ...context, text: true };
  const { f, rt } = c;
  const words = Math.ceil(desc.fields.length / 31);
  const seen = Array.from({ length: words }, (_, i) => `d${i} = 0`);
  if (desc.oneofs.length > 0) seen.push("b = 0");
  const lines: Printable[] = [
    "if (++x.depth > x.recursionLimit) t.bail();",
    seen.length > 0 ? ["let ", seen.join(", "), ";"] : "",
    ts ? "let u: string[] | undefined;" : "let u;",
    "for (let k = t.first(); k !== undefined; k = t.next()) {",
  ].filter((l) => l !== "");
  // The field a key names (its index, -1: none): by the key's length first, then by comparing
  // with the keys of that length (V8 compares strings of a `switch` one case after another).
  const table = keyTable(desc);
  const byLength = new Map<number, [string, number][]>();
  for (const [key, entry] of table) {
    const list = byLength.get(key.length) ?? [];
    list.push([key, desc.fields.indexOf(entry.field)]);
    byLength.set(key.length, list);
  }
  if (byLength.size > 0) {
    lines.push("  let q = -1;", "  switch (k.length) {");
    for (const [length, keys] of [...byLength].sort((a, b) => a[0] - b[0])) {
      const test: Printable[] = keys.map(([key, index]) => ["k === ", f.string(key), ` ? ${index} : `]);
      lines.push([`    case ${length}: q = `, test, "-1; break;"]);
    }
    lines.push("  }", "  switch (q) {");
  } else {
    lines.push("  switch (-1) {");
  }
  for (const [index, field] of desc.fields.entries()) {
    const word = `d${Math.floor(index / 31)}`;
    const bit = 1 << (index % 31);
    lines.push(
      [`    case ${index}: { if ((${word} & ${bit}) !== 0) t.bail(); ${word} |= ${bit};`],
      ...valueLines(c, desc, field, index, ts).map((l): Printable => ["      ", l]),
      "      break; }",
    );
  }
  lines.push(
    ["    default: u = ", rt("aotJsonScanOther"), "(t, u, k); ", rt("aotJsonOtherKey"), "(", f.importSchema(desc), ", m, k, t.value(), x);"],
    "  }",
    "}",
    "x.depth--;",
  );
  return lines;
}

/**
 * The scanner's call that reads a value of `field` (or an element or map value): for bytes,
 * `t.value(true)`, whose string is decoded as base64 and dropped (the scanner neither copies
 * it nor searches it for control characters, which the base64 decoder rejects).
 */
function valueCall(field: DescField): string {
  return field.fieldKind !== "message" && field.scalar === ScalarType.BYTES ? "t.value(true)" : "t.value()";
}

/** Statements that read the value of `field` from the text, with value `v` as the reader of parsed JSON does. */
function valueLines(c: JsonContext, desc: DescMessage, field: DescField, index: number, ts: boolean): Printable[] {
  const generic: Printable[] = [`const v = ${field.fieldKind === "map" ? "t.value()" : valueCall(field)};`];
  const check = oneofCheck(c, desc, field);
  if (check !== undefined) generic.push(check);
  generic.push(readField(c, desc, field, index));
  if (field.fieldKind === "map") {
    // A map with integer keys and values without strings: the object is read by JSON.parse
    // (t.flatObject()) and becomes the map in place (the runtime's map reader), as on the
    // JSON.parse path; JSON.parse sizes the object for all its keys at once.
    const body = flatMap(field) ? ["const v = t.flatObject(); ", readField(c, desc, field, index)] : mapLoop(c, field, ts);
    return [["if (t.peek() === 123) { ", body, " } else {"], ...generic.map((l): Printable => ["  ", l]), "}"];
  }
  if (jsonDelegated(field)) return generic;
  if (field.fieldKind === "scalar" && field.oneof === undefined && is64(field.scalar)) {
    // A quoted decimal integer is converted where it stands in the text (t.int64()); any
    // other value as the reader of parsed JSON converts it.
    return [
      [`{ const w = ${int64Call(field.scalar, field.longAsString)}; if (w !== undefined) `, prop(c.f, "m", field.localName), " = w; else {"],
      ...generic.map((l): Printable => ["  ", l]),
      "} }",
    ];
  }
  if (field.fieldKind === "message") {
    const oneof = field.oneof;
    const store: Printable =
      oneof === undefined
        ? [prop(c.f, "m", field.localName), " = s;"]
        : [prop(c.f, "m", oneof.localName), " = { case: ", c.f.string(field.localName), ", value: s };"];
    const bit = oneof === undefined ? 0 : 1 << desc.oneofs.indexOf(oneof);
    const mark = oneof === undefined ? "" : `if ((b & ${bit}) !== 0) t.bail(); b |= ${bit}; `;
    return [
      ["if (t.peek() === 123) { ", mark, scanMessage(c, field.message, true), " ", store, " } else {"],
      ...generic.map((l): Printable => ["  ", l]),
      "}",
    ];
  }
  if (field.fieldKind === "list") {
    const element: Printable =
      field.listKind === "message"
        ? [scanMessage(c, field.message), " l.push(s);"]
        : field.listKind === "scalar" && is64(field.scalar)
          ? [
              `const w = ${int64Call(field.scalar, field.longAsString)}; if (w !== undefined) l.push(w); else { const e = t.value(); `,
              listPush(c, field),
              " }",
            ]
          : [`const e = ${valueCall(field)}; `, listPush(c, field)];
    return [
      [
        "if (t.peek() === 91) { const l = ",
        prop(c.f, "m", field.localName),
        "; if (t.openArray()) do { ",
        element,
        " } while (t.moreArray()); } else {",
      ],
      ...generic.map((l): Printable => ["  ", l]),
      "}",
    ];
  }
  return generic;
}

/**
 * Whether map field `field` is read from the text by JSON.parse (see valueLines()): integer
 * keys (array indexes, for which V8 grows an array key by key), and enum or scalar values
 * other than strings and bytes (whose text may hold colons, which t.flatObject() refuses).
 */
function flatMap(field: DescField & { fieldKind: "map" }): boolean {
  if (field.mapKey === ScalarType.STRING || field.mapKey === ScalarType.BOOL) return false;
  return field.mapKind === "enum" || (field.mapKind === "scalar" && field.scalar !== ScalarType.STRING && field.scalar !== ScalarType.BYTES);
}

/**
 * The loop that reads the members of the object of map field `field` (at its `{`) into the
 * message's map, which is new and empty. A key given twice (in canonical form: the map holds
 * it already), not in its canonical form, or `__proto__` (which an assignment does not make an
 * own property) makes the scanner give up: the closure path reports or handles those. Values
 * are converted as the reader of parsed JSON converts list elements; enum values it ignores
 * (unknown names with `ignoreUnknownFields`) are kept in `g`, to find their keys given twice.
 */
function mapLoop(c: JsonContext, field: DescField & { fieldKind: "map" }, ts: boolean): Printable {
  const { f, rt } = c;
  // A key that is a large array index, or the 33rd key, makes the map a dictionary (aotJsonLargeMap()).
  const check: Printable[] = [
    "const kc = ",
    rt("aotJsonScanKey"),
    `(${field.mapKey}, mk); if (kc === 0 || mk === "__proto__" || Object.prototype.hasOwnProperty.call(mp, mk)`,
  ];
  let read: Printable;
  let before: Printable = "";
  switch (field.mapKind) {
    case "message":
      read = [scanMessage(c, field.message), " mp[mk] = s;"];
      break;
    case "enum":
      before = ts ? "let g: string[] | undefined; " : "let g; ";
      check.push(" || (g !== undefined && g.includes(mk))");
      read = [
        "const n = ",
        rt("aotJsonReadEnum"),
        "(",
        f.importSchema(field.enum),
        ", t.value(), x); if (n !== undefined) mp[mk] = n; else g = ",
        rt("aotJsonScanOther"),
        "(t, g, mk);",
      ];
      break;
    default:
      read = [`const e = ${valueCall(field)}; mp[mk] = `, scalarConv(c, field.scalar, false, "e"), ";"];
  }
  check.push(") t.bail(); if (!sp && (kc === 2 || ++nk > 32)) { sp = true; ", rt("aotJsonLargeMap"), "(mp); }");
  return [
    "const mp = ",
    prop(f, "m", field.localName),
    "; let sp = false, nk = 0; ",
    before,
    "for (let k = t.first(); k !== undefined; k = t.next()) { const mk = t.kept(k); ",
    check,
    " ",
    read,
    " }",
  ];
}

/**
 * Statements that read a new message of type `sub` from the text into `const s`: by this
 * file's zero factory and text reader if it has them (an object must follow; `atObject`: checked
 * already), else by the runtime.
 */
function scanMessage(c: JsonContext, sub: DescMessage, atObject = false): Printable {
  const local = c.local?.(sub);
  if (local?.zero !== undefined && local.jsonScan !== undefined) {
    return [atObject ? "" : "if (t.peek() !== 123) t.bail(); ", "const s = ", local.zero, "(); ", local.jsonScan, "(s, t, x);"];
  }
  return ["const s = ", c.rt("aotJsonScanNew"), "(", c.f.importSchema(sub), ", t, x);"];
}
