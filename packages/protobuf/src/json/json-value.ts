/**
 * The JSON value types: what `JSON.parse()` returns and `JSON.stringify()` accepts.
 */

/** Any JSON value: number, string, boolean, null, object or array. */
export type JsonValue = number | string | boolean | null | JsonObject | JsonValue[];

/** A JSON object. */
export type JsonObject = { [k: string]: JsonValue };
