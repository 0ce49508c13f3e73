/**
 * Differential tests of the JSON mapping against @bufbuild/protobuf 2.17 (the oracle), for
 * random messages of every message type of the "test" and "conformance" descriptor sets,
 * with random write options (alwaysEmitImplicit, enumAsInteger, useProtoFieldName):
 *
 * - our toJson() equals the oracle's toJson() of the same message (decoded from our binary);
 * - our toJsonString() is exactly JSON.stringify() of our toJson() (the text writer and the
 *   value writer agree), and pretty printing is JSON.stringify's;
 * - the oracle parses our JSON to the same message, and we parse the oracle's JSON string to
 *   an equal message.
 *
 * Random messages are made JSON-safe first (util.ts: jsonSafe), e.g. Timestamps in range.
 * Reproduce a failure with PBJET_DIFF_SEED=<seed>; soak with PBJET_DIFF_RUNS=<runs>.
 */
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import * as oracle from "@bufbuild/protobuf";
import { isInitializable, messageInit, messageTypes, extensionTypes, fieldValue } from "../differential/arbitrary";
import { containsNaN, fcParams, oracleMessage, oracleRegistry, registry, type SetName } from "../differential/util";
import { jsonSafe } from "./util";
import { defaultRuns } from "../test-mode";

const sets: SetName[] = ["test", "conformance"];
const RUNS = Number(process.env.PBJET_DIFF_RUNS ?? defaultRuns(12));

const writeOptions = fc.record({
  alwaysEmitImplicit: fc.boolean(),
  enumAsInteger: fc.boolean(),
  useProtoFieldName: fc.boolean(),
});

/** A JSON value as it reads back from its text (JSON text has no -0). */
function viaText(v: unknown): unknown {
  return JSON.parse(JSON.stringify(v));
}

describe.each(sets)("JSON differential: %s descriptor set", (set) => {
  const types = messageTypes(registry(set)).filter((t) => isInitializable(t));
  const reg = registry(set);
  const oreg = oracleRegistry(set);

  test("covers the message types of the set", () => {
    expect(types.length).toBeGreaterThan(50);
  });

  test.each(types.map((t) => [t.typeName, t] as const))("%s", (_name, desc) => {
    const odesc = oracleMessage(set, desc);
    fc.assert(
      fc.property(
        messageInit(desc, { unknownFields: false, alwaysSetOneof: (o) => o.parent.typeName === "google.protobuf.Value" }),
        writeOptions,
        fc.nat(),
        (init, opts, seed) => {
          const ours = jsonSafe(desc, pb.create(desc, init), seed, reg) as pb.Message;
          const theirs = oracle.fromBinary(odesc, pb.toBinary(desc, ours));
          const ourJson = pb.toJson(desc, ours, { ...opts, registry: reg });
          const theirJson = oracle.toJson(odesc, theirs, { ...opts, registry: oreg });
          // Same JSON as the oracle writes.
          expect(ourJson).toEqual(theirJson);
          // The text writer writes what JSON.stringify writes for the value.
          const text = pb.toJsonString(desc, ours, { ...opts, registry: reg });
          expect(text).toBe(JSON.stringify(ourJson));
          expect(pb.toJsonString(desc, ours, { ...opts, registry: reg, prettySpaces: 2 })).toBe(JSON.stringify(ourJson, null, 2));
          // The oracle reads our JSON to the same message.
          const back = oracle.fromJsonString(odesc, text, { registry: oreg });
          expect(viaText(oracle.toJson(odesc, back, { registry: oreg }))).toEqual(viaText(oracle.toJson(odesc, theirs, { registry: oreg })));
          // We read the oracle's JSON to an equal message.
          const theirText = oracle.toJsonString(odesc, theirs, { ...opts, registry: oreg });
          const ourBack = pb.fromJsonString(desc, theirText, { registry: reg });
          if (!containsNaN(init)) expect(pb.equals(desc, ourBack, ours)).toBe(true);
          expect(viaText(pb.toJson(desc, ourBack, { registry: reg }))).toEqual(viaText(pb.toJson(desc, ours, { registry: reg })));
          expect(JSON.parse(pb.toJsonString(desc, pb.fromJson(desc, theirJson, { registry: reg }), { ...opts, registry: reg }))).toEqual(
            viaText(theirJson),
          );
        },
      ),
      fcParams(RUNS),
    );
  });
});

describe("JSON differential: extensions", () => {
  const reg = registry("test");
  const oreg = oracleRegistry("test");
  const exts = extensionTypes(reg).filter((e) => isInitializable(e.extendee));

  test("there are extensions to test", () => {
    expect(exts.length).toBeGreaterThan(10);
  });

  test.each(exts.map((e) => [e.typeName, e] as const))("%s", (_name, ext) => {
    const desc = ext.extendee;
    const odesc = oracleMessage("test", desc);
    fc.assert(
      fc.property(fieldValue(ext, { unknownFields: false }), writeOptions, (value, opts) => {
        const msg = pb.create(desc);
        const toMessage = (m: pb.DescMessage, init: unknown) => jsonSafe(m, pb.create(m, init as Record<string, unknown>));
        let v = value;
        if (ext.fieldKind === "message" && !ext.message.typeName.startsWith("google.protobuf.")) {
          v = toMessage(ext.message, value);
        } else if (ext.fieldKind === "list" && ext.listKind === "message") {
          v = (value as unknown[]).map((e) => toMessage(ext.message!, e));
        }
        pb.setExtension(msg, ext, v as never);
        const json = pb.toJson(desc, msg, { ...opts, registry: reg }) as Record<string, unknown>;
        expect(Object.keys(json)).toContain(`[${ext.typeName}]`);
        const theirs = oracle.fromBinary(odesc, pb.toBinary(desc, msg));
        expect(json).toEqual(oracle.toJson(odesc, theirs, { ...opts, registry: oreg }));
        expect(pb.toJsonString(desc, msg, { ...opts, registry: reg })).toBe(JSON.stringify(json));
        const back = pb.fromJson(desc, json as pb.JsonValue, { registry: reg });
        expect(pb.hasExtension(back, ext)).toBe(true);
        expect(pb.toJson(desc, back, { ...opts, registry: reg })).toEqual(json);
        const oback = oracle.fromJson(odesc, json as oracle.JsonValue, { registry: oreg });
        expect(oracle.toJson(odesc, oback, { ...opts, registry: oreg })).toEqual(json);
      }),
      fcParams(RUNS),
    );
  });
});
