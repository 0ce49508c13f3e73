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

/**
 * Checks the nesting of a google.protobuf.Value at `depth`, where a message at depth `limit` is
 * allowed but a Value is not (as in protobuf-es). A Value field is one level below its message;
 * the Values of a Struct or ListValue are at its level, and those in a Value's struct or list
 * one below the Value.
 */
export function checkValueDepth(depth: number, limit: number): void {
  if (depth >= limit) throw new JsonProblem(`maximum nesting depth ${limit} exceeded`);
}

/** Counts one level of message nesting; throws if the limit is exceeded. */
export function enterMessage(ctx: ReadContext): void {
  // A message one level down may reach the limit: the level it enters from may not.
  checkValueDepth(ctx.depth++, ctx.recursionLimit);
}
