/**
 * Parsing JSON text: `JSON.parse`, plus the one check it does not do. JSON.parse keeps the
 * last of duplicate keys in an object; the protobuf JSON mapping rejects them.
 *
 * The check counts, instead of scanning the text character by character: every object member
 * has one colon outside of strings, so the colons in the text, minus the colons inside
 * strings (counted in the parsed strings), must equal the keys of the parsed value. The
 * readers count keys and colons in strings as they convert the value (ReadContext.count), so
 * that the check usually needs no walk of its own: if their count is short (they skip what
 * they do not read, such as ignored unknown fields), the parsed value is walked and counted;
 * if that does not add up either (or a string escapes a colon as \u003a, which would spoil the
 * count), the text is scanned carefully to name the duplicate key.
 */
import { JsonProblem } from "./errors.js";

/** Parses JSON text with `JSON.parse`, without the check for duplicate keys. Throws a JsonProblem for invalid JSON. */
export function parseJsonValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new JsonProblem(`invalid JSON: ${(e as Error).message}`);
  }
}

/**
 * Throws a JsonProblem if an object of JSON text `text` has a key twice; `value` is the text
 * parsed, `counted` the keys and colons in strings that a reader counted in it (a lower bound:
 * never more than there are; -1: none counted). With `changed`, a reader has changed parts of
 * `value` in place (ReadContext.owned): if the count does not settle it, the text is parsed
 * again to be walked.
 */
export function checkDuplicateKeys(text: string, value: unknown, counted: number, changed = false): void {
  if (typeof value !== "object" || value === null) return;
  const colons = countColons(text);
  // Every key of the value and colon of its strings was counted at most once, so `colons`
  // (one per member, plus the colons in strings) equals `counted` only without duplicates.
  if (colons === counted && !text.includes("\\u003")) return;
  if (colons === 0) return;
  counts.keys = 0;
  counts.colons = 0;
  countValue(changed ? JSON.parse(text) : value);
  if (colons - counts.colons !== counts.keys || text.includes("\\u003")) {
    if (countMembers(text) !== counts.keys) throwDuplicateKey(text);
  }
}

/** Keys, and colons inside keys and strings, of a parsed value (reset before use). */
const counts = { keys: 0, colons: 0 };

/** The number of colons in a string: what a reader adds to ReadContext.count for a string it reads. */
export function countColons(s: string): number {
  let n = 0;
  let i = s.indexOf(":");
  while (i !== -1) {
    n++;
    i = s.indexOf(":", i + 1);
  }
  return n;
}

function countValue(value: unknown): void {
  if (typeof value === "string") {
    if (value.indexOf(":") !== -1) counts.colons += countColons(value);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      if (typeof v === "object" || typeof v === "string") countValue(v);
    }
    return;
  }
  const obj = value as Record<string, unknown>;
  for (const k in obj) {
    counts.keys++;
    if (k.indexOf(":") !== -1) counts.colons += countColons(k);
    const v = obj[k];
    if (typeof v === "object" || typeof v === "string") countValue(v);
  }
}

/** The end of the string literal that starts with the quote at `start`: the closing quote's index. */
function stringEnd(text: string, start: number): number {
  let j = text.indexOf('"', start + 1);
  while (text.charCodeAt(j - 1) === 92 /* \ */) {
    // Escaped if preceded by an odd number of backslashes.
    let k = j - 1;
    while (text.charCodeAt(k - 1) === 92) k--;
    if ((j - k) % 2 === 0) break;
    j = text.indexOf('"', j + 1);
  }
  return j;
}

/** The number of object members in valid JSON text: the colons outside of strings. */
function countMembers(text: string): number {
  let n = 0;
  const len = text.length;
  for (let i = 0; i < len; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      i = stringEnd(text, i);
    } else if (c === 58 /* : */) {
      n++;
    }
  }
  return n;
}

/** Scans valid JSON text for a key that occurs twice in one object, and throws for it. */
function throwDuplicateKey(text: string): void {
  // One set of keys per open object; null for arrays.
  const stack: (Set<string> | null)[] = [];
  const len = text.length;
  for (let i = 0; i < len; i++) {
    const c = text.charCodeAt(i);
    switch (c) {
      case 123 /* { */:
        stack.push(new Set());
        break;
      case 91 /* [ */:
        stack.push(null);
        break;
      case 125 /* } */:
      case 93 /* ] */:
        stack.pop();
        break;
      case 34 /* " */:
        {
          const end = stringEnd(text, i);
          const keys = stack[stack.length - 1];
          let j = end + 1;
          while (j < len && isSpace(text.charCodeAt(j))) j++;
          if (keys !== null && keys !== undefined && text.charCodeAt(j) === 58 /* : */) {
            const raw = text.substring(i, end + 1);
            const key = raw.includes("\\") ? (JSON.parse(raw) as string) : raw.substring(1, raw.length - 1);
            if (keys.has(key)) {
              throw new JsonProblem(`invalid JSON: duplicate key ${JSON.stringify(key)} at position ${i}`);
            }
            keys.add(key);
          }
          i = end;
          break;
        }
    }
  }
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}
