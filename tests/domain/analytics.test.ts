/** The Analytics screen's rules (src/domain/analytics.ts; §2 /analytics, docs/protocol.md "Stats"). */
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../src/config/stats.ts';
import { customRange, groupChartText, tradesFilterOf, tradesLink } from '../../src/domain/analytics.ts';
import { maxRangeDays } from '../../src/domain/stats.ts';

describe('§2 Analytics ranges and row links', () => {
  it('a custom range is counted by the hour up to 7 days, by the day beyond; a reversed or empty one is refused', () => {
    expect(customRange(0, 2 * HOUR_MS - 1)).toEqual({ from: 0, to: 2 * HOUR_MS, bucket: 'hour' });
    expect(customRange(0, 30 * DAY_MS - 1)).toEqual({ from: 0, to: 30 * DAY_MS, bucket: 'day' });
    expect(customRange(10, 5)).toEqual({ problem: 'The end is before the start.' });
    expect(customRange(null, 5)).toHaveProperty('problem');
    expect(customRange(0, 1001 * DAY_MS)).toHaveProperty('problem');
  });

  it('a custom range is at most what the server answers grouped (docs/protocol.md "Stats"), said as days', () => {
    const most = maxRangeDays('token');
    expect(customRange(0, most * DAY_MS - 1)).toEqual({ from: 0, to: most * DAY_MS, bucket: 'day' });
    expect(customRange(0, most * DAY_MS)).toEqual({ problem: `Choose a range of at most ${most} days.` });
  });

  it('a row opens /tx/trades filtered to its group over the range (to inclusive there)', () => {
    const range = { from: 1000, to: 5000 };
    expect(tradesFilterOf('token', 'USDC', range)).toEqual({ tokenName: 'USDC', from: 1000, to: 4999 });
    expect(tradesFilterOf('route', 'Base→Arbitrum', range)).toEqual({ networkBuy: 'Base', networkSell: 'Arbitrum', from: 1000, to: 4999 });
    expect(tradesFilterOf('errCode', '7', range)).toEqual({ errCode: '7', state: 'failed', from: 1000, to: 4999 });
    expect(tradesFilterOf('bridge', '', range)).toBeNull();
    expect(tradesLink('/tx/trades', { tokenName: 'USDC' })).toBe(`/tx/trades?filter=${encodeURIComponent('{"tokenName":"USDC"}')}`);
  });

  it('a group chart says what it shows, the largest groups first', () => {
    const counts = (trades: number, completed: number, profit: number) => ({ trades, completed, failed: trades - completed, running: 0, profit });
    const text = groupChartText('By token', 'the last 24 h', [
      { name: 'WETH', counts: counts(2, 1, -3) },
      { name: 'USDC', counts: counts(10, 9, 12.5) },
    ]);
    expect(text).toBe('By token over the last 24 h: USDC +$12.50 over 10 trades (90.0% completed); WETH -$3.00 over 2 trades (50.0% completed).');
    expect(groupChartText('By route', 'the last 7 days', [])).toBe('By route over the last 7 days: no trades.');
  });
});
