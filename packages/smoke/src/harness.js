// A tiny test harness for the smoke suite. It runs unchanged on Node.js, Bun, Deno and in
// browsers: no dependencies, no imports of node: modules, no globals beyond ECMAScript and
// `console`.

/** A failed check. */
export class AssertionError extends Error {
  constructor(message) {
    super(message);
    this.name = "AssertionError";
  }
}

/**
 * Collects tests and runs them one after another. A test is a function, sync or async; it
 * passes if it returns (or resolves) and fails if it throws (or rejects).
 *
 * `known(name, reason, fn)` declares a known difference: a test expected to fail, for a
 * reason written down. It counts as passed when it fails as expected; when it passes, the
 * result says so (`unexpectedPass`), so that the list of known differences stays accurate.
 */
export function createHarness() {
  const tests = [];
  const group = [];
  return {
    describe(name, fn) {
      group.push(name);
      try {
        fn();
      } finally {
        group.pop();
      }
    },
    test(name, fn) {
      tests.push({ name: [...group, name].join(" > "), fn, known: undefined });
    },
    known(name, reason, fn) {
      tests.push({ name: [...group, name].join(" > "), fn, known: reason });
    },
    /**
     * Runs the tests whose names contain `filter` (all without one); `log` receives one line
     * per test. Resolves to a summary.
     */
    async run({ filter, log = () => {} } = {}) {
      const summary = { passed: 0, failed: 0, knownFailures: 0, unexpectedPasses: 0, failures: [], known: [], unexpected: [] };
      for (const t of tests) {
        if (filter !== undefined && !t.name.includes(filter)) continue;
        let error;
        try {
          await t.fn();
        } catch (e) {
          error = e === undefined ? new Error("undefined thrown") : e;
        }
        if (t.known === undefined) {
          if (error === undefined) {
            summary.passed++;
            log(`ok      ${t.name}`);
          } else {
            summary.failed++;
            const message = describeError(error);
            summary.failures.push({ name: t.name, error: message });
            log(`FAIL    ${t.name}\n        ${message.split("\n").join("\n        ")}`);
          }
        } else if (error !== undefined) {
          summary.knownFailures++;
          summary.passed++;
          const message = describeError(error);
          summary.known.push({ name: t.name, reason: t.known, error: message });
          log(`known   ${t.name}\n        (${t.known}) ${message.split("\n").join("\n        ")}`);
        } else {
          summary.unexpectedPasses++;
          summary.passed++;
          summary.unexpected.push({ name: t.name, reason: t.known });
          log(`XPASS   ${t.name} (listed as a known difference, "${t.known}", but it passes now)`);
        }
      }
      return summary;
    },
  };
}

/** One line (or a few) naming an error: its class name, message, and first stack frame. */
export function describeError(e) {
  if (e instanceof AssertionError) return e.message;
  if (e !== null && typeof e === "object") {
    const name = e.constructor?.name ?? typeof e;
    const where = typeof e.stack === "string" ? e.stack.split("\n").find((l) => /^\s+at |@/.test(l)) : undefined;
    return `${name}: ${e.message}${where ? `\n  ${where.trim()}` : ""}`;
  }
  return `thrown: ${String(e)}`;
}

export function assert(condition, message = "assertion failed") {
  if (!condition) throw new AssertionError(message);
}

/** Deep equality of plain values: primitives (NaN equals NaN), bigint, Uint8Array, Date, arrays, plain objects. */
export function deepEqual(a, b) {
  if (Object.is(a, b)) return true;
  if (typeof a !== typeof b) return false;
  if (typeof a === "number") return a === b; // 0 and -0
  if (a === null || b === null || typeof a !== "object") return false;
  if (a instanceof Uint8Array || b instanceof Uint8Array) {
    if (!(a instanceof Uint8Array && b instanceof Uint8Array) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  const ka = Object.keys(a).filter((k) => a[k] !== undefined);
  const kb = Object.keys(b).filter((k) => b[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
}

/** Text for a value in a failure message: JSON with bigint as `123n` and bytes as hex. */
export function show(v) {
  if (v === undefined) return "undefined";
  if (typeof v === "bigint") return `${v}n`;
  if (v instanceof Uint8Array) return `Uint8Array[${hex(v)}]`;
  try {
    const s = JSON.stringify(v, (_k, x) =>
      typeof x === "bigint"
        ? `${x}n`
        : x instanceof Uint8Array
          ? `Uint8Array[${hex(x)}]`
          : typeof x === "number" && !Number.isFinite(x)
            ? String(x)
            : x,
    );
    return s.length > 400 ? s.slice(0, 400) + "…" : s;
  } catch {
    return String(v);
  }
}

export function eq(actual, expected, what = "value") {
  if (!deepEqual(actual, expected)) throw new AssertionError(`${what}: expected ${show(expected)}, got ${show(actual)}`);
}

/**
 * Calls `fn`, which must throw. `check` is a class the error must be an instance of, or a
 * string its `name` must be, or a function that returns true for the error. Returns the error.
 */
export function throws(fn, check, what = "call") {
  let error;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  if (error === undefined) throw new AssertionError(`${what}: expected an error, but nothing was thrown`);
  checkError(error, check, what);
  return error;
}

/** Like `throws`, for a promise that must reject. */
export async function rejects(promise, check, what = "call") {
  let error;
  try {
    await promise;
  } catch (e) {
    error = e;
  }
  if (error === undefined) throw new AssertionError(`${what}: expected a rejection, but it resolved`);
  checkError(error, check, what);
  return error;
}

function checkError(error, check, what) {
  if (check === undefined) return;
  const ok =
    typeof check === "string"
      ? error?.name === check
      : check.prototype instanceof Error || check === Error
        ? error instanceof check
        : check(error) === true;
  if (!ok) {
    const expected =
      typeof check === "string" ? `an error named ${check}` : check.prototype instanceof Error ? `an instance of ${check.name}` : "a matching error";
    throw new AssertionError(`${what}: expected ${expected}, got ${describeError(error)}`);
  }
}

export function hex(bytes) {
  let s = "";
  for (const b of bytes) s += b.toString(16).padStart(2, "0");
  return s;
}

export function fromHex(s) {
  const clean = s.replace(/\s+/g, "");
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** FNV-1a (32 bits) of bytes or of a string's UTF-16 code units, as 8 hex digits. */
export function fnv1a(data) {
  let h = 0x811c9dc5;
  const n = data.length;
  for (let i = 0; i < n; i++) {
    h ^= typeof data === "string" ? data.charCodeAt(i) : data[i];
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

export function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
