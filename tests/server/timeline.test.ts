/**
 * docs/protocol.md "Timeline" on the reference server: GET /api/timeline's roles, paging, filters
 * and refusals, and the events the server records from what it sees happen, driven through the hub
 * with the test's clock, then by the simulator itself.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { staleThresholdMs } from '../../src/config/networks.ts';
import { TIMELINE_MAX_EVENTS } from '../../src/config/timeline.ts';
import { TimelineResponse, type TimelineEvent } from '../../src/contract/index.ts';
import type { AppOptions } from '../../server/src/app.ts';
import { fieldsOf, makeApp, TestClock, type TestApp } from './helpers.ts';

const running: TestApp[] = [];
afterEach(async () => {
  for (const t of running.splice(0)) await t.app.close();
});

async function start(options: AppOptions = {}): Promise<TestApp> {
  const t = await makeApp({ timeline: { checkEveryMs: 0 }, ...options });
  running.push(t);
  return t;
}

async function timeline(t: TestApp, query = '', token = t.adminToken) {
  await t.app.timeline.settled();
  const response = await t.app.inject({ method: 'GET', url: `/api/timeline${query}`, headers: { 'x-api-key': token } });
  return response;
}

async function events(t: TestApp, query = '', token = t.adminToken): Promise<TimelineEvent[]> {
  const response = await timeline(t, query, token);
  expect(response.statusCode, response.body).toBe(200);
  return TimelineResponse.parse(response.json()).data;
}

const texts = (list: readonly TimelineEvent[]) => list.map((event) => event.text);

describe('Timeline (protocol): who sees what', () => {
  it('Timeline (protocol): an Operator gets no action events, even asking for them; an Admin gets the user log as actions', async () => {
    const t = await start();
    const stopped = await t.app.inject({ method: 'POST', url: '/api/workers/start', headers: { 'x-api-key': t.adminToken } });
    expect(stopped.statusCode).toBe(200);

    const asOperator = await events(t, '', t.operatorToken);
    expect(asOperator.map((e) => e.kind)).not.toContain('action');
    expect(texts(asOperator)).toContain('Workers started by admin');
    expect(await events(t, '?kinds=action', t.operatorToken)).toEqual([]);

    const asAdmin = await events(t);
    expect(asAdmin.find((e) => e.kind === 'action')).toMatchObject({ text: 'admin started the workers', link: '/settings/userlogs' });
    expect(asAdmin.find((e) => e.kind === 'worker')).toMatchObject({ text: 'Workers started by admin', severity: 'info' });
  });

  it('Timeline (protocol): kinds keeps only the kinds named', async () => {
    const t = await start();
    const at = t.clock.now();
    t.app.timeline.record({ at: at - 3, kind: 'health', severity: 'warning', text: 'Base block head stale (no new block for 7 s)', ref: 'Base' });
    t.app.timeline.record({ at: at - 2, kind: 'alert', severity: 'critical', text: 'Base balance low', link: '/alerts/a1', ref: 'a1' });
    t.app.timeline.record({ at: at - 1, kind: 'worker', text: 'Workers stopped by alice' });
    expect((await events(t, '?kinds=health,alert')).map((e) => e.kind)).toEqual(['alert', 'health']);
    expect(await events(t, '?kinds=alert')).toEqual([{ at: at - 2, kind: 'alert', severity: 'critical', text: 'Base balance low', link: '/alerts/a1', ref: 'a1' }]);
  });

  it('Timeline (protocol): from and to bound the events, both included; without them, the last day', async () => {
    const t = await start();
    const now = t.clock.now();
    for (const ago of [0, 10, 20, 86_400_000 + 1]) t.app.timeline.record({ at: now - ago, kind: 'worker', text: `event ${ago}` });
    expect(texts(await events(t, `?from=${now - 20}&to=${now - 10}`))).toEqual(['event 10', 'event 20']);
    expect(texts(await events(t))).toEqual(['event 0', 'event 10', 'event 20']);
  });
});

describe('Timeline (protocol): paging', () => {
  it('Timeline (protocol): at most 500 per answer, newest first; nextBefore pages through every event once, even one millisecond split over a page end', async () => {
    const t = await start();
    const now = t.clock.now();
    const recorded: string[] = [];
    // 1,200 events, 7 of them in the one millisecond where the first page would end.
    for (let i = 0; i < 1200; i++) {
      const at = i >= 495 && i < 502 ? now - 495 : now - i;
      const text = `event ${i}`;
      recorded.push(text);
      t.app.timeline.record({ at, kind: 'trade', text });
    }
    const seen: TimelineEvent[] = [];
    let query = `?from=${now - 10_000}&to=${now}`;
    for (let pages = 0; pages < 10; pages++) {
      const response = await timeline(t, query);
      const page = TimelineResponse.parse(response.json());
      expect(page.data.length).toBeLessThanOrEqual(TIMELINE_MAX_EVENTS);
      seen.push(...page.data);
      if (page.nextBefore === undefined) break;
      expect(page.nextBefore).toBe(page.data.at(-1)?.at);
      query = `?from=${now - 10_000}&to=${now}&before=${page.nextBefore}`;
    }
    expect(seen.map((e) => e.at)).toEqual([...seen.map((e) => e.at)].sort((a, b) => b - a));
    expect(new Set(texts(seen)).size).toBe(seen.length);
    expect(texts(seen).sort()).toEqual([...recorded].sort());
    // The first page stopped before the shared millisecond rather than inside it.
    const first = TimelineResponse.parse((await timeline(t, `?from=${now - 10_000}&to=${now}`)).json());
    expect(first.data).toHaveLength(495);
  });

  it('Timeline (protocol): the user log merges into the pages for an Admin', async () => {
    const t = await start();
    for (let i = 0; i < 3; i++) {
      t.clock.advance(10);
      t.app.timeline.record({ at: t.clock.now(), kind: 'worker', text: `own ${i}` });
      await t.app.inject({ method: 'POST', url: `/api/workers/${i % 2 === 0 ? 'start' : 'stop'}`, headers: { 'x-api-key': t.adminToken } });
    }
    const kinds = (await events(t)).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'action')).toHaveLength(3);
    expect(kinds.filter((k) => k === 'worker').length).toBeGreaterThanOrEqual(3);
  });
});

describe('Timeline (protocol): a bad query is a 400 naming the field', () => {
  it.each([
    ['?kinds=health,bogus', 'kinds'],
    ['?kinds=', 'kinds'],
    ['?from=20&to=10', 'to'],
    [`?from=0&to=${32 * 86_400_000}`, 'from'],
    ['?before=soon', 'before'],
    ['?from=-1', 'from'],
    ['?limit=5', ''],
  ])('Timeline (protocol): %s', async (query, field) => {
    const t = await start();
    const response = await timeline(t, query);
    expect(response.statusCode).toBe(400);
    if (field !== '') expect(fieldsOf(response)).toContain(field);
  });

  it('Timeline (protocol): from alone, later than now, is a 400 naming from; no session is a 401', async () => {
    const t = await start();
    const response = await timeline(t, `?from=${t.clock.now() + 60_000}`);
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(['from']);
    expect((await t.app.inject({ method: 'GET', url: '/api/timeline' })).statusCode).toBe(401);
  });
});

describe('Timeline (protocol): what the server records from the hub', () => {
  const services = (down: string[] = []) => ({
    numConnected: 8 - down.length,
    numExpected: 8,
    services: ['brain', 'noder', 'eventer', 'croner', 'worker', 'transactions', 'monitoring', 'aggregator'].map((name) => ({ name, connected: !down.includes(name), lastSeenAt: 0 })),
  });

  it('§4 health: the colour changing is recorded in words, red naming the service down; the first colour is no change', async () => {
    const t = await start();
    t.app.hub.broadcast('connectedServices', services());
    t.app.hub.broadcast('connectedServices', services());
    t.clock.advance(1000);
    t.app.hub.broadcast('connectedServices', services(['eventer']));
    t.clock.advance(1000);
    t.app.hub.broadcast('connectedServices', services());
    expect(await events(t, '?kinds=health')).toEqual([
      { at: t.clock.now(), kind: 'health', severity: 'info', text: 'Service health green again' },
      { at: t.clock.now() - 1000, kind: 'health', severity: 'critical', text: 'Service health red: eventer down' },
    ]);
  });

  it('§4 a block head going stale, then live again, in words', async () => {
    const t = await start();
    const threshold = staleThresholdMs('Arbitrum');
    t.app.hub.broadcast('newBlock', { network: 'Arbitrum', num: 100 });
    t.clock.advance(threshold);
    t.app.timeline.check();
    expect(await events(t, '?kinds=health')).toEqual([]);
    t.clock.advance(40_000 - threshold);
    t.app.timeline.check();
    t.app.timeline.check();
    t.clock.advance(5000);
    t.app.hub.broadcast('newBlock', { network: 'Arbitrum', num: 101 });
    expect(texts(await events(t, '?kinds=health'))).toEqual([
      'Arbitrum block head live again (block 101 after 45 s without one)',
      'Arbitrum block head stale (no new block for 40 s)',
    ]);
  });

  it('§4 workers stopped and sell only switched name who did it', async () => {
    const t = await start();
    await t.app.inject({ method: 'POST', url: '/api/workers/start', headers: { 'x-api-key': t.operatorToken } });
    t.clock.advance(1);
    await t.app.inject({ method: 'POST', url: '/api/workers/stop', headers: { 'x-api-key': t.adminToken } });
    t.clock.advance(1);
    const sellOnly = await t.app.inject({ method: 'PUT', url: '/api/settings/misc', headers: { 'x-api-key': t.operatorToken }, payload: { updates: { sellOnly: true } } });
    expect(sellOnly.statusCode).toBe(200);
    expect(await events(t, '?kinds=worker', t.operatorToken)).toEqual([
      { at: t.clock.now(), kind: 'worker', severity: 'warning', text: 'Sell only turned on by operator' },
      { at: t.clock.now() - 1, kind: 'worker', severity: 'warning', text: 'Workers stopped by admin' },
      { at: t.clock.now() - 2, kind: 'worker', severity: 'info', text: 'Workers started by operator' },
    ]);
  });

  it('Trades (protocol): a trade failing or getting stuck is recorded with a link to its page', async () => {
    const t = await start();
    const confirmation = { tokenName: 'USDC', txType: 'Bridge', bridge: { name: 'b' }, networkBuy: 'Base', networkSell: 'Arbitrum', expectedProfit: 0, tradeId: '1a2b3c4d-0000-4000-8000-000000000001', amountOut: 0 };
    t.app.hub.broadcast('txConfirmed', { txs: { '0x1': { ...confirmation, success: false } }, errCode: 31 });
    t.app.hub.broadcast('txConfirmed', { txs: { '0x1': { ...confirmation, success: false } }, errCode: 31 });
    t.app.hub.broadcast('tradeStuck', { tradeId: 'feedbeef-0000-4000-8000-000000000002', step: 2, pendingMs: 250_000, expectedMs: 60_000 });
    const list = await events(t, '?kinds=trade');
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ severity: 'warning', text: 'Trade feedbeef… stuck at step 3 (pending 4 min 10 s, usually ≈ 1 min)', link: '/tx/trades/feedbeef-0000-4000-8000-000000000002' });
    expect(list[1]).toMatchObject({ severity: 'critical', link: `/tx/trades/${confirmation.tradeId}`, ref: confirmation.tradeId });
    expect(list[1]?.text).toMatch(/^Trade 1a2b3c4d… \(USDC\) failed at its Bridge step: error 31, /);
  });

  it('Timeline (protocol): record() never throws at its caller; an event the contract refuses is logged, not stored, and spoils no page', async () => {
    const t = await start();
    const errors: unknown[] = [];
    t.app.log.error = ((...args: unknown[]) => void errors.push(args)) as typeof t.app.log.error;
    const at = t.clock.now();
    expect(() => t.app.timeline.record({ at, kind: 'alert', text: 'offsite', link: 'https://example.com/' })).not.toThrow();
    expect(() => t.app.timeline.record({ at: Number.NaN, kind: 'alert', text: 'broken' })).not.toThrow();
    t.app.timeline.record({ at, kind: 'alert', severity: 'critical', text: 'Base balance low', link: '/alerts/a1', ref: 'a1' });
    expect(errors).toHaveLength(2);
    expect(texts(await events(t, '?kinds=alert'))).toEqual(['Base balance low']);
  });
});

describe('Timeline (protocol): recorded as the simulator drives it', () => {
  /** The simulator keeps wall-clock time, so these servers do too (and sign their tokens by it). */
  const wallClock = () => {
    const clock = new TestClock(Date.now());
    clock.now = () => Date.now();
    return clock;
  };
  const control = (t: TestApp, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/sim/control', headers: { 'x-api-key': t.adminToken }, payload: body });

  it('§7 a trade the simulator fails reaches the timeline, in words, linked to its page', async () => {
    const t = await makeApp({ sim: { enabled: true, seed: 3, rate: 10 }, timeline: { checkEveryMs: 0 } }, wallClock());
    running.push(t);
    expect((await control(t, { action: 'quiet', quiet: true })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/workers/start', headers: { 'x-api-key': t.operatorToken } });
    const failed = (await control(t, { action: 'trade', errCode: 31 })).json<{ tradeId: string }>().tradeId;
    await expect.poll(async () => (await events(t, '?kinds=trade', t.operatorToken)).map((e) => e.ref), { timeout: 15_000, interval: 200 })
      .toEqual([failed]);
    const [event] = await events(t, '?kinds=trade', t.operatorToken);
    expect(event).toMatchObject({ severity: 'critical', link: `/tx/trades/${failed}` });
    expect(event?.text).toMatch(/^Trade \w{8}… \(\w+\) failed at its \w+ step: error 31, /);
  }, 20_000);

  it('§7 a trade the simulator keeps pending past the floor is recorded stuck', async () => {
    const t = await start({ demoTxs: 0, sim: { enabled: true, seed: 4, rate: 1 } });
    await t.app.ready();
    // Simulated time stands still: the trade asked for stays at its first step.
    t.app.sim!.pause();
    await t.app.inject({ method: 'POST', url: '/api/workers/start', headers: { 'x-api-key': t.operatorToken } });
    const { tradeId } = (await control(t, { action: 'trade', slow: true })).json<{ tradeId: string }>();
    t.clock.advance(60_001);
    await t.app.tradeWatch.check();
    expect(await events(t, '?kinds=trade', t.operatorToken)).toEqual([
      { at: t.clock.now(), kind: 'trade', severity: 'warning', text: `Trade ${tradeId.slice(0, 8)}… stuck at step 1 (pending 1 min, usually ≈ 1 min)`, link: `/tx/trades/${tradeId}`, ref: tradeId },
    ]);
  });

  it('§9 a stall through the control route: the block head goes stale, then live again', async () => {
    const t = await makeApp({ sim: { enabled: true, seed: 2, rate: 4 }, timeline: { checkEveryMs: 100 } }, wallClock());
    running.push(t);
    expect((await control(t, { action: 'quiet', quiet: true })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const threshold = staleThresholdMs('Arbitrum');
    expect((await control(t, { action: 'stall', network: 'Arbitrum', ms: threshold + 1500 })).statusCode).toBe(200);
    await expect.poll(async () => texts(await events(t, '?kinds=health', t.operatorToken)).join('\n'), { timeout: threshold + 6000, interval: 200 })
      .toMatch(/Arbitrum block head live again[^]*Arbitrum block head stale \(no new block for \d+ s\)/);
  }, 20_000);
});
