/**
 * Checks every JSON reader makes: the value is an object, the nesting is within the limit.
 */
import type { ReadContext } from "./reader.js";
import { JsonProblem, formatJson } from "./errors.js";

/** The problem of a value that is not a JSON object. */
export function notAnObject(json: unknown): JsonProblem {
  return new JsonProblem(`expected object, got ${formatJson(json)}`);
}

/** True for a JSON object (not null, not an array). */
export function isJsonObject(json: unknown): json is Record<string, unknown> {
  return typeof json === "object" && json !== null && !Array.isArray(json);
}

/** Counts one level of message nesting; throws if the limit is exceeded. */
export function enterMessage(ctx: ReadContext): void {
  if (++ctx.depth > ctx.recursionLimit) {
    throw new JsonProblem(`maximum nesting depth ${ctx.recursionLimit} exceeded`);
  }
}
