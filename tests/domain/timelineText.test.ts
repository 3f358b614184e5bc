/** docs/protocol.md "Timeline": the timeline's sentences and its range, in the operator's words. */
import { describe, expect, it } from 'vitest';
import { TIMELINE_MAX_RANGE_MS } from '../../src/config/timeline.ts';
import { timelineRangeProblem } from '../../src/domain/timelineRange.ts';
import {
  blockLiveText, blockStaleText, healthChangeText, sellOnlyText, shortTradeId, tradeFailedText, tradePath, tradeRefundedText, tradeStuckText, workersText,
} from '../../src/domain/timelineText.ts';

const cause = { downServices: [], idlePeers: [], numConnected: 8, numExpected: 8 };

describe('Timeline (protocol): the sentences', () => {
  it('§4 health names the colour as the header shows it, and what is wrong', () => {
    expect(healthChangeText('danger', { ...cause, downServices: ['eventer'], numConnected: 7 })).toEqual({ text: 'Service health red: eventer down', severity: 'critical' });
    expect(healthChangeText('danger', { ...cause, downServices: ['eventer', 'croner'] }).text).toBe('Service health red: eventer and croner down');
    expect(healthChangeText('danger', { ...cause, downServices: ['a', 'b', 'c', 'd', 'e'] }).text).toBe('Service health red: a, b, c and 2 more down');
    expect(healthChangeText('danger', { ...cause, numConnected: 6 }).text).toBe('Service health red: 6 of 8 services connected');
    expect(healthChangeText('warning', { ...cause, idlePeers: ['tx-eu-1'] })).toEqual({ text: 'Service health amber: tx-eu-1 has no connection', severity: 'warning' });
    expect(healthChangeText('success', cause)).toEqual({ text: 'Service health green again', severity: 'info' });
  });

  it('§4 block heads: stale after so long, live again at a block', () => {
    expect(blockStaleText('Arbitrum', 45_000)).toBe('Arbitrum block head stale (no new block for 45 s)');
    expect(blockLiveText('Base', 123_456, 125_000)).toBe('Base block head live again (block 123456 after 2 min 5 s without one)');
  });

  it('§4 workers and sell only name who did it when known', () => {
    expect(workersText(false, 'alice')).toBe('Workers stopped by alice');
    expect(workersText(true, undefined)).toBe('Workers started');
    expect(sellOnlyText(true, 'bob')).toBe('Sell only turned on by bob');
    expect(sellOnlyText(false, '')).toBe('Sell only turned off');
  });

  it('§8 trades: failed with the §8 message, stuck with its step counted from 1, refunded; linked to the trade page', () => {
    const id = '1a2b3c4d-5e6f-4000-8000-000000000000';
    expect(shortTradeId(id)).toBe('1a2b3c4d…');
    expect(shortTradeId('T-123')).toBe('T-123');
    expect(tradeFailedText({ tradeId: id, tokenName: 'USDC', txType: 'Bridge', errCode: 8 })).toBe('Trade 1a2b3c4d… (USDC) failed at its Bridge step: error 8, failed to fetch evm receipt from node');
    expect(tradeFailedText({ tradeId: id })).toBe('Trade 1a2b3c4d… failed');
    expect(tradeStuckText(id, 1, 250_000, 60_000)).toBe('Trade 1a2b3c4d… stuck at step 2 (pending 4 min 10 s, usually ≈ 1 min)');
    expect(tradeRefundedText(id, 'alice', '456')).toBe('Trade 1a2b3c4d… refunded by alice (tx 456)');
    expect(tradePath('a/b')).toBe('/tx/trades/a%2Fb');
  });
});

describe('Timeline (protocol): the range a request may ask for', () => {
  const now = Date.UTC(2026, 0, 31);
  it('both ends included, to now and from a day before by default, at most 31 days', () => {
    expect(timelineRangeProblem(null, null, now)).toBeNull();
    expect(timelineRangeProblem(now - TIMELINE_MAX_RANGE_MS, now, now)).toBeNull();
    expect(timelineRangeProblem(now - TIMELINE_MAX_RANGE_MS - 1, null, now)).toBe('Choose a range of at most 31 days.');
    expect(timelineRangeProblem(now, now - 1, now)).toBe('The end is before the start.');
    expect(timelineRangeProblem(now + 1, null, now)).toBe('The start is in the future.');
    expect(timelineRangeProblem(null, now - 5, now)).toBeNull();
  });
});
