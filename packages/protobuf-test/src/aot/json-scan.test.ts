/**
 * The ahead-of-time reader of JSON text (what fromJsonString() tries first for schemas
 * generated with `aot=true`) against the closure path (JSON.parse and the compiled readers):
 * for every message type of the "test" and "conformance" sets, random messages are written as
 * JSON text in random layouts — whitespace between tokens, escaped characters, other spellings
 * of numbers — and with faults: raw control characters in strings, keys given twice, trailing
 * commas, numbers and literals that JSON does not allow, a byte order mark, text after the
 * value, a cut (one kind of fault per text). Both paths must read each text to the same message or fail with the same
 * JsonDecodeError, with every combination of read options. Canonical text (what toJsonString()
 * writes) must be read by the text reader itself: JSON.parse never sees the whole text.
 *
 * Reproduce a failure with PBJET_DIFF_SEED=<seed>; soak with PBJET_DIFF_RUNS=<runs>.
 */
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import { jsonOutcome, registries, relaxedRegistry, sets } from "./util";
import { isInitializable, messageInit, messageTypes } from "../differential/arbitrary";
import { fcParams } from "../differential/util";
import { Rng, canonicalArb } from "../lazy/util";
import { jsonSafe } from "../json/util";
import { quickSample } from "../test-mode";

/** Whether generated code attached an ahead-of-time reader of JSON text to the schema. */
function hasJsonScan(desc: pb.DescMessage): boolean {
  return Object.getOwnPropertySymbols(desc).some((s) => s.description === "pbjet.aotJsonScan");
}

/** Whether the type's JSON may hold a Struct, Value, ListValue, Any or map of well-known types (then it has no text reader). */
function holdsGenericJson(desc: pb.DescMessage, seen = new Set<pb.DescMessage>()): boolean {
  if (/^google\.protobuf\.(Struct|Value|ListValue|Any)$/.test(desc.typeName)) return true;
  if (seen.has(desc)) return false;
  seen.add(desc);
  return desc.fields.some(
    (f) =>
      (f.fieldKind === "map" && f.mapKind === "message" && f.message.typeName.startsWith("google.protobuf.")) ||
      (f.message !== undefined && holdsGenericJson(f.message, seen)),
  );
}

/** The outcome of a call (aot/util.ts). */
const outcome = jsonOutcome;

/** The keys of the map fields of a message read from JSON, in order, and any symbol keys (an outcome compares values only). */
function mapKeys(desc: pb.DescMessage, read: () => pb.Message): unknown {
  try {
    const m = read() as unknown as Record<string, Record<string, unknown>>;
    return desc.fields.filter((f) => f.fieldKind === "map").map((f) => [Object.keys(m[f.localName]), Object.getOwnPropertySymbols(m[f.localName])]);
  } catch {
    return "error";
  }
}

/** Faults that a text may get, one at a time. */
const badNumbers = ["01", "-01", "1.", ".5", "+1", "-", "1e", "1e+", "0x1", "1.e3", "--1", "Infinity", "NaN", "1_0"];
const badLiterals = ["tru", "nul", "True", "NULL", "fals", "undefined", "'a'"];

/**
 * Other spellings of an object key `k` (a fault for keys of messages, a problem or a duplicate
 * in canonical form for keys of maps): numbers not in canonical form, names of Object.prototype,
 * lone surrogates.
 */
function keyVariants(k: string): string[] {
  const variants = ["__proto__", "constructor", "toString", "\ud800", `${k}\udc00`];
  if (/^-?\d+$/.test(k)) variants.push(`0${k}`, `${k}.0`, `+${k}`, ` ${k}`, k.replace(/^-?/, "$&0"), `${k}e0`);
  if (k === "true" || k === "false") variants.push("True", k === "true" ? "1" : "0");
  return variants;
}

/** The kinds of fault a text may get (one per text). */
type Fault = "control" | "number" | "literal" | "twice" | "key" | "comma" | "before" | "after" | "cut";
const faultKinds: Fault[] = ["control", "number", "literal", "twice", "key", "comma", "before", "after", "cut"];

/** Writes JSON values as text in random layouts, with one fault of kind `kind` if given. */
class TextWriter {
  private faultLeft: boolean;
  constructor(
    private readonly rng: Rng,
    private readonly kind: Fault | undefined,
  ) {
    this.faultLeft = kind !== undefined;
    this.lines = rng.int(3) === 0;
  }

  /** Whether to put the fault of kind `kind` here (with probability p, once). */
  private fault(kind: Fault, p: number): boolean {
    if (!this.faultLeft || kind !== this.kind || !this.rng.bool(p)) return false;
    this.faultLeft = false;
    return true;
  }

  /** Line feeds in whitespace (a third of the texts): such text is read on the JSON.parse path. */
  private readonly lines: boolean;

  private ws(): string {
    const r = this.rng.int(12);
    if (r < 8) return "";
    return (this.lines ? [" ", "\n  ", "\t", "\r\n"] : [" ", "  ", "\t", "\r"])[r - 8];
  }

  string(s: string): string {
    let out = '"';
    for (let i = 0; i < s.length; i++) {
      const ch = s[i];
      const code = s.charCodeAt(i);
      if (ch === '"' || ch === "\\") out += `\\${ch}`;
      else if (code < 0x20 && this.fault("control", 0.5))
        out += ch; // raw control character
      else if (code < 0x20 || this.rng.int(10) === 0) out += this.escape(ch, code);
      else out += ch;
    }
    if (this.fault("control", 0.2)) out += ["\t", "\r", "\n", String.fromCharCode(this.rng.int(0x20))][this.rng.int(4)];
    return `${out}"`;
  }

  private escape(ch: string, code: number): string {
    const short: Record<string, string> = { "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t", "/": "\\/" };
    if (short[ch] !== undefined && this.rng.bool()) return short[ch];
    const hex = code.toString(16).padStart(4, "0");
    return `\\u${this.rng.bool() ? hex : hex.toUpperCase()}`;
  }

  private number(n: number): string {
    if (this.fault("number", 0.3)) return badNumbers[this.rng.int(badNumbers.length)];
    const s = JSON.stringify(n);
    if (Number.isInteger(n) && Math.abs(n) < 1e15 && this.rng.int(4) === 0) {
      return [`${s}.0`, `${s}e0`, `${s}E+0`, `${s}.000e-0`][this.rng.int(4)];
    }
    return s;
  }

  value(v: unknown): string {
    const pre = this.ws();
    const post = this.ws();
    if (v === null || typeof v === "boolean") {
      return pre + (this.fault("literal", 0.5) ? badLiterals[this.rng.int(badLiterals.length)] : String(v)) + post;
    }
    if (typeof v === "number") return pre + this.number(v) + post;
    if (typeof v === "string") return pre + this.string(v) + post;
    if (Array.isArray(v)) {
      const items = v.map((e) => this.value(e));
      if (items.length > 0 && this.fault("comma", 0.3)) items.push(this.ws());
      return `${pre}[${items.length === 0 ? this.ws() : items.join(",")}]${post}`;
    }
    const entries = Object.entries(v as object);
    if (entries.length > 0 && this.fault("key", 0.3)) {
      // A key spelled otherwise, in place of the original or beside it (a duplicate in canonical form).
      const i = this.rng.int(entries.length);
      const variants = keyVariants(entries[i][0]);
      const other: [string, unknown] = [variants[this.rng.int(variants.length)], entries[i][1]];
      if (this.rng.bool()) entries.splice(i, 1, other);
      else entries.splice(this.rng.int(entries.length + 1), 0, other);
    }
    const members = entries.map(([k, e]) => `${this.ws()}${this.string(k)}${this.ws()}:${this.value(e)}`);
    if (members.length > 0 && this.fault("comma", 0.3)) members.push(this.ws());
    if (members.length > 0 && this.fault("twice", 0.3)) {
      // A key given twice: a copy of a member.
      members.splice(this.rng.int(members.length + 1), 0, members[this.rng.int(members.length)]);
    }
    return `${pre}{${members.length === 0 ? this.ws() : members.join(",")}}${post}`;
  }

  /** The text of a whole value, perhaps with a fault around it. */
  text(v: unknown): string {
    let s = this.value(v);
    if (this.fault("before", 1)) s = ["\ufeff", "x", "{}", ","][this.rng.int(4)] + s;
    if (this.fault("after", 1)) s += ["x", "{}", ",", "]", "\u0000"][this.rng.int(5)];
    if (this.fault("cut", 1)) s = s.substring(0, this.rng.int(s.length));
    return s;
  }
}

describe.each(sets)("aot JSON text reader against closures: %s set", (set) => {
  const { aot, closure } = registries(set);
  const relaxed = relaxedRegistry(set);
  const all = messageTypes(closure).map((c) => [c.typeName, c, aot.getMessage(c.typeName)!] as const);
  const pairs = all.filter(([, , a]) => hasJsonScan(a));

  test("generated types have a reader of JSON text unless their JSON may hold plain JSON values", () => {
    expect(pairs.length).toBeGreaterThan(20);
    for (const [name, c, a] of all) {
      const generated = a.file.name === c.file.name && Object.getOwnPropertySymbols(a).some((s) => s.description === "pbjet.aotJson");
      if (generated) expect([name, hasJsonScan(a)]).toEqual([name, !holdsGenericJson(c)]);
    }
  });

  test("maps of enums: a key whose ignored value is given again is a duplicate", () => {
    let maps = 0;
    for (const [, c, a] of pairs) {
      for (const field of c.fields) {
        if (field.fieldKind !== "map" || field.mapKind !== "enum") continue;
        maps++;
        const key = field.mapKey === pb.ScalarType.STRING ? "k" : field.mapKey === pb.ScalarType.BOOL ? "true" : "7";
        const known = JSON.stringify(field.enum.values[0].name);
        for (const members of [
          `"${key}":"NO_SUCH_VALUE","${key}":${known}`,
          `"${key}":"NO_SUCH_VALUE","${key}":"NO_SUCH_VALUE"`,
          `"${key}":${known},"${key}":"NO_SUCH_VALUE"`,
          `"${key}":"NO_SUCH_VALUE"`,
        ]) {
          const text = `{"${field.jsonName}":{${members}}}`;
          for (const ignoreUnknownFields of [false, true]) {
            expect([text, outcome(() => pb.fromJsonString(a, text, { ignoreUnknownFields }))]).toEqual([
              text,
              outcome(() => pb.fromJsonString(c, text, { ignoreUnknownFields })),
            ]);
          }
        }
      }
    }
    if (set === "conformance") expect(maps).toBeGreaterThan(0);
  });

  test("64-bit integers (fields and list elements): every spelling is read as the closure path reads it", () => {
    const spellings = [
      ...["0", "-0", "00", "007", "-007", "+1", " 1", "1 ", "1.0", "1e2", "", "-", "0x10", "\\u0031", "1\\u0030"],
      ...["9007199254740993", "-9007199254740993", "9223372036854775807", "9223372036854775808", "-9223372036854775808"],
      ...["-9223372036854775809", "18446744073709551615", "18446744073709551616", "123456789012345678901", "-18446744073709551615"],
    ].map((s) => `"${s}"`);
    spellings.push("1", "-1", "1e2", "9007199254740993", "null", "true", "[]");
    let fields = 0;
    for (const [, c, a] of pairs) {
      for (const field of c.fields) {
        const list = field.fieldKind === "list" && field.listKind === "scalar";
        if ((field.fieldKind !== "scalar" && !list) || field.oneof !== undefined || !/64/.test(pb.ScalarType[field.scalar!])) continue;
        fields++;
        for (const v of spellings) {
          const text = list ? `{"${field.jsonName}":["1",${v}, "-2"]}` : `{"${field.jsonName}":${v}}`;
          expect([text, outcome(() => pb.fromJsonString(a, text))]).toEqual([text, outcome(() => pb.fromJsonString(c, text))]);
        }
      }
    }
    expect(fields).toBeGreaterThan(5);
  });

  test("bytes in texts longer than 16 KiB (values on and across the boundaries of piece copies) are read alike", () => {
    const b64 = (n: number, seed: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) & 255)).toString("base64");
    let fields = 0;
    for (const [, c, a] of pairs) {
      for (const field of c.fields) {
        if (field.scalar !== pb.ScalarType.BYTES) continue;
        fields++;
        // Values on both sides of 16 KiB boundaries, one crossing a boundary, short and long.
        const values = [b64(5, 1), b64(12000, 2), b64(20, 3), b64(9000, 4), `${b64(3000, 5)}=`, b64(70, 6)];
        let text: string;
        if (field.fieldKind === "list") text = `{"${field.jsonName}":[${values.map((v) => `"${v}"`).join(",")}]}`;
        else if (field.fieldKind === "map")
          text = `{"${field.jsonName}":{${values.map((v, i) => `"${field.mapKey === pb.ScalarType.STRING ? `k${i}` : i}":"${v}"`).join(",")}}}`;
        else text = `{"${field.jsonName}":"${values[1]}${values[3]}"}`;
        expect(text.length).toBeGreaterThan(16384);
        expect([text.length, outcome(() => pb.fromJsonString(a, text))]).toEqual([text.length, outcome(() => pb.fromJsonString(c, text))]);
      }
    }
    expect(fields).toBeGreaterThan(3);
  });

  test("every raw control character in a string fails as on the closure path, in short and long texts", () => {
    // A string field of a generated type; texts of under 1,024 characters are checked by one
    // test of the whole text, longer ones in parts (the scanner's two ways).
    const found = pairs.flatMap(([, c, a]) =>
      c.fields.filter((f) => f.fieldKind === "scalar" && f.scalar === pb.ScalarType.STRING).map((f) => [c, a, f] as const),
    );
    expect(found.length).toBeGreaterThan(0);
    const [c, a, field] = found[0];
    let failures = 0;
    for (let code = 0; code < 0x20; code++) {
      for (const padding of [0, 2000, 20000]) {
        const text = `{"${field.jsonName}":"a${"x".repeat(padding)}${String.fromCharCode(code)}b"}`;
        const theirs = outcome(() => pb.fromJsonString(c, text));
        expect([code, padding, outcome(() => pb.fromJsonString(a, text))]).toEqual([code, padding, theirs]);
        if ("error" in (theirs as object)) failures++;
      }
    }
    expect(failures).toBe(32 * 3);
  });

  test("decimal numbers are read to the double JSON.parse reads", () => {
    const rng = new Rng(2026);
    const digits = (n: number) => Array.from({ length: n }, () => String(rng.int(10))).join("");
    const numbers = ["0.1", "-0.0", "0.0", "1.005", "9007199254740993.5", "123456789012345.6", "-12345678901234.5", "0.000000000000001"];
    for (let i = 0; i < 400; i++) {
      const int = rng.int(17);
      numbers.push(`${rng.bool() ? "-" : ""}${int === 0 ? "0" : String(1 + rng.int(9)) + digits(int - 1)}.${digits(1 + rng.int(17))}`);
    }
    const field = pairs.flatMap(([, c, a]) =>
      c.fields.filter((f) => f.fieldKind === "scalar" && f.scalar === pb.ScalarType.DOUBLE && f.oneof === undefined).map((f) => [c, a, f] as const),
    )[0];
    expect(field).toBeDefined();
    const [c, a, f] = field;
    for (const n of numbers) {
      const text = `{"${f.jsonName}":${n}}`;
      const got = (pb.fromJsonString(a, text) as unknown as Record<string, unknown>)[f.localName];
      expect([n, Object.is(got, JSON.parse(n))]).toEqual([n, true]);
      expect([text, outcome(() => pb.fromJsonString(a, text))]).toEqual([text, outcome(() => pb.fromJsonString(c, text))]);
    }
  });

  describe.each(quickSample(pairs))("%s", (_name, c, a) => {
    const source: fc.Arbitrary<() => pb.Message> = isInitializable(c)
      ? canonicalArb(set, c).map((bytes) => () => pb.fromBinary(c, bytes))
      : messageInit(c, { unknownFields: false }).map((i) => () => pb.create(c, i));

    // Messages of a type whose required fields cannot all be set are written as the relaxed
    // type's (toJsonString() of the type throws for a missing required field).
    const [writer, writerRegistry] = isInitializable(c) ? [c, closure] : [relaxed.getMessage(c.typeName)!, relaxed];

    /** The message's canonical JSON text (or, if it cannot be written, a writable variant's). */
    function canonical(make: () => pb.Message, seed: number, useProtoFieldName: boolean): string {
      try {
        return pb.toJsonString(writer, make(), { registry: writerRegistry, useProtoFieldName });
      } catch {
        return pb.toJsonString(writer, jsonSafe(c, make(), Math.abs(seed), closure) as pb.Message, { registry: writerRegistry });
      }
    }

    test("canonical text is read by the text reader, to the closure path's message", () => {
      const parse = jest.spyOn(JSON, "parse");
      try {
        fc.assert(
          fc.property(source, fc.integer(), (make, seed) => {
            const text = canonical(make, seed, seed % 2 === 0);
            parse.mockClear();
            const got = outcome(() => pb.fromJsonString(a, text, { registry: aot }));
            const whole = parse.mock.calls.filter((args) => args[0] === text).length;
            // A key "__proto__" (of a map or Struct) is left to JSON.parse, which makes it an own property.
            if (!text.includes('"__proto__"')) expect(whole).toBe(0);
            expect(got).toEqual(outcome(() => pb.fromJsonString(c, text, { registry: closure })));
            expect(mapKeys(a, () => pb.fromJsonString(a, text, { registry: aot }))).toEqual(
              mapKeys(c, () => pb.fromJsonString(c, text, { registry: closure })),
            );
          }),
          // Ends at the first failure: shrinking re-reads many texts (the seed is reported).
          { ...fcParams(), endOnFailure: true },
        );
      } finally {
        parse.mockRestore();
      }
    });

    test("text in other layouts and with faults is read alike, or fails alike", () => {
      fc.assert(
        fc.property(source, fc.integer(), (make, seed) => {
          const rng = new Rng(seed);
          const value = JSON.parse(canonical(make, seed, rng.bool())) as unknown;
          for (const kind of [undefined, faultKinds[rng.int(faultKinds.length)]]) {
            const text = new TextWriter(rng, kind).text(value);
            for (const ignoreUnknownFields of [false, true]) {
              for (const withRegistry of [false, true]) {
                const oc = { ignoreUnknownFields, registry: withRegistry ? closure : undefined };
                const oa = { ignoreUnknownFields, registry: withRegistry ? aot : undefined };
                expect([text, outcome(() => pb.fromJsonString(a, text, oa))]).toEqual([text, outcome(() => pb.fromJsonString(c, text, oc))]);
              }
            }
            expect(outcome(() => pb.fromJsonString(a, text, { recursionLimit: 2 }))).toEqual(
              outcome(() => pb.fromJsonString(c, text, { recursionLimit: 2 })),
            );
          }
        }),
        { ...fcParams(), endOnFailure: true },
      );
    });
  });
});

/**
 * Maps with integer keys and values without strings are read by JSON.parse from the text of
 * the map's object (JsonScanner.flatObject()) and adopted as the map, as on the JSON.parse
 * path. Texts where the first `}` is not the map's end, keys given twice, colons in values and
 * other faults must read, or fail, as on the closure path.
 */
describe("maps with integer keys, read by JSON.parse from the map's text", () => {
  const { aot, closure } = registries("test");
  const a = aot.getMessage("pbjet.test.proto3.MapFields")!;
  const c = closure.getMessage("pbjet.test.proto3.MapFields")!;
  const texts = [
    '{"int32Int32":{"0":1,"1000":2,"-5":3,"9000":4}}',
    '{"int32Int32":{}}',
    '{"int32Int32": { "7" : 8 , "3":4 }, "uint32Uint32": {"4294967295": 1, "0": 2}}',
    '{"int64Int64":{"-9223372036854775808":"1","5":"-2","17":3}}',
    '{"int32Double":{"1":0.5,"2":"NaN","3":"-Infinity","4":1e300}}',
    '{"int64Enum":{"1":"PROTO3_ENUM_YES","2":0,"3":"PROTO3_ENUM_NO"}}',
    '{"int32Int32":{"1":1,"1":2}}',
    '{"int32Int32":{"1":1,"01":2}}',
    '{"int32Int32":{"01":2}}',
    '{"int32Int32":{"1":"}"}}',
    '{"int32Int32":{"1":{"a":1}}}',
    '{"int32Int32":{"1":[1]}}',
    '{"int32Int32":{"1":1}',
    '{"int32Int32":{"1":1,}}',
    '{"int32Int32":{"__proto__":1}}',
    '{"int32Int32":{"1":1.5}}',
    '{"int32Int32":{"1":null}}',
    '{"int64Enum":{"1":"PROTO3_ENUM_YES:x"}}',
    '{"int64Enum":{"1":"NOT_A_VALUE"}}',
    '{"int32Int32":{"1":1},"int32Int32":{"2":2}}',
    '{"int32Int32":{"1":1}, "sfixed64Message": {"3": {"int32Field": 1}}}',
  ];
  test.each(texts)("%s", (text) => {
    for (const ignoreUnknownFields of [false, true]) {
      const got = jsonOutcome(() => pb.fromJsonString(a, text, { ignoreUnknownFields }));
      expect(got).toEqual(jsonOutcome(() => pb.fromJsonString(c, text, { ignoreUnknownFields })));
      if ("ok" in (got as object)) {
        const keys = (d: pb.DescMessage) =>
          Object.keys((pb.fromJsonString(d, text, { ignoreUnknownFields }) as unknown as { int32Int32: object }).int32Int32);
        expect(keys(a)).toEqual(keys(c));
      }
    }
  });
  test("the text reader reads the map's object with JSON.parse, not the whole text", () => {
    const text = '{"int32Int32":{"0":1,"1000":2},"stringString":{"a":"b"}}';
    const parse = jest.spyOn(JSON, "parse");
    try {
      pb.fromJsonString(a, text);
      expect(parse.mock.calls.map((args) => args[0])).toEqual(['{"0":1,"1000":2}']);
    } finally {
      parse.mockRestore();
    }
  });
});

/**
 * The text reader does not search long strings of bytes values for control characters and lone
 * surrogates (the base64 decoder rejects any character outside its alphabets); it searches the
 * text around them, and the rest of the text as the scan ends. Faults in, before, between and
 * after such values must read, or fail, as on the closure path.
 */
describe("long bytes values and the text around them", () => {
  const { aot, closure } = registries("test");
  const b64 = (n: number, seed: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 37 + seed) & 255)).toString("base64");
  const long = b64(600, 1); // 800 characters
  const huge = b64(13000, 2); // longer than a 16 KiB piece
  const inside = (s: string, ch: string) => s.slice(0, 400) + ch + s.slice(400);
  const singular = [
    `{"bytesField":"${long}"}`,
    `{"bytesField":"${inside(long, "\u0001")}"}`,
    `{"bytesField":"${inside(long, "\u0141")}"}`,
    `{"bytesField":"${inside(long, "\ud800")}"}`,
    `{"bytesField":"${inside(long, "\t")}"}`,
    `{"stringField":"a\u0001b","bytesField":"${long}"}`,
    `{"bytesField":"${long}","stringField":"a\u001fb"}`,
    `{"stringField":"a\ud800b","bytesField":"${long}"}`,
    `{"bytesField":"${long}","stringField":"\udc00"}`,
    `{"stringField":"\\ud800","bytesField":"${long}"}`,
    `{"stringField":"\ud83d\ude00 ok","bytesField":"${long}"}`,
    `{"x\u0001":1,"bytesField":"${long}"}`,
    `{"bytesField":"${long}","x\u0002":1}`,
    `{"x\ud800":1,"bytesField":"${long}"}`,
    `{"x":"\ud800","bytesField":"${long}","y":"\\udc00"}`,
    `{"stringField":"\u00e9\u0001","bytesField":"${huge}"}`,
    `{"bytesField":"${huge}","stringField":"\u65e5\u0001"}`,
    `{"bytesField":"${huge}","stringField":"\u65e5\ud800"}`,
    `{"bytesField":"${huge}","stringField":"\u65e5 ok"}`,
  ];
  const repeated = [
    `{"bytesField":["${long}","${long}","${b64(3, 3)}"]}`,
    `{"bytesField":["${long}","a\u0001","${long}"]}`,
    `{"bytesField":["${long}","${inside(long, "\u0000")}"]}`,
    `{"stringField":["\u0003"],"bytesField":["${long}"]}`,
    `{"bytesField":["${long}"],"stringField":["\ud800"]}`,
    `{"stringField":["ok"],"bytesField":["${long}"],"stringField2":1}`,
    // Lists of strings and bools, read in generated code: any other element is a problem.
    `{"stringField":["a",null]}`,
    `{"stringField":["a",1,"b"]}`,
    `{"stringField":[["a"]]}`,
    `{"stringField":[],"boolField":[]}`,
    `{"stringField":"a"}`,
    `{"stringField":null,"boolField":null}`,
    `{"boolField":[true,"true"]}`,
    `{"boolField":[false,null]}`,
    `{"boolField":[true, false ,true],"stringField":[ "x" , "\\u0041" ]}`,
  ];
  const cases = [
    ...singular.map((text) => ["pbjet.test.proto3.ScalarValues", text] as const),
    ...repeated.map((text) => ["pbjet.test.proto3.RepeatedScalarValues", text] as const),
  ];
  test.each(cases)("%s %#", (typeName, text) => {
    const a = aot.getMessage(typeName)!;
    const c = closure.getMessage(typeName)!;
    for (const ignoreUnknownFields of [false, true]) {
      expect(jsonOutcome(() => pb.fromJsonString(a, text, { ignoreUnknownFields }))).toEqual(
        jsonOutcome(() => pb.fromJsonString(c, text, { ignoreUnknownFields })),
      );
    }
  });
  test("texts without faults are read by the text reader", () => {
    const parse = jest.spyOn(JSON, "parse");
    try {
      for (const [typeName, text] of [cases[0], cases[10], cases[18], cases[19]]) {
        parse.mockClear();
        pb.fromJsonString(aot.getMessage(typeName)!, text);
        expect([text.length, parse.mock.calls.length]).toEqual([text.length, 0]);
      }
    } finally {
      parse.mockRestore();
    }
  });
});
