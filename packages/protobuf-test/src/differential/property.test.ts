/**
 * Properties of pbjet's message functions over random messages of every message type of
 * the "test" and "conformance" descriptor sets (map entries excluded):
 *
 * - clone() equals the original, and is independent of it: mutating every part of the clone
 *   (nested messages, lists, maps, bytes in place, unknown fields) leaves the original as is;
 * - equals() is reflexive and symmetric, and agrees with the oracle's;
 * - mergeFromBinary(a, toBinary(b)) is the protobuf merge: the same as decoding the
 *   concatenation of both encodings, and the same as the oracle's mergeFromBinary;
 * - toBinary() output decodes with `readUnknownFields: false` to an equal message.
 *
 * NaN is left out of the random messages here: NaN != NaN makes messages unequal to
 * themselves in both libraries (the binary differential suite covers NaN).
 */
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import * as oracle from "@bufbuild/protobuf";
import { isInitializable, messageInit, messageTypes, wktBoxing, wktElementBoxing } from "./arbitrary";
import { fcParams, hex, oracleCreate, oracleMessage, oracleRegistry, oracleSafe, registry, RUNS, type SetName } from "./util";

const sets: SetName[] = ["test", "conformance"];

type Obj = Record<string, unknown>;

/** Changes a JSON value (of a Struct field) in place, deeply. */
function mutateJson(v: unknown): void {
  if (Array.isArray(v)) {
    v.forEach(mutateJson);
    v.push("mutated");
  } else if (typeof v === "object" && v !== null) {
    for (const k of Object.keys(v)) mutateJson((v as Obj)[k]);
    Object.defineProperty(v, "mutated", { value: true, enumerable: true, writable: true, configurable: true });
  }
}

function mutateBytes(b: Uint8Array): void {
  for (let i = 0; i < b.length; i++) b[i] ^= 0xff;
}

/** Changes a value of a field in place where it is an object; returns a replacement otherwise. */
function mutateValue(kind: "scalar" | "enum" | "message", field: pb.DescField, desc: pb.DescMessage | undefined, v: unknown): unknown {
  if (kind === "message" && wktElementBoxing(field) === "struct") {
    // A Struct list element or map value is a JSON object: mutate it as JSON.
    (v as Obj).mutated = true;
    return v;
  }
  if (kind === "message") {
    mutateMessage(desc!, v as Obj);
    return v;
  }
  if (v instanceof Uint8Array) {
    mutateBytes(v);
    return v;
  }
  switch (typeof v) {
    case "number":
      return field.fieldKind === "enum" || field.enum !== undefined ? v : v + 1;
    case "bigint":
      return v === 0n ? 1n : 0n;
    case "string":
      return v + "!";
    case "boolean":
      return !v;
    default:
      return v;
  }
}

/** Mutates every part of a message in place: nested messages, lists, maps, bytes, unknown fields. */
function mutateMessage(desc: pb.DescMessage, msg: Obj): void {
  for (const member of desc.members) {
    if (member.kind === "oneof") {
      const adt = msg[member.localName] as { case?: string; value?: unknown };
      if (adt.case === undefined) continue;
      const f = member.fields.find((x) => x.localName === adt.case)!;
      if (f.fieldKind === "message" && wktBoxing(f) === undefined) mutateMessage(f.message, adt.value as Obj);
      else if (adt.value instanceof Uint8Array) mutateBytes(adt.value);
      else if (wktBoxing(f) === "struct") mutateJson(adt.value);
      continue;
    }
    const f = member;
    const v = msg[f.localName];
    switch (f.fieldKind) {
      case "list": {
        const list = v as unknown[];
        for (let i = 0; i < list.length; i++) list[i] = mutateValue(f.listKind, f, f.message, list[i]);
        if (list.length > 0 && f.listKind !== "message") list.push(list[0]);
        break;
      }
      case "map": {
        const map = v as Obj;
        const keys = Object.keys(map);
        for (const k of keys) map[k] = mutateValue(f.mapKind, f, f.message, map[k]);
        if (keys.length > 1) delete map[keys[0]];
        break;
      }
      case "message":
        if (v === undefined) break;
        switch (wktBoxing(f)) {
          case "struct":
            mutateJson(v);
            break;
          case "wrapper":
            if (v instanceof Uint8Array) mutateBytes(v);
            else msg[f.localName] = mutateValue("scalar", f, undefined, v);
            break;
          default:
            mutateMessage(f.message, v as Obj);
        }
        break;
      default:
        if (pb.isFieldSet(msg as never, f)) msg[f.localName] = mutateValue(f.fieldKind, f, undefined, v);
    }
  }
  const unknown = (msg as unknown as pb.Message).$unknown;
  if (unknown !== undefined) {
    unknown.forEach((u) => mutateBytes(u.data));
    unknown.push({ no: 536870911, wireType: 0, data: new Uint8Array([1]) } as pb.UnknownField);
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

describe.each(sets)("properties: %s descriptor set", (set) => {
  const types = messageTypes(registry(set)).filter((t) => isInitializable(t));

  test.each(types.map((t) => [t.typeName, t] as const))("%s", (_name, desc) => {
    const odesc = oracleMessage(set, desc);
    const oreg = oracleRegistry(set);
    const init = messageInit(desc, { ...oracleSafe, nan: false });
    fc.assert(
      fc.property(init, init, (initA, initB) => {
        const a = pb.create(desc, initA);
        const b = pb.create(desc, initB);
        const bytesA = pb.toBinary(desc, a);
        const bytesB = pb.toBinary(desc, b);

        // equals: reflexive, symmetric, and as the oracle says.
        expect(pb.equals(desc, a, a, { unknown: true })).toBe(true);
        const ab = pb.equals(desc, a, b);
        expect(pb.equals(desc, b, a)).toBe(ab);
        const oa = oracleCreate(desc, odesc, initA);
        const ob = oracleCreate(desc, odesc, initB);
        expect(ab).toBe(oracle.equals(odesc, oa, ob));
        // With a registry, known extensions are not unknown fields (as in protobuf-es).
        const reg = registry(set);
        const abUnknown = pb.equals(desc, a, b, { unknown: true, registry: reg });
        expect(pb.equals(desc, b, a, { unknown: true, registry: reg })).toBe(abUnknown);
        expect(abUnknown).toBe(oracle.equals(odesc, oa, ob, { unknown: true, registry: oreg }));
        // Extensions compared by value.
        const abExt = pb.equals(desc, a, b, { extensions: true, registry: reg });
        expect(pb.equals(desc, b, a, { extensions: true, registry: reg })).toBe(abExt);
        expect(abExt).toBe(oracle.equals(odesc, oa, ob, { extensions: true, registry: oreg }));

        // clone: equal, and independent in both directions.
        const c = pb.clone(desc, a);
        expect(pb.equals(desc, c, a, { unknown: true })).toBe(true);
        expect(pb.equals(desc, a, c, { unknown: true })).toBe(true);
        expect(hex(pb.toBinary(desc, c))).toBe(hex(bytesA));
        mutateMessage(desc, c as unknown as Obj);
        expect(hex(pb.toBinary(desc, a))).toBe(hex(bytesA));
        expect(pb.equals(desc, a, pb.fromBinary(desc, bytesA), { unknown: true })).toBe(true);
        // (The original is mutated as a decoded copy: `a` shares values with the init object,
        // which fast-check reuses. Decoded bytes fields are views into the input, so a copy.)
        const original = pb.fromBinary(desc, bytesA.slice());
        const c2 = pb.clone(desc, original);
        mutateMessage(desc, original as unknown as Obj);
        expect(hex(pb.toBinary(desc, c2))).toBe(hex(bytesA));

        // mergeFromBinary: the protobuf merge, as decoding the concatenation...
        const target = pb.fromBinary(desc, bytesA);
        const merged = pb.mergeFromBinary(desc, target, bytesB);
        expect(merged).toBe(target);
        const mergedBytes = pb.toBinary(desc, merged);
        expect(hex(mergedBytes)).toBe(hex(pb.toBinary(desc, pb.fromBinary(desc, concat(bytesA, bytesB)))));
        // ...and as the oracle merges.
        const theirTarget = oracle.fromBinary(odesc, bytesA);
        oracle.mergeFromBinary(odesc, theirTarget, bytesB);
        expect(hex(mergedBytes)).toBe(hex(oracle.toBinary(odesc, theirTarget)));
        // Merging into a created message (defaults on the prototype) is the same.
        const created = pb.create(desc, initA);
        expect(hex(pb.toBinary(desc, pb.mergeFromBinary(desc, created, bytesB)))).toBe(hex(mergedBytes));

        // toBinary output without unknown fields: decodes to an equal message.
        const known = pb.fromBinary(desc, bytesB, { readUnknownFields: false });
        expect(pb.equals(desc, known, b)).toBe(true);
        expect(hex(pb.toBinary(desc, known))).toBe(hex(pb.toBinary(desc, b, { writeUnknownFields: false })));
      }),
      fcParams(Math.ceil(RUNS / 2)),
    );
  });
});
