/**
 * GET /api/trades/ under autocannon at 50 connections on 100,000 txs (target: the list holds the
 * p99 of GET /api/txs/). The server is the real app in a worker thread (serverHarness), on a fresh
 * database seeded as a first start does, the simulator off. GET /api/txs/ runs the console's pages
 * 1-5 mix (server.bench.ts txsMix) on the same server in the same run, just before and just after
 * the trades mix; the ratio is the txs p99 (the better of the two runs) over the trades p99: above
 * 1x the trades list is the quicker.
 *
 * The trades mix is what a Trades screen asks: no filter, each filter alone (state, token,
 * network, bridge, a day of start times) and two together, every sort, 25 to 100 a page, pages 1-5.
 *
 *   npm run bench -- trades
 */
import autocannon from 'autocannon';
import { createRng } from '../server/src/lib/rng.ts';
import { startBenchServer, type BenchServer } from './lib/serverHarness.ts';
import { txsMix } from './server.bench.ts';
import type { BenchResult } from './types.ts';

const CONNECTIONS = 50;
const SECONDS = 10;
const WARMUP_SECONDS = 2;
const MIX_SIZE = 600;
const FIRST_PAGES: [number, number] = [1, 5];

type Order = 'ASC' | 'DESC';

/** A Trades screen's requests: a filter, a sort, a page of 25 to 100 among pages 1-5. */
export function tradesMix(nowMs: number): string[] {
  const rng = createRng(20_260_301);
  const random = () => rng.next();
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const day = 86_400_000;
  const filters: (() => Record<string, unknown>)[] = [
    () => ({}),
    () => ({}),
    () => ({}),
    () => ({ state: pick(['running', 'completed', 'failed', 'stuck']) }),
    () => ({ state: ['running', 'stuck'] }),
    () => ({ tokenName: pick(['WETH', 'USDC', 'USDT', 'WBTC', 'LINK', 'DAI']) }),
    () => ({ network: pick(['Ethereum', 'Arbitrum', 'Base', 'Polygon', 'Binance']) }),
    () => ({ bridgeName: pick(['stargate-eth-arb', 'ccip-eth-base', 'polygon-pos', 'synapse-arb-bsc', 'cex-transfer']) }),
    () => {
      const start = nowMs - Math.floor(random() * 28) * day - day;
      return { from: start, to: start + day - 1 };
    },
    () => ({ state: 'failed', network: pick(['Ethereum', 'Arbitrum', 'Base']) }),
    () => ({ tokenName: pick(['USDC', 'WETH']), state: 'completed' }),
  ];
  const sorts: [string, Order][] = [
    ['startedAt', 'DESC'], ['startedAt', 'DESC'], ['startedAt', 'DESC'], ['startedAt', 'ASC'],
    ['updatedAt', 'DESC'], ['expectedProfit', 'DESC'], ['amountIn', 'DESC'], ['tokenName', 'ASC'],
  ];
  const paths: string[] = [];
  for (let i = 0; i < MIX_SIZE; i++) {
    const filter = pick(filters)();
    const [field, order] = pick(sorts);
    const page = FIRST_PAGES[0] + Math.floor(random() * (FIRST_PAGES[1] - FIRST_PAGES[0] + 1));
    const query = new URLSearchParams({ sort: field, order, page: String(page), perPage: String(pick([25, 25, 25, 50, 100])) });
    if (Object.keys(filter).length > 0) query.set('filter', JSON.stringify(filter));
    paths.push(`/api/trades/?${query}`);
  }
  return paths;
}

interface Outcome {
  p50: number;
  p99: number;
  rps: number;
  ok: number;
  other: number;
}

async function load(server: BenchServer, paths: readonly string[], seconds: number, connections = CONNECTIONS): Promise<Outcome> {
  let next = 0;
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        headers: { 'x-api-key': server.operatorToken },
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] as string }),
      },
    ],
  });
  let ok = 0;
  let other = result.errors + result.timeouts;
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    if (code.startsWith('2')) ok += stats?.count ?? 0;
    else other += stats?.count ?? 0;
  }
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, ok, other };
}

function rows(label: string, outcome: Outcome, extra: { target?: string; ratio?: number } = {}): BenchResult[] {
  const at = `${label} @${CONNECTIONS}`;
  const result: BenchResult[] = [
    { name: `${at} p50`, figure: outcome.p50, unit: 'ms' },
    { name: `${at} p99`, figure: outcome.p99, unit: 'ms', ...extra },
    { name: `${at} throughput`, figure: outcome.rps, unit: 'req/s' },
  ];
  if (outcome.other > 0) result.push({ name: `${at} non-2xx, errors, timeouts`, figure: outcome.other, unit: 'count' });
  return result;
}

export async function run(): Promise<BenchResult[]> {
  const server = await startBenchServer({ demoTxs: 100_000, sim: { enabled: false } });
  try {
    const txs = txsMix(Date.now(), FIRST_PAGES);
    const trades = tradesMix(Date.now());
    const total = (await (await fetch(`${server.url}/api/trades/?perPage=1`, { headers: { 'x-api-key': server.operatorToken } })).json()) as { total: number };
    // Warm-up: statements prepared, pages cached by SQLite, JIT warm, each filter's total counted.
    await load(server, txs, WARMUP_SECONDS, 10);
    await load(server, trades, WARMUP_SECONDS, 10);
    const txsBefore = await load(server, txs, SECONDS);
    const tradesRun = await load(server, trades, SECONDS);
    const txsAfter = await load(server, txs, SECONDS);
    const txsBest = txsBefore.p99 <= txsAfter.p99 ? txsBefore : txsAfter;
    return [
      { name: 'trades in the 100,000 seeded txs', figure: total.total, unit: 'count' },
      ...rows('GET /api/txs/ 100k rows, console mix, pages 1-5 (before the trades run)', txsBefore),
      ...rows('GET /api/trades/ 100k txs, Trades screen mix, pages 1-5 (vs GET /api/txs/ p99, same run)', tradesRun, {
        target: 'p99 as GET /api/txs/',
        ratio: txsBest.p99 / tradesRun.p99,
      }),
      ...rows('GET /api/txs/ 100k rows, console mix, pages 1-5 (after the trades run)', txsAfter),
      { name: 'GET /api/trades/ throughput vs GET /api/txs/ @50', figure: tradesRun.rps, unit: 'req/s', ratio: tradesRun.rps / Math.max(txsBefore.rps, txsAfter.rps) },
    ];
  } finally {
    await server.close();
  }
}
