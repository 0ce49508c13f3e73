/**
 * google.protobuf.Timestamp helpers: conversions from and to Date and milliseconds.
 */
import { create } from "../../model/create.js";
import { protoInt64 } from "../../wire/int64.js";
import { TimestampSchema, type Timestamp } from "../gen/google/protobuf/timestamp_pb.js";

/** A Timestamp for the current time. */
export function timestampNow(): Timestamp {
  return timestampFromDate(new Date());
}

/** A Timestamp for a Date. */
export function timestampFromDate(date: Date): Timestamp {
  return timestampFromMs(date.getTime());
}

/** A Timestamp for a Unix time in milliseconds. */
export function timestampFromMs(timestampMs: number): Timestamp {
  const seconds = Math.floor(timestampMs / 1000);
  return create(TimestampSchema, {
    seconds: protoInt64.parse(seconds),
    nanos: (timestampMs - seconds * 1000) * 1000000,
  });
}

/** The Date of a Timestamp (millisecond precision). */
export function timestampDate(timestamp: Timestamp): Date {
  return new Date(timestampMs(timestamp));
}

/** The Unix time of a Timestamp in milliseconds. */
export function timestampMs(timestamp: Timestamp): number {
  return Number(timestamp.seconds) * 1000 + Math.round(timestamp.nanos / 1000000);
}
