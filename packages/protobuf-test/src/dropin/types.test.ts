/**
 * Drop-in types: code written against @bufbuild/protobuf's types compiles against ours. The
 * assertions below are checked by the compiler when this package builds (a difference fails
 * the build); the tests check the run-time values the types describe.
 *
 * Covered: messages are type literals (assignable to Record<string, unknown>); a schema's
 * `field` names the members of oneofs; toBinary() and base64Decode() return bytes over an
 * ArrayBuffer (for fetch, Blob, crypto.subtle); descriptor fields narrow by fieldKind,
 * listKind, mapKind and scalar type; lists and maps are in no oneof, maps are never delimited,
 * their keys are no float, double or bytes; extensions are no maps; `utf8Validation` on
 * fields, `jsonName` on enum values, and a generated schema's literal `typeName`; `"longAsString"
 * in field` and `"delimitedEncoding" in field` narrow a list field to its listKind.
 */
import * as pb from "@pbjet/protobuf";
import { ScalarType, type DescExtension, type DescField, type Message } from "@pbjet/protobuf";
import { base64Decode } from "@pbjet/protobuf/wire";
import { Edition, FeatureSet_FieldPresence, type MethodOptions_IdempotencyLevel } from "@pbjet/protobuf/wkt";
import {
  EnumFieldsSchema,
  MapFieldsSchema,
  MessageFieldsSchema,
  OneofFieldsSchema,
  Proto3EnumSchema,
  RepeatedScalarValuesSchema,
  type MapFieldsJson,
  type Proto3Enum,
  type Proto3EnumJson,
} from "../gen/proto3_pb";
import { MapFieldsSchema as Proto2MapFieldsSchema } from "../gen/proto2_pb";

/** True if A and B are the same type. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compiles only for `true`. */
type Expect<T extends true> = T;

type ListField = Extract<DescField, { fieldKind: "list" }>;
type MapField = Extract<DescField, { fieldKind: "map" }>;
type ScalarField = Extract<DescField, { fieldKind: "scalar" }>;

// biome-ignore lint/correctness/noUnusedVariables: checked by the compiler only
type Checks = [
  Expect<Equal<Message["$unknown"], pb.UnknownField[] | undefined>>,
  Expect<Equal<ReturnType<typeof pb.toBinary>, Uint8Array<ArrayBuffer>>>,
  Expect<Equal<ReturnType<typeof base64Decode>, Uint8Array<ArrayBuffer>>>,
  Expect<Equal<ListField["oneof"], undefined>>,
  Expect<Equal<MapField["oneof"], undefined>>,
  Expect<Equal<MapField["delimitedEncoding"], false>>,
  Expect<Equal<MapField["mapKey"], Exclude<ScalarType, ScalarType.FLOAT | ScalarType.DOUBLE | ScalarType.BYTES>>>,
  Expect<Equal<DescExtension["fieldKind"], "scalar" | "enum" | "message" | "list">>,
  Expect<Equal<ReturnType<Extract<ScalarField, { scalar: ScalarType.INT64 }>["getDefaultValue"]>, bigint | undefined>>,
  Expect<Equal<ReturnType<Extract<ScalarField, { scalar: ScalarType.BOOL }>["getDefaultValue"]>, boolean | undefined>>,
  Expect<Equal<(typeof OneofFieldsSchema)["typeName"], "pbjet.test.proto3.OneofFields">>,
  Expect<Equal<keyof (typeof Proto3EnumSchema)["value"], Proto3Enum>>,
  Expect<Equal<pb.EnumJsonType<pb.DescEnum>, string | null>>,
  Expect<Equal<ReturnType<typeof pb.enumFromJson<typeof Proto3EnumSchema>>, Proto3Enum>>,
  Expect<Equal<ReturnType<typeof pb.toJson<typeof MapFieldsSchema>>, MapFieldsJson>>,
  Expect<Equal<ReturnType<typeof pb.toJson<typeof MapFieldsSchema, { useProtoFieldName: true }>>, pb.JsonValue>>,
  Expect<Equal<pb.DescMethod["idempotency"], MethodOptions_IdempotencyLevel>>,
];

/** An exhaustive switch over a file's edition, with the constants of google.protobuf.Edition. */
function editionOf(file: pb.DescFile): string {
  switch (file.edition) {
    case Edition.EDITION_PROTO2:
      return "proto2";
    case Edition.EDITION_PROTO3:
      return "proto3";
    case Edition.EDITION_2023:
    case Edition.EDITION_2024:
    case Edition.EDITION_2026:
      return "editions";
    default: {
      const never: never = file.edition;
      return never;
    }
  }
}

/** An exhaustive switch over a field's presence, with the constants of google.protobuf.FeatureSet. */
function presenceOf(f: DescField): string {
  switch (f.presence) {
    case FeatureSet_FieldPresence.EXPLICIT:
      return "explicit";
    case FeatureSet_FieldPresence.IMPLICIT:
      return "implicit";
    case FeatureSet_FieldPresence.LEGACY_REQUIRED:
      return "required";
    default: {
      const never: never = f.presence;
      return never;
    }
  }
}

/**
 * An exhaustive switch over a map field's key type that narrows the field itself (a map field
 * is a union member per key type, as in protobuf-es).
 */
function mapKeyOf(f: MapField): string {
  switch (f.mapKey) {
    case ScalarType.STRING:
      return "string";
    case ScalarType.BOOL:
      return "bool";
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return "64-bit";
    case ScalarType.INT32:
    case ScalarType.UINT32:
    case ScalarType.SINT32:
    case ScalarType.FIXED32:
    case ScalarType.SFIXED32:
      return "32-bit";
    default: {
      const never: never = f;
      return never;
    }
  }
}

// protobuf-es's read options are ours: pbjet's own (lazy, validate) are optional.
const readOptions: pb.BinaryReadOptions = { readUnknownFields: false, recursionLimit: 100 };

/** A user's logging helper that takes any plain object. */
function keysOf(o: Record<string, unknown>): string[] {
  return Object.keys(o);
}

/** Narrowing as protobuf-es users write it: no `!` needed. */
function describeField(f: DescField): string {
  switch (f.fieldKind) {
    case "list":
      return f.listKind === "message"
        ? `list of ${f.message.typeName}`
        : f.listKind === "enum"
          ? `list of ${f.enum.typeName}`
          : `list of scalar ${f.scalar}`;
    case "map":
      return f.mapKind === "message"
        ? `map to ${f.message.typeName}`
        : f.mapKind === "enum"
          ? `map to ${f.enum.typeName}`
          : `map to scalar ${f.scalar}`;
    case "scalar":
      if (f.scalar === ScalarType.BOOL) {
        const d: boolean | undefined = f.getDefaultValue();
        return `bool (default ${String(d)})`;
      }
      return `scalar ${f.scalar}`;
    default:
      return f.fieldKind;
  }
}

describe("drop-in types", () => {
  test("a message is a plain object to code that takes Record<string, unknown>", () => {
    expect(keysOf(pb.create(OneofFieldsSchema))).toContain("kind");
  });

  test("a switch over mapKey narrows the map field", () => {
    const kinds = MapFieldsSchema.fields.filter((f): f is MapField => f.fieldKind === "map").map(mapKeyOf);
    expect(kinds).toContain("string");
    expect(kinds).toContain("64-bit");
    expect(kinds).toContain("bool");
  });

  test("a schema's field names the members of its oneofs", () => {
    const member: DescField = OneofFieldsSchema.field.stringValue;
    expect(member.oneof?.name).toBe("kind");
    expect(pb.isFieldSet(pb.create(OneofFieldsSchema, { kind: { case: "stringValue", value: "" } }), OneofFieldsSchema.field.stringValue)).toBe(true);
  });

  test("toBinary() and base64Decode() return bytes over an ArrayBuffer", () => {
    const bytes = pb.toBinary(MapFieldsSchema, pb.create(MapFieldsSchema, { stringString: { a: "b" } }));
    const buffer: ArrayBuffer = bytes.buffer;
    expect(buffer).toBeInstanceOf(ArrayBuffer);
    expect(base64Decode("AAE=").buffer).toBeInstanceOf(ArrayBuffer);
  });

  test("map and list fields: no oneof, maps never delimited, kinds narrow", () => {
    for (const f of MapFieldsSchema.fields) {
      expect(f.fieldKind).toBe("map");
      if (f.fieldKind !== "map") continue;
      expect([f.name, f.oneof, f.delimitedEncoding]).toEqual([f.name, undefined, false]);
      expect(describeField(f)).toMatch(/^map to /);
    }
  });

  test('list fields: "longAsString" in f and "delimitedEncoding" in f narrow by listKind; at run time both are there', () => {
    // As in protobuf-es: only scalar lists declare longAsString, only message lists
    // delimitedEncoding (these functions compile only if the narrowing holds).
    const kindWithLong = (f: ListField): "scalar" | undefined => ("longAsString" in f ? f.listKind : undefined);
    const kindWithDelimited = (f: ListField): "message" | undefined => ("delimitedEncoding" in f ? f.listKind : undefined);
    const lists = [RepeatedScalarValuesSchema, EnumFieldsSchema, MessageFieldsSchema].flatMap((s) => s.fields).filter((f) => f.fieldKind === "list");
    expect(new Set(lists.map((f) => f.listKind))).toEqual(new Set(["scalar", "enum", "message"]));
    for (const f of lists) {
      // Every field object has both properties, as protobuf-es's do.
      expect([kindWithLong(f), kindWithDelimited(f)]).toEqual([f.listKind, f.listKind]);
      const props = f as unknown as { longAsString: boolean; delimitedEncoding: boolean };
      expect([props.longAsString, props.delimitedEncoding]).toEqual([false, false]);
    }
  });

  test("utf8Validation: proto3 strings are validated, proto2 strings are not", () => {
    const p3 = MapFieldsSchema.fields.find((f) => f.name === "string_string")!;
    const p2 = Proto2MapFieldsSchema.fields.find((f) => f.name === "string_string")!;
    expect([p3.utf8Validation, p2.utf8Validation]).toEqual([true, false]);
  });

  test("read options of protobuf-es's shape are accepted", () => {
    const bytes = pb.toBinary(MapFieldsSchema, pb.create(MapFieldsSchema, { stringString: { a: "b" } }));
    expect(pb.fromBinary(MapFieldsSchema, bytes, readOptions).stringString).toEqual({ a: "b" });
  });

  test("enum JSON helpers are typed by the enum", () => {
    const json: Proto3EnumJson = pb.enumToJson(Proto3EnumSchema, Proto3EnumSchema.values[1].number as Proto3Enum);
    const value: Proto3Enum = pb.enumFromJson(Proto3EnumSchema, json);
    expect(value).toBe(Proto3EnumSchema.values[1].number);
    const unknown: unknown = json;
    expect(pb.isEnumJson(Proto3EnumSchema, unknown) ? unknown : undefined).toBe(json);
  });

  test("a file's edition is one of the supported editions", () => {
    expect([editionOf(MapFieldsSchema.file), editionOf(Proto2MapFieldsSchema.file)]).toEqual(["proto3", "proto2"]);
  });

  test("presence is one of EXPLICIT, IMPLICIT and LEGACY_REQUIRED", () => {
    expect(MapFieldsSchema.fields.map(presenceOf)).toContain("implicit");
    expect(presenceOf(OneofFieldsSchema.field.stringValue)).toBe("explicit");
  });

  test("enum values have a JSON name", () => {
    const field = OneofFieldsSchema.field.enumValue;
    expect(field.fieldKind).toBe("enum");
    const values = field.fieldKind === "enum" ? field.enum.values : [];
    expect(values.length).toBeGreaterThan(0);
    for (const v of values) expect(v.jsonName).toBe(v.name);
  });
});
