/**
 * The ahead-of-time binary decoder of a message type (plugin option `aot`): the body of
 * `function (m, r, end, group, depth, ctx) { ... }`, the runtime's decode loop
 * (binary/decoder.ts) with one `case` per tag a field accepts. Scalars, enums, strings, bytes,
 * repeated scalars (packed or not), maps, and sub-messages (groups and oneof members too) are
 * decoded inline; unboxed wrappers and Struct, and `[lazy]` fields by the runtime's compiled
 * field decoders. Every other tag goes to the runtime (end of a group, illegal tags, unknown
 * fields), as in the compiled decoder.
 */
import type { DescField, DescMessage } from "@pbjet/protobuf";
import type { GeneratedFile, Printable } from "@pbjet/protoplugin";
import { ScalarType } from "@pbjet/protobuf/reflect";
import { Wire, mayBeBoxed, prop, readCall, scalarMethod, scalarWire, tagOf, valueScalar } from "./wire.js";

/** What the decoder's code refers to. */
export interface DecodeContext {
  readonly f: GeneratedFile;
  /** The symbol of a runtime helper of @pbjet/protobuf/codegenv2 (aotReadMessage, ...). */
  readonly rt: (name: string) => Printable;
  /**
   * The names of the functions of this file that encode and decode a message type and create
   * its zero message (`zero` undefined where the runtime's factory serves), if the file has
   * them: then sub-messages of the type are written and read by a direct call.
   */
  readonly local: (
    desc: DescMessage,
  ) => { readonly enc: string; readonly dec: string; readonly zero: string | undefined; readonly ctor: string } | undefined;
}

/** The lines of the decoder's body. */
export function decoderBody(c: DecodeContext, desc: DescMessage): Printable[] {
  const { f } = c;
  const typeName = f.string(desc.typeName);
  // The limit of aotSetIndexEntry() for each map with 32-bit integer keys (see mapCase()).
  const limits = desc.fields.filter((fl) => fl.fieldKind === "map" && isIndexKey(fl.mapKey)).map((fl) => ` let ik${fl.number} = -Infinity;`);
  const lines: Printable[] = [
    ["let tag = 0;", ...limits],
    "try {",
    "  while (r.pos < end) {",
    "    const at = r.pos;",
    // One-byte tags (field numbers 1-15) are read inline.
    "    const b = r.buf[at];",
    "    if (b < 0x80 && at < r.len) { tag = b; r.pos = at + 1; } else tag = r.uint32();",
    "    switch (tag) {",
  ];
  for (const field of desc.fields) {
    lines.push(...fieldCases(c, desc, field));
  }
  lines.push(
    "    }",
    ["    if (", c.rt("aotOtherTag"), "(m, r, tag, at, group, ctx, depth)) return;"],
    "  }",
    "} catch (e) {",
    ["  throw ", c.rt("aotDecodeError"), "(e, ", typeName, ", tag >>> 3);"],
    "}",
    ["if (group !== 0) throw ", c.rt("aotMissingEndGroup"), "(group, ", typeName, ", r);"],
  );
  return lines;
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
  return values.map((n) => `v === ${n}`).join(" || ");
}

function fieldCases(c: DecodeContext, desc: DescMessage, field: DescField): Printable[] {
  const { f } = c;
  const index = desc.fields.indexOf(field);
  const get = prop(f, "m", field.localName);
  const no = field.number;
  switch (field.fieldKind) {
    case "scalar":
    case "enum": {
      const t = valueScalar(field)!;
      const tag = tagOf(no, scalarWire(t));
      const known = closedCheck(field);
      const oneof = field.oneof;
      const store = (value: string): Printable =>
        oneof === undefined
          ? [get, " = ", value]
          : [prop(f, "m", oneof.localName), " = { case: ", f.string(field.localName), ", value: ", value, " }"];
      if (known === undefined) {
        return [[`      case ${tag}: `, store(readCall(field, t)), "; continue;"]];
      }
      return [
        [
          `      case ${tag}: { const v = ${readCall(field, t)}; if (${known}) `,
          store("v"),
          "; else ",
          c.rt("aotUnknownEnum"),
          `(m, ${no}, v, ctx); continue; }`,
        ],
      ];
    }
    case "list": {
      if (field.listKind === "message") {
        const wt = field.delimitedEncoding ? Wire.StartGroup : Wire.LengthDelimited;
        const sub = field.message!;
        if (mayBeBoxed(sub) || field.lazy) return [compiled(c, desc, index, tagOf(no, wt), wt)];
        // Pushed once decoded, as in the runtime.
        return [[`      case ${tagOf(no, wt)}: { const s = `, zeroOf(c, sub), "; ", readInto(c, sub, wt, no), " ", get, ".push(s); continue; }"]];
      }
      const t = valueScalar(field)!;
      const wt = scalarWire(t);
      const known = closedCheck(field);
      const push: Printable =
        known === undefined
          ? ["l.push(", readCall(field, t), ")"]
          : ["{ const v = ", readCall(field, t), `; if (${known}) l.push(v); else `, c.rt("aotUnknownEnum"), `(m, ${no}, v, ctx); }`];
      const cases: Printable[] = [[`      case ${tagOf(no, wt)}: { const l = `, get, "; ", push, "; continue; }"]];
      if (wt !== Wire.LengthDelimited) {
        // Packable: a packed run of values, whatever the field's own encoding.
        cases.push([
          `      case ${tagOf(no, Wire.LengthDelimited)}: { const l = `,
          get,
          "; const e = ",
          c.rt("aotPackedEnd"),
          "(r); const outer = r.len; r.len = e; while (r.pos < e) ",
          push,
          "; r.len = outer; continue; }",
        ]);
      }
      return cases;
    }
    case "message": {
      const wt = field.delimitedEncoding ? Wire.StartGroup : Wire.LengthDelimited;
      const tag = tagOf(no, wt);
      const sub = field.message;
      if (mayBeBoxed(sub) || field.lazy) return [compiled(c, desc, index, tag, wt)];
      const oneof = field.oneof;
      if (oneof === undefined) {
        // A new message is stored first, as in the runtime; a message already there (a lazy
        // view too) stays, and is merged into through aotMutable().
        return [
          [
            `      case ${tag}: { let s = `,
            get,
            "; if (s === undefined) s = ",
            get,
            " = ",
            zeroOf(c, sub),
            "; else s = ",
            c.rt("aotMutable"),
            "(",
            f.importSchema(sub),
            ", s); ",
            readInto(c, sub, wt, no),
            " continue; }",
          ],
        ];
      }
      // A oneof member merges into the selected value of the same case (a lazy view stays the
      // value), else a new message replaces the oneof once decoded, as in the runtime.
      const name = f.string(field.localName);
      const getOneof = prop(f, "m", oneof.localName);
      return [
        [
          `      case ${tag}: { const x = `,
          getOneof,
          "; const s = x.case === ",
          name,
          " ? ",
          c.rt("aotMutable"),
          "(",
          f.importSchema(sub),
          ", x.value) : ",
          zeroOf(c, sub),
          "; ",
          readInto(c, sub, wt, no),
          " if (x.case !== ",
          name,
          ") ",
          getOneof,
          " = { case: ",
          name,
          ", value: s }; continue; }",
        ],
      ];
    }
    default: {
      // Maps: entries are length-delimited.
      if (!(field.mapKind === "message" && mayBeBoxed(field.message!))) return [mapCase(c, field)];
      return [compiled(c, desc, index, tagOf(no, Wire.LengthDelimited), Wire.LengthDelimited)];
    }
  }
}

/** An expression that creates a zero message of type `sub`. */
function zeroOf(c: DecodeContext, sub: DescMessage): Printable {
  const zero = c.local(sub)?.zero;
  if (zero !== undefined) return `${zero}()`;
  return [c.rt("aotZeroOf"), "(", c.f.importSchema(sub), ")()"];
}

/**
 * Decodes a sub-message of type `sub` (field `no`, wire type `wt`) into `s`: at the next
 * nesting depth, the reader bounded to a length-delimited one, with the type's decoder called
 * from this call site — directly where this file has it, else the one aotDecoderOf() returns
 * (one decoder per call site either way, so that the engine can inline it).
 */
function readInto(c: DecodeContext, sub: DescMessage, wt: Wire, no: number): Printable {
  const local = c.local(sub);
  const dec: Printable = local !== undefined ? local.dec : [c.rt("aotDecoderOf"), "(", c.f.importSchema(sub), ")"];
  if (wt === Wire.StartGroup) {
    return [c.rt("aotEnterGroup"), "(r, depth, ctx); ", dec, `(s, r, r.len, ${no}, depth + 1, ctx);`];
  }
  return ["const e = ", c.rt("aotEnter"), "(r, depth, ctx); const ol = r.len; r.len = e; ", dec, "(s, r, e, 0, depth + 1, ctx); r.len = ol;"];
}

/** Whether map keys of type `t` are 32-bit integers: stored by the runtime's aotSetIndexEntry(). */
function isIndexKey(t: ScalarType): boolean {
  return t !== ScalarType.STRING && t !== ScalarType.BOOL && !scalarMethod(t).endsWith("64");
}

/** The zero value of a map value of scalar type `t` (as the runtime's scalarZeroValue). */
function mapValueZero(f: GeneratedFile, t: ScalarType): Printable {
  switch (t) {
    case ScalarType.BYTES:
      return f.import("aotEmptyBytes", f.runtime.codegen.messageDesc.from);
    case ScalarType.STRING:
      return `""`;
    case ScalarType.BOOL:
      return "false";
    default:
      return scalarMethod(t).endsWith("64") ? [f.runtime.protoInt64, ".zero"] : "0";
  }
}

/**
 * A map field: one entry (key 1, value 2, in any order, either missing, unknown fields of the
 * entry skipped), stored as an own property (`__proto__` too; 32-bit integer keys as numbers,
 * by aotSetIndexEntry()), as the runtime's map decoder does; an entry whose value is unknown to
 * a closed enum goes to the unknown fields whole.
 */
function mapCase(c: DecodeContext, field: DescField & { fieldKind: "map" }): Printable {
  const { f } = c;
  const no = field.number;
  let keyRead = readCall(field, field.mapKey);
  // 32-bit integer keys stay numbers, for the runtime's aotSetIndexEntry(); other keys are strings.
  const indexKey = isIndexKey(field.mapKey);
  // As String(): `String` itself may be shadowed by a generated enum of that name.
  if (field.mapKey !== ScalarType.STRING && !indexKey) keyRead = `"" + ${keyRead}`;
  const keyZero = indexKey ? "0" : f.string(String(field.mapKey === ScalarType.BOOL ? false : field.mapKey === ScalarType.STRING ? "" : 0));
  let valueTag: number;
  let valueRead: Printable;
  let valueZero: Printable;
  let unknownEntry: Printable = "";
  if (field.mapKind === "message") {
    const sub = field.message!;
    valueTag = tagOf(2, Wire.LengthDelimited);
    // A value that occurs twice in one entry is merged, as protobuf merges message fields.
    valueRead = ["{ if (v === undefined) v = ", zeroOf(c, sub), "; const s = v; ", readInto(c, sub, Wire.LengthDelimited, 2), " }"];
    valueZero = zeroOf(c, sub);
  } else {
    const t = field.mapKind === "enum" ? ScalarType.INT32 : field.scalar!;
    valueTag = tagOf(2, scalarWire(t));
    valueRead = ["v = ", readCall(field, t), ";"];
    valueZero = field.mapKind === "enum" ? String(field.enum!.values[0]?.number ?? 0) : mapValueZero(f, t);
    const known = field.mapKind === "enum" ? closedCheck(field) : undefined;
    if (known !== undefined) {
      unknownEntry = [`if (v !== undefined && !(${known})) { `, c.rt("aotUnknownEntry"), `(m, ${no}, r, st, ee, ctx); continue; } `];
    }
  }
  return [
    `      case ${tagOf(no, Wire.LengthDelimited)}: { const st = r.pos; const ee = `,
    c.rt("aotPackedEnd"),
    "(r); const ol = r.len; r.len = ee; let k, v; while (r.pos < ee) { const t = r.uint32(); ",
    `if (t === ${tagOf(1, scalarWire(field.mapKey))}) k = ${keyRead}; else if (t === ${valueTag}) `,
    valueRead,
    " else r.skipValue(t & 7, t >>> 3, ctx.maxDepth - depth); } r.len = ol; ",
    unknownEntry,
    indexKey ? [`ik${no} = `, c.rt("aotSetIndexEntry"), "("] : [c.rt("aotSetEntry"), "("],
    prop(f, "m", field.localName),
    `, k === undefined ? `,
    keyZero,
    " : k, v === undefined ? ",
    valueZero,
    indexKey ? ` : v, ik${no}); continue; }` : " : v); continue; }",
  ];
}

/** A field decoded by the runtime's compiled field decoder. */
function compiled(c: DecodeContext, desc: DescMessage, index: number, tag: number, wt: Wire): Printable {
  return [`      case ${tag}: if (`, c.rt("aotField"), "(", c.f.importSchema(desc), `, ${index})(m, r, ${wt}, depth, ctx)) continue; break;`];
}
