/** §4 services by name (docs/protocol.md "Shapes", ConnectedServices.services): who is missing, and since when. */
import { describe, expect, it } from 'vitest';
import { SERVICE_SILENT_AFTER_MS } from '../../src/config/constants.ts';
import { emptyPeers, serviceProblems, servicesSummary, serviceStateOf, serviceViews } from '../../src/domain/services.ts';

const NOW = 1_800_000_000_000;
const MIN = 60_000;

describe('§4 named services: each service in words', () => {
  it('a connected service heard from lately is up; past the silence limit it is silent, not up; not connected is down', () => {
    expect(serviceStateOf({ name: 'brain', connected: true, lastSeenAt: NOW - 1000 }, NOW)).toBe('up');
    expect(serviceStateOf({ name: 'brain', connected: true, lastSeenAt: NOW - SERVICE_SILENT_AFTER_MS }, NOW)).toBe('up');
    expect(serviceStateOf({ name: 'brain', connected: true, lastSeenAt: NOW - SERVICE_SILENT_AFTER_MS - 1 }, NOW)).toBe('silent');
    expect(serviceStateOf({ name: 'brain', connected: false, lastSeenAt: NOW - 1000 }, NOW)).toBe('down');
  });

  it('without the extension there are no named services, and the summary is the counts alone', () => {
    expect(serviceViews({ numConnected: 7, numExpected: 8 }, NOW)).toEqual([]);
    expect(servicesSummary({ numConnected: 7, numExpected: 8 }, null, NOW)).toBe('7/8');
    expect(servicesSummary(null, null, NOW)).toBe('–');
  });

  it('the summary names what is missing and since when: "7/8 · eventer down for 2 min"', () => {
    const connected = {
      numConnected: 7,
      numExpected: 8,
      services: [
        { name: 'brain', connected: true, lastSeenAt: NOW - 2000 },
        { name: 'eventer', connected: false, lastSeenAt: NOW - 2 * MIN },
      ],
    };
    expect(servicesSummary(connected, null, NOW)).toBe('7/8 · eventer down for 2 min');
    expect(servicesSummary({ ...connected, numConnected: 8, services: [connected.services[0]!] }, null, NOW)).toBe('8/8');
    // Just gone: no "for 0 ms".
    expect(servicesSummary({ ...connected, services: [{ name: 'eventer', connected: false, lastSeenAt: NOW - 300 }] }, null, NOW)).toBe('7/8 · eventer down just now');
  });

  it('worst first: down before silent, the longest first within each; empty peers are named too', () => {
    const connected = {
      numConnected: 7,
      numExpected: 8,
      services: [
        { name: 'croner', connected: true, lastSeenAt: NOW - 45_000 },
        { name: 'noder', connected: false, lastSeenAt: NOW - 10_000 },
        { name: 'eventer', connected: false, lastSeenAt: NOW - 3 * MIN },
        { name: 'worker', connected: true, lastSeenAt: NOW - 5 * MIN },
      ],
    };
    expect(serviceProblems(connected, NOW).map((v) => `${v.name} ${v.state}`)).toEqual(['eventer down', 'noder down', 'worker silent', 'croner silent']);
    const peers = { tx: { 'tx-eu-1': 2 }, zmq: { 'zmq-eu-1': 0 } };
    expect(emptyPeers(peers)).toEqual(['zmq-eu-1: 0']);
    expect(servicesSummary(connected, peers, NOW)).toBe(
      '7/8 · eventer down for 3 min, noder down for 10 s, worker silent for 5 min, croner silent for 45 s, zmq-eu-1: 0',
    );
  });
});
