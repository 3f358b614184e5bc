/**
 * The rules of the stats extension (docs/protocol.md "Stats") as plain functions: where UTC hour and day
 * buckets start, the buckets of a range with no gaps, totals as the sum of buckets, a series cut
 * down to a number of points, and route keys. The server answers with them; the console reads
 * the same figures.
 */
import { BUCKET_MS, DAY_MS, ROUTE_ARROW, STATS_MAX_DAYS_WALKED, type StatsBucket, type StatsGroup } from '../config/stats.ts';

export interface Counts {
  trades: number;
  completed: number;
  failed: number;
  running: number;
  profit: number;
}

export const zeroCounts = (): Counts => ({ trades: 0, completed: 0, failed: 0, running: 0, profit: 0 });

/** The start of the UTC hour or day `t` (ms) is in. Days are UTC days: epoch ms are UTC. */
export function bucketStart(t: number, bucket: StatsBucket): number {
  const size = BUCKET_MS[bucket];
  return Math.floor(t / size) * size;
}

/** The starts of the buckets covering [from, to): the first is the one `from` is in. */
export function bucketStarts(from: number, to: number, bucket: StatsBucket): number[] {
  const starts: number[] = [];
  for (let t = bucketStart(from, bucket); t < to; t += BUCKET_MS[bucket]) starts.push(t);
  return starts;
}

/** How many buckets cover [from, to) (bucketStarts' length, without building it). */
export function bucketCount(from: number, to: number, bucket: StatsBucket): number {
  if (to <= from) return 0;
  return Math.floor((to - 1) / BUCKET_MS[bucket]) - Math.floor(from / BUCKET_MS[bucket]) + 1;
}

/** How often an answer reads each trade of its range: once for the buckets, once more for the groups. */
export function statsWalks(groupBy: StatsGroup | undefined): number {
  return groupBy === undefined ? 1 : 2;
}

/** The whole days [from, to) spans (a part of a day counts as one). */
export function rangeDays(from: number, to: number): number {
  return to <= from ? 0 : Math.ceil((to - from) / DAY_MS);
}

/**
 * The cost of an answer of GET /stats/trades, in days of trades walked: the range's days times its
 * walks (statsWalks). The trades a query reads, not the buckets it answers, are what it costs; a
 * day's trades are read from the index alone (repos/stats.ts), so a day walked costs about the same
 * whatever the bucket.
 */
export function daysWalked(from: number, to: number, groupBy: StatsGroup | undefined): number {
  return rangeDays(from, to) * statsWalks(groupBy);
}

/** The longest range, in days, an answer so grouped may cover (STATS_MAX_DAYS_WALKED over its walks). */
export function maxRangeDays(groupBy: StatsGroup | undefined): number {
  return Math.floor(STATS_MAX_DAYS_WALKED / statsWalks(groupBy));
}

/** Why a query of GET /stats/trades is refused, and the query field the operator should change. */
export interface StatsCostProblem {
  field: 'from' | 'groupBy';
  message: string;
}

/**
 * Whether GET /stats/trades can answer [from, to) so grouped within its budget (docs/protocol.md
 * "Stats": STATS_MAX_DAYS_WALKED); null when it can, else what is wrong in the operator's words:
 * `groupBy` when the range would fit without the groups, else `from` (a later start shortens it).
 */
export function statsCostProblem(from: number, to: number, groupBy: StatsGroup | undefined): StatsCostProblem | null {
  if (daysWalked(from, to, groupBy) <= STATS_MAX_DAYS_WALKED) return null;
  const days = rangeDays(from, to);
  if (groupBy !== undefined && daysWalked(from, to, undefined) <= STATS_MAX_DAYS_WALKED) {
    return {
      field: 'groupBy',
      message: `figures grouped by ${groupBy} cover at most ${maxRangeDays(groupBy)} days and this range is ${days}: choose a later from, or ask without groupBy`,
    };
  }
  const grouped = groupBy === undefined ? '' : ` grouped by ${groupBy}`;
  return { field: 'from', message: `figures${grouped} cover at most ${maxRangeDays(groupBy)} days and this range is ${days}: choose a later from` };
}

/** Counts added together. */
export function addCounts(a: Counts, b: Counts): Counts {
  return {
    trades: a.trades + b.trades,
    completed: a.completed + b.completed,
    failed: a.failed + b.failed,
    running: a.running + b.running,
    profit: a.profit + b.profit,
  };
}

/**
 * Every bucket of [from, to), oldest first, with the counts found for it and zeros where none
 * were (`found` keyed by bucket start), and the totals: their sum.
 */
export function filledBuckets(from: number, to: number, bucket: StatsBucket, found: ReadonlyMap<number, Counts>) {
  const buckets = bucketStarts(from, to, bucket).map((t) => ({ t, ...(found.get(t) ?? zeroCounts()) }));
  const totals = buckets.reduce<Counts>((sum, { t: _t, ...counts }) => addCounts(sum, counts), zeroCounts());
  return { buckets, totals };
}

/** A route's key: networkBuy→networkSell. */
export function routeKey(networkBuy: string, networkSell: string): string {
  return `${networkBuy}${ROUTE_ARROW}${networkSell}`;
}

/** The share of trades that completed, 0..1; null without trades. */
export function completedShare(counts: Pick<Counts, 'trades' | 'completed'>): number | null {
  return counts.trades === 0 ? null : counts.completed / counts.trades;
}

/** The step (ms) a series over [from, to) is cut into so it has at most `maxPoints` points. */
export function seriesStep(from: number, to: number, maxPoints: number): number {
  return Math.max(1, Math.ceil((to - from) / maxPoints));
}

/**
 * Points (oldest first) cut down to at most `maxPoints`: as they are when few enough, else the
 * mean of each step of [from, to) (seriesStep), at the step's start; empty steps give no point.
 */
export function downsample(points: readonly (readonly [number, number])[], from: number, to: number, maxPoints: number): [number, number][] {
  if (points.length <= maxPoints) return points.map(([t, v]) => [t, v]);
  const step = seriesStep(from, to, maxPoints);
  const out: [number, number][] = [];
  let index = -1;
  let sum = 0;
  let count = 0;
  for (const [t, v] of points) {
    const i = Math.floor((t - from) / step);
    if (i !== index && count > 0) {
      out.push([from + index * step, sum / count]);
      sum = 0;
      count = 0;
    }
    index = i;
    sum += v;
    count++;
  }
  if (count > 0) out.push([from + index * step, sum / count]);
  return out;
}
