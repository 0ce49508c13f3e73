/**
 * create(), differential against @bufbuild/protobuf 2.17 (the oracle), over every message type
 * of the test, conformance and well-known type descriptor sets:
 *
 * - a zero message has the same own properties, in the same order, as the oracle's, and the
 *   same prototype-held defaults: proto2 and editions types keep the zero values of their
 *   scalar and enum fields (not oneof members), those with implicit presence too, on the
 *   prototype (in declaration order);
 * - a bytes field (singular, oneof member, list, map value, unboxed BytesValue) given a
 *   `number[]` in the init object holds a `Uint8Array` with those bytes; lists and maps of
 *   bytes are copied, lists and maps of other scalars are taken as they are.
 *
 * Also run in the "aot=true" project, where the schemas carry generated zero constructors.
 */
import * as pb from "@pbjet/protobuf";
import { ScalarType } from "@pbjet/protobuf";
import * as oracle from "@bufbuild/protobuf";
import { hasRequired, messageTypes } from "../differential/arbitrary";
import { oracleRegistry, registry } from "../helpers";

const sets = ["test", "conformance", "wkt"] as const;

/**
 * Declared defaults that differ on purpose (README, "Differences from protobuf-es"): the
 * oracle drops the escaped quotes of this bytes default.
 */
const knownDefaultDifferences = new Set(["pbjet.test.proto2.DefaultScalars.bytesOctalHex"]);

type Obj = Record<string | symbol, unknown>;

/** The own keys of a message's prototype, or undefined for Object.prototype. */
function prototypeKeys(msg: object): (string | symbol)[] | undefined {
  const proto = Object.getPrototypeOf(msg) as object;
  if (proto === Object.prototype) return undefined;
  expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
  return Reflect.ownKeys(proto);
}

describe.each(sets)("zero messages of the %s descriptor set", (set) => {
  const types = messageTypes(registry(set));

  test("have the oracle's own properties, in its order", () => {
    for (const desc of types) {
      const ours = pb.create(desc) as object;
      const theirs = oracle.create(oracleRegistry(set).getMessage(desc.typeName)!) as object;
      expect({ type: desc.typeName, keys: Reflect.ownKeys(ours) }).toEqual({ type: desc.typeName, keys: Reflect.ownKeys(theirs) });
      expect(Object.keys(ours)).toEqual(Object.keys(theirs));
    }
  });

  test("have the oracle's prototype-held defaults", () => {
    for (const desc of types) {
      const ours = pb.create(desc) as Obj;
      const theirs = oracle.create(oracleRegistry(set).getMessage(desc.typeName)!) as Obj;
      // protobuf-es gives every proto2 type a prototype, an empty one if it has no scalar
      // or enum fields; pbjet uses Object.prototype there. Both have no defaults then.
      const ourKeys = prototypeKeys(ours) ?? [];
      const theirKeys = prototypeKeys(theirs) ?? [];
      expect({ type: desc.typeName, keys: ourKeys }).toEqual({ type: desc.typeName, keys: theirKeys });
      const ourProto = Object.getPrototypeOf(ours) as Obj;
      const theirProto = Object.getPrototypeOf(theirs) as Obj;
      for (const k of ourKeys) {
        if (knownDefaultDifferences.has(`${desc.typeName}.${String(k)}`)) continue;
        expect({ field: `${desc.typeName}.${String(k)}`, value: ourProto[k] }).toEqual({
          field: `${desc.typeName}.${String(k)}`,
          value: theirProto[k],
        });
      }
    }
  });
});

/** Where a bytes value goes in a message type, with the init value that puts [1, 2, 255] there. */
interface BytesSlot {
  readonly desc: pb.DescMessage;
  readonly field: pb.DescField;
  readonly name: string;
  readonly init: () => Record<string, unknown>;
  /** The bytes in a message created from init(). */
  readonly read: (msg: Obj) => unknown;
}

function bytesSlots(): BytesSlot[] {
  const slots: BytesSlot[] = [];
  for (const desc of messageTypes(registry("test"))) {
    for (const field of desc.fields) {
      const bytes = field.scalar === ScalarType.BYTES;
      const bytesValue = field.fieldKind === "message" && field.message.typeName === "google.protobuf.BytesValue" && field.oneof === undefined;
      if (!bytes && !bytesValue) continue;
      const name = `${desc.typeName}.${field.name} (${field.fieldKind})`;
      const v = () => [1, 2, 255];
      if (field.oneof !== undefined) {
        const o = field.oneof.localName;
        slots.push({
          desc,
          field,
          name,
          init: () => ({ [o]: { case: field.localName, value: v() } }),
          read: (m) => (m[o] as { value: unknown }).value,
        });
      } else if (field.fieldKind === "list") {
        slots.push({ desc, field, name, init: () => ({ [field.localName]: [v()] }), read: (m) => (m[field.localName] as unknown[])[0] });
      } else if (field.fieldKind === "map") {
        const key = field.mapKey === ScalarType.STRING ? "k" : field.mapKey === ScalarType.BOOL ? "true" : "1";
        slots.push({
          desc,
          field,
          name,
          init: () => ({ [field.localName]: { [key]: v() } }),
          read: (m) => (m[field.localName] as Obj)[key],
        });
      } else {
        slots.push({ desc, field, name, init: () => ({ [field.localName]: v() }), read: (m) => m[field.localName] });
      }
    }
  }
  return slots;
}

describe("create() with a number[] for bytes", () => {
  const slots = bytesSlots();

  test("the test corpus has bytes fields of every kind", () => {
    const kinds = new Set(slots.map((s) => (s.field.oneof !== undefined ? "oneof" : s.field.fieldKind)));
    expect([...kinds].sort()).toEqual(["list", "map", "message", "oneof", "scalar"]);
  });

  test.each(slots.map((s) => [s.name, s] as const))("%s: a Uint8Array, as in the oracle", (_name, slot) => {
    const odesc = oracleRegistry("test").getMessage(slot.desc.typeName)!;
    const init = slot.init();
    const theirInit = slot.init();
    const ours = pb.create(slot.desc, init) as Obj;
    const theirs = oracle.create(odesc, theirInit as never) as Obj;
    const ourValue = slot.read(ours);
    const theirValue = slot.read(theirs);
    expect(theirValue).toBeInstanceOf(Uint8Array);
    expect(ourValue).toBeInstanceOf(Uint8Array);
    expect(Array.from(ourValue as Uint8Array)).toEqual(Array.from(theirValue as Uint8Array));
    if (slot.field.fieldKind === "list" || slot.field.fieldKind === "map") {
      // The list or map is a copy in both.
      expect(ours[slot.field.localName] === init[slot.field.localName]).toBe(theirs[slot.field.localName] === theirInit[slot.field.localName]);
    }
    // The message is the same as one created from Uint8Arrays.
    const fromBytes = pb.create(
      slot.desc,
      JSON.parse(JSON.stringify(slot.init()), (_k, v: unknown) =>
        Array.isArray(v) && typeof v[0] === "number" ? new Uint8Array(v as number[]) : v,
      ) as never,
    );
    expect(pb.equals(slot.desc, ours as never, fromBytes)).toBe(true);
    // The same bytes on the wire (unless required fields are missing).
    if (!hasRequired(slot.desc)) expect(pb.toBinary(slot.desc, ours as never)).toEqual(oracle.toBinary(odesc, theirs as never));
  });

  test("lists and maps of other scalars are taken as they are, as in the oracle", () => {
    const desc = messageTypes(registry("test")).find((d) =>
      d.fields.some((f) => f.fieldKind === "list" && f.listKind === "scalar" && f.scalar !== ScalarType.BYTES),
    )!;
    const field = desc.fields.find((f) => f.fieldKind === "list" && f.listKind === "scalar" && f.scalar !== ScalarType.BYTES)!;
    const list: unknown[] = [];
    const ours = pb.create(desc, { [field.localName]: list } as never) as Obj;
    const theirs = oracle.create(oracleRegistry("test").getMessage(desc.typeName)!, { [field.localName]: list } as never) as Obj;
    expect(ours[field.localName] === list).toBe(theirs[field.localName] === list);
    expect(ours[field.localName]).toBe(list);
  });
});
