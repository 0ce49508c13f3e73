/**
 * google.protobuf.Duration as JSON: seconds with an "s" suffix and 0, 3, 6 or 9 fractional
 * digits on output ("1.5s" is written "1.500s"), up to 9 on input; negative with a leading
 * "-". Valid from -315576000000s to +315576000000s.
 */
import { JsonProblem, formatJson } from "./errors.js";
import { fractionDigits } from "./timestamp.js";

/** The largest duration in seconds (about 10000 years). */
export const DURATION_MAX_SECONDS = 315576000000;

const DURATION = /^(-)?([0-9]{1,12})(?:\.([0-9]{1,9}))?s$/;

/** The JSON string of a duration. Throws a JsonProblem if it is out of range or the signs differ. */
export function durationToJson(seconds: number, nanos: number): string {
  if (!(Math.abs(seconds) <= DURATION_MAX_SECONDS)) {
    throw new JsonProblem(`seconds ${seconds} is out of range -315576000000 to 315576000000`);
  }
  if (!Number.isInteger(nanos) || Math.abs(nanos) > 999999999) {
    throw new JsonProblem(`nanos ${nanos} is out of range -999999999 to 999999999`);
  }
  if ((seconds < 0 && nanos > 0) || (seconds > 0 && nanos < 0)) {
    throw new JsonProblem(`the signs of seconds ${seconds} and nanos ${nanos} differ`);
  }
  const sign = seconds < 0 || nanos < 0 ? "-" : "";
  return sign + String(Math.abs(seconds)) + fractionDigits(Math.abs(nanos)) + "s";
}

/** Parses the JSON string of a duration. Throws a JsonProblem if it is invalid or out of range. */
export function durationFromJson(json: unknown): { seconds: number; nanos: number } {
  if (typeof json !== "string") throw new JsonProblem(`${formatJson(json)} is not a duration string`);
  const m = DURATION.exec(json);
  if (m === null) throw new JsonProblem(`${formatJson(json)} is not a duration (e.g. "1.5s")`);
  const abs = Number(m[2]);
  if (abs > DURATION_MAX_SECONDS) {
    throw new JsonProblem(`${formatJson(json)} is out of range -315576000000s to 315576000000s`);
  }
  const absNanos = m[3] === undefined ? 0 : Number((m[3] + "00000000").substring(0, 9));
  // 0 - x rather than -x: no negative zero.
  return m[1] === undefined ? { seconds: abs, nanos: absNanos } : { seconds: 0 - abs, nanos: 0 - absNanos };
}
