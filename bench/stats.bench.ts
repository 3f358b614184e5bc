/**
 * GET /api/stats/trades on 100,000 txs (a 30-day range by day, grouped; target p99 under 50 ms).
 * The server is the real app in a worker thread (serverHarness), on a fresh database seeded as a
 * first start does, the simulator off. The requests are what the Analytics screen and the Home card
 * ask: the last 30 days by day, without a group and grouped by token, bridge, route and error code
 * in turn, one at a time (the screen asks one group after another), over HTTP.
 *
 * Baseline, in the same run: the same five queries on a second connection to the same file with
 * the stats index left out (NOT INDEXED: the trade rows read from the table), timed in-process,
 * against the same queries through the index (journeys_stats) on that connection. The ratio is
 * baseline ÷ indexed query time.
 *
 *   npm run bench -- stats
 */
import BetterSqlite3 from 'better-sqlite3';
import { DAY_MS, ROUTE_ARROW, STATS_GROUPS } from '../src/config/stats.ts';
import { TradeStatsResponse } from '../src/contract/index.ts';
import { percentile, startBenchServer } from './lib/serverHarness.ts';
import type { BenchResult } from './types.ts';

const REQUESTS = 500;
const WARMUP = 50;
const QUERY_RUNS = 40;

const GROUP_KEY: Record<string, string> = {
  token: 'token_name',
  bridge: 'bridge_name',
  route: `network_buy || '${ROUTE_ARROW}' || network_sell`,
  errCode: 'CAST(err_code AS TEXT)',
};
const COUNTS = `COUNT(*), SUM(state = 'completed'), SUM(state = 'failed'), SUM(state = 'running'), TOTAL(CASE WHEN state = 'completed' THEN expected_profit END)`;

/** The five SQL queries of a grouped 30-day answer (buckets, then each group), through `source`. */
function queries(db: BetterSqlite3.Database, source: string) {
  const buckets = db.prepare(`SELECT (started_at / 86400000) * 86400000 AS t, ${COUNTS} FROM ${source} WHERE started_at >= ? AND started_at < ? GROUP BY 1`);
  const groups = STATS_GROUPS.map((group) =>
    db.prepare(`SELECT ${GROUP_KEY[group]} AS key, ${COUNTS} FROM ${source} WHERE started_at >= ? AND started_at < ? ${group === 'errCode' ? 'AND err_code IS NOT NULL' : ''} GROUP BY 1`),
  );
  return (from: number, to: number) => {
    buckets.all(from, to);
    for (const statement of groups) statement.all(from, to);
  };
}

function timeRuns(run: () => void): number[] {
  const times: number[] = [];
  for (let i = 0; i < QUERY_RUNS; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

export async function run(): Promise<BenchResult[]> {
  const server = await startBenchServer({ demoTxs: 100_000 });
  try {
    const to = Math.ceil(Date.now() / DAY_MS) * DAY_MS;
    const from = to - 30 * DAY_MS;
    const groups = [undefined, ...STATS_GROUPS];
    const url = (i: number) => {
      const group = groups[i % groups.length];
      return `${server.url}/api/stats/trades?from=${from}&to=${to}&bucket=day${group === undefined ? '' : `&groupBy=${group}`}`;
    };
    const headers = { 'x-api-key': server.operatorToken };
    const first = TradeStatsResponse.parse(await (await fetch(url(1), { headers })).json());
    for (let i = 0; i < WARMUP; i++) await (await fetch(url(i), { headers })).arrayBuffer();
    const times: number[] = [];
    let failed = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const start = performance.now();
      const response = await fetch(url(i), { headers });
      await response.arrayBuffer();
      times.push(performance.now() - start);
      if (response.status !== 200) failed++;
    }
    times.sort((a, b) => a - b);

    const db = new BetterSqlite3(server.dbFile, { readonly: true });
    let indexed: number[];
    let naive: number[];
    try {
      const viaIndex = queries(db, 'trade_journeys INDEXED BY journeys_stats');
      const viaTable = queries(db, 'trade_journeys NOT INDEXED');
      indexed = timeRuns(() => viaIndex(from, to));
      naive = timeRuns(() => viaTable(from, to));
    } finally {
      db.close();
    }
    const p99 = percentile(times, 0.99);
    const indexedP50 = percentile(indexed, 0.5);
    const naiveP50 = percentile(naive, 0.5);
    console.log(
      `stats: ${first.totals.trades} trades in 30 days (${first.groups?.length ?? 0} tokens); HTTP p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ${failed} not 200; ` +
        `the five queries of a grouped answer: ${indexedP50.toFixed(1)} ms through journeys_stats, ${naiveP50.toFixed(1)} ms from the table`,
    );
    return [
      { name: 'GET /api/stats/trades, 100k txs, 30 days by day, grouped (token, bridge, route, errCode, none): p50', figure: percentile(times, 0.5), unit: 'ms' },
      { name: 'GET /api/stats/trades, 100k txs, 30 days by day, grouped: p99', figure: p99, unit: 'ms', target: '< 50 ms', ratio: naiveP50 / indexedP50 },
      { name: 'stats queries of one 30-day answer with every grouping, in process: p50 (baseline: the table without journeys_stats)', figure: indexedP50, unit: 'ms', ratio: naiveP50 / indexedP50 },
    ];
  } finally {
    await server.close();
  }
}
