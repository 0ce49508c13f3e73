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

/** The lines of the writer's body. */
export function jsonWriterBody(c: JsonContext, desc: DescMessage, ts: boolean): Printable[] {
  const { f, rt } = c;
  const inlined = desc.fields.some((field) => writtenHere(field) !== undefined || field.fieldKind === "list" || field.fieldKind === "message");
  const lines: Printable[] = [inlined ? (ts ? 'let s = "", v: any;' : 'let s = "", v;') : 'let s = "";'];
  const coder = (index: number): Printable => `s = w[${index}](m, s, x);`;
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
    const key = inline.quoted ? 4 * index + 2 : 4 * index;
    const append: Printable = [`s += (s === "" ? k[${key}] : k[${key + 1}]) + `, inline.text(rt), inline.quoted ? " + '\"';" : ";"];
    lines.push(["v = ", prop(f, "m", member.localName), ";"]);
    if (member.presence === FieldPresence.IMPLICIT) {
      lines.push([`if (${inline.miss}) `, coder(index)], [`else if (${inline.nonZero} || (o & 1) !== 0) `, append]);
    } else if (member.parent.file.edition === Edition.EDITION_PROTO3) {
      // proto3 optional: unset is undefined.
      lines.push([`if (${inline.check}) `, append], ["else if (v !== undefined) ", coder(index)]);
    } else {
      // proto2 and editions: set if the property is own (defaults live on the prototype).
      lines.push(
        [`if (v !== undefined && (${inline.miss})) `, coder(index)],
        ["else if (", explicitPresenceCond(f, member as DescField & { fieldKind: "scalar" }, c.hasOwn()), ") {"],
        ["  ", append],
        "}",
      );
    }
  }
  lines.push("return s;");
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
