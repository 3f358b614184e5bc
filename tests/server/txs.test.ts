/**
 * Transactions (§7): the history GET /txs/ over the seeded rows, GET /txs/{id}, trades and
 * sells by tradeId (GET/POST/PUT /txs/sell), the operators' manual, refund, force and unlock-nonce
 * operations, and the pins. 401/403 for each route: permissions.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TX_STATUSES } from '../../src/config/enums.ts';
import type { Network } from '../../src/config/networks.ts';
import { BrainState, Trade, TradeRecord, TxListResponse, TxRecord, type TxFilter } from '../../src/contract/index.ts';
import { txHistoryKey } from '../../src/domain/keys.ts';
import type { TradeDraft } from '../../server/src/db/repos/trades.ts';
import { broadcastsDuring, DEMO_TXS_IN_TESTS, fieldsOf, json, logsWrittenBy, makeApp, START, type TestApp } from './helpers.ts';

let t: TestApp;
/** Every seeded row, newest first, as the list returns them. */
let seeded: TxRecord[];
beforeAll(async () => {
  t = await makeApp();
  seeded = TxListResponse.parse(json(await list({ perPage: 500 }))).data;
});
afterAll(() => t.app.close());
/** The §8 code of the newest seeded tx that has one. */
const someCode = () => seeded.find((tx) => tx.errCode !== undefined)!.errCode!;

type Method = 'GET' | 'POST' | 'PUT';
function call(method: Method, url: string, payload?: object, token = t.adminToken) {
  return t.app.inject({ method, url, headers: { 'x-api-key': token }, ...(payload ? { payload } : {}) });
}

function list(query: Record<string, string | number | object>, token = t.operatorToken) {
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, typeof value === 'object' ? JSON.stringify(value) : String(value)]),
  );
  return t.app.inject({ method: 'GET', url: `/api/txs/?${params}`, headers: { 'x-api-key': token } });
}

async function listed(query: Record<string, string | number | object>) {
  const response = await list(query);
  expect(response.statusCode).toBe(200);
  return TxListResponse.parse(response.json());
}

describe('§7 GET /api/txs/ on the seeded history', () => {
  it('the seed wrote DEMO_TXS realistic rows: known statuses, history keys, createdAt within the past month', () => {
    expect(seeded).toHaveLength(DEMO_TXS_IN_TESTS);
    for (const tx of seeded) {
      expect(TX_STATUSES).toContain(tx.status);
      expect(tx.historyKey).toBe(txHistoryKey(tx.side, tx.method, tx.attempt, tx.txType));
      expect(tx.createdAt).toBeLessThanOrEqual(START);
      expect(tx.createdAt).toBeGreaterThan(START - 31 * 24 * 3600_000);
      expect(tx).not.toHaveProperty('raw');
    }
    const statuses = new Set(seeded.map((tx) => tx.status));
    expect(statuses).toContain('completed');
    expect(statuses).toContain('failed');
    expect(new Set(seeded.map((tx) => tx.tokenName)).size).toBeGreaterThan(3);
  });

  it('defaults: createdAt DESC, page 1, 25 per page, total of all rows', async () => {
    const page = await listed({});
    expect(page.total).toBe(DEMO_TXS_IN_TESTS);
    expect(page.data).toEqual(seeded.slice(0, 25));
    const createdAt = seeded.map((tx) => tx.createdAt);
    expect(createdAt).toEqual([...createdAt].sort((a, b) => b - a));
  });

  it('pagination: pages follow each other without overlap or gap (also at the trailing slash path)', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => listed({ page, perPage: 40 })));
    expect(pages.flatMap((p) => p.data)).toEqual(seeded.slice(0, 120));
    const slash = await t.app.inject({ method: 'GET', url: '/api/txs/?perPage=2', headers: { 'x-api-key': t.operatorToken } });
    expect(TxListResponse.parse(slash.json()).data).toEqual(seeded.slice(0, 2));
    expect((await listed({ page: 99, perPage: 25 })).data).toEqual([]);
  });

  it.each(['amountIn', 'expectedProfit', 'status', 'tokenName', 'createdAt'] as const)('sorts by %s both ways', async (field) => {
    for (const order of ['ASC', 'DESC'] as const) {
      const { data, total } = await listed({ sort: field, order, perPage: 500 });
      expect(total).toBe(DEMO_TXS_IN_TESTS);
      const values = data.map((tx) => tx[field] ?? -Infinity);
      const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(values).toEqual(order === 'ASC' ? sorted : sorted.reverse());
    }
  });

  const sample = () => seeded[Math.floor(seeded.length / 3)]!;
  const filters: [string, () => TxFilter, (tx: TxRecord) => boolean][] = [
    ['status', () => ({ status: 'failed' }), (tx) => tx.status === 'failed'],
    ['several statuses', () => ({ status: ['stale', 'sent-back'] }), (tx) => tx.status === 'stale' || tx.status === 'sent-back'],
    ['side', () => ({ side: 'buy' }), (tx) => tx.side === 'buy'],
    ['txType', () => ({ txType: 'Bridge' }), (tx) => tx.txType === 'Bridge'],
    ['network', () => ({ network: sample().network as Network }), (tx) => tx.network === sample().network],
    ['tokenName', () => ({ tokenName: sample().tokenName }), (tx) => tx.tokenName === sample().tokenName],
    ['tradeId', () => ({ tradeId: sample().tradeId! }), (tx) => tx.tradeId === sample().tradeId],
    ['§8 errCode', () => ({ errCode: someCode() }), (tx) => tx.errCode === someCode()],
    [
      'from and to (both included)',
      () => ({ from: seeded[300]!.createdAt, to: seeded[100]!.createdAt }),
      (tx) => tx.createdAt >= seeded[300]!.createdAt && tx.createdAt <= seeded[100]!.createdAt,
    ],
    ['q in the tokenName', () => ({ q: sample().tokenName.slice(1).toLowerCase() }), (tx) => tx.tokenName.toLowerCase().includes(sample().tokenName.slice(1).toLowerCase())],
    ['q as a hash prefix', () => ({ q: sample().hash!.slice(0, 12) }), (tx) => tx.hash?.startsWith(sample().hash!.slice(0, 12)) ?? false],
    [
      'everything at once',
      () => ({ side: 'sell', status: 'completed', tokenName: sample().tokenName }),
      (tx) => tx.side === 'sell' && tx.status === 'completed' && tx.tokenName === sample().tokenName,
    ],
  ];
  it.each(filters)('filter by %s: the matching rows and their total', async (_name, filter, matches) => {
    const expected = seeded.filter(matches);
    expect(expected.length).toBeGreaterThan(0);
    const { data, total } = await listed({ filter: filter(), perPage: 500 });
    expect(total).toBe(expected.length);
    expect(data).toEqual(expected);
    const paged = await listed({ filter: filter(), perPage: 2, page: 2 });
    expect(paged).toEqual({ data: expected.slice(2, 4), total: expected.length });
  });

  it('filter fields may also be query parameters of their own (repeated for several values), and order may be lower-case', async () => {
    const asJson = await listed({ filter: { status: ['failed', 'completed'], side: 'buy', from: 0 }, sort: 'amountIn', order: 'ASC' });
    const params = new URLSearchParams([['status', 'failed'], ['status', 'completed'], ['side', 'buy'], ['from', '0'], ['sort', 'amountIn'], ['order', 'asc']]);
    const response = await t.app.inject({ method: 'GET', url: `/api/txs/?${params}`, headers: { 'x-api-key': t.operatorToken } });
    expect(response.statusCode).toBe(200);
    expect(TxListResponse.parse(response.json())).toEqual(asJson);
    expect(asJson.total).toBeGreaterThan(0);
    // A parameter merges over the JSON filter.
    const merged = await listed({ filter: { side: 'sell' }, side: 'buy', status: 'completed' });
    expect(merged.total).toBeGreaterThan(0);
    expect(merged.data.every((tx) => tx.side === 'buy' && tx.status === 'completed')).toBe(true);
    expect(fieldsOf(await list({ status: 'done' }))).toEqual(['filter.status']);
    // A numeric field's values are read as numbers, one or several.
    const codes = [...new Set(seeded.flatMap((tx) => (tx.errCode === undefined ? [] : [tx.errCode])))].slice(0, 2);
    const byParams = await t.app.inject({ method: 'GET', url: `/api/txs/?${new URLSearchParams(codes.map((code) => ['errCode', String(code)]))}`, headers: { 'x-api-key': t.operatorToken } });
    expect(TxListResponse.parse(byParams.json())).toEqual(await listed({ filter: { errCode: codes } }));
    expect(fieldsOf(await list({ errCode: 'x' }))).toEqual(['filter.errCode']);
  });

  it('a filter parameter next to a JSON filter too long or too deep to read is a 400 naming filter, never a 500', async () => {
    for (const depth of [100, 5000]) {
      const deep = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
      const params = new URLSearchParams([['tokenName', 'WETH'], ['filter', deep]]);
      const response = await t.app.inject({ method: 'GET', url: `/api/txs/?${params}`, headers: { 'x-api-key': t.operatorToken } });
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response)).toContain(depth === 100 ? 'filter.a' : 'filter');
    }
  });

  it('400 naming each bad query field and filter field', async () => {
    const bad = await list({ sort: 'hash', order: 'down', page: 0, perPage: 501, extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['extra', 'order', 'page', 'perPage', 'sort']);
    const badFilter = await list({ filter: { status: 'done', network: 'Narnia', from: 10, to: 5, colour: 'red', errCode: -1 } });
    expect(fieldsOf(badFilter)).toEqual(['filter.colour', 'filter.errCode', 'filter.network', 'filter.status']);
    expect(fieldsOf(await list({ filter: { from: 10, to: 5 } }))).toEqual(['filter.to']);
    expect(fieldsOf(await list({ filter: 'not json' }))).toEqual(['filter']);
  });
});

describe('§7 GET /api/txs/: every filter and sort, whichever index answers it', () => {
  type SortField = 'createdAt' | 'amountIn' | 'expectedProfit' | 'status' | 'tokenName' | 'id';
  /** The list's order, by hand: the column, then createdAt, then insertion (seeded is newest first). */
  function ordered(rows: readonly TxRecord[], field: SortField, order: 'ASC' | 'DESC'): TxRecord[] {
    const base = order === 'DESC' ? [...rows] : [...rows].reverse();
    const key = (tx: TxRecord) => tx[field];
    // SQLite puts NULL first in ascending order.
    const compare = (a: TxRecord, b: TxRecord) => {
      const x = key(a);
      const y = key(b);
      if (x === y) return 0;
      if (x === null) return -1;
      if (y === null) return 1;
      return x < y ? -1 : 1;
    };
    return base.sort((a, b) => (order === 'ASC' ? compare(a, b) : compare(b, a)));
  }
  const sample = () => seeded[Math.floor(seeded.length / 3)]!;
  const startsWith = (value: string | null, q: string) => value !== null && value.toLowerCase().startsWith(q.toLowerCase());
  /** q: contained in the tokenName, or the start of the hash, tradeId or id, ignoring case. */
  const search = (q: string) => (tx: TxRecord) =>
    tx.tokenName.toLowerCase().includes(q.toLowerCase()) || startsWith(tx.hash, q) || startsWith(tx.tradeId, q) || startsWith(tx.id, q);
  const filters: [string, () => TxFilter, (tx: TxRecord) => boolean][] = [
    ['nothing', () => ({}), () => true],
    ['a rare status', () => ({ status: 'failed' }), (tx) => tx.status === 'failed'],
    ['a common status', () => ({ status: 'completed' }), (tx) => tx.status === 'completed'],
    ['side', () => ({ side: 'sell' }), (tx) => tx.side === 'sell'],
    ['two tx types', () => ({ txType: ['Swap', 'Sell'] }), (tx) => tx.txType === 'Swap' || tx.txType === 'Sell'],
    ['token and side', () => ({ tokenName: sample().tokenName, side: 'buy' }), (tx) => tx.tokenName === sample().tokenName && tx.side === 'buy'],
    [
      'a date range and a network',
      () => ({ from: seeded[400]!.createdAt, to: seeded[50]!.createdAt, network: sample().network as Network }),
      (tx) => tx.createdAt >= seeded[400]!.createdAt && tx.createdAt <= seeded[50]!.createdAt && tx.network === sample().network,
    ],
    ['q: part of a token name, any case', () => ({ q: 'sD' }), search('sD')],
    ['q: the start of a hash, in capitals', () => ({ q: sample().hash!.slice(0, 5).toUpperCase() }), (tx) => search(sample().hash!.slice(0, 5))(tx)],
    ['q: the start of a tradeId', () => ({ q: sample().tradeId!.slice(0, 3) }), (tx) => search(sample().tradeId!.slice(0, 3))(tx)],
    ['q: LIKE wildcards are plain characters', () => ({ q: '%' }), () => false],
    ['q: an underscore is a plain character', () => ({ q: '_' }), () => false],
    ['§8 an error code', () => ({ errCode: someCode() }), (tx) => tx.errCode === someCode()],
    [
      '§8 every error code, and a side',
      () => ({ errCode: Array.from({ length: 42 }, (_, code) => code), side: 'buy' }),
      (tx) => tx.errCode !== undefined && tx.side === 'buy',
    ],
  ];
  const sorts: [SortField, 'ASC' | 'DESC'][] = [
    ['createdAt', 'DESC'], ['createdAt', 'ASC'], ['amountIn', 'DESC'], ['expectedProfit', 'ASC'], ['tokenName', 'ASC'], ['status', 'DESC'], ['id', 'ASC'],
  ];
  it.each(filters)('filter by %s: every sort, page after page, gives the matching rows in order and their total', async (_name, filter, matches) => {
    const expectedRows = seeded.filter(matches);
    for (const [sort, order] of sorts) {
      const expected = ordered(expectedRows, sort, order);
      // Small pages walk an index or read a filter's matches depending on the page: all agree.
      for (const perPage of [10, 60]) {
        const pages: TxRecord[] = [];
        for (let offset = 0; offset < Math.max(1, expected.length); offset += perPage) {
          const page = await t.app.store.txs.list({ filter: filter(), sort, order, offset, limit: perPage });
          expect(page.total, `${sort} ${order} at ${offset}`).toBe(expected.length);
          pages.push(...page.data);
        }
        expect(pages.map((tx) => tx.id), `${sort} ${order} by ${perPage}`).toEqual(expected.map((tx) => tx.id));
      }
      // The route sends the answer as JSON written by SQLite (TxRepo.listBody): the same records.
      const options = { filter: filter(), sort, order, offset: 3, limit: 40 };
      const answer = await listed({ filter: filter(), sort, order, page: 1, perPage: 43 });
      expect({ ...answer, data: answer.data.slice(3) }, `${sort} ${order} over HTTP`).toEqual(await t.app.store.txs.list(options));
    }
  });

  it('the JSON text of a page reads back to the same numbers and texts as the records (REALs, quotes, unicode)', async () => {
    const base = seeded[0]!;
    const amounts = [0.1, 0.30000000000000004, 1 / 3, 1e21, 1e-7, 5e-324, 1.7976931348623157e308, 100, 2 ** 53 + 2];
    const drafts = amounts.map((amountIn, i) => {
      const { historyKey: _key, ...draft } = base;
      return { ...draft, id: `json-${i}`, tradeId: `json-trade-"${i}"\\`, tokenName: `T\u00e9st "${i}" \u{1F600}`, amountIn, amountOut: -amountIn, expectedProfit: i % 2 ? null : -0, hash: null, createdAt: START + 1_000 + i, updatedAt: START + 2_000 };
    });
    for (const draft of drafts) await t.app.store.txs.insert(draft);
    const response = await list({ filter: { q: 'json-' } });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const all = await listed({ filter: { q: 'json-' }, sort: 'amountIn', order: 'ASC', perPage: 50 });
    expect(all.data.map((tx) => tx.amountIn)).toEqual([...amounts].sort((a, b) => a - b));
    expect(all).toEqual(await t.app.store.txs.list({ filter: { q: 'json-' }, sort: 'amountIn', order: 'ASC', offset: 0, limit: 50 }));
    expect(all.data.find((tx) => tx.id === 'json-1')).toMatchObject({ tradeId: 'json-trade-"1"\\', tokenName: 'T\u00e9st "1" \u{1F600}', expectedProfit: null });
  });
});

describe('§7 GET /api/txs/:id', () => {
  it('one tx with its raw details, or 404', async () => {
    const tx = seeded[7]!;
    const response = await call('GET', `/api/txs/${tx.id}`, undefined, t.operatorToken);
    expect(response.statusCode).toBe(200);
    const one = TxRecord.parse(response.json());
    expect({ ...one, raw: undefined, history: undefined }).toEqual({ ...tx, raw: undefined, history: undefined });
    expect(one.raw).toMatchObject({ from: expect.stringMatching(/^0x[0-9a-f]{40}$/) });
    // §3 history of its trade, by side:method:attempt[:txType]
    const legs = seeded.filter((row) => row.tradeId === tx.tradeId);
    expect(Object.keys(one.history ?? {}).sort()).toEqual(legs.map((row) => row.historyKey).sort());
    expect(one.history?.[tx.historyKey]).toMatchObject({ id: tx.id, status: tx.status });
    expect((await call('GET', '/api/txs/no-such-tx', undefined, t.operatorToken)).statusCode).toBe(404);
  });
});

describe('§8 error codes of failed txs', () => {
  it('§8 a failed tx carries its errCode in GET /txs/ and GET /txs/{id} (and its trade\'s history); other txs have none', async () => {
    const coded = seeded.filter((tx) => tx.errCode !== undefined);
    expect(coded.length).toBeGreaterThan(3);
    for (const tx of coded) {
      expect(tx.status).toBe('failed');
      expect(Number.isInteger(tx.errCode) && tx.errCode! >= 0 && tx.errCode! <= 41).toBe(true);
    }
    // Absent, never null, on the rest; some failures came without a code, as the system reports them.
    expect(seeded.filter((tx) => tx.errCode === undefined).every((tx) => !('errCode' in tx))).toBe(true);
    expect(seeded.some((tx) => tx.status === 'failed' && tx.errCode === undefined)).toBe(true);
    const tx = coded[0]!;
    const one = TxRecord.parse(json(await call('GET', `/api/txs/${tx.id}`, undefined, t.operatorToken)));
    expect(one.errCode).toBe(tx.errCode);
    expect(one.raw).not.toHaveProperty('errCode');
    expect(one.history?.[tx.historyKey]).toMatchObject({ id: tx.id, status: 'failed', errCode: tx.errCode });
    const other = seeded.find((row) => row.tradeId === tx.tradeId && row.id !== tx.id)!;
    expect(one.history?.[other.historyKey]).not.toHaveProperty('errCode');
    // The trade read back from its rows names the code too (§7 trade fetch).
    expect(TradeRecord.parse(json(await call('GET', `/api/txs/sell/${tx.tradeId}`, undefined, t.operatorToken)))).toMatchObject({ status: 'failed', errCode: tx.errCode });
  });

  it('§8 a trade that fails with a code (the simulator\'s, through the trades repository) puts it on its failed tx, not on the legs skipped after it', async () => {
    const draft: TradeDraft = {
      tradeId: 'sim-trade-failed',
      tokenName: 'USDC',
      networkBuy: 'Base',
      networkSell: 'Ethereum',
      bridge: { name: 'ccip-eth-base' },
      txTypes: ['Swap', 'Bridge', 'Sell'],
      status: 'pending',
      expectedProfit: 0.8,
      txs: [
        { txId: `0x${'d'.repeat(64)}`, txType: 'Swap', network: 'Base', status: 'pending', amountIn: 1000 },
        { txId: `0x${'e'.repeat(64)}`, txType: 'Bridge', network: 'Base', status: 'pending', amountIn: 0 },
        { txId: `0x${'f'.repeat(64)}`, txType: 'Sell', network: 'Ethereum', status: 'pending', amountIn: 0 },
      ],
    };
    await t.app.store.trades.put(draft);
    await t.app.store.trades.put({
      ...draft,
      status: 'failed',
      errCode: 17,
      txs: [
        { ...draft.txs[0]!, status: 'completed', success: true, amountOut: 1000 },
        { ...draft.txs[1]!, status: 'failed', success: false, amountOut: 0 },
        { ...draft.txs[2]!, status: 'skip' },
      ],
    });
    const rows = await listed({ filter: { tradeId: 'sim-trade-failed' }, sort: 'id', order: 'ASC' });
    expect(rows.data.map((tx) => [tx.txType, tx.status, tx.errCode])).toEqual([
      ['Swap', 'completed', undefined],
      ['Bridge', 'failed', 17],
      ['Sell', 'skip', undefined],
    ]);
    const byCode = await listed({ filter: { errCode: 17 } });
    expect(byCode.data.map((tx) => tx.id)).toContain(rows.data[1]!.id);
    expect(byCode.data.every((tx) => tx.errCode === 17 && tx.status === 'failed')).toBe(true);
  });
});

describe('§7 trade fetch: GET /api/txs/sell/:id', () => {
  it('a trade of the seeded history, read back from its rows: data.txs with txType and amountIn, one per leg', async () => {
    const tx = seeded.find((row) => row.status === 'completed' && row.txType === 'Sell')!;
    const response = await call('GET', `/api/txs/sell/${tx.tradeId}`, undefined, t.operatorToken);
    expect(response.statusCode).toBe(200);
    const trade = TradeRecord.parse(response.json());
    expect(Trade.parse(response.json()).txs.length).toBeGreaterThanOrEqual(3);
    expect(trade).toMatchObject({ tradeId: tx.tradeId, tokenName: tx.tokenName, status: 'completed', expectedProfit: tx.expectedProfit });
    expect(trade.txs.map((leg) => leg.txType)).toContain('Swap');
    expect(trade.txs.find((leg) => leg.txType === 'Sell')).toMatchObject({ amountOut: tx.amountOut, success: true });
    expect((await call('GET', '/api/txs/sell/no-such-trade', undefined, t.operatorToken)).statusCode).toBe(404);
  });

  it("the system's trades (the simulator's, through the trades repository) also land in the history, updated on confirmation", async () => {
    const draft: TradeDraft = {
      tradeId: 'sim-trade-1',
      tokenName: 'USDC',
      networkBuy: 'Base',
      networkSell: 'Ethereum',
      bridge: { name: 'ccip-eth-base' },
      txTypes: ['Swap', 'Bridge', 'Sell'],
      status: 'pending',
      expectedProfit: 0.8,
      txs: [
        { txId: `0x${'a'.repeat(64)}`, txType: 'Swap', network: 'Base', status: 'pending', amountIn: 1000 },
        { txId: `0x${'b'.repeat(64)}`, txType: 'Bridge', network: 'Base', status: 'pending', amountIn: 0 },
        { txId: `0x${'c'.repeat(64)}`, txType: 'Sell', network: 'Ethereum', status: 'pending', amountIn: 0 },
      ],
    };
    await t.app.store.trades.put(draft);
    const sent = await listed({ filter: { tradeId: 'sim-trade-1' } });
    expect(sent.data.map((tx) => [tx.txType, tx.side, tx.status, tx.hash])).toEqual([
      ['Sell', 'sell', 'pending', `0x${'c'.repeat(64)}`],
      ['Bridge', 'buy', 'pending', `0x${'b'.repeat(64)}`],
      ['Swap', 'buy', 'pending', `0x${'a'.repeat(64)}`],
    ]);
    t.clock.advance(5000);
    await t.app.store.trades.put({
      ...draft,
      status: 'completed',
      txs: draft.txs.map((tx) => ({ ...tx, status: 'completed', success: true, amountOut: tx.txType === 'Sell' ? 1001.2 : 1 })),
    });
    const confirmed = await listed({ filter: { tradeId: 'sim-trade-1' }, sort: 'id', order: 'ASC' });
    expect(confirmed.data.map((tx) => [tx.status, tx.createdAt, tx.updatedAt])).toEqual(
      Array.from({ length: 3 }, () => ['completed', t.clock.now() - 5000, t.clock.now()]),
    );
    const trade = TradeRecord.parse(json(await call('GET', '/api/txs/sell/sim-trade-1')));
    expect(trade).toMatchObject({ status: 'completed', txs: [{ amountIn: 1000 }, { amountIn: 0 }, { amountOut: 1001.2 }] });
  });
});

describe('§7 sells: POST /api/txs/sell and PUT /api/txs/sell/:tradeId', () => {
  let tradeId = '';

  it('POST creates a pending sell with a tradeId, a tx row with status created, a pending sell in brainState', async () => {
    let created: TradeRecord | undefined;
    const logs = await logsWrittenBy(t.app, async () => {
      const events = await broadcastsDuring(t.app, async () => {
        const response = await call('POST', '/api/txs/sell', { tokenName: 'USDC', network: 'Base', amount: 250, slippageBps: 30 });
        expect(response.statusCode).toBe(200);
        created = TradeRecord.parse(response.json());
      });
      const state = BrainState.parse(events.find((e) => e.event === 'brainState')?.payload);
      expect(state.pendingSells).toContainEqual({ tradeId: created!.tradeId, tokenName: 'USDC', network: 'Base', amount: 250 });
    });
    tradeId = created!.tradeId;
    expect(created).toMatchObject({
      id: tradeId,
      tokenName: 'USDC',
      status: 'pending',
      sell: { network: 'Base', amount: 250, slippageBps: 30, createdBy: 'admin' },
      txs: [{ txType: 'Sell', network: 'Base', status: 'created', amountIn: 250 }],
    });
    expect(logs).toMatchObject([{ action: 'sell.create', details: { after: { tradeId, amount: 250 } } }]);
    const rows = await listed({ filter: { tradeId } });
    expect(rows.data).toMatchObject([{ txType: 'Sell', side: 'sell', method: 'manual', status: 'created', amountIn: 250, hash: null }]);
    expect(TradeRecord.parse(json(await call('GET', `/api/txs/sell/${tradeId}`)))).toEqual(created);
  });

  it('PUT edits the sell (the whole record sent back is accepted) and its row; the pending sell follows', async () => {
    const current = json(await call('GET', `/api/txs/sell/${tradeId}`));
    const response = await call('PUT', `/api/txs/sell/${tradeId}`, { ...current, network: 'Arbitrum', amount: 300 });
    expect(response.statusCode).toBe(200);
    expect(TradeRecord.parse(response.json())).toMatchObject({ sell: { network: 'Arbitrum', amount: 300, createdBy: 'admin' } });
    expect((await listed({ filter: { tradeId } })).data).toMatchObject([{ network: 'Arbitrum', amountIn: 300 }]);
    const { pendingSells } = await t.app.store.settings.get('brainState');
    expect(pendingSells.filter((s) => (s as { tradeId: string }).tradeId === tradeId)).toEqual([
      { tradeId, tokenName: 'USDC', network: 'Arbitrum', amount: 300 },
    ]);
  });

  it('400 naming bad fields, an unknown token or a network the token is not on; 404 unknown; 409 a trade not editable', async () => {
    const bad = await call('POST', '/api/txs/sell', { tokenName: 'USDC', network: 'Narnia', amount: -1 });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['amount', 'network']);
    expect(fieldsOf(await call('POST', '/api/txs/sell', { tokenName: 'NOPE', network: 'Base', amount: 1 }))).toEqual(['tokenName']);
    expect(fieldsOf(await call('POST', '/api/txs/sell', { tokenName: 'CAKE', network: 'Base', amount: 1 }))).toEqual(['network']);
    const body = { tokenName: 'USDC', network: 'Base', amount: 1 };
    expect((await call('PUT', '/api/txs/sell/no-such-sell', body)).statusCode).toBe(404);
    const systemTrade = await call('PUT', '/api/txs/sell/sim-trade-1', body);
    expect(systemTrade.statusCode).toBe(409);
  });
});

describe('§7 operations: POST /api/txs/manual, /refund, /force, /unlock-nonce', () => {
  async function recorded(id: string) {
    return TxRecord.parse(json(await call('GET', `/api/txs/${id}`)));
  }

  it('manual: records a created tx, logs and notifies; {ok, id}', async () => {
    let id = '';
    const logs = await logsWrittenBy(t.app, async () => {
      const events = await broadcastsDuring(t.app, async () => {
        const response = await call('POST', '/api/txs/manual', {
          network: 'Ethereum', txType: 'TransferToken', tokenName: 'USDC', amount: 12.5, to: '0xAbCdEf0123456789aBcDeF0123456789ABCDEF01',
        });
        expect(response.statusCode).toBe(200);
        ({ id } = response.json<{ ok: true; id: string }>());
      });
      expect(events.map((e) => e.event)).toEqual(['newUserLog', 'notify']);
    });
    expect(await recorded(id)).toMatchObject({
      method: 'manual', txType: 'TransferToken', tokenName: 'USDC', network: 'Ethereum', status: 'created', amountIn: 12.5,
      raw: { to: '0xabcdef0123456789abcdef0123456789abcdef01', requestedBy: 'admin' },
    });
    expect(logs).toMatchObject([{ action: 'tx.manual', details: { after: { id } } }]);
    const native = await call('POST', '/api/txs/manual', { network: 'Binance', txType: 'TransferNative', tokenName: 'BNB', amount: 1 });
    expect(native.statusCode).toBe(200);
  });

  it('manual: 400 naming bad fields, a token not on the network, an address not of the network', async () => {
    const bad = await call('POST', '/api/txs/manual', { network: 'Base', txType: 'Teleport', tokenName: 'USDC', amount: 'lots', memo: 1 });
    expect(fieldsOf(bad)).toEqual(['amount', 'memo', 'txType']);
    const wrong = await call('POST', '/api/txs/manual', { network: 'Solana', txType: 'TransferToken', tokenName: 'USDC', amount: 1, to: '0x12' });
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong)).toEqual(['to', 'tokenName']);
  });

  it('refund: of a tx or of a whole trade; 400 unless exactly one is given; 404 unknown', async () => {
    const failed = seeded.find((tx) => tx.status === 'failed')!;
    const byTx = await call('POST', '/api/txs/refund', { txId: failed.id, reason: 'stuck funds' });
    expect(byTx.statusCode).toBe(200);
    expect(await recorded(byTx.json<{ id: string }>().id)).toMatchObject({
      txType: 'Refund', method: 'refund', status: 'created', tradeId: failed.tradeId, network: failed.network,
      raw: { refundOf: { txId: failed.id }, reason: 'stuck funds' },
    });
    // Another trade: this one has its refund under way now (docs/protocol.md "Guarded refunds",
    // tests/server/refundGuard.test.ts).
    const other = seeded.find((tx) => tx.status === 'failed' && tx.tradeId !== failed.tradeId)!;
    const byTrade = await call('POST', '/api/txs/refund', { tradeId: other.tradeId });
    expect(byTrade.statusCode).toBe(200);
    expect(fieldsOf(await call('POST', '/api/txs/refund', {}))).toEqual(['tradeId']);
    expect(fieldsOf(await call('POST', '/api/txs/refund', { tradeId: 'a', txId: 'b' }))).toEqual(['txId']);
    expect((await call('POST', '/api/txs/refund', { txId: 'no-such-tx' })).statusCode).toBe(404);
    expect((await call('POST', '/api/txs/refund', { tradeId: 'no-such-trade' })).statusCode).toBe(404);
  });

  it('force: a forced trade over a bridge that connects both networks; 400 naming what does not fit', async () => {
    const ok = await call('POST', '/api/txs/force', { tokenName: 'USDC', networkBuy: 'Base', networkSell: 'Ethereum', bridgeName: 'ccip-eth-base', amount: 500 });
    expect(ok.statusCode).toBe(200);
    const tx = await recorded(ok.json<{ id: string }>().id);
    expect(tx).toMatchObject({ method: 'force', txType: 'Swap', side: 'buy', networkBuy: 'Base', networkSell: 'Ethereum', bridgeName: 'ccip-eth-base', amountIn: 500 });
    expect(json(await call('GET', `/api/txs/sell/${tx.tradeId}`))).toMatchObject({ status: 'pending', txTypes: ['Swap'] });

    const same = await call('POST', '/api/txs/force', { tokenName: 'USDC', networkBuy: 'Base', networkSell: 'Base', bridgeName: 'x', amount: 1 });
    expect(fieldsOf(same)).toEqual(['networkSell']);
    const misfit = await call('POST', '/api/txs/force', { tokenName: 'CAKE', networkBuy: 'Binance', networkSell: 'Polygon', bridgeName: 'ccip-eth-base', amount: 1 });
    expect(fieldsOf(misfit)).toEqual(['bridgeName', 'networkSell']);
    const unknown = await call('POST', '/api/txs/force', { tokenName: 'NOPE', networkBuy: 'Base', networkSell: 'Ethereum', bridgeName: 'nope', amount: 1 });
    expect(fieldsOf(unknown)).toEqual(['bridgeName', 'tokenName']);
  });

  it('unlock-nonce: a zero-value self transfer with the nonce; a locked nonce leaves brainState.lockedNonces', async () => {
    const state = await t.app.store.settings.get('brainState');
    await t.app.store.settings.set('brainState', { ...state, lockedNonces: [{ network: 'Arbitrum', nonce: 42 }, { network: 'Base', nonce: 7 }] });
    const events = await broadcastsDuring(t.app, async () => {
      const response = await call('POST', '/api/txs/unlock-nonce', { network: 'Arbitrum', nonce: 42 });
      expect(response.statusCode).toBe(200);
      expect(await recorded(response.json<{ id: string }>().id)).toMatchObject({
        txType: 'TransferNative', method: 'unlock-nonce', tokenName: 'ETH', amountIn: 0, raw: { nonce: 42, to: state.walletAddress },
      });
    });
    expect(BrainState.parse(events.find((e) => e.event === 'brainState')?.payload).lockedNonces).toEqual([{ network: 'Base', nonce: 7 }]);
    expect(fieldsOf(await call('POST', '/api/txs/unlock-nonce', { network: 'Solana', nonce: 1 }))).toEqual(['network']);
    expect(fieldsOf(await call('POST', '/api/txs/unlock-nonce', { network: 'Base', nonce: -1 }))).toEqual(['nonce']);
  });

  it('§6 operations are admin-only, reading is for any role', async () => {
    expect((await call('POST', '/api/txs/manual', {}, t.operatorToken)).statusCode).toBe(403);
    expect((await call('GET', `/api/txs/${seeded[0]!.id}`, undefined, t.operatorToken)).statusCode).toBe(200);
  });
});

describe('§7 pins: PUT /api/txs/pins and /api/txs/pins/sell', () => {
  it('replace brainState.pinnedTokens / autosellPins, broadcast brainState and log before/after (any role)', async () => {
    const logs = await logsWrittenBy(t.app, async () => {
      const events = await broadcastsDuring(t.app, async () => {
        const pins = await call('PUT', '/api/txs/pins', { pins: ['USDC', 'WBTC'] }, t.operatorToken);
        expect(pins.statusCode).toBe(200);
        expect(BrainState.parse(json(pins).brainState).pinnedTokens).toEqual(['USDC', 'WBTC']);
        // §7 writes the body as "pins": the list itself is accepted as well as {pins}.
        const sell = await call('PUT', '/api/txs/pins/sell', [], t.operatorToken);
        expect(BrainState.parse(json(sell).brainState).autosellPins).toEqual([]);
      });
      expect(events.filter((e) => e.event === 'brainState').map((e) => BrainState.parse(e.payload).pinnedTokens)).toEqual([
        ['USDC', 'WBTC'],
        ['USDC', 'WBTC'],
      ]);
    });
    expect(logs).toMatchObject([
      { user: 'operator', action: 'pins.update', details: { after: { pinnedTokens: ['USDC', 'WBTC'] } } },
      { user: 'operator', action: 'pins.sell.update', details: { before: { autosellPins: ['GMX'] }, after: { autosellPins: [] } } },
    ]);
    const stored = await t.app.store.settings.get('brainState');
    expect([stored.pinnedTokens, stored.autosellPins]).toEqual([['USDC', 'WBTC'], []]);
  });

  it('400 naming unknown tokens, repeats and bad bodies; nothing changes', async () => {
    const unknown = await call('PUT', '/api/txs/pins', { pins: ['USDC', 'NOPE', 'USDC'] }, t.operatorToken);
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['pins.2']);
    expect(fieldsOf(await call('PUT', '/api/txs/pins', { pins: ['NOPE'] }, t.operatorToken))).toEqual(['pins.0']);
    expect(fieldsOf(await call('PUT', '/api/txs/pins', ['USDC', 'NOPE'], t.operatorToken))).toEqual(['pins.1']);
    expect(fieldsOf(await call('PUT', '/api/txs/pins/sell', { pins: 'USDC' }, t.operatorToken))).toEqual(['pins']);
    expect((await t.app.store.settings.get('brainState')).pinnedTokens).toEqual(['USDC', 'WBTC']);
  });
});
