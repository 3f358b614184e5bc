/**
 * The reference server under autocannon at 50 and 200 connections: POST /api/login, GET /api/txs/
 * pages on 100,000 rows, PUT /api/tokens/{name}. p50, p99 and requests/s of each. The server is the
 * real app (buildApp) in a worker thread of this process, on a fresh temporary database seeded as a
 * first start does (demo records, DEMO_TXS = 100,000 txs), with the simulator OFF, so the figures
 * are the routes' own and every request sees the same data.
 *
 * GET /api/txs/ requests are the console's own (the /tx screen's filter values through
 * toServerFilter and the data provider's listPath): a mix of no filter, every filter alone and in
 * pairs, the search box, a date range, every sortable column, 25 to 100 rows a page; run on pages
 * 1-5 (what operators read) and, separately, on pages 20-400 (OFFSET costs grow with the page).
 * Baseline: the pages 1-5 mix on the same server after its txs indexes are dropped through a
 * second connection (totals stay cached in both runs); the ratio is baseline p99 / indexed p99.
 * The pages 1-5 mix runs again on a second server that reads them on its main thread
 * (TX_READERS=0): the ratio there is what the reader threads give. The same mix also runs in the
 * simple-rest form (ra-data-simple-rest: sort=[field, order], range=[start, end], a Range header;
 * answered with the array and Content-Range) at 50 connections, right after the page form runs
 * again: the ratios there are page-form p99 / range-form p99 and range-form / page-form requests/s
 * (above 1x: the range form is the faster).
 *
 * Login checks the access key against every stored scrypt hash (N=16384, r=8: ~16 MiB and tens of
 * ms of CPU each, on libuv's thread pool) on purpose, so its figure is the cost of hashing, not of
 * the route. Token updates: each connection edits its own token and sends back the version the
 * previous answer gave, so every PUT is a valid compare-and-set (2xx); a second run puts every
 * connection on one token with the version last seen by any of them, and counts the 409s.
 *
 *   npm run bench -- server
 */
import autocannon from 'autocannon';
import BetterSqlite3 from 'better-sqlite3';
import { toServerFilter } from '../src/screens/txs/txFilter.ts';
import { hashAccessKey, verifyAccessKey } from '../server/src/auth/accessKeys.ts';
import { createRng } from '../server/src/lib/rng.ts';
import { TX_READERS_DEFAULT } from '../server/src/db/txReaders.ts';
import { startBenchServer, type BenchServer } from './lib/serverHarness.ts';
import type { BenchResult } from './types.ts';

const CONNECTIONS = [50, 200] as const;
const TXS_SECONDS = 10;
const LOGIN_SECONDS = 10;
/** Sequential scrypt checks timed on this thread, to explain the login figures. */
const SCRYPT_SAMPLES = 5;
const TOKEN_SECONDS = 6;
const WARMUP_SECONDS = 2;
/** Requests in the GET /txs/ mix, cycled through. */
const TXS_MIX_SIZE = 600;
/** Bench tokens: more than connections, so one is always free to edit. */
const BENCH_TOKENS = Math.max(...CONNECTIONS) + 50;
const TXS_P99_TARGET = 'p99 < 50 ms at 50';
/** What an operator pages through: the first pages; and the far end of the list, now and then. */
const FIRST_PAGES: [number, number] = [1, 5];
const DEEP_PAGES: [number, number] = [20, 400];
/** A login at 200 connections waits for the hashes of the 199 before it. */
const TIMEOUT_SECONDS = 60;

type Order = 'ASC' | 'DESC';

/** The /tx screen's requests: its filter form's values, a sort, a page between `pages` (included). */
export function txsMix(nowMs: number, pages: readonly [number, number]): string[] {
  const rng = createRng(20_251_122);
  const random = () => rng.next();
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const day = 86_400_000;
  const hexPrefix = () => `0x${Math.floor(random() * 256).toString(16).padStart(2, '0')}`;
  const filters: (() => Record<string, unknown>)[] = [
    () => ({}),
    () => ({}),
    () => ({}),
    () => ({ status: pick(['failed', 'pending', 'completed', 'created', 'stale']) }),
    () => ({ side: pick(['buy', 'sell']) }),
    () => ({ txType: pick(['Swap', 'Bridge', 'Sell', 'Claim', 'ApproveSwap']) }),
    () => ({ network: pick(['Ethereum', 'Arbitrum', 'Base', 'Polygon', 'Binance']) }),
    () => ({ tokenName: pick(['WETH', 'USDC', 'USDT', 'WBTC', 'LINK']) }),
    () => ({ q: pick(['USD', 'eth', 'WBTC']) }),
    () => ({ q: hexPrefix() }),
    () => {
      const start = nowMs - Math.floor(random() * 28) * day - day;
      // The list keeps a range's ends as instants (ms), the last one its last millisecond.
      return { from: start, to: start + day - 1 };
    },
    () => ({ status: 'failed', network: pick(['Ethereum', 'Arbitrum', 'Base']) }),
    () => ({ tokenName: pick(['USDC', 'WETH']), side: pick(['buy', 'sell']) }),
    () => ({ txType: 'Swap', status: pick(['completed', 'failed']) }),
  ];
  const sorts: [string, Order][] = [
    ['createdAt', 'DESC'], ['createdAt', 'DESC'], ['createdAt', 'DESC'], ['createdAt', 'ASC'],
    ['amountIn', 'DESC'], ['expectedProfit', 'DESC'], ['tokenName', 'ASC'], ['status', 'ASC'],
  ];
  const paths: string[] = [];
  for (let i = 0; i < TXS_MIX_SIZE; i++) {
    const values = pick(filters)();
    const [field, order] = pick(sorts);
    const page = pages[0] + Math.floor(random() * (pages[1] - pages[0] + 1));
    const perPage = pick([25, 25, 25, 50, 100]);
    const filter = toServerFilter(values);
    const query = new URLSearchParams({ sort: field, order, page: String(page), perPage: String(perPage) });
    if (Object.keys(filter).length > 0) query.set('filter', JSON.stringify(filter));
    paths.push(`/api/txs/?${query}`);
  }
  return paths;
}

/** A path of the mix in ra-data-simple-rest's form, with the Range header it sends. */
export function asSimpleRest(path: string): { path: string; range: string } {
  const [route = '', search = ''] = path.split('?');
  const query = new URLSearchParams(search);
  const perPage = Number(query.get('perPage') ?? 25);
  const start = (Number(query.get('page') ?? 1) - 1) * perPage;
  const end = start + perPage - 1;
  const simple = new URLSearchParams({ sort: JSON.stringify([query.get('sort') ?? 'createdAt', query.get('order') ?? 'DESC']), range: JSON.stringify([start, end]) });
  const filter = query.get('filter');
  if (filter !== null) simple.set('filter', filter);
  const unit = route.split('/').filter((part) => part !== '').at(-1) ?? '';
  return { path: `${route}?${simple}`, range: `${unit}=${start}-${end}` };
}

interface Load {
  name: string;
  connections: number;
  seconds: number;
  requests: autocannon.Request[];
}

interface Outcome {
  p50: number;
  p99: number;
  rps: number;
  ok: number;
  conflicts: number;
  other: number;
  errors: number;
}

async function load(server: BenchServer, { name, connections, seconds, requests }: Load): Promise<Outcome> {
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    timeout: TIMEOUT_SECONDS,
    requests,
  });
  let ok = 0;
  let conflicts = 0;
  let other = 0;
  if (process.env.BENCH_VERBOSE) console.log(name, connections, JSON.stringify({ p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, codes: result.statusCodeStats, errors: result.errors, timeouts: result.timeouts }));
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    const count = stats?.count ?? 0;
    if (code.startsWith('2')) ok += count;
    else if (code === '409') conflicts += count;
    else other += count;
  }
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    ok,
    conflicts,
    other,
    errors: result.errors + result.timeouts,
  };
}

function rows(label: string, connections: number, outcome: Outcome, extra: { target?: string; ratio?: number } = {}): BenchResult[] {
  const at = `${label} @${connections}`;
  // autocannon reports 0 ms when nothing completed: say so instead of printing a latency.
  const result: BenchResult[] =
    outcome.ok + outcome.conflicts === 0
      ? [{ name: `${at}: requests answered within the run`, figure: 0, unit: 'count' }]
      : [
          { name: `${at} p50`, figure: outcome.p50, unit: 'ms' },
          { name: `${at} p99`, figure: outcome.p99, unit: 'ms', ...extra },
          { name: `${at} throughput`, figure: outcome.rps, unit: 'req/s' },
        ];
  if (outcome.conflicts > 0) result.push({ name: `${at} answered 409`, figure: outcome.conflicts, unit: 'count' });
  if (outcome.other + outcome.errors > 0) {
    result.push({ name: `${at} other statuses, errors, timeouts`, figure: outcome.other + outcome.errors, unit: 'count' });
  }
  return result;
}

const json = (server: BenchServer) => ({ 'x-api-key': server.adminToken, 'content-type': 'application/json' });

function tokenBody(tokenName: string, version: number, edit: number): string {
  const address = `0x${(edit % 0xffff).toString(16).padStart(4, '0')}${'ab'.repeat(18)}`;
  return JSON.stringify({ tokenName, networkData: { Ethereum: { address, decimals: 18 } }, bridges: [], version });
}

async function createBenchTokens(server: BenchServer): Promise<string[]> {
  const names = Array.from({ length: BENCH_TOKENS }, (_, i) => `BENCH${String(i).padStart(3, '0')}`);
  for (const name of names) {
    const response = await fetch(`${server.url}/api/tokens`, { method: 'POST', headers: json(server), body: tokenBody(name, 1, 0).replace(/,"version":1/, '') });
    if (!response.ok) throw new Error(`creating ${name}: ${response.status} ${await response.text()}`);
  }
  return names;
}

/** The version a 200 (the token) or a 409 (details.current) says the token is at. */
function versionIn(body: string): number | undefined {
  const seen = JSON.parse(body) as { version?: number; details?: { current?: { version?: number } } };
  return seen.version ?? seen.details?.current?.version;
}

/**
 * Each request edits a token no other request in flight is editing, sending the version its last
 * answer gave. (autocannon gives every request a fresh context, so tokens are lent from a pool.)
 */
function ownTokenUpdates(server: BenchServer, versions: Map<string, number>): autocannon.Request[] {
  const free = [...versions.keys()];
  let edits = 0;
  return [
    {
      method: 'PUT',
      headers: json(server),
      setupRequest: (request, context: { tokenName?: string }) => {
        const name = free.pop() ?? 'BENCH000';
        context.tokenName = name;
        return { ...request, path: `/api/tokens/${name}`, body: tokenBody(name, versions.get(name) ?? 1, ++edits) };
      },
      onResponse: (status, body, context: { tokenName?: string }) => {
        const name = context.tokenName;
        if (name === undefined) return;
        const version = status === 200 || status === 409 ? versionIn(body) : undefined;
        if (version !== undefined) versions.set(name, version);
        free.push(name);
      },
    },
  ];
}

/** Every connection edits the same token with the newest version any answer has shown. */
function sharedTokenUpdates(server: BenchServer, name: string): autocannon.Request[] {
  let version = 1;
  let edits = 0;
  return [
    {
      method: 'PUT',
      path: `/api/tokens/${name}`,
      headers: json(server),
      setupRequest: (request) => ({ ...request, body: tokenBody(name, version, ++edits) }),
      onResponse: (status, body) => {
        if (status === 200 || status === 409) version = Math.max(version, versionIn(body) ?? version);
      },
    },
  ];
}

function txsRequests(server: BenchServer, paths: readonly string[]): autocannon.Request[] {
  let next = 0;
  return [
    {
      method: 'GET',
      headers: { 'x-api-key': server.operatorToken },
      setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] as string }),
    },
  ];
}

/** The mix in the simple-rest form: the range in the query and in a Range header, as ra-data-simple-rest sends them. */
function txsRangeRequests(server: BenchServer, paths: readonly string[]): autocannon.Request[] {
  const simple = paths.map(asSimpleRest);
  let next = 0;
  return [
    {
      method: 'GET',
      setupRequest: (request) => {
        const { path, range } = simple[next++ % simple.length] as { path: string; range: string };
        return { ...request, path, headers: { 'x-api-key': server.operatorToken, range } };
      },
    },
  ];
}

/** Mean time of one access-key check (scrypt N=16384, r=8), sequential, on this thread. */
async function scryptMs(): Promise<number> {
  const hash = await hashAccessKey('bench-access-key-0001');
  const started = performance.now();
  for (let i = 0; i < SCRYPT_SAMPLES; i++) await verifyAccessKey('bench-access-key-0001', hash);
  return (performance.now() - started) / SCRYPT_SAMPLES;
}

/** Drops the txs table's secondary indexes through a second connection: the naive baseline. */
function dropTxIndexes(dbFile: string): string[] {
  const db = new BetterSqlite3(dbFile);
  try {
    const names = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'txs' AND sql IS NOT NULL")
      .all()
      .map((row) => row.name);
    for (const name of names) db.exec(`DROP INDEX "${name}"`);
    return names;
  } finally {
    db.close();
  }
}

export async function run(): Promise<BenchResult[]> {
  const server = await startBenchServer({ demoTxs: 100_000, sim: { enabled: false } });
  const results: BenchResult[] = [{ name: 'server start with 100,000 demo txs (seed included)', figure: server.startMs, unit: 'ms' }];
  let txsFirst50: Outcome | undefined;
  try {
    const paths = txsMix(Date.now(), FIRST_PAGES);
    const deepPaths = txsMix(Date.now(), DEEP_PAGES);
    const loginBody = JSON.stringify({ accessKey: server.adminKey });
    const login: autocannon.Request[] = [{ method: 'POST', path: '/api/login', headers: { 'content-type': 'application/json' }, body: loginBody }];

    // Warm-up: statements prepared, pages cached by SQLite, JIT warm.
    await load(server, { name: 'warm-up', connections: 10, seconds: WARMUP_SECONDS, requests: txsRequests(server, paths) });

    const txs = new Map<number, Outcome>();
    for (const connections of CONNECTIONS) {
      txs.set(connections, await load(server, { name: 'txs', connections, seconds: TXS_SECONDS, requests: txsRequests(server, paths) }));
    }
    // The simple-rest form against the page form, back to back once both meet warm caches (the
    // first runs above count each filter's total once; later ones read it cached).
    const pageForm = await load(server, { name: 'txs page form', connections: 50, seconds: TXS_SECONDS, requests: txsRequests(server, paths) });
    const rangeForm = await load(server, { name: 'txs range form', connections: 50, seconds: TXS_SECONDS, requests: txsRangeRequests(server, paths) });
    const deep = await load(server, { name: 'txs deep', connections: 50, seconds: TXS_SECONDS, requests: txsRequests(server, deepPaths) });
    for (const connections of CONNECTIONS) {
      results.push(...rows('POST /api/login', connections, await load(server, { name: 'login', connections, seconds: LOGIN_SECONDS, requests: login })));
    }
    results.push({ name: 'scrypt check of one access key (login checks every stored key: 2)', figure: await scryptMs(), unit: 'ms' });
    const names = await createBenchTokens(server);
    const versions = new Map(names.map((name) => [name, 1]));
    for (const connections of CONNECTIONS) {
      const requests = ownTokenUpdates(server, versions);
      const outcome = await load(server, { name: 'token', connections, seconds: TOKEN_SECONDS, requests });
      results.push(...rows('PUT /api/tokens/{name} (no two requests on one token)', connections, outcome));
    }
    const shared = await load(server, { name: 'token shared', connections: 50, seconds: TOKEN_SECONDS, requests: sharedTokenUpdates(server, names[0] as string) });
    results.push(...rows('PUT /api/tokens/{name} (one token, all connections)', 50, shared));
    results.push({ name: 'PUT /api/tokens/{name} (one token) answered 2xx', figure: shared.ok, unit: 'count' });

    const dropped = dropTxIndexes(server.dbFile);
    const naive = await load(server, { name: 'txs naive', connections: 50, seconds: TXS_SECONDS, requests: txsRequests(server, paths) });
    for (const connections of CONNECTIONS) {
      const outcome = txs.get(connections) as Outcome;
      const extra = connections === 50 ? { target: TXS_P99_TARGET, ratio: naive.p99 / outcome.p99 } : {};
      results.push(...rows('GET /api/txs/ 100k rows, console mix, pages 1-5', connections, outcome, extra));
    }
    results.push(...rows('GET /api/txs/ pages 1-5, page form, run again just before the range form', 50, pageForm));
    results.push(
      ...rows('GET /api/txs/ pages 1-5, simple-rest range form (array + Content-Range), vs the page form just before', 50, rangeForm, {
        ratio: pageForm.p99 / rangeForm.p99,
      }),
    );
    results.push({ name: 'GET /api/txs/ pages 1-5 throughput, range form vs page form @50', figure: rangeForm.rps, unit: 'req/s', ratio: rangeForm.rps / pageForm.rps });
    results.push(...rows('GET /api/txs/ 100k rows, console mix, pages 20-400', 50, deep));
    results.push(...rows(`GET /api/txs/ pages 1-5 baseline: its ${dropped.length} indexes dropped`, 50, naive));
    const best = txs.get(50) as Outcome;
    txsFirst50 = best;
    results.push({ name: 'GET /api/txs/ pages 1-5 throughput vs baseline @50', figure: best.rps, unit: 'req/s', ratio: best.rps / naive.rps });
  } finally {
    await server.close();
  }
  // The same pages read on the main thread (TX_READERS=0), on a second server: what the reader threads give.
  const inThread = await startBenchServer({ demoTxs: 100_000, txReaders: 0, sim: { enabled: false } });
  try {
    const paths = txsMix(Date.now(), FIRST_PAGES);
    await load(inThread, { name: 'warm-up', connections: 10, seconds: WARMUP_SECONDS, requests: txsRequests(inThread, paths) });
    const outcome = await load(inThread, { name: 'txs in thread', connections: 50, seconds: TXS_SECONDS, requests: txsRequests(inThread, paths) });
    results.push(...rows('GET /api/txs/ pages 1-5, read on the main thread (TX_READERS=0)', 50, outcome));
    const readers = txsFirst50;
    if (readers) results.push({ name: `GET /api/txs/ pages 1-5 throughput, ${TX_READERS_DEFAULT} reader threads vs TX_READERS=0 @50`, figure: readers.rps, unit: 'req/s', ratio: readers.rps / outcome.rps });
  } finally {
    await inThread.close();
  }
  return results;
}
