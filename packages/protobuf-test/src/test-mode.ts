/**
 * How thorough a test run is. `npm test` (the quick loop) runs every suite with a few runs per
 * property; `npm run test:full` (what CI runs) sets PBJET_TEST_FULL=1 for the full number.
 * A suite's own variable (PBJET_DIFF_RUNS, ...) overrides both, for a soak.
 */
export const fullRun = process.env.PBJET_TEST_FULL === "1";

/** Runs per property: `full` in a full run, a quarter of it (at least 1) in the quick loop. */
export function defaultRuns(full: number): number {
  return fullRun ? full : Math.max(1, Math.ceil(full / 4));
}

/**
 * The items a suite checks one by one (message types, say): all of them in a full run, every
 * `step`-th (the first included) in the quick loop.
 */
export function quickSample<T>(items: readonly T[], step = 4): T[] {
  return fullRun ? [...items] : items.filter((_, i) => i % step === 0);
}
