/**
 * What the server benchmarks share: the real app started in a worker thread of this process
 * (serverWorker.ts) on a temporary database seeded like a first start (demo records and DEMO_TXS
 * transactions), an Admin session token for it, and percentile helpers. Every wait is bounded.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ADMIN_ROLE, OPERATOR_ROLE } from '../../src/config/enums.ts';
import { signSession } from '../../server/src/auth/jwt.ts';
import { DB_FILE_NAME } from '../../server/src/db/store.ts';
import type { SimOptions } from '../../server/src/sim/plugin.ts';

const START_TIMEOUT_MS = 120_000;
const CLOSE_TIMEOUT_MS = 15_000;
const DRIVE_GRACE_MS = 30_000;

export interface ServerWorkerOptions {
  dataDir: string;
  staticDir: string;
  jwtSecret: string;
  adminKey: string;
  operatorKey: string;
  demoTxs: number;
  /** Reader threads of the transaction list; undefined: the app's default. */
  txReaders?: number;
  loginRateLimit: number;
  sim: SimOptions;
  /** TRUST_PROXY on: X-Forwarded-For names the client (benches that play many client addresses). */
  trustProxy?: boolean;
}

export interface DriveOptions {
  /** Events per second handed to the hub. */
  rate: number;
  seconds: number;
  /** Events broadcast together on each timer tick. */
  perTick: number;
  /** Carried by every event, so that receivers can tell runs apart. */
  run: number;
}

export type WorkerReply =
  | { type: 'ready'; port: number; seedMs: number }
  | { type: 'driven'; sent: number }
  | { type: 'coalescing'; on: boolean }
  | { type: 'closed' };

export interface BenchServer {
  url: string;
  port: number;
  /** The database file, for a second connection (the naive baseline drops indexes through it). */
  dbFile: string;
  adminKey: string;
  adminToken: string;
  operatorToken: string;
  /** How long building the app took, the seed of DEMO_TXS rows included. */
  startMs: number;
  /** Broadcasts stamped workerIterationResult events through the hub; resolves with how many. */
  drive(options: DriveOptions): Promise<number>;
  /** Turns the hub's coalescing of broadcasts on (the server's way) or off (the baseline). */
  setCoalesce(on: boolean): Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions {
  demoTxs?: number;
  txReaders?: number;
  loginRateLimit?: number;
  sim?: SimOptions;
  trustProxy?: boolean;
  /** Written as the console's index.html, for benches that fetch `GET /`. */
  indexHtml?: string;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The worker loads TypeScript through tsx's API: Node 20 does not pass the `--import tsx` hooks of
 * this thread on to workers.
 */
export function tsWorker(file: URL, data: unknown): Worker {
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); })`;
  return new Worker(boot, { eval: true, workerData: data });
}

export async function startBenchServer({ demoTxs = 100_000, txReaders, loginRateLimit = 1_000_000, sim = { enabled: false }, trustProxy, indexHtml }: StartOptions = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-bench-db-'));
  const staticDir = mkdtempSync(join(tmpdir(), 'console-bench-static-'));
  if (indexHtml !== undefined) writeFileSync(join(staticDir, 'index.html'), indexHtml);
  const options: ServerWorkerOptions = {
    dataDir,
    staticDir,
    jwtSecret: 'bench-secret-0123456789-abcdefghijklmnop',
    adminKey: 'bench-admin-key-0001',
    operatorKey: 'bench-operator-key-0002',
    demoTxs,
    txReaders,
    loginRateLimit,
    sim,
    trustProxy,
  };
  const worker = tsWorker(new URL('./serverWorker.ts', import.meta.url), options);
  const waiters = new Map<WorkerReply['type'], { resolve: (reply: WorkerReply) => void; reject: (err: Error) => void }>();
  let failure: Error | undefined;
  const next = <T extends WorkerReply['type']>(type: T) =>
    new Promise<Extract<WorkerReply, { type: T }>>((resolve, reject) => {
      if (failure) reject(failure);
      else waiters.set(type, { resolve: (reply) => resolve(reply as Extract<WorkerReply, { type: T }>), reject });
    });
  worker.on('message', (reply: WorkerReply) => {
    const waiter = waiters.get(reply.type);
    waiters.delete(reply.type);
    waiter?.resolve(reply);
  });
  const fail = (err: Error) => {
    failure = err;
    for (const waiter of waiters.values()) waiter.reject(err);
    waiters.clear();
  };
  worker.on('error', (err) => fail(new Error(`bench server failed: ${err.message}`, { cause: err })));
  worker.on('exit', (code) => fail(new Error(`bench server exited (code ${code})`)));
  const removeDirs = () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(staticDir, { recursive: true, force: true });
  };

  let ready: Extract<WorkerReply, { type: 'ready' }>;
  try {
    ready = await withTimeout(next('ready'), START_TIMEOUT_MS, 'bench server start');
  } catch (err) {
    await worker.terminate();
    removeDirs();
    throw err;
  }
  const now = Date.now();
  return {
    url: `http://127.0.0.1:${ready.port}`,
    port: ready.port,
    dbFile: join(dataDir, DB_FILE_NAME),
    adminKey: options.adminKey,
    adminToken: signSession({ name: 'admin', role: ADMIN_ROLE }, options.jwtSecret, now),
    operatorToken: signSession({ name: 'operator', role: OPERATOR_ROLE }, options.jwtSecret, now),
    startMs: ready.seedMs,
    drive: async (drive) => {
      const driven = next('driven');
      worker.postMessage({ type: 'drive', ...drive });
      return (await withTimeout(driven, drive.seconds * 1000 + DRIVE_GRACE_MS, 'bench server drive')).sent;
    },
    setCoalesce: async (on) => {
      const done = next('coalescing');
      worker.postMessage({ type: 'coalesce', on });
      await withTimeout(done, CLOSE_TIMEOUT_MS, 'bench server coalesce');
    },
    close: async () => {
      try {
        const closed = next('closed');
        worker.postMessage({ type: 'close' });
        await withTimeout(closed, CLOSE_TIMEOUT_MS, 'bench server close');
      } finally {
        await worker.terminate();
        removeDirs();
      }
    },
  };
}

/** The q-quantile of ascending samples (nearest rank). */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
