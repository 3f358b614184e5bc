/**
 * docs/protocol.md "Stats": GET /api/stats/trades (figures per UTC hour or day, no gaps,
 * totals = sum of buckets, groups by token, bridge, route and error code) and GET /api/stats/series
 * (gas, balance and block-interval samples recorded per network, kept 7 days, at most 1,000
 * points), their refusals (400 naming the field, 401 without a token) and an Operator's access.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DAY_MS, HOUR_MS, SERIES_KEEP_MS, SERIES_MAX_POINTS, SERIES_SAMPLE_MS, STATS_IN_FLIGHT_PER_USER, STATS_RETRY_AFTER_S } from '../../src/config/stats.ts';
import { StatsSeriesResponse, TradeListResponse, TradeStatsResponse, type TxRecord } from '../../src/contract/index.ts';
import { downsample, maxRangeDays } from '../../src/domain/stats.ts';
import type { TxDraft } from '../../server/src/db/repos/txs.ts';
import { signSession } from '../../server/src/auth/jwt.ts';
import { OPERATOR_ROLE } from '../../src/config/enums.ts';
import { makeApp, SECRET, START, type TestApp } from './helpers.ts';

type Draft = TxDraft & Pick<TxRecord, 'errCode'>;

/** One trade of a single Swap tx started at `at`: its state is the tx's status. */
function trade(id: string, at: number, fields: Partial<Draft> & { status: Draft['status'] }): Draft {
  return {
    id: `tx-${id}`,
    tradeId: id,
    tokenName: 'USDC',
    side: 'buy',
    method: 'odos',
    attempt: 1,
    txType: 'Swap',
    networkBuy: 'Base',
    networkSell: 'Arbitrum',
    network: 'Base',
    bridgeName: 'stargate',
    amountIn: 100,
    amountOut: null,
    expectedProfit: 1,
    hash: null,
    createdAt: at,
    updatedAt: at,
    ...fields,
  };
}

const DAY0 = Math.floor(START / DAY_MS) * DAY_MS - 3 * DAY_MS;

/** Trades on days 0, 0, 2 (day 1 has none), one before and one after the range [DAY0, DAY0 + 3 d). */
const TRADES: Draft[] = [
  trade('a', DAY0 + 1 * HOUR_MS, { status: 'completed', expectedProfit: 2.5 }),
  trade('b', DAY0 + 5 * HOUR_MS, { status: 'failed', expectedProfit: 9, errCode: 7, tokenName: 'WETH', bridgeName: 'across' }),
  trade('c', DAY0 + 2 * DAY_MS + 30 * 60_000, { status: 'completed', expectedProfit: -1, networkBuy: 'Polygon', network: 'Polygon' }),
  trade('d', DAY0 + 2 * DAY_MS + 2 * HOUR_MS, { status: 'pending', expectedProfit: 4 }),
  trade('e', DAY0 + 2 * DAY_MS + 3 * HOUR_MS, { status: 'failed', expectedProfit: 3 }),
  trade('before', DAY0 - 1, { status: 'completed', expectedProfit: 100 }),
  trade('after', DAY0 + 3 * DAY_MS, { status: 'completed', expectedProfit: 100 }),
];

/** A GET with an Operator's session signed now (the series tests move the clock past a session's hour). */
function get(t: TestApp, url: string, token: string | null = signSession({ name: 'operator', role: OPERATOR_ROLE }, SECRET, t.clock.now())) {
  return t.app.inject({ method: 'GET', url, headers: token === null ? {} : { 'x-api-key': token } });
}

async function stats(t: TestApp, query: Record<string, string | number>) {
  const response = await get(t, `/api/stats/trades?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
  expect(response.statusCode, response.body).toBe(200);
  return TradeStatsResponse.parse(response.json());
}

describe('Stats (protocol): GET /api/stats/trades', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ demoTxs: 0, seriesSampleMs: 0 });
    await t.app.ready();
    await t.app.store.txs.insertMany(TRADES);
  });
  afterAll(() => t.app.close());

  it('Stats (protocol): buckets cover [from, to) by UTC day with no gaps, an empty day is zeros', async () => {
    const answer = await stats(t, { from: DAY0, to: DAY0 + 3 * DAY_MS, bucket: 'day' });
    expect(answer.buckets.map((b) => b.t)).toEqual([DAY0, DAY0 + DAY_MS, DAY0 + 2 * DAY_MS]);
    expect(answer.buckets[0]).toEqual({ t: DAY0, trades: 2, completed: 1, failed: 1, running: 0, profit: 2.5 });
    expect(answer.buckets[1]).toEqual({ t: DAY0 + DAY_MS, trades: 0, completed: 0, failed: 0, running: 0, profit: 0 });
    // profit sums completed trades only: -1 (c), not d's or e's.
    expect(answer.buckets[2]).toEqual({ t: DAY0 + 2 * DAY_MS, trades: 3, completed: 1, failed: 1, running: 1, profit: -1 });
    expect(answer).toMatchObject({ from: DAY0, to: DAY0 + 3 * DAY_MS, bucket: 'day' });
    expect(answer.groups).toBeUndefined();
  });

  it('Stats (protocol): totals equal the sum of their buckets; to is exclusive, from inclusive', async () => {
    const answer = await stats(t, { from: DAY0, to: DAY0 + 3 * DAY_MS, bucket: 'hour' });
    expect(answer.buckets).toHaveLength(72);
    const sum = (key: 'trades' | 'completed' | 'failed' | 'running' | 'profit') => answer.buckets.reduce((s, b) => s + b[key], 0);
    expect(answer.totals).toEqual({ trades: sum('trades'), completed: sum('completed'), failed: sum('failed'), running: sum('running'), profit: sum('profit') });
    expect(answer.totals).toEqual({ trades: 5, completed: 2, failed: 2, running: 1, profit: 1.5 });
    // Hour buckets step one hour from the hour `from` is in, each the bucket a trade started in.
    expect(answer.buckets.every((b, i) => b.t === DAY0 + i * HOUR_MS)).toBe(true);
    expect(answer.buckets[5]).toMatchObject({ trades: 1, failed: 1 });
  });

  it('Stats (protocol): a range not on a bucket edge starts with the bucket from is in', async () => {
    const answer = await stats(t, { from: DAY0 + 90 * 60_000, to: DAY0 + 5 * HOUR_MS + 1, bucket: 'hour' });
    expect(answer.buckets.map((b) => b.t)).toEqual([1, 2, 3, 4, 5].map((h) => DAY0 + h * HOUR_MS));
    // a (01:00) is before from (01:30): not counted; b (05:00) is inside.
    expect(answer.totals.trades).toBe(1);
  });

  it('Stats (protocol): groups by token, bridge, route and error code, each group counted as the totals are', async () => {
    const range = { from: DAY0, to: DAY0 + 3 * DAY_MS, bucket: 'day' };
    const byToken = await stats(t, { ...range, groupBy: 'token' });
    expect(byToken.groups).toEqual([
      { key: 'USDC', trades: 4, completed: 2, failed: 1, running: 1, profit: 1.5 },
      { key: 'WETH', trades: 1, completed: 0, failed: 1, running: 0, profit: 0 },
    ]);
    const byBridge = await stats(t, { ...range, groupBy: 'bridge' });
    expect(byBridge.groups?.map((g) => [g.key, g.trades])).toEqual([['stargate', 4], ['across', 1]]);
    const byRoute = await stats(t, { ...range, groupBy: 'route' });
    expect(byRoute.groups?.map((g) => [g.key, g.trades, g.profit])).toEqual([['Base→Arbitrum', 4, 2.5], ['Polygon→Arbitrum', 1, -1]]);
    // Only failed trades with a code are grouped by it: e failed without one.
    const byCode = await stats(t, { ...range, groupBy: 'errCode' });
    expect(byCode.groups).toEqual([{ key: '7', trades: 1, completed: 0, failed: 1, running: 0, profit: 0 }]);
    for (const answer of [byToken, byBridge, byRoute]) {
      expect(answer.groups?.reduce((s, g) => s + g.trades, 0)).toBe(answer.totals.trades);
    }
  });

  it('Trades (protocol): GET /api/trades/ filters by networkBuy, networkSell and errCode, as an Analytics row opens it', async () => {
    const list = async (filter: object) => {
      const response = await get(t, `/api/trades/?filter=${encodeURIComponent(JSON.stringify(filter))}`);
      expect(response.statusCode, response.body).toBe(200);
      return TradeListResponse.parse(response.json()).data.map((trade) => trade.tradeId).sort();
    };
    expect(await list({ networkBuy: 'Polygon', networkSell: 'Arbitrum' })).toEqual(['c']);
    expect(await list({ errCode: 7 })).toEqual(['b']);
    expect(await list({ networkBuy: 'Base', from: DAY0, to: DAY0 + 3 * DAY_MS - 1 })).toEqual(['a', 'b', 'd', 'e']);
  });

  it('Stats (protocol): a trade that settles moves from running to its state in the next answer', async () => {
    const pending = TRADES.find((tx) => tx.tradeId === 'd')!;
    await t.app.store.txs.upsert([{ ...pending, status: 'failed', errCode: 3, updatedAt: pending.updatedAt + 1 }]);
    const answer = await stats(t, { from: DAY0, to: DAY0 + 3 * DAY_MS, bucket: 'day', groupBy: 'errCode' });
    expect(answer.totals).toMatchObject({ running: 0, failed: 3 });
    expect(answer.groups?.map((g) => g.key).sort()).toEqual(['3', '7']);
    await t.app.store.txs.upsert([{ ...pending, updatedAt: pending.updatedAt + 2 }]);
  });

  it('Stats (protocol): bad input is 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['from=x&to=10&bucket=day', 'from'],
      ['to=10&bucket=day', 'from'],
      ['from=0&bucket=day', 'to'],
      ['from=10&to=10&bucket=day', 'to'],
      ['from=0&to=10&bucket=week', 'bucket'],
      ['from=0&to=10&bucket=day&groupBy=colour', 'groupBy'],
      ['from=0&to=10&bucket=day&extra=1', 'extra'],
      [`from=0&to=${1001 * HOUR_MS}&bucket=hour`, 'bucket'],
    ];
    for (const [query, field] of cases) {
      const response = await get(t, `/api/stats/trades?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ details: { field: string }[] }>().details.map((d) => d.field), query).toContain(field);
    }
  });

  it('Stats (protocol): 1,000 buckets are allowed, 1,001 are not', async () => {
    expect((await get(t, `/api/stats/trades?from=0&to=${1000 * HOUR_MS}&bucket=hour`)).statusCode).toBe(200);
    expect((await get(t, `/api/stats/trades?from=0&to=${1000 * HOUR_MS + 1}&bucket=hour`)).statusCode).toBe(400);
  });

  it('Stats (protocol): a range walking more days of trades than the budget is 400 naming from, or groupBy when the groups tip it', async () => {
    const to = DAY0 + 3 * DAY_MS;
    const grouped = maxRangeDays('route');
    const alone = maxRangeDays(undefined);
    const refused = async (query: string, field: string, words: RegExp) => {
      const response = await get(t, `/api/stats/trades?${query}`);
      expect(response.statusCode, query).toBe(400);
      const details = response.json<{ details: { in: string; field: string; message: string }[] }>().details;
      expect(details, query).toEqual([{ in: 'query', field, message: expect.stringMatching(words) as string }]);
    };
    // The finding's query: 999 days by day grouped by route.
    await refused(`from=${to - 999 * DAY_MS}&to=${to}&bucket=day&groupBy=route`, 'from', /^figures grouped by route cover at most \d+ days and this range is 999: choose a later from$/);
    await refused(`from=${to - (grouped + 1) * DAY_MS}&to=${to}&bucket=day&groupBy=token`, 'groupBy', /or ask without groupBy$/);
    await refused(`from=${to - (alone + 1) * DAY_MS}&to=${to}&bucket=day`, 'from', /^figures cover at most/);
    // Up to the budget is answered, the same trades counted.
    const most = await stats(t, { from: to - grouped * DAY_MS, to, bucket: 'day', groupBy: 'route' });
    expect(most.totals.trades).toBe(6);
    expect(most.groups?.reduce((sum, g) => sum + g.trades, 0)).toBe(6);
    expect((await stats(t, { from: to - alone * DAY_MS, to, bucket: 'day' })).buckets).toHaveLength(alone);
  });

  it('Stats (protocol): 401 without a token, an Operator and an Admin allowed, on both routes', async () => {
    for (const url of ['/api/stats/trades?from=0&to=10&bucket=day', '/api/stats/series?kind=gas&network=Base&from=0&to=10']) {
      expect((await get(t, url, null)).statusCode, url).toBe(401);
      expect((await get(t, url, 'not-a-token')).statusCode, url).toBe(401);
      expect((await get(t, url)).statusCode, url).toBe(200);
      expect((await get(t, url, t.adminToken)).statusCode, url).toBe(200);
    }
  });
});

describe('Stats (protocol): GET /api/stats/series', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ demoTxs: 0, seriesSampleMs: 0 });
    await t.app.ready();
  });
  afterAll(() => t.app.close());

  const series = async (query: string) => {
    const response = await get(t, `/api/stats/series?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return StatsSeriesResponse.parse(response.json());
  };

  it('records one sample per network and kind per write: the mean of the values since the last; block interval between heads', async () => {
    const from = t.clock.now();
    t.app.hub.broadcast('gas', { network: 'Base', gasEstimate: 10 });
    t.app.hub.broadcast('gas', { network: 'Base', gasEstimate: 20 });
    t.app.hub.broadcast('gas', { network: 'Polygon', gasEstimate: 99 });
    t.app.hub.broadcast('balance', { network: 'Base', balance: 1.5 });
    t.app.hub.broadcast('newBlock', { network: 'Base', num: 100 });
    t.clock.advance(2000);
    t.app.hub.broadcast('newBlock', { network: 'Base', num: 101 });
    t.clock.advance(3000);
    // Not a new head: no interval from it.
    t.app.hub.broadcast('newBlock', { network: 'Base', num: 101 });
    t.app.hub.broadcast('newBlock', { network: 'Base', num: 102 });
    await t.app.seriesRecorder.flush();
    const at = t.clock.now();
    const to = at + 1;
    expect((await series(`kind=gas&network=Base&from=${from}&to=${to}`)).points).toEqual([[at, 15]]);
    expect((await series(`kind=gas&network=Polygon&from=${from}&to=${to}`)).points).toEqual([[at, 99]]);
    expect((await series(`kind=balance&network=Base&from=${from}&to=${to}`)).points).toEqual([[at, 1.5]]);
    expect((await series(`kind=blockInterval&network=Base&from=${from}&to=${to}`))).toEqual({ kind: 'blockInterval', network: 'Base', points: [[at, 2500]] });
    // Nothing arrived since: the next write adds no sample.
    t.clock.advance(SERIES_SAMPLE_MS);
    await t.app.seriesRecorder.flush();
    expect((await series(`kind=gas&network=Base&from=${from}&to=${t.clock.now() + 1}`)).points).toHaveLength(1);
  });

  it('Stats (protocol): at least one sample every 10 s while values arrive (the server writes every SERIES_SAMPLE_MS)', async () => {
    expect(SERIES_SAMPLE_MS).toBeLessThanOrEqual(10_000);
    const timed = await makeApp({ demoTxs: 0, seriesSampleMs: 50 });
    try {
      await timed.app.ready();
      const from = timed.clock.now();
      for (let i = 0; i < 3; i++) {
        timed.app.hub.broadcast('gas', { network: 'Linea', gasEstimate: i });
        timed.clock.advance(1000);
        await new Promise((resolve) => setTimeout(resolve, 120));
      }
      const response = await get(timed, `/api/stats/series?kind=gas&network=Linea&from=${from}&to=${timed.clock.now() + 1}`);
      expect(StatsSeriesResponse.parse(response.json()).points.map(([, v]) => v)).toEqual([0, 1, 2]);
    } finally {
      await timed.app.close();
    }
  });

  it('Stats (protocol): samples are kept 7 days, then pruned', async () => {
    const start = t.clock.now();
    t.app.hub.broadcast('gas', { network: 'Sonic', gasEstimate: 5 });
    await t.app.seriesRecorder.flush();
    t.clock.advance(SERIES_KEEP_MS - 1);
    t.app.hub.broadcast('gas', { network: 'Sonic', gasEstimate: 6 });
    await t.app.seriesRecorder.flush();
    expect((await series(`kind=gas&network=Sonic&from=0&to=${t.clock.now() + 1}`)).points).toEqual([[start, 5], [t.clock.now(), 6]]);
    // Pruned once a minute: a minute on, the first sample is past 7 days and goes.
    t.clock.advance(60_000);
    t.app.hub.broadcast('gas', { network: 'Sonic', gasEstimate: 7 });
    await t.app.seriesRecorder.flush();
    expect((await series(`kind=gas&network=Sonic&from=0&to=${t.clock.now() + 1}`)).points.map(([, v]) => v)).toEqual([6, 7]);
  });

  it('Stats (protocol): at most 1,000 points, oldest first, each the mean of its step', async () => {
    const from = Date.UTC(2024, 0, 1);
    const samples = Array.from({ length: 3000 }, (_, i) => ({ kind: 'balance' as const, network: 'Gnosis', t: from + i * SERIES_SAMPLE_MS, value: i % 7 }));
    await t.app.store.stats.record(samples);
    const to = from + 3000 * SERIES_SAMPLE_MS;
    const { points } = await series(`kind=balance&network=Gnosis&from=${from}&to=${to}`);
    expect(points.length).toBeLessThanOrEqual(SERIES_MAX_POINTS);
    expect(points.length).toBeGreaterThan(900);
    expect(points.every(([time], i) => i === 0 || time > points[i - 1]![0])).toBe(true);
    const expected = downsample(samples.map((s) => [s.t, s.value] as const), from, to, SERIES_MAX_POINTS);
    expect(points).toHaveLength(expected.length);
    points.forEach(([time, value], i) => {
      expect(time).toBe(expected[i]![0]);
      expect(value).toBeCloseTo(expected[i]![1], 9);
    });
    // A short range of few samples comes as recorded.
    expect((await series(`kind=balance&network=Gnosis&from=${from}&to=${from + 3 * SERIES_SAMPLE_MS}`)).points).toEqual([[from, 0], [from + SERIES_SAMPLE_MS, 1], [from + 2 * SERIES_SAMPLE_MS, 2]]);
  });

  it('Stats (protocol): bad input is 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['network=Base&from=0&to=10', 'kind'],
      ['kind=heat&network=Base&from=0&to=10', 'kind'],
      ['kind=gas&from=0&to=10', 'network'],
      [`kind=gas&network=${'x'.repeat(65)}&from=0&to=10`, 'network'],
      ['kind=gas&network=Base&from=-1&to=10', 'from'],
      ['kind=gas&network=Base&from=20&to=10', 'to'],
      ['kind=gas&network=Base&from=0&to=10&limit=5', 'limit'],
    ];
    for (const [query, field] of cases) {
      const response = await get(t, `/api/stats/series?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ details: { field: string }[] }>().details.map((d) => d.field), query).toContain(field);
    }
  });
});

/** Holds the store's connection (a transaction left open) until the returned function is called: reads wait. */
async function holdStore(t: TestApp): Promise<() => Promise<void>> {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let started!: () => void;
  const holding = new Promise<void>((resolve) => (started = resolve));
  const done = t.app.store.transaction(async () => {
    started();
    await opened;
  });
  await holding;
  return async () => {
    open();
    await done;
  };
}

describe('Stats (protocol): queries in flight per user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ demoTxs: 0, seriesSampleMs: 0 });
    await t.app.ready();
    await t.app.store.txs.insertMany(TRADES);
  });
  afterAll(() => t.app.close());

  const trades = `/api/stats/trades?from=${DAY0}&to=${DAY0 + 3 * DAY_MS}&bucket=day&groupBy=token`;
  const series = '/api/stats/series?kind=gas&network=Base&from=0&to=10';

  it(`Stats (protocol): past ${STATS_IN_FLIGHT_PER_USER} of a user's queries in flight, 429 in words with Retry-After; each answers once its read is done`, async () => {
    const release = await holdStore(t);
    // Both routes count: the user's queries wait for the store, each holding a slot.
    const waiting = Array.from({ length: STATS_IN_FLIGHT_PER_USER }, (_, i) => get(t, i % 2 ? series : trades));
    await vi.waitFor(() => expect(t.app.statsInFlight.held('operator')).toBe(STATS_IN_FLIGHT_PER_USER));
    for (const url of [trades, series]) {
      const refused = await get(t, url);
      expect(refused.statusCode, url).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(STATS_RETRY_AFTER_S));
      expect(refused.json()).toEqual({ error: `too many figures asked at once: at most ${STATS_IN_FLIGHT_PER_USER} at a time, wait for them and try again` });
    }
    // Another user's are their own: the Admin's query is taken while the Operator is refused.
    const admins = get(t, trades, t.adminToken);
    await vi.waitFor(() => expect(t.app.statsInFlight.held('admin')).toBe(1));
    await release();
    for (const response of await Promise.all([...waiting, admins])) expect(response.statusCode, response.body).toBe(200);
    expect(TradeStatsResponse.parse((await waiting[0]!).json()).totals.trades).toBe(5);
    expect(StatsSeriesResponse.parse((await waiting[1]!).json())).toEqual({ kind: 'gas', network: 'Base', points: [] });
    // Answered: every slot is free again.
    expect(t.app.statsInFlight.held('operator')).toBe(0);
    expect(t.app.statsInFlight.held('admin')).toBe(0);
    expect((await get(t, trades)).statusCode).toBe(200);
  });

  it('Stats (protocol): a query that fails frees its slot', async () => {
    const stats = t.app.store.stats;
    const real = stats.tradesBody;
    stats.tradesBody = () => Promise.reject(new Error('disk on fire'));
    try {
      for (let i = 0; i < STATS_IN_FLIGHT_PER_USER + 1; i++) expect((await get(t, trades)).statusCode).toBe(500);
    } finally {
      stats.tradesBody = real;
    }
    expect(t.app.statsInFlight.held('operator')).toBe(0);
    expect((await get(t, trades)).statusCode).toBe(200);
  });

  it('Stats (protocol): a client that goes away frees its slot, and its query still waiting is dropped', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    const read = vi.spyOn(t.app.store.stats, 'tradesBody');
    const release = await holdStore(t);
    const token = signSession({ name: 'operator', role: OPERATOR_ROLE }, SECRET, t.clock.now());
    const asked = httpRequest({ host: '127.0.0.1', port: address.port, path: trades, headers: { 'x-api-key': token } });
    asked.on('error', () => undefined);
    asked.end();
    await vi.waitFor(() => expect(t.app.statsInFlight.held('operator')).toBe(1));
    const [, signal] = read.mock.calls[0] ?? [];
    expect(signal?.aborted).toBe(false);
    asked.destroy();
    await vi.waitFor(() => expect(t.app.statsInFlight.held('operator')).toBe(0));
    expect(signal?.aborted).toBe(true);
    // The read was still waiting for the store: once it is free, the read is dropped, not run.
    const result = read.mock.results[0]?.value as Promise<Uint8Array>;
    await release();
    await expect(result).rejects.toThrow('the client went away');
    read.mockRestore();
    expect((await get(t, trades)).statusCode).toBe(200);
  });
});
