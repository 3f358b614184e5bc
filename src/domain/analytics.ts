/**
 * The Analytics screen's rules: the range and bucket a choice asks GET
 * /stats/trades for, the filter of /tx/trades a group's row opens, and the sentence that says
 * what a group's chart shows.
 */
import { ANALYTICS_HOURLY_MAX_MS, ROUTE_ARROW, STATS_MAX_BUCKETS, type StatsBucket, type StatsGroup } from '../config/stats.ts';
import { bucketCount, maxRangeDays, statsCostProblem, type Counts } from './stats.ts';
import { successRate } from './performance.ts';
import { formatCount, formatPercent, formatUsdChange } from './numberFormat.ts';

export interface StatsRange {
  from: number;
  /** Exclusive. */
  to: number;
  bucket: StatsBucket;
}

/** Every answer the Analytics screen asks is grouped (its overview by token): ranges are judged so. */
const ANALYTICS_GROUPED: StatsGroup = 'token';

/**
 * A custom range [from, to] (both ends as typed: `to` is the range's last ms) as the stats ask it:
 * by the hour up to ANALYTICS_HOURLY_MAX_MS, by the day beyond; a problem in the operator's words
 * when it cannot be asked.
 */
export function customRange(from: number | null, to: number | null): StatsRange | { problem: string } {
  if (from === null || to === null) return { problem: 'Type the start and the end of the range.' };
  if (to < from) return { problem: 'The end is before the start.' };
  const end = to + 1;
  const bucket: StatsBucket = end - from <= ANALYTICS_HOURLY_MAX_MS ? 'hour' : 'day';
  if (bucketCount(from, end, bucket) > STATS_MAX_BUCKETS) return { problem: `Choose a range of at most ${formatCount(STATS_MAX_BUCKETS)} days.` };
  // The screen asks every range grouped (ANALYTICS_GROUPED): the server's budget for grouped figures.
  if (statsCostProblem(from, end, ANALYTICS_GROUPED) !== null) return { problem: `Choose a range of at most ${maxRangeDays(ANALYTICS_GROUPED)} days.` };
  return { from, to: end, bucket };
}

/**
 * The /tx/trades filter that lists a group's trades over the range (GET /trades/ filter: to is
 * inclusive there). Null when the group cannot be told apart by a filter (trades without a bridge).
 */
export function tradesFilterOf(group: StatsGroup, key: string, range: Pick<StatsRange, 'from' | 'to'>): Record<string, string | number> | null {
  const span = { from: range.from, to: range.to - 1 };
  switch (group) {
    case 'token':
      return { tokenName: key, ...span };
    case 'bridge':
      return key === '' ? null : { bridgeName: key, ...span };
    case 'route': {
      const [networkBuy, networkSell, ...rest] = key.split(ROUTE_ARROW);
      if (!networkBuy || !networkSell || rest.length > 0) return null;
      return { networkBuy, networkSell, ...span };
    }
    case 'errCode':
      return { errCode: key, state: 'failed', ...span };
  }
}

/** The path of /tx/trades with that filter, as react-admin's list reads it from the address. */
export function tradesLink(tradesPath: string, filter: Record<string, string | number>): string {
  return `${tradesPath}?${new URLSearchParams({ filter: JSON.stringify(filter) })}`;
}

/** "USDC +$1,234.50 over 321 trades (97.2% completed)": one group's figures in words. */
export function groupFiguresText(name: string, counts: Counts): string {
  const rate = successRate(counts);
  const trades = `${formatCount(counts.trades)} trade${counts.trades === 1 ? '' : 's'}`;
  return `${name} ${formatUsdChange(counts.profit)} over ${trades}${rate === null ? '' : ` (${formatPercent(rate)} completed)`}`;
}

/** The text alternative of a group's chart: the largest groups by trades, the rest counted. */
export function groupChartText(title: string, periodWords: string, rows: readonly { name: string; counts: Counts }[], shown = 5): string {
  if (rows.length === 0) return `${title} over ${periodWords}: no trades.`;
  const top = [...rows].sort((a, b) => b.counts.trades - a.counts.trades).slice(0, shown);
  const rest = rows.length - top.length;
  return `${title} over ${periodWords}: ${top.map((r) => groupFiguresText(r.name, r.counts)).join('; ')}${rest > 0 ? `; and ${rest} more` : ''}.`;
}

/** A bucket size in words, for the range's caption. */
export const bucketWords = (bucket: StatsBucket) => (bucket === 'hour' ? 'per hour' : 'per day');
