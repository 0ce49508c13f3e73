/**
 * Helpers shared by the reflection suites.
 */

/** What running `fn` gave: ok, or the error's name and message. */
export type Outcome = { ok: true } | { error: string; message: string };

/** Runs `fn` and reports whether it threw, and what. */
export function outcome(fn: () => unknown): Outcome {
  try {
    fn();
    return { ok: true };
  } catch (e) {
    return { error: (e as Error).name, message: (e as Error).message };
  }
}
