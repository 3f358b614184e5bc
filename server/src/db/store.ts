/**
 * The persistence interface the rest of the server sees. Routes never touch SQL: they call these
 * repositories. Everything is async so a PostgreSQL implementation can be added behind it.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Gate } from './gate.ts';
import { migrate } from './migrations.ts';
import { sqliteAccessKeyRepo, type AccessKeyRepo } from './repos/accessKeys.ts';
import { sqliteBridgeRepo, type BridgeRepo } from './repos/bridges.ts';
import { sqliteConfigRepo, type ConfigRepo } from './repos/configs.ts';
import { sqliteMetaRepo, type MetaRepo } from './repos/meta.ts';
import { sqliteSettingsRepo, type SettingsRepo } from './repos/settings.ts';
import { sqliteSolanaBridgeRepo, type SolanaBridgeRepo } from './repos/solanaBridge.ts';
import { sqliteTokenRepo, type TokenRepo } from './repos/tokens.ts';
import { sqliteTradeRepo, type TradeRepo } from './repos/trades.ts';
import { sqliteTxRepo, type TxRepo } from './repos/txs.ts';
import { sqliteUserLogRepo, type UserLogRepo } from './repos/userLogs.ts';

export interface Repos {
  accessKeys: AccessKeyRepo;
  tokens: TokenRepo;
  bridges: BridgeRepo;
  settings: SettingsRepo;
  userLogs: UserLogRepo;
  trades: TradeRepo;
  txs: TxRepo;
  configs: ConfigRepo;
  solanaBridge: SolanaBridgeRepo;
  meta: MetaRepo;
}

export interface Store extends Repos {
  /** Runs work atomically: every write made through `tx` commits together or not at all. */
  transaction<T>(work: (tx: Repos) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const DB_FILE_NAME = 'console.db';
const PAGE_CACHE_KIB = 64 * 1024;
const MMAP_BYTES = 256 * 2 ** 20;
/** Rows ANALYZE samples per index: statistics good enough to choose an index, in milliseconds. */
const ANALYSIS_LIMIT = 1000;

export interface SqliteStoreOptions {
  /** Directory of the database file (created if missing); omitted for an in-memory database. */
  dataDir?: string;
  now: () => number;
}

export function openSqliteStore({ dataDir, now }: SqliteStoreOptions): Store {
  let file = ':memory:';
  if (dataDir !== undefined) {
    mkdirSync(dataDir, { recursive: true });
    file = join(dataDir, DB_FILE_NAME);
  }
  const db = new BetterSqlite3(file);
  try {
    db.pragma('journal_mode = WAL');
    // An acknowledged write survives power loss, not only a killed process: WAL is synced on each commit.
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // The history is tens of MB: the default 2 MB page cache would read most pages of a list query
    // or a bulk load back from the OS by a system call each. Memory-mapped reads and a larger cache
    // keep them in memory (both are bounds, not allocations).
    db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    db.pragma(`mmap_size = ${MMAP_BYTES}`);
    migrate(db, now());
    // Statistics for the query planner where they are missing or stale (a database upgraded to new
    // indexes); bounded work, as SQLite recommends on opening a long-lived connection.
    db.pragma(`analysis_limit = ${ANALYSIS_LIMIT}`);
    db.pragma('optimize = 0x10002');
  } catch (err) {
    db.close();
    throw err;
  }

  const gate = new Gate(db);
  const repos: Repos = {
    accessKeys: sqliteAccessKeyRepo(db, gate, now),
    tokens: sqliteTokenRepo(db, gate, now),
    bridges: sqliteBridgeRepo(db, gate, now),
    settings: sqliteSettingsRepo(db, gate, now),
    userLogs: sqliteUserLogRepo(db, gate),
    trades: sqliteTradeRepo(db, gate, now),
    txs: sqliteTxRepo(db, gate),
    configs: sqliteConfigRepo(db, gate, now),
    solanaBridge: sqliteSolanaBridgeRepo(db, gate, now),
    meta: sqliteMetaRepo(db, gate),
  };
  return {
    ...repos,
    // One connection: the transaction's repositories are the same objects, scoped by the gate.
    transaction: (work) => gate.transaction(() => work(repos)),
    close: () =>
      gate.run(() => {
        if (db.open) db.close();
      }),
  };
}
