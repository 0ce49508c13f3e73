/**
 * google.protobuf.Any in JSON, differential against @bufbuild/protobuf 2.17 (the oracle): when
 * the packed message has a field with the JSON name "@type", the key "@type" still holds the
 * Any's type URL (the field's value does not replace it), with every write option.
 */
import * as pb from "@pbjet/protobuf";
import { AnySchema, FieldDescriptorProto_Label, FieldDescriptorProto_Type, FileDescriptorSetSchema, anyPack } from "@pbjet/protobuf/wkt";
import * as oracle from "@bufbuild/protobuf";
import * as oracleWkt from "@bufbuild/protobuf/wkt";

/** A file with message Packed, whose fields have the JSON names "@type" and "value". */
function fileSet(): Uint8Array {
  const field = (name: string, number: number, jsonName: string) => ({
    name,
    number,
    jsonName,
    label: FieldDescriptorProto_Label.OPTIONAL,
    type: FieldDescriptorProto_Type.STRING,
  });
  return pb.toBinary(
    FileDescriptorSetSchema,
    pb.create(FileDescriptorSetSchema, {
      file: [
        {
          name: "packed.proto",
          package: "any.key",
          syntax: "proto3",
          messageType: [{ name: "Packed", field: [field("type_field", 1, "@type"), field("other", 2, "other")] }],
        },
      ],
    }),
  );
}

const bytes = fileSet();
const reg = pb.createFileRegistry(pb.fromBinary(FileDescriptorSetSchema, bytes));
const oreg = oracle.createFileRegistry(oracle.fromBinary(oracleWkt.FileDescriptorSetSchema, bytes));
const Packed = reg.getMessage("any.key.Packed")!;
const OPacked = oreg.getMessage("any.key.Packed")!;

const optionSets = [{}, { useProtoFieldName: true }, { alwaysEmitImplicit: true }, { alwaysEmitImplicit: true, useProtoFieldName: true }];

describe('Any with a packed field named "@type" in JSON', () => {
  test.each(
    optionSets.flatMap((o) =>
      [
        { typeField: "x", other: "y" },
        { typeField: "", other: "y" },
      ].map((v) => [JSON.stringify(o), JSON.stringify(v), o, v] as const),
    ),
  )("options %s, value %s: the key holds the type URL, as in the oracle", (_o, _v, opts, value) => {
    const ours = anyPack(Packed, pb.create(Packed, value));
    const theirs = oracleWkt.anyPack(OPacked, oracle.create(OPacked, value));
    const theirJson = oracle.toJson(oracleWkt.AnySchema, theirs, { ...opts, registry: oreg }) as Record<string, unknown>;
    const ourJson = pb.toJson(AnySchema, ours, { ...opts, registry: reg }) as Record<string, unknown>;
    expect(ourJson).toEqual(theirJson);
    expect(ourJson["@type"]).toBe("type.googleapis.com/any.key.Packed");
    expect(JSON.parse(pb.toJsonString(AnySchema, ours, { ...opts, registry: reg }))).toEqual(
      JSON.parse(oracle.toJsonString(oracleWkt.AnySchema, theirs, { ...opts, registry: oreg })),
    );
    // The type URL reads back (the field's value cannot come back: "@type" is the URL).
    expect(pb.fromJson(AnySchema, ourJson as pb.JsonValue, { registry: reg }).typeUrl).toBe(ours.typeUrl);
  });
});
