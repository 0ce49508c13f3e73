/**
 * Parsing JSON text: `JSON.parse`, plus the one check it does not do. JSON.parse keeps the
 * last of duplicate keys in an object; the protobuf JSON mapping rejects them. A cheap scan
 * counts the object members in the text; only if the parsed value has fewer keys is the text
 * scanned again, carefully, to name the duplicate key.
 */
import { JsonProblem } from "./errors.js";

/** Parses JSON text. Throws a JsonProblem for invalid JSON and for duplicate keys. */
export function parseJsonText(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new JsonProblem(`invalid JSON: ${(e as Error).message}`);
  }
  if (typeof value === "object" && value !== null && countMembers(text) !== countKeys(value)) {
    throwDuplicateKey(text);
  }
  return value;
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

/** The number of keys in all objects of a parsed JSON value. */
function countKeys(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  let n = 0;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      if (typeof v === "object" && v !== null) n += countKeys(v);
    }
    return n;
  }
  const obj = value as Record<string, unknown>;
  for (const k in obj) {
    n++;
    const v = obj[k];
    if (typeof v === "object" && v !== null) n += countKeys(v);
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
      case 34 /* " */: {
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
