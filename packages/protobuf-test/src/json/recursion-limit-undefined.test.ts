/**
 * An explicit `recursionLimit: undefined` is the default limit (100), in binary and JSON. (protobuf-es
 * spreads its options over its defaults, so an explicit undefined there means no limit at all:
 * deep input then overflows the stack. docs/differences.md lists it.)
 */
import { create, fromBinary, fromJson, fromJsonString, toBinary, type JsonValue } from "@pbjet/protobuf";
import { ValueSchema, type Value } from "@pbjet/protobuf/wkt";

/** A google.protobuf.Value of `n` nested lists. */
function nestedJson(n: number): JsonValue {
  let v: JsonValue = 1;
  for (let i = 0; i < n; i++) v = [v];
  return v;
}

function nestedValue(n: number): Value {
  let v = create(ValueSchema, { kind: { case: "numberValue", value: 1 } });
  for (let i = 0; i < n; i++) {
    v = create(ValueSchema, { kind: { case: "listValue", value: { values: [v] } } });
  }
  return v;
}

describe("recursionLimit: undefined", () => {
  const options = { recursionLimit: undefined };

  test("fromJson and fromJsonString take the default limit", () => {
    expect(() => fromJson(ValueSchema, nestedJson(20), options)).not.toThrow();
    expect(() => fromJson(ValueSchema, nestedJson(200), options)).toThrow(/depth/);
    expect(() => fromJsonString(ValueSchema, JSON.stringify(nestedJson(200)), options)).toThrow(/depth/);
    expect(() => fromJson(ValueSchema, nestedJson(200))).toThrow(/depth/);
  });

  test("fromBinary takes the default limit", () => {
    // Two levels of messages (Value, ListValue) per list.
    expect(() => fromBinary(ValueSchema, toBinary(ValueSchema, nestedValue(20)), options)).not.toThrow();
    const deep = toBinary(ValueSchema, nestedValue(200));
    expect(() => fromBinary(ValueSchema, deep, options)).toThrow(/maximum recursion depth of 100 reached/);
    expect(() => fromBinary(ValueSchema, deep)).toThrow(/maximum recursion depth of 100 reached/);
  });
});
