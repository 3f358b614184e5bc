/**
 * The transaction list's reader threads (server/src/db/txReaders.ts): pages read on their
 * own read-only connections are the store's pages, see every write answered before they were
 * asked, and never lose a request: a reader that cannot start or that ends hands its requests to
 * the store's connection, and closing answers what was asked first.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS, SERIES_MAX_POINTS, SERIES_SAMPLE_MS, STATS_GROUPS } from '../../src/config/stats.ts';
import { TradeStatsResponse, TxListResponse, type TxRecord } from '../../src/contract/index.ts';
import type { SeriesOptions, TradeStatsOptions } from '../../server/src/db/repos/stats.ts';
import type { TxListOptions } from '../../server/src/db/repos/txs.ts';
import { seedDemoData, seedDemoTxs } from '../../server/src/db/seed.ts';
import { DB_FILE_NAME, openSqliteStore, type Store } from '../../server/src/db/store.ts';
import { startTxReaders, statsLanes, type TxReaders } from '../../server/src/db/txReaders.ts';
import { makeApp, tempDir, type TestApp } from './helpers.ts';

const now = () => 1_700_000_000_000;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const read = (body: Uint8Array) => TxListResponse.parse(JSON.parse(Buffer.from(body).toString('utf8')));

/** A store on a file with the demo history, and reader threads on that file that never fall back. */
async function seeded(rows: number): Promise<{ store: Store; readers: TxReaders; fellBack: TxListOptions[]; failures: Error[]; file: string }> {
  const dataDir = tempDir('console-readers-');
  const store = openSqliteStore({ dataDir, now });
  closers.push(() => store.close());
  await seedDemoData(store, now());
  await seedDemoTxs(store, now(), rows);
  const fellBack: TxListOptions[] = [];
  const failures: Error[] = [];
  const readers = startTxReaders({
    file: join(dataDir, DB_FILE_NAME),
    threads: 2,
    fallback: (options) => {
      fellBack.push(options);
      return store.txs.listBody(options);
    },
    onFailure: (err) => failures.push(err),
  });
  closers.push(() => readers.close());
  return { store, readers, fellBack, failures, file: join(dataDir, DB_FILE_NAME) };
}

const SORTS = ['createdAt', 'amountIn', 'expectedProfit', 'status', 'tokenName', 'id'] as const;

describe('reader threads of the transaction list', () => {
  it("answer every filter and sort with the store's own page and total, in order, all at once", async () => {
    const { store, readers, fellBack, failures } = await seeded(400);
    const [sample] = (await store.txs.list({ filter: {}, sort: 'createdAt', order: 'DESC', offset: 7, limit: 1 })).data;
    if (!sample) throw new Error('no seeded tx');
    const filters: TxListOptions['filter'][] = [
      {},
      { status: sample.status },
      { side: sample.side, network: sample.network as TxListOptions['filter']['network'] },
      { txType: [sample.txType, 'Claim'] as TxRecord['txType'][] },
      { tokenName: sample.tokenName },
      { q: sample.tokenName.slice(1, 3) },
      { q: (sample.hash ?? sample.id).slice(0, 5) },
      { from: sample.createdAt - 86_400_000, to: sample.createdAt },
      { q: 'no such thing' },
    ];
    const asked = filters.flatMap((filter) =>
      SORTS.flatMap((sort) => (['ASC', 'DESC'] as const).map((order): TxListOptions => ({ filter, sort, order, offset: 5, limit: 30 }))),
    );
    // Every request at once: they travel in batches, and each answer must still find its request.
    const answers = await Promise.all(asked.map((options) => readers.listBody(options)));
    for (const [i, options] of asked.entries()) {
      expect(read(answers[i]!), JSON.stringify(options)).toEqual(await store.txs.list(options));
    }
    expect(answers.some((body) => read(body).data.length > 0)).toBe(true);
    expect(fellBack).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('see each write as soon as it is answered: a new tx, a changed status, a deleted one', async () => {
    const { store, readers, fellBack } = await seeded(200);
    const failed: TxListOptions = { filter: { status: 'failed' }, sort: 'createdAt', order: 'DESC', offset: 0, limit: 5 };
    const before = read(await readers.listBody(failed));
    const [newest] = (await store.txs.list({ filter: {}, sort: 'createdAt', order: 'DESC', offset: 0, limit: 1 })).data;
    if (!newest) throw new Error('no seeded tx');
    const { historyKey: _key, ...row } = newest;

    await store.txs.insert({ ...row, id: 'reader-new', status: 'failed', createdAt: now() + 1 });
    const inserted = read(await readers.listBody(failed));
    expect(inserted.total).toBe(before.total + 1);
    expect(inserted.data[0]?.id).toBe('reader-new');

    await store.txs.upsert([{ ...row, id: 'reader-new', status: 'completed', createdAt: now() + 1, updatedAt: now() + 2 }]);
    expect(read(await readers.listBody(failed)).total).toBe(before.total);
    const byId = read(await readers.listBody({ filter: { q: 'reader-new' }, sort: 'createdAt', order: 'DESC', offset: 0, limit: 5 }));
    expect(byId.data.map((tx) => [tx.id, tx.status])).toEqual([['reader-new', 'completed']]);

    await store.trades.prune(0);
    expect(read(await readers.listBody(failed))).toEqual(await store.txs.list(failed));
    expect(fellBack).toEqual([]);
  });

  it("hand their requests to the store's connection when they cannot open the database, and say so", async () => {
    const { store } = await seeded(50);
    const fellBack: TxListOptions[] = [];
    const failures: Error[] = [];
    const readers = startTxReaders({
      file: join(tempDir('console-readers-missing-'), DB_FILE_NAME),
      threads: 2,
      fallback: (options) => {
        fellBack.push(options);
        return store.txs.listBody(options);
      },
      onFailure: (err) => failures.push(err),
    });
    closers.push(() => readers.close());
    const options: TxListOptions = { filter: {}, sort: 'amountIn', order: 'DESC', offset: 0, limit: 10 };
    const answers = await Promise.all([readers.listBody(options), readers.listBody(options), readers.listBody(options)]);
    for (const body of answers) expect(read(body)).toEqual(await store.txs.list(options));
    expect(fellBack).toHaveLength(3);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]?.message).toMatch(/^opening .*console\.db: unable to open database file$/);
    // Both threads are gone: later requests go to the store's connection at once.
    await expect(readers.listBody(options)).resolves.toBeInstanceOf(Uint8Array);
    expect(fellBack).toHaveLength(4);
  });

  it('reuse only the buffers given back: a body kept is never written over, a body given back reads empty', async () => {
    const { store, readers, fellBack } = await seeded(300);
    const ask = (offset: number): TxListOptions => ({ filter: {}, sort: 'createdAt', order: 'DESC', offset, limit: 20 });
    const kept = await readers.listBody(ask(0));
    const keptText = Buffer.from(kept).toString('utf8');
    for (let round = 1; round <= 30; round++) {
      const bodies = await Promise.all([readers.listBody(ask(round)), readers.listBody(ask(round + 100))]);
      expect(read(bodies[0]!)).toEqual(await store.txs.list(ask(round)));
      expect(read(bodies[1]!)).toEqual(await store.txs.list(ask(round + 100)));
      for (const body of bodies) readers.release(body);
      // Given back with the next turn's requests: then the buffer belongs to its reader again.
      await new Promise((resolve) => setImmediate(resolve));
      expect(bodies.map((body) => body.byteLength)).toEqual([0, 0]);
    }
    expect(Buffer.from(kept).toString('utf8')).toBe(keptText);
    // Giving back twice, or a body the readers did not make, changes nothing.
    readers.release(kept);
    readers.release(kept);
    readers.release(Buffer.from('{"data":[],"total":0}'));
    expect(read(await readers.listBody(ask(3)))).toEqual(await store.txs.list(ask(3)));
    expect(fellBack).toEqual([]);
  });

  it('answer the requests sent before close, from their threads, and then end', async () => {
    const { store, readers, fellBack, failures } = await seeded(100);
    const options = Array.from({ length: 40 }, (_, i): TxListOptions => ({ filter: {}, sort: 'createdAt', order: 'ASC', offset: i, limit: 3 }));
    const answers = Promise.all(options.map((o) => readers.listBody(o)));
    await readers.close();
    const bodies = await answers;
    for (const [i, o] of options.entries()) expect(read(bodies[i]!)).toEqual(await store.txs.list(o));
    expect(fellBack).toEqual([]);
    expect(failures).toEqual([]);
    // After close the store's connection answers.
    await readers.listBody(options[0]!);
    expect(fellBack).toHaveLength(1);
  });
});

describe('stats on the reader threads (docs/protocol.md "Stats")', () => {
  /** Readers on a seeded file that read stats too, counting what falls back to the store's connection. */
  async function statsReaders(rows: number) {
    const { store, file } = await seeded(rows);
    const fellBack: string[] = [];
    const failures: Error[] = [];
    const readers = startTxReaders({
      file,
      threads: 2,
      fallback: store.txs.listBody,
      statsFallback: {
        trades: (options, signal) => {
          fellBack.push('trades');
          return store.stats.tradesBody(options, signal);
        },
        series: (options, signal) => {
          fellBack.push('series');
          return store.stats.seriesBody(options, signal);
        },
      },
      onFailure: (err) => failures.push(err),
    });
    closers.push(() => readers.close());
    return { store, readers, fellBack, failures };
  }
  const parsed = (body: Uint8Array): unknown => JSON.parse(Buffer.from(body).toString('utf8'));

  it("answer GET /stats/trades and /stats/series with the store's own figures, all at once, beside the lists' pages", async () => {
    const { store, readers, fellBack, failures } = await statsReaders(600);
    const to = Math.ceil(now() / DAY_MS) * DAY_MS;
    const asked: TradeStatsOptions[] = [undefined, ...STATS_GROUPS].flatMap((groupBy) =>
      [
        { from: to - 30 * DAY_MS, to, bucket: 'day' as const },
        { from: to - 2 * DAY_MS + 7, to: to - 5, bucket: 'hour' as const },
      ].map((range) => ({ ...range, ...(groupBy === undefined ? {} : { groupBy }) })),
    );
    const samples = Array.from({ length: 1500 }, (_, i) => ({ kind: 'gas' as const, network: 'Base', t: now() - i * SERIES_SAMPLE_MS, value: i % 11 }));
    await store.stats.record(samples);
    const series: SeriesOptions[] = [
      { kind: 'gas', network: 'Base', from: now() - DAY_MS, to: now() + 1, maxPoints: SERIES_MAX_POINTS },
      { kind: 'gas', network: 'Base', from: now() - 60_000, to: now() + 1, maxPoints: SERIES_MAX_POINTS },
      { kind: 'balance', network: 'Base', from: 0, to: now(), maxPoints: SERIES_MAX_POINTS },
    ];
    const page: TxListOptions = { filter: {}, sort: 'createdAt', order: 'DESC', offset: 0, limit: 10 };
    const [statsBodies, seriesBodies, pageBody] = await Promise.all([
      Promise.all(asked.map((options) => readers.tradeStatsBody(options))),
      Promise.all(series.map((options) => readers.statsSeriesBody(options))),
      readers.listBody(page),
    ]);
    for (const [i, options] of asked.entries()) expect(parsed(statsBodies[i]!), JSON.stringify(options)).toEqual(await store.stats.trades(options));
    for (const [i, options] of series.entries()) expect(parsed(seriesBodies[i]!), JSON.stringify(options)).toEqual(await store.stats.series(options));
    expect(read(pageBody)).toEqual(await store.txs.list(page));
    expect((parsed(statsBodies[0]!) as { totals: { trades: number } }).totals.trades).toBeGreaterThan(0);
    expect(fellBack).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('take stats on all readers but one, one each: a request aborted while it waits is dropped, one sent runs to its end', async () => {
    expect([1, 2, 3, 4].map(statsLanes)).toEqual([1, 1, 2, 3]);
    const { store, readers, fellBack } = await statsReaders(300);
    const options: TradeStatsOptions = { from: now() - 30 * DAY_MS, to: now(), bucket: 'day', groupBy: 'route' };
    // Two readers, one lane: the first is sent, the second waits for it (nothing is answered before this turn ends).
    const aborted = new AbortController();
    const first = readers.tradeStatsBody(options, new AbortController().signal);
    const second = readers.tradeStatsBody(options, aborted.signal);
    const third = readers.tradeStatsBody(options);
    aborted.abort(new Error('the client went away'));
    await expect(second).rejects.toThrow('the client went away');
    expect(parsed(await first)).toEqual(await store.stats.trades(options));
    expect(parsed(await third)).toEqual(await store.stats.trades(options));
    // Already aborted: never queued.
    await expect(readers.tradeStatsBody(options, aborted.signal)).rejects.toThrow('the client went away');
    expect(fellBack).toEqual([]);
  });

  it("read the stats waiting at close on the store's connection, and answer every one", async () => {
    const { store, readers, fellBack } = await statsReaders(100);
    const options: TradeStatsOptions = { from: now() - 30 * DAY_MS, to: now(), bucket: 'day', groupBy: 'token' };
    const answers = Promise.all(Array.from({ length: 4 }, () => readers.tradeStatsBody(options)));
    await readers.close();
    for (const body of await answers) expect(parsed(body)).toEqual(await store.stats.trades(options));
    // One was on its reader; the three waiting for the lane were read on the store's connection.
    expect(fellBack).toEqual(['trades', 'trades', 'trades']);
  });
});

describe('GET /api/txs/ on a database file (TX_READERS)', () => {
  let t: TestApp;
  afterEach(() => t.app.close());

  it('answers through the reader threads what the store lists, and a tx created over HTTP shows on the next page', async () => {
    const failures: unknown[] = [];
    t = await makeApp({ dataDir: tempDir('console-readers-app-'), txReaders: 2 });
    t.app.log.error = (...args: unknown[]) => void failures.push(args);
    const page = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/txs/?${query}`, headers: { 'x-api-key': t.operatorToken } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      return TxListResponse.parse(response.json());
    };
    const first = await page('sort=amountIn&order=DESC&page=2&perPage=25');
    expect(first).toEqual(await t.app.store.txs.list({ filter: {}, sort: 'amountIn', order: 'DESC', offset: 25, limit: 25 }));
    const sell = await t.app.inject({
      method: 'POST',
      url: '/api/txs/sell',
      headers: { 'x-api-key': t.adminToken },
      payload: { tokenName: 'WETH', network: 'Ethereum', amount: 1.5 },
    });
    expect(sell.statusCode).toBe(200);
    const tradeId = sell.json<{ tradeId: string }>().tradeId;
    const after = await page(`sort=createdAt&order=DESC&page=1&perPage=5&filter=${encodeURIComponent(JSON.stringify({ tradeId }))}`);
    expect(after.total).toBe(1);
    expect(after.data[0]).toMatchObject({ tradeId, tokenName: 'WETH', txType: 'Sell', amountIn: 1.5 });
    expect(failures).toEqual([]);
  });

  it("answers GET /api/stats/trades through the reader threads with the store's figures", async () => {
    const failures: unknown[] = [];
    t = await makeApp({ dataDir: tempDir('console-readers-stats-app-'), txReaders: 2, seriesSampleMs: 0 });
    t.app.log.error = (...args: unknown[]) => void failures.push(args);
    const to = Math.ceil(t.clock.now() / DAY_MS) * DAY_MS;
    const options: TradeStatsOptions = { from: to - 30 * DAY_MS, to, bucket: 'day', groupBy: 'bridge' };
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/stats/trades?from=${options.from}&to=${options.to}&bucket=day&groupBy=bridge`,
      headers: { 'x-api-key': t.operatorToken },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    // Inside a transaction the store reads on its own connection: the figures to compare with.
    const expected = await t.app.store.transaction((tx) => tx.stats.trades(options));
    expect(TradeStatsResponse.parse(response.json())).toEqual(expected);
    expect(expected.totals.trades).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });
});
