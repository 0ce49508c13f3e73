/**
 * Values that fromJsonString() parses itself are its own: map objects become the message's
 * maps and Struct objects its Struct values, converted and checked in place instead of copied,
 * and bytes of more than 64 bytes are decoded natively (on Node.js) into pieces of a shared
 * buffer. Each must give what the copying path of fromJson(JSON.parse(text)) gives — the same
 * message, the same errors — on the closure path and with aot=true, for the keys that are
 * plain data (`__proto__`, `constructor`), for maps that are merged into, and for results
 * that are changed after reading.
 */
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import { registries, snapshot } from "../aot/util";
import { fcParams } from "../differential/util";
import { prototypeSnapshot } from "./util";
import { isolatedRuntime } from "../isolated-runtime";

const { aot, closure } = registries("test");
const modes = [
  ["closure", closure],
  ["aot", aot],
] as const;

/** The outcome of a read: the message's snapshot, or the error's class and message. */
function outcome(fn: () => unknown): unknown {
  try {
    return { ok: snapshot(fn()) };
  } catch (e) {
    return { error: `${(e as Error).name}: ${(e as Error).message}` };
  }
}

/** fromJsonString(text) against fromJson(JSON.parse(text)) (which copies), in both modes. */
function expectSameAsCopied(typeName: string, text: string, options?: Partial<pb.JsonReadOptions>): unknown {
  let first: unknown;
  for (const [mode, reg] of modes) {
    const desc = reg.getMessage(typeName)!;
    const owned = outcome(() => pb.fromJsonString(desc, text, { registry: reg, ...options }));
    const copied = outcome(() => pb.fromJson(desc, JSON.parse(text), { registry: reg, ...options }));
    expect({ mode, owned }).toStrictEqual({ mode, owned: copied });
    first ??= owned;
  }
  return first;
}

const MAPS = "pbjet.test.proto3.MapFields";
const STRUCTS = "pbjet.test.proto3.StructFields";
const SCALARS = "pbjet.test.proto3.ScalarValues";

/** Base64 of `n` bytes counting from `seed`. */
function base64Of(n: number, seed = 0): string {
  return Buffer.from(Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 255)).toString("base64");
}

describe("maps read from JSON text", () => {
  test.each([
    ['{"stringString":{"a":"b","c:d":"e:f","__proto__":"p","constructor":"c"}}'],
    ['{"stringInt64":{"x":"9223372036854775807","y":-1,"__proto__":"2"}}'],
    ['{"stringBytes":{"a":"AQID","b":"' + base64Of(100) + '","__proto__":"' + base64Of(70, 3) + '"}}'],
    ['{"stringEnum":{"a":"PROTO3_ENUM_YES","b":2,"__proto__":0}}'],
    ['{"stringMessage":{"a":{"a":1,"b":"x:y"},"__proto__":{},"toString":{"child":{"a":2}}}}'],
    ['{"stringString":{}, "stringMessage":{}}'],
    ['{"int32Int32":{"1":2,"-1":"3","2147483647":-4},"boolBool":{"true":false,"false":true}}'],
    ['{"int64Int64":{"-9223372036854775808":"1","7":2},"uint64Uint64":{"18446744073709551615":"3"}}'],
    ['{"int32Int32":{"01":1,"2":2},"int64Int64":{"-0":1},"int32Bytes":{"7":"' + base64Of(100) + '"}}'],
    [
      '{"sfixed64Message":{"-5":{"int32Field":1},"5":{}},"int32Float":{"1":"NaN","2":1.5},"int32Message":{"3":{"a":1}},"boolRecursive":{"true":{"int32Int32":{"1":1}}}}',
    ],
  ])("%s", (text) => {
    const before = prototypeSnapshot();
    const r = expectSameAsCopied(MAPS, text) as { ok: unknown };
    expect(r.ok).toBeDefined();
    expect(prototypeSnapshot()).toBe(before);
  });

  test("a key `__proto__` stays a key", () => {
    for (const [, reg] of modes) {
      const desc = reg.getMessage(MAPS)!;
      const msg = pb.fromJsonString(desc, '{"stringString":{"__proto__":"x"},"stringMessage":{"__proto__":{"a":5}}}') as any;
      expect(Object.keys(msg.stringString)).toStrictEqual(["__proto__"]);
      expect(Object.getPrototypeOf(msg.stringString)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(msg.stringString, "__proto__")!.value).toBe("x");
      expect(Object.getOwnPropertyDescriptor(msg.stringMessage, "__proto__")!.value.a).toBe(5);
    }
  });

  test.each([
    ['{"stringString":{"a":"b","x":"\\ud800"}}'],
    ['{"stringString":{"\\udc00":"b"}}'],
    ['{"stringString":{"a":1}}'],
    ['{"stringInt64":{"a":"1","b":"x"}}'],
    ['{"stringEnum":{"a":"NOPE"}}'],
    ['{"stringBytes":{"a":"' + base64Of(90) + '!"}}'],
    ['{"stringMessage":{"a":{"nope":1}}}'],
    ['{"stringString":[]}'],
    ['{"int32Int32":{"1":"x","y":2}}'],
    ['{"int32Int32":{"1":2,"y":2}}'],
    ['{"int32Int32":{"1":2,"01":3}}'],
    ['{"boolBool":{"true":1,"yes":true}}'],
    ['{"int64Int64":{"9223372036854775808":1}}'],
  ])("errors as when copying: %s", (text) => {
    const r = expectSameAsCopied(MAPS, text) as { error?: string };
    expect(r.error).toMatch(/JsonDecodeError/);
  });

  test("unknown enum values are dropped with ignoreUnknownFields", () => {
    const r = expectSameAsCopied(MAPS, '{"stringEnum":{"a":"NOPE","b":"PROTO3_ENUM_YES","__proto__":"NOPE"}}', {
      ignoreUnknownFields: true,
    }) as { ok: any };
    expect(Object.keys(r.ok.stringEnum)).toStrictEqual(["b"]);
  });

  test("merging into a map that has entries keeps them", () => {
    for (const [, reg] of modes) {
      const desc = reg.getMessage(MAPS)!;
      const msg = pb.fromJsonString(desc, '{"stringString":{"a":"1","b":"2"}}') as any;
      pb.mergeFromJsonString(desc, msg, '{"stringString":{"b":"3","c":"4"}}');
      expect({ ...msg.stringString }).toStrictEqual({ a: "1", b: "3", c: "4" });
      const empty = pb.create(desc) as any;
      pb.mergeFromJsonString(desc, empty, '{"stringString":{"c":"4"}}');
      expect({ ...empty.stringString }).toStrictEqual({ c: "4" });
    }
  });

  test("duplicate keys inside map values are found (the value walked is parsed again)", () => {
    for (const [, reg] of modes) {
      const desc = reg.getMessage(MAPS)!;
      for (const ignoreUnknownFields of [false, true]) {
        // The dropped duplicate and an ignored unknown key leave the readers' count short, so
        // the check walks the value: it must not see the messages that replaced the JSON objects.
        const text = '{"stringMessage":{"a":{"a":1,"a":2}},"zzz":1}';
        expect(() => pb.fromJsonString(desc, text, { ignoreUnknownFields })).toThrow(ignoreUnknownFields ? /duplicate key "a"/ : /./);
        const bytesText = '{"stringBytes":{"a":"' + base64Of(80) + '","a":"AA=="},"zzz":1}';
        expect(() => pb.fromJsonString(desc, bytesText, { ignoreUnknownFields })).toThrow(ignoreUnknownFields ? /duplicate key "a"/ : /./);
      }
    }
  });
});

describe("Struct values read from JSON text", () => {
  const deep = (n: number): string => '{"a":'.repeat(n) + "1" + "}".repeat(n);
  test.each([
    ['{"single":{"a":[1,"x:y",{"b":null,"c":true}],"__proto__":{"constructor":1},"k:e:y":"v"}}'],
    ['{"list":[{"a":1},{}],"map":{"m":{"x":[[]]}},"inOneof":{"z":"z"}}'],
    ['{"single":{"s":"\\ud800"}}'],
    ['{"single":{"\\udfff":1}}'],
    ['{"single":{"a":[{"b":"\\udc00x"}]}}'],
    ['{"single":[]}'],
    ['{"single":' + deep(99) + "}"],
    ['{"single":' + deep(101) + "}"],
  ])("%s", (text) => {
    const before = prototypeSnapshot();
    expectSameAsCopied(STRUCTS, text);
    expectSameAsCopied(STRUCTS, text, { recursionLimit: 3 });
    expect(prototypeSnapshot()).toBe(before);
  });

  test("merging into a Struct keeps its keys", () => {
    for (const [, reg] of modes) {
      const desc = reg.getMessage(STRUCTS)!;
      const msg = pb.fromJsonString(desc, '{"single":{"a":1,"b":2}}') as any;
      pb.mergeFromJsonString(desc, msg, '{"single":{"b":{"c":3}}}');
      expect(msg.single).toStrictEqual({ a: 1, b: { c: 3 } });
    }
  });
});

describe("bytes read from JSON text", () => {
  test("any length, both alphabets, with and without padding", () => {
    for (const [, reg] of modes) {
      const desc = reg.getMessage(SCALARS)!;
      for (let n = 0; n < 300; n += n < 80 ? 1 : 7) {
        const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 131 + n) & 255);
        const std = Buffer.from(bytes).toString("base64");
        const url = Buffer.from(bytes).toString("base64url");
        for (const text of [std, std.replace(/=+$/, ""), url, url + "=".repeat((4 - (url.length % 4)) % 4)]) {
          const msg = pb.fromJsonString(desc, JSON.stringify({ bytesField: text })) as any;
          expect(Buffer.from(msg.bytesField).equals(Buffer.from(bytes))).toBe(true);
        }
      }
    }
  });

  test("values read together are independent", () => {
    for (const [, reg] of modes) {
      const desc = reg.getMessage("pbjet.test.proto3.RepeatedScalarValues")!;
      const texts = [base64Of(100, 1), base64Of(200, 2), base64Of(65, 3), base64Of(3000, 4), base64Of(64, 5)];
      const msg = pb.fromJsonString(desc, JSON.stringify({ bytesField: texts })) as any;
      const values: Uint8Array[] = msg.bytesField;
      for (const v of values) v.fill(0xee);
      for (const [i, v] of values.entries()) {
        expect(v.byteLength).toBe(Buffer.from(texts[i], "base64").length);
        expect(v.every((b) => b === 0xee)).toBe(true);
      }
      const again = pb.fromJsonString(desc, JSON.stringify({ bytesField: texts })) as any;
      for (const [i, v] of (again.bytesField as Uint8Array[]).entries()) {
        expect(Buffer.from(v).toString("base64")).toBe(texts[i]);
      }
    }
  });

  test("one character outside the alphabets anywhere is an error, at every length", () => {
    for (const [, reg] of modes) {
      const desc = reg.getMessage(SCALARS)!;
      for (const length of [8, 88, 92, 400, 4000]) {
        const body = base64Of((length / 4) * 3);
        for (const c of ["\u0141", "\u00c1", "\u0100", "\u4141", "\ud800", "!", " ", "=", "\u0000"]) {
          for (const at of [0, 1, length >> 1, length - 1]) {
            // ("=" in place of the last character is padding.)
            if (c === "=" && at === length - 1) continue;
            const text = body.slice(0, at) + c + body.slice(at + 1);
            expect(() => pb.fromJsonString(desc, JSON.stringify({ bytesField: text }))).toThrow(/invalid base64/);
          }
        }
      }
    }
  });

  test("without a native decoder (as in browsers), the same bytes and errors", () => {
    // A fresh runtime probes for Buffer on its first long value: hidden then, it decodes in
    // JavaScript from then on.
    const { api } = isolatedRuntime();
    const buffer = globalThis.Buffer;
    const desc = closure.getMessage(SCALARS)!;
    const first = JSON.stringify({ bytesField: base64Of(100) });
    try {
      (globalThis as { Buffer?: unknown }).Buffer = undefined;
      api.fromJsonString(desc, first);
    } finally {
      globalThis.Buffer = buffer;
    }
    for (const n of [0, 1, 64, 65, 66, 67, 300, 2048, 2049, 5000]) {
      const text = base64Of(n, n);
      const ours = api.fromJsonString(desc, JSON.stringify({ bytesField: text })) as any;
      expect(Buffer.from(ours.bytesField).toString("base64")).toBe(text);
      for (const bad of ["\u0141", "!", " ", "\ud800"]) {
        const at = text.length >> 1;
        if (n === 0) continue;
        const broken = JSON.stringify({ bytesField: text.slice(0, at) + bad + text.slice(at + 1) });
        const e1 = outcome(() => api.fromJsonString(desc, broken));
        const e2 = outcome(() => pb.fromJsonString(desc, broken));
        expect(e1).toStrictEqual(e2);
        expect(e1).toHaveProperty("error");
      }
    }
  });

  /** What the JSON mapping accepts: the alphabets, then at most two "=" that complete a group of four. */
  function oracle(text: string): Uint8Array | undefined {
    const m = /^([A-Za-z0-9+/_-]*)(=*)$/.exec(text);
    if (m === null) return undefined;
    const [, body, pad] = m;
    if (body.length % 4 === 1 || pad.length > 2 || (pad.length > 0 && (body.length + pad.length) % 4 !== 0)) return undefined;
    return Buffer.from(body.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  }

  test("property: accepted exactly when valid, decoded as the oracle says (closure and aot)", () => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_";
    const valid = fc.array(fc.constantFrom(...alphabet), { minLength: 0, maxLength: 400, size: "max" }).map((a) => a.join(""));
    const strange = fc.constantFrom("=", " ", "\n", "!", "\u0141", "\u00c1", "\u00e9", "\ud800", "\udc00", "\u0000", "\u0100", ".", "==");
    const text = fc
      .tuple(valid, fc.array(fc.tuple(fc.nat(), strange), { maxLength: 3 }), fc.constantFrom("", "=", "==", "==="))
      .map(([body, inserts, pad]) => {
        let s = body;
        for (const [at, c] of inserts) {
          const i = s.length === 0 ? 0 : at % (s.length + 1);
          s = s.slice(0, i) + c + s.slice(i);
        }
        return s + pad;
      });
    fc.assert(
      fc.property(text, (t) => {
        const expected = oracle(t);
        for (const [, reg] of modes) {
          const desc = reg.getMessage(SCALARS)!;
          const json = JSON.stringify({ bytesField: t });
          let got: Uint8Array | undefined;
          try {
            got = (pb.fromJsonString(desc, json) as any).bytesField;
          } catch (e) {
            expect(e).toBeInstanceOf(pb.JsonDecodeError);
            expect((e as Error).message).toMatch(/bytes_field from JSON: invalid base64/);
          }
          if (expected === undefined) expect(got).toBeUndefined();
          else expect(got !== undefined && Buffer.from(got).equals(expected)).toBe(true);
        }
      }),
      fcParams(),
    );
  });
});
