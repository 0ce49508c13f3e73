// Interleaved measurement of several contenders in one process.
//
// Long runs of one contender followed by the next swing by ±2x on a shared 2-core machine, so
// contenders take turns in short slices (about 5 ms each): every round gives each contender one
// slice, in an order that changes from round to round, and each contender's ops and time are
// summed over all rounds. The time is the process's CPU time during the slice (process.cpuUsage):
// on a shared machine a slice that lost the CPU to another process is long in wall-clock time
// but not in CPU time. On a quiet machine the two agree; both are reported. CPU time is counted
// in scheduler ticks, so one slice's reading is coarse, but the sum over many slices is not biased. tinybench drives the rounds (time budget, minimum round count, round
// statistics); one tinybench iteration is one full round.

import { Bench } from "tinybench";

export interface Contender {
  readonly key: string;
  readonly fn: () => unknown;
  /** Fraction of the warm-up this contender needs (default 1), e.g. less for code already warm. */
  readonly warmupScale?: number;
}

export interface ContenderResult {
  readonly key: string;
  /** Operations per CPU second: summed operations over the process CPU time of their slices. */
  readonly hz: number;
  /** Operations per wall-clock second: summed operations over summed slice time. */
  readonly hzWall: number;
  /** Operations per wall-clock second: the median of the per-slice rates. */
  readonly hzWallMedian: number;
  readonly ops: number;
  /** Summed wall-clock time of the slices. */
  readonly ms: number;
  /** Summed process CPU time of the slices. */
  readonly cpuMs: number;
  /** Calls per slice. */
  readonly batch: number;
  /** CPU time of the warm-up beyond the fixed one, until the contender stopped getting faster (see settle()). */
  readonly settleMs: number;
}

export interface CellResult {
  readonly contenders: ContenderResult[];
  readonly rounds: number;
  /** Wall time of the measurement, warm-up included. */
  readonly wallMs: number;
}

export interface MeasureOptions {
  /** Target length of one slice. */
  readonly sliceMs: number;
  /** Time budget for the rounds of one cell (all contenders together). */
  readonly budgetMs: number;
  /** CPU time of warm-up per contender before the batch size is chosen. */
  readonly warmupMs: number;
  /** At least this many rounds, even past the budget. */
  readonly minRounds: number;
  /**
   * Up to this much more CPU time of warm-up per contender, while it still gets faster (see
   * settle()); 0: none.
   */
  readonly settleMs?: number;
}

const now = () => performance.now();

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  const v = [...values].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
}

/**
 * Runs `fn` until it has used about `cpuMs` of CPU time (or `maxWallMs` has passed, on a machine
 * too busy to give us the CPU) and returns its calls per CPU millisecond.
 */
function warm(fn: () => unknown, cpuMs: number, maxWallMs: number): number {
  let calls = 0;
  let batch = 1;
  const c0 = process.cpuUsage();
  const w0 = now();
  for (;;) {
    for (let i = 0; i < batch; i++) fn();
    calls += batch;
    const cpu = cpuMsSince(c0);
    const wall = now() - w0;
    if (cpu >= cpuMs || wall >= maxWallMs) return calls / Math.max(cpu, Math.min(wall, 1), 0.001);
    if (wall < cpuMs / 8) batch *= 2;
  }
}

/** The shortest window of settle(): shorter ones vary too much on a shared machine to tell a plateau. */
const settleWindowMs = 100;

/**
 * Warms `fn` up further, in windows of `windowMs` of CPU time, while it still gets faster: until
 * three windows in a row are no more than 3% faster than the fastest before them, or `capMs` of
 * CPU time is spent. Code that V8 optimizes late (large functions compile for tens of
 * milliseconds on a background thread, one after another) is then timed at its plateau, not on
 * its way there. Returns the CPU time spent.
 */
function settle(fn: () => unknown, windowMs: number, capMs: number): number {
  const c0 = process.cpuUsage();
  let best = 0;
  let flat = 0;
  while (flat < 3 && cpuMsSince(c0) < capMs) {
    const rate = warm(fn, windowMs, windowMs * 4);
    if (rate > best * 1.03) flat = 0;
    else flat++;
    best = Math.max(best, rate);
  }
  return cpuMsSince(c0);
}

export async function measureCell(contenders: readonly Contender[], opt: MeasureOptions): Promise<CellResult> {
  const wallStart = now();
  const n = contenders.length;
  // Warm up every contender (twice, interleaved, so each one's JIT state has seen the others'),
  // then size its batch to fill one slice.
  const rate = new Array<number>(n).fill(0);
  const settled = new Array<number>(n).fill(0);
  for (let pass = 0; pass < 2; pass++) {
    for (let c = 0; c < n; c++) {
      const w = (opt.warmupMs / 2) * (contenders[c].warmupScale ?? 1);
      if (pass === 0 && opt.settleMs) settled[c] = settle(contenders[c].fn, Math.max(w, settleWindowMs), opt.settleMs);
      rate[c] = warm(contenders[c].fn, w, w * 1.5);
    }
  }
  const batch = rate.map((r) => Math.max(1, Math.round(r * opt.sliceMs)));
  const ops = new Array<number>(n).fill(0);
  const ms = new Array<number>(n).fill(0);
  const cpuMs = new Array<number>(n).fill(0);
  const slices: number[][] = contenders.map(() => []);
  let round = 0;
  // A fresh seeded order every round, so no contender always follows the same other one (the
  // garbage one leaves behind is collected in whoever runs next).
  const order = contenders.map((_, i) => i);
  let seed = 0x2545f491;
  const shuffle = () => {
    for (let i = n - 1; i > 0; i--) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const j = (seed >>> 8) % (i + 1);
      const t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
  };

  const runRound = () => {
    shuffle();
    const t0 = now();
    for (let k = 0; k < n; k++) {
      const c = order[k];
      const fn = contenders[c].fn;
      const b = batch[c];
      const c0 = process.cpuUsage();
      const s = now();
      for (let i = 0; i < b; i++) fn();
      const dt = now() - s;
      const cpu = process.cpuUsage(c0);
      cpuMs[c] += (cpu.user + cpu.system) / 1000;
      ms[c] += dt;
      ops[c] += b;
      slices[c].push(b / dt);
    }
    round++;
    return { overriddenDuration: now() - t0 };
  };

  // Two interleaved rounds that do not count, then the measured ones.
  runRound();
  runRound();
  ops.fill(0);
  ms.fill(0);
  cpuMs.fill(0);
  for (const sl of slices) sl.length = 0;
  round = 0;

  const bench = new Bench({ time: opt.budgetMs, iterations: opt.minRounds, warmup: false, throws: true });
  bench.add("round", runRound);
  await bench.run();

  return {
    contenders: contenders.map((c, i) => ({
      key: c.key,
      hz: (ops[i] / cpuMs[i]) * 1000,
      hzWall: (ops[i] / ms[i]) * 1000,
      hzWallMedian: median(slices[i]) * 1000,
      ops: ops[i],
      ms: ms[i],
      cpuMs: cpuMs[i],
      batch: batch[i],
      settleMs: settled[i],
    })),
    rounds: round,
    wallMs: now() - wallStart,
  };
}
