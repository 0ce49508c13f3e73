/**
 * Helpers for the text format suites.
 */
import * as pb from "@pbjet/protobuf";
import { registry, schema } from "../helpers";

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

/** Prints a message of a test corpus type created from an init object. */
export function print(typeName: string, init: Record<string, unknown>, options?: Partial<pb.TextWriteOptions>): string {
  const desc = schema(typeName);
  return pb.toText(desc, pb.create(desc, init), options);
}
