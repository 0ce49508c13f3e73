/**
 * Where the parser of declared default values (default-value.ts) is plugged in. The descriptor
 * builder reads bool and string defaults (descriptor.proto's own, besides enums) itself; other
 * scalar defaults (numbers, 64-bit integers, C-escaped bytes) go through here, so that programs
 * whose schemas declare none do not carry the parser. It is enabled by the runtime's generated
 * code for files that declare such defaults (`withDefaultValues()`) and by `createFileRegistry()`.
 * Before either, reading such a default gets a clear error, never a wrong value.
 */
import { ScalarType } from "./scalar.js";
import { ProtobufError } from "../wire/errors.js";

/** A declared default value of a scalar field. */
export type ScalarDefault = number | boolean | string | bigint | Uint8Array;

/** Parses a declared default value (see default-value.ts: parseScalarDefault()). */
export type ScalarDefaultParser = (type: ScalarType, value: string, longAsString: boolean) => ScalarDefault;

let installed: ScalarDefaultParser | undefined;

/** Enables the parser of declared default values (for all schemas). */
export function setScalarDefaultParser(parser: ScalarDefaultParser): void {
  installed = parser;
}

/**
 * The getter of a scalar field's declared default `text`: parsed now where it can be (bool and
 * string, or any type once the parser is enabled), else on first call, with the parser enabled
 * by then or a ProtobufError naming the field (`describe()`).
 */
export function scalarDefaultGetter(type: ScalarType, text: string, longAsString: boolean, describe: () => string): () => ScalarDefault {
  let value: ScalarDefault | undefined =
    type === ScalarType.BOOL ? text === "true" : type === ScalarType.STRING ? text : installed?.(type, text, longAsString);
  return () => {
    if (value === undefined) {
      if (installed === undefined) {
        throw new ProtobufError(
          `${describe()}: its default value is not loaded: the generated code of its file enables default values (withDefaultValues), or build the schema with createFileRegistry()`,
        );
      }
      value = installed(type, text, longAsString);
    }
    return value;
  };
}
