/**
 * Other users' `GET /` while someone leans on sign-in or on unfinished requests (SECURITY.md): the
 * console's index.html fetched by CONNECTIONS loops on keep-alive connections, p50, p95 and max, in
 * situations on one server:
 *
 *  - baseline: nothing else runs;
 *  - login flood: FLOOD loops of `POST /api/login`, each from its own client address
 *    (X-Forwarded-For, the server trusting the proxy), half with a good key, half with a wrong one,
 *    each sent again once answered, for SITUATION_MS (how they were answered is printed);
 *  - slow bodies (once the server bounds them): SLOW_BODIES connections from another loopback
 *    address, each a `POST /api/login` whose body drips a byte every DRIP_MS;
 *  - stats flood, on a second server seeded with STATS_DEMO_TXS txs (the first has none, and a
 *    stats query must have trades to walk): STATS_LOOPS loops of one Operator's
 *    `GET /api/stats/trades` by day grouped by route, each sent again once answered, first over
 *    the longest range the server answers grouped (maxRangeDays), then over 999 days (refused
 *    400 since the walk budget); its own `GET /` alone is measured first, in the same run;
 *  - the same heavy stats flood on a third server seeded alike with TX_READERS=0 (the stats read
 *    on the main connection, as every stats query was before the reader threads): the baseline.
 *
 * The ratio is the repository's (types.ts): baseline p95 divided by the figure, so 1.0x is
 * unaffected and 0.5x twice as slow (the target: no worse than 0.5x). The server is the real
 * app in a worker thread (serverHarness.ts) and the clients run on this thread; all share the
 * machine's cores.
 *
 *   npm run bench -- availability
 */
import { connect, type Socket } from 'node:net';
import { DAY_MS } from '../src/config/stats.ts';
import { maxRangeDays } from '../src/domain/stats.ts';
import { percentile, sleep, startBenchServer, type BenchServer } from './lib/serverHarness.ts';
import type { BenchResult } from './types.ts';

const CONNECTIONS = 4;
const WARMUP_MS = 1000;
const SITUATION_MS = 6000;
const FLOOD = 12;
const SLOW_BODIES = 1000;
const DRIP_MS = 1000;
/** Loops of the stats flood, and the txs its servers are seeded with (about 27 % of txs are trades: some 80,000). */
const STATS_LOOPS = 4;
const STATS_DEMO_TXS = 300_000;
const INDEX_HTML = `<!doctype html><html><head><title>console</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(64)}</body></html>`;

interface Latencies {
  p50: number;
  p95: number;
  max: number;
  answered: number;
  failed: number;
}

/** Fetches `GET /` on CONNECTIONS loops for `ms` while `situation` runs alongside. */
async function measure(server: BenchServer, ms: number, situation: (signal: { running: boolean }) => Promise<void>): Promise<Latencies> {
  const samples: number[] = [];
  let failed = 0;
  const signal = { running: true };
  const loop = async () => {
    while (signal.running) {
      const started = performance.now();
      try {
        const response = await fetch(`${server.url}/`);
        await response.arrayBuffer();
        if (response.ok) samples.push(performance.now() - started);
        else failed++;
      } catch {
        failed++;
      }
    }
  };
  const running = situation(signal);
  await sleep(WARMUP_MS);
  samples.length = 0;
  const loops = Array.from({ length: CONNECTIONS }, loop);
  await sleep(ms);
  signal.running = false;
  await Promise.all([...loops, running]);
  const sorted = samples.sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1) ?? Number.NaN, answered: sorted.length, failed };
}

async function loginFlood(server: BenchServer, signal: { running: boolean }, statuses: Map<number, number>): Promise<void> {
  const loop = async (i: number) => {
    while (signal.running) {
      try {
        const response = await fetch(`${server.url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${i + 1}` },
          body: JSON.stringify({ accessKey: i % 2 ? server.adminKey : `wrong-key-${i}-000000000000` }),
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      } catch {
        statuses.set(0, (statuses.get(0) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: FLOOD }, (_, i) => loop(i)));
}

/** SLOW_BODIES connections from 127.0.0.2, each dripping a login body a byte every DRIP_MS; opened again when closed. */
async function slowBodies(server: BenchServer, signal: { running: boolean }, outcome: { opened: number; cut: number }): Promise<void> {
  const sockets = new Set<Socket>();
  const open = () => {
    if (!signal.running) return;
    const socket = connect({ host: '127.0.0.1', port: server.port, localAddress: '127.0.0.2' });
    sockets.add(socket);
    outcome.opened++;
    socket.on('connect', () => {
      socket.write(`POST /api/login HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`);
    });
    const timer = setInterval(() => socket.write('a'), DRIP_MS);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      sockets.delete(socket);
      if (signal.running) {
        outcome.cut++;
        setTimeout(open, 50);
      }
    });
  };
  for (let i = 0; i < SLOW_BODIES; i++) open();
  while (signal.running) await sleep(100);
  for (const socket of sockets) socket.destroy();
}

/** STATS_LOOPS loops of one Operator asking `path` (a stats query), each again once answered. */
async function statsFlood(server: BenchServer, path: string, signal: { running: boolean }, statuses: Map<number, number>): Promise<void> {
  const loop = async () => {
    while (signal.running) {
      try {
        const response = await fetch(`${server.url}${path}`, { headers: { 'x-api-key': server.operatorToken } });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      } catch {
        statuses.set(0, (statuses.get(0) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: STATS_LOOPS }, loop));
}

/** `GET /api/stats/trades` over the last `days` days (whole days, as the Analytics screen asks), by day grouped by route. */
function heavyStats(days: number): string {
  const to = Math.ceil(Date.now() / DAY_MS) * DAY_MS;
  return `/api/stats/trades?from=${to - days * DAY_MS}&to=${to}&bucket=day&groupBy=route`;
}

const answeredAs = (statuses: Map<number, number>) =>
  [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${count}×${status === 0 ? 'error' : status}`).join(', ');

const round = (ms: number) => Math.round(ms * 10) / 10;
const describe = (l: Latencies) => `p50 ${round(l.p50)} ms, p95 ${round(l.p95)} ms, max ${round(l.max)} ms, ${l.answered} answered, ${l.failed} failed`;

/** Baseline, login flood and slow bodies, on a server without trades. */
async function signInSituations(): Promise<BenchResult[]> {
  const server = await startBenchServer({ demoTxs: 0, trustProxy: true, indexHtml: INDEX_HTML });
  try {
    const baseline = await measure(server, SITUATION_MS, async () => undefined);
    process.stdout.write(`  GET / alone: ${describe(baseline)}\n`);

    const statuses = new Map<number, number>();
    const flood = await measure(server, SITUATION_MS, (signal) => loginFlood(server, signal, statuses));
    const answered = answeredAs(statuses);
    process.stdout.write(`  GET / during a ${FLOOD}-way login flood: ${describe(flood)}; logins answered ${answered}\n`);

    const slow = { opened: 0, cut: 0 };
    const slowBody = await measure(server, SITUATION_MS, (signal) => slowBodies(server, signal, slow));
    process.stdout.write(`  GET / during ${SLOW_BODIES} slow bodies: ${describe(slowBody)}; ${slow.opened} opened, ${slow.cut} cut by the server\n`);

    return [
      { name: 'GET / p95, nothing else running', figure: round(baseline.p95), unit: 'ms' },
      { name: `GET / p95 during a ${FLOOD}-way login flood (${answered})`, figure: round(flood.p95), unit: 'ms', target: '≤ 2x baseline', ratio: baseline.p95 / flood.p95 },
      { name: `GET / p95 during ${SLOW_BODIES} slow-body logins`, figure: round(slowBody.p95), unit: 'ms', target: '≤ 2x baseline', ratio: baseline.p95 / slowBody.p95 },
    ];
  } finally {
    await server.close();
  }
}

/** The stats flood on a seeded server (reader threads as the app's default), heavy and refused. */
async function statsSituations(): Promise<{ results: BenchResult[]; heavyP95: number }> {
  const heavy = heavyStats(maxRangeDays('route'));
  const server = await startBenchServer({ demoTxs: STATS_DEMO_TXS, indexHtml: INDEX_HTML });
  try {
    process.stdout.write(`  stats server: ${STATS_DEMO_TXS} demo txs, started (seed included) in ${round(server.startMs / 1000)} s\n`);
    const first = await fetch(`${server.url}${heavy}`, { headers: { 'x-api-key': server.operatorToken } });
    const { totals } = (await first.json()) as { totals: { trades: number } };
    process.stdout.write(`  heavy query (${maxRangeDays('route')} days by day, grouped by route): ${first.status}, ${totals.trades} trades walked twice\n`);

    const alone = await measure(server, SITUATION_MS, async () => undefined);
    process.stdout.write(`  GET / alone (stats server): ${describe(alone)}\n`);
    const heavyStatuses = new Map<number, number>();
    const flood = await measure(server, SITUATION_MS, (signal) => statsFlood(server, heavy, signal, heavyStatuses));
    process.stdout.write(`  GET / during ${STATS_LOOPS} loops of the heavy stats query: ${describe(flood)}; answered ${answeredAs(heavyStatuses)}\n`);
    const findingStatuses = new Map<number, number>();
    const refused = await measure(server, SITUATION_MS, (signal) => statsFlood(server, heavyStats(999), signal, findingStatuses));
    process.stdout.write(`  GET / during ${STATS_LOOPS} loops of the 999-day query: ${describe(refused)}; answered ${answeredAs(findingStatuses)}\n`);

    const ratio = (l: Latencies) => alone.p95 / l.p95;
    return {
      heavyP95: flood.p95,
      results: [
        { name: `GET / p95 alone, stats server (${STATS_DEMO_TXS.toLocaleString('en-US')} txs)`, figure: round(alone.p95), unit: 'ms' },
        {
          name: `GET / p95 during ${STATS_LOOPS} Operator loops of ${maxRangeDays('route')} days by route (${answeredAs(heavyStatuses)})`,
          figure: round(flood.p95),
          unit: 'ms',
          target: '≤ 3x alone',
          ratio: ratio(flood),
        },
        {
          name: `GET / p95 during ${STATS_LOOPS} Operator loops of 999 days by route (${answeredAs(findingStatuses)})`,
          figure: round(refused.p95),
          unit: 'ms',
          target: '≤ 3x alone',
          ratio: ratio(refused),
        },
      ],
    };
  } finally {
    await server.close();
  }
}

/** Baseline of the stats flood: the same heavy loops on a server that reads stats on its main connection (TX_READERS=0). */
async function statsOnMainThread(heavyP95: number): Promise<BenchResult[]> {
  const server = await startBenchServer({ demoTxs: STATS_DEMO_TXS, txReaders: 0, indexHtml: INDEX_HTML });
  try {
    const alone = await measure(server, SITUATION_MS, async () => undefined);
    process.stdout.write(`  GET / alone (TX_READERS=0): ${describe(alone)}\n`);
    const statuses = new Map<number, number>();
    const flood = await measure(server, SITUATION_MS, (signal) => statsFlood(server, heavyStats(maxRangeDays('route')), signal, statuses));
    process.stdout.write(`  GET / during ${STATS_LOOPS} loops of the heavy stats query, TX_READERS=0: ${describe(flood)}; answered ${answeredAs(statuses)}\n`);
    return [
      {
        name: `baseline: the heavy loops read on the main connection, TX_READERS=0 (${answeredAs(statuses)}; GET / alone there ${round(alone.p95)} ms)`,
        figure: round(flood.p95),
        unit: 'ms',
        ratio: flood.p95 / heavyP95,
      },
    ];
  } finally {
    await server.close();
  }
}

export async function run(): Promise<BenchResult[]> {
  const signIn = await signInSituations();
  const stats = await statsSituations();
  const onMain = await statsOnMainThread(stats.heavyP95);
  return [...signIn, ...stats.results, ...onMain];
}
