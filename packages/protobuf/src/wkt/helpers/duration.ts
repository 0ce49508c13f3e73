/**
 * google.protobuf.Duration helpers: conversions from and to milliseconds.
 */
import { create } from "../../model/create.js";
import { protoInt64 } from "../../wire/int64.js";
import { DurationSchema, type Duration } from "../gen/google/protobuf/duration_pb.js";

/** A Duration of the given milliseconds. Seconds and nanos have the same sign, as required. */
export function durationFromMs(durationMs: number): Duration {
  const seconds = Math.trunc(durationMs / 1000);
  const nanos = Math.round((durationMs - seconds * 1000) * 1000000);
  return create(DurationSchema, { seconds: protoInt64.parse(seconds), nanos: nanos === 0 ? 0 : nanos });
}

/** The milliseconds of a Duration. */
export function durationMs(duration: Duration): number {
  return Number(duration.seconds) * 1000 + Math.round(duration.nanos / 1000000);
}
