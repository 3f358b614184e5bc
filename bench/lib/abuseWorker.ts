/**
 * The abusive clients of abuse.bench.ts, in a worker thread of the bench's process: sending 8 MB
 * bodies or opening 1,000 sockets is itself a lot of work, and on the bench's main thread it
 * delayed the very requests being measured (p50 110 ms instead of 8 ms for the same server load).
 * Started by runAbuser with an AbuseJob as workerData; posts its AbuseResult and ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';

export type AbuseJob =
  | {
      kind: 'imports';
      /** POST URL of the import. */
      url: string;
      body: Uint8Array<ArrayBuffer>;
      /** Imports in flight at all times, each sent again once answered, until `ms` is over. */
      parallel: number;
      ms: number;
      timeoutMs: number;
    }
  | {
      kind: 'sockets';
      url: string;
      token: string;
      /** The `events` handshake query. */
      events: string;
      count: number;
      /** How long the sockets stay open once each is accepted or refused. */
      holdMs: number;
      timeoutMs: number;
    };

/** How often each outcome came: an HTTP status, or why a socket was refused. */
export type AbuseResult = [outcome: string, count: number][];

const port = parentPort;
if (!port) throw new Error('abuseWorker.ts runs as a worker thread (see abuse.bench.ts)');
const job = workerData as AbuseJob;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function countOf(outcomes: readonly string[]): AbuseResult {
  const counts = new Map<string, number>();
  for (const outcome of outcomes) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  return [...counts];
}

/** A POST's status, or the error's code when the connection ended without one. */
async function post(url: string, body: Uint8Array<ArrayBuffer>, timeoutMs: number): Promise<string> {
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return String(response.status);
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
    if (!(cause instanceof Error)) return 'error';
    return 'code' in cause && typeof cause.code === 'string' ? cause.code : cause.name;
  }
}

async function imports({ url, body, parallel, ms, timeoutMs }: Extract<AbuseJob, { kind: 'imports' }>): Promise<AbuseResult> {
  const outcomes: string[] = [];
  const until = performance.now() + ms;
  const sender = async () => {
    while (performance.now() < until) outcomes.push(await post(url, body, timeoutMs));
  };
  await Promise.all(Array.from({ length: parallel }, sender));
  return countOf(outcomes);
}

async function sockets({ url, token, events, count, holdMs, timeoutMs }: Extract<AbuseJob, { kind: 'sockets' }>): Promise<AbuseResult> {
  const opened: Socket[] = [];
  const settle = () =>
    new Promise<string>((resolve) => {
      const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, query: { events }, reconnection: false, forceNew: true, timeout: timeoutMs });
      opened.push(socket);
      // Connected means init was sent.
      socket.once('init', () => resolve('accepted'));
      socket.once('connect_error', (err) => resolve(`refused: ${err.message}`));
      socket.once('disconnect', (reason) => resolve(`disconnected: ${reason}`));
    });
  try {
    const outcomes = await Promise.all(Array.from({ length: count }, settle));
    await sleep(holdMs);
    return countOf(outcomes);
  } finally {
    for (const socket of opened) socket.disconnect();
  }
}

port.postMessage(await (job.kind === 'imports' ? imports(job) : sockets(job)));
port.close();
