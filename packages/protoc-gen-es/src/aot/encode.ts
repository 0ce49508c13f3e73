/**
 * The ahead-of-time binary encoder of a message type (plugin option `aot`): the body of
 * `function (m, w, u) { ... }`, writing the fields in field-number order as the compiled
 * encoder of the runtime does (binary/encoder.ts), with the same zero checks and writer calls,
 * then the unknown fields. Scalars and messages of this file's types are written here; every
 * other part of a field (maps, lazy views, unboxed wrappers and Struct, messages of other
 * files' types, required fields that are not set, unknown oneof cases) by the field's coder in
 * the runtime (`aotField(schema, index)`), so that each rule has one implementation.
 */
import type { DescField, DescMessage, DescOneof } from "@pbjet/protobuf";
import { Edition, FieldPresence, ScalarType } from "@pbjet/protobuf/reflect";
import type { GeneratedFile, Printable } from "@pbjet/protoplugin";
import { explicitPresenceCond } from "./zero.js";
import { declarations } from "./decode.js";
import { Wire, fixedSize, mayBeBoxed, prop, scalarMethod, scalarWire, tagOf, valueScalar } from "./wire.js";

/** What the encoder's code refers to. */
export interface EncodeContext {
  readonly f: GeneratedFile;
  /** The symbol of a runtime helper of @pbjet/protobuf/codegenv2 (aotField, ...). */
  readonly rt: (name: string) => Printable;
  /**
   * The name of this file's encoder of a message type, if it has one (see decode.ts), and of
   * the constructor of its zero messages (`zero` undefined where the runtime's factory serves).
   */
  readonly local: (desc: DescMessage) => { readonly enc: string; readonly zero: string | undefined; readonly ctor: string } | undefined;
  /** Whether the target is TypeScript (locals are declared with types). */
  readonly ts: boolean;
  /** The file's constant Object.prototype.hasOwnProperty. */
  readonly hasOwn: () => Printable;
}

/** The lines of the encoder's body, one statement each, indented by two spaces a level. */
export function encoderBody(c: EncodeContext, desc: DescMessage): Printable[] {
  const sorted = [...desc.fields].sort((a, b) => a.number - b.number);
  const done = new Set<DescOneof>();
  const body: Printable[] = [];
  for (const field of sorted) {
    const oneof = field.oneof;
    if (oneof === undefined) {
      body.push(...fieldLines(c, desc, field));
    } else if (interleaved(oneof, sorted)) {
      // Written member by member, each at its place in field-number order, by its coder.
      body.push(coderCall(c, desc, field, "encode(m, w, u);"));
    } else if (!done.has(oneof)) {
      done.add(oneof);
      body.push(...oneofLines(c, desc, oneof));
    }
  }
  body.push("if (u && m.$unknown !== undefined) w.unknownFields(m.$unknown);");
  const locals = ["v", "l", "o"].filter((name) => body.some((line) => usesLocal(line, name)));
  return [
    ...declarations(locals.map((name) => (c.ts ? `${name}: any` : name))),
    "try {",
    ...indent(body),
    "} catch (e) {",
    ["  throw ", c.rt("aotEncodeError"), "(", c.f.importSchema(desc), ", m, u, e);"],
    "}",
  ];
}

/** Lines indented by one level. */
export function indent(lines: Printable[]): Printable[] {
  return lines.map((line) => ["  ", line]);
}

/** Whether a line of the body assigns the local `name` (`v = `, `l = `, `o = `). */
function usesLocal(line: Printable, name: string): boolean {
  const text = (p: Printable): string => (typeof p === "string" ? p : Array.isArray(p) ? p.map(text).join("") : "");
  return text(line).includes(`${name} = `);
}

/** A oneof whose members are not consecutive in field-number order is written member by member. */
function interleaved(oneof: DescOneof, sorted: DescField[]): boolean {
  const at = oneof.fields.map((f) => sorted.indexOf(f));
  return Math.max(...at) - Math.min(...at) !== at.length - 1;
}

/** A call of a method of the field's coder: `aotField(Schema, index).method(...)`. */
function coderCall(c: EncodeContext, desc: DescMessage, field: DescField, call: string): Printable {
  return [c.rt("aotField"), "(", c.f.importSchema(desc), `, ${desc.fields.indexOf(field)}).${call}`];
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
  const get = prop(f, "m", field.localName);
  const required = field.presence === FieldPresence.LEGACY_REQUIRED;
  // A required field that is not set: the coder throws the runtime's error.
  const orFail: Printable[] = required ? [["else ", coderCall(c, desc, field, "encode(m, w, u);")]] : [];
  switch (field.fieldKind) {
    case "scalar":
    case "enum": {
      const t = valueScalar(field)!;
      const write = `w.rawTag(${tagOf(field.number, scalarWire(t))}).${scalarMethod(t)}(v);`;
      if (field.presence === FieldPresence.IMPLICIT)
        return [
          ["v = ", get, ";"],
          [`if (${nonZero(t)}) `, write],
        ];
      if (field.parent.file.edition === Edition.EDITION_PROTO3 && !required)
        return [
          ["v = ", get, ";"],
          ["if (v !== undefined) ", write],
        ];
      // Explicit presence: set if the property is own (defaults live on the prototype).
      return [["v = ", get, ";"], ["if (", explicitPresenceCond(f, field, c.hasOwn()), ")"], ["  ", write], ...orFail];
    }
    case "message": {
      if (runtimeOnly(field.message, field)) return [coderCall(c, desc, field, "encode(m, w, u);")];
      return [["v = ", get, ";"], "if (v !== undefined) {", ...indent(messageWrite(c, desc, field)), ["}", ...orFail.map((l) => [" ", l])]];
    }
    case "list": {
      if (field.listKind === "message") {
        if (runtimeOnly(field.message!, field)) return [coderCall(c, desc, field, "encode(m, w, u);")];
        return [["l = ", get, ";"], "for (let i = 0; i < l.length; i++) {", "  v = l[i];", ...indent(messageWrite(c, desc, field)), "}"];
      }
      const t = valueScalar(field)!;
      const method = scalarMethod(t);
      if (!field.packed) {
        const tag = tagOf(field.number, scalarWire(t));
        return [["l = ", get, ";"], `for (let i = 0; i < l.length; i++) w.rawTag(${tag}).${method}(l[i]);`];
      }
      const tag = tagOf(field.number, Wire.LengthDelimited);
      const size = fixedSize(t);
      // Fixed-width elements: the length is known up front, no fork needed.
      const open = size > 0 ? `w.rawTag(${tag}).uint32(l.length * ${size});` : `w.rawTag(${tag}).fork();`;
      return [
        ["l = ", get, ";"],
        "if (l.length !== 0) {",
        `  ${open}`,
        `  for (let i = 0; i < l.length; i++) w.${method}(l[i]);`,
        ...(size > 0 ? [] : ["  w.join();"]),
        "}",
      ];
    }
    default:
      return [coderCall(c, desc, field, "encode(m, w, u);")];
  }
}

/** Whether a message field is written by its coder only: unboxed types, `[lazy]` fields, other files' types. */
function runtimeOnly(sub: DescMessage, field: DescField): boolean {
  return mayBeBoxed(sub) || field.lazy;
}

/**
 * The statements that write message `v` (with its tag) as a value of `field`: an ordinary
 * message by a direct call of this file's encoder of the type, where it has one; a lazy view
 * (or any message with another prototype) by the field's coder, which copies a view's bytes
 * where they stand for it.
 */
function messageWrite(c: EncodeContext, desc: DescMessage, field: DescField): Printable[] {
  const sub = field.message!;
  const byCoder = coderCall(c, desc, field, "writeMessage(v, w, u);");
  const local = c.local(sub);
  if (local === undefined) return [byCoder];
  const no = field.number;
  const write =
    (field as { delimitedEncoding?: boolean }).delimitedEncoding === true
      ? [`w.rawTag(${tagOf(no, Wire.StartGroup)});`, `${local.enc}(v, w, u);`, `w.rawTag(${tagOf(no, Wire.EndGroup)});`]
      : [`w.rawTag(${tagOf(no, Wire.LengthDelimited)}).fork();`, `${local.enc}(v, w, u);`, "w.join();"];
  // An ordinary message has the prototype of the type's zero messages (Object.prototype, or the
  // object with the defaults of fields with explicit presence); a view has another.
  const proto = local.zero !== undefined ? `${local.ctor}.prototype` : "Object.prototype";
  return [`if (Object.getPrototypeOf(v) === ${proto}) {`, ...indent(write), ["} else ", byCoder]];
}

/** Whether the generated code writes a oneof member itself (else its coder does). */
function inlineMember(field: DescField): boolean {
  if (field.fieldKind === "message") return !runtimeOnly(field.message, field);
  return field.fieldKind === "scalar" || field.fieldKind === "enum";
}

/** The selected member of a oneof. An unknown case fails in the coder of a member, as in the runtime. */
function oneofLines(c: EncodeContext, desc: DescMessage, oneof: DescOneof): Printable[] {
  const { f } = c;
  const lines: Printable[] = [
    ["o = ", prop(f, "m", oneof.localName), ";"],
    "if (o !== undefined) {",
    "  switch (o.case) {",
    "    case undefined:",
    "      break;",
  ];
  for (const member of oneof.fields) {
    let write: Printable[];
    if (!inlineMember(member)) {
      write = [coderCall(c, desc, member, "encode(m, w, u);")];
    } else if (member.fieldKind === "message") {
      write = ["v = o.value;", ...messageWrite(c, desc, member)];
    } else {
      const t = valueScalar(member)!;
      write = [`w.rawTag(${tagOf(member.number, scalarWire(t))}).${scalarMethod(t)}(o.value);`];
    }
    lines.push(["    case ", f.string(member.localName), ":"], ...indent(indent(indent(write))), "      break;");
  }
  lines.push("    default:", ["      ", coderCall(c, desc, oneof.fields[0], "encode(m, w, u);")], "  }", "}");
  return lines;
}
