/**
 * The stats extension (docs/protocol.md "Stats"): trade figures per UTC hour or day from the
 * trade_journeys rows, optionally grouped, and the network series (migration 13).
 *
 * A trade counts in the bucket its start is in. The figures of a range are one walk of
 * journeys_stats (started_at first, every other column read after it), so 30 days of trades are
 * counted from the index alone; the buckets are filled in with zeros and the totals are their sum
 * (src/domain/stats.ts). Running counts every trade not yet settled, stuck ones included.
 *
 * The reads (sqliteStatsReads) are synchronous and take only a connection, so the reader threads
 * (txReaderWorker.ts) run them on theirs; the store's repository runs them through its gate, which
 * is where they land when the readers are off (TX_READERS=0) or inside a transaction. Either way the
 * routes get JSON bytes (tradesBody, seriesBody) and send them as they are.
 */
import type { Database } from 'better-sqlite3';
import { BUCKET_MS, ROUTE_ARROW, type SeriesKind, type StatsBucket, type StatsGroup } from '../../../../src/config/stats.ts';
import type { StatsSeriesResponse, TradeStatsResponse } from '../../../../src/contract/index.ts';
import { filledBuckets, seriesStep, type Counts } from '../../../../src/domain/stats.ts';
import type { Gate } from '../gate.ts';

export interface TradeStatsOptions {
  from: number;
  to: number;
  bucket: StatsBucket;
  groupBy?: StatsGroup;
}

export interface SeriesOptions {
  kind: SeriesKind;
  network: string;
  from: number;
  to: number;
  maxPoints: number;
}

export interface SeriesSample {
  kind: SeriesKind;
  network: string;
  t: number;
  value: number;
}

export interface StatsRepo {
  trades(options: TradeStatsOptions): Promise<TradeStatsResponse>;
  series(options: SeriesOptions): Promise<StatsSeriesResponse>;
  /**
   * The answer of trades() as JSON bytes, as the routes send it: on the reader threads when they
   * run (txReaders.ts), else on this connection. An abort before the query starts drops it (the
   * promise rejects with the signal's reason); once started, it runs to its end.
   */
  tradesBody(options: TradeStatsOptions, signal?: AbortSignal): Promise<Uint8Array>;
  /** series() as JSON bytes, likewise. */
  seriesBody(options: SeriesOptions, signal?: AbortSignal): Promise<Uint8Array>;
  /** A body of tradesBody or seriesBody was sent and is not read again: its memory may serve a later answer. */
  releaseBody(body: Uint8Array): void;
  /** Writes samples (one transaction); a sample at a time already held replaces it. */
  record(samples: readonly SeriesSample[]): Promise<void>;
  /** Deletes samples older than `before` (ms); how many. */
  prune(before: number): Promise<number>;
}

const COUNTS = `COUNT(*) AS trades,
  SUM(state = 'completed') AS completed,
  SUM(state = 'failed') AS failed,
  SUM(state = 'running') AS running,
  TOTAL(CASE WHEN state = 'completed' THEN expected_profit END) AS profit`;

/** The group key of a row, per groupBy. Trades without an error code are not grouped by it. */
const GROUP_KEY: Readonly<Record<StatsGroup, { key: string; where: string }>> = {
  token: { key: 'token_name', where: '' },
  bridge: { key: 'bridge_name', where: '' },
  route: { key: `network_buy || '${ROUTE_ARROW}' || network_sell`, where: '' },
  errCode: { key: 'CAST(err_code AS TEXT)', where: 'AND err_code IS NOT NULL' },
};

const RANGE = 'FROM trade_journeys INDEXED BY journeys_stats WHERE started_at >= ? AND started_at < ?';

type CountRow = Counts;

/** The stats' reads on a connection, synchronous: the store's (through its gate) and each reader thread's. */
export interface StatsReads {
  trades(options: TradeStatsOptions): TradeStatsResponse;
  series(options: SeriesOptions): StatsSeriesResponse;
}

export function sqliteStatsReads(db: Database): StatsReads {
  // Integer division (better-sqlite3 binds numbers as REAL, hence the CAST): the bucket start is exact.
  const byBucket = db.prepare<[{ size: number; from: number; to: number }], CountRow & { t: number }>(
    `SELECT (started_at / CAST(@size AS INTEGER)) * CAST(@size AS INTEGER) AS t, ${COUNTS} FROM trade_journeys INDEXED BY journeys_stats
     WHERE started_at >= @from AND started_at < @to GROUP BY 1`,
  );
  const byGroup = Object.fromEntries(
    Object.entries(GROUP_KEY).map(([group, { key, where }]) => [
      group,
      db.prepare<[number, number], CountRow & { key: string }>(`SELECT ${key} AS key, ${COUNTS} ${RANGE} ${where} GROUP BY 1 ORDER BY trades DESC, key`),
    ]),
  ) as Record<StatsGroup, ReturnType<typeof db.prepare<[number, number], CountRow & { key: string }>>>;

  const seriesCount = db.prepare<[string, string, number, number], number>(
    'SELECT COUNT(*) FROM network_series WHERE kind = ? AND network = ? AND t >= ? AND t < ?',
  ).pluck();
  const seriesRaw = db.prepare<[string, string, number, number], { t: number; value: number }>(
    'SELECT t, value FROM network_series WHERE kind = ? AND network = ? AND t >= ? AND t < ? ORDER BY t',
  );
  // The mean of each step at the step's start: src/domain/stats.ts downsample, in SQL.
  const seriesSteps = db.prepare<[{ kind: string; network: string; from: number; to: number; step: number }], { t: number; value: number }>(
    `SELECT CAST(@from AS INTEGER) + ((t - CAST(@from AS INTEGER)) / CAST(@step AS INTEGER)) * CAST(@step AS INTEGER) AS t, AVG(value) AS value
     FROM network_series WHERE kind = @kind AND network = @network AND t >= @from AND t < @to
     GROUP BY (t - CAST(@from AS INTEGER)) / CAST(@step AS INTEGER) ORDER BY 1`,
  );
  const clean = ({ trades, completed, failed, running, profit }: CountRow): Counts => ({
    trades,
    completed: completed ?? 0,
    failed: failed ?? 0,
    running: running ?? 0,
    profit,
  });

  return {
    trades: ({ from, to, bucket, groupBy }) => {
      const size = BUCKET_MS[bucket];
      const found = new Map(byBucket.all({ size, from, to }).map(({ t, ...counts }) => [t, clean(counts)]));
      const { buckets, totals } = filledBuckets(from, to, bucket, found);
      const answer: TradeStatsResponse = { from, to, bucket, totals, buckets };
      if (groupBy !== undefined) answer.groups = byGroup[groupBy].all(from, to).map(({ key, ...counts }) => ({ key, ...clean(counts) }));
      return answer;
    },
    series: ({ kind, network, from, to, maxPoints }) => {
      const count = seriesCount.get(kind, network, from, to) ?? 0;
      let rows: { t: number; value: number }[];
      if (count <= maxPoints) rows = seriesRaw.all(kind, network, from, to);
      else {
        rows = seriesSteps.all({ kind, network, from, to, step: seriesStep(from, to, maxPoints) });
      }
      return { kind, network, points: rows.map(({ t, value }): [number, number] => [t, value]) };
    },
  };
}

/** An answer as the bytes the routes send (the contract's TradeStatsResponse or StatsSeriesResponse). */
export const statsBody = (answer: TradeStatsResponse | StatsSeriesResponse): Uint8Array => Buffer.from(JSON.stringify(answer));

/** Runs `read` through the gate unless `signal` was aborted by the time its turn came. */
function unlessAborted<T>(gate: Gate, signal: AbortSignal | undefined, read: () => T): Promise<T> {
  return gate.run(() => {
    signal?.throwIfAborted();
    return read();
  });
}

export function sqliteStatsRepo(db: Database, gate: Gate): StatsRepo {
  const reads = sqliteStatsReads(db);
  const insert = db.prepare<[string, string, number, number]>(
    'INSERT INTO network_series (kind, network, t, value) VALUES (?, ?, ?, ?) ON CONFLICT (kind, network, t) DO UPDATE SET value = excluded.value',
  );
  const recordAll = db.transaction((samples: readonly SeriesSample[]) => {
    for (const s of samples) insert.run(s.kind, s.network, s.t, s.value);
  });
  const pruneOld = db.prepare<[number]>('DELETE FROM network_series WHERE t < ?');

  return {
    trades: (options) => gate.run(() => reads.trades(options)),
    series: (options) => gate.run(() => reads.series(options)),
    tradesBody: (options, signal) => unlessAborted(gate, signal, () => statsBody(reads.trades(options))),
    seriesBody: (options, signal) => unlessAborted(gate, signal, () => statsBody(reads.series(options))),
    releaseBody: () => undefined,
    record: (samples) => gate.run(() => recordAll(samples)),
    prune: (before) => gate.run(() => pruneOld.run(before).changes),
  };
}
