/**
 * Modification property tests of lazy views (issue 7, "Done when" 1 and 2).
 *
 * Random modifications at random depths — replacing scalars, splicing, filtering, reversing
 * and duplicating lists of sub-message views, deleting and adding map entries, setting and
 * clearing oneofs, replacing a child view with a toMutable() copy and modifying that — made
 * through toMutable() on a view, then toBinary(), give the same message as the same
 * modifications made on an eagerly decoded message. One seeded PRNG drives both sides, so they
 * make the same decisions on the same structure.
 *
 * And every attempt to write to a view throws (LazyMessageError from setters and API calls,
 * TypeError from frozen containers) and never changes what toBinary() writes.
 *
 * Reproduce a failure with PBJET_LAZY_SEED=<seed>; soak with PBJET_LAZY_RUNS=<runs>.
 */
import * as fc from "fast-check";
// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import { hasRequired, wktBoxing } from "../differential/arbitrary";
import {
  contentOf,
  describeError,
  encodableTypes,
  encodingArb,
  errorOf,
  extensionsOf,
  fcParams,
  forEachMessage,
  hex,
  isMessageValue,
  LEGACY_REQUIRED,
  Rng,
  RUNS,
  sets,
  type SetName,
} from "./util";

type Msg = Record<string, unknown>;

/** How one side gets a modifiable version of a sub-message. */
interface Side {
  /** A copy of the child that can be modified and assigned back. */
  mutable(desc: pb.DescMessage, child: unknown): Msg;
}

/** Views become one-level mutable copies; ordinary messages are cloned (as toMutable copies). */
const lazySide: Side = {
  mutable: (desc, child) =>
    (pb.isLazyMessage(child) ? pb.toMutable(desc, child as pb.Message) : pb.clone(desc, child as pb.Message)) as unknown as Msg,
};
const eagerSide: Side = {
  mutable: (desc, child) => pb.clone(desc, child as pb.Message) as unknown as Msg,
};

const MAX_DEPTH = 4;

function randomScalar(rng: Rng, type: pb.ScalarType, longAsString: boolean): unknown {
  const long = (v: bigint) => (longAsString ? v.toString() : v);
  switch (type) {
    case pb.ScalarType.DOUBLE:
      return rng.pick([0, -0, 1.5, -2.25e300, 5e-324, Infinity, NaN, rng.next() * 1e6]);
    case pb.ScalarType.FLOAT:
      return Math.fround(rng.pick([0, -0, 1.5, -3.5, Infinity, NaN, rng.next() * 1e3]));
    case pb.ScalarType.INT32:
    case pb.ScalarType.SINT32:
    case pb.ScalarType.SFIXED32:
      return rng.int(2 ** 32) - 2 ** 31;
    case pb.ScalarType.UINT32:
    case pb.ScalarType.FIXED32:
      return rng.int(2 ** 32);
    case pb.ScalarType.INT64:
    case pb.ScalarType.SINT64:
    case pb.ScalarType.SFIXED64:
      return long(BigInt(rng.int(2 ** 32) - 2 ** 31) * BigInt(rng.int(2 ** 20) + 1));
    case pb.ScalarType.UINT64:
    case pb.ScalarType.FIXED64:
      return long(BigInt(rng.int(2 ** 32)) * BigInt(rng.int(2 ** 20) + 1));
    case pb.ScalarType.BOOL:
      return rng.bool();
    case pb.ScalarType.STRING: {
      const n = rng.int(6);
      let s = "";
      for (let i = 0; i < n; i++) s += rng.pick(["a", "Z", "é", "€", "😀", "\u0000", " "]);
      return s;
    }
    case pb.ScalarType.BYTES: {
      const out = new Uint8Array(rng.int(6));
      for (let i = 0; i < out.length; i++) out[i] = rng.int(256);
      return out;
    }
  }
}

function randomEnum(rng: Rng, e: pb.DescEnum): number {
  return rng.pick(e.values).number;
}

function randomJson(rng: Rng): Record<string, unknown> {
  return { [rng.pick(["a", "b", "1"])]: rng.pick<unknown>([null, true, "s", 1.5, [1, "x"], { n: null }]) };
}

function randomMapKey(rng: Rng, type: pb.ScalarType): string {
  switch (type) {
    case pb.ScalarType.BOOL:
      return String(rng.bool());
    case pb.ScalarType.STRING:
      return rng.pick(["", "k", "key", "é", "__proto__", "0", "12"]);
    default:
      return String(randomScalar(rng, type, true));
  }
}

/** A new empty message, or undefined if the type has required fields (it could not be encoded). */
function emptyMessage(desc: pb.DescMessage): pb.Message | undefined {
  return hasRequired(desc) ? undefined : pb.create(desc);
}

function isStruct(desc: pb.DescMessage | undefined): boolean {
  return desc?.typeName === "google.protobuf.Struct";
}

/** Makes 1-3 random modifications to a (mutable) message, recursing into sub-messages. */
function mutate(desc: pb.DescMessage, msg: Msg, rng: Rng, side: Side, depth: number): void {
  const ops = 1 + rng.int(3);
  for (let k = 0; k < ops && desc.members.length > 0; k++) {
    const member = rng.pick(desc.members);
    if (member.kind === "oneof") mutateOneof(member, msg, rng, side, depth);
    else mutateField(member, msg, rng, side, depth);
  }
  if (rng.bool(0.1)) {
    const unknown = (msg as unknown as pb.Message).$unknown;
    (msg as unknown as pb.Message).$unknown = rng.bool() ? [] : unknown?.filter((_, i) => i % 2 === 0);
  }
}

/** Replaces a sub-message with a modified copy (a toMutable copy of a view on the lazy side). */
function modifiedChild(desc: pb.DescMessage, child: unknown, rng: Rng, side: Side, depth: number): Msg {
  const copy = side.mutable(desc, child);
  mutate(desc, copy, rng, side, depth + 1);
  return copy;
}

function mutateField(field: pb.DescField, msg: Msg, rng: Rng, side: Side, depth: number): void {
  const name = field.localName;
  const deeper = depth < MAX_DEPTH;
  switch (field.fieldKind) {
    case "scalar":
    case "enum":
      if (rng.int(3) === 2) pb.clearField(msg as unknown as pb.Message, field);
      else msg[name] = field.fieldKind === "enum" ? randomEnum(rng, field.enum) : randomScalar(rng, field.scalar, field.longAsString);
      return;
    case "message": {
      const boxing = wktBoxing(field);
      const v = msg[name];
      const r = rng.int(3);
      if (boxing === "wrapper") {
        msg[name] = r === 0 ? undefined : randomScalar(rng, field.message.fields[0].scalar!, false);
        return;
      }
      if (boxing === "struct") {
        if (r === 0) msg[name] = undefined;
        else if (r === 1 || v === undefined) msg[name] = randomJson(rng);
        // In place: the JSON of a mutable copy is mutable.
        else Object.assign(v as object, randomJson(rng));
        return;
      }
      if (v === undefined || r === 0) {
        msg[name] = r === 0 ? undefined : emptyMessage(field.message);
        return;
      }
      if (r === 1 && deeper) msg[name] = modifiedChild(field.message, v, rng, side, depth);
      else msg[name] = emptyMessage(field.message) ?? v;
      return;
    }
    case "list": {
      const list = msg[name] as unknown[];
      const r = rng.int(7);
      const i = rng.int(Math.max(list.length, 1));
      switch (r) {
        case 0:
          list.splice(i, 1);
          return;
        case 1:
          msg[name] = list.filter(() => rng.bool());
          return;
        case 2:
          list.reverse();
          return;
        case 3:
          if (list.length > 0) list.push(list[i]);
          return;
        case 4:
          msg[name] = [];
          return;
      }
      if (field.listKind === "message") {
        if (isStruct(field.message)) {
          list.push(randomJson(rng));
        } else if (r === 5 && list.length > 0 && deeper) {
          list[i] = modifiedChild(field.message!, list[i], rng, side, depth);
        } else {
          const e = emptyMessage(field.message!);
          if (e !== undefined) list.splice(i, 0, e);
        }
        return;
      }
      const value = field.listKind === "enum" ? randomEnum(rng, field.enum!) : randomScalar(rng, field.scalar!, field.longAsString);
      if (r === 5 && list.length > 0) list[i] = value;
      else list.push(value);
      return;
    }
    case "map": {
      const map = msg[name] as Record<string, unknown>;
      const keys = Object.keys(map);
      const r = rng.int(4);
      const key = keys.length > 0 && r !== 3 ? rng.pick(keys) : randomMapKey(rng, field.mapKey);
      if (r === 0) {
        delete map[key];
        return;
      }
      if (r === 1) {
        msg[name] = {};
        return;
      }
      let value: unknown;
      if (field.mapKind === "message") {
        if (isStruct(field.message)) value = randomJson(rng);
        else if (r === 2 && Object.prototype.hasOwnProperty.call(map, key) && deeper)
          value = modifiedChild(field.message!, map[key], rng, side, depth);
        else value = emptyMessage(field.message!);
        if (value === undefined) return;
      } else {
        value = field.mapKind === "enum" ? randomEnum(rng, field.enum!) : randomScalar(rng, field.scalar!, false);
      }
      Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true });
      return;
    }
  }
}

function mutateOneof(oneof: pb.DescOneof, msg: Msg, rng: Rng, side: Side, depth: number): void {
  const name = oneof.localName;
  const cur = msg[name] as { case: string | undefined; value?: unknown };
  const r = rng.int(3);
  if (r === 0) {
    msg[name] = { case: undefined };
    return;
  }
  const current = oneof.fields.find((f) => f.localName === cur.case);
  if (r === 2 && current?.message !== undefined && isMessageValue(cur.value) && depth < MAX_DEPTH) {
    msg[name] = { case: current.localName, value: modifiedChild(current.message, cur.value, rng, side, depth) };
    return;
  }
  const member = rng.pick(oneof.fields);
  let value: unknown;
  switch (member.fieldKind) {
    case "message":
      value = isStruct(member.message) && member.parent.typeName !== "google.protobuf.Value" ? randomJson(rng) : emptyMessage(member.message);
      break;
    case "enum":
      value = randomEnum(rng, member.enum);
      break;
    default:
      value = randomScalar(rng, member.scalar!, (member as { longAsString?: boolean }).longAsString === true);
  }
  if (value !== undefined) msg[name] = { case: member.localName, value };
}

/** What toBinary() gives, decoded eagerly and walked; or the error it threw. */
function written(set: SetName, desc: pb.DescMessage, msg: unknown, options?: Partial<pb.BinaryWriteOptions>): unknown {
  let bytes: Uint8Array;
  try {
    bytes = pb.toBinary(desc, msg as pb.Message, options);
  } catch (e) {
    return `toBinary threw ${describeError(e)}`;
  }
  return contentOf(desc, pb.fromBinary(desc, bytes), "eager", { set });
}

describe.each(sets)("modifications through toMutable: %s descriptor set", (set) => {
  const types = encodableTypes(set).filter((t) => t.members.length > 0);

  test.each(types.map((t) => [t.typeName, t] as const))("%s", (_name, desc) => {
    const walk = { set };
    fc.assert(
      fc.property(encodingArb(set, desc), fc.integer(), (bytes, seed) => {
        const view = pb.fromBinary(desc, bytes, { lazy: true });
        const before = contentOf(desc, pb.fromBinary(desc, bytes), "eager", walk);

        const lazyRoot = pb.toMutable(desc, view) as unknown as Msg;
        const eagerRoot = pb.fromBinary(desc, bytes) as unknown as Msg;
        mutate(desc, lazyRoot, new Rng(seed), lazySide, 0);
        mutate(desc, eagerRoot, new Rng(seed), eagerSide, 0);

        // The modified copy reads like the modified eager message...
        expect(contentOf(desc, lazyRoot, "any", walk)).toEqual(contentOf(desc, eagerRoot, "eager", walk));
        // ...and writes the same message, with and without unknown fields.
        expect(written(set, desc, lazyRoot)).toEqual(written(set, desc, eagerRoot));
        expect(written(set, desc, lazyRoot, { writeUnknownFields: false })).toEqual(written(set, desc, eagerRoot, { writeUnknownFields: false }));
        // The view itself is unchanged.
        expect(hex(pb.toBinary(desc, view))).toBe(hex(bytes));
        expect(contentOf(desc, view, "view", walk)).toEqual(before);
      }),
      fcParams(RUNS * 2),
    );
  });
});

describe("new messages holding views", () => {
  test.each(sets)("a parent rebuilt with filtered child views copies the children's bytes: %s", (set) => {
    for (const desc of encodableTypes(set)) {
      const lists = desc.fields.filter((f) => f.fieldKind === "list" && f.listKind === "message" && !isStruct(f.message));
      // The new parent only gets the lists: it could not be encoded without its required fields.
      if (lists.length === 0 || desc.fields.some((f) => f.presence === LEGACY_REQUIRED)) continue;
      fc.assert(
        fc.property(encodingArb(set, desc), fc.integer(), (bytes, seed) => {
          const rng = new Rng(seed);
          const view = pb.fromBinary(desc, bytes, { lazy: true }) as unknown as Msg;
          const eager = pb.fromBinary(desc, bytes) as unknown as Msg;
          const init: Msg = {};
          const eagerInit: Msg = {};
          for (const f of lists) {
            const keep = (view[f.localName] as unknown[]).map(() => rng.bool());
            init[f.localName] = (view[f.localName] as unknown[]).filter((_, i) => keep[i]);
            eagerInit[f.localName] = (eager[f.localName] as unknown[]).filter((_, i) => keep[i]);
          }
          const parent = pb.create(desc, init);
          for (const f of lists) {
            for (const e of (parent as unknown as Msg)[f.localName] as unknown[]) expect(pb.isLazyMessage(e)).toBe(true);
          }
          expect(written(set, desc, parent)).toEqual(written(set, desc, pb.create(desc, eagerInit)));
          // Each kept child is written as its original bytes.
          const out = hex(pb.toBinary(desc, parent));
          for (const f of lists) {
            for (const e of (parent as unknown as Msg)[f.localName] as pb.Message[]) {
              expect(out).toContain(hex(pb.toBinary(f.message!, e)));
            }
          }
        }),
        fcParams(2),
      );
    }
  });
});

/** Every way of writing to a view of `desc` (and to what it hands out) throws; returns how many were tried. */
function attemptWrites(set: SetName, desc: pb.DescMessage, view: Msg): number {
  let attempts = 0;
  const expectThrow = (what: string, fn: () => void, type: new (...args: never[]) => Error) => {
    attempts++;
    const e = errorOf(fn);
    if (!(e instanceof type)) {
      throw new Error(`${desc.typeName}: ${what} did not throw ${type.name}, but ${e === undefined ? "returned" : describeError(e)}`);
    }
  };
  const frozenContainer = (what: string, v: unknown) => {
    if (typeof v !== "object" || v === null || v instanceof Uint8Array || isMessageValue(v)) return;
    if (!Object.isFrozen(v)) throw new Error(`${desc.typeName}: ${what} is not frozen`);
    if (Array.isArray(v)) {
      expectThrow(`${what}.push()`, () => v.push(v[0]), TypeError);
      expectThrow(`${what}.splice()`, () => v.splice(0, 1), TypeError);
      expectThrow(`${what}[0] = ...`, () => ((v as unknown[])[0] = 1), TypeError);
      expectThrow(`${what}.length = 0`, () => ((v as unknown[]).length = 0), TypeError);
      v.forEach((e, i) => frozenContainer(`${what}[${i}]`, e));
      return;
    }
    const o = v as Record<string, unknown>;
    expectThrow(`${what}.x = ...`, () => (o.x = 1), TypeError);
    for (const k of Object.keys(o)) {
      expectThrow(`${what}[${JSON.stringify(k)}] = ...`, () => (o[k] = o[k]), TypeError);
      expectThrow(`delete ${what}[${JSON.stringify(k)}]`, () => delete o[k], TypeError);
      frozenContainer(`${what}[${JSON.stringify(k)}]`, o[k]);
    }
  };
  for (const member of desc.members) {
    const name = member.localName;
    expectThrow(`assigning ${name}`, () => (view[name] = view[name]), pb.LazyMessageError);
    expectThrow(`Object.assign() of ${name}`, () => Object.assign(view, { [name]: view[name] }), pb.LazyMessageError);
    frozenContainer(name, view[name]);
  }
  expectThrow("assigning $unknown", () => ((view as unknown as pb.Message).$unknown = []), pb.LazyMessageError);
  const unknown = (view as unknown as pb.Message).$unknown as { no: number; wireType: number; data: Uint8Array }[] | undefined;
  if (unknown !== undefined) {
    expectThrow("$unknown.push()", () => unknown.push(unknown[0]), TypeError);
    for (const u of unknown) {
      expectThrow("assigning $unknown[i].no", () => (u.no = u.no + 1), TypeError);
      expectThrow("assigning $unknown[i].data", () => (u.data = new Uint8Array(0)), TypeError);
    }
  }
  for (const field of desc.fields) {
    expectThrow(`clearField(${field.name})`, () => pb.clearField(view as unknown as pb.Message, field), pb.LazyMessageError);
  }
  for (const ext of extensionsOf(set, desc.typeName)) {
    // An unset message extension reads as an empty message, which may lack required fields.
    if (ext.message !== undefined && hasRequired(ext.message) && !pb.hasExtension(view as never, ext as never)) continue;
    // Random unknown fields may use an extension's number with data it cannot decode.
    let value: unknown;
    if (errorOf(() => (value = pb.getExtension(view as never, ext as never))) !== undefined) continue;
    expectThrow(`setExtension(${ext.typeName})`, () => pb.setExtension(view as never, ext as never, value as never), pb.LazyMessageError);
  }
  expectThrow("mergeFromBinary()", () => pb.mergeFromBinary(desc, view as unknown as pb.Message, new Uint8Array(0)), pb.LazyMessageError);
  return attempts;
}

describe.each(sets)("writes to views throw: %s descriptor set", (set) => {
  const types = encodableTypes(set);

  test.each(types.map((t) => [t.typeName, t] as const))("%s", (_name, desc) => {
    const walk = { set };
    fc.assert(
      fc.property(encodingArb(set, desc), (bytes) => {
        const view = pb.fromBinary(desc, bytes, { lazy: true });
        const before = contentOf(desc, pb.fromBinary(desc, bytes), "eager", walk);
        let attempts = 0;
        forEachMessage(desc, view, (d, m, depth) => {
          // Every sub-message handed out by a view is a view.
          if (!pb.isLazyMessage(m)) throw new Error(`a sub-message ${d.typeName} at depth ${depth} is not a view`);
          attempts += attemptWrites(set, d, m);
        });
        expect(attempts).toBeGreaterThan(0);
        // Nothing changed what the view reads or writes.
        expect(hex(pb.toBinary(desc, view))).toBe(hex(bytes));
        expect(contentOf(desc, view, "view", walk)).toEqual(before);
        expect(written(set, desc, pb.toMutable(desc, view))).toEqual(before);
      }),
      fcParams(Math.ceil(RUNS / 2)),
    );
  });

  test("LazyMessageError names the way out", () => {
    const desc = types[0];
    const view = pb.fromBinary(desc, new Uint8Array(0), { lazy: true }) as unknown as Msg;
    const e = errorOf(() => (view[desc.members[0].localName] = undefined));
    expect(e).toBeInstanceOf(pb.LazyMessageError);
    expect(e).toBeInstanceOf(pb.ProtobufError);
    expect((e as Error).name).toBe("LazyMessageError");
    expect((e as Error).message).toMatch(/toMutable/);
  });
});
