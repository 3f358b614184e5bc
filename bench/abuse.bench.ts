/**
 * Other users' latency while someone leans on the server (SECURITY.md): the GET /api/txs/
 * first page (perPage=50, an Operator's token) fetched by CONNECTIONS loops on keep-alive
 * connections, p50, p95 and max, in four situations on one server:
 *
 *  - baseline: nothing else runs;
 *  - 5 unauthenticated 8 MB CSV imports in flight at all times for UNAUTHENTICATED_MS (POST
 *    /api/solana-bridge/wormhole/import without x-api-key, each sent again once answered; how
 *    they were answered is printed too);
 *  - one Admin 8 MB import (120,000 valid rows, 40,000 tokens), planned on a worker thread and
 *    written a chunk per turn of the event loop;
 *  - one Operator token opening SOCKETS socket.io connections at once (how many the server
 *    accepted and refused is printed).
 *
 * Each situation is measured from its start to its end (the sockets: until every one is accepted
 * or refused, then HOLD_MS with them open). The ratio is the repository's (types.ts): baseline
 * divided by the figure, so 1.0x is unaffected and 0.5x twice as slow. The server is the real app
 * in a worker thread with 100,000 demo txs and the simulator off (serverHarness.ts); the abusive
 * clients run in a thread of their own (lib/abuseWorker.ts) and the measured ones on this thread.
 * All share the machine's cores, so on a 2-core machine the figures are a ceiling.
 *
 *   npm run bench -- abuse
 */
import { SERVER_EVENT_NAMES } from '../src/contract/index.ts';
import type { AbuseJob, AbuseResult } from './lib/abuseWorker.ts';
import { percentile, sleep, startBenchServer, tsWorker, type BenchServer } from './lib/serverHarness.ts';
import type { BenchResult } from './types.ts';

const CONNECTIONS = 10;
const BASELINE_MS = 5000;
const WARMUP_MS = 2000;
const UNAUTHENTICATED_IMPORTS = 5;
/** A 401 comes back in milliseconds: the imports are sent again and again for this long. */
const UNAUTHENTICATED_MS = 3000;
const SOCKETS = 1000;
/** The sockets' situation: how long they stay open once all are accepted or refused. */
const HOLD_MS = 3000;
const SOCKET_TIMEOUT_MS = 30_000;
const IMPORT_TIMEOUT_MS = 120_000;
/** A thread of abusive clients that has not reported by then has hung. */
const ABUSER_TIMEOUT_MS = 180_000;
const TXS_PATH = '/api/txs/?page=1&perPage=50';
const IMPORT_PATH = '/api/solana-bridge/wormhole/import';
/** Just under SOLANA_IMPORT_MAX_CHARS (8 MiB). */
const IMPORT_ROWS = 120_000;

interface Latencies {
  p50: number;
  p95: number;
  max: number;
  answered: number;
  failed: number;
}

/** Fetches the txs page on CONNECTIONS loops while `situation` runs; its result and the latencies. */
async function measure<T>(server: BenchServer, situation: () => Promise<T>): Promise<{ result: T; latencies: Latencies }> {
  const samples: number[] = [];
  let failed = 0;
  let running = true;
  const loop = async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`${server.url}${TXS_PATH}`, { headers: { 'x-api-key': server.operatorToken } });
        await response.arrayBuffer();
        if (response.ok) samples.push(performance.now() - started);
        else failed++;
      } catch {
        failed++;
      }
    }
  };
  const loops = Array.from({ length: CONNECTIONS }, loop);
  try {
    const result = await situation();
    running = false;
    // The requests still in flight were sent during the situation: a request held up by a stall
    // is answered only after it, and is the very figure this bench is after.
    await Promise.all(loops);
    const sorted = samples.sort((a, b) => a - b);
    const latencies = { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1) ?? Number.NaN, answered: sorted.length, failed };
    return { result, latencies };
  } finally {
    running = false;
    await Promise.all(loops);
  }
}

function rows(label: string, latencies: Latencies, baseline?: Latencies): BenchResult[] {
  const at = `GET /api/txs/ page 1 @${CONNECTIONS}, ${label}`;
  const ratio = (figure: number, base: number | undefined) => (base === undefined ? {} : { ratio: base / figure });
  const result: BenchResult[] = [
    { name: `${at}: p50`, figure: latencies.p50, unit: 'ms', ...ratio(latencies.p50, baseline?.p50) },
    { name: `${at}: p95`, figure: latencies.p95, unit: 'ms', ...ratio(latencies.p95, baseline?.p95) },
    { name: `${at}: max`, figure: latencies.max, unit: 'ms', ...ratio(latencies.max, baseline?.max) },
    { name: `${at}: answered`, figure: latencies.answered, unit: 'count' },
  ];
  if (latencies.failed > 0) result.push({ name: `${at}: failed`, figure: latencies.failed, unit: 'count' });
  return result;
}

/**
 * An 8 MB import's body: IMPORT_ROWS valid rows, each token on three EVM networks. Encoded once:
 * encoding 8 MB of text for every request would be the sender's work, not the server's.
 */
function importBody(): Uint8Array<ArrayBuffer> {
  const networks = ['Ethereum', 'Arbitrum', 'Base'];
  const lines = ['token,network,address,decimals'];
  for (let i = 0; i < IMPORT_ROWS; i++) {
    lines.push(`ABUSE${Math.floor(i / networks.length)},${networks[i % networks.length]},0x${(i * 7919).toString(16).padStart(40, '0')},18`);
  }
  return new TextEncoder().encode(JSON.stringify({ csv: lines.join('\n') }));
}

/** Runs abusive clients in their own thread (abuseWorker.ts) until they report. */
async function runAbuser(job: AbuseJob): Promise<AbuseResult> {
  const worker = tsWorker(new URL('./lib/abuseWorker.ts', import.meta.url), job);
  let timer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<AbuseResult>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`abusive clients' thread ended without a report (exit code ${code})`)));
      timer = setTimeout(() => reject(new Error(`abusive clients (${job.kind}): no report in ${ABUSER_TIMEOUT_MS} ms`)), ABUSER_TIMEOUT_MS);
    });
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
}

/** The Admin's import, sent from this thread: one request is little work. */
async function adminImport(server: BenchServer, body: Uint8Array<ArrayBuffer>): Promise<{ status: string; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${server.url}${IMPORT_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': server.adminToken },
    body,
    signal: AbortSignal.timeout(IMPORT_TIMEOUT_MS),
  });
  await response.arrayBuffer();
  return { status: String(response.status), ms: performance.now() - started };
}

export async function run(): Promise<BenchResult[]> {
  const body = importBody();
  const server = await startBenchServer({ demoTxs: 100_000, sim: { enabled: false } });
  const results: BenchResult[] = [{ name: 'abuse: server start with 100,000 demo txs (seed included)', figure: server.startMs, unit: 'ms' }];
  try {
    await measure(server, () => sleep(WARMUP_MS));
    const baseline = (await measure(server, () => sleep(BASELINE_MS))).latencies;
    results.push(...rows('baseline (nothing else)', baseline));

    const unauthenticated = await measure(server, () =>
      runAbuser({ kind: 'imports', url: `${server.url}${IMPORT_PATH}`, body, parallel: UNAUTHENTICATED_IMPORTS, ms: UNAUTHENTICATED_MS, timeoutMs: IMPORT_TIMEOUT_MS }),
    );
    results.push(...rows(`during ${UNAUTHENTICATED_IMPORTS} unauthenticated 8 MB imports at a time`, unauthenticated.latencies, baseline));
    for (const [status, count] of unauthenticated.result) {
      results.push({ name: `abuse: unauthenticated 8 MB imports answered ${status}`, figure: count, unit: 'count' });
    }

    const admin = await measure(server, () => adminImport(server, body));
    results.push(...rows('during one Admin 8 MB import', admin.latencies, baseline));
    results.push({ name: `abuse: the Admin 8 MB import (${IMPORT_ROWS.toLocaleString('en')} rows) answered ${admin.result.status} after`, figure: admin.result.ms, unit: 'ms' });

    const sockets = await measure(server, () =>
      runAbuser({ kind: 'sockets', url: server.url, token: server.operatorToken, events: SERVER_EVENT_NAMES.join(','), count: SOCKETS, holdMs: HOLD_MS, timeoutMs: SOCKET_TIMEOUT_MS }),
    );
    results.push(...rows(`while one Operator token opens ${SOCKETS} sockets`, sockets.latencies, baseline));
    for (const [outcome, count] of sockets.result) {
      results.push({ name: `abuse: sockets of one Operator token (of ${SOCKETS}) ${outcome}`, figure: count, unit: 'count' });
    }
  } finally {
    await server.close();
  }
  return results;
}
