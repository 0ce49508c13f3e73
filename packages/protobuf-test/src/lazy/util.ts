/**
 * Helpers of the lazy decoding suites: random valid encodings of any message type (with
 * extensions, unknown fields, merged occurrences and shuffled field order), a deep walk that
 * reads every field of a message through the public API into a comparable snapshot, and
 * wire-level builders and corruptions.
 *
 * Everything goes through the public API of @pbjet/protobuf.
 */
import * as fc from "fast-check";
import { defaultRuns } from "../test-mode";
// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import { hex, registry } from "../helpers";
import { extensionTypes, fieldValue, isInitializable, messageInit, messageTypes, type InitOptions } from "../differential/arbitrary";

export type SetName = "test" | "conformance";
export const sets: SetName[] = ["test", "conformance"];

/** Runs per property; override with PBJET_LAZY_RUNS. */
export const RUNS = Number(process.env.PBJET_LAZY_RUNS ?? defaultRuns(8));

/**
 * fast-check parameters; a fixed seed with PBJET_LAZY_SEED reproduces a failure. A failure is
 * reported as found, with its seed and path, without shrinking (shrinking these properties,
 * whose every run decodes, changes and encodes whole trees, can take many minutes and look like
 * a hang); PBJET_LAZY_SHRINK=1 shrinks, for a smaller counterexample.
 */
export function fcParams(numRuns: number = RUNS): fc.Parameters<unknown> {
  const seed = process.env.PBJET_LAZY_SEED;
  const endOnFailure = process.env.PBJET_LAZY_SHRINK !== "1";
  return seed === undefined ? { numRuns, endOnFailure } : { numRuns, endOnFailure, seed: Number(seed) };
}

/** google.protobuf.FeatureSet.FieldPresence */
export const EXPLICIT = 1;
export const IMPLICIT = 2;
export const LEGACY_REQUIRED = 3;

/** Wire types. */
export const VARINT = 0;
export const BIT64 = 1;
export const LEN = 2;
export const SGROUP = 3;
export const EGROUP = 4;
export const BIT32 = 5;

/** Every message type of a set (map entries excluded), sorted by name. */
export function typesOf(set: SetName): pb.DescMessage[] {
  return messageTypes(registry(set));
}

const extCache = new Map<SetName, Map<string, pb.DescExtension[]>>();

/** The extensions of a set, by the type name of their extendee. */
export function extensionsOf(set: SetName, typeName: string): pb.DescExtension[] {
  let byExtendee = extCache.get(set);
  if (byExtendee === undefined) {
    byExtendee = new Map();
    for (const ext of extensionTypes(registry(set))) {
      const list = byExtendee.get(ext.extendee.typeName) ?? [];
      list.push(ext);
      byExtendee.set(ext.extendee.typeName, list);
    }
    extCache.set(set, byExtendee);
  }
  return byExtendee.get(typeName) ?? [];
}

/** Runs fn and returns what it threw, or undefined. */
export function errorOf(fn: () => unknown): unknown {
  try {
    fn();
    return undefined;
  } catch (e) {
    return e;
  }
}

/** A short description of an error, for comparisons and failure messages. */
export function describeError(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return `non-error: ${String(e)}`;
}

// ---------------------------------------------------------------------------------------
// Random valid encodings
// ---------------------------------------------------------------------------------------

/** The value setExtension() takes, from what fieldValue() generates. */
function extensionValue(ext: pb.DescExtension, v: unknown): unknown {
  if (ext.fieldKind === "message" && isMessageInit(v)) return pb.create(ext.message, v as Record<string, unknown>);
  if (ext.fieldKind === "list" && ext.listKind === "message") {
    return (v as Record<string, unknown>[]).map((e) => pb.create(ext.message!, e));
  }
  return v;
}

function isMessageInit(v: unknown): boolean {
  return typeof v === "object" && v !== null && !(v instanceof Uint8Array) && !Array.isArray(v);
}

/** The canonical encoding of random messages of a type, with random extensions and unknown fields. */
export function canonicalArb(set: SetName, desc: pb.DescMessage, options?: InitOptions): fc.Arbitrary<Uint8Array> {
  const exts = extensionsOf(set, desc.typeName);
  const extArb = exts.length === 0 ? fc.constant([] as unknown[]) : fc.tuple(...exts.map((e) => fc.option(fieldValue(e, { depth: 1 }), { freq: 2 })));
  return fc.tuple(messageInit(desc, { unknownFields: true, ...options }), extArb).map(([init, extValues]) => {
    const msg = pb.create(desc, init);
    extValues.forEach((v, i) => {
      if (v !== null) pb.setExtension(msg as never, exts[i] as never, extensionValue(exts[i], v) as never);
    });
    return pb.toBinary(desc, msg);
  });
}

/** A small deterministic PRNG (mulberry32), for decisions derived from one fast-check seed. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  bool(p = 0.5): boolean {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }
}

/** One top-level field of an encoding: [start, end) including the tag. */
export interface WireRecord {
  start: number;
  end: number;
  no: number;
  wireType: number;
  tagEnd: number;
}

/** Reads a varint at pos; returns [value, next position], or undefined if malformed. */
export function readVarint(buf: Uint8Array, pos: number): [number, number] | undefined {
  let v = 0;
  let mul = 1;
  for (let i = 0; i < 10; i++) {
    if (pos >= buf.length) return undefined;
    const b = buf[pos++];
    v += (b & 0x7f) * mul;
    mul *= 128;
    if (b < 0x80) return [v, pos];
  }
  return undefined;
}

/**
 * The top-level fields of a well-formed encoding (a group is one record, up to its matching
 * end-group tag). Returns undefined if the bytes are not well-formed.
 */
export function wireRecords(buf: Uint8Array, start = 0, end = buf.length): WireRecord[] | undefined {
  const out: WireRecord[] = [];
  let pos = start;
  while (pos < end) {
    const rec = wireRecord(buf, pos, end);
    if (rec === undefined) return undefined;
    out.push(rec);
    pos = rec.end;
  }
  return out;
}

function wireRecord(buf: Uint8Array, pos: number, end: number, depth = 0): WireRecord | undefined {
  const start = pos;
  const t = readVarint(buf, pos);
  if (t === undefined || t[1] > end) return undefined;
  const no = Math.floor(t[0] / 8);
  const wireType = t[0] % 8;
  const tagEnd = t[1];
  pos = tagEnd;
  switch (wireType) {
    case VARINT: {
      const v = readVarint(buf, pos);
      if (v === undefined || v[1] > end) return undefined;
      pos = v[1];
      break;
    }
    case BIT64:
      pos += 8;
      break;
    case BIT32:
      pos += 4;
      break;
    case LEN: {
      const v = readVarint(buf, pos);
      if (v === undefined) return undefined;
      pos = v[1] + v[0];
      break;
    }
    case SGROUP: {
      if (depth > 50) return undefined;
      for (;;) {
        if (pos >= end) return undefined;
        const inner = readVarint(buf, pos);
        if (inner === undefined) return undefined;
        if (inner[0] % 8 === EGROUP) {
          if (Math.floor(inner[0] / 8) !== no) return undefined;
          pos = inner[1];
          break;
        }
        const r = wireRecord(buf, pos, end, depth + 1);
        if (r === undefined) return undefined;
        pos = r.end;
      }
      break;
    }
    default:
      return undefined;
  }
  if (pos > end) return undefined;
  return { start, end: pos, no, wireType, tagEnd };
}

export function concat(...parts: (Uint8Array | number[])[]): Uint8Array {
  const len = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(len);
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

/** Bytes of an unsigned varint (up to 2^53). */
export function varint(v: number): number[] {
  const out: number[] = [];
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
  return out;
}

/** A varint padded with redundant continuation bytes to `size` bytes (valid up to 10). */
export function paddedVarint(v: number, size: number): number[] {
  const out = varint(v);
  if (out.length >= size) return out;
  out[out.length - 1] |= 0x80;
  while (out.length < size - 1) out.push(0x80);
  out.push(0);
  return out;
}

export function tag(no: number, wireType: number): number[] {
  return varint(no * 8 + wireType);
}

/** A length-delimited field. */
export function lenField(no: number, content: Uint8Array | number[]): Uint8Array {
  return concat(tag(no, LEN), varint(content.length), content);
}

/** A group field. */
export function groupField(no: number, content: Uint8Array | number[]): Uint8Array {
  return concat(tag(no, SGROUP), content, tag(no, EGROUP));
}

/**
 * Valid, often non-canonical encodings of random messages: the canonical encoding; two
 * encodings concatenated (protobuf merges them: singular message fields occur several times,
 * oneofs switch, lists append, map keys repeat); or the top-level fields of such a
 * concatenation in shuffled order.
 */
export function encodingArb(set: SetName, desc: pb.DescMessage, options?: InitOptions): fc.Arbitrary<Uint8Array> {
  const one = canonicalArb(set, desc, options);
  return fc.oneof(
    { arbitrary: one, weight: 2 },
    { arbitrary: fc.tuple(one, one).map(([a, b]) => concat(a, b)), weight: 1 },
    {
      arbitrary: fc.tuple(one, one, fc.integer()).map(([a, b, seed]) => shuffleRecords(concat(a, b), new Rng(seed))),
      weight: 1,
    },
  );
}

/** The top-level fields of an encoding in a random order. */
export function shuffleRecords(buf: Uint8Array, rng: Rng): Uint8Array {
  const recs = wireRecords(buf);
  if (recs === undefined) return buf;
  for (let i = recs.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [recs[i], recs[j]] = [recs[j], recs[i]];
  }
  return concat(...recs.map((r) => buf.subarray(r.start, r.end)));
}

/** The types of a set whose messages can be encoded (no cycle of required fields). */
export function encodableTypes(set: SetName): pb.DescMessage[] {
  return typesOf(set).filter((t) => isInitializable(t));
}

// ---------------------------------------------------------------------------------------
// Deep read
// ---------------------------------------------------------------------------------------

/**
 * How sub-messages must be represented in a walk: "view" — every sub-message of a view is a
 * view; "eager" — no view anywhere; "any" — no check (a mutable copy holding views).
 */
export type Mode = "view" | "eager" | "any";

export interface Snapshot {
  type: string;
  lazy: boolean;
  fields: [string, unknown][];
  presence: string;
  unknown: string[];
  extensions: [string, unknown][];
}

export interface WalkOptions {
  set: SetName;
  /** Also read extensions with getExtension() (default true). */
  extensions?: boolean;
  /**
   * For each sub-message view: also check that its own bytes (toBinary of the view) decode
   * to the same content. Default false.
   */
  childBytes?: boolean;
}

/**
 * Reads every field of a message through the public API (accessors, list elements, map
 * values, oneofs, Struct JSON, presence with isFieldSet, unknown fields, extensions with
 * getExtension) into a plain comparable value. 64-bit integers, -0, NaN, bytes and map key
 * order are kept distinguishable.
 */
export function snapshot(desc: pb.DescMessage, msg: unknown, mode: Mode, o: WalkOptions): Snapshot {
  const m = msg as Record<string, unknown>;
  const lazy = pb.isLazyMessage(m);
  if (mode === "view" && !lazy) throw new Error(`expected a lazy view of ${desc.typeName}, got an ordinary message`);
  if (mode === "eager" && lazy) throw new Error(`expected an ordinary message of ${desc.typeName}, got a lazy view`);
  if (m.$typeName !== desc.typeName) throw new Error(`expected ${desc.typeName}, got $typeName ${String(m.$typeName)}`);
  const sub: Mode = mode === "view" ? "view" : mode === "eager" ? "eager" : "any";
  const fields: [string, unknown][] = [];
  for (const member of desc.members) {
    const v = m[member.localName];
    if (lazy && typeof v === "object" && v !== null && m[member.localName] !== v) {
      throw new Error(`${desc.typeName}.${member.localName}: a second read returned a different object`);
    }
    if (member.kind === "oneof") {
      const oo = v as { case: string | undefined; value?: unknown };
      if (oo.case === undefined) {
        fields.push([member.localName, ["case", "none", "value" in oo ? norm(oo.value, undefined, sub, o) : "no value"]]);
        continue;
      }
      const f = member.fields.find((x) => x.localName === oo.case);
      if (f === undefined) throw new Error(`${desc.typeName}.${member.localName}: unknown case ${oo.case}`);
      fields.push([member.localName, ["case", oo.case, norm(oo.value, f.message, sub, o)]]);
      continue;
    }
    const field = member;
    switch (field.fieldKind) {
      case "list": {
        if (!Array.isArray(v)) throw new Error(`${desc.typeName}.${field.localName}: not an array`);
        fields.push([field.localName, v.map((e) => norm(e, field.message, sub, o))]);
        break;
      }
      case "map": {
        const entries = Object.keys(v as object).map((k) => [k, norm((v as Record<string, unknown>)[k], field.message, sub, o)]);
        fields.push([field.localName, ["map", entries]]);
        break;
      }
      default:
        fields.push([field.localName, norm(v, field.fieldKind === "message" ? field.message : undefined, sub, o)]);
    }
  }
  const presence = desc.fields.map((f) => (pb.isFieldSet(m as unknown as pb.Message, f) ? "1" : "0")).join("");
  const unknown = ((m as unknown as pb.Message).$unknown ?? []).map((u) => `${u.no}/${u.wireType}/${hex(u.data)}`);
  const extensions: [string, unknown][] = [];
  if (o.extensions !== false) {
    for (const ext of extensionsOf(o.set, desc.typeName)) {
      const has = pb.hasExtension(m as never, ext as never);
      let value: unknown;
      // An unset message extension reads as an empty message (of possibly the same type:
      // SelfExtending), so only set ones are walked.
      if (!has && ext.fieldKind === "message") {
        extensions.push([ext.typeName, [has, "unset"]]);
        continue;
      }
      try {
        value = norm(pb.getExtension(m as never, ext as never), ext.message, "eager", o);
      } catch (e) {
        value = `getExtension threw ${describeError(e)}`;
      }
      extensions.push([ext.typeName, [has, value]]);
    }
  }
  return { type: desc.typeName, lazy: mode === "any" ? false : lazy, fields, presence, unknown, extensions };
}

/** Returned by normScalar() for a value that is an object other than bytes. */
export const NOT_SCALAR: unique symbol = Symbol("not a scalar");

/**
 * A comparable form of a scalar value (-0 kept apart from 0, bigints, strings, booleans,
 * undefined, null and bytes as hex), or NOT_SCALAR for any other object.
 */
export function normScalar(v: unknown): unknown {
  switch (typeof v) {
    case "undefined":
      return "undefined";
    case "number":
      return `number:${Object.is(v, -0) ? "-0" : String(v)}`;
    case "bigint":
      return `bigint:${v}`;
    case "string":
      return `string:${v}`;
    case "boolean":
      return v;
    case "object":
      break;
    default:
      return `unexpected ${typeof v}`;
  }
  if (v === null) return null;
  if (v instanceof Uint8Array) return `bytes:${hex(v)}`;
  return NOT_SCALAR;
}

function norm(v: unknown, desc: pb.DescMessage | undefined, mode: Mode, o: WalkOptions): unknown {
  const scalar = normScalar(v);
  if (scalar !== NOT_SCALAR) return scalar;
  if (Array.isArray(v)) return v.map((e) => norm(e, undefined, mode, o));
  const r = v as Record<string, unknown>;
  if (desc !== undefined && typeof r.$typeName === "string") {
    const snap = snapshot(desc, r, mode, o);
    if (o.childBytes && pb.isLazyMessage(r)) {
      // A child view's own bytes decode to what the view reads.
      const again = pb.fromBinary(desc, pb.toBinary(desc, r as unknown as pb.Message));
      const expected = snapshot(desc, again, "eager", { ...o, childBytes: false });
      if (JSON.stringify(content(snap)) !== JSON.stringify(content(expected))) {
        throw new Error(`toBinary of a child view of ${desc.typeName} does not decode to the view's content`);
      }
    }
    return snap;
  }
  // A JSON value (google.protobuf.Struct held as JSON).
  return ["json", Object.keys(r).map((k) => [k, norm(r[k], undefined, mode, o)])];
}

/** A snapshot with every `lazy` flag cleared, to compare a view's content with an eager message's. */
export function content(s: unknown): unknown {
  return JSON.parse(JSON.stringify(s), (k, v) => (k === "lazy" ? false : v));
}

/** The snapshot of a view, and of the eager decode of the same bytes, as comparable content. */
export function contentOf(desc: pb.DescMessage, msg: unknown, mode: Mode, o: WalkOptions): unknown {
  return content(snapshot(desc, msg, mode, o));
}

/** Visits every sub-message reachable from a message (through fields, lists, maps, oneofs). */
export function forEachMessage(
  desc: pb.DescMessage,
  msg: unknown,
  fn: (desc: pb.DescMessage, msg: Record<string, unknown>, depth: number) => void,
  depth = 0,
): void {
  const m = msg as Record<string, unknown>;
  fn(desc, m, depth);
  for (const member of desc.members) {
    const v = m[member.localName];
    if (member.kind === "oneof") {
      const oo = v as { case: string | undefined; value?: unknown };
      const f = member.fields.find((x) => x.localName === oo.case);
      if (f?.message !== undefined && isMessageValue(oo.value)) forEachMessage(f.message, oo.value, fn, depth + 1);
      continue;
    }
    if (member.message === undefined) continue;
    const values = member.fieldKind === "list" ? (v as unknown[]) : member.fieldKind === "map" ? Object.values(v as object) : [v];
    for (const e of values) if (isMessageValue(e)) forEachMessage(member.message, e, fn, depth + 1);
  }
}

export function isMessageValue(v: unknown): boolean {
  return typeof v === "object" && v !== null && typeof (v as { $typeName?: unknown }).$typeName === "string";
}

export { hex };
