/**
 * Map fields: every key type with scalar, enum, message and bytes values. Keys are strings
 * (bool "true"/"false", integers in decimal); entries with a missing key or value, fields in
 * reverse order and duplicate keys decode like protobuf; keys such as "__proto__" stay plain
 * data and never touch Object.prototype.
 */
import { ProtobufError, clone, equals, fromBinary, mergeFromBinary, toBinary, type DescField } from "@pbjet/protobuf";
import * as oracle from "@bufbuild/protobuf";
import { fromHex, hex, oracleSchema, schema } from "../helpers";
import { create, oracleHex, rec, thrown } from "./util";

const P3 = "pbjet.test.proto3.MapFields";
const P2 = "pbjet.test.proto2.MapFields";

const keysByScalar: Record<number, string[]> = {
  5: ["0", "-1", "2147483647", "-2147483648"],
  3: ["0", "-1", "9223372036854775807", "-9223372036854775808"],
  13: ["0", "1", "4294967295"],
  4: ["0", "9007199254740993", "18446744073709551615"],
  17: ["0", "-1", "2147483647", "-2147483648"],
  18: ["0", "-1", "9223372036854775807", "-9223372036854775808"],
  7: ["0", "4294967295"],
  6: ["0", "18446744073709551615"],
  15: ["0", "-2147483648"],
  16: ["0", "-9223372036854775808", "9223372036854775807"],
  8: ["true", "false"],
  9: ["", "a", "ключ", "😀", "with space"],
};
const valuesByScalar: Record<number, unknown[]> = {
  1: [0, -1.5, Infinity],
  2: [0, 2.5],
  3: [0n, -(2n ** 63n)],
  4: [0n, 2n ** 64n - 1n],
  5: [0, -1, 2 ** 31 - 1],
  6: [0n, 2n ** 64n - 1n],
  7: [0, 2 ** 32 - 1],
  8: [true, false],
  9: ["", "v", "значение"],
  12: [new Uint8Array(0), new Uint8Array([0, 255])],
  13: [0, 2 ** 32 - 1],
  15: [0, -(2 ** 31)],
  16: [0n, -1n],
  17: [0, -(2 ** 31)],
  18: [0n, 2n ** 63n - 1n],
};

// No `!` below: mapKind narrows enum, message and scalar (compiled against pbjet's types, as in protobuf-es).
function valuesFor(f: DescField & { fieldKind: "map" }): unknown[] {
  switch (f.mapKind) {
    case "enum":
      return f.enum.values.map((v) => v.number);
    case "message":
      return [{}, create(f.message)];
    default:
      return valuesByScalar[f.scalar];
  }
}

function sampleMap(f: DescField & { fieldKind: "map" }): Record<string, unknown> {
  const keys = keysByScalar[f.mapKey];
  const values = valuesFor(f);
  const map: Record<string, unknown> = {};
  keys.forEach((k, i) => (map[k] = values[i % values.length]));
  return map;
}

const mapFields = [P3, P2].flatMap((t) =>
  schema(t)
    .fields.filter((f) => f.fieldKind === "map")
    .map((f) => [t, f.name] as [string, string]),
);

describe.each(mapFields)("%s.%s", (typeName, fieldName) => {
  const desc = schema(typeName);
  const f = desc.fields.find((x) => x.name === fieldName) as DescField & { fieldKind: "map" };
  const local = f.localName;
  const map = sampleMap(f);

  test("encodes like the oracle", () => {
    const init = { [local]: map };
    expect(hex(toBinary(desc, create(desc, init)))).toBe(oracleHex(typeName, init));
  });

  test("round-trips with string keys in protobuf-es representation", () => {
    const msg = create(desc, { [local]: map });
    const back = rec(fromBinary(desc, toBinary(desc, msg)));
    expect(Object.keys(back[local]).sort()).toEqual(Object.keys(map).sort());
    expect(equals(desc, back as never, msg)).toBe(true);
    for (const k of Object.keys(back[local])) expect(typeof k).toBe("string");
  });

  test("an empty entry decodes to the zero key and zero value", () => {
    const tag = (f.number << 3) | 2;
    const tagHex = tag < 0x80 ? hex(new Uint8Array([tag])) : hex(new Uint8Array([(tag & 0x7f) | 0x80, tag >> 7]));
    const back = rec(fromBinary(desc, fromHex(tagHex + "00")));
    const zeroKey = { 8: "false", 9: "" }[f.mapKey as number] ?? "0";
    expect(Object.keys(back[local])).toEqual([zeroKey]);
    const v = back[local][zeroKey];
    switch (f.mapKind) {
      case "message":
        expect(v.$typeName).toBe(f.message.typeName);
        expect(equals(f.message, v, create(f.message))).toBe(true);
        break;
      case "enum":
        expect(v).toBe(0);
        break;
      default:
        expect(v).toStrictEqual(zeroOf(f.scalar));
    }
  });
});

function zeroOf(scalar: number): unknown {
  if (scalar === 8) return false;
  if (scalar === 9) return "";
  if (scalar === 12) return new Uint8Array(0);
  if ([3, 4, 6, 16, 18].includes(scalar)) return 0n;
  return 0;
}

describe("entry decoding (proto3 MapFields)", () => {
  const desc = schema(P3);
  test("key representation: bool keys are 'true'/'false', 64-bit keys decimal strings", () => {
    const m = rec(fromBinary(desc, fromHex("5a04 0801 1000" + "5a04 0800 1001" + "1206 08ffffffff0f 1000".replace(/ /g, ""))));
    expect(m.boolBool).toEqual({ true: false, false: true });
    // int64 key 0xffffffff = 4294967295 (a positive varint of 5 bytes)
    expect(Object.keys(m.int64Int64)).toEqual(["4294967295"]);
    const n = rec(fromBinary(desc, fromHex("120b 08ffffffffffffffffff01 1000")));
    expect(Object.keys(n.int64Int64)).toEqual(["-1"]);
    const u = rec(fromBinary(desc, fromHex("220b 08ffffffffffffffffff01 1000")));
    expect(Object.keys(u.uint64Uint64)).toEqual(["18446744073709551615"]);
  });
  test("missing key: zero key", () => {
    expect(rec(fromBinary(desc, fromHex("0a02 1005"))).int32Int32).toEqual({ 0: 5 });
    expect(rec(fromBinary(desc, fromHex("6203 120176"))).stringString).toEqual({ "": "v" });
  });
  test("missing value: zero value, also for bytes, enum and message values", () => {
    expect(rec(fromBinary(desc, fromHex("0a02 0807"))).int32Int32).toEqual({ 7: 0 });
    expect(rec(fromBinary(desc, fromHex("a20103 0a0161"))).stringBytes).toEqual({ a: new Uint8Array(0) });
    expect(rec(fromBinary(desc, fromHex("b20103 0a0161"))).stringEnum).toEqual({ a: 0 });
    const msg = rec(fromBinary(desc, fromHex("c20103 0a0161"))).stringMessage;
    expect(msg.a.$typeName).toBe("pbjet.test.proto3.MessageFields.Nested");
  });
  test("fields in reverse order", () => {
    expect(rec(fromBinary(desc, fromHex("0a04 1005 0807"))).int32Int32).toEqual({ 7: 5 });
  });
  test("duplicate keys: the last entry wins", () => {
    const m = rec(fromBinary(desc, fromHex("0a04 0801 1002 0a04 0803 1004 0a04 0801 1009")));
    expect(m.int32Int32).toEqual({ 1: 9, 3: 4 });
    expect(Object.keys(m.int32Int32)).toEqual(["1", "3"]);
  });
  test("a repeated key or value inside one entry: the last one wins", () => {
    expect(rec(fromBinary(desc, fromHex("0a08 0801 1002 0803 1004"))).int32Int32).toEqual({ 3: 4 });
  });
  test("unknown fields inside an entry are skipped", () => {
    expect(rec(fromBinary(desc, fromHex("0a09 0801 1a0178 2005 1002"))).int32Int32).toEqual({ 1: 2 });
  });
  test("key or value with the wrong wire type is skipped, leaving the zero", () => {
    // key as fixed32 (wire type 5) instead of varint
    expect(rec(fromBinary(desc, fromHex("0a07 0d01000000 1002"))).int32Int32).toEqual({ 0: 2 });
  });
  test("message values of a duplicate key are replaced, not merged", () => {
    const m = rec(fromBinary(desc, fromHex("c2010a 0a0161 1205 0801 120178" + "c20107 0a0161 12020802")));
    expect(m.stringMessage.a.a).toBe(2);
    expect(m.stringMessage.a.b).toBe("");
  });
  test("decoding appends entries to an existing map (mergeFromBinary)", () => {
    const m = rec(fromBinary(desc, fromHex("0a04 0801 1002" + "0a04 0803 1004")));
    expect(m.int32Int32).toEqual({ 1: 2, 3: 4 });
  });
});

describe("32-bit integer keys in any layout (aot=true: numbers as keys, sparse maps as dictionaries)", () => {
  const range = (n: number, f: (i: number) => number) => Array.from({ length: n }, (_, i) => f(i));
  const layouts: [string, number[]][] = [
    ["sparse 0, 1000, ... 9000", range(10, (i) => i * 1000)],
    ["dense 0..299", range(300, (i) => i)],
    ["descending 99..0", range(100, (i) => 99 - i)],
    ["stride 7", range(100, (i) => i * 7)],
    ["stride 50", range(100, (i) => i * 50)],
    ["stride 200", range(30, (i) => i * 200)],
    ["first key large, then close", range(20, (i) => 1001 + i * 3)],
    ["negative and positive", range(40, (i) => i * 37 - 700)],
    ["near the top of uint32", [4294967295, 4294967294, 4294967293, 0, 2147483648, 5000]],
    ["sparse, then dense", [...range(5, (i) => i * 3000), ...range(50, (i) => i)]],
  ];
  const fields: [string, string, (k: number) => boolean][] = [
    ["int32Int32", "int32_int32", (k) => k <= 2147483647],
    ["uint32Uint32", "uint32_uint32", (k) => k >= 0],
    ["sint32Sint32", "sint32_sint32", (k) => k <= 2147483647],
    ["fixed32Fixed32", "fixed32_fixed32", (k) => k >= 0],
    ["sfixed32Sfixed32", "sfixed32_sfixed32", (k) => k <= 2147483647],
  ];
  describe.each(layouts)("%s", (_, layout) => {
    test.each(fields)("%s decodes every entry, in the oracle's order", (localName, _name, fits) => {
      const keys = layout.filter(fits);
      const init = { [localName]: Object.fromEntries(keys.map((k, i) => [String(k), i + 1])) };
      const bytes = oracle.toBinary(oracleSchema(P3), oracle.create(oracleSchema(P3), init as never));
      const ours = rec(fromBinary(schema(P3), bytes))[localName] as Record<string, number>;
      const theirs = (oracle.fromBinary(oracleSchema(P3), bytes) as unknown as Record<string, Record<string, number>>)[localName];
      expect(Object.entries(ours)).toEqual(Object.entries(theirs));
      expect(Object.keys(ours).length).toBe(new Set(keys).size);
      expect(hex(toBinary(schema(P3), fromBinary(schema(P3), bytes)))).toBe(hex(bytes));
    });
  });
  test("entries merged into a map that holds key 4294967294 keep it (the dictionary switch does not drop it)", () => {
    const desc = schema(P3);
    const m = fromBinary(desc, toBinary(desc, create(desc, { uint32Uint32: { 4294967294: 7, 1: 2 } })));
    const sparse = toBinary(desc, create(desc, { uint32Uint32: { 0: 1, 3000: 2, 6000: 3, 9000: 4 } }));
    mergeFromBinary(desc, m, sparse);
    expect(rec(m).uint32Uint32).toEqual({ 0: 1, 1: 2, 3000: 2, 6000: 3, 9000: 4, 4294967294: 7 });
  });
  test("entries of two maps interleaved", () => {
    const desc = schema(P3);
    const a = toBinary(desc, create(desc, { int32Int32: { 0: 1 }, uint32Uint32: { 5: 5 } }));
    const b = toBinary(desc, create(desc, { int32Int32: { 4000: 2 }, uint32Uint32: { 8000: 6 } }));
    const c = toBinary(desc, create(desc, { int32Int32: { 1: 3 }, uint32Uint32: { 6: 7 } }));
    const m = rec(fromBinary(desc, new Uint8Array([...a, ...b, ...c])));
    expect(m.int32Int32).toEqual({ 0: 1, 1: 3, 4000: 2 });
    expect(m.uint32Uint32).toEqual({ 5: 5, 6: 7, 8000: 6 });
  });
});

describe("encoding keys", () => {
  const desc = schema(P3);
  test("hand-computed entries: key then value, each entry length-prefixed", () => {
    expect(hex(toBinary(desc, create(desc, { int32Int32: { "-1": 1 } })))).toBe("0a0d08ffffffffffffffffff011001");
    expect(hex(toBinary(desc, create(desc, { boolBool: { true: true } })))).toBe("5a0408011001");
    expect(hex(toBinary(desc, create(desc, { sint64Sint64: { "-1": 1n } })))).toBe("320408011002");
  });
  test("zero keys and values are written inside entries", () => {
    expect(hex(toBinary(desc, create(desc, { int32Int32: { 0: 0 } })))).toBe("0a0408001000");
    expect(hex(toBinary(desc, create(desc, { stringString: { "": "" } })))).toBe("62040a001200");
  });
  test.each([
    ["int32Int32", "abc"],
    ["int32Int32", "1.5"],
    ["boolBool", "yes"],
    ["int64Int64", "12x"],
    ["uint32Uint32", "-1"],
    ["int32Int32", "2147483648"],
  ])("invalid key %s[%j] throws a ProtobufError naming the key", (field, key) => {
    const msg = create(desc, { [field]: { [key]: field === "boolBool" ? true : field === "int64Int64" ? 1n : 1 } });
    const e = thrown(() => toBinary(desc, msg));
    expect(e).toBeInstanceOf(ProtobufError);
    expect((e as Error).message).toContain(key);
  });
});

describe("JS-hostile keys", () => {
  const desc = schema(P3);
  const hostile = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf"];

  afterEach(() => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).b).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, "polluted")).toBe(false);
    expect(typeof ({} as Record<string, unknown>).toString).toBe("function");
  });

  function entry(key: string, valueHex: string): string {
    const k = Buffer.from(key).toString("hex");
    const body = "0a" + (k.length / 2).toString(16).padStart(2, "0") + k + valueHex;
    return (body.length / 2).toString(16).padStart(2, "0") + body;
  }

  test.each(hostile)("string_string key %s decodes to an own data property", (key) => {
    const m = rec(fromBinary(desc, fromHex("62" + entry(key, "1208706f6c6c75746564"))));
    const map = m.stringString;
    expect(Object.getPrototypeOf(map)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(map, key)).toBe(true);
    expect(Object.getOwnPropertyDescriptor(map, key)!.value).toBe("polluted");
    expect(Object.keys(map)).toEqual([key]);
    // and it round-trips
    const again = rec(fromBinary(desc, toBinary(desc, m as never)));
    expect(Object.getOwnPropertyDescriptor(again.stringString, key)!.value).toBe("polluted");
  });

  test("a message value under __proto__ does not become the map's prototype", () => {
    // string_message (24): { "__proto__": Nested { b: "yes" } }
    const m = rec(fromBinary(desc, fromHex("c201" + entry("__proto__", "12051203796573"))));
    const map = m.stringMessage;
    expect(Object.getPrototypeOf(map)).toBe(Object.prototype);
    expect(map.b).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(map, "__proto__")!.value.b).toBe("yes");
  });

  test("create() and clone() keep __proto__ keys as own data properties", () => {
    const init = JSON.parse('{"__proto__": "x", "constructor": "y"}') as Record<string, string>;
    const msg = create(desc, { stringString: init, stringMessage: JSON.parse('{"__proto__": {"b": "z"}}') });
    const mm = rec(msg);
    expect(Object.keys(mm.stringString).sort()).toEqual(["__proto__", "constructor"]);
    expect(Object.getPrototypeOf(mm.stringString)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(mm.stringMessage, "__proto__")!.value.b).toBe("z");
    const c = rec(clone(desc, msg));
    expect(Object.getOwnPropertyDescriptor(c.stringString, "__proto__")!.value).toBe("x");
    expect(Object.getOwnPropertyDescriptor(c.stringMessage, "__proto__")!.value.b).toBe("z");
    expect(equals(desc, c as never, msg)).toBe(true);
    const back = rec(fromBinary(desc, toBinary(desc, msg)));
    expect(Object.getOwnPropertyDescriptor(back.stringString, "__proto__")!.value).toBe("x");
    expect(back.stringString.constructor).toBe("y");
  });

  test("equals() distinguishes maps that differ only in a __proto__ key", () => {
    const a = create(desc, { stringString: JSON.parse('{"__proto__": "x"}') });
    const b = create(desc);
    expect(equals(desc, a, b)).toBe(false);
    expect(equals(desc, b, a)).toBe(false);
  });
});
