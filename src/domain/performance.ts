/**
 * The Home Performance card's figures from GET /api/stats/trades (docs/protocol.md "Stats"): the
 * period's range in whole buckets, the totals (the sum of the buckets), the success rate, the
 * cumulative profit line, and the live update that refetches only the current bucket and merges it
 * in (sliding the window when a new bucket starts).
 */
import type { Counts } from './stats.ts';
import { formatCount, formatPercent, formatUsdChange } from './numberFormat.ts';

export type { Counts };
export type Bucket = Counts & { t: number };

export const ZERO_COUNTS: Counts = { trades: 0, completed: 0, failed: 0, running: 0, profit: 0 };

/** The last `periodMs` in whole buckets, the current (unfinished) bucket last: [from, to). */
export function periodRange(now: number, periodMs: number, bucketMs: number): { from: number; to: number } {
  const to = Math.floor(now / bucketMs) * bucketMs + bucketMs;
  return { from: to - periodMs, to };
}

export function totalsOf(buckets: readonly Counts[]): Counts {
  const sum = { ...ZERO_COUNTS };
  for (const b of buckets) {
    sum.trades += b.trades;
    sum.completed += b.completed;
    sum.failed += b.failed;
    sum.running += b.running;
    sum.profit += b.profit;
  }
  return sum;
}

/** Completed among the finished trades (completed + failed), 0..1; null when none has finished. */
export function successRate(c: Counts): number | null {
  const finished = c.completed + c.failed;
  return finished === 0 ? null : c.completed / finished;
}

/** The profit summed up to and including each bucket. */
export function cumulativeProfit(buckets: readonly Bucket[]): number[] {
  let sum = 0;
  return buckets.map((b) => (sum += b.profit));
}

/**
 * The buckets with `fresh` (the current bucket, just refetched) in its place. A fresh bucket after
 * the last one starts a new bucket: the missing ones are zero-filled and the oldest ones dropped so
 * the window keeps its length. An older one replaces its twin, or is ignored if it fell out.
 */
export function mergeBucket(buckets: readonly Bucket[], fresh: Bucket, bucketMs: number): Bucket[] {
  const last = buckets[buckets.length - 1];
  if (!last) return [fresh];
  if (fresh.t <= last.t) return buckets.map((b) => (b.t === fresh.t ? fresh : b));
  const next = [...buckets];
  for (let t = last.t + bucketMs; t < fresh.t; t += bucketMs) next.push({ ...ZERO_COUNTS, t });
  next.push(fresh);
  return next.slice(next.length - buckets.length);
}

/** "Profit over the last 24 h: +$1,234.50 over 321 trades, 97.2% completed, 9 failed." */
export function performanceText(totals: Counts, periodWords: string): string {
  const rate = successRate(totals);
  const trades = `${formatCount(totals.trades)} trade${totals.trades === 1 ? '' : 's'}`;
  const done = rate === null ? 'none finished yet' : `${formatPercent(rate)} completed, ${formatCount(totals.failed)} failed`;
  return `Profit over ${periodWords}: ${formatUsdChange(totals.profit)} over ${trades}, ${done}.`;
}
