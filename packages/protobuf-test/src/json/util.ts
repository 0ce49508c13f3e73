/**
 * Helpers of the JSON suites: schemas, a registry for Any and extensions, error capture,
 * and `jsonSafe()`, which turns a random message into one that has a JSON form.
 */
import * as pb from "@pbjet/protobuf";
import { registry, schema } from "../helpers";

export { registry, schema };

type Obj = Record<string, any>;

/** The proto3 schema of the test corpus by short name, e.g. p3("ScalarValues"). */
export function p3(name: string): pb.DescMessage {
  return schema("pbjet.test.proto3." + name);
}

/** The proto2 schema of the test corpus by short name. */
export function p2(name: string): pb.DescMessage {
  return schema("pbjet.test.proto2." + name);
}

/** Runs fn and returns what it threw (fails if it did not throw). */
export function thrown(fn: () => unknown): any {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error("expected an error, nothing was thrown");
}

/** Our JSON decode error for reading `json` into `desc`: its message. */
export function decodeError(desc: pb.DescMessage, json: unknown, options?: Partial<pb.JsonReadOptions>): string {
  const e = thrown(() => pb.fromJson(desc, json as pb.JsonValue, options));
  if (!(e instanceof pb.JsonDecodeError)) throw e;
  return e.message;
}

/** A snapshot of Object.prototype's own property names, to assert it is untouched. */
export function prototypeSnapshot(): string {
  return JSON.stringify(Object.getOwnPropertyNames(Object.prototype).sort()) + String(Object.getPrototypeOf(Object.prototype));
}

/**
 * Makes a random message representable in JSON, in place: Timestamps and Durations in range,
 * FieldMask paths that round-trip through lowerCamelCase, Any holding a real message,
 * google.protobuf.Value with a kind and finite numbers, NullValue fields at NULL_VALUE.
 * Also drops unknown fields (JSON has none).
 */
export function jsonSafe(desc: pb.DescMessage, msg: Obj, seed = 0, reg: pb.Registry = registry("test")): Obj {
  delete msg.$unknown;
  switch (desc.typeName) {
    case "google.protobuf.Timestamp": {
      let s = BigInt(msg.seconds) % 253402300799n;
      if (s < -62135596800n) s = s % 62135596800n;
      msg.seconds = s;
      msg.nanos = Math.abs(msg.nanos) % 1000000000;
      return msg;
    }
    case "google.protobuf.Duration": {
      const s = BigInt(msg.seconds) % 315576000000n;
      let n = Math.abs(msg.nanos) % 1000000000;
      if (s < 0n) n = -n;
      msg.seconds = s;
      msg.nanos = s === 0n ? msg.nanos % 1000000000 : n;
      return msg;
    }
    case "google.protobuf.FieldMask":
      msg.paths = msg.paths.map((_: string, i: number) => ["foo_bar", "a.b_c", "x", "user.first_name"][(i + seed) % 4]);
      return msg;
    case "google.protobuf.Any":
      packSomething(msg, seed, reg);
      return msg;
    case "google.protobuf.Value":
      fixValue(msg);
      return msg;
  }
  for (const field of desc.fields) {
    let v: any;
    if (field.oneof) {
      const o = msg[field.oneof.localName];
      if (o.case !== field.localName) continue;
      v = o.value;
      if (field.fieldKind === "enum" && field.enum.typeName === "google.protobuf.NullValue") o.value = 0;
    } else {
      v = msg[field.localName];
    }
    if (v === undefined) continue;
    switch (field.fieldKind) {
      case "message":
        if (isStructField(field)) fixJson(v);
        else if (!isWrapper(field.message)) jsonSafe(field.message, v, seed + 1, reg);
        break;
      case "list":
        if (field.listKind === "message" && isStructElement(field)) v.forEach(fixJson);
        else if (field.listKind === "message") v.forEach((e: Obj, i: number) => jsonSafe(field.message!, e, seed + i, reg));
        if (field.listKind === "enum" && field.enum!.typeName === "google.protobuf.NullValue") v.fill(0);
        break;
      case "map":
        for (const k of Object.keys(v)) {
          if (field.mapKind === "message" && isStructElement(field)) fixJson(v[k]);
          else if (field.mapKind === "message") jsonSafe(field.message!, v[k], seed + k.length, reg);
          if (field.mapKind === "enum" && field.enum!.typeName === "google.protobuf.NullValue") v[k] = 0;
        }
        break;
      case "enum":
        if (field.enum.typeName === "google.protobuf.NullValue" && !field.oneof) msg[field.localName] = 0;
        break;
      case "scalar":
        // JSON leaves out -0 in implicit-presence fields, as the zero value (protobuf-es does too).
        if (Object.is(v, -0) && !field.oneof && field.presence === 2) msg[field.localName] = 0;
        break;
    }
  }
  return msg;
}

function isWrapper(desc: pb.DescMessage): boolean {
  return (
    desc.typeName.startsWith("google.protobuf.") &&
    desc.typeName.endsWith("Value") &&
    desc.typeName !== "google.protobuf.Value" &&
    desc.typeName !== "google.protobuf.ListValue"
  );
}

function isStructField(field: pb.DescField): boolean {
  return field.fieldKind === "message" && field.message.typeName === "google.protobuf.Struct" && field.parent.typeName !== "google.protobuf.Value";
}

/** Lists and maps of google.protobuf.Struct hold JSON objects (outside google.protobuf.Value). */
function isStructElement(field: pb.DescField): boolean {
  return field.message?.typeName === "google.protobuf.Struct" && field.parent.typeName !== "google.protobuf.Value";
}

function fixJson(v: any): any {
  if (typeof v === "number") return Number.isFinite(v) ? v : 0;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = fixJson(v[i]);
  } else if (typeof v === "object" && v !== null) {
    for (const k of Object.keys(v)) v[k] = fixJson(v[k]);
  }
  return v;
}

function fixValue(msg: Obj): void {
  const kind = msg.kind;
  switch (kind.case) {
    case undefined:
      msg.kind = { case: "nullValue", value: 0 };
      break;
    case "nullValue":
      kind.value = 0;
      break;
    case "numberValue":
      if (!Number.isFinite(kind.value)) kind.value = 1.5;
      break;
    case "structValue":
      for (const k of Object.keys(kind.value.fields)) fixValue(kind.value.fields[k]);
      delete kind.value.$unknown;
      break;
    case "listValue":
      kind.value.values.forEach(fixValue);
      delete kind.value.$unknown;
      break;
  }
  delete msg.$unknown;
}

/** Packs one of a few messages into an Any (or leaves it empty), chosen by `seed`. */
function packSomething(msg: Obj, seed: number, reg: pb.Registry): void {
  const choice = (seed + msg.value.length + msg.typeUrl.length) % 5;
  const pack = (typeName: string, init: Obj) => {
    const d = reg.getMessage(typeName)!;
    msg.typeUrl = "type.googleapis.com/" + typeName;
    msg.value = pb.toBinary(d, pb.create(d, init));
  };
  switch (choice) {
    case 0:
      msg.typeUrl = "";
      msg.value = new Uint8Array(0);
      break;
    case 1:
      pack("google.protobuf.Duration", { seconds: BigInt(seed), nanos: 500000000 });
      break;
    case 2:
      if (reg.getMessage("example.User")) pack("example.User", { firstName: "Ann", locations: ["x"], projects: { a: "b" } });
      else pack("protobuf_test_messages.proto3.ForeignMessage", { c: seed % 1000 });
      break;
    case 3:
      pack("google.protobuf.Int32Value", { value: seed % 1000 });
      break;
    default:
      if (reg.getMessage("example.User")) pack("pbjet.test.proto3.JsonNames", { customName: "c", snakeToCamel: 3 });
      else pack("google.protobuf.Timestamp", { seconds: BigInt(seed), nanos: 1000 });
  }
}
