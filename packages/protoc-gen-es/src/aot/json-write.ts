/**
 * The ahead-of-time JSON text writer of a message type (plugin option `aot`): the body of
 * `$jsonWrite<i>(m, o, k, w, x)`, which appends the fields of message `m` that are set, as the
 * runtime's field writers do (json/aot-json.ts AotJsonWriter). Singular scalar values of the
 * common types are written here; every other field, and any value of an unexpected type, by
 * the field's writer in the runtime (`w[i](m, s, x)`), which holds the rules and the errors.
 */
import type { DescField, DescMessage } from "@pbjet/protobuf";
import { Edition, FieldPresence, ScalarType } from "@pbjet/protobuf/reflect";
import { isWrapperDesc } from "@pbjet/protobuf/wkt";
import type { GeneratedFile, Printable } from "@pbjet/protoplugin";
import { prop } from "./wire.js";
import { explicitPresenceCond } from "./zero.js";

/** What the JSON codecs' code refers to. */
export interface JsonContext {
  readonly f: GeneratedFile;
  /** The symbol of a runtime helper of @pbjet/protobuf/codegenv2 (aotJsonString, ...). */
  readonly rt: (name: string) => Printable;
  /** The file's constant `Object.prototype.hasOwnProperty`. */
  readonly hasOwn: () => Printable;
  /** The name of a constant of the file (`$keyOf`, `$closed`), printed once. */
  readonly fileConst: (name: string) => Printable;
  /** The local functions of a message type of this file (their names), if it has them. */
  readonly local?: (desc: DescMessage) => { readonly zero: string | undefined; readonly jsonScan: string | undefined } | undefined;
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

/** Whether the generator writes JSON codecs for a message type: not for the well-known types with a JSON form of their own. */
export function hasAotJson(desc: DescMessage): boolean {
  return !ownJsonForm.has(desc.typeName) && !isWrapperDesc(desc);
}

/**
 * How a singular scalar value `v` is handled in generated JSON code: `check`, the condition
 * that `v` is a value of the type that the code handles itself; `nonZero`, that it is not the
 * zero value; `text`, its JSON text; `read`, what is stored for JSON value `v` that passed
 * `check` (undefined: reading is left to the coder). Undefined for types left to the coder.
 */
export interface InlineScalar {
  readonly check: string;
  /** The negation of `check`. */
  readonly miss: string;
  readonly nonZero: string;
  /** `text` goes between quotes (the key texts with the opening quote are used). */
  readonly quoted: boolean;
  readonly text: (rt: (name: string) => Printable) => Printable;
  readonly read: string | undefined;
}

/** The inline handling of values of a field (see InlineScalar), or undefined. */
export function inlineScalar(field: DescField, oneofMember = false): InlineScalar | undefined {
  if (field.fieldKind !== "scalar" || (field.oneof !== undefined && !oneofMember)) return undefined;
  const plain =
    (text: string): InlineScalar["text"] =>
    () =>
      text;
  switch (field.scalar) {
    case ScalarType.STRING: {
      const text: InlineScalar["text"] = (rt) => [rt("aotJsonString"), "(v)"];
      return { check: 'typeof v === "string"', miss: 'typeof v !== "string"', nonZero: 'v !== ""', quoted: true, text, read: "v" };
    }
    case ScalarType.BOOL:
      return { check: "v === true || v === false", miss: "v !== true && v !== false", nonZero: "v", quoted: false, text: plain("v"), read: "v" };
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      // `v | 0`: -0 is read as 0, as the runtime reads it.
      return { ...number, check: `${number.check} && (v | 0) === v`, miss: `${number.miss} || (v | 0) !== v`, read: "v | 0" };
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return { ...number, check: `${number.check} && v >>> 0 === v`, miss: `${number.miss} || v >>> 0 !== v`, read: "v >>> 0" };
    case ScalarType.DOUBLE:
      // Finite numbers: JSON writes others as strings, and reads no others.
      return { ...number, check: `${number.check} && v - v === 0`, miss: `${number.miss} || v - v !== 0`, read: "v" };
    case ScalarType.FLOAT:
      // Read by the coder (range checks).
      return { ...number, check: `${number.check} && v - v === 0`, miss: `${number.miss} || v - v !== 0`, read: undefined };
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      // bigint values in quotes (values held as strings, with jstype, go to the coder); 0n is falsy.
      return {
        check: 'typeof v === "bigint"',
        miss: 'typeof v !== "bigint"',
        nonZero: "v",
        quoted: true,
        text: plain("v"),
        read: undefined,
      };
    default:
      return undefined;
  }
}

/** What the number types share. */
const number: InlineScalar = {
  check: 'typeof v === "number"',
  miss: 'typeof v !== "number"',
  nonZero: "v !== 0",
  quoted: false,
  text: () => "v",
  read: undefined,
};

/**
 * The lines of the writer's body. Values written here are appended with the key text that
 * fits: `k[6 * i + n]`, where n is 0 for the first member, 1 after a value, 2 after a string
 * value left open (with the key texts that open a string: n + 3). A string value is left open
 * (`q` holds the length of the text then) and closed by the next key text, or by `$closed()`
 * before a field writer of the runtime (`w[i]`) or at the end: one concatenation less a string.
 */
export function jsonWriterBody(c: JsonContext, desc: DescMessage, ts: boolean): Printable[] {
  const { f, rt } = c;
  const inlined = desc.fields.some((field) => writtenHere(field) !== undefined || field.fieldKind !== "scalar");
  const open = desc.fields.some((field) => writtenHere(field)?.quoted === true);
  const lines: Printable[] = [[open ? 'let s = "", q = -1' : 'let s = ""', inlined ? (ts ? ", v: any;" : ", v;") : ";"]];
  const text: Printable = open ? [c.fileConst("$closed"), "(s, q)"] : "s";
  const coder = (index: number): Printable => [`s = w[${index}](m, `, text, ", x);"];
  const keyOf: Printable = open ? [c.fileConst("$keyOf"), "(s, q)"] : '(s === "" ? 0 : 1)';
  for (const member of desc.members) {
    if (member.kind === "oneof") {
      // The coder of a member writes the oneof's selected case.
      lines.push(coder(desc.fields.indexOf(member.fields[0])));
      continue;
    }
    const index = desc.fields.indexOf(member);
    const inline = writtenHere(member);
    if (inline === undefined) {
      // What the coder would skip: an unset message, an empty list (a value of another type
      // goes to the coder, which reports it).
      if (member.fieldKind === "message" && member.presence !== FieldPresence.LEGACY_REQUIRED) {
        lines.push(["v = ", prop(f, "m", member.localName), ";"], ["if (v !== undefined) ", coder(index)]);
      } else if (member.fieldKind === "list") {
        lines.push(["v = ", prop(f, "m", member.localName), ";"], ["if (v?.length !== 0 || (o & 1) !== 0) ", coder(index)]);
      } else {
        lines.push(coder(index));
      }
      continue;
    }
    const key = 6 * index + (inline.quoted ? 3 : 0);
    const append: Printable = ["s += k[", key === 0 ? "" : `${key} + `, keyOf, "] + ", inline.text(rt), ";"];
    // A string value is left open: the next key text closes it.
    const write: Printable[] = inline.quoted ? [append, "q = s.length;"] : [append];
    lines.push(["v = ", prop(f, "m", member.localName), ";"]);
    if (member.presence === FieldPresence.IMPLICIT) {
      lines.push(...chain([`if (${inline.miss})`, [coder(index)]], [`else if (${inline.nonZero} || (o & 1) !== 0)`, write]));
    } else if (member.parent.file.edition === Edition.EDITION_PROTO3) {
      // proto3 optional: unset is undefined.
      lines.push(...chain([`if (${inline.check})`, write], ["else if (v !== undefined)", [coder(index)]]));
    } else {
      // proto2 and editions: set if the property is own (defaults live on the prototype).
      const own: Printable = ["else if (", explicitPresenceCond(f, member as DescField & { fieldKind: "scalar" }, c.hasOwn()), ")"];
      lines.push(...chain([`if (v !== undefined && (${inline.miss}))`, [coder(index)]], [own, write, true]));
    }
  }
  lines.push(open ? ["return ", text, ";"] : "return s;");
  return lines;
}

/**
 * An if / else if chain: each branch a condition and its statements, on the condition's line
 * if it is one (and the branch does not ask for braces: long conditions), else in braces.
 */
function chain(...branches: [Printable, Printable[], boolean?][]): Printable[] {
  const lines: Printable[] = [];
  let open = false;
  for (const [cond, stmts, braces] of branches) {
    const lead: Printable = open ? ["} ", cond] : cond;
    if (stmts.length === 1 && braces !== true) {
      lines.push([lead, " ", stmts[0]]);
      open = false;
    } else {
      lines.push([lead, " {"], ...stmts.map((l) => ["  ", l] as Printable));
      open = true;
    }
  }
  if (open) lines.push("}");
  return lines;
}

/**
 * The inline handling of a field in the writer: singular scalars but required ones (which have
 * their own error: the coder writes those).
 */
function writtenHere(field: DescField): InlineScalar | undefined {
  const inline = inlineScalar(field);
  if (inline === undefined || field.fieldKind !== "scalar") return undefined;
  return field.presence === FieldPresence.LEGACY_REQUIRED ? undefined : inline;
}
