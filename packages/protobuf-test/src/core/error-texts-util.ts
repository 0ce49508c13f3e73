/**
 * The two libraries behind one type, for suites that feed the same bad input to pbjet and to
 * @bufbuild/protobuf 2.17 (the oracle) and compare the texts of what they throw: pbjet's must
 * start with protobuf-es's (docs/differences.md, the errors row).
 */
import * as oracle from "@bufbuild/protobuf";
import * as oracleWire from "@bufbuild/protobuf/wire";
import * as oracleWkt from "@bufbuild/protobuf/wkt";
import * as pbjet from "@pbjet/protobuf";
import * as pbjetWire from "@pbjet/protobuf/wire";
import * as pbjetWkt from "@pbjet/protobuf/wkt";
import { oracleRegistry, oracleSchema, registry, schema } from "../helpers";

/** One library: its root, wire and wkt modules, and the test corpus as its schemas. */
export interface Lib {
  readonly name: "pbjet" | "protobuf-es";
  readonly pb: typeof oracle;
  readonly wire: typeof oracleWire;
  readonly wkt: typeof oracleWkt;
  /** A message of the test corpus by type name. */
  readonly s: (typeName: string) => oracle.DescMessage;
  /** The registry of the test corpus. */
  readonly reg: oracle.FileRegistry;
}

// pbjet is a drop-in for protobuf-es: its modules are typed as protobuf-es's here.
export const ours: Lib = {
  name: "pbjet",
  pb: pbjet as unknown as typeof oracle,
  wire: pbjetWire as unknown as typeof oracleWire,
  wkt: pbjetWkt as unknown as typeof oracleWkt,
  s: (typeName) => schema(typeName) as unknown as oracle.DescMessage,
  get reg() {
    return registry() as unknown as oracle.FileRegistry;
  },
};

export const theirs: Lib = {
  name: "protobuf-es",
  pb: oracle,
  wire: oracleWire,
  wkt: oracleWkt,
  s: (typeName) => oracleSchema(typeName),
  get reg() {
    return oracleRegistry();
  },
};

/** A case: a name, and a call that throws in protobuf-es. */
export type ErrorCase = readonly [name: string, call: (lib: Lib) => unknown];

/** What `call` throws: the error, or undefined if it returns. */
export function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (e) {
    return e;
  }
  return undefined;
}

/**
 * Runs the case with both libraries: protobuf-es throws an Error, pbjet throws an Error whose
 * message starts with protobuf-es's. On failure, jest shows both texts.
 */
export function expectSameTextFirst(call: (lib: Lib) => unknown): { ours: Error; theirs: Error } {
  const t = thrownBy(() => call(theirs));
  const o = thrownBy(() => call(ours));
  expect(t).toBeInstanceOf(Error);
  expect(o).toBeInstanceOf(Error);
  const theirText = (t as Error).message;
  const ourText = (o as Error).message;
  expect(theirText).not.toBe("");
  // Received: our text, whole; expected: protobuf-es's, which ours must start with.
  expect(ourText.startsWith(theirText) ? theirText : ourText).toBe(theirText);
  return { ours: o as Error, theirs: t as Error };
}
