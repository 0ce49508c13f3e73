/**
 * JSON of messages with required fields (proto2 `required`, editions LEGACY_REQUIRED),
 * differential against @bufbuild/protobuf 2.17 (the oracle): toJson() and toJsonString() of a
 * message with an unset required field throw, as toBinary() does, whatever the write options,
 * with protobuf-es's text (`cannot encode field pkg.Msg.name to JSON: required field not set`;
 * below the root, pbjet names the path from the root message, protobuf-es the field's message).
 * Random messages of every type of the test and conformance sets with required fields, with
 * one required field unset at a time.
 *
 * Also run in the "aot=true" project: the generated JSON text writers throw the same error.
 */
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import * as oracle from "@bufbuild/protobuf";
import { LEGACY_REQUIRED, isInitializable, messageInit, messageTypes } from "../differential/arbitrary";
import { errorOf, fcParams, oracleMessage, oracleRegistry, registry, type SetName } from "../differential/util";
import { jsonSafe } from "./util";
import { defaultRuns } from "../test-mode";

const sets: SetName[] = ["test", "conformance"];
const RUNS = Number(process.env.PBJET_DIFF_RUNS ?? defaultRuns(12));

const writeOptions = fc.record({
  alwaysEmitImplicit: fc.boolean(),
  enumAsInteger: fc.boolean(),
  useProtoFieldName: fc.boolean(),
});

type Obj = Record<string, unknown>;

/** The required fields of a type (not of the types it holds). */
function requiredFields(desc: pb.DescMessage): pb.DescField[] {
  return desc.fields.filter((f) => f.presence === LEGACY_REQUIRED);
}

/** An error's class and message, or "no error". */
function described(e: unknown): string {
  return e === undefined ? "no error" : e instanceof Error ? e.message : String(e);
}

describe.each(sets)("JSON of messages with unset required fields: %s descriptor set", (set) => {
  const reg = registry(set);
  const oreg = oracleRegistry(set);
  const types = messageTypes(reg).filter((t) => isInitializable(t) && requiredFields(t).length > 0);

  test("the set has types with required fields", () => {
    expect(types.length).toBeGreaterThan(0);
  });

  test.each(types.map((t) => [t.typeName, t] as const))("%s", (_name, desc) => {
    const odesc = oracleMessage(set, desc);
    const required = requiredFields(desc);
    fc.assert(
      fc.property(
        messageInit(desc, { unknownFields: false, alwaysSetOneof: (o) => o.parent.typeName === "google.protobuf.Value" }),
        writeOptions,
        fc.nat(),
        fc.nat(),
        (init, opts, seed, pick) => {
          const ours = jsonSafe(desc, pb.create(desc, init), seed, reg) as pb.Message & Obj;
          const theirs = oracle.fromBinary(odesc, pb.toBinary(desc, ours)) as oracle.Message & Obj;
          // Complete: the same JSON.
          expect(pb.toJson(desc, ours, { ...opts, registry: reg })).toEqual(oracle.toJson(odesc, theirs, { ...opts, registry: oreg }));
          // One required field unset.
          const field = required[pick % required.length];
          const ofield = odesc.fields.find((f) => f.number === field.number)!;
          delete ours[field.localName];
          delete theirs[ofield.localName];
          const expected = `cannot encode field ${desc.typeName}.${field.name} to JSON: required field not set`;
          const theirError = errorOf(() => oracle.toJson(odesc, theirs, { ...opts, registry: oreg }));
          expect(described(theirError)).toBe(expected);
          expect(described(errorOf(() => oracle.toJsonString(odesc, theirs, { ...opts, registry: oreg })))).toBe(expected);
          for (const write of [
            () => pb.toJson(desc, ours, { ...opts, registry: reg }),
            () => pb.toJsonString(desc, ours, { ...opts, registry: reg }),
            () => pb.toJsonString(desc, ours, { ...opts, registry: reg, prettySpaces: 2 }),
          ]) {
            const e = errorOf(write);
            expect(e).toBeInstanceOf(pb.JsonEncodeError);
            expect(described(e)).toBe(expected);
            expect((e as pb.JsonEncodeError).path).toBe(field.name);
            expect((e as pb.JsonEncodeError).detail).toBe("required field not set");
          }
          // As toBinary() does.
          expect(errorOf(() => pb.toBinary(desc, ours))).toBeInstanceOf(pb.BinaryEncodeError);
          expect(errorOf(() => oracle.toBinary(odesc, theirs))).toBeInstanceOf(Error);
        },
      ),
      fcParams(RUNS),
    );
  });
});

describe("an unset required field below the root message", () => {
  const reg = registry("test");
  const oreg = oracleRegistry("test");
  const Holder = reg.getMessage("pbjet.test.proto2.RequiredHolder")!;
  const OHolder = oreg.getMessage("pbjet.test.proto2.RequiredHolder")!;

  test("throws in both, naming the path from the root here", () => {
    const complete = {
      requiredInt32: 1,
      requiredString: "",
      requiredBytes: new Uint8Array(0),
      requiredEnum: 1,
      requiredMessage: {},
      requiredInt64Default: 0n,
    };
    const ours = pb.create(Holder, { optionalRequired: { ...complete, children: [{ ...complete, requiredString: undefined }] } } as never);
    const theirs = oracle.fromBinary(
      OHolder,
      pb.toBinary(Holder, pb.create(Holder, { optionalRequired: { ...complete, children: [complete] } } as never)),
    );
    delete ((theirs as Obj).optionalRequired as { children: Obj[] }).children[0].requiredString;
    const theirError = errorOf(() => oracle.toJson(OHolder, theirs, { registry: oreg }));
    expect(described(theirError)).toBe("cannot encode field pbjet.test.proto2.RequiredFields.required_string to JSON: required field not set");
    for (const write of [() => pb.toJson(Holder, ours, { registry: reg }), () => pb.toJsonString(Holder, ours, { registry: reg })]) {
      const e = errorOf(write) as pb.JsonEncodeError;
      expect(e).toBeInstanceOf(pb.JsonEncodeError);
      expect(e.message).toBe(
        "cannot encode field pbjet.test.proto2.RequiredHolder.optional_required.children[0].required_string to JSON: required field not set",
      );
    }
  });

  test("a required field set to its default is written, as in the oracle", () => {
    const R = reg.getMessage("pbjet.test.proto2.RequiredFields")!;
    const OR = oreg.getMessage("pbjet.test.proto2.RequiredFields")!;
    const init = {
      requiredInt32: 0,
      requiredString: "",
      requiredBytes: new Uint8Array(0),
      requiredEnum: 1,
      requiredMessage: {},
      requiredInt64Default: -1n,
    };
    const ours = pb.create(R, init as never);
    const theirs = oracle.create(OR, init as never);
    expect(pb.toJson(R, ours)).toEqual(oracle.toJson(OR, theirs));
    expect(JSON.parse(pb.toJsonString(R, ours))).toEqual(JSON.parse(oracle.toJsonString(OR, theirs)));
  });
});
