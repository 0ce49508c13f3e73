/**
 * toJsonString() writes a Struct value it has checked with JSON.stringify() as it is, without
 * copying it first. The text must be what toJson() (which copies) gives through
 * JSON.stringify(), for plain values and for values that JSON.stringify() alone would write
 * differently (a Date, a class instance, a boxed string, an array subclass: copied then), with
 * the same errors, on the closure path and with aot=true; the value stays untouched.
 */
import * as pb from "@pbjet/protobuf";
import { registries } from "../aot/util";

const { aot, closure } = registries("test");
const modes = [
  ["closure", closure],
  ["aot", aot],
] as const;
const STRUCTS = "pbjet.test.proto3.StructFields";

/** toJsonString(), or the error's class and message. */
function text(fn: () => string): string {
  try {
    return fn();
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message}`;
  }
}

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
  get sum(): number {
    return this.x + this.y;
  }
}
class Tagged extends Array<unknown> {
  toJSON(): string {
    return "tagged";
  }
}

const bare = Object.create(null) as Record<string, unknown>;
bare.k = "v";
const protoKey = JSON.parse('{"__proto__":{"a":1},"constructor":"c"}') as Record<string, unknown>;

/** Struct values to write, by name (values that are no JSON at all are among them on purpose). */
const values: [string, () => unknown][] = [
  ["plain", () => ({ a: 1, b: "x", c: [true, null, { d: -0 }], e: { f: "\u2028\ud800" } })],
  ["a Date", () => ({ when: new Date(0), list: [new Date(1)] })],
  ["a class instance", () => ({ p: new Point(1, 2) })],
  ["a boxed string", () => ({ s: new String("boxed") })],
  ["an array subclass with toJSON", () => ({ t: Tagged.from([1, 2]) })],
  ["an object without prototype", () => ({ bare })],
  ["__proto__ and constructor keys", () => protoKey],
  ["NaN", () => ({ n: [1, Number.NaN] })],
  ["a function", () => ({ f: () => 1 })],
  ["undefined in a list", () => ({ u: [1, undefined] })],
];

describe("toJsonString() of Struct values", () => {
  test.each(values)("%s: as JSON.stringify(toJson())", (_name, make) => {
    for (const [mode, reg] of modes) {
      const desc = reg.getMessage(STRUCTS)!;
      const value = make();
      const before = JSON.stringify(value);
      for (const init of [{ single: value }, { list: [value, value] }, { map: { k: value } }, { kind: { case: "inOneof", value } }]) {
        const msg = pb.create(desc, init as never);
        const viaValue = text(() => JSON.stringify(pb.toJson(desc, msg)));
        expect({ mode, init: Object.keys(init)[0], text: text(() => pb.toJsonString(desc, msg)) }).toStrictEqual({
          mode,
          init: Object.keys(init)[0],
          text: viaValue,
        });
      }
      // Written in place: nothing in the value changed.
      expect(JSON.stringify(value)).toBe(before);
    }
  });

  test("a Date is written as the object of its own keys, as protobuf-es writes it", () => {
    const desc = closure.getMessage(STRUCTS)!;
    const msg = pb.create(desc, { single: { when: new Date(0) } } as never);
    expect(pb.toJsonString(desc, msg)).toBe('{"single":{"when":{}}}');
  });
});
