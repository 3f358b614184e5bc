import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../server/src/db/migrations.ts';
import { openSqliteStore, type Store } from '../../server/src/db/store.ts';
import { seedDemoData } from '../../server/src/db/seed.ts';
import { DEMO_TOKENS } from '../../server/src/db/demoData.ts';
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
    const versions = Array.from({ length: SCHEMA_VERSION }, (_, i) => ({ version: i + 1 }));
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
