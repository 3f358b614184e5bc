/** docs/protocol.md "Stats": buckets, totals and downsampling rules (src/domain/stats.ts). */
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, STATS_MAX_DAYS_WALKED } from '../../src/config/stats.ts';
import {
  bucketCount,
  bucketStart,
  bucketStarts,
  completedShare,
  daysWalked,
  downsample,
  filledBuckets,
  maxRangeDays,
  routeKey,
  statsCostProblem,
  zeroCounts,
} from '../../src/domain/stats.ts';

describe('Stats (protocol): buckets', () => {
  it('starts on the UTC hour or day, and covers [from, to) with no gaps', () => {
    const t = Date.UTC(2026, 10, 26, 16, 42, 7);
    expect(bucketStart(t, 'hour')).toBe(Date.UTC(2026, 10, 26, 16));
    expect(bucketStart(t, 'day')).toBe(Date.UTC(2026, 10, 26));
    const starts = bucketStarts(t, t + 3 * HOUR_MS, 'hour');
    expect(starts).toEqual([16, 17, 18, 19].map((h) => Date.UTC(2026, 10, 26, h)));
    expect(bucketCount(t, t + 3 * HOUR_MS, 'hour')).toBe(starts.length);
    expect(bucketCount(0, DAY_MS, 'day')).toBe(1);
    expect(bucketCount(0, DAY_MS + 1, 'day')).toBe(2);
    expect(bucketCount(5, 5, 'hour')).toBe(0);
  });

  it('fills the buckets without counts with zeros; totals are the sum of the buckets', () => {
    const found = new Map([[HOUR_MS, { trades: 3, completed: 2, failed: 1, running: 0, profit: 1.25 }]]);
    const { buckets, totals } = filledBuckets(0, 3 * HOUR_MS, 'hour', found);
    expect(buckets).toEqual([
      { t: 0, ...zeroCounts() },
      { t: HOUR_MS, trades: 3, completed: 2, failed: 1, running: 0, profit: 1.25 },
      { t: 2 * HOUR_MS, ...zeroCounts() },
    ]);
    expect(totals).toEqual({ trades: 3, completed: 2, failed: 1, running: 0, profit: 1.25 });
  });

  it('names a route networkBuy→networkSell and the completed share of trades', () => {
    expect(routeKey('Base', 'Arbitrum')).toBe('Base→Arbitrum');
    expect(completedShare({ trades: 4, completed: 3 })).toBe(0.75);
    expect(completedShare({ trades: 0, completed: 0 })).toBeNull();
  });
});

describe('Stats (protocol): the cost of an answer', () => {
  it('counts the days of trades walked: each day of the range once, twice when grouped, a part of a day as a day', () => {
    expect(daysWalked(0, DAY_MS, undefined)).toBe(1);
    expect(daysWalked(0, DAY_MS + 1, undefined)).toBe(2);
    expect(daysWalked(HOUR_MS, 2 * HOUR_MS, undefined)).toBe(1);
    expect(daysWalked(0, 30 * DAY_MS, 'route')).toBe(60);
    expect(daysWalked(5, 5, 'token')).toBe(0);
    // The bucket does not change the walk: the hours of a day are the same trades.
    expect(maxRangeDays(undefined)).toBe(STATS_MAX_DAYS_WALKED);
    expect(maxRangeDays('errCode')).toBe(Math.floor(STATS_MAX_DAYS_WALKED / 2));
  });

  it('allows a range up to the budget, and names the field to change past it, in words', () => {
    const most = maxRangeDays(undefined) * DAY_MS;
    const mostGrouped = maxRangeDays('route') * DAY_MS;
    expect(statsCostProblem(0, most, undefined)).toBeNull();
    expect(statsCostProblem(0, mostGrouped, 'route')).toBeNull();
    // Grouped, too long, but it would fit without the groups: groupBy is what to change.
    expect(statsCostProblem(0, mostGrouped + 1, 'route')).toEqual({
      field: 'groupBy',
      message: `figures grouped by route cover at most ${maxRangeDays('route')} days and this range is ${maxRangeDays('route') + 1}: choose a later from, or ask without groupBy`,
    });
    // Too long either way: from.
    expect(statsCostProblem(0, most + 1, undefined)).toEqual({
      field: 'from',
      message: `figures cover at most ${maxRangeDays(undefined)} days and this range is ${maxRangeDays(undefined) + 1}: choose a later from`,
    });
    expect(statsCostProblem(0, 999 * DAY_MS, 'route')).toEqual({
      field: 'from',
      message: `figures grouped by route cover at most ${maxRangeDays('route')} days and this range is 999: choose a later from`,
    });
  });
});

describe('Stats (protocol): series downsampling', () => {
  it('keeps few points as they are, and cuts many into the mean of each step', () => {
    expect(downsample([[1, 2], [3, 4]], 0, 10, 5)).toEqual([[1, 2], [3, 4]]);
    const points = Array.from({ length: 10 }, (_, i) => [i, i] as const);
    // 10 points over [0, 10) into 5: steps of 2, each the mean of its pair.
    expect(downsample(points, 0, 10, 5)).toEqual([[0, 0.5], [2, 2.5], [4, 4.5], [6, 6.5], [8, 8.5]]);
    // An empty step gives no point.
    expect(downsample([[0, 1], [1, 1], [8, 3], [9, 5]], 0, 10, 3)).toEqual([[0, 1], [8, 4]]);
  });
});
