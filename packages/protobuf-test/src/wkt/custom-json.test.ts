/**
 * hasCustomJsonRepresentation, isWrapperDesc and the FeatureSet.ProtoLimitsFeature types of
 * descriptor.proto, against @bufbuild/protobuf.
 */
import * as pb from "@pbjet/protobuf";
import * as wkt from "@pbjet/protobuf/wkt";
import * as oracleWkt from "@bufbuild/protobuf/wkt";
import { oracleRegistry, registry } from "../helpers";

function messagesOf(reg: { [Symbol.iterator](): Iterator<{ kind: string }> }): pb.DescMessage[] {
  return [...reg].filter((t): t is pb.DescMessage => t.kind === "message");
}

describe("hasCustomJsonRepresentation", () => {
  test.each(["wkt", "test", "conformance"] as const)("agrees with protobuf-es for every message of the %s descriptor set", (set) => {
    const theirs = oracleRegistry(set);
    const ours = messagesOf(registry(set));
    expect(ours.length).toBeGreaterThan(10);
    for (const desc of ours) {
      const their = theirs.getMessage(desc.typeName)!;
      expect([desc.typeName, wkt.hasCustomJsonRepresentation(desc)]).toEqual([desc.typeName, oracleWkt.hasCustomJsonRepresentation(their)]);
      expect([desc.typeName, wkt.isWrapperDesc(desc)]).toEqual([desc.typeName, oracleWkt.isWrapperDesc(their)]);
    }
  });
  test("the well-known types with a JSON form of their own", () => {
    const custom = (Object.values(wkt) as unknown[])
      .filter((v): v is pb.DescMessage => typeof v === "object" && v !== null && (v as { kind?: string }).kind === "message")
      .filter((d) => wkt.hasCustomJsonRepresentation(d))
      .map((d) => d.name)
      .sort();
    expect(custom).toEqual(
      [
        "Any",
        "BoolValue",
        "BytesValue",
        "DoubleValue",
        "Duration",
        "FieldMask",
        "FloatValue",
        "Int32Value",
        "Int64Value",
        "ListValue",
        "StringValue",
        "Struct",
        "Timestamp",
        "UInt32Value",
        "UInt64Value",
        "Value",
      ].sort(),
    );
  });
  test("isWrapperDesc narrows to WktWrapperDesc", () => {
    const desc: pb.DescMessage = wkt.Int32ValueSchema;
    if (!wkt.isWrapperDesc(desc)) throw new Error("Int32Value is a wrapper");
    const wrapper: wkt.WktWrapperDesc = desc;
    const field: 1 = wrapper.fields[0].number;
    expect([field, wrapper.fields[0].name, wrapper.fields[0].fieldKind]).toEqual([1, "value", "scalar"]);
    expect(wkt.isWrapperDesc(wkt.TimestampSchema)).toBe(false);
  });
  test("isWrapper narrows to the wrapper messages", () => {
    const m: pb.Message = pb.create(wkt.StringValueSchema, { value: "x" });
    if (!wkt.isWrapper(m)) throw new Error("StringValue is a wrapper");
    const value: string | number | bigint | boolean | Uint8Array = m.value;
    expect(value).toBe("x");
    expect(wkt.isWrapper(pb.create(wkt.TimestampSchema))).toBe(false);
  });
});

describe("descriptor.proto of protobuf-es 2.17.0", () => {
  test("FeatureSet.ProtoLimitsFeature and enforce_proto_limits", () => {
    const limits: wkt.FeatureSet_ProtoLimitsFeature_EnforceProtoLimits = wkt.FeatureSet_ProtoLimitsFeature_EnforceProtoLimits.PROTO_LIMITS2026;
    const json: wkt.FeatureSet_ProtoLimitsFeature_EnforceProtoLimitsJson = "PROTO_LIMITS2026";
    const set = pb.create(wkt.FeatureSetSchema, { enforceProtoLimits: limits });
    expect(pb.toJson(wkt.FeatureSetSchema, set)).toEqual({ enforceProtoLimits: json });
    const bytes = pb.toBinary(wkt.FeatureSetSchema, set);
    expect(oracleWkt.FeatureSetSchema.field.enforceProtoLimits.number).toBe(9);
    expect(bytes).toEqual(new Uint8Array([9 << 3, 2]));
    const msg: wkt.FeatureSet_ProtoLimitsFeature = pb.create(wkt.FeatureSet_ProtoLimitsFeatureSchema);
    const msgJson: wkt.FeatureSet_ProtoLimitsFeatureJson = pb.toJson(wkt.FeatureSet_ProtoLimitsFeatureSchema, msg);
    expect(msgJson).toEqual({});
    expect(wkt.FeatureSet_ProtoLimitsFeature_EnforceProtoLimitsSchema.values.map((v) => [v.name, v.number])).toEqual(
      oracleWkt.FeatureSet_ProtoLimitsFeature_EnforceProtoLimitsSchema.values.map((v) => [v.name, v.number]),
    );
  });
  test("every message, field, enum and value of descriptor.proto is the same as protobuf-es's", () => {
    const outline = (file: { messages: Iterable<unknown>; enums: Iterable<unknown> }): string[] => {
      const out: string[] = [];
      type M = { typeName: string; fields: { name: string; number: number }[]; nestedMessages: M[]; nestedEnums: E[] };
      type E = { typeName: string; values: { name: string; number: number }[] };
      const enumOutline = (e: E) => out.push(`${e.typeName} {${e.values.map((v) => `${v.name}=${v.number}`).join(" ")}}`);
      const visit = (m: M): void => {
        out.push(`${m.typeName} {${m.fields.map((f) => `${f.name}=${f.number}`).join(" ")}}`);
        m.nestedMessages.forEach(visit);
        m.nestedEnums.forEach(enumOutline);
      };
      [...file.messages].forEach((m) => visit(m as M));
      [...file.enums].forEach((e) => enumOutline(e as E));
      return out;
    };
    expect(outline(wkt.file_google_protobuf_descriptor)).toEqual(outline(oracleWkt.file_google_protobuf_descriptor));
  });
});
