/**
 * PROTOCOL "Stats" (console extension): trade counts per time bucket and the series of gas,
 * balance and block intervals. A backend may omit them (404); the console then hides what needs them.
 * Times are epoch ms, `from` inclusive and `to` exclusive.
 */
import { finite } from './builders.ts';
import { z } from './zod.ts';

/** At most this many buckets (stats/trades) or points (stats/series) in one answer. */
export const STATS_MAX_POINTS = 1000;

const Instant = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const StatsBucket = z.enum(['hour', 'day']);
export const StatsGroupBy = z.enum(['token', 'bridge', 'route', 'errCode']);

/** GET /stats/trades?from=&to=&bucket=hour|day[&groupBy=token|bridge|route|errCode] */
export const StatsTradesQuery = z
  .object({ from: Instant, to: Instant, bucket: StatsBucket, groupBy: StatsGroupBy.optional() })
  .strict()
  .refine((q) => q.from < q.to, { path: ['to'], message: 'must be after from' });
export type StatsTradesQuery = z.infer<typeof StatsTradesQuery>;

/** profit: the sum of expectedProfit over completed trades, in the unit the backend reports it. */
export const StatsCounts = z.object({
  trades: z.number().int().min(0),
  completed: z.number().int().min(0),
  failed: z.number().int().min(0),
  running: z.number().int().min(0),
  profit: finite,
});
export type StatsCounts = z.infer<typeof StatsCounts>;

/** `t` is the bucket's start (UTC hour or day); buckets cover [from, to) with no gaps. */
export const StatsTradesResponse = z.object({
  from: finite,
  to: finite,
  bucket: StatsBucket,
  totals: StatsCounts,
  buckets: z.array(StatsCounts.extend({ t: finite })).max(STATS_MAX_POINTS),
  /** Route keys are `networkBuy→networkSell`; errCode keys the code as a string. */
  groups: z.array(StatsCounts.extend({ key: z.string() })).optional(),
});
export type StatsTradesResponse = z.infer<typeof StatsTradesResponse>;

export const StatsSeriesKind = z.enum(['gas', 'balance', 'blockInterval']);

/** GET /stats/series?kind=gas|balance|blockInterval&network=&from=&to= */
export const StatsSeriesQuery = z
  .object({ kind: StatsSeriesKind, network: z.string().min(1).max(64), from: Instant, to: Instant })
  .strict()
  .refine((q) => q.from < q.to, { path: ['to'], message: 'must be after from' });
export type StatsSeriesQuery = z.infer<typeof StatsSeriesQuery>;

/** points: [t, value], oldest first, downsampled to the mean of each step; blockInterval in ms. */
export const StatsSeriesResponse = z.object({
  kind: StatsSeriesKind,
  network: z.string(),
  points: z.array(z.tuple([finite, finite])).max(STATS_MAX_POINTS),
});
export type StatsSeriesResponse = z.infer<typeof StatsSeriesResponse>;
