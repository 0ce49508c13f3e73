/**
 * Helpers for the text format suites.
 */
import * as pb from "@pbjet/protobuf";
import * as oracle from "@bufbuild/protobuf";
import * as otxt from "@bufbuild/protobuf/txtpb";
import { oracleRegistry, oracleSchema, registry, schema } from "../helpers";

/** Any message as a plain record, for property assertions. */
export type Rec = Record<string, any>;

/** The test corpus registry (for extensions and Any). */
export const testRegistry = (): pb.Registry => registry("test");

/** Parses text into a message of a test corpus type, as a record. */
export function parse(typeName: string, text: string, options?: Partial<pb.TextReadOptions>): Rec {
  return pb.fromText(schema(typeName), text, options) as Rec;
}

/** Parses and expects a TextDecodeError; returns it. */
export function parseError(typeName: string, text: string, options?: Partial<pb.TextReadOptions>): pb.TextDecodeError {
  let err: unknown;
  try {
    pb.fromText(schema(typeName), text, options);
  } catch (e) {
    err = e;
  }
  if (err === undefined) throw new Error(`expected a TextDecodeError for ${JSON.stringify(text)}`);
  expect(err).toBeInstanceOf(pb.TextDecodeError);
  expect(err).toBeInstanceOf(pb.ProtobufError);
  return err as pb.TextDecodeError;
}

/**
 * What protobuf-es (the oracle) prints for a message of the test corpus, passed to it
 * through the binary; with the test corpus registry if `options` has a registry.
 */
export function oracleText(desc: pb.DescMessage, msg: pb.Message, options?: Partial<pb.TextWriteOptions>): string {
  const odesc = oracleSchema(desc.typeName);
  return otxt.toText(odesc, oracle.fromBinary(odesc, pb.toBinary(desc, msg)), {
    registry: options?.registry === undefined ? undefined : oracleRegistry("test"),
    printUnknownFields: options?.printUnknownFields ?? false,
  });
}

/**
 * Prints a message of a test corpus type created from an init object, and expects the same
 * text as protobuf-es prints (which has no single-line output).
 */
export function print(typeName: string, init: Record<string, unknown>, options?: Partial<pb.TextWriteOptions>): string {
  const desc = schema(typeName);
  const msg = pb.create(desc, init);
  const text = pb.toText(desc, msg, options);
  if (options?.singleLine !== true) expect(text).toBe(oracleText(desc, msg, options));
  return text;
}
