import { describe, expect, it } from 'vitest';
import { serviceHealth } from '../../src/domain/health.ts';
import { isBlockStale, lastTwoDigits, secondsSince } from '../../src/domain/blocks.ts';
import { countdownColour, formatMmSs } from '../../src/domain/countdown.ts';
import { pairKey, poolKey, txHistoryKey } from '../../src/domain/keys.ts';
import { dialogWidth } from '../../src/domain/dialogs.ts';
import { SESSION_MS } from '../../src/config/constants.ts';
import { NETWORKS, staleThresholdMs } from '../../src/config/networks.ts';

describe('§4 service health colour', () => {
  it('is success when every peer count is above 0 and connected is not below expected', () => {
    expect(serviceHealth({ peerCounts: [1, 3], numConnected: 8, numExpected: 8 })).toBe('success');
    expect(serviceHealth({ peerCounts: [1], numConnected: 9, numExpected: 8 })).toBe('success');
  });
  it('is danger when every peer count is above 0 but connected is below expected', () => {
    expect(serviceHealth({ peerCounts: [2, 2], numConnected: 7, numExpected: 8 })).toBe('danger');
  });
  it('is warning when any peer count is 0, whatever the connections', () => {
    expect(serviceHealth({ peerCounts: [2, 0], numConnected: 8, numExpected: 8 })).toBe('warning');
    expect(serviceHealth({ peerCounts: [0], numConnected: 1, numExpected: 8 })).toBe('warning');
  });
});

describe('§4/§9 stale block heads', () => {
  it('uses the per-network thresholds of §9', () => {
    expect(staleThresholdMs('Ethereum')).toBe(15000);
    expect(staleThresholdMs('Arbitrum')).toBe(5000);
    expect(staleThresholdMs('Base')).toBe(6000);
    expect(staleThresholdMs('Binance')).toBe(6000);
    expect(staleThresholdMs('Polygon')).toBe(8000);
    for (const other of NETWORKS.filter((n) => !['Ethereum', 'Arbitrum', 'Base', 'Binance', 'Polygon'].includes(n))) {
      expect(staleThresholdMs(other)).toBe(40000);
    }
  });
  it('turns danger only when unchanged for longer than the threshold', () => {
    expect(isBlockStale('Ethereum', 0, 15000)).toBe(false);
    expect(isBlockStale('Ethereum', 0, 15001)).toBe(true);
    expect(isBlockStale('Arbitrum', 1000, 6001)).toBe(true);
    expect(isBlockStale('Solana', 0, 39999)).toBe(false);
  });
  it('§2 shows the last 2 digits and whole seconds since the change', () => {
    expect(lastTwoDigits(987654321)).toBe('21');
    expect(lastTwoDigits(100)).toBe('00');
    expect(lastTwoDigits(7)).toBe('07');
    expect(secondsSince(1000, 3999)).toBe(2);
    expect(secondsSince(5000, 1000)).toBe(0);
  });
});

describe('§4/§9 session countdown', () => {
  it('is light at 10 min or more, warning under 10, danger under 5', () => {
    expect(countdownColour(10 * 60 * 1000)).toBe('light');
    expect(countdownColour(10 * 60 * 1000 - 1)).toBe('warning');
    expect(countdownColour(5 * 60 * 1000)).toBe('warning');
    expect(countdownColour(5 * 60 * 1000 - 1)).toBe('danger');
  });
  it('formats the 60 min minus 1 s session as mm:ss', () => {
    expect(formatMmSs(SESSION_MS)).toBe('59:59');
    expect(formatMmSs(61_500)).toBe('01:01');
    expect(formatMmSs(-5)).toBe('00:00');
  });
});

describe('§3/§5 keys', () => {
  it('§3 pair flags sort the two networks alphabetically and join with _', () => {
    expect(pairKey('Polygon', 'Arbitrum')).toBe('Arbitrum_Polygon');
    expect(pairKey('Arbitrum', 'Polygon')).toBe('Arbitrum_Polygon');
  });
  it('§5 pool tracking key is token_networkA_networkB_lp with sorted networks', () => {
    expect(poolKey('LINK', 'Ethereum', 'Base')).toBe('LINK_Base_Ethereum_lp');
  });
  it('§3 tx history key is side:method:attempt[:txType]', () => {
    expect(txHistoryKey('buy', 'swap', 2)).toBe('buy:swap:2');
    expect(txHistoryKey('sell', 'bridge', 0, 'Claim')).toBe('sell:bridge:0:Claim');
  });
});

describe('§2 dialog width overrides', () => {
  it('apply only above 100 for a message dialog and above 400 for an input dialog', () => {
    expect(dialogWidth('message', 100)).toBeUndefined();
    expect(dialogWidth('message', 101)).toBe(101);
    expect(dialogWidth('input', 400)).toBeUndefined();
    expect(dialogWidth('input', 401)).toBe(401);
    expect(dialogWidth('input', undefined)).toBeUndefined();
  });
});

describe('§2/§3 transaction history grouping', () => {
  it('groups by the side of side:method:attempt[:txType] into Buy, Sell and Other, by attempt', async () => {
    const { groupTxHistory, parseTxHistoryKey } = await import('../../src/domain/keys.ts');
    expect(parseTxHistoryKey('sell:bridge:0:Claim')).toEqual({ side: 'sell', method: 'bridge', attempt: '0', txType: 'Claim' });
    expect(parseTxHistoryKey('nonsense')).toBeNull();
    const groups = groupTxHistory({
      'buy:swap:2': 'b2',
      'buy:swap:1:Swap': 'b1',
      'sell:sell:0': 's0',
      'refund:manual:0': 'r0',
      odd: 'x',
    });
    expect(groups.Buy.map((e) => e.value)).toEqual(['b1', 'b2']);
    expect(groups.Sell.map((e) => e.value)).toEqual(['s0']);
    expect(groups.Other.map((e) => e.value).sort()).toEqual(['r0', 'x']);
  });
});
