/**
 * First-start data: the demo history of 100,000 txs (DEMO_TXS), the demo configs, record versions.
 * The seed's time is printed by the server log (`demo txs seeded`), never asserted here.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TX_SIDES, TX_STATUSES, TX_TYPES } from '../../src/config/enums.ts';
import { CONFIG_SCHEMAS, type ConfigName } from '../../src/contract/index.ts';
import { DEMO_TXS_DEFAULT, demoTxs } from '../../server/src/db/demoTxs.ts';
import { seedDemoConfigs, seedDemoData, seedDemoTxs } from '../../server/src/db/seed.ts';
import { openSqliteStore, type Store } from '../../server/src/db/store.ts';
import { START } from './helpers.ts';

const now = () => START;
let store: Store;
afterEach(() => store.close());

describe('demo transaction history', () => {
  it(`seeds DEMO_TXS (default ${DEMO_TXS_DEFAULT}) rows once, in one transaction`, async () => {
    store = openSqliteStore({ now });
    expect(await seedDemoTxs(store, START, DEMO_TXS_DEFAULT)).toBe(DEMO_TXS_DEFAULT);
    expect(await store.txs.count()).toBe(DEMO_TXS_DEFAULT);
    expect(await seedDemoTxs(store, START, DEMO_TXS_DEFAULT)).toBe(0);
    expect(await store.txs.count()).toBe(DEMO_TXS_DEFAULT);
    const failed = await store.txs.list({ filter: { status: 'failed' }, sort: 'createdAt', order: 'DESC', offset: 0, limit: 1 });
    expect(failed.total).toBeGreaterThan(1000);
  });

  it('DEMO_TXS=0 seeds nothing, and a later start may still seed', async () => {
    store = openSqliteStore({ now });
    expect(await seedDemoTxs(store, START, 0)).toBe(0);
    expect(await seedDemoTxs(store, START, 10)).toBe(10);
  });

  it('is deterministic and realistic: known enumerations, whole trades, retries and in-flight trades at the end', () => {
    const rows = [...demoTxs(3000, START)];
    expect([...demoTxs(3000, START)]).toEqual(rows);
    expect(new Set(rows.map((tx) => tx.id)).size).toBe(rows.length);
    // One expect over all rows: thousands of expect calls would cost more than the seed.
    const odd = rows.filter(
      (tx) =>
        !TX_STATUSES.includes(tx.status) ||
        !TX_TYPES.includes(tx.txType) ||
        !TX_SIDES.includes(tx.side) ||
        tx.updatedAt < tx.createdAt ||
        tx.createdAt > START ||
        (tx.hash !== null && !/^0x[0-9a-f]{64}$/.test(tx.hash)),
    );
    expect(odd).toEqual([]);
    expect(rows.some((tx) => tx.attempt === 2)).toBe(true);
    // Every status a settled history holds; pending and created belong to trades under way, which
    // the simulator makes live (a seeded one would never move on).
    expect(new Set(rows.map((tx) => tx.status))).toEqual(new Set(TX_STATUSES.filter((status) => status !== 'pending' && status !== 'created')));
    const trades = new Set(rows.map((tx) => tx.tradeId));
    expect(rows.length / trades.size).toBeGreaterThan(3);
    // Whole trades, the newest too: each has a swap, a bridge and a sell (a trade cut after its
    // swap read "Step 1, completed" for a route that only swapped). The rows a whole trade would
    // not fit in are manual transfers, outside any trade.
    expect(rows.filter((tx) => tx.tradeId === null).every((tx) => tx.method === 'manual' && tx.txType === 'TransferNative' && tx.amountIn > 0)).toBe(true);
    const typesOf = new Map<string, Set<string>>();
    for (const tx of rows) if (tx.tradeId !== null) typesOf.set(tx.tradeId, (typesOf.get(tx.tradeId) ?? new Set()).add(tx.txType));
    const partial = [...typesOf].filter(([, types]) => !['Swap', 'Bridge', 'Sell'].every((type) => types.has(type)));
    expect(partial).toEqual([]);
  });

  it('Trades (protocol): the seeded history spans its month and every seeded trade has settled (nothing would move it on, so the stuck watch would report it for ever)', () => {
    const rows = [...demoTxs(100_000, START)];
    const started = new Map<string, number>();
    for (const tx of rows) if (tx.tradeId !== null) started.set(tx.tradeId, Math.min(started.get(tx.tradeId) ?? tx.createdAt, tx.createdAt));
    const underWay = new Set(rows.filter((tx) => tx.status === 'pending' || tx.status === 'created').map((tx) => tx.tradeId));
    expect(underWay.size).toBe(0);
    const starts = [...started.values()].sort((a, b) => a - b);
    expect(START - (starts[0] ?? START)).toBeGreaterThan(29 * 24 * 3600_000);
    // No two trades start at the same instant by the dozen (a clamp to START would pile thousands
    // there).
    expect(starts.filter((t) => t === START).length).toBeLessThan(2);
  });
});

describe('demo configs and record versions', () => {
  it('configs are seeded once, each valid against its schema, also into a database seeded before configs existed', async () => {
    store = openSqliteStore({ now });
    await seedDemoData(store, START);
    expect(await seedDemoConfigs(store, START)).toBe(true);
    expect(await seedDemoConfigs(store, START)).toBe(false);
    const configs = await store.configs.list();
    expect(configs.map((c) => c.configName)).toEqual(['cex', 'networkSettings', 'swapProtocols', 'worker']);
    for (const config of configs) {
      expect(config.version).toBe(1);
      expect(CONFIG_SCHEMAS[config.configName as ConfigName].parse(config.data)).toEqual(config.data);
    }
  });

  it('tokens and bridges start at version 1; an update is a compare-and-set on the version', async () => {
    store = openSqliteStore({ now });
    await seedDemoData(store, START);
    const usdc = (await store.tokens.get('USDC'))!;
    expect(usdc.version).toBe(1);
    expect((await store.bridges.list()).every((bridge) => bridge.version === 1)).toBe(true);
    const first = await store.tokens.update({ ...usdc, note: 'a' }, 1);
    expect(first).toMatchObject({ status: 'updated', record: { note: 'a', version: 2 } });
    expect(await store.tokens.update({ ...usdc, note: 'b' }, 1)).toEqual({ status: 'conflict', current: { ...usdc, note: 'a', version: 2 } });
    expect(await store.tokens.update({ ...usdc, tokenName: 'NOPE' }, 1)).toEqual({ status: 'missing' });
    expect(await store.tokens.create(usdc)).toBeUndefined();
  });
});
