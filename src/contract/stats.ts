/**
 * docs/protocol.md "Stats" (a console extension; the reference server implements it): trade figures per
 * UTC hour or day, optionally grouped, and per-network series of gas, balance and block interval.
 * Times are epoch ms; `from` inclusive, `to` exclusive. A backend without it answers 404.
 */
import { SERIES_KINDS, STATS_BUCKETS, STATS_GROUPS } from '../config/stats.ts';
import { finite } from './builders.ts';
import { z } from './zod.ts';

/** A time in a query string: whole ms since the epoch, as digits. */
const epochMs = z.coerce.number().int().min(0).max(8.64e15);

/** GET /stats/trades query. */
export const TradeStatsQuery = z
  .object({
    from: epochMs,
    to: epochMs,
    bucket: z.enum(STATS_BUCKETS),
    groupBy: z.enum(STATS_GROUPS).optional(),
  })
  .strict()
  .refine((q) => q.from < q.to, { path: ['to'], message: 'must be after from' });
export type TradeStatsQuery = z.infer<typeof TradeStatsQuery>;

/** What every bucket, group and the totals count. profit: expectedProfit summed over completed trades. */
export const TradeCounts = z.object({
  trades: z.number().int().min(0),
  completed: z.number().int().min(0),
  failed: z.number().int().min(0),
  running: z.number().int().min(0),
  profit: finite,
});
export type TradeCounts = z.infer<typeof TradeCounts>;

export const TradeStatsBucket = TradeCounts.extend({ t: finite });
export type TradeStatsBucket = z.infer<typeof TradeStatsBucket>;
export const TradeStatsGroup = TradeCounts.extend({ key: z.string() });
export type TradeStatsGroup = z.infer<typeof TradeStatsGroup>;

export const TradeStatsResponse = z.object({
  from: finite,
  to: finite,
  bucket: z.enum(STATS_BUCKETS),
  totals: TradeCounts,
  buckets: z.array(TradeStatsBucket),
  groups: z.array(TradeStatsGroup).optional(),
});
export type TradeStatsResponse = z.infer<typeof TradeStatsResponse>;

/** GET /stats/series query. */
export const StatsSeriesQuery = z
  .object({
    kind: z.enum(SERIES_KINDS),
    network: z.string().min(1).max(64),
    from: epochMs,
    to: epochMs,
  })
  .strict()
  .refine((q) => q.from < q.to, { path: ['to'], message: 'must be after from' });
export type StatsSeriesQuery = z.infer<typeof StatsSeriesQuery>;

export const StatsSeriesResponse = z.object({
  kind: z.enum(SERIES_KINDS),
  network: z.string(),
  /** [t, value], oldest first. */
  points: z.array(z.tuple([finite, finite])),
});
export type StatsSeriesResponse = z.infer<typeof StatsSeriesResponse>;
