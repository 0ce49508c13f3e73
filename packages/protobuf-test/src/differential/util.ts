/**
 * Helpers shared by the differential suites.
 */
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import type * as oracle from "@bufbuild/protobuf";
import { hex, oracleRegistry, registry } from "../helpers";
import { LossyError, oracleLossyTypes, toOracleMessage } from "./oracle-init";
import { isInitializable, messageInit, type InitOptions } from "./arbitrary";
import { defaultRuns } from "../test-mode";

export type SetName = "test" | "conformance";

/** Runs per property. Override with PBJET_DIFF_RUNS for a longer soak. */
export const RUNS = Number(process.env.PBJET_DIFF_RUNS ?? defaultRuns(25));

/** fast-check parameters: a fixed seed with PBJET_DIFF_SEED, for reproduction. */
export function fcParams(numRuns: number = RUNS): fc.Parameters<unknown> {
  const seed = process.env.PBJET_DIFF_SEED;
  return seed === undefined ? { numRuns } : { numRuns, seed: Number(seed) };
}

/**
 * Options that keep init objects within what the oracle can represent: every
 * google.protobuf.Value has a kind (a Struct field is a JsonObject in the oracle, where a
 * Value without a kind would become null), and no unknown fields in the well-known types
 * the oracle unwraps.
 */
export const oracleSafe: InitOptions = {
  alwaysSetOneof: (o) => o.parent.typeName === "google.protobuf.Value",
  unknownFields: (d) => !oracleLossyTypes.has(d.typeName),
};

/** The oracle's descriptor of a pbjet message type. */
export function oracleMessage(set: SetName, desc: pb.DescMessage): oracle.DescMessage {
  const d = oracleRegistry(set).getMessage(desc.typeName);
  if (d === undefined) throw new Error(`oracle has no ${desc.typeName}`);
  return d;
}

/** The oracle's message for an init object; discards the run if it cannot hold it. */
export function oracleCreate(desc: pb.DescMessage, odesc: oracle.DescMessage, init: Record<string, unknown>): oracle.Message {
  try {
    return toOracleMessage(desc, odesc, init);
  } catch (e) {
    if (e instanceof LossyError) fc.pre(false);
    throw e;
  }
}

/** True if a NaN occurs anywhere in the value (NaN makes `equals` false in both libraries). */
export function containsNaN(v: unknown, seen: Set<unknown> = new Set()): boolean {
  if (typeof v === "number") return Number.isNaN(v);
  if (typeof v !== "object" || v === null || v instanceof Uint8Array || seen.has(v)) return false;
  seen.add(v);
  for (const k of Object.keys(v)) {
    if (containsNaN((v as Record<string, unknown>)[k], seen)) return true;
  }
  return false;
}

/** Runs fn and returns the error it threw, or undefined. */
export function errorOf(fn: () => unknown): unknown {
  try {
    fn();
    return undefined;
  } catch (e) {
    return e;
  }
}

export { hex, registry, oracleRegistry };

/** One random message, built from the same init object in both libraries. */
export interface PairedMessage {
  readonly init: Record<string, unknown>;
  readonly ours: pb.Message;
  readonly theirs: oracle.Message;
  readonly odesc: oracle.DescMessage;
}

/**
 * A property over random messages of `desc` built in both libraries. Types that no message can
 * complete (a cycle of required message fields) get `incomplete` instead of `check`, with
 * messages without unknown fields.
 */
export function pairedMessageProperty(
  set: SetName,
  desc: pb.DescMessage,
  check: (m: PairedMessage) => void,
  incomplete: (m: PairedMessage) => void,
): fc.IPropertyWithHooks<[Record<string, unknown>]> {
  const odesc = oracleMessage(set, desc);
  const initializable = isInitializable(desc);
  return fc.property(messageInit(desc, { ...oracleSafe, unknownFields: initializable ? oracleSafe.unknownFields : false }), (init) => {
    const m = { init, ours: pb.create(desc, init), theirs: oracleCreate(desc, odesc, init), odesc };
    if (initializable) check(m);
    else incomplete(m);
  });
}
