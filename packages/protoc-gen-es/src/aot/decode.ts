/**
 * The ahead-of-time binary decoder of a message type (plugin option `aot`): the body of
 * `function (m, r, end, group, depth, ctx) { ... }`, the runtime's decode loop
 * (binary/decoder.ts) with one `case` per tag a field accepts. Scalars, open enums, strings,
 * bytes, repeated scalars (packed or not), maps, and new messages are decoded here (of other
 * files' types by the zero factory and decoder of the field's coder). The rest of a field goes
 * to the field's coder in the runtime (`aotField(schema, index)`): messages already set (merged
 * into), values of closed enums (read here, handed to the coder when unknown), unboxed
 * wrappers and Struct, `[lazy]` fields, groups, and maps of other files' message types. Every
 * other tag goes to the runtime (`aotOther()`).
 */
import type { DescField, DescMessage } from "@pbjet/protobuf";
import type { GeneratedFile, Printable } from "@pbjet/protoplugin";
import { ScalarType } from "@pbjet/protobuf/reflect";
import { indent } from "./encode.js";
import { Wire, mayBeBoxed, prop, readCall, scalarMethod, scalarWire, tagOf, valueScalar } from "./wire.js";

/** What the decoder's code refers to. */
export interface DecodeContext {
  readonly f: GeneratedFile;
  /** The symbol of a runtime helper of @pbjet/protobuf/codegenv2 (aotField, ...). */
  readonly rt: (name: string) => Printable;
  /**
   * The names of the functions of this file that encode and decode a message type and create
   * its zero message (`zero` undefined where the runtime's factory serves), if the file has
   * them: then sub-messages of the type are written and read by a direct call.
   */
  readonly local: (
    desc: DescMessage,
  ) => { readonly enc: string; readonly dec: string; readonly zero: string | undefined; readonly ctor: string } | undefined;
  /** Whether the target is TypeScript (locals are declared with types). */
  readonly ts: boolean;
  /** The expression of an empty Uint8Array shared by the file (the zero value of bytes). */
  readonly emptyBytes: () => Printable;
}

/** The locals of the decoder that the cases may use, with their TypeScript types. */
const LOCALS: ReadonlyArray<readonly [string, string]> = [
  ["v", "any"],
  ["s", "any"],
  ["l", "any"],
  ["k", "any"],
  ["p", "number"],
  ["e", "number"],
  ["n", "number"],
  ["me", "number"],
  ["mn", "number"],
  ["t", "number"],
];

/** The lines of the decoder's body, one statement each. */
export function decoderBody(c: DecodeContext, desc: DescMessage): Printable[] {
  const cases: Printable[] = [];
  for (const field of desc.fields) cases.push(...fieldCases(c, desc, field));
  const text = cases.map(flat).join("\n");
  const locals = LOCALS.filter(([name]) => new RegExp(`(^|[^.\\w$])${name} = `, "m").test(text));
  // The limit of the coder's put() for each map with 32-bit integer keys (see mapCase()).
  const limits = desc.fields.filter((fl) => fl.fieldKind === "map" && isIndexKey(fl.mapKey)).map((fl) => `ik${fl.number} = -Infinity`);
  const declared = [...(c.ts ? locals.map(([n, t]) => `${n}: ${t}`) : locals.map(([n]) => n)), ...limits];
  return [
    "let tag = 0;",
    ...declarations(declared),
    "try {",
    "  while (r.pos < end) {",
    "    const at = r.pos;",
    // One-byte tags (field numbers 1-15) are read inline.
    "    const b = r.buf[at];",
    "    if (b < 0x80 && at < r.len) {",
    "      tag = b;",
    "      r.pos = at + 1;",
    "    } else tag = r.tagU32();",
    "    switch (tag) {",
    ...indent(indent(indent(cases))),
    "    }",
    ["    if (", c.rt("aotOther"), "(m, r, tag, at, group, depth, ctx)) return;"],
    "  }",
    "} catch (e) {",
    ["  throw ", c.rt("aotDecodeError"), "(e, ", c.f.importSchema(desc), ", tag >>> 3);"],
    "}",
    // The input ended inside a group: its end-group tag is missing.
    ["if (group !== 0) ", c.rt("aotOther"), "(m, r, 0, r.pos, group, depth, ctx);"],
  ];
}

/** `let` statements declaring `names` (with their types or initializers), a few per line. */
export function declarations(names: string[]): string[] {
  const lines: string[] = [];
  let line: string[] = [];
  for (const name of names) {
    if (line.length > 0 && `let ${[...line, name].join(", ")};`.length > 80) {
      lines.push(`let ${line.join(", ")};`);
      line = [];
    }
    line.push(name);
  }
  if (line.length > 0) lines.push(`let ${line.join(", ")};`);
  return lines;
}

/** The text of a printable without its imports (to find the locals it assigns). */
function flat(p: Printable): string {
  return typeof p === "string" ? p : Array.isArray(p) ? p.map(flat).join("") : "";
}

/** `aotField(Schema, index).decode(m, r, wt, depth, ctx)`: the coder reads the value. */
function coderDecode(c: DecodeContext, desc: DescMessage, field: DescField, wt: string): Printable {
  return [c.rt("aotField"), "(", c.f.importSchema(desc), `, ${desc.fields.indexOf(field)}).decode(m, r, ${wt}, depth, ctx)`];
}

/** A case whose value the field's coder reads. */
function byCoder(c: DecodeContext, desc: DescMessage, field: DescField, tags: number[]): Printable[] {
  return [...tags.map((tag) => `case ${tag}:`), ["  if (", coderDecode(c, desc, field, "tag & 7"), ") continue;"], "  break;"];
}

/**
 * The condition that an enum value `v` is one of a closed enum's values, or undefined if
 * the enum is open.
 */
function closedCheck(field: DescField): string | undefined {
  const e = field.enum;
  if (e === undefined || e.open) return undefined;
  const values = [...new Set(e.values.map((v) => v.number))].sort((a, b) => a - b);
  if (values.length === 0) return "false";
  const min = values[0];
  const max = values[values.length - 1];
  if (max - min + 1 === values.length) return min === max ? `v === ${min}` : `v >= ${min} && v <= ${max}`;
  // Many scattered values: the coder decides (one rule, no long condition).
  if (values.length > 4) return undefined;
  return values.map((n) => `v === ${n}`).join(" || ");
}

/** Whether a closed enum has a condition that fits a line (see closedCheck()). */
function closedFits(field: DescField): boolean {
  const e = field.enum;
  return e === undefined || e.open || closedCheck(field) !== undefined;
}

function fieldCases(c: DecodeContext, desc: DescMessage, field: DescField): Printable[] {
  const { f } = c;
  const get = prop(f, "m", field.localName);
  const no = field.number;
  switch (field.fieldKind) {
    case "scalar":
    case "enum": {
      const t = valueScalar(field)!;
      const tag = tagOf(no, scalarWire(t));
      if (!closedFits(field)) return byCoder(c, desc, field, [tag]);
      const oneof = field.oneof;
      const store = (value: string): Printable =>
        oneof === undefined
          ? [get, " = ", value, ";"]
          : [prop(f, "m", oneof.localName), " = { case: ", f.string(field.localName), ", value: ", value, " };"];
      const known = closedCheck(field);
      if (known === undefined) return [`case ${tag}:`, ["  ", store(readCall(field, t))], "  continue;"];
      // An unknown value of a closed enum: read again by the coder, which keeps it as unknown.
      return [
        `case ${tag}:`,
        "  p = r.pos;",
        `  v = ${readCall(field, t)};`,
        [`  if (${known}) `, store("v")],
        "  else {",
        "    r.pos = p;",
        ["    ", coderDecode(c, desc, field, "0"), ";"],
        "  }",
        "  continue;",
      ];
    }
    case "list": {
      if (field.listKind === "message") {
        const wt = field.delimitedEncoding ? Wire.StartGroup : Wire.LengthDelimited;
        if (mayBeBoxed(field.message!) || field.lazy || wt === Wire.StartGroup) {
          return byCoder(c, desc, field, [tagOf(no, wt)]);
        }
        // Pushed once decoded, as in the runtime.
        return [`case ${tagOf(no, wt)}:`, ...indent([...readNew(c, desc, field, "s"), [get, ".push(s);"]]), "  continue;"];
      }
      const t = valueScalar(field)!;
      const wt = scalarWire(t);
      const tags = wt === Wire.LengthDelimited ? [tagOf(no, wt)] : [tagOf(no, wt), tagOf(no, Wire.LengthDelimited)];
      // Closed enums: a packed run may hold unknown values in any place; the coder reads them.
      if (closedCheck(field) !== undefined || !closedFits(field)) return byCoder(c, desc, field, tags);
      const read = readCall(field, t);
      const cases: Printable[] = [`case ${tags[0]}:`, ["  ", get, `.push(${read});`], "  continue;"];
      if (tags.length > 1) {
        // Packable: a packed run of values, whatever the field's own encoding.
        cases.push(
          `case ${tags[1]}:`,
          ["  l = ", get, ";"],
          "  e = r.readEnd();",
          "  n = r.len;",
          "  r.len = e;",
          `  while (r.pos < e) l.push(${read});`,
          "  r.len = n;",
          "  continue;",
        );
      }
      return cases;
    }
    case "message": {
      const wt = field.delimitedEncoding ? Wire.StartGroup : Wire.LengthDelimited;
      const tag = tagOf(no, wt);
      const sub = field.message;
      if (mayBeBoxed(sub) || field.lazy || wt === Wire.StartGroup) return byCoder(c, desc, field, [tag]);
      const oneof = field.oneof;
      if (oneof === undefined) {
        // A new message is stored first, as in the runtime; one already there (a lazy view
        // too) is merged into by the coder.
        return [
          `case ${tag}:`,
          ["  if (", get, " === undefined) {"],
          ...indent(indent(readNew(c, desc, field, ["s = ", get]))),
          "    continue;",
          "  }",
          ["  if (", coderDecode(c, desc, field, String(wt)), ") continue;"],
          "  break;",
        ];
      }
      // A oneof member: the coder merges into the selected value of the same case; a new
      // message replaces the oneof once decoded, as in the runtime.
      const getOneof = prop(f, "m", oneof.localName);
      return [
        `case ${tag}:`,
        ["  if (", getOneof, ".case !== ", f.string(field.localName), ") {"],
        ...indent(indent(readNew(c, desc, field, "s"))),
        ["    ", getOneof, " = { case: ", f.string(field.localName), ", value: s };"],
        "    continue;",
        "  }",
        ["  if (", coderDecode(c, desc, field, String(wt)), ") continue;"],
        "  break;",
      ];
    }
    default: {
      const local = field.mapKind === "message" ? c.local(field.message!) : undefined;
      if (field.mapKind === "message" && (mayBeBoxed(field.message!) || local === undefined)) {
        return byCoder(c, desc, field, [tagOf(no, Wire.LengthDelimited)]);
      }
      if (!closedFits(field)) return byCoder(c, desc, field, [tagOf(no, Wire.LengthDelimited)]);
      return mapCase(c, desc, field);
    }
  }
}

/** `new Ctor()` for a zero message of this file's type `sub`. */
function newZero(c: DecodeContext, sub: DescMessage): string {
  const local = c.local(sub)!;
  if (local.zero === undefined) throw new Error(`no zero message constructor for ${sub.typeName}`);
  return `${local.zero}()`;
}

/**
 * Creates a message of the value type of `field` in `target` (`s`, or `s = m.field`: stored
 * first) and decodes a length-delimited value into it, at the next nesting depth, the reader
 * bounded to it: by this file's functions of the type, called directly, or for a type of
 * another file by the zero factory and decoder that the field's coder holds.
 */
function readNew(c: DecodeContext, desc: DescMessage, field: DescField, target: Printable): Printable[] {
  const sub = field.message!;
  const local = c.local(sub);
  const coder: Printable = [c.rt("aotField"), "(", c.f.importSchema(desc), `, ${desc.fields.indexOf(field)})`];
  const zero: Printable = local !== undefined ? newZero(c, sub) : [coder, ".zero()"];
  const dec: Printable = local !== undefined ? local.dec : [coder, ".decodeMessage"];
  return [
    [target, " = ", zero, ";"],
    ["e = ", c.rt("aotEnter"), "(r, depth, ctx);"],
    "n = r.len;",
    "r.len = e;",
    [dec, "(s, r, e, 0, depth + 1, ctx);"],
    "r.len = n;",
  ];
}

/** Whether map keys of type `t` are 32-bit integers: stored as numbers by the coder's put(). */
function isIndexKey(t: ScalarType): boolean {
  return t !== ScalarType.STRING && t !== ScalarType.BOOL && !scalarMethod(t).endsWith("64");
}

/** The zero value of a map value of scalar type `t` (as the runtime's scalarZeroValue). */
function mapValueZero(c: DecodeContext, t: ScalarType): Printable {
  switch (t) {
    case ScalarType.BYTES:
      return c.emptyBytes();
    case ScalarType.STRING:
      return `""`;
    case ScalarType.BOOL:
      return "false";
    default:
      return scalarMethod(t).endsWith("64") ? [c.f.runtime.protoInt64, ".zero"] : "0";
  }
}

/**
 * A map field: one entry (key 1, value 2, in any order, either missing, unknown fields of the
 * entry skipped), stored by the coder's put() (an own property, `__proto__` too; 32-bit
 * integer keys as numbers), as the runtime's map decoder does. An entry whose value is unknown
 * to a closed enum is read again by the coder, which keeps it whole in the unknown fields.
 */
function mapCase(c: DecodeContext, desc: DescMessage, field: DescField & { fieldKind: "map" }): Printable[] {
  const { f } = c;
  const no = field.number;
  const indexKey = isIndexKey(field.mapKey);
  let keyRead = readCall(field, field.mapKey);
  // As String(): `String` itself may be shadowed by a generated enum of that name.
  if (field.mapKey !== ScalarType.STRING && !indexKey) keyRead = `"" + ${keyRead}`;
  const keyZero = indexKey ? "0" : f.string(String(field.mapKey === ScalarType.BOOL ? false : field.mapKey === ScalarType.STRING ? "" : 0));
  let valueTag: number;
  let valueRead: Printable[];
  let valueZero: Printable;
  let known: string | undefined;
  if (field.mapKind === "message") {
    const sub = field.message!;
    valueTag = tagOf(2, Wire.LengthDelimited);
    // A value that occurs twice in one entry is merged, as protobuf merges message fields.
    const local = c.local(sub)!;
    valueRead = [
      `if (v === undefined) v = ${newZero(c, sub)};`,
      ["e = ", c.rt("aotEnter"), "(r, depth, ctx);"],
      "n = r.len;",
      "r.len = e;",
      `${local.dec}(v, r, e, 0, depth + 1, ctx);`,
      "r.len = n;",
    ];
    valueZero = newZero(c, sub);
  } else {
    const t = field.mapKind === "enum" ? ScalarType.INT32 : field.scalar!;
    valueTag = tagOf(2, scalarWire(t));
    valueRead = [`v = ${readCall(field, t)};`];
    valueZero = field.mapKind === "enum" ? String(field.enum!.values[0]?.number ?? 0) : mapValueZero(c, t);
    known = field.mapKind === "enum" ? closedCheck(field) : undefined;
  }
  const put: Printable = [
    indexKey ? `ik${no} = ` : "",
    c.rt("aotField"),
    "(",
    f.importSchema(desc),
    `, ${desc.fields.indexOf(field)}).put(`,
    prop(f, "m", field.localName),
    ", k, v",
    indexKey ? `, ik${no});` : ", 0);",
  ];
  return [
    `case ${tagOf(no, Wire.LengthDelimited)}:`,
    ...(known === undefined ? [] : ["  p = r.pos;"]),
    "  me = r.readEnd();",
    "  mn = r.len;",
    "  r.len = me;",
    "  k = undefined;",
    "  v = undefined;",
    "  while (r.pos < me) {",
    "    t = r.rawTag();",
    `    if (t === ${tagOf(1, scalarWire(field.mapKey))}) k = ${keyRead};`,
    valueRead.length === 1 ? [`    else if (t === ${valueTag}) `, valueRead[0]] : [`    else if (t === ${valueTag}) {`],
    ...(valueRead.length === 1 ? [] : [...indent(indent(indent(valueRead))), "    }"]),
    "    else r.skipValue(t & 7, t >>> 3, ctx.maxDepth - depth);",
    "  }",
    "  r.len = mn;",
    ...(known === undefined
      ? []
      : [`  if (v !== undefined && !(${known})) {`, "    r.pos = p;", ["    ", coderDecode(c, desc, field, "2"), ";"], "    continue;", "  }"]),
    ["  if (k === undefined) k = ", keyZero, ";"],
    ["  if (v === undefined) v = ", valueZero, ";"],
    ["  ", put],
    "  continue;",
  ];
}
