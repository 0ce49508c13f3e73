/**
 * Differential tests of the binary format against @bufbuild/protobuf 2.17 (the oracle),
 * for every message type of the "test" and "conformance" descriptor sets (map entries
 * excluded) and for every extension.
 *
 * Both libraries write known fields in field-number order (oneof members included, also
 * when a oneof's members are interleaved with other fields, as in
 * conformance.ConformanceRequest), then unknown fields (and extensions) in the order they
 * are stored; map entries in the order of the map object's keys; packed and expanded
 * repeated fields as the descriptor says. So for the same input the bytes must be
 * identical, and they are compared exactly: no ordering freedom is left to normalize.
 *
 * Reproduce a failure with PBJET_DIFF_SEED=<seed>; soak with PBJET_DIFF_RUNS=<runs>.
 */
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import * as oracle from "@bufbuild/protobuf";
import { extensionTypes, fieldValue, isInitializable, isUnboxedWktExtension, messageInit, messageTypes } from "./arbitrary";
import { toOracleValue } from "./oracle-init";
import {
  containsNaN,
  fcParams,
  hex,
  oracleCreate,
  oracleMessage,
  oracleRegistry,
  oracleSafe,
  pairedMessageProperty,
  registry,
  RUNS,
  type SetName,
} from "./util";

const sets: SetName[] = ["test", "conformance"];

describe.each(sets)("binary differential: %s descriptor set", (set) => {
  const types = messageTypes(registry(set));

  test("covers every message type of the set", () => {
    // The oracle's registry has no map entry messages; everything else must be covered.
    const theirs: string[] = [];
    // Messages with [lazy = true] fields are covered by their own suite (src/lazy-field).
    for (const t of oracleRegistry(set)) if (t.kind === "message" && !t.typeName.startsWith("pbjet.test.lazy.")) theirs.push(t.typeName);
    expect(types.map((t) => t.typeName)).toEqual(theirs.sort());
    expect(types.length).toBeGreaterThan(50);
  });

  test.each(types.map((t) => [t.typeName, t] as const))("%s", (_name, desc) => {
    fc.assert(
      pairedMessageProperty(
        set,
        desc,
        ({ init, ours, theirs, odesc }) => {
          const ourBytes = pb.toBinary(desc, ours);
          const theirBytes = oracle.toBinary(odesc, theirs);
          // Byte-exact: same fields, same order, same encodings.
          expect(hex(ourBytes)).toBe(hex(theirBytes));
          // Deterministic.
          expect(hex(pb.toBinary(desc, ours))).toBe(hex(ourBytes));

          const nan = containsNaN(init);
          // The oracle reads our bytes back to its own message...
          const theirDecoded = oracle.fromBinary(odesc, ourBytes);
          if (!nan) expect(oracle.equals(odesc, theirDecoded, theirs, { unknown: true, registry: oracleRegistry(set) })).toBe(true);
          expect(hex(oracle.toBinary(odesc, theirDecoded))).toBe(hex(ourBytes));
          // ...and we read the oracle's bytes back to ours.
          const ourDecoded = pb.fromBinary(desc, theirBytes);
          if (!nan) {
            expect(pb.equals(desc, ourDecoded, ours, { unknown: true })).toBe(true);
            expect(pb.equals(desc, ours, ourDecoded, { unknown: true })).toBe(true);
          }
          // Round trip: decoding and encoding again reproduces the bytes.
          expect(hex(pb.toBinary(desc, ourDecoded))).toBe(hex(ourBytes));
          expect(hex(pb.toBinary(desc, pb.fromBinary(desc, ourBytes)))).toBe(hex(ourBytes));
        },
        ({ ours, theirs, odesc }) => {
          // A cycle of required message fields: no message of this type is complete, and
          // both libraries refuse to encode it.
          expect(() => pb.toBinary(desc, ours)).toThrow(pb.BinaryEncodeError);
          expect(() => oracle.toBinary(odesc, theirs)).toThrow();
        },
      ),
      fcParams(),
    );
  });

  // Strings with lone surrogates cannot round-trip through UTF-8, but both libraries must
  // still encode them the same way (as U+FFFD, like TextEncoder).
  const withStrings = types.filter((t) => t.fields.some((f) => f.scalar === pb.ScalarType.STRING) && isInitializable(t));
  test.each(withStrings.map((t) => [t.typeName, t] as const))("lone surrogates: %s", (_name, desc) => {
    const odesc = oracleMessage(set, desc);
    fc.assert(
      fc.property(messageInit(desc, { ...oracleSafe, loneSurrogates: true, depth: 1 }), (init) => {
        const ourBytes = pb.toBinary(desc, pb.create(desc, init));
        const theirBytes = oracle.toBinary(odesc, oracleCreate(desc, odesc, init));
        expect(hex(ourBytes)).toBe(hex(theirBytes));
      }),
      fcParams(Math.ceil(RUNS / 2)),
    );
  });
});

describe.each(sets)("extension differential: %s descriptor set", (set) => {
  const exts = extensionTypes(registry(set));

  test("covers every extension of the set", () => {
    const theirs: string[] = [];
    for (const t of oracleRegistry(set)) if (t.kind === "extension" && !isUnboxedWktExtension(t)) theirs.push(t.typeName);
    expect(exts.map((e) => e.typeName)).toEqual(theirs.sort());
  });

  test.each(exts.map((e) => [e.typeName, e] as const))("%s", (_name, ext) => {
    const oext = oracleRegistry(set).getExtension(ext.typeName)!;
    const extendee = ext.extendee;
    const oextendee = oracleMessage(set, extendee);
    const ourValue = (v: unknown): unknown => {
      if (ext.fieldKind === "message") return pb.create(ext.message, v as Record<string, unknown>);
      if (ext.fieldKind === "list" && ext.listKind === "message") {
        return (v as Record<string, unknown>[]).map((e) => pb.create(ext.message!, e));
      }
      return v;
    };
    // Extension values of both libraries in a comparable form.
    const norm = (v: unknown, encode: (m: unknown) => Uint8Array): unknown => {
      if (Array.isArray(v)) return v.map((e) => norm(e, encode));
      if (v instanceof Uint8Array) return `bytes:${hex(v)}`;
      if (typeof v === "bigint") return `bigint:${v}`;
      if (typeof v === "number") return `number:${Object.is(v, -0) ? "-0" : String(v)}`;
      if (typeof v === "object" && v !== null) return `message:${hex(encode(v))}`;
      return v;
    };
    const normOurs = (v: unknown) => norm(v, (m) => pb.toBinary(ext.message!, m as never));
    const normTheirs = (v: unknown) => norm(v, (m) => oracle.toBinary(oext.message!, m as oracle.Message));

    // Defaults of an unset extension: an empty message (which may lack required fields, so
    // is compared with equals), or the same scalar or list.
    const ourDefault = pb.getExtension(pb.create(extendee), ext);
    const theirDefault = oracle.getExtension(oracle.create(oextendee), oext);
    if (ext.fieldKind === "message") {
      expect(pb.equals(ext.message, ourDefault as never, pb.create(ext.message))).toBe(true);
      expect(oracle.equals(oext.message!, theirDefault as never, oracle.create(oext.message!))).toBe(true);
    } else {
      expect(normOurs(ourDefault)).toEqual(normTheirs(theirDefault));
    }

    fc.assert(
      fc.property(fieldValue(ext, oracleSafe), messageInit(extendee, { ...oracleSafe, unknownFields: false, depth: 1 }), (value, init) => {
        const msg = pb.create(extendee, init);
        const omsg = oracleCreate(extendee, oextendee, init);
        const v = ourValue(value);
        pb.setExtension(msg, ext, v as never);
        oracle.setExtension(omsg, oext, toOracleValue(ext, oext, value) as never);
        expect(pb.hasExtension(msg, ext)).toBe(true);

        const ourBytes = pb.toBinary(extendee, msg);
        expect(hex(ourBytes)).toBe(hex(oracle.toBinary(oextendee, omsg)));

        // getExtension round trip, in both libraries, from our bytes.
        const decoded = pb.fromBinary(extendee, ourBytes);
        expect(pb.hasExtension(decoded, ext)).toBe(true);
        const got = pb.getExtension(decoded, ext);
        expect(normOurs(got)).toEqual(normOurs(v));
        expect(normOurs(pb.getExtension(msg, ext))).toEqual(normOurs(v));
        const theirGot = oracle.getExtension(oracle.fromBinary(oextendee, ourBytes), oext);
        expect(normTheirs(theirGot)).toEqual(normOurs(v));

        // Setting what was read back reproduces the bytes.
        const again = pb.create(extendee, init);
        pb.setExtension(again, ext, got as never);
        expect(hex(pb.toBinary(extendee, again))).toBe(hex(ourBytes));

        pb.clearExtension(decoded, ext);
        expect(pb.hasExtension(decoded, ext)).toBe(false);
        expect(hex(pb.toBinary(extendee, decoded))).toBe(hex(pb.toBinary(extendee, pb.create(extendee, init))));
      }),
      fcParams(),
    );
  });
});
