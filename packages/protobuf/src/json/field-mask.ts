/**
 * google.protobuf.FieldMask as JSON: the paths in lowerCamelCase, joined by commas. A path
 * that would not convert back to the same snake_case path ("fooBar", "foo__bar", "foo_3")
 * cannot be written.
 */
import { JsonProblem, formatJson } from "./errors.js";

/** snake_case to lowerCamelCase: an underscore is dropped and the next letter upper-cased. */
function snakeToCamel(path: string): string {
  let out = "";
  let upper = false;
  for (let i = 0; i < path.length; i++) {
    const c = path.charAt(i);
    if (c === "_") {
      upper = true;
    } else {
      out += upper ? c.toUpperCase() : c;
      upper = false;
    }
  }
  return out;
}

/** lowerCamelCase to snake_case: an upper-case letter becomes an underscore and the lower-case letter. */
function camelToSnake(path: string): string {
  let out = "";
  for (let i = 0; i < path.length; i++) {
    const c = path.charAt(i);
    const lower = c.toLowerCase();
    out += c !== lower ? "_" + lower : c;
  }
  return out;
}

/** The JSON string of the paths. Throws a JsonProblem for a path that does not round-trip. */
export function fieldMaskToJson(paths: readonly string[]): string {
  let out = "";
  for (let i = 0; i < paths.length; i++) {
    const p = paths[i];
    const camel = snakeToCamel(p);
    if (camelToSnake(camel) !== p) {
      throw new JsonProblem(`path ${formatJson(p)} cannot be written in lowerCamelCase and read back`);
    }
    out += i === 0 ? camel : "," + camel;
  }
  return out;
}

/** Parses the JSON string of a field mask into snake_case paths. */
export function fieldMaskFromJson(json: unknown): string[] {
  if (typeof json !== "string") throw new JsonProblem(`${formatJson(json)} is not a field mask string`);
  if (json === "") return [];
  const paths = json.split(",");
  for (let i = 0; i < paths.length; i++) {
    const p = paths[i];
    if (p.includes("_")) throw new JsonProblem(`path ${formatJson(p)} is not lowerCamelCase`);
    paths[i] = camelToSnake(p);
  }
  return paths;
}
