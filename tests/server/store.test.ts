import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../../server/src/db/migrations.ts';
import { openSqliteStore, type Store } from '../../server/src/db/store.ts';
import { seedDemoData, seedDemoTxs } from '../../server/src/db/seed.ts';
import type { TradeDraft } from '../../server/src/db/repos/trades.ts';
import { DEMO_TOKENS } from '../../server/src/db/demoData.ts';
import { demoTxs } from '../../server/src/db/demoTxs.ts';
import { NETWORKS } from '../../src/config/networks.ts';
import { BRIDGE_KINDS } from '../../src/config/enums.ts';
import { DEMO_BRIDGES } from '../../server/src/db/demoData.ts';
import { tempDir } from './helpers.ts';

const now = () => 1_700_000_000_000;
let store: Store;
afterEach(() => store.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SQLite store', () => {
  it('a failed transaction leaves nothing behind', async () => {
    store = openSqliteStore({ now });
    await seedDemoData(store, now());
    await expect(
      store.transaction(async (tx) => {
        await tx.settings.set('miscSettings', { sellOnly: true });
        await tx.userLogs.insert({ id: 'x', time: 1, user: 'u', action: 'a' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await store.settings.get('miscSettings')).toEqual({ sellOnly: false, tradeMode: 'auto' });
    expect(await store.userLogs.list({ limit: 10 })).toEqual([]);
  });

  it('other requests never see a transaction in progress, even across awaits', async () => {
    store = openSqliteStore({ now });
    await seedDemoData(store, now());
    const failing = store.transaction(async (tx) => {
      await tx.settings.set('miscSettings', { sellOnly: true });
      await sleep(30);
      throw new Error('rolled back');
    });
    await sleep(5);
    const readDuring = store.settings.get('miscSettings');
    await expect(failing).rejects.toThrow('rolled back');
    expect(await readDuring).toEqual({ sellOnly: false, tradeMode: 'auto' });
  });

  it('refuses to store a setting that breaks the contract', async () => {
    store = openSqliteStore({ now });
    await seedDemoData(store, now());
    // @ts-expect-error workersRunning must be a boolean
    await expect(store.settings.set('brainState', { workersRunning: 'yes' })).rejects.toThrow();
  });

  it('uses WAL and foreign keys, and applies each migration once', async () => {
    const dataDir = join(tempDir('console-store-'), 'nested', 'data');
    store = openSqliteStore({ dataDir, now });
    await store.close();
    store = openSqliteStore({ dataDir, now });
    await store.close();
    const db = new BetterSqlite3(join(dataDir, 'console.db'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const versions = MIGRATIONS.map(({ version }) => ({ version }));
    expect(db.prepare('SELECT version FROM schema_migrations ORDER BY version').all()).toEqual(versions);
    db.close();
    store = openSqliteStore({ dataDir, now });
  });

  it('seeds the demo data once', async () => {
    store = openSqliteStore({ now });
    expect(await seedDemoData(store, now())).toBe(true);
    expect(await seedDemoData(store, now())).toBe(false);
    expect(await store.tokens.list()).toHaveLength(DEMO_TOKENS.length);
  });
});

describe('the transaction history repository: cached totals', () => {
  const failedTotal = async () => (await store.txs.list({ filter: { status: 'failed' }, sort: 'createdAt', order: 'DESC', offset: 0, limit: 5 })).total;
  const draft = (tradeId: string, status: 'pending' | 'failed'): TradeDraft => ({
    tradeId,
    tokenName: 'USDC',
    networkBuy: 'Base',
    networkSell: 'Ethereum',
    bridge: { name: 'ccip-eth-base' },
    txTypes: ['Swap'],
    status: 'pending',
    expectedProfit: 0.5,
    txs: [{ txId: `0x${tradeId.padEnd(64, '0')}`, txType: 'Swap', network: 'Base', status, amountIn: 100 }],
  });

  it("a filter's total follows every write to the history: inserts, trades written and pruned, another connection's commit, a rollback", async () => {
    const dataDir = tempDir('console-totals-');
    store = openSqliteStore({ dataDir, now });
    await seedDemoData(store, now());
    await seedDemoTxs(store, now(), 300);
    const seededFailed = await failedTotal();
    expect(seededFailed).toBeGreaterThan(0);
    // Asked twice: the second answer may come from the cache, and must be the same.
    expect(await failedTotal()).toBe(seededFailed);

    const [newest] = (await store.txs.list({ filter: {}, sort: 'createdAt', order: 'DESC', offset: 0, limit: 1 })).data;
    if (!newest) throw new Error('no seeded tx');
    const { historyKey: _key, ...row } = newest;
    await store.txs.insert({ ...row, id: 'extra-failed', status: 'failed' });
    expect(await failedTotal()).toBe(seededFailed + 1);

    await store.trades.put(draft('aa01', 'failed'));
    expect(await failedTotal()).toBe(seededFailed + 2);
    await store.trades.put(draft('aa01', 'pending'));
    expect(await failedTotal()).toBe(seededFailed + 1);
    await store.trades.put(draft('aa02', 'failed'));
    await store.trades.put(draft('aa03', 'pending'));
    expect(await failedTotal()).toBe(seededFailed + 2);
    // Keeps the newest trade only: aa02's failed tx goes with it.
    await store.trades.prune(1);
    expect(await failedTotal()).toBe(seededFailed + 1);

    const other = new BetterSqlite3(join(dataDir, 'console.db'));
    other.prepare("DELETE FROM txs WHERE id = 'extra-failed'").run();
    other.close();
    expect(await failedTotal()).toBe(seededFailed);

    await expect(
      store.transaction(async (tx) => {
        await tx.txs.insert({ ...row, id: 'rolled-back', status: 'failed' });
        expect((await tx.txs.list({ filter: { status: 'failed' }, sort: 'createdAt', order: 'DESC', offset: 0, limit: 5 })).total).toBe(
          seededFailed + 1,
        );
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await failedTotal()).toBe(seededFailed);
  });

  it('a database is migrated to the indexes every filter and sort of the list uses: one filter value with any sort, or two newest first, and no sort step; a prefix search sorted from its index alone', async () => {
    const dataDir = tempDir('console-indexes-');
    store = openSqliteStore({ dataDir, now });
    await store.close();
    const db = new BetterSqlite3(join(dataDir, 'console.db'));
    try {
      const indexes = db.prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'txs' AND sql IS NOT NULL").all();
      expect(indexes.map((index) => index.name)).toEqual(expect.arrayContaining([
        'txs_by_amount_in', 'txs_by_created', 'txs_by_hash_nocase', 'txs_by_id_nocase', 'txs_by_network', 'txs_by_profit',
        'txs_by_side', 'txs_by_status', 'txs_by_token', 'txs_by_trade', 'txs_by_trade_nocase', 'txs_by_type',
      ]));
      // What repos/txs.ts walks for a page: the filter's index in the sort's order, ties by createdAt.
      for (const filter of ['status', 'side', 'tx_type', 'network', 'token_name']) {
        for (const sort of ['created_at', 'amount_in', 'expected_profit', 'status', 'token_name']) {
          for (const order of ['ASC', 'DESC']) {
            const by = sort === 'created_at' ? `created_at ${order}, rowid ${order}` : `${sort} ${order}, created_at ${order}, rowid ${order}`;
            const plan = db
              .prepare<[string], { detail: string }>(`EXPLAIN QUERY PLAN SELECT rowid FROM txs WHERE ${filter} IN (?) ORDER BY ${by} LIMIT 25 OFFSET 100`)
              .all('x')
              .map((step) => step.detail)
              .join('; ');
            expect(plan, `${filter} sorted by ${sort} ${order}`).toMatch(/^SEARCH txs USING COVERING INDEX \w+ \(\w+=\?\)$/);
          }
        }
        // Newest first, any two filters together.
        for (const other of ['status', 'side', 'tx_type', 'network', 'token_name'].filter((column) => column > filter)) {
          for (const order of ['ASC', 'DESC']) {
            const plan = db
              .prepare<string[], { detail: string }>(`EXPLAIN QUERY PLAN SELECT rowid FROM txs WHERE ${filter} IN (?) AND ${other} IN (?) ORDER BY created_at ${order}, rowid ${order} LIMIT 25`)
              .all('x', 'y')
              .map((step) => step.detail)
              .join('; ');
            expect(plan, `${filter} and ${other}, newest first`).toMatch(/^SEARCH txs USING COVERING INDEX \w+ \(\w+=\? AND \w+=\?\)$/);
          }
        }
      }
      // A search by prefix (migration 8): its matches are sorted from its index, no row read before the page.
      for (const [column, index] of [['hash', 'txs_by_hash_nocase'], ['trade_id', 'txs_by_trade_nocase'], ['id', 'txs_by_id_nocase']]) {
        for (const sort of ['created_at', 'amount_in', 'expected_profit', 'status', 'token_name']) {
          const by = sort === 'created_at' ? 'created_at DESC, rowid DESC' : `${sort} ASC, created_at ASC, rowid ASC`;
          const plan = db
            .prepare<[string, string], { detail: string }>(
              `EXPLAIN QUERY PLAN SELECT rowid FROM txs WHERE ${column} >= ? COLLATE NOCASE AND ${column} < ? COLLATE NOCASE ORDER BY ${by} LIMIT 25 OFFSET 100`,
            )
            .all('0x4e', '0x4f')
            .map((step) => step.detail)
            .join('; ');
          expect(plan, `${column} prefix sorted by ${sort}`).toBe(`SEARCH txs USING COVERING INDEX ${index} (${column}>? AND ${column}<?); USE TEMP B-TREE FOR ORDER BY`);
        }
      }
    } finally {
      db.close();
    }
    store = openSqliteStore({ dataDir, now });
  });
});

describe('upgrade of the transaction history (migration 7)', () => {
  it('a database at schema 6 keeps every tx, and GET /txs/ pages of it read back like the records', async () => {
    const dataDir = tempDir('console-upgrade-');
    const db = new BetterSqlite3(join(dataDir, 'console.db'));
    const rows = [...demoTxs(300, now())];
    try {
      migrate(db, now(), 6);
      const insert = db.prepare(`INSERT INTO txs (id, trade_id, token_name, side, method, attempt, tx_type, status, network_buy,
        network_sell, network, bridge_name, amount_in, amount_out, expected_profit, hash, created_at, updated_at, raw)
        VALUES (${Array.from({ length: 19 }, () => '?').join(', ')})`);
      db.transaction(() => {
        for (const tx of rows) {
          insert.run(tx.id, tx.tradeId, tx.tokenName, tx.side, tx.method, tx.attempt, tx.txType, tx.status, tx.networkBuy, tx.networkSell,
            tx.network, tx.bridgeName, tx.amountIn, tx.amountOut, tx.expectedProfit, tx.hash, tx.createdAt, tx.updatedAt,
            tx.raw === undefined ? null : JSON.stringify(tx.raw));
        }
      })();
    } finally {
      db.close();
    }
    store = openSqliteStore({ dataDir, now });
    expect(await store.txs.count()).toBe(rows.length);
    for (const sort of ['createdAt', 'amountIn', 'tokenName'] as const) {
      const options = { filter: {}, sort, order: 'DESC' as const, offset: 10, limit: 50 };
      const page = await store.txs.list(options);
      const body = await store.txs.listBody(options);
      expect(JSON.parse(Buffer.from(body).toString('utf8'))).toEqual({ data: page.data, total: rows.length });
    }
    // Writes after the upgrade keep the stored list form in step.
    const [first] = rows;
    await store.txs.upsert([{ ...first!, status: 'failed', updatedAt: now() + 1 }]);
    const failed = await store.txs.listBody({ filter: { tradeId: first!.tradeId! }, sort: 'createdAt', order: 'ASC', offset: 0, limit: 50 });
    expect((JSON.parse(Buffer.from(failed).toString('utf8')) as { data: unknown[] }).data).toContainEqual(expect.objectContaining({ id: first!.id, status: 'failed', updatedAt: now() + 1 }));
  });
});

describe('§8 error codes of the transaction history (migration 10)', () => {
  const planOf = (db: BetterSqlite3.Database, sql: string, ...params: unknown[]) =>
    db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params).map((step) => (step as { detail: string }).detail).join('; ');

  it('§8 the errCode filter is read from its partial index: counted there, a page newest first is a walk of it, any other sort sorts only its rows', async () => {
    const dataDir = tempDir('console-errcode-plan-');
    store = openSqliteStore({ dataDir, now });
    await store.close();
    const db = new BetterSqlite3(join(dataDir, 'console.db'));
    try {
      expect(db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'txs_by_err_code'").pluck().get()).toBe(
        'CREATE INDEX txs_by_err_code ON txs (err_code, created_at) WHERE err_code IS NOT NULL',
      );
      expect(planOf(db, 'SELECT COUNT(*) FROM txs WHERE err_code IN (?)', 17)).toBe('SEARCH txs USING COVERING INDEX txs_by_err_code (err_code=?)');
      for (const order of ['ASC', 'DESC']) {
        expect(planOf(db, `SELECT rowid FROM txs WHERE err_code IN (?) ORDER BY created_at ${order}, rowid ${order} LIMIT 25 OFFSET 100`, 17)).toBe(
          'SEARCH txs USING COVERING INDEX txs_by_err_code (err_code=?)',
        );
      }
      for (const sort of ['amount_in', 'expected_profit', 'status', 'token_name']) {
        expect(planOf(db, `SELECT rowid FROM txs WHERE err_code IN (?, ?) ORDER BY ${sort} DESC, created_at DESC, rowid DESC LIMIT 25`, 17, 18), sort).toMatch(
          /^SEARCH txs USING INDEX txs_by_err_code \(err_code=\?\); USE TEMP B-TREE FOR ORDER BY$/,
        );
      }
    } finally {
      db.close();
    }
    store = openSqliteStore({ dataDir, now });
  });

  it('§8 a database at schema 9 is upgraded: each failed tx gets the errCode its raw part carried, the others none; the indexes are kept, txs_by_err_code added; pages read back like the records', async () => {
    const dataDir = tempDir('console-upgrade-errcode-');
    const db = new BetterSqlite3(join(dataDir, 'console.db'));
    // As the previous server wrote them: the code in raw only, on failed txs.
    const rows = [...demoTxs(400, now())].map(({ errCode, ...tx }) => (errCode === undefined ? tx : { ...tx, raw: { ...(tx.raw as object), errCode } }));
    const coded = new Map([...demoTxs(400, now())].flatMap((tx) => (tx.errCode === undefined ? [] : [[tx.id, tx.errCode]])));
    expect(coded.size).toBeGreaterThan(3);
    let indexesBefore: string[];
    try {
      migrate(db, now(), 9);
      const insert = db.prepare(`INSERT INTO txs (id, trade_id, token_name, side, method, attempt, tx_type, status, network_buy,
        network_sell, network, bridge_name, amount_in, amount_out, expected_profit, hash, created_at, updated_at, raw)
        VALUES (${Array.from({ length: 19 }, () => '?').join(', ')})`);
      db.transaction(() => {
        for (const tx of rows) {
          insert.run(tx.id, tx.tradeId, tx.tokenName, tx.side, tx.method, tx.attempt, tx.txType, tx.status, tx.networkBuy, tx.networkSell,
            tx.network, tx.bridgeName, tx.amountIn, tx.amountOut, tx.expectedProfit, tx.hash, tx.createdAt, tx.updatedAt, JSON.stringify(tx.raw));
        }
        // A code on a tx that did not fail is no failure reason: it stays in raw only.
        insert.run('odd-code', null, 'USDC', 'buy', 'manual', 1, 'Swap', 'completed', null, null, 'Base', null, 1, 1, null, null, 1, 1, JSON.stringify({ errCode: 5 }));
      })();
      indexesBefore = db.prepare<[], string>("SELECT sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'txs' AND sql IS NOT NULL").pluck().all();
    } finally {
      db.close();
    }
    store = openSqliteStore({ dataDir, now });
    expect(await store.txs.count()).toBe(rows.length + 1);
    const all = await store.txs.list({ filter: {}, sort: 'createdAt', order: 'DESC', offset: 0, limit: 500 });
    expect(new Map(all.data.flatMap((tx) => (tx.errCode === undefined ? [] : [[tx.id, tx.errCode]])))).toEqual(coded);
    expect(await store.txs.get('odd-code')).not.toHaveProperty('errCode');
    for (const filter of [{}, { errCode: [...coded.values()][0]! }, { status: 'failed' as const }]) {
      const options = { filter, sort: 'amountIn' as const, order: 'DESC' as const, offset: 0, limit: 50 };
      const body = await store.txs.listBody(options);
      expect(JSON.parse(Buffer.from(body).toString('utf8'))).toEqual(await store.txs.list(options));
    }
    expect((await store.txs.list({ filter: { errCode: [...coded.values()] }, sort: 'createdAt', order: 'DESC', offset: 0, limit: 500 })).total).toBe(coded.size);
    await store.close();
    const upgraded = new BetterSqlite3(join(dataDir, 'console.db'), { readonly: true });
    try {
      const indexesAfter = upgraded.prepare<[], string>("SELECT sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'txs' AND sql IS NOT NULL").pluck().all();
      expect([...indexesAfter].sort()).toEqual([...indexesBefore, 'CREATE INDEX txs_by_err_code ON txs (err_code, created_at) WHERE err_code IS NOT NULL'].sort());
    } finally {
      upgraded.close();
    }
    store = openSqliteStore({ dataDir, now });
    // Writes after the upgrade keep the stored list form in step, the code included.
    const [first] = rows;
    await store.txs.upsert([{ ...first!, status: 'failed', errCode: 9, updatedAt: now() + 1 }]);
    const page = await store.txs.listBody({ filter: { errCode: 9 }, sort: 'createdAt', order: 'DESC', offset: 0, limit: 50 });
    expect((JSON.parse(Buffer.from(page).toString('utf8')) as { data: unknown[] }).data).toContainEqual(expect.objectContaining({ id: first!.id, status: 'failed', errCode: 9 }));
  });
});

describe('bulk load of the transaction history', () => {
  const indexesOf = (dataDir: string) => {
    const db = new BetterSqlite3(join(dataDir, 'console.db'), { readonly: true });
    try {
      return db.prepare<[], { sql: string }>("SELECT sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'txs' AND sql IS NOT NULL ORDER BY name").pluck().all();
    } finally {
      db.close();
    }
  };

  it('into the empty table the indexes are built after the rows: the same indexes after it, and after a load that fails', async () => {
    const dataDir = tempDir('console-bulk-');
    store = openSqliteStore({ dataDir, now });
    const before = indexesOf(dataDir);
    expect(before.length).toBeGreaterThan(20);
    const rows = [...demoTxs(200, now())];
    // A repeated id fails the load half-way: nothing is written and no index is lost.
    await expect(store.transaction((tx) => tx.txs.insertMany([...rows, rows[0]!]))).rejects.toThrow(/UNIQUE/);
    expect(await store.txs.count()).toBe(0);
    expect(indexesOf(dataDir)).toEqual(before);
    expect(await store.transaction((tx) => tx.txs.insertMany(rows))).toBe(200);
    expect(indexesOf(dataDir)).toEqual(before);
    const page = await store.txs.list({ filter: { status: 'completed' }, sort: 'amountIn', order: 'DESC', offset: 0, limit: 5 });
    expect(page.total).toBe(rows.filter((tx) => tx.status === 'completed').length);
  });
});

describe('demo data', () => {
  it('tokens carry lower-cased EVM addresses on known networks', () => {
    expect(DEMO_TOKENS.length).toBeGreaterThanOrEqual(12);
    for (const token of DEMO_TOKENS) {
      for (const [network, { address, decimals }] of Object.entries(token.networkData)) {
        expect(NETWORKS).toContain(network);
        expect(address).toMatch(/^0x[0-9a-f]{40}$/);
        expect([6, 8, 18]).toContain(decimals);
      }
    }
  });

  it('bridges are of known kinds', () => {
    expect(DEMO_BRIDGES).toHaveLength(4);
    for (const bridge of DEMO_BRIDGES) expect(BRIDGE_KINDS).toContain(bridge.kind);
  });
});
