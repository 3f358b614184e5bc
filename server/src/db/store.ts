/**
 * The persistence interface the rest of the server sees. Routes never touch SQL: they call these
 * repositories. Everything is async so a PostgreSQL implementation can be added behind it.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { tuneConnection } from './connection.ts';
import { Gate } from './gate.ts';
import { startTxReaders } from './txReaders.ts';
import { migrate } from './migrations.ts';
import { sqliteAccessKeyRepo, type AccessKeyRepo } from './repos/accessKeys.ts';
import { sqliteBridgeRepo, type BridgeRepo } from './repos/bridges.ts';
import { sqliteConfigRepo, type ConfigRepo } from './repos/configs.ts';
import { sqliteJourneyRepo, type JourneyRepo } from './repos/journeys.ts';
import { sqliteJourneyWriter } from './repos/journeyWriter.ts';
import { sqliteMetaRepo, type MetaRepo } from './repos/meta.ts';
import { sqliteRevokedSessionRepo, type RevokedSessionRepo } from './repos/revokedSessions.ts';
import { sqliteSettingsRepo, type SettingsRepo } from './repos/settings.ts';
import { sqliteSolanaBridgeRepo, type SolanaBridgeRepo } from './repos/solanaBridge.ts';
import { sqliteStatsRepo, type StatsRepo } from './repos/stats.ts';
import { sqliteTimelineRepo, type TimelineRepo } from './repos/timeline.ts';
import { sqliteTokenRepo, type TokenRepo } from './repos/tokens.ts';
import { sqliteTradeRepo, type TradeRepo } from './repos/trades.ts';
import { onTxsChanged, sqliteTxRepo, type TxChangeListener, type TxRepo } from './repos/txs.ts';
import { sqliteAlertRepo, type AlertRepo } from '../alerts/repo.ts';
import { sqliteUserLogRepo, type UserLogRepo } from './repos/userLogs.ts';

export interface Repos {
  accessKeys: AccessKeyRepo;
  revokedSessions: RevokedSessionRepo;
  tokens: TokenRepo;
  bridges: BridgeRepo;
  settings: SettingsRepo;
  userLogs: UserLogRepo;
  trades: TradeRepo;
  txs: TxRepo;
  /** Trades as journeys, read from the txs by tradeId (GET /trades/). */
  journeys: JourneyRepo;
  configs: ConfigRepo;
  solanaBridge: SolanaBridgeRepo;
  meta: MetaRepo;
  /** Trade figures per hour or day and the network series (GET /stats/…, docs/protocol.md "Stats"). */
  stats: StatsRepo;
  /** Alerts delivery: destinations, the rules firing, the delivery log. */
  alerts: AlertRepo;
  /** What the server saw happen (GET /timeline, docs/protocol.md "Timeline"); the user log is merged when read. */
  timeline: TimelineRepo;
}

export interface Store extends Repos {
  /** Runs work atomically: every write made through `tx` commits together or not at all. */
  transaction<T>(work: (tx: Repos) => Promise<T>): Promise<T>;
  /**
   * Calls `listener` with the txs each write changes (repos/txs.ts onTxsChanged): synchronously,
   * inside the write's transaction, so what it hears is read again once that is over. Returns the unsubscribe.
   */
  onTxsChanged(listener: TxChangeListener): () => void;
  close(): Promise<void>;
}

export const DB_FILE_NAME = 'console.db';
/** The database holds the session secret and the key hashes: only the server's user may read it. */
export const DATA_DIR_MODE = 0o700;
export const DB_FILE_MODE = 0o600;
/** SQLite's companions of the database file in WAL mode. */
const DB_COMPANION_SUFFIXES = ['-wal', '-shm', '-journal'];

/**
 * Creates the data directory and the database file private to this user, and makes them private if
 * an earlier version left them readable. SQLite gives the -wal and -shm files it creates the mode of
 * the database file, so those follow.
 */
function preparePrivateFiles(dataDir: string, file: string): void {
  mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  chmodSync(dataDir, DATA_DIR_MODE);
  preparePrivateDatabaseFile(file);
}

/** The database file (and its companions) private to this user, created so if missing: the standalone alerts process keeps its own. */
export function preparePrivateDatabaseFile(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', DB_FILE_MODE));
  for (const path of [file, ...DB_COMPANION_SUFFIXES.map((suffix) => file + suffix)]) {
    if (existsSync(path)) chmodSync(path, DB_FILE_MODE);
  }
}
/** Rows ANALYZE samples per index: statistics good enough to choose an index, in milliseconds. */
const ANALYSIS_LIMIT = 1000;

export interface SqliteStoreOptions {
  /** Directory of the database file (created if missing); omitted for an in-memory database. */
  dataDir?: string;
  now: () => number;
  /**
   * Threads reading pages of the transaction and trade lists, and the stats' answers, on their own
   * read-only connections (txReaders.ts); 0, or an in-memory database: on the store's connection.
   */
  txReaders?: number;
  /** A reader thread failed: its requests were read on the store's connection. */
  onReaderFailure?: (err: Error) => void;
  /** SECRETS_KEY: alert destinations' secrets are kept encrypted with it (alerts/secrets.ts). */
  secretsKey?: Buffer;
}

export function openSqliteStore({ dataDir, now, txReaders = 0, onReaderFailure, secretsKey }: SqliteStoreOptions): Store {
  let file = ':memory:';
  if (dataDir !== undefined) {
    file = join(dataDir, DB_FILE_NAME);
    preparePrivateFiles(dataDir, file);
  }
  const db = new BetterSqlite3(file);
  try {
    db.pragma('journal_mode = WAL');
    // An acknowledged write survives power loss, not only a killed process: WAL is synced on each commit.
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    tuneConnection(db);
    migrate(db, now());
    // A history written before the trade rows existed (migration 11) gets them once.
    const journeys = sqliteJourneyWriter(db);
    if (journeys.missing()) journeys.rebuildAll();
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
    revokedSessions: sqliteRevokedSessionRepo(db, gate),
    tokens: sqliteTokenRepo(db, gate, now),
    bridges: sqliteBridgeRepo(db, gate, now),
    settings: sqliteSettingsRepo(db, gate, now),
    userLogs: sqliteUserLogRepo(db, gate),
    trades: sqliteTradeRepo(db, gate, now),
    txs: sqliteTxRepo(db, gate),
    journeys: sqliteJourneyRepo(db, gate),
    configs: sqliteConfigRepo(db, gate, now),
    solanaBridge: sqliteSolanaBridgeRepo(db, gate, now),
    meta: sqliteMetaRepo(db, gate),
    stats: sqliteStatsRepo(db, gate),
    alerts: sqliteAlertRepo(db, gate, undefined, secretsKey),
    timeline: sqliteTimelineRepo(db, gate),
  };
  const readers =
    dataDir !== undefined && txReaders > 0
      ? startTxReaders({
          file,
          threads: txReaders,
          fallback: repos.txs.listBody,
          tradesFallback: repos.journeys.listBody,
          statsFallback: { trades: repos.stats.tradesBody, series: repos.stats.seriesBody },
          onFailure: onReaderFailure,
        })
      : undefined;
  return {
    ...repos,
    // Outside a transaction, the list's pages are read by the reader threads; inside one, on this
    // connection, which alone sees the transaction's writes.
    txs: readers ? { ...repos.txs, listBody: readers.listBody, releaseBody: readers.release } : repos.txs,
    journeys: readers ? { ...repos.journeys, listBody: readers.tradesBody, releaseBody: readers.release } : repos.journeys,
    // The stats' answers too (docs/protocol.md "Stats"): a long range would hold up every request here.
    stats: readers ? { ...repos.stats, tradesBody: readers.tradeStatsBody, seriesBody: readers.statsSeriesBody, releaseBody: readers.release } : repos.stats,
    // One connection writes: the transaction's repositories are the same objects, scoped by the gate.
    transaction: (work) => gate.transaction(() => work(repos)),
    onTxsChanged: (listener) => onTxsChanged(db, listener),
    close: async () => {
      await readers?.close();
      await gate.run(() => {
        if (db.open) db.close();
      });
    },
  };
}
