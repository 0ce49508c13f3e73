/**
 * Public API parity of lazy views: every public function of @pbjet/protobuf (and of its
 * subpaths /wkt, /wire and /reflect) that takes a message gives the same result on a lazy
 * view as on the eagerly decoded message — the same bytes, JSON, text, booleans, values, and
 * the same thrown error (class and message) where the eager call throws.
 *
 * Inputs: random messages of every message type of the "test" and "conformance" descriptor
 * sets (map entries excluded; the [lazy] field types of lazy.proto included), with random
 * extensions and unknown fields, extra unknown-field records (groups too) appended to the
 * encoding, in canonical, merged and shuffled encodings.
 *
 * Subjects: the eager message, the validated view ({ lazy: true }) and the trusted view
 * ({ lazy: true, validate: false }), each also decoded with readUnknownFields: false; and
 * sub-messages reached by reading fields of each of them, passed with their own schema.
 *
 * Calls (see readCalls): isFieldSet of every field (also from /reflect), toBinary,
 * sizeDelimitedEncode (also from /wire), toJson and toJsonString with option sets, toText,
 * equals (view vs view, view vs eager, both ways, with registry/unpackAny/extensions/unknown),
 * clone, toMutable, materialize, isMessage, isWrapper, create (a message as the init, a
 * message in an init object of every type that holds one), hasExtension and getExtension of
 * every extension of the type, anyPack, anyIs and anyUnpack of an Any holding the message,
 * the helpers of the well-known types (anyUnpackTo, timestampMs, timestampDate, durationMs,
 * structToJson, valueToJson, listValueToJson), and the calls that change a message:
 * clearField (every field in turn), setExtension, clearExtension, merge (eager and view sources), mergeFromBinary,
 * mergeFromJson, mergeFromJsonString, mergeFromText, anyUnpackTo. These, made on a (fresh) view
 * itself, must give the same result (outcome, bytes, presence) as on the eager message; so
 * must anyPack into an Any view.
 *
 * The calls run in a random order on one instance per subject, and some on a fresh instance
 * each. Bytes are compared exactly when the input is canonical (an eager decode writes it back
 * byte for byte), otherwise in canonical form (a view writes its input as it came).
 *
 * The differences this suite found are fixed; their minimal repros are at the end of the file.
 *
 * Reproduce a failure with PBJET_LAZY_SEED=<seed> (fast-check prints it); soak with
 * PBJET_PARITY_RUNS=<runs>; PBJET_PARITY_NO_SHRINK=1 reports the first failure unshrunk (faster);
 * PBJET_PARITY_PROFILE=1 prints the time spent per call.
 */
import * as fc from "fast-check";
import { defaultRuns } from "../test-mode";
// Lazy decoding is opt-in: this suite uses it.
import { withLazyFields } from "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import * as wkt from "@pbjet/protobuf/wkt";
import * as wire from "@pbjet/protobuf/wire";
import * as reflect from "@pbjet/protobuf/reflect";
import * as oracle from "@bufbuild/protobuf";
import { descriptorSetBytes, fromHex, oracleRegistry, registry, schema } from "../helpers";
import { isInitializable, messageTypes, unknownFieldsArbitrary } from "../differential/arbitrary";
import {
  concat,
  contentOf,
  describeError,
  encodableTypes,
  encodingArb,
  extensionsOf,
  fcParams,
  isMessageValue,
  NOT_SCALAR,
  normScalar,
  groupField,
  hex,
  readVarint,
  Rng,
  sets,
  tag,
  type SetName,
} from "./util";

// The file of the [lazy] field types is marked, so that their eager decodes hold views.
withLazyFields(registry("test").getMessage("pbjet.test.lazy.Holder")!.file);

type Msg = pb.Message;
type Obj = Record<string, unknown>;

/** Runs per message type (each run checks some thousand calls); override with PBJET_PARITY_RUNS. */
const RUNS = Number(process.env.PBJET_PARITY_RUNS ?? defaultRuns(3));
/** Sub-messages of the root checked per input (fewer when decoded with readUnknownFields: false). */
const MAX_NESTED = 2;
/** The share of the calls that also run on a fresh instance each (all run on one shared instance). */
const FRESH_SHARE = 0.4;

// ---------------------------------------------------------------------------------------
// Types and inputs
// ---------------------------------------------------------------------------------------

/** Every message type of a set that can be encoded, the [lazy] field types of lazy.proto included. */
const typeCache = new Map<SetName, pb.DescMessage[]>();

function allTypes(set: SetName): pb.DescMessage[] {
  const cached = typeCache.get(set);
  if (cached !== undefined) return cached;
  const out = encodableTypes(set);
  for (const t of registry(set)) {
    if (t.kind === "message" && t.typeName.startsWith("pbjet.test.lazy.") && t.proto.options?.mapEntry !== true) out.push(t);
  }
  out.sort((a, b) => (a.typeName < b.typeName ? -1 : a.typeName > b.typeName ? 1 : 0));
  typeCache.set(set, out);
  return out;
}

/** One unknown field record: tag and data. */
function unknownRecord(u: { no: number; wireType: number; data: Uint8Array }): Uint8Array {
  return concat(tag(u.no, u.wireType), u.data);
}

/**
 * Extra unknown-field records to append to an encoding: varint, fixed32, fixed64 and
 * length-delimited records at numbers the type does not declare, and groups holding such
 * records.
 */
function extraUnknownArb(desc: pb.DescMessage): fc.Arbitrary<Uint8Array[]> {
  const known = new Set(desc.fields.map((f) => f.number));
  const no = fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 20000, max: 536870911 })).filter((n) => !known.has(n));
  const plain = unknownFieldsArbitrary(desc, { maxElements: 2 }).map((list) => list.map(unknownRecord));
  const group = fc
    .tuple(no, unknownFieldsArbitrary(desc, { maxElements: 2 }))
    .map(([n, inner]) => groupField(n, concat(...inner.map(unknownRecord))));
  return fc.oneof(
    { arbitrary: fc.constant([] as Uint8Array[]), weight: 1 },
    { arbitrary: plain, weight: 2 },
    { arbitrary: fc.tuple(plain, group).map(([p, g]) => [...p, g]), weight: 1 },
  );
}

interface Input {
  /** The message under test. */
  bytes: Uint8Array;
  /** Another message of the type: the second operand of equals(), the input of the merges. */
  other: Uint8Array;
  /** Drives the order of the calls and the choice of sub-messages. */
  seed: number;
}

function inputArb(set: SetName, desc: pb.DescMessage): fc.Arbitrary<Input> {
  return fc.record({
    bytes: fc.tuple(encodingArb(set, desc), extraUnknownArb(desc)).map(([b, extra]) => concat(b, ...extra)),
    other: encodingArb(set, desc),
    seed: fc.integer(),
  });
}

// ---------------------------------------------------------------------------------------
// Comparable results
// ---------------------------------------------------------------------------------------

/** A plain comparable form of any value a function returns (messages by their full content). */
function norm(set: SetName, v: unknown): unknown {
  const scalar = normScalar(v);
  if (scalar !== NOT_SCALAR) return scalar;
  if (v instanceof Date) return `date:${v.getTime()}`;
  if (Array.isArray(v)) return v.map((e) => norm(set, e));
  const r = v as Obj;
  if (typeof r.$typeName === "string") {
    const d = registry(set).getMessage(r.$typeName);
    if (d !== undefined) return ["message", contentOf(d, r, "any", { set })];
    return ["message of an unknown type", r.$typeName];
  }
  return ["object", Object.keys(r).map((k) => [k, norm(set, r[k])])];
}

/** How a call ended: its comparable result, or the class, name and message of what it threw. */
function outcome(fn: () => unknown): string {
  let v: unknown;
  try {
    v = fn();
  } catch (e) {
    if (e instanceof Error) return `throws ${e.constructor.name} (${e.name}): ${e.message}`;
    return `throws a non-error: ${String(e)}`;
  }
  return JSON.stringify(v);
}

/** The facts every test needs about one input. */
interface Ctx {
  set: SetName;
  reg: pb.FileRegistry;
  /** The input is canonical: bytes written must be identical, not only equivalent. */
  exact: boolean;
  /** Seeds the order of the calls that change a message (the same on every side). */
  seed: number;
}

/** Bytes a function wrote: as they are for a canonical input, else in canonical form. */
function bin(c: Ctx, desc: pb.DescMessage, bytes: Uint8Array): string {
  if (c.exact) return hex(bytes);
  return `canonical:${canonical(c.set, desc, bytes)}`;
}

/**
 * The canonical form of an encoding: decoded and encoded again by @bufbuild/protobuf, which
 * knows no lazy fields (pbjet writes a [lazy] field's view as it came) and merges a map
 * entry's repeated message value (see "known differences"). pbjet's, should that fail.
 */
function canonical(set: SetName, desc: pb.DescMessage, bytes: Uint8Array): string {
  const od = oracleRegistry(set).getMessage(desc.typeName);
  try {
    if (od !== undefined) return hex(oracle.toBinary(od, oracle.fromBinary(od, bytes)));
  } catch {
    // pbjet's form below
  }
  return `pbjet:${hex(pb.toBinary(desc, pb.clone(desc, pb.fromBinary(desc, bytes))))}`;
}

/** A size-delimited encoding: the prefix must be the size of what follows. */
function delimited(c: Ctx, desc: pb.DescMessage, bytes: Uint8Array): string {
  const v = readVarint(bytes, 0);
  if (v === undefined) return "no size prefix";
  if (v[0] !== bytes.length - v[1]) return `size prefix ${v[0]} for ${bytes.length - v[1]} bytes`;
  return bin(c, desc, bytes.subarray(v[1]));
}

/**
 * A message a function returned, in short: whether it is a view, its bytes and the presence
 * of its fields (which hold all of its content; norm() walks it in full, at a higher cost).
 */
function summary(c: Ctx, r: unknown): unknown {
  if (r === undefined) return "undefined";
  const m = r as Msg;
  const d = c.reg.getMessage(m.$typeName);
  if (d === undefined) return ["message of an unknown type", m.$typeName];
  return [m.$typeName, pb.isLazyMessage(m), bin(c, d, pb.toBinary(d, m)), presence(d, m)];
}

function presence(desc: pb.DescMessage, m: Msg): string {
  return desc.fields.map((f) => (pb.isFieldSet(m, f) ? "1" : "0")).join("");
}

// ---------------------------------------------------------------------------------------
// Subjects
// ---------------------------------------------------------------------------------------

/** One way to get a message of the content under test: eagerly decoded, or a view. */
interface Side {
  label: string;
  desc: pb.DescMessage;
  /** A fresh instance. */
  make(): Msg;
  /** A fresh instance of the same content, decoded eagerly. */
  eager(): Msg;
  /** A fresh instance of other content, decoded the same way as make(). */
  otherSame(): Msg;
  /** A fresh instance of the other content, decoded eagerly. */
  otherEager(): Msg;
  /** An Any holding the message, decoded the same way as make(). */
  anyOf(m: Msg): Msg;
}

interface DecodeMode {
  label: string;
  options: Partial<pb.BinaryReadOptions>;
}

const readModes: Partial<pb.BinaryReadOptions>[] = [{}, { readUnknownFields: false }];
const viewModes = (read: Partial<pb.BinaryReadOptions>): DecodeMode[] => {
  const suffix = read.readUnknownFields === false ? ", readUnknownFields: false" : "";
  return [
    { label: `eager${suffix}`, options: { ...read } },
    { label: `view${suffix}`, options: { ...read, lazy: true } },
    { label: `trusted view${suffix}`, options: { ...read, lazy: true, validate: false } },
  ];
};

function anyIn(mode: DecodeMode, desc: pb.DescMessage, m: Msg): Msg {
  const any = wkt.anyPack(desc, m as never);
  return pb.fromBinary(wkt.AnySchema, pb.toBinary(wkt.AnySchema, any), mode.options);
}

function rootSide(desc: pb.DescMessage, input: Input, mode: DecodeMode, eagerMode: DecodeMode): Side {
  return {
    label: mode.label,
    desc,
    make: () => pb.fromBinary(desc, input.bytes, mode.options),
    eager: () => pb.fromBinary(desc, input.bytes, eagerMode.options),
    otherSame: () => pb.fromBinary(desc, input.other, mode.options),
    otherEager: () => pb.fromBinary(desc, input.other, eagerMode.options),
    anyOf: (m) => anyIn(mode, desc, m),
  };
}

/** One step from a message to a sub-message: a field, and the list index or map key in it. */
interface Step {
  name: string;
  oneof: boolean;
  key: string | number | undefined;
}

/** The sub-messages of a message (depth > 0), each with its type and path, in a deterministic order. */
function subMessages(desc: pb.DescMessage, m: Msg): [pb.DescMessage, Step[]][] {
  const out: [pb.DescMessage, Step[]][] = [];
  const visit = (d: pb.DescMessage, msg: Obj, path: Step[]) => {
    for (const member of d.members) {
      const v = msg[member.localName];
      if (member.kind === "oneof") {
        const o = v as { case: string | undefined; value?: unknown };
        const f = member.fields.find((x) => x.localName === o.case);
        if (f?.message !== undefined && isMessageValue(o.value))
          add(f.message, o.value as Obj, [...path, { name: member.localName, oneof: true, key: undefined }]);
        continue;
      }
      if (member.message === undefined) continue;
      if (member.fieldKind === "list") {
        (v as unknown[]).forEach((e, i) => {
          if (isMessageValue(e)) add(member.message!, e as Obj, [...path, { name: member.localName, oneof: false, key: i }]);
        });
      } else if (member.fieldKind === "map") {
        for (const k of Object.keys(v as Obj)) {
          const e = (v as Obj)[k];
          if (isMessageValue(e)) add(member.message, e as Obj, [...path, { name: member.localName, oneof: false, key: k }]);
        }
      } else if (isMessageValue(v)) {
        add(member.message, v as Obj, [...path, { name: member.localName, oneof: false, key: undefined }]);
      }
    }
  };
  const add = (d: pb.DescMessage, msg: Obj, path: Step[]) => {
    out.push([d, path]);
    visit(d, msg, path);
  };
  visit(desc, m as unknown as Obj, []);
  return out;
}

/** The sub-message at a path, reading only the fields on the path. */
function resolve(m: Msg, path: Step[]): Msg {
  let v: unknown = m;
  for (const step of path) {
    v = (v as Obj)[step.name];
    if (step.oneof) v = (v as { value: unknown }).value;
    if (step.key !== undefined) v = (v as Record<string | number, unknown>)[step.key];
  }
  return v as Msg;
}

/** A sub-message of what `root` makes, as a side of its own (its other content is itself). */
function nestedSide(root: Side, eagerRoot: Side, desc: pb.DescMessage, path: Step[], mode: DecodeMode): Side {
  const make = () => resolve(root.make(), path);
  const eager = () => resolve(eagerRoot.make(), path);
  const where = path.map((p) => p.name + (p.key === undefined ? "" : `[${JSON.stringify(p.key)}]`)).join(".");
  return {
    label: `${root.label}, sub-message ${where} (${desc.typeName})`,
    desc,
    make,
    eager,
    otherSame: make,
    otherEager: eager,
    anyOf: (m) => anyIn(mode, desc, m),
  };
}

// ---------------------------------------------------------------------------------------
// The calls
// ---------------------------------------------------------------------------------------

/** A call on a message that does not change it. */
type ReadCall = [name: string, fn: (m: Msg) => unknown];
/**
 * A call that changes a message: `prepare` computes its argument (from other messages, the
 * same on every side), `apply` makes the call.
 */
interface WriteCall {
  name: string;
  /** Calls of a group are made one after the other on one message (e.g. clearField of every field). */
  group: string | undefined;
  prepare(): unknown;
  apply(m: Msg, arg: unknown): unknown;
}

const jsonOptions = (reg: pb.Registry): (Partial<pb.JsonWriteOptions> | undefined)[] => [
  undefined,
  { alwaysEmitImplicit: true },
  { useProtoFieldName: true },
  { enumAsInteger: true },
  { registry: reg },
  { alwaysEmitImplicit: true, useProtoFieldName: true, enumAsInteger: true, registry: reg },
];

const equalsOptions = (reg: pb.Registry): (pb.EqualsOptions | undefined)[] => [
  undefined,
  { unknown: true },
  { registry: reg, extensions: true },
  { registry: reg, unpackAny: true, extensions: true, unknown: true },
];

/** Types whose fields can hold a message of the type (for create() with a message as init). */
interface Holder {
  holder: pb.DescMessage;
  field: pb.DescField;
}

const holderCache = new Map<string, Holder[]>();

function holdersOf(set: SetName, desc: pb.DescMessage): Holder[] {
  const key = `${set}:${desc.typeName}`;
  let list = holderCache.get(key);
  if (list === undefined) {
    list = [];
    const kinds = new Set<string>();
    for (const holder of allTypes(set)) {
      for (const field of holder.fields) {
        if (field.message?.typeName !== desc.typeName) continue;
        const kind = field.oneof ? "oneof" : field.fieldKind;
        if (kinds.has(kind)) continue;
        kinds.add(kind);
        list.push({ holder, field });
      }
    }
    holderCache.set(key, list);
  }
  return list;
}

/** An init object of a holder with `m` in the holder's field. */
function holderInit(h: Holder, m: Msg): Obj {
  const f = h.field;
  if (f.oneof) return { [f.oneof.localName]: { case: f.localName, value: m } };
  switch (f.fieldKind) {
    case "list":
      return { [f.localName]: [m, m] };
    case "map": {
      const key = f.mapKey === pb.ScalarType.STRING ? "k" : f.mapKey === pb.ScalarType.BOOL ? "true" : "1";
      return { [f.localName]: { [key]: m } };
    }
    default:
      return { [f.localName]: m };
  }
}

/** An init object holding what every member of `m` reads. */
function membersInit(desc: pb.DescMessage, m: Msg): Obj {
  const init: Obj = {};
  for (const member of desc.members) init[member.localName] = (m as unknown as Obj)[member.localName];
  if (m.$unknown !== undefined) init.$unknown = m.$unknown;
  return init;
}

/** A type, a field and an extension of another type, for the calls that must refuse them. */
function foreign(set: SetName, desc: pb.DescMessage): { desc: pb.DescMessage; field: pb.DescField | undefined; ext: pb.DescExtension | undefined } {
  const other = allTypes(set).find((t) => t.typeName !== desc.typeName && t.fields.length > 0)!;
  let ext: pb.DescExtension | undefined;
  for (const t of registry(set)) {
    if (t.kind === "extension" && t.extendee.typeName !== desc.typeName) {
      ext = t;
      break;
    }
  }
  return { desc: other, field: other.fields[0], ext };
}

/** Calls that read a message, each giving a comparable result. */
function readCalls(c: Ctx, s: Side): ReadCall[] {
  const desc = s.desc;
  const reg = c.reg;
  const exts = extensionsOf(c.set, desc.typeName);
  const alien = foreign(c.set, desc);
  const calls: ReadCall[] = [];

  calls.push(["isFieldSet (every field)", (m) => [presence(desc, m), desc.fields.map((f) => (reflect.isFieldSet(m, f) ? "1" : "0")).join("")]]);
  if (alien.field !== undefined) {
    calls.push(["isFieldSet (a field of another type)", (m) => pb.isFieldSet(m, alien.field!)]);
    // A no-op on any message, a view too.
    calls.push([
      "clearField (a field of another type)",
      (m) => {
        reflect.clearField(m, alien.field!);
        return presence(desc, m);
      },
    ]);
  }

  calls.push(["toBinary", (m) => bin(c, desc, pb.toBinary(desc, m))]);
  calls.push(["toBinary writeUnknownFields: false", (m) => bin(c, desc, pb.toBinary(desc, m, { writeUnknownFields: false }))]);
  calls.push(["sizeDelimitedEncode", (m) => delimited(c, desc, pb.sizeDelimitedEncode(desc, m))]);
  calls.push([
    "sizeDelimitedEncode (/wire) writeUnknownFields: false",
    (m) => delimited(c, desc, wire.sizeDelimitedEncode(desc, m, { writeUnknownFields: false })),
  ]);

  jsonOptions(reg).forEach((o, i) => {
    calls.push([`toJson options #${i}`, (m) => norm(c.set, pb.toJson(desc, m, o))]);
    calls.push([`toJsonString options #${i}`, (m) => pb.toJsonString(desc, m, o)]);
  });
  calls.push(["toJsonString prettySpaces: 2", (m) => pb.toJsonString(desc, m, { prettySpaces: 2, registry: reg })]);

  calls.push(["toText", (m) => pb.toText(desc, m)]);
  calls.push(["toText registry, printUnknownFields", (m) => pb.toText(desc, m, { registry: reg, printUnknownFields: true })]);
  calls.push(["toText singleLine", (m) => pb.toText(desc, m, { singleLine: true })]);

  calls.push([
    "equals (every option set; with itself, the same content and other content, either way)",
    (m) => {
      // The same content, decoded the same way (view vs view) and eagerly (view vs eager);
      // other content, both ways.
      const peers = [s.make(), s.eager(), s.otherSame(), s.otherEager()];
      return equalsOptions(reg).map((o) => [pb.equals(desc, m, m, o), ...peers.flatMap((p) => [pb.equals(desc, m, p, o), pb.equals(desc, p, m, o)])]);
    },
  ]);

  calls.push([
    "clone",
    (m) => {
      const r = pb.clone(desc, m);
      return [r === m, summary(c, r)];
    },
  ]);
  calls.push([
    "toMutable",
    (m) => {
      const r = pb.toMutable(desc, m);
      return summary(c, r);
    },
  ]);
  calls.push([
    "materialize",
    (m) => {
      const r = pb.materialize(desc, m);
      return summary(c, r);
    },
  ]);
  calls.push([
    "isMessage",
    (m) => [pb.isMessage(m), pb.isMessage(m, desc), pb.isMessage(m, alien.desc), pb.isMessage(m, c.reg.getMessage(desc.typeName)!)],
  ]);
  calls.push(["isWrapper", (m) => wkt.isWrapper(m)]);

  // create(): a message of the schema is returned as it is; messages in an init object are
  // taken as messages (wrappers as their value, Struct as JSON).
  calls.push(["create(schema, message) returns the message", (m) => pb.create(desc, m as never) === m]);
  calls.push([
    "create(schema, init of every member)",
    (m) => {
      const r = pb.create(desc, membersInit(desc, m) as never);
      return summary(c, r);
    },
  ]);
  for (const h of holdersOf(c.set, desc)) {
    const write = (m: Msg) => bin(c, h.holder, pb.toBinary(h.holder, pb.create(h.holder, holderInit(h, m) as never)));
    calls.push([
      `create(${h.holder.typeName}, { ${h.field.name}: message })`,
      (m) => {
        const out = write(m);
        if (h.field.fieldKind === "list" && pb.isLazyMessage(m)) {
          const _ref = write(pb.materialize(desc, m));
        }
        return out;
      },
    ]);
  }

  // Extensions.
  for (const ext of exts) {
    calls.push([
      `hasExtension, getExtension ${ext.typeName}`,
      (m) => [pb.hasExtension(m as never, ext as never), outcome(() => norm(c.set, pb.getExtension(m as never, ext as never)))],
    ]);
  }
  if (alien.ext !== undefined) {
    calls.push([
      `hasExtension, getExtension of another extendee`,
      (m) => [pb.hasExtension(m as never, alien.ext as never), outcome(() => pb.getExtension(m as never, alien.ext as never))],
    ]);
  }

  // google.protobuf.Any of the message.
  calls.push([
    "anyPack",
    (m) => {
      const a = wkt.anyPack(desc, m as never);
      const into = pb.create(wkt.AnySchema);
      wkt.anyPack(desc, m as never, into);
      return [a.typeUrl, bin(c, desc, a.value), into.typeUrl, bin(c, desc, into.value)];
    },
  ]);
  calls.push([
    "anyIs, anyUnpack, equals and toJsonString of an Any holding the message",
    (m) => {
      const a = s.anyOf(m) as wkt.Any;
      const eagerAny = wkt.anyPack(desc, s.eager() as never);
      return [
        wkt.anyIs(a, desc),
        wkt.anyIs(a, desc.typeName),
        wkt.anyIs(a, alien.desc),
        outcome(() => summary(c, wkt.anyUnpack(a, reg))),
        outcome(() => summary(c, wkt.anyUnpack(a, desc))),
        outcome(() => summary(c, wkt.anyUnpack(a, alien.desc))),
        pb.equals(wkt.AnySchema, a, eagerAny, { registry: reg, unpackAny: true }),
        // Without unpackAny, Any values compare by their bytes: a view packs its own bytes.
        pb.equals(wkt.AnySchema, s.anyOf(s.make()) as wkt.Any, a),
        outcome(() => pb.toJsonString(wkt.AnySchema, a, { registry: reg })),
      ];
    },
  ]);

  // The helpers of the well-known types.
  switch (desc.typeName) {
    case "google.protobuf.Any":
      calls.push([
        "anyIs, anyUnpack, anyUnpackTo",
        (m) => {
          const a = m as unknown as wkt.Any;
          const target = reg.getMessage(wkt.anyTypeName(a.typeUrl));
          return [
            wkt.anyIs(a, desc),
            wkt.anyIs(a, wkt.anyTypeName(a.typeUrl)),
            outcome(() => summary(c, wkt.anyUnpack(a, reg))),
            target === undefined ? "no type" : outcome(() => summary(c, wkt.anyUnpackTo(a, target, pb.create(target) as never))),
          ];
        },
      ]);
      break;
    case "google.protobuf.Timestamp":
      calls.push(["timestampMs, timestampDate", (m) => [wkt.timestampMs(m as never), wkt.timestampDate(m as never).getTime()]]);
      break;
    case "google.protobuf.Duration":
      calls.push(["durationMs", (m) => wkt.durationMs(m as never)]);
      break;
    case "google.protobuf.Struct":
      calls.push(["structToJson", (m) => norm(c.set, wkt.structToJson(m as never))]);
      break;
    case "google.protobuf.Value":
      calls.push(["valueToJson", (m) => norm(c.set, wkt.valueToJson(m as never))]);
      break;
    case "google.protobuf.ListValue":
      calls.push(["listValueToJson", (m) => norm(c.set, wkt.listValueToJson(m as never))]);
      break;
  }

  // Calls that change a message, on another instance (a fresh view, or a fresh ordinary
  // message: the calls share theirs).
  const mutable = (_m: Msg) => s.make();
  const writes = writeCalls(c, s);
  const groups = new Map<string, WriteCall[]>();
  for (const w of writes) if (w.group !== undefined) groups.set(w.group, [...(groups.get(w.group) ?? []), w]);
  for (const [group, list] of groups) {
    const rng = new Rng(c.seed);
    const order = shuffled(list, rng);
    calls.push([
      `${group} on a mutable message, one after the other in random order`,
      (m) => {
        const t = mutable(m);
        const steps = order.map((w) => {
          let arg: unknown;
          try {
            arg = w.prepare();
          } catch (e) {
            return [w.name, `no argument: ${describeError(e)}`];
          }
          const r = outcome(() => {
            w.apply(t, arg);
            return "done";
          });
          return [w.name, r, presence(desc, t), t.$unknown?.length ?? 0];
        });
        return [steps, bin(c, desc, pb.toBinary(desc, t))];
      },
    ]);
  }
  for (const w of writes) {
    if (w.group !== undefined) continue;
    calls.push([
      `${w.name} on a mutable message`,
      (m) => {
        const arg = w.prepare();
        const t = mutable(m);
        const r = outcome(() => {
          w.apply(t, arg);
          return "done";
        });
        return [r, bin(c, desc, pb.toBinary(desc, t)), presence(desc, t)];
      },
    ]);
  }
  return calls;
}

function shuffled<T>(list: readonly T[], rng: Rng): T[] {
  const out = list.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Calls that change a message. */
function writeCalls(c: Ctx, s: Side): WriteCall[] {
  const desc = s.desc;
  const reg = c.reg;
  const calls: WriteCall[] = [];
  const none = () => undefined;
  for (const f of desc.fields) calls.push({ name: `clearField ${f.name}`, group: "clearField", prepare: none, apply: (m) => pb.clearField(m, f) });
  for (const ext of extensionsOf(c.set, desc.typeName)) {
    calls.push({
      name: `setExtension ${ext.typeName}`,
      group: "setExtension",
      prepare: () => pb.getExtension(s.otherEager() as never, ext as never),
      apply: (m, v) => pb.setExtension(m as never, ext as never, v as never),
    });
    calls.push({
      name: `clearExtension ${ext.typeName}`,
      group: "clearExtension",
      prepare: none,
      apply: (m) => pb.clearExtension(m as never, ext as never),
    });
  }
  calls.push({
    name: "mergeFromBinary",
    group: undefined,
    prepare: () => pb.toBinary(desc, s.otherEager()),
    apply: (m, b) => pb.mergeFromBinary(desc, m, b as Uint8Array),
  });
  calls.push({
    name: "merge (an eager source)",
    group: undefined,
    prepare: () => s.otherEager(),
    apply: (m, source) => pb.merge(desc, m, source as Msg),
  });
  calls.push({
    name: "merge (a source of the same kind: a view on the view sides)",
    group: undefined,
    // The other message's canonical encoding (clone() writes [lazy] sub-messages canonically),
    // decoded as a view on the view sides and eagerly on the eager side: what the target takes
    // by reference is written as it came, so both sides must take it from the same bytes.
    prepare: () => {
      const other = s.otherSame();
      const canonical = pb.toBinary(desc, pb.clone(desc, other));
      return pb.isLazyMessage(other) ? pb.fromBinary(desc, canonical, { lazy: true }) : pb.fromBinary(desc, canonical);
    },
    apply: (m, source) => pb.merge(desc, m, source as Msg),
  });
  calls.push({
    name: "mergeFromJson",
    group: undefined,
    prepare: () => pb.toJson(desc, s.otherEager(), { registry: reg }),
    apply: (m, json) => pb.mergeFromJson(desc, m, json as pb.JsonValue, { registry: reg }),
  });
  calls.push({
    name: "mergeFromJsonString",
    group: undefined,
    prepare: () => pb.toJsonString(desc, s.otherEager(), { registry: reg }),
    apply: (m, json) => pb.mergeFromJsonString(desc, m, json as string, { registry: reg }),
  });
  calls.push({
    name: "mergeFromText",
    group: undefined,
    prepare: () => pb.toText(desc, s.otherEager(), { registry: reg }),
    apply: (m, text) => pb.mergeFromText(desc, m, text as string, { registry: reg }),
  });
  calls.push({
    name: "anyUnpackTo",
    group: undefined,
    prepare: () => wkt.anyPack(desc, s.otherEager() as never),
    apply: (m, any) => wkt.anyUnpackTo(any as wkt.Any, desc, m as never),
  });
  return calls;
}

const profile = process.env.PBJET_PARITY_PROFILE !== undefined ? new Map<string, number>() : undefined;

// ---------------------------------------------------------------------------------------
// The check
// ---------------------------------------------------------------------------------------

/**
 * Runs the calls on each side in the same random order, on one instance per side (or, with
 * `fresh`, a random share of the calls that read, each on a fresh instance), and compares the
 * results of each view side with those of the eager side.
 */
function compareSides(c: Ctx, eager: Side, views: Side[], rng: Rng, fresh: boolean, only: (name: string) => boolean = () => true): number {
  const all = readCalls(c, eager).map(([name]) => name);
  const picked = all.map((name) => only(name) && (!fresh || (!name.includes(" on a mutable message") && rng.next() < FRESH_SHARE)));
  const order = shuffled(
    all.map((_, i) => i),
    rng,
  ).filter((i) => picked[i]);
  const run = (side: Side): string[] => {
    const calls = readCalls(c, side);
    expect(calls.map(([name]) => name)).toEqual(all);
    const shared = side.make();
    const out: string[] = new Array(calls.length);
    for (const i of order) {
      const t0 = profile ? performance.now() : 0;
      out[i] = outcome(() => calls[i][1](fresh ? side.make() : shared));
      if (profile) {
        const key = all[i].replace(/ \S+$/, "");
        profile.set(key, (profile.get(key) ?? 0) + performance.now() - t0);
      }
    }
    return out;
  };
  const expected = run(eager);
  let checked = 0;
  for (const view of views) {
    const actual = run(view);
    for (const i of order) {
      const known = actual[i].includes("a known difference") && expected[i].startsWith('["\\"done\\""');
      if (actual[i] === expected[i] || known) {
        checked++;
        continue;
      }
      throw new Error(
        `${view.desc.typeName}: ${all[i]} on the ${view.label}${fresh ? " (each call on a fresh instance)" : ""} differs from the ${eager.label}:\n` +
          `  expected: ${expected[i].slice(0, 3000)}\n` +
          `  actual:   ${actual[i].slice(0, 3000)}`,
      );
    }
  }
  return checked;
}

/**
 * anyPack into an Any that is a view gives what it gives into an eager Any; and what only
 * views do (toMutable, materialize, clone give ordinary messages).
 */
function checkViewOnly(side: Side): number {
  const view = side.make();
  if (!pb.isLazyMessage(view)) return 0;
  // anyPack into an Any that is a view (read first or not).
  const anyView = side.anyOf(view) as wkt.Any;
  expect(pb.isLazyMessage(anyView)).toBe(true);
  if (hex(pb.toBinary(wkt.AnySchema, anyView)).length % 4 === 0) void anyView.typeUrl;
  const eagerAny = pb.fromBinary(wkt.AnySchema, pb.toBinary(wkt.AnySchema, anyView));
  wkt.anyPack(side.desc, side.eager() as never, anyView);
  wkt.anyPack(side.desc, side.eager() as never, eagerAny);
  expect(hex(pb.toBinary(wkt.AnySchema, anyView))).toBe(hex(pb.toBinary(wkt.AnySchema, eagerAny)));
  // What only views do.
  expect(pb.toMutable(side.desc, view)).not.toBe(view);
  expect(pb.isLazyMessage(pb.toMutable(side.desc, view))).toBe(false);
  expect(pb.isLazyMessage(pb.materialize(side.desc, view))).toBe(false);
  expect(pb.isLazyMessage(pb.clone(side.desc, view))).toBe(false);
  expect(pb.create(side.desc, view as never)).toBe(view);
  return 1;
}

/** Calls left out for messages decoded with readUnknownFields: false (they see no unknown fields). */
const skipWithoutUnknown =
  /^(toJson(String)? options #[1-4]|toJsonString prettySpaces|toText singleLine|mergeFromJson|mergeFromText|anyIs, anyUnpack, equals and toJsonString of an Any)/;

function checkInput(set: SetName, desc: pb.DescMessage, input: Input): number {
  const eager0 = pb.fromBinary(desc, input.bytes);
  const c: Ctx = { set, reg: registry(set), exact: hex(pb.toBinary(desc, eager0)) === hex(input.bytes), seed: input.seed };
  const rng = new Rng(input.seed);
  let checked = 0;
  for (const read of readModes) {
    const [eagerMode, ...lazyModes] = viewModes(read);
    const eager = rootSide(desc, input, eagerMode, eagerMode);
    const views = lazyModes.map((m) => rootSide(desc, input, m, eagerMode));
    // Each side's calls on one instance, then some calls on a fresh instance each. Without
    // unknown fields, the calls that write or compare them, and a few others.
    const only = read.readUnknownFields === false ? (name: string) => !skipWithoutUnknown.test(name) : undefined;
    checked += compareSides(c, eager, views, rng, false, only);
    if (read.readUnknownFields !== false) {
      checked += compareSides(c, eager, views, rng, true);
      for (const v of views) checked += checkViewOnly(v);
    }

    // Sub-messages reached by reading fields of the root, each with its own schema.
    const eagerSubs = subMessages(desc, eager.make());
    const where = (subs: [pb.DescMessage, Step[]][]) => JSON.stringify(subs.map(([d, path]) => [d.typeName, path]));
    for (const v of views) expect(where(subMessages(desc, v.make()))).toBe(where(eagerSubs));
    const picks = new Set<number>();
    const nested = read.readUnknownFields === false ? 1 : MAX_NESTED;
    for (let i = 0; i < nested && picks.size < eagerSubs.length; i++) picks.add(rng.int(eagerSubs.length));
    for (const k of picks) {
      const [subDesc, path] = eagerSubs[k];
      const eagerSub = nestedSide(eager, eager, subDesc, path, eagerMode);
      // The validated or the trusted view (both when decoded with readUnknownFields: false).
      const which = read.readUnknownFields === false ? [0, 1] : [rng.int(2)];
      const viewSubs = which.map((i) => nestedSide(views[i], eager, subDesc, path, lazyModes[i]));
      checked += compareSides(c, eagerSub, viewSubs, rng, false, only);
      for (const v of viewSubs) checked += checkViewOnly(v);
    }
  }
  return checked;
}

describe.each(sets)("public API parity of lazy views: %s descriptor set", (set) => {
  const types = allTypes(set);

  test("covers every message type of the set", () => {
    // Only types with a cycle of required message fields cannot be generated.
    const all = messageTypes(registry(set)).map((t) => t.typeName);
    const left = all.filter((n) => !types.some((t) => t.typeName === n));
    expect(left.every((n) => n.includes("Required") && !isInitializable(registry(set).getMessage(n)!))).toBe(true);
    expect(types.length).toBeGreaterThan(70);
    if (set === "test") {
      expect(types.map((t) => t.typeName)).toEqual(
        expect.arrayContaining(
          ["pbjet.test.proto2.Extendee", "pbjet.test.lazy.Holder", "pbjet.test.edition2023.AllTypes"].filter(
            (n) => registry(set).getMessage(n) !== undefined,
          ),
        ),
      );
    } else {
      expect(types.map((t) => t.typeName)).toEqual(
        expect.arrayContaining(["protobuf_test_messages.proto2.TestAllTypesProto2", "protobuf_test_messages.proto3.TestAllTypesProto3"]),
      );
    }
  });

  test.each(types.map((t) => [t.typeName, t] as const))("%s", (_name, desc) => {
    let checked = 0;
    fc.assert(
      fc.property(inputArb(set, desc), (input) => {
        checked += checkInput(set, desc, input);
      }),
      { ...fcParams(RUNS), endOnFailure: process.env.PBJET_PARITY_NO_SHRINK !== undefined },
    );
    expect(checked).toBeGreaterThan(0);
  });
});

/**
 * What a registry holds: every file and type with its descriptor proto, fields and values.
 * With `full`, also what is derived from the field protos: presence, JSON name, packed,
 * default value and oneof (all different for a registry made from a view, see "known
 * differences").
 */
function registrySignature(reg: pb.FileRegistry, full: boolean): string[] {
  const out: string[] = [];
  for (const file of reg.files) out.push(`file ${file.name} ${file.edition} ${pb.toJsonString(wkt.FileDescriptorProtoSchema, file.proto)}`);
  for (const t of reg) {
    switch (t.kind) {
      case "message":
        out.push(`message ${t.typeName} ${pb.toJsonString(wkt.DescriptorProtoSchema, t.proto)}`);
        for (const f of t.fields) {
          const type = f.message?.typeName ?? f.enum?.typeName ?? f.scalar;
          let line = `  field ${f.number} ${f.name} ${f.fieldKind} ${type}`;
          if (full) {
            const def = f.fieldKind === "scalar" || f.fieldKind === "enum" ? f.getDefaultValue() : undefined;
            line += ` json ${f.jsonName} presence ${f.presence} packed ${f.fieldKind === "list" ? f.packed : "-"} default ${typeof def}:${String(def)} oneof ${f.oneof?.name}`;
          }
          out.push(line);
        }
        break;
      case "enum":
        out.push(`enum ${t.typeName} ${t.open} ${t.values.map((v) => `${v.name}=${v.number}`).join(",")}`);
        break;
      case "extension":
        out.push(`extension ${t.typeName} ${t.number} ${t.extendee.typeName} ${t.fieldKind}`);
        break;
      default:
        out.push(`${t.kind} ${t.typeName}`);
    }
  }
  return out;
}

const descriptorSets = ["test", "conformance", "wkt"] as const;
const descriptorSetCases = descriptorSets.flatMap((set) =>
  [{ lazy: true }, { lazy: true, validate: false }, { lazy: true, readUnknownFields: false }].map((options) => [set, options] as const),
);

/** createFileRegistry of a descriptor set (and of its last file, with a resolver) decoded with `options`. */
function registriesOf(set: (typeof descriptorSets)[number], options: Partial<pb.BinaryReadOptions>): [pb.FileRegistry, pb.FileRegistry] {
  const fileSet = pb.fromBinary(wkt.FileDescriptorSetSchema, descriptorSetBytes(set), options);
  const byName = new Map(fileSet.file.map((f) => [f.name, f]));
  // The last file imports others: they come from the resolver.
  const last = fileSet.file[fileSet.file.length - 1];
  return [pb.createFileRegistry(fileSet), pb.createFileRegistry(last, (name) => byName.get(name))];
}

describe("createFileRegistry with a descriptor set or file that is a view", () => {
  test.each(descriptorSetCases)("%s descriptor set, %j: the same files, types, descriptor protos and fields", (set, options) => {
    const expected = registriesOf(set, {}).map((r) => registrySignature(r, false));
    expect(expected[0].length).toBeGreaterThan(100);
    const fileSet = pb.fromBinary(wkt.FileDescriptorSetSchema, descriptorSetBytes(set), options);
    expect(pb.isLazyMessage(fileSet)).toBe(true);
    expect(pb.isLazyMessage(fileSet.file[0])).toBe(true);
    expect(registriesOf(set, options).map((r) => registrySignature(r, false))).toEqual(expected);
  });
});

afterAll(() => {
  if (profile)
    console.log(
      [...profile]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 60)
        .map(([k, t]) => `${t.toFixed(0)} ms ${k}`)
        .join("\n"),
    );
});

// ---------------------------------------------------------------------------------------
// Differences found by this suite, fixed: their minimal repros, kept as regression tests.
// ---------------------------------------------------------------------------------------

describe("fixed differences", () => {
  const desc = () => schema("protobuf_test_messages.proto3.TestAllTypesProto3", "conformance");
  const registry3 = () => registry("conformance");

  describe("merging into toMutable(view) whose sub-message is a view throws; the eager message merges", () => {
    // optional_nested_message { a: 1 }, merged with optional_nested_message { corecursive { optional_int32: 3 } }.
    const input = "9201020801";
    const other = "92010412020803";
    const merged = "920106080112020803";
    const merges: [string, (d: pb.DescMessage, target: Msg) => Msg][] = [
      ["mergeFromBinary", (d, t) => pb.mergeFromBinary(d, t, fromHex(other))],
      ["mergeFromJson", (d, t) => pb.mergeFromJson(d, t, { optionalNestedMessage: { corecursive: { optionalInt32: 3 } } })],
      ["mergeFromJsonString", (d, t) => pb.mergeFromJsonString(d, t, '{"optionalNestedMessage":{"corecursive":{"optionalInt32":3}}}')],
      ["mergeFromText", (d, t) => pb.mergeFromText(d, t, "optional_nested_message { corecursive { optional_int32: 3 } }")],
      ["anyUnpackTo", (d, t) => wkt.anyUnpackTo(wkt.anyPack(d, pb.fromBinary(d, fromHex(other)) as never), d, t as never) as Msg],
    ];

    test.each(merges)("%s on the eager message (the expected result)", (_name, merge) => {
      const d = desc();
      expect(hex(pb.toBinary(d, merge(d, pb.fromBinary(d, fromHex(input)))))).toBe(merged);
    });

    test.each(merges)("%s on toMutable(view)", (_name, merge) => {
      const d = desc();
      const mut = pb.toMutable(d, pb.fromBinary(d, fromHex(input), { lazy: true }));
      expect(hex(pb.toBinary(d, merge(d, mut)))).toBe(merged);
    });

    test("mergeFromBinary appending to a list of the sub-message view (TypeError: object is not extensible)", () => {
      // recursive_message { repeated_int32: [1] }, merged with recursive_message { repeated_int32: [2] }.
      const d = desc();
      const mut = pb.toMutable(d, pb.fromBinary(d, fromHex("da0104fa010101"), { lazy: true }));
      expect(hex(pb.toBinary(d, pb.mergeFromBinary(d, mut, fromHex("da0104fa010102"))))).toBe("da0105fa01020102");
    });
  });

  describe("calls that change a message work on a view as on the eager message", () => {
    // { optional_int32: 5, repeated_int32: [1] }.
    const bytes = () => pb.toBinary(desc(), pb.create(desc(), { optionalInt32: 5, repeatedInt32: [1] }));
    const both = (fn: (m: pb.Message) => unknown): [string, string] => {
      const d = desc();
      const v = pb.fromBinary(d, bytes(), { lazy: true });
      const e = pb.fromBinary(d, bytes());
      fn(v as pb.Message);
      fn(e as pb.Message);
      return [hex(pb.toBinary(d, v)), hex(pb.toBinary(d, e))];
    };
    const same = (fn: (m: pb.Message) => unknown) => {
      const [v, e] = both(fn);
      expect(v).toBe(e);
    };

    test("mergeFromBinary, clearField, anyPack, setExtension, clearExtension", () => {
      const d = desc();
      same((m) => pb.mergeFromBinary(d, m as never, fromHex("0803f80102")));
      same((m) => pb.mergeFromBinary(d, m as never, new Uint8Array(0)));
      same((m) => pb.clearField(m as never, d.field.optionalInt32));
      same((m) => pb.clearField(m as never, d.field.repeatedInt32));
      const anyV = pb.fromBinary(wkt.AnySchema, new Uint8Array(0), { lazy: true });
      wkt.anyPack(d, pb.fromBinary(d, bytes()) as never, anyV);
      expect(hex(pb.toBinary(wkt.AnySchema, anyV))).toBe(hex(pb.toBinary(wkt.AnySchema, wkt.anyPack(d, pb.fromBinary(d, bytes()) as never))));
      const p2 = schema("protobuf_test_messages.proto2.TestAllTypesProto2", "conformance");
      const ext = registry3().getExtension("protobuf_test_messages.proto2.extension_int32")!;
      const withUnknown = concat(fromHex("0801"), tag(9999, 0), [1]);
      for (const input of [fromHex("0801"), withUnknown]) {
        const v = pb.fromBinary(p2, input, { lazy: true });
        const e = pb.fromBinary(p2, input);
        pb.setExtension(v as never, ext as never, 3 as never);
        pb.setExtension(e as never, ext as never, 3 as never);
        expect(hex(pb.toBinary(p2, v))).toBe(hex(pb.toBinary(p2, e)));
        pb.clearExtension(v as never, ext as never);
        pb.clearExtension(e as never, ext as never);
        expect(hex(pb.toBinary(p2, v))).toBe(hex(pb.toBinary(p2, e)));
      }
    });

    test("mergeFromJson, mergeFromJsonString, mergeFromText", () => {
      const d = desc();
      same((m) => pb.mergeFromJson(d, m as never, { optionalInt32: 3 }));
      same((m) => pb.mergeFromJsonString(d, m as never, '{"optionalInt32":3}'));
      same((m) => pb.mergeFromJson(d, m as never, { repeatedInt32: [3] }));
      same((m) => pb.mergeFromText(d, m as never, "repeated_int32: 3"));
      same((m) => pb.mergeFromJson(d, m as never, {}));
      same((m) => pb.mergeFromText(d, m as never, ""));
      same((m) => pb.mergeFromJson(d, m as never, { optionalNestedMessage: { a: 4 } }));
    });
  });

  describe("createFileRegistry of a view loses what buildFile reads with hasOwnProperty: default values, oneofs, packed, json_name", () => {
    // A proto2 file: message M { optional int32 a = 1 [default = 5]; oneof o { int32 b = 2; }
    // repeated int32 c = 3 [packed = true]; optional int32 d = 4 [json_name = "dee"]; }
    const L = wkt.FieldDescriptorProto_Label;
    const T = wkt.FieldDescriptorProto_Type;
    const set = () =>
      pb.toBinary(
        wkt.FileDescriptorSetSchema,
        pb.create(wkt.FileDescriptorSetSchema, {
          file: [
            {
              name: "a.proto",
              package: "t",
              syntax: "proto2",
              messageType: [
                {
                  name: "M",
                  field: [
                    { name: "a", number: 1, label: L.OPTIONAL, type: T.INT32, defaultValue: "5", jsonName: "a" },
                    { name: "b", number: 2, label: L.OPTIONAL, type: T.INT32, oneofIndex: 0, jsonName: "b" },
                    { name: "c", number: 3, label: L.REPEATED, type: T.INT32, options: { packed: true }, jsonName: "c" },
                    { name: "d", number: 4, label: L.OPTIONAL, type: T.INT32, jsonName: "dee" },
                  ],
                  oneofDecl: [{ name: "o" }],
                },
              ],
            },
          ],
        }),
      );
    const fields = (options: Partial<pb.BinaryReadOptions>) => {
      const m = pb.createFileRegistry(pb.fromBinary(wkt.FileDescriptorSetSchema, set(), options)).getMessage("t.M")!;
      return m.fields.map((f) => ({
        name: f.name,
        default: f.fieldKind === "scalar" ? f.getDefaultValue() : undefined,
        oneof: f.oneof?.name,
        packed: f.fieldKind === "list" ? f.packed : undefined,
        jsonName: f.jsonName,
      }));
    };

    test("from an eager descriptor set (the expected result)", () => {
      expect(fields({})).toEqual([
        { name: "a", default: 5, oneof: undefined, packed: undefined, jsonName: "a" },
        { name: "b", default: undefined, oneof: "o", packed: undefined, jsonName: "b" },
        { name: "c", default: undefined, oneof: undefined, packed: true, jsonName: "c" },
        { name: "d", default: undefined, oneof: undefined, packed: undefined, jsonName: "dee" },
      ]);
    });

    test.each([{ lazy: true }, { lazy: true, validate: false }])("from a view %j", (options) => {
      // Actual: a has no default, b is in no oneof, c is not packed, d's JSON name is "d".
      expect(fields(options)).toEqual(fields({}));
    });

    test.each(descriptorSetCases)("%s descriptor set, %j: presence, JSON names, packed, defaults and oneofs", (set, options) => {
      const expected = registriesOf(set, {}).map((r) => registrySignature(r, true));
      expect(registriesOf(set, options).map((r) => registrySignature(r, true))).toEqual(expected);
    });
  });

  test("a view of a singular field that occurs twice, put in a list, is written as one element", () => {
    // optional_nested_message { a: 1 } and optional_nested_message { a: 2 }: one message { a: 2 }.
    const d = desc();
    const child = (pb.fromBinary(d, fromHex("9201020801 9201020802"), { lazy: true }) as unknown as Obj).optionalNestedMessage as Msg;
    const eagerChild = (pb.fromBinary(d, fromHex("9201020801 9201020802")) as unknown as Obj).optionalNestedMessage as Msg;
    expect(hex(pb.toBinary(d, pb.create(d, { repeatedNestedMessage: [eagerChild] })))).toBe("8203020802");
    // Was written as 8203020801 8203020802, a list of two. Now one element whose content is
    // both occurrences' bytes (8203040801 0802), which decodes to the merged message.
    const written = pb.toBinary(d, pb.create(d, { repeatedNestedMessage: [child] }));
    expect(hex(written)).toBe("82030408010802");
    const list = (pb.fromBinary(d, written) as unknown as Obj).repeatedNestedMessage as Msg[];
    expect(list.length).toBe(1);
    expect(pb.equals(d, pb.fromBinary(d, written), pb.create(d, { repeatedNestedMessage: [eagerChild] }))).toBe(true);
  });

  describe("a map entry whose message value occurs twice is decoded as the last value; protobuf-es merges them", () => {
    // map_string_nested_message { key: "k" value { a: 1 } value { corecursive { optional_int32: 5 } } }
    const entry = "ba040d 0a016b 12020801 120412020805";
    const merged = '{"mapStringNestedMessage":{"k":{"a":1,"corecursive":{"optionalInt32":5}}}}';

    test("@bufbuild/protobuf merges them", () => {
      const od = oracleRegistry("conformance").getMessage(desc().typeName)!;
      expect(oracle.toJsonString(od, oracle.fromBinary(od, fromHex(entry)))).toBe(merged);
    });

    test.each([{}, { lazy: true }, { lazy: true, validate: false }])("fromBinary %j", (options) => {
      expect(pb.toJsonString(desc(), pb.fromBinary(desc(), fromHex(entry), options))).toBe(merged);
    });

    test("so a view of a singular field that occurs twice, put in a map, loses the first occurrence's fields", () => {
      // The view is written as two value fields in one entry (which is valid protobuf).
      const d = desc();
      const child = (pb.fromBinary(d, fromHex("9201020801 920104 12020805"), { lazy: true }) as unknown as Obj).optionalNestedMessage as Msg;
      const msg = pb.create(d, { mapStringNestedMessage: { k: child } });
      expect(pb.toJsonString(d, pb.fromBinary(d, pb.toBinary(d, msg)))).toBe(merged);
    });
  });
});
