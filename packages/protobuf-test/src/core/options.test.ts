/**
 * `hasOption()` and `getOption()`, differential against @bufbuild/protobuf 2.17 (the oracle):
 * for every element of every file of the "test", "conformance" and "wkt" descriptor sets —
 * files, messages, fields, oneofs, enums, enum values, services, methods and extensions — and
 * every option extension of the test set that applies to that kind of element, both libraries
 * give the same presence and the same value. custom_options.proto sets options of every value
 * kind on every kind of element; the rest mostly reads defaults.
 */
// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import * as oracle from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@pbjet/protobuf/wkt";
import { aotMode, hex, oracleRegistry, registry } from "../helpers";
import * as gen from "../gen/custom_options_pb";

type SetName = "test" | "conformance" | "wkt";
type AnyDesc = pb.AnyDesc | oracle.AnyDesc;

/** Every element that has options, with a label that names it the same in both libraries. */
function elements(files: Iterable<{ kind: "file" }>): Map<string, AnyDesc> {
  const out = new Map<string, AnyDesc>();
  const enumOf = (e: pb.DescEnum | oracle.DescEnum) => {
    out.set(`enum ${e.typeName}`, e);
    for (const v of e.values) out.set(`enum_value ${e.typeName}.${v.name}`, v);
  };
  const extOf = (x: pb.DescExtension | oracle.DescExtension) => out.set(`extension ${x.typeName}`, x);
  const messageOf = (m: pb.DescMessage | oracle.DescMessage) => {
    out.set(`message ${m.typeName}`, m);
    for (const f of m.fields) out.set(`field ${m.typeName}.${f.name}`, f);
    for (const o of m.oneofs) out.set(`oneof ${m.typeName}.${o.name}`, o);
    m.nestedEnums.forEach(enumOf);
    m.nestedExtensions.forEach(extOf);
    m.nestedMessages.forEach(messageOf);
  };
  for (const file of files as Iterable<pb.DescFile | oracle.DescFile>) {
    out.set(`file ${file.proto.name}`, file);
    file.enums.forEach(enumOf);
    file.extensions.forEach(extOf);
    file.messages.forEach(messageOf);
    for (const s of file.services) {
      out.set(`service ${s.typeName}`, s);
      for (const m of s.methods) out.set(`rpc ${s.typeName}.${m.name}`, m);
    }
  }
  return out;
}

const optionsType: Record<string, string> = {
  file: "google.protobuf.FileOptions",
  message: "google.protobuf.MessageOptions",
  field: "google.protobuf.FieldOptions",
  extension: "google.protobuf.FieldOptions",
  oneof: "google.protobuf.OneofOptions",
  enum: "google.protobuf.EnumOptions",
  enum_value: "google.protobuf.EnumValueOptions",
  service: "google.protobuf.ServiceOptions",
  rpc: "google.protobuf.MethodOptions",
};

/** The option extensions of the test set, by the options message they extend. */
function optionExtensions<R extends pb.Registry | oracle.Registry>(reg: R): Map<string, pb.DescExtension[]> {
  const out = new Map<string, pb.DescExtension[]>();
  for (const t of reg as Iterable<pb.DescExtension>) {
    if (t.kind !== "extension" || !Object.values(optionsType).includes(t.extendee.typeName)) continue;
    const list = out.get(t.extendee.typeName) ?? [];
    list.push(t);
    out.set(t.extendee.typeName, list);
  }
  return out;
}

/** A comparable form of an option value: messages as their type and bytes. */
function norm(v: unknown, toBinary: (m: pb.Message) => Uint8Array): unknown {
  if (Array.isArray(v)) return v.map((e) => norm(e, toBinary));
  if (v instanceof Uint8Array) return `bytes:${hex(v)}`;
  if (typeof v === "bigint") return `bigint:${v}`;
  if (typeof v === "object" && v !== null && "$typeName" in v) return { type: (v as pb.Message).$typeName, bytes: hex(toBinary(v as pb.Message)) };
  return v;
}

const oursExt = optionExtensions(registry("test"));
const theirsExt = optionExtensions(oracleRegistry("test"));

describe.each(["test", "conformance", "wkt"] as SetName[])("hasOption/getOption differential: %s descriptor set", (set) => {
  const ours = elements(registry(set).files as Iterable<pb.DescFile>);
  const theirs = elements(oracleRegistry(set).files as Iterable<oracle.DescFile>);

  test("both libraries see the same elements", () => {
    expect([...ours.keys()].sort()).toEqual([...theirs.keys()].sort());
  });

  const labels = [...ours.keys()].sort();
  test.each(labels)("%s", (label) => {
    const kind = label.slice(0, label.indexOf(" "));
    const desc = ours.get(label)! as pb.AnyDesc;
    const odesc = theirs.get(label)! as oracle.AnyDesc;
    const exts = oursExt.get(optionsType[kind]) ?? [];
    expect(exts.length).toBeGreaterThan(0);
    for (const ext of exts) {
      const oext = oracleRegistry("test").getExtension(ext.typeName)!;
      expect(pb.hasOption(desc as never, ext)).toBe(oracle.hasOption(odesc as never, oext));
      const got = norm(pb.getOption(desc as never, ext), (m) =>
        pb.toBinary(registry(set).getMessage(m.$typeName) ?? registry("test").getMessage(m.$typeName)!, m),
      );
      const want = norm(oracle.getOption(odesc as never, oext), (m) =>
        oracle.toBinary(oracleRegistry(set).getMessage(m.$typeName) ?? oracleRegistry("test").getMessage(m.$typeName)!, m as oracle.Message),
      );
      expect({ option: ext.typeName, value: got }).toEqual({ option: ext.typeName, value: want });
    }
    // An option of another kind of element: both refuse it where the element has options.
    // (Over the aot=true code, descriptor.proto is the runtime's booted copy, which the
    // generated code imports: it has no file options, unlike the set's copy.)
    if (aotMode && label === "file google/protobuf/descriptor.proto") return;
    const other = oursExt.get(kind === "file" ? "google.protobuf.MessageOptions" : "google.protobuf.FileOptions")![0];
    const oother = theirsExt.get(other.extendee.typeName)!.find((e) => e.typeName === other.typeName)!;
    expect(pb.hasOption(desc as never, other)).toBe(false);
    if (desc.proto.options === undefined) {
      expect(norm(pb.getOption(desc as never, other), () => new Uint8Array())).toEqual(
        norm(oracle.getOption(odesc as never, oother as never), () => new Uint8Array()),
      );
    } else {
      // The same text as protobuf-es's (pbjet's error is a ProtobufError).
      const want = `extension ${other.typeName} can only be applied to message ${other.extendee.typeName}`;
      expect(() => oracle.getOption(odesc as never, oother as never)).toThrow(want);
      expect(() => pb.getOption(desc as never, other)).toThrow(pb.ProtobufError);
      expect(() => pb.getOption(desc as never, other)).toThrow(want);
    }
  });
});

describe("custom_options.proto: values read as set", () => {
  const reg = registry("test");
  const ext = (name: string) => reg.getExtension(`pbjet.test.options.${name}`)!;
  const msg = reg.getMessage("pbjet.test.options.WithOptions")!;

  test("file options", () => {
    const file = reg.getFile("custom_options.proto")!;
    expect(pb.getOption(file, ext("file_string"))).toBe("file option");
    expect(pb.getOption(file, ext("file_message"))).toMatchObject({ a: 1, b: "aggregate", c: [1n, -2n], child: { a: 2, b: "by field" } });
    expect(pb.getOption(file, ext("file_repeated"))).toEqual([1, 2]);
    expect(pb.hasOption(file, ext("file_unset"))).toBe(false);
    expect(pb.getOption(file, ext("file_unset"))).toBe(7);
  });
  test("message options, unboxed wrapper and Struct", () => {
    expect(pb.getOption(msg, ext("message_bool"))).toBe(true);
    expect(pb.getOption(msg, ext("message_enum"))).toBe(1);
    expect(pb.getOption(msg, ext("message_wrapper"))).toBe(42);
    expect(pb.getOption(msg, ext("message_struct"))).toEqual({ k: 1.5, l: ["s"] });
    expect(pb.getOption(msg, ext("messagegroup"))).toMatchObject({ x: 3 });
    expect((pb.getOption(msg, ext("message_list")) as { b?: string }[]).map((m) => m.b)).toEqual(["", "second"]);
    expect(pb.getOption(msg.nestedMessages[0], ext("message_enum"))).toBe(2);
  });
  test("field, oneof, extension, enum, enum value, service and method options", () => {
    expect(pb.getOption(msg.field.plain, ext("field_sint64"))).toBe(-5n);
    expect(pb.getOption(msg.field.bytesOpt, ext("field_bytes"))).toEqual(new Uint8Array([0, 255]));
    expect(pb.getOption(msg.oneofs[0], ext("oneof_fixed32"))).toBe(4000000000);
    expect(pb.getOption(msg.nestedExtensions[0], ext("field_strings"))).toEqual(["ext"]);
    const en = reg.getEnum("pbjet.test.options.WithOptionsEnum")!;
    expect(pb.getOption(en, ext("enum_string"))).toBe("enum option");
    expect(pb.getOption(en.values[0], ext("enum_value_uint64"))).toBe(18446744073709551615n);
    expect(pb.getOption(en.values[1], ext("enum_value_enum"))).toBe(1);
    expect(pb.getOption(en.values[2], ext("enum_value_enum"))).toBe(2);
    const svc = reg.getService("pbjet.test.options.OptionService")!;
    expect(pb.getOption(svc, ext("service_message"))).toMatchObject({ a: 5, child: { b: "service" } });
    expect(pb.getOption(svc.methods[0], ext("method_float"))).toBe(1.25);
    expect(pb.getOption(svc.methods[0], ext("method_enums"))).toEqual([1, 0]);
    expect(pb.hasOption(svc.methods[1], ext("method_float"))).toBe(false);
  });
  test("options of a lazily decoded descriptor set", () => {
    const set = pb.toBinary(FileDescriptorSetSchema, pb.create(FileDescriptorSetSchema, { file: [...reg.files].map((f) => f.proto) }));
    const lazyReg = pb.createFileRegistry(pb.fromBinary(FileDescriptorSetSchema, set, { lazy: true }));
    const m = lazyReg.getMessage("pbjet.test.options.WithOptions")!;
    expect(pb.getOption(m, lazyReg.getExtension("pbjet.test.options.message_wrapper")!)).toBe(42);
  });
});

describe("generated option extensions: types", () => {
  test("the element kind follows the options message the extension extends, the value type its shape", () => {
    const b: boolean = pb.getOption(gen.WithOptionsSchema, gen.message_bool);
    const s: string = pb.getOption(gen.file_custom_options, gen.file_string);
    const n: bigint = pb.getOption(gen.WithOptionsSchema.field.plain, gen.field_sint64);
    const e: gen.OptionEnum = pb.getOption(gen.WithOptionsEnumSchema.values[1], gen.enum_value_enum);
    expect([b, s, n, e]).toEqual([true, "file option", -5n, gen.OptionEnum.ONE]);
    // @ts-expect-error a message option on a file
    expect(() => pb.getOption(gen.file_custom_options, gen.message_bool)).toThrow();
    // @ts-expect-error a file option on a message
    expect(pb.hasOption(gen.WithOptionsSchema, gen.file_string)).toBe(false);
  });
});
