import { describe, expect, it } from 'vitest';
import {
  cumulativeProfit, mergeBucket, performanceText, periodRange, successRate, totalsOf, ZERO_COUNTS, type Bucket,
} from '../../src/domain/performance.ts';

const HOUR = 3_600_000;
const bucket = (t: number, c: Partial<Bucket> = {}): Bucket => ({ ...ZERO_COUNTS, t, ...c });

describe('Stats (protocol): the Home Performance card figures', () => {
  it('a period is whole buckets ending with the current one: 24 hourly buckets for 24 h', () => {
    const now = Date.UTC(2026, 10, 26, 16, 42, 5);
    const { from, to } = periodRange(now, 24 * HOUR, HOUR);
    expect(to).toBe(Date.UTC(2026, 10, 26, 17));
    expect(from).toBe(Date.UTC(2026, 10, 25, 17));
    expect((to - from) / HOUR).toBe(24);
  });

  it('totals are the sum of the buckets; the success rate counts finished trades only', () => {
    const buckets = [bucket(0, { trades: 3, completed: 2, failed: 1, profit: 5.5 }), bucket(HOUR, { trades: 2, completed: 1, running: 1, profit: 1 })];
    const totals = totalsOf(buckets);
    expect(totals).toEqual({ trades: 5, completed: 3, failed: 1, running: 1, profit: 6.5 });
    expect(successRate(totals)).toBe(0.75);
    expect(successRate(ZERO_COUNTS)).toBeNull();
  });

  it('the cumulative profit line adds each bucket to the ones before', () => {
    expect(cumulativeProfit([bucket(0, { profit: 2 }), bucket(HOUR), bucket(2 * HOUR, { profit: -0.5 })])).toEqual([2, 2, 1.5]);
  });

  it('a refetched current bucket replaces its twin, the others untouched', () => {
    const buckets = [bucket(0, { trades: 1 }), bucket(HOUR, { trades: 1 })];
    const merged = mergeBucket(buckets, bucket(HOUR, { trades: 4, completed: 4, profit: 9 }), HOUR);
    expect(merged).toEqual([bucket(0, { trades: 1 }), bucket(HOUR, { trades: 4, completed: 4, profit: 9 })]);
  });

  it('a bucket after the last slides the window: gaps zero-filled, oldest dropped, same length', () => {
    const buckets = [bucket(0, { trades: 1 }), bucket(HOUR, { trades: 2 }), bucket(2 * HOUR, { trades: 3 })];
    const merged = mergeBucket(buckets, bucket(4 * HOUR, { trades: 7 }), HOUR);
    expect(merged.map((b) => [b.t / HOUR, b.trades])).toEqual([[2, 3], [3, 0], [4, 7]]);
  });

  it('the text alternative says profit, trades, success rate and failures for the period', () => {
    const text = performanceText({ trades: 321, completed: 300, failed: 9, running: 12, profit: 1234.5 }, 'the last 24 h');
    expect(text).toBe('Profit over the last 24 h: +$1,234.50 over 321 trades, 97.1% completed, 9 failed.');
    expect(performanceText(ZERO_COUNTS, 'the last 7 days')).toBe('Profit over the last 7 days: $0.00 over 0 trades, none finished yet.');
  });
});
