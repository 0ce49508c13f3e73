/**
 * The ahead-of-time binary encoder of a message type (plugin option `aot`): the body of
 * `(m, w, u) => { ... }`, writing the fields in field-number order as the compiled encoder of
 * the runtime does (binary/encoder.ts), with the same zero checks and writer calls, then the
 * unknown fields. Fields whose rules live in the runtime (maps, unboxed wrappers and Struct,
 * oneofs holding them) are written by the runtime's compiled field encoders.
 */
import type { DescField, DescMessage, DescOneof } from "@pbjet/protobuf";
import { Edition, FieldPresence, ScalarType } from "@pbjet/protobuf/reflect";
import type { GeneratedFile, Printable } from "@pbjet/protoplugin";
import { explicitPresenceCond } from "./zero.js";
import { Wire, fixedSize, mayBeBoxed, prop, scalarMethod, scalarWire, tagOf, valueScalar } from "./wire.js";

/** What the encoder's code refers to. */
export interface EncodeContext {
  readonly f: GeneratedFile;
  /** The symbol of a runtime helper of @pbjet/protobuf/codegenv2 (aotWriteMessage, ...). */
  readonly rt: (name: string) => Printable;
  /**
   * The name of this file's encoder of a message type, if it has one (see decode.ts), and of
   * the constructor of its zero messages (`zero` undefined where the runtime's factory serves).
   */
  readonly local: (desc: DescMessage) => { readonly enc: string; readonly zero: string | undefined; readonly ctor: string } | undefined;
}

/** The lines of the encoder's body. */
export function encoderBody(c: EncodeContext, desc: DescMessage): Printable[] {
  const { f } = c;
  const lines: Printable[] = ["try {"];
  const sorted = [...desc.fields].sort((a, b) => a.number - b.number);
  const done = new Set<DescOneof>();
  for (const field of sorted) {
    const oneof = field.oneof;
    if (oneof !== undefined) {
      if (interleaved(oneof, sorted)) {
        lines.push(...oneofLines(c, desc, oneof, field));
      } else if (!done.has(oneof)) {
        done.add(oneof);
        lines.push(...oneofLines(c, desc, oneof, undefined));
      }
      continue;
    }
    lines.push(...fieldLines(c, desc, field));
  }
  lines.push("  if (u) {", "    const x = m.$unknown;", ["    if (x !== undefined) ", c.rt("aotUnknown"), "(w, x);"], "  }");
  lines.push(["} catch (e) {"], ["  throw ", c.rt("aotEncodeError"), "(", f.importSchema(desc), ", m, u, e);"], "}");
  return lines;
}

/** A oneof whose members are not consecutive in field-number order is written member by member. */
function interleaved(oneof: DescOneof, sorted: DescField[]): boolean {
  const at = oneof.fields.map((f) => sorted.indexOf(f));
  return Math.max(...at) - Math.min(...at) !== at.length - 1;
}

/** The zero check of an implicit-presence scalar `v`, as the runtime's implicitScalarEncoder has it. */
function nonZero(t: ScalarType): string {
  switch (t) {
    case ScalarType.STRING:
      return `v !== ""`;
    case ScalarType.BOOL:
      return "v !== false";
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      // Negative zero is written.
      return "v !== 0 || 1 / v < 0";
    case ScalarType.BYTES:
      return "v.length !== 0 || !(v instanceof Uint8Array)";
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      // bigint, number or string: 0n == 0 and "0" == 0.
      return "v != 0";
    default:
      return "v !== 0";
  }
}

function fieldLines(c: EncodeContext, desc: DescMessage, field: DescField): Printable[] {
  const { f } = c;
  const index = desc.fields.indexOf(field);
  const get = prop(f, "m", field.localName);
  const required = field.presence === FieldPresence.LEGACY_REQUIRED;
  switch (field.fieldKind) {
    case "scalar":
    case "enum": {
      const t = valueScalar(field)!;
      const write = `w.rawTag(${tagOf(field.number, scalarWire(t))}).${scalarMethod(t)}(v)`;
      if (field.presence === FieldPresence.IMPLICIT) {
        return [["  { const v = ", get, `; if (${nonZero(t)}) ${write}; }`]];
      }
      if (field.parent.file.edition === Edition.EDITION_PROTO3 && !required) {
        return [["  { const v = ", get, `; if (v !== undefined) ${write}; }`]];
      }
      // Explicit presence: set if the property is own (defaults live on the prototype).
      return [
        ["  { const v = ", get, "; if (", explicitPresenceCond(f, field), `) ${write};`, required ? [" else ", c.rt("aotFail"), "();"] : "", " }"],
      ];
    }
    case "message": {
      if (mayBeBoxed(field.message) || field.lazy) return [compiled(c, desc, index)];
      const write = messageWrite(c, field.message, field.number, field.delimitedEncoding);
      // `write` is a block: no semicolon before the else.
      return [["  { const v = ", get, "; if (v !== undefined) ", write, required ? [" else ", c.rt("aotFail"), "();"] : "", " }"]];
    }
    case "list": {
      if (field.listKind === "message") {
        if (mayBeBoxed(field.message!) || field.lazy) return [compiled(c, desc, index)];
        const write = messageWrite(c, field.message!, field.number, field.delimitedEncoding, "l[i]");
        return [["  { const l = ", get, "; for (let i = 0; i < l.length; i++) ", write, "; }"]];
      }
      const t = valueScalar(field)!;
      const method = scalarMethod(t);
      if (field.packed) {
        const size = fixedSize(t);
        const tag = tagOf(field.number, Wire.LengthDelimited);
        if (size > 0) {
          // Fixed-width elements: the length is known up front, no fork needed.
          return [
            [
              "  { const l = ",
              get,
              `; const n = l.length; if (n !== 0) { w.rawTag(${tag}).uint32(n * ${size}); for (let i = 0; i < n; i++) w.${method}(l[i]); } }`,
            ],
          ];
        }
        return [
          [
            "  { const l = ",
            get,
            `; const n = l.length; if (n !== 0) { w.rawTag(${tag}).fork(); for (let i = 0; i < n; i++) w.${method}(l[i]); w.join(); } }`,
          ],
        ];
      }
      const tag = tagOf(field.number, scalarWire(t));
      return [["  { const l = ", get, `; for (let i = 0; i < l.length; i++) w.rawTag(${tag}).${method}(l[i]); }`]];
    }
    default:
      return [compiled(c, desc, index)];
  }
}

/** A field written by the runtime's compiled field encoder. */
function compiled(c: EncodeContext, desc: DescMessage, index: number): Printable {
  return ["  ", c.rt("aotFieldEncoder"), "(", c.f.importSchema(desc), `, ${index})(m, w, u);`];
}

/**
 * The statement that writes message `v` (with its tag) as field `no`: an ordinary message by a
 * direct call of this file's encoder of the type, where it has one; a lazy view (or any
 * message with another prototype) by the runtime, which copies a view's bytes where they stand
 * for it.
 */
function messageWrite(c: EncodeContext, sub: DescMessage, no: number, delimited: boolean, v = "v"): Printable {
  const runtime: Printable = [c.rt(delimited ? "aotWriteGroup" : "aotWriteMessage"), "(", c.f.importSchema(sub), `, s, w, ${no}, u)`];
  const local = c.local(sub);
  if (local === undefined) return ["{ const s = ", v, "; ", runtime, "; }"];
  const write = delimited
    ? `w.rawTag(${tagOf(no, Wire.StartGroup)}); ${local.enc}(s, w, u); w.rawTag(${tagOf(no, Wire.EndGroup)});`
    : `w.rawTag(${tagOf(no, Wire.LengthDelimited)}).fork(); ${local.enc}(s, w, u); w.join();`;
  // An ordinary message has the prototype of the type's zero messages (Object.prototype, or the
  // object with the defaults of fields with explicit presence); a view has another.
  const proto = local.zero !== undefined ? `${local.ctor}.prototype` : "Object.prototype";
  return ["{ const s = ", v, "; if (Object.getPrototypeOf(s) === ", proto, ") { ", write, " } else ", runtime, "; }"];
}

/** Whether the generated code writes a oneof member itself (else the whole oneof goes to the runtime). */
function inlineMember(field: DescField): boolean {
  if (field.fieldKind === "message") return !mayBeBoxed(field.message) && !field.lazy;
  return field.fieldKind === "scalar" || field.fieldKind === "enum";
}

/**
 * The selected member of a oneof; with `only`, that member if it is selected (a oneof whose
 * members are interleaved with other fields). An unknown case fails, as in the runtime.
 */
function oneofLines(c: EncodeContext, desc: DescMessage, oneof: DescOneof, only: DescField | undefined): Printable[] {
  const { f } = c;
  const oneofIndex = desc.oneofs.indexOf(oneof);
  if (!oneof.fields.every(inlineMember)) {
    const member = only === undefined ? "" : `, ${desc.fields.indexOf(only)}`;
    return [["  ", c.rt("aotOneofEncoder"), "(", f.importSchema(desc), `, ${oneofIndex}${member})(m, w, u);`]];
  }
  const lines: Printable[] = [
    ["  { const o = ", prop(f, "m", oneof.localName), "; if (o !== undefined) switch (o.case) {"],
    "    case undefined: break;",
  ];
  for (const member of oneof.fields) {
    if (only !== undefined && member !== only) {
      lines.push(["    case ", f.string(member.localName), ": break;"]);
      continue;
    }
    let write: Printable;
    if (member.fieldKind === "message") {
      write = messageWrite(c, member.message, member.number, member.delimitedEncoding, "o.value");
    } else {
      const t = valueScalar(member)!;
      write = `w.rawTag(${tagOf(member.number, scalarWire(t))}).${scalarMethod(t)}(o.value)`;
    }
    lines.push(["    case ", f.string(member.localName), ": ", write, "; break;"]);
  }
  lines.push(["    default: ", c.rt("aotFail"), "();"], "  } }");
  return lines;
}
