/**
 * Trades as journeys (docs/protocol.md "Trades"): GET /api/trades/ and /api/trades/{tradeId} over
 * the transaction history grouped by tradeId; step durations learned as txs complete; stuck and
 * unstuck trades and their events. 401 and 403 for each route: permissions.test.ts.
 */
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TradeJourneyDetail,
  TradeListResponse,
  TradeStuckPayload,
  type TradeJourney,
  type TxRecord,
} from '../../src/contract/index.ts';
import { journeyOf } from '../../src/domain/trades.ts';
import type { TradeDraft, TradeTx } from '../../server/src/db/repos/trades.ts';
import { seedDemoTxs } from '../../server/src/db/seed.ts';
import { DB_FILE_NAME, openSqliteStore } from '../../server/src/db/store.ts';
import { broadcastsDuring, DEMO_TXS_IN_TESTS, fieldsOf, makeApp, tempDir, type TestApp } from './helpers.ts';

type Query = Record<string, string | number | object>;

function get(t: TestApp, url: string, token = t.operatorToken, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { 'x-api-key': token, ...headers } });
}

function listUrl(query: Query): string {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, typeof value === 'object' ? JSON.stringify(value) : String(value)]));
  return `/api/trades/?${params}`;
}

async function listed(t: TestApp, query: Query) {
  const response = await get(t, listUrl(query));
  expect(response.statusCode, response.body).toBe(200);
  return TradeListResponse.parse(response.json());
}

/** Every trade of the list, in its order, page after page. */
async function everyTrade(t: TestApp, query: Query = {}): Promise<TradeJourney[]> {
  const all: TradeJourney[] = [];
  for (let page = 1; ; page++) {
    const { data, total } = await listed(t, { ...query, page, perPage: 500 });
    all.push(...data);
    if (all.length >= total || data.length === 0) return all;
  }
}

describe('Trades (protocol): GET /api/trades/ groups the seeded history by tradeId', () => {
  let t: TestApp;
  /** The seeded txs of trades, oldest first. */
  let txs: TxRecord[];
  let byTrade: Map<string, TxRecord[]>;
  beforeAll(async () => {
    t = await makeApp();
    await t.app.ready();
    ({ data: txs } = await t.app.store.txs.list({ filter: {}, sort: 'createdAt', order: 'ASC', offset: 0, limit: DEMO_TXS_IN_TESTS }));
    byTrade = new Map();
    for (const tx of txs) {
      if (tx.tradeId === null) continue;
      byTrade.set(tx.tradeId, [...(byTrade.get(tx.tradeId) ?? []), tx]);
    }
  });
  afterAll(() => t.app.close());

  it('Trades (protocol): one trade per tradeId, each as its txs give it (route, times, state, current step, amounts)', async () => {
    const trades = await everyTrade(t);
    expect(trades).toHaveLength(byTrade.size);
    expect(new Set(trades.map((trade) => trade.tradeId))).toEqual(new Set(byTrade.keys()));
    const stuck = new Set(t.app.tradeWatch.stuckIds());
    for (const trade of trades) {
      const steps = byTrade.get(trade.tradeId)!;
      const journey = journeyOf(steps);
      const first = steps[0]!;
      expect(trade).toEqual({
        tradeId: first.tradeId,
        tokenName: first.tokenName,
        networkBuy: first.networkBuy,
        networkSell: first.networkSell,
        bridge: { name: first.bridgeName },
        startedAt: first.createdAt,
        updatedAt: Math.max(...steps.map((step) => step.updatedAt)),
        currentStep: journey.currentStep,
        state: stuck.has(trade.tradeId) ? 'stuck' : journey.state,
        expectedProfit: first.expectedProfit,
        amountIn: journey.amountIn,
        ...(journey.amountOut === null ? {} : { amountOut: journey.amountOut }),
      });
    }
    const states = new Set(trades.map((trade) => trade.state));
    expect(states).toContain('completed');
    expect(states).toContain('failed');
  });

  it('Trades (protocol): defaults startedAt DESC, page 1, 25 a page, the total of all trades', async () => {
    const page = await listed(t, {});
    expect(page.total).toBe(byTrade.size);
    expect(page.data).toHaveLength(25);
    const started = page.data.map((trade) => trade.startedAt);
    expect(started).toEqual([...started].sort((a, b) => b - a));
    const second = await listed(t, { page: 2 });
    expect(second.data[0]!.startedAt).toBeLessThanOrEqual(started.at(-1)!);
    expect(second.data.map((trade) => trade.tradeId)).not.toContain(page.data[0]!.tradeId);
  });

  it.each(['startedAt', 'updatedAt', 'expectedProfit', 'amountIn', 'tokenName', 'tradeId'] as const)(
    'Trades (protocol): sorts by %s both ways, every trade once',
    async (sort) => {
      for (const order of ['ASC', 'DESC'] as const) {
        const trades = await everyTrade(t, { sort, order });
        expect(new Set(trades.map((trade) => trade.tradeId)).size).toBe(byTrade.size);
        const values = trades.map((trade) => trade[sort] as number | string);
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(values).toEqual(order === 'ASC' ? sorted : sorted.reverse());
      }
    },
  );

  it('Trades (protocol): filters by state, token, network (buy or sell), bridge and start time, alone and together', async () => {
    const all = await everyTrade(t);
    const check = async (filter: object, expected: (trade: TradeJourney) => boolean) => {
      const trades = await everyTrade(t, { filter });
      expect(trades.map((trade) => trade.tradeId).sort(), JSON.stringify(filter)).toEqual(all.filter(expected).map((trade) => trade.tradeId).sort());
      return trades;
    };
    expect((await check({ state: 'failed' }, (trade) => trade.state === 'failed')).length).toBeGreaterThan(0);
    await check({ state: ['completed', 'running'] }, (trade) => trade.state === 'completed' || trade.state === 'running');
    await check({ state: ['running', 'stuck'] }, (trade) => trade.state === 'running' || trade.state === 'stuck');
    const token = all[0]!.tokenName;
    expect((await check({ tokenName: token }, (trade) => trade.tokenName === token)).length).toBeGreaterThan(0);
    const network = all[0]!.networkSell;
    const onNetwork = await check({ network }, (trade) => trade.networkBuy === network || trade.networkSell === network);
    expect(onNetwork.some((trade) => trade.networkBuy === network)).toBe(true);
    expect(onNetwork.some((trade) => trade.networkSell === network)).toBe(true);
    const bridge = all[0]!.bridge.name;
    await check({ bridgeName: bridge }, (trade) => trade.bridge.name === bridge);
    const from = all[Math.floor(all.length / 2)]!.startedAt;
    const to = all[5]!.startedAt;
    await check({ from, to }, (trade) => trade.startedAt >= from && trade.startedAt <= to);
    await check({ state: 'completed', tokenName: token, network }, (trade) => trade.state === 'completed' && trade.tokenName === token && (trade.networkBuy === network || trade.networkSell === network));
    // A filter field may also be its own parameter, as on GET /txs/.
    const page = await listed(t, { state: 'failed', perPage: 500 });
    expect(page.data.every((trade) => trade.state === 'failed')).toBe(true);
  });

  it("Lists (protocol): ra-data-simple-rest's form (sort=[f,o], range=[a,b]) is answered with the array and Content-Range", async () => {
    const response = await get(t, listUrl({ sort: ['startedAt', 'DESC'], range: [25, 49], filter: {} }), t.operatorToken, { range: 'trades=25-49' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe(`trades 25-49/${byTrade.size}`);
    const records = response.json<unknown[]>();
    expect(records).toHaveLength(25);
    expect(records).toEqual((await listed(t, { page: 2 })).data);
    const beyond = await get(t, listUrl({ sort: ['startedAt', 'DESC'], range: [5000, 5024] }));
    expect(beyond.headers['content-range']).toBe(`trades */${byTrade.size}`);
    expect(beyond.json()).toEqual([]);
  });

  it('Trades (protocol): GET /api/trades/{tradeId} is the trade with its steps in order, each with its duration and error code', async () => {
    const [tradeId, steps] = [...byTrade].find(([, rows]) => rows.some((row) => row.errCode !== undefined))!;
    const response = await get(t, `/api/trades/${tradeId}`);
    expect(response.statusCode).toBe(200);
    const detail = TradeJourneyDetail.parse(response.json());
    const listedTrade = (await everyTrade(t)).find((trade) => trade.tradeId === tradeId)!;
    const { steps: got, ...trade } = detail;
    expect(trade).toEqual(listedTrade);
    expect(got.map((step) => step.txId)).toEqual(steps.map((step) => step.id));
    got.forEach((step, i) => {
      const tx = steps[i]!;
      expect(step).toMatchObject({ side: tx.side, txType: tx.txType, network: tx.network, status: tx.status, createdAt: tx.createdAt, updatedAt: tx.updatedAt });
      expect(step.hash).toBe(tx.hash ?? undefined);
      expect(step.errCode).toBe(tx.errCode);
      if (['completed', 'failed', 'stale', 'sent-back'].includes(tx.status)) expect(step.durationMs).toBe(tx.updatedAt - tx.createdAt);
    });
    // Durations learned from the seeded history: a completed Swap's kind has its median.
    expect(got.some((step) => step.expectedMs !== undefined)).toBe(true);
  });

  it('Trades (protocol): any signed-in role reads both; 404 for an unknown tradeId', async () => {
    const someId = [...byTrade.keys()][0]!;
    for (const token of [t.operatorToken, t.adminToken]) {
      expect((await get(t, '/api/trades/', token)).statusCode).toBe(200);
      expect((await get(t, `/api/trades/${someId}`, token)).statusCode).toBe(200);
    }
    const unknown = await get(t, '/api/trades/no-such-trade');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'unknown trade' });
  });

  it('Errors (protocol): 401 without a token, on both routes', async () => {
    for (const url of ['/api/trades/', `/api/trades/${[...byTrade.keys()][0]!}`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
    }
  });

  it('Errors (protocol): 400 names each bad query parameter', async () => {
    const bad: [Query, string[]][] = [
      [{ sort: 'createdAt' }, ['sort']],
      [{ order: 'sideways' }, ['order']],
      [{ perPage: 501 }, ['perPage']],
      [{ page: 0 }, ['page']],
      [{ filter: { state: 'pending' } }, ['filter.state']],
      [{ filter: { network: 'Mars' } }, ['filter.network']],
      [{ filter: { from: 10, to: 5 } }, ['filter.to']],
      [{ filter: { txType: 'Swap' } }, ['filter.txType']],
      [{ filter: 'not json' }, ['filter']],
      [{ colour: 'red' }, ['colour']],
      [{ range: [0, 24], page: 1 }, ['page']],
    ];
    for (const [query, fields] of bad) {
      const response = await get(t, listUrl(query));
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(fieldsOf(response), JSON.stringify(query)).toEqual(fields);
    }
  });
});

const MINUTE = 60_000;

/** A trade of this test's own, over the CCIP bridge (kind CCIP), from Base to Ethereum. */
function trade(tradeId: string, legs: [TradeTx['txType'], TradeTx['status']][]): TradeDraft {
  return {
    tradeId,
    tokenName: 'LINK',
    networkBuy: 'Base',
    networkSell: 'Ethereum',
    bridge: { name: 'ccip-eth-base' },
    txTypes: legs.map(([txType]) => txType),
    status: legs.some(([, status]) => status === 'pending') ? 'pending' : 'completed',
    expectedProfit: 1.25,
    txs: legs.map(([txType, status], i) => ({
      txId: `0x${tradeId}${i}`,
      txType,
      network: txType === 'Sell' ? 'Ethereum' : 'Base',
      status,
      amountIn: txType === 'Swap' ? 500 : 0,
      ...(status === 'completed' ? { amountOut: txType === 'Sell' ? 501.25 : 30, success: true } : {}),
    })),
  };
}

describe('Trades (protocol): durations learned as txs complete; stuck and unstuck', () => {
  let t: TestApp;
  const put = (draft: TradeDraft) => t.app.store.trades.put(draft);
  beforeAll(async () => {
    // An empty history: every duration known is one this test completed.
    t = await makeApp({ demoTxs: 0, stuck: { factor: 2, floorMs: MINUTE, checkEveryMs: 0 } });
    await t.app.ready();
  });
  afterAll(() => t.app.close());

  it('median and p95 per (txType, network, bridge kind) follow each completed step, not the ones recorded already completed', async () => {
    const bridgeOnBase = { txType: 'Bridge', network: 'Base', bridgeName: 'ccip-eth-base' };
    expect(t.app.tradeWatch.expected(bridgeOnBase)).toBeUndefined();
    // Twenty trades whose Bridge step takes 1 s, 2 s, … 20 s.
    for (let i = 1; i <= 20; i++) {
      await put(trade(`d${i}`, [['Swap', 'pending']]));
      t.clock.advance(1000);
      await put(trade(`d${i}`, [['Swap', 'completed'], ['Bridge', 'pending']]));
      t.clock.advance(i * 1000);
      await put(trade(`d${i}`, [['Swap', 'completed'], ['Bridge', 'completed']]));
      await t.app.tradeWatch.check();
    }
    expect(t.app.tradeWatch.expected(bridgeOnBase)).toEqual({ count: 20, medianMs: 10_000, p95Ms: 19_000 });
    // Another bridge of the same kind shares the figures; the Swap on Base has its own (1 s each).
    expect(t.app.tradeWatch.expected({ ...bridgeOnBase, bridgeName: 'ccip-eth-base' })?.count).toBe(20);
    expect(t.app.tradeWatch.expected({ txType: 'Swap', network: 'Base', bridgeName: 'ccip-eth-base' })).toEqual({ count: 20, medianMs: 1000, p95Ms: 1000 });
    expect(t.app.tradeWatch.expected({ ...bridgeOnBase, network: 'Ethereum' })).toBeUndefined();
    // Written again unchanged, a completed step is not learned twice; one recorded completed took no known time.
    await put(trade('d20', [['Swap', 'completed'], ['Bridge', 'completed']]));
    await put(trade('instant', [['Swap', 'completed'], ['Bridge', 'completed']]));
    await t.app.tradeWatch.check();
    expect(t.app.tradeWatch.expected(bridgeOnBase)?.count).toBe(20);
    // The list shows the completed trades with their amounts.
    const detail = TradeJourneyDetail.parse((await get(t, '/api/trades/d20')).json());
    expect(detail).toMatchObject({ state: 'completed', currentStep: 1, amountIn: 500, expectedProfit: 1.25, bridge: { name: 'ccip-eth-base' } });
    expect(detail.steps.map((step) => [step.txType, step.durationMs, step.expectedMs])).toEqual([
      ['Swap', 1000, 1000],
      ['Bridge', 20_000, 10_000],
    ]);
  });

  it('a step pending past max(p95 × factor, floor) makes its trade stuck: tradeStuck once, the list says stuck, then tradeUnstuck when it moves on', async () => {
    // Bridge on Base: p95 19 s, so the floor (1 min) decides.
    await put(trade('slow', [['Swap', 'pending']]));
    t.clock.advance(2000);
    await put(trade('slow', [['Swap', 'completed'], ['Bridge', 'pending']]));
    const startedBridge = t.clock.now();

    t.clock.advance(MINUTE);
    expect(await broadcastsDuring(t.app, () => t.app.tradeWatch.check())).toEqual([]);
    const running = TradeJourneyDetail.parse((await get(t, '/api/trades/slow')).json());
    expect(running).toMatchObject({ state: 'running', currentStep: 1 });
    expect(running.steps[1]).toMatchObject({ status: 'pending', durationMs: MINUTE, expectedMs: 10_000 });

    t.clock.advance(1);
    const becameStuck = await broadcastsDuring(t.app, () => t.app.tradeWatch.check());
    expect(becameStuck).toEqual([{ event: 'tradeStuck', payload: { tradeId: 'slow', step: 1, pendingMs: MINUTE + 1, expectedMs: 10_000 } }]);
    expect(TradeStuckPayload.safeParse(becameStuck[0]!.payload).success).toBe(true);
    // Told once: later checks while it stays stuck say nothing.
    t.clock.advance(5 * MINUTE);
    expect(await broadcastsDuring(t.app, () => t.app.tradeWatch.check())).toEqual([]);
    expect(t.app.tradeWatch.stuckIds()).toEqual(['slow']);

    expect(TradeJourneyDetail.parse((await get(t, '/api/trades/slow')).json()).state).toBe('stuck');
    const stuckOnly = await listed(t, { filter: { state: 'stuck' } });
    expect(stuckOnly.data.map((x) => x.tradeId)).toEqual(['slow']);
    expect(stuckOnly.data[0]).toMatchObject({ state: 'stuck', currentStep: 1 });
    expect((await listed(t, { filter: { state: 'running' } })).total).toBe(0);
    expect((await listed(t, { perPage: 500 })).data.find((x) => x.tradeId === 'slow')?.state).toBe('stuck');

    // The bridge goes through: the trade moves on to its sell, and is unstuck.
    await put(trade('slow', [['Swap', 'completed'], ['Bridge', 'completed'], ['Sell', 'pending']]));
    const movedOn = await broadcastsDuring(t.app, () => t.app.tradeWatch.check());
    expect(movedOn).toEqual([{ event: 'tradeUnstuck', payload: { tradeId: 'slow' } }]);
    expect(t.app.tradeWatch.stuckIds()).toEqual([]);
    expect(await broadcastsDuring(t.app, () => t.app.tradeWatch.check())).toEqual([]);
    const after = TradeJourneyDetail.parse((await get(t, '/api/trades/slow')).json());
    expect(after).toMatchObject({ state: 'running', currentStep: 2 });
    // Its 6-minute bridge is history now: it joined the durations.
    expect(after.steps[1]!.durationMs).toBe(t.clock.now() - startedBridge);
    expect(t.app.tradeWatch.expected({ txType: 'Bridge', network: 'Base', bridgeName: 'ccip-eth-base' })?.count).toBe(21);
    await put(trade('slow', [['Swap', 'completed'], ['Bridge', 'completed'], ['Sell', 'completed']]));
    expect(await broadcastsDuring(t.app, () => t.app.tradeWatch.check())).toEqual([]);
    expect(TradeJourneyDetail.parse((await get(t, '/api/trades/slow')).json())).toMatchObject({ state: 'completed', currentStep: 2, amountOut: 501.25 });
  });

  it('a kind with no completed step yet is stuck after the floor alone, and expectedMs is the floor', async () => {
    await put({ ...trade('fresh', [['Claim', 'pending']]), networkBuy: 'Polygon', txs: [{ txId: '0xc', txType: 'Claim', network: 'Polygon', status: 'pending', amountIn: 0 }] });
    t.clock.advance(MINUTE + 1);
    const told = await broadcastsDuring(t.app, () => t.app.tradeWatch.check());
    expect(told).toEqual([{ event: 'tradeStuck', payload: { tradeId: 'fresh', step: 0, pendingMs: MINUTE + 1, expectedMs: MINUTE } }]);
  });

  it('a stuck trade pruned away is unstuck', async () => {
    expect(t.app.tradeWatch.stuckIds()).toContain('fresh');
    await t.app.store.trades.prune(0);
    expect(await broadcastsDuring(t.app, () => t.app.tradeWatch.check())).toEqual([{ event: 'tradeUnstuck', payload: { tradeId: 'fresh' } }]);
    expect((await listed(t, {})).total).toBe(0);
    expect((await get(t, '/api/trades/fresh')).statusCode).toBe(404);
  });
});

describe('Trades (protocol): the simulator journeys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ demoTxs: 0, sim: { enabled: true, seed: 4, rate: 1 } });
    await t.app.ready();
    // Simulated time stands still: the trade asked for stays at its first step.
    t.app.sim!.pause();
  });
  afterAll(() => t.app.close());

  it('§4 stopped workers start no trade; once started, a trade is listed running at its first step, then stuck past the floor', async () => {
    const control = (body: object) => t.app.inject({ method: 'POST', url: '/api/sim/control', headers: { 'x-api-key': t.adminToken }, payload: body });
    expect((await control({ action: 'trade', slow: true })).statusCode).toBe(409);
    expect((await listed(t, {})).total).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/workers/start', headers: { 'x-api-key': t.operatorToken } })).statusCode).toBe(200);
    const { tradeId } = (await control({ action: 'trade', slow: true })).json<{ tradeId: string }>();
    const listedNow = await listed(t, {});
    expect(listedNow.data).toEqual([expect.objectContaining({ tradeId, state: 'running', currentStep: 0, startedAt: t.clock.now() })]);
    const detail = TradeJourneyDetail.parse((await get(t, `/api/trades/${tradeId}`)).json());
    expect(detail.steps).toEqual([expect.objectContaining({ status: 'pending', durationMs: 0 })]);
    t.clock.advance(MINUTE + 1);
    const told = await broadcastsDuring(t.app, () => t.app.tradeWatch.check());
    expect(told).toEqual([{ event: 'tradeStuck', payload: { tradeId, step: 0, pendingMs: MINUTE + 1, expectedMs: MINUTE } }]);
  });
});

describe('Trades (protocol): pages read on the reader threads', () => {
  let inMemory: TestApp;
  let onFile: TestApp;
  beforeAll(async () => {
    inMemory = await makeApp();
    onFile = await makeApp({ dataDir: tempDir('trades-readers-'), txReaders: 2 });
    await Promise.all([inMemory.app.ready(), onFile.app.ready()]);
  });
  afterAll(async () => {
    await inMemory.app.close();
    await onFile.app.close();
  });

  it('answer what the store answers on its own connection, in both list forms', async () => {
    const queries: Query[] = [
      {},
      { sort: 'updatedAt', order: 'ASC', page: 3, perPage: 50 },
      { filter: { state: 'failed' }, sort: 'amountIn', order: 'DESC' },
      { filter: { state: ['running', 'stuck'] } },
      { filter: { network: 'Ethereum', tokenName: 'USDC' }, sort: 'tokenName', order: 'ASC' },
      { sort: ['expectedProfit', 'DESC'], range: [25, 49], filter: { bridgeName: 'polygon-pos' } },
    ];
    for (const query of queries) {
      const [a, b] = await Promise.all([get(inMemory, listUrl(query)), get(onFile, listUrl(query))]);
      expect(b.statusCode, JSON.stringify(query)).toBe(200);
      expect(b.json(), JSON.stringify(query)).toEqual(a.json());
      expect(b.headers['content-range']).toBe(a.headers['content-range']);
    }
  });
});

describe('Trades (protocol): a history older than the trade rows (migration 11)', () => {
  it('gets its trade rows on the first open, the same as a history written with them', async () => {
    const dataDir = tempDir('trades-upgrade-');
    const now = () => Date.UTC(2025, 0, 15, 12, 0, 0);
    const first = openSqliteStore({ dataDir, now });
    await seedDemoTxs(first, now(), 300);
    const written = await first.journeys.listBody({ filter: {}, sort: 'tradeId', order: 'ASC', offset: 0, limit: 500, stuck: [] });
    await first.close();
    // As an older server left it: txs, and no trade rows.
    const raw = new BetterSqlite3(join(dataDir, DB_FILE_NAME));
    raw.exec('DELETE FROM trade_journeys');
    raw.close();
    const reopened = openSqliteStore({ dataDir, now });
    const rebuilt = await reopened.journeys.listBody({ filter: {}, sort: 'tradeId', order: 'ASC', offset: 0, limit: 500, stuck: [] });
    await reopened.close();
    expect(TradeListResponse.parse(JSON.parse(Buffer.from(rebuilt).toString())).total).toBeGreaterThan(50);
    expect(Buffer.from(rebuilt).toString()).toBe(Buffer.from(written).toString());
  });
});
