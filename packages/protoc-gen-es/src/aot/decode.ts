/**
 * The ahead-of-time binary decoder of a message type (plugin option `aot`): the body of
 * `(m, r, end, group, depth, ctx) => { ... }`, the runtime's decode loop (binary/decoder.ts)
 * with one `case` per tag a field accepts. Scalars, enums, strings, bytes, repeated scalars
 * (packed or not) and plain sub-messages are decoded inline; maps, unboxed wrappers and
 * Struct, and `[lazy]` fields by the runtime's compiled field decoders. Every other tag goes
 * to the runtime (end of a group, illegal tags, unknown fields), as in the compiled decoder.
 */
import type { DescField, DescMessage } from "@pbjet/protobuf";
import type { GeneratedFile, Printable } from "@pbjet/protoplugin";
import { Wire, mayBeBoxed, prop, readCall, scalarWire, tagOf, valueScalar } from "./wire.js";

/** What the decoder's code refers to. */
export interface DecodeContext {
  readonly f: GeneratedFile;
  /** The symbol of a runtime helper of @pbjet/protobuf/codegenv2 (aotReadMessage, ...). */
  readonly rt: (name: string) => Printable;
}

/** The lines of the decoder's body. */
export function decoderBody(c: DecodeContext, desc: DescMessage): Printable[] {
  const { f } = c;
  const typeName = f.string(desc.typeName);
  const lines: Printable[] = [
    "let tag = 0;",
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
    ["    if (", c.rt("aotOtherTag"), "(m, r, tag, at, group, ctx)) return;"],
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
        if (mayBeBoxed(field.message!) || field.lazy) return [compiled(c, desc, index, tagOf(no, wt), wt)];
        if (wt === Wire.LengthDelimited) {
          return [
            [
              `      case ${tagOf(no, wt)}: { const s = `,
              c.rt("aotZeroOf"),
              "(",
              f.importSchema(field.message!),
              ")(); ",
              readInto(c, field.message!),
              " ",
              get,
              ".push(s); continue; }",
            ],
          ];
        }
        return [
          [
            `      case ${tagOf(no, wt)}: `,
            get,
            ".push(",
            c.rt("aotReadMessage"),
            "(",
            f.importSchema(field.message!),
            `, undefined, r, ${wt}, ${no}, depth, ctx)); continue;`,
          ],
        ];
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
      if (mayBeBoxed(field.message) || field.lazy) return [compiled(c, desc, index, tag, wt)];
      const read = (current: Printable): Printable => [
        c.rt("aotReadMessage"),
        "(",
        f.importSchema(field.message),
        ", ",
        current,
        `, r, ${wt}, ${no}, depth, ctx)`,
      ];
      const oneof = field.oneof;
      if (oneof === undefined && wt === Wire.LengthDelimited) {
        // A new message is stored first, as in the runtime; a message already there (a lazy
        // view too) stays, and is merged into through aotMutable().
        const sub = f.importSchema(field.message);
        return [
          [
            `      case ${tag}: { let s = `,
            get,
            "; if (s === undefined) s = ",
            get,
            " = ",
            c.rt("aotZeroOf"),
            "(",
            sub,
            ")(); else s = ",
            c.rt("aotMutable"),
            "(",
            sub,
            ", s); ",
            readInto(c, field.message),
            " continue; }",
          ],
        ];
      }
      if (oneof === undefined) {
        return [[`      case ${tag}: `, get, " = ", read(get), "; continue;"]];
      }
      // A oneof member merges into the selected value of the same case, else replaces the oneof.
      const name = f.string(field.localName);
      const getOneof = prop(f, "m", oneof.localName);
      return [
        [
          `      case ${tag}: { const o = `,
          getOneof,
          "; const s = ",
          read(["o.case === ", name, " ? o.value : undefined"]),
          "; if (o.case !== ",
          name,
          " || s !== o.value) ",
          getOneof,
          " = { case: ",
          name,
          ", value: s }; continue; }",
        ],
      ];
    }
    default: {
      // Maps: entries are length-delimited.
      return [compiled(c, desc, index, tagOf(no, Wire.LengthDelimited), Wire.LengthDelimited)];
    }
  }
}

/**
 * Decodes a length-delimited sub-message of type `sub` into `s`: the reader bounded to it, the
 * type's decoder called from this call site (one decoder per call site, so that the engine can
 * inline it), at the next nesting depth.
 */
function readInto(c: DecodeContext, sub: DescMessage): Printable {
  return [
    "const e = ",
    c.rt("aotEnter"),
    "(r, depth, ctx); const o = r.len; r.len = e; ",
    c.rt("aotDecoderOf"),
    "(",
    c.f.importSchema(sub),
    ")(s, r, e, 0, depth + 1, ctx); r.len = o;",
  ];
}

/** A field decoded by the runtime's compiled field decoder. */
function compiled(c: DecodeContext, desc: DescMessage, index: number, tag: number, wt: Wire): Printable {
  return [`      case ${tag}: if (`, c.rt("aotField"), "(", c.f.importSchema(desc), `, ${index})(m, r, ${wt}, depth, ctx)) continue; break;`];
}
