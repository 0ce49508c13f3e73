/**
 * Writes that do not fit a field: for every field of every message type of the test set, a
 * bank of values of every JavaScript type is set through the reflection API, added to its
 * ReflectList or set in its ReflectMap (as key and as value), in pbjet and in protobuf-es.
 * Both must accept the same values and reject the others with the same FieldError (name and
 * message). Then the cases protobuf-es does not have: foreign fields, extensions, lazy views.
 */
import * as pb from "@pbjet/protobuf";
import * as oracle from "@bufbuild/protobuf";
import * as pr from "@pbjet/protobuf/reflect";
import * as or from "@bufbuild/protobuf/reflect";
import { messageTypes } from "../differential/arbitrary";
import { outcome } from "./util";
import { oracleMessage, registry } from "../differential/util";
import { FileDescriptorSetSchema } from "@pbjet/protobuf/wkt";
import { descriptorSetBytes } from "../helpers";

function valueBank(): unknown[] {
  return [
    undefined,
    null,
    "x",
    "12",
    "-1",
    "a".repeat(30),
    "a".repeat(31),
    "\ud800",
    "99999999999999999999",
    // Strings that BigInt() reads but are no decimal (protobuf-es takes them for 64-bit fields),
    // that it does not read, and the empty string (no integer).
    "",
    " 7 ",
    "+7",
    "0x10",
    "-0x10",
    "1_0",
    0,
    -0,
    1,
    -1,
    1.5,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 32,
    1e20,
    3.5e38,
    -3.5e38,
    NaN,
    Infinity,
    0n,
    -1n,
    2n ** 63n,
    2n ** 64n,
    true,
    false,
    [1, 2],
    {},
    { a: 1 },
    new Uint8Array(3),
    Symbol("s"),
    () => 1,
    new Date(0),
    new Map(),
  ];
}

const types = messageTypes(registry("test"));

describe("reflect: values that do not fit, against protobuf-es", () => {
  test.each(types.map((d) => [d.typeName, d] as const))("%s", (_, desc) => {
    const odesc = oracleMessage("test", desc);
    desc.fields.forEach((f, i) => {
      const of = odesc.fields[i];
      const r = pr.reflect(desc);
      const o = or.reflect(odesc);
      const bank = valueBank();
      // Values of the wrong reflection type, from the same library.
      const otherField = desc.fields.find((x) => x !== f && x.fieldKind !== "map");
      const oOtherField = otherField === undefined ? undefined : odesc.fields[desc.fields.indexOf(otherField)];
      const ourExtras: unknown[] = [pb.create(desc), pr.reflect(desc)];
      const theirExtras: unknown[] = [oracle.create(odesc), or.reflect(odesc)];
      if (otherField && oOtherField) {
        ourExtras.push(r.get(otherField));
        theirExtras.push(o.get(oOtherField));
      }
      [...bank, ...ourExtras].forEach((v, j) => {
        const w = j < bank.length ? v : theirExtras[j - bank.length];
        expect([f.name, j, outcome(() => r.set(f, v))]).toEqual([f.name, j, outcome(() => o.set(of, w))]);
        if (f.fieldKind === "list") {
          const l = r.get(f) as pr.ReflectList;
          const ol = o.get(of) as or.ReflectList;
          expect([f.name, j, outcome(() => l.add(v))]).toEqual([f.name, j, outcome(() => ol.add(w))]);
          expect([f.name, j, outcome(() => l.set(0, v))]).toEqual([f.name, j, outcome(() => ol.set(0, w))]);
        }
        if (f.fieldKind === "map") {
          const m = r.get(f) as pr.ReflectMap;
          const om = o.get(of) as or.ReflectMap;
          const okValue = f.message ? pr.reflect(f.message) : f.enum ? f.enum.values[0].number : pr.scalarZeroValue(f.scalar!, false);
          const oOkValue = of.message ? or.reflect(of.message) : of.enum ? of.enum.values[0].number : or.scalarZeroValue(of.scalar!, false);
          // protobuf-es stores "__proto__" by assigning the prototype; pbjet stores an entry.
          if (v !== "__proto__") {
            expect([f.name, j, "key", outcome(() => m.set(v, okValue))]).toEqual([f.name, j, "key", outcome(() => om.set(w, oOkValue))]);
          }
          expect([f.name, j, "value", outcome(() => m.set("1", v))]).toEqual([f.name, j, "value", outcome(() => om.set("1", w))]);
        }
      });
    });
  });
});

describe("reflect: fields of other messages", () => {
  const desc = registry("test").getMessage("pbjet.test.proto3.ScalarValues")!;
  const other = registry("test").getMessage("pbjet.test.proto3.OptionalScalarValues")!;
  const r = pr.reflect(desc);

  test("a field of another message type throws ForeignFieldError on every operation", () => {
    const f = other.fields[0];
    for (const op of [() => r.get(f), () => r.set(f, 1), () => r.isSet(f), () => r.clear(f)]) {
      expect(op).toThrow(pr.FieldError);
      expect(outcome(op)).toEqual({
        error: "ForeignFieldError",
        message: "cannot use field pbjet.test.proto3.OptionalScalarValues.double_field with message pbjet.test.proto3.ScalarValues",
      });
    }
    expect(outcome(() => r.oneofCase(registry("test").getMessage("pbjet.test.proto3.OneofFields")!.oneofs[0]))).toEqual({
      error: "ForeignFieldError",
      message: "cannot use oneof pbjet.test.proto3.OneofFields.kind with message pbjet.test.proto3.ScalarValues",
    });
  });

  test("a field of the same type from another registry is accepted", () => {
    const copy = pb.createFileRegistry(pb.fromBinary(FileDescriptorSetSchema, descriptorSetBytes("test")));
    expect(copy.getMessage(desc.typeName)).not.toBe(desc);
    const f2 = copy.getMessage(desc.typeName)!.fields[2];
    r.set(f2, 7);
    expect(r.get(desc.fields[2])).toBe(7);
  });

  test("an extension is not a field of the extendee: ForeignFieldError", () => {
    const ext = [...registry("test")].find((t): t is pb.DescExtension => t.kind === "extension" && t.fieldKind === "scalar")!;
    const er = pr.reflect(ext.extendee);
    const e = outcome(() => er.get(ext as unknown as pb.DescField));
    expect(e).toEqual({ error: "ForeignFieldError", message: `cannot use extension ${ext.typeName} with message ${ext.extendee.typeName}` });
  });

  test("reflect() with a message of another type throws", () => {
    expect(() => pr.reflect(desc, pb.create(other) as never)).toThrow(
      "cannot reflect pbjet.test.proto3.OptionalScalarValues with the schema of pbjet.test.proto3.ScalarValues",
    );
  });

  test("isFieldError", () => {
    const e = outcome(() => r.set(desc.fields[2], "x"));
    expect(e).toEqual({ error: "FieldValueInvalidError", message: 'expected number (int32), got "x"' });
    let caught: unknown;
    try {
      r.set(desc.fields[2], "x");
    } catch (err) {
      caught = err;
    }
    expect(pr.isFieldError(caught)).toBe(true);
    expect((caught as pr.FieldError).field()).toBe(desc.fields[2]);
    expect(pr.isFieldError(new Error("x"))).toBe(false);
    expect(pr.isFieldError(undefined)).toBe(false);
  });
});
