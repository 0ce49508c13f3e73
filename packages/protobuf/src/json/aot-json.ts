/**
 * What the ahead-of-time JSON codecs of generated code (plugin option `aot=true`) run on: the
 * writer's key texts, the reader of a whole JSON text through a generated reader of text,
 * keys that are no field, and the type's compiled writer around the generated one. Fields and
 * values the generated code does not handle itself go to the fields' JSON coders
 * (field-coder.ts).
 */
import type { DescMessage } from "../descriptors/types.js";
import type { Message } from "../types.js";
import { typeRecord } from "../model/type-record.js";
import { eagerForm } from "../model/view-protocol.js";
import { zeroMessageFactory } from "../model/zero-message.js";
import type { JsonReadOptions, WriteContext } from "./options.js";
import { extensionsText, fieldTextWriter, keyText, oneofTextWriter, type FieldTextWrite } from "./text-writer.js";
import { readContext, readOtherKey, type ReadContext } from "./reader.js";
import { JsonScanner } from "./scanner.js";
import { jsonFieldCoders, type JsonScan } from "./field-coder.js";

/**
 * The ahead-of-time JSON writer of a message type: appends the fields of message `m` that are
 * set to `s` ("" at first), as the runtime's field writers do: every member as `"key":value`,
 * the first with the object's `{`, no closing brace (added by the caller), and no string value
 * left open (see keyTexts()). `o`: the option bits
 * (EMIT_IMPLICIT 1, ENUM_AS_INTEGER 2, PROTO_FIELD_NAME 4); `k`: the key texts of the fields for
 * these bits (see keyTexts()); `w`: the runtime's writers of the fields for these bits, in
 * declaration order (a oneof member's writes its oneof), which append a field as the generated
 * writer does (problems do not name the field: see aotTextWriter()).
 */
export type AotJsonWriter = (m: any, o: number, k: readonly string[], w: readonly FieldTextWrite[], x: WriteContext) => string;

/**
 * The key texts of a message type's fields for the option bits, six for field `i`
 * (declaration order), from `k[6 * i]`: `{"name":` (the first member), `,"name":` (after a
 * value), `","name":` (after a string the generated writer left open: it closes it); then the
 * same three with the opening quote of a string value. Generated writers leave a string value
 * open until the next member or the end, which saves a concatenation for every string.
 */
function keyTexts(desc: DescMessage, bits: number): string[] {
  const k: string[] = [];
  for (const field of desc.fields) {
    const key = keyText(field, bits);
    k.push("{" + key, "," + key, '",' + key, "{" + key + '"', "," + key + '"', '",' + key + '"');
  }
  // Flat strings, as literals are (a concatenation makes a tree that every text built on it
  // must walk when it is flattened).
  return JSON.parse(JSON.stringify(k)) as string[];
}

/**
 * The compiled JSON text writer of a message type for the option bits, around its generated
 * writer: a lazy view is written from its eager form; extensions that the registry knows are
 * appended; the object is closed. Where writing fails, the fields are written again one by one
 * by their coders, whose problems name the field (writing has no side effects).
 */
export function aotTextWriter(desc: DescMessage, write: AotJsonWriter, bits: number): (msg: unknown, ctx: WriteContext) => string {
  const rec = typeRecord(desc);
  let keys: string[] | undefined;
  let writers: FieldTextWrite[] | undefined;
  return (msg, ctx) => {
    const m = eagerForm(rec, msg) as Message;
    let s: string;
    try {
      s = write(m, bits, (keys ??= keyTexts(desc, bits)), (writers ??= fieldWriters(desc, bits)), ctx);
    } catch (e) {
      // In the order of the closure writer (members), so that both report the same field.
      const coders = jsonFieldCoders(desc);
      for (const member of desc.members) {
        coders[desc.fields.indexOf(member.kind === "oneof" ? member.fields[0] : member)].write(m, bits, "", ctx);
      }
      throw e;
    }
    if (ctx.registry !== undefined && m.$unknown !== undefined) s = extensionsText(desc, bits, m, ctx.registry, ctx, s);
    return s === "" ? "{}" : s + "}";
  };
}

/** The runtime's writers of a message type's fields for the option bits (a oneof member's: its oneof's). */
function fieldWriters(desc: DescMessage, bits: number): FieldTextWrite[] {
  const oneofs = new Map<unknown, FieldTextWrite>();
  return desc.fields.map((field) => {
    const oneof = field.oneof;
    if (oneof === undefined) return fieldTextWriter(field, bits);
    let w = oneofs.get(oneof);
    if (w === undefined) oneofs.set(oneof, (w = oneofTextWriter(oneof.localName, oneof.fields, bits)));
    return w;
  });
}

/**
 * A key of an object read from text that names no field of message `m` of type `desc`: an
 * extension ("[full.name]") or unknown, read as the reader of parsed JSON reads it. `seen`
 * holds the other such keys of the object so far (a key given twice makes the scanner give
 * up); returns it with `key` added.
 */
export function scanOtherKey(desc: DescMessage, m: unknown, key: string, seen: string[] | undefined, t: JsonScanner, x: ReadContext): string[] {
  if (seen === undefined) seen = [key];
  else if (seen.includes(key)) t.bail();
  else seen.push(key);
  readOtherKey(desc, m, key, t.value(), x);
  return seen;
}

/**
 * Reads a whole JSON text into a new message of type `desc` with its ahead-of-time text reader
 * `scan`: the message, or undefined if the text is no object or the scan gave up (then
 * fromJsonString() reads the text as usual, which reports any problem).
 */
export function scanText(desc: DescMessage, scan: JsonScan, text: string, options: Partial<JsonReadOptions> | undefined): unknown {
  if (typeof text !== "string") return undefined;
  const t = new JsonScanner(text);
  try {
    if (!t.readable() || t.peek() !== 123) return undefined;
    const msg = zeroMessageFactory(desc)();
    scan(msg, t, jsonFieldCoders(desc), readContext(options, true));
    t.end();
    return msg;
  } catch {
    // Whatever stopped the scan (a bail-out, a problem of a value), the usual path decides.
    return undefined;
  }
}
