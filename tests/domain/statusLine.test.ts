import { describe, expect, it } from 'vitest';
import type { Alert } from '../../src/contract/alerts.ts';
import { sameStatus, statusItems, type StatusInput } from '../../src/domain/statusLine.ts';

const NOW = Date.UTC(2026, 10, 28, 3, 0, 0);
const time = (ms: number) => new Date(ms).toISOString().slice(11, 16);
const alert = (over: Partial<Alert>): Alert => ({
  id: 'a', ruleId: 'r', kind: 'balanceBelow', severity: 'warning', subject: { type: 'network', name: 'Base' }, state: 'firing',
  text: 'Base balance 0.01 ETH is below 0.50 ETH', startedAt: NOW - 60_000, firingAt: NOW - 60_000, history: [], ...over,
});
const calm: StatusInput = {
  connectionLost: false, alerts: new Map(), silences: [], connectedServices: { numConnected: 8, numExpected: 8 }, peers: { tx: { t: 1 }, zmq: { z: 1 } },
  newHeads: { Base: { changedAt: NOW - 1000 } }, stuckTrades: new Map(),
};
const texts = (input: Partial<StatusInput>) => statusItems({ ...calm, ...input }, NOW, time).map((i) => [i.severity, i.text, i.link]);

describe('the status line (docs/product.md "Status line")', () => {
  it('is empty when nothing is wrong', () => {
    expect(statusItems(calm, NOW, time)).toEqual([]);
  });

  it('lists what is wrong worst first, each with where to act; firing alerts carry who acknowledged and the silence', () => {
    expect(
      texts({
        connectionLost: true,
        alerts: new Map([
          ['w', alert({ id: 'w', ack: { by: 'bob', at: NOW } })],
          ['c', alert({ id: 'c', kind: 'healthNotGreen', severity: 'critical', text: 'eventer down for 40 s (longer than 5 s)', subject: { type: 'service', name: 'eventer' }, silenceId: 's1' })],
          ['p', alert({ id: 'p', state: 'pending', text: 'not yet' })],
        ]),
        silences: [{ id: 's1', until: NOW + 3_600_000, reason: 'deploy', by: 'amy', at: NOW }],
        connectedServices: { numConnected: 6, numExpected: 8, services: [{ name: 'eventer', connected: false, lastSeenAt: NOW - 40_000 }, { name: 'croner', connected: false, lastSeenAt: NOW - 120_000 }] },
        peers: { tx: { 'tx-eu-1': 0 }, zmq: {} },
        newHeads: { Base: { changedAt: NOW - 600_000 } },
        stuckTrades: new Map([['1a2b3c4d5e6f', { step: 1, pendingMs: 170_000, since: NOW - 10_000 }]]),
      }),
    ).toEqual([
      ['critical', 'Connection to the server lost: what is shown may be out of date', undefined],
      ['critical', 'eventer down for 40 s (longer than 5 s) (silenced until 04:00)', '/alerts/c'],
      ['critical', 'Service croner down for 2 min', '/'],
      ['warning', 'Base balance 0.01 ETH is below 0.50 ETH (acknowledged by bob)', '/alerts/w'],
      ['warning', 'Peer tx-eu-1 has no instance', '/'],
      ['warning', 'Base block head stale: no new block for 10 min', '/'],
      ['warning', 'Trade 1a2b3c4d stuck at step 2 for 3 min', '/tx/trades/1a2b3c4d5e6f'],
    ]);
  });

  it('§9 names a stale block head by network, unless an alert already does', () => {
    const stale = { newHeads: { Base: { changedAt: NOW - 600_000 } } };
    expect(texts(stale)).toEqual([['warning', 'Base block head stale: no new block for 10 min', '/']]);
    const staleAlert = alert({ kind: 'blockStale', text: 'Base block head stale: no new block for 600 s (more than 36 s)' });
    expect(texts({ ...stale, alerts: new Map([['a', staleAlert]]) }).map(([, text]) => text)).toEqual(['Base block head stale: no new block for 600 s (more than 36 s)']);
    // Another kind of alert on the same network does not hide it.
    expect(texts({ ...stale, alerts: new Map([['a', alert({})]]) })).toHaveLength(2);
  });

  it('two readings are the same when their keys, texts and severities are', () => {
    const a = statusItems({ ...calm, connectionLost: true }, NOW, time);
    expect(sameStatus(a, statusItems({ ...calm, connectionLost: true }, NOW + 5000, time))).toBe(true);
    expect(sameStatus(a, [])).toBe(false);
  });
});
