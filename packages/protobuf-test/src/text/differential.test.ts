/**
 * Differential tests of the text format against @bufbuild/protobuf 2.17's txtpb (the oracle),
 * for random messages of every message type of the "test" and "conformance" descriptor sets
 * (with unknown fields, except in extendees, and lone surrogates in strings), and for every
 * extension:
 *
 * - our toText() writes exactly what the oracle's toText() writes for the same message, with
 *   and without printUnknownFields;
 * - the oracle reads our text, and we read it, to the same message (lone surrogates become
 *   U+FFFD in both), which is the message the binary gives;
 * - our single-line output reads back to the same message.
 *
 * Reproduce a failure with PBJET_DIFF_SEED=<seed>; soak with PBJET_DIFF_RUNS=<runs>.
 */
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import * as oracle from "@bufbuild/protobuf";
import * as otxt from "@bufbuild/protobuf/txtpb";
import { extensionTypes, fieldValue, isInitializable, messageInit, messageTypes } from "../differential/arbitrary";
import { fcParams, oracleCreate, oracleMessage, oracleRegistry, oracleSafe, registry, type SetName } from "../differential/util";
import { defaultRuns } from "../test-mode";

const sets: SetName[] = ["test", "conformance"];
const RUNS = Number(process.env.PBJET_DIFF_RUNS ?? defaultRuns(12));

/**
 * The oracle's text of a message. Where it throws (an Any whose type URL names no type, such
 * as "/", or whose value does not decode), pbjet writes the raw fields (print.test.ts): the
 * run is skipped.
 */
function oracleWrites(odesc: oracle.DescMessage, msg: oracle.Message, options: Partial<otxt.TextWriteOptions>): string {
  try {
    return otxt.toText(odesc, msg, options);
  } catch {
    fc.pre(false);
    throw new Error("unreachable");
  }
}

/** Our text of the message the oracle reads from `text` (passed on through the binary). */
function oracleReadsAs(desc: pb.DescMessage, odesc: oracle.DescMessage, text: string, reg: pb.Registry, oreg: oracle.Registry): string {
  const back = otxt.fromText(odesc, text, { registry: oreg });
  return pb.toText(desc, pb.fromBinary(desc, oracle.toBinary(odesc, back)), { registry: reg });
}

/**
 * Unknown fields where the oracle keeps them: not in the types it unboxes, nor in extendees,
 * where a random unknown field can have an extension's number with another wire type (an
 * unknown field by the spec, an extension value for the oracle: see
 * differential/unknown-differential.test.ts).
 */
const unknownFields = (d: pb.DescMessage): boolean =>
  (oracleSafe.unknownFields as (d: pb.DescMessage) => boolean)(d) && d.proto.extensionRange.length === 0;

describe.each(sets)("text differential: %s descriptor set", (set) => {
  const types = messageTypes(registry(set)).filter((t) => isInitializable(t));
  const reg = registry(set);
  const oreg = oracleRegistry(set);

  test("covers the message types of the set", () => {
    expect(types.length).toBeGreaterThan(50);
  });

  test.each(types.map((t) => [t.typeName, t] as const))("%s", (_name, desc) => {
    const odesc = oracleMessage(set, desc);
    fc.assert(
      fc.property(messageInit(desc, { ...oracleSafe, unknownFields, loneSurrogates: true }), (init) => {
        const ours = pb.create(desc, init);
        const bytes = pb.toBinary(desc, ours);
        const theirs = oracleCreate(desc, odesc, init);
        // Same text as the oracle writes, unknown fields too.
        const text = pb.toText(desc, ours, { registry: reg });
        expect(text).toBe(oracleWrites(odesc, theirs, { registry: oreg }));
        expect(pb.toText(desc, ours, { registry: reg, printUnknownFields: true })).toBe(
          oracleWrites(odesc, theirs, { registry: oreg, printUnknownFields: true }),
        );
        // Both read it back to the message of the binary (lone surrogates are U+FFFD there).
        const expected = pb.toText(desc, pb.fromBinary(desc, bytes), { registry: reg });
        expect(pb.toText(desc, pb.fromText(desc, text, { registry: reg }), { registry: reg })).toBe(expected);
        expect(oracleReadsAs(desc, odesc, text, reg, oreg)).toBe(expected);
        // Single-line output reads back the same.
        const line = pb.toText(desc, ours, { registry: reg, singleLine: true });
        expect(line.includes("\n")).toBe(false);
        expect(pb.toText(desc, pb.fromText(desc, line, { registry: reg }), { registry: reg })).toBe(expected);
      }),
      fcParams(RUNS),
    );
  });
});

describe("text differential: extensions", () => {
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
      fc.property(
        fieldValue(ext, { unknownFields: false, loneSurrogates: true }),
        fc.array(fc.constantFrom(...exts), { maxLength: 2 }),
        (value, more) => {
          const msg = pb.create(desc);
          const toMessage = (m: pb.DescMessage, init: unknown) => pb.create(m, init as Record<string, unknown>);
          let v = value;
          if (ext.fieldKind === "message" && !ext.message.typeName.startsWith("google.protobuf.")) {
            v = toMessage(ext.message, value);
          } else if (ext.fieldKind === "list" && ext.listKind === "message") {
            v = (value as unknown[]).map((e) => toMessage(ext.message!, e));
          }
          pb.setExtension(msg, ext, v as never);
          // Other extensions of the same extendee with their zero values, for the order.
          for (const e of more) {
            if (e.extendee.typeName === desc.typeName && e !== ext && e.fieldKind === "scalar") pb.setExtension(msg, e, pb.getExtension(msg, e));
          }
          const bytes = pb.toBinary(desc, msg);
          const text = pb.toText(desc, msg, { registry: reg });
          expect(text).toContain(`[${ext.typeName}]`);
          expect(text).toBe(otxt.toText(odesc, oracle.fromBinary(odesc, bytes), { registry: oreg }));
          const expected = pb.toText(desc, pb.fromBinary(desc, bytes), { registry: reg });
          expect(pb.toText(desc, pb.fromText(desc, text, { registry: reg }), { registry: reg })).toBe(expected);
          expect(oracleReadsAs(desc, odesc, text, reg, oreg)).toBe(expected);
        },
      ),
      fcParams(RUNS),
    );
  });
});
