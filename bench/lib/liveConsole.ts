/**
 * What a browser benchmark needs to drive the real console: a fresh build of it, the reference
 * server spawned as the browser tests spawn it (tests/e2e/globalSetup.ts), Debian's Chromium
 * launched with docs/decisions.md trap 4's flags, and sign-in through the real login form and
 * splash. Every wait here is bounded, so a benchmark can always get to its `finally` and close what
 * it opened.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { io } from 'socket.io-client';
import { BATCH_EVENT, BATCH_QUERY, SERVER_EVENT_NAMES } from '../../src/contract/index.ts';
import { CHROMIUM_ARGS } from '../../tests/e2e/chromium.ts';
import { STAMPED_BLOCK_MIN } from './pageProbe.ts';

const BUILD_TIMEOUT_MS = 240_000;
// Seeding the throw-away database takes seconds of CPU; on a loaded shared machine, tens of them.
const SERVER_START_TIMEOUT_MS = 90_000;
const SERVER_STOP_GRACE_MS = 5_000;
const SIGN_IN_TIMEOUT_MS = 30_000;
const API_TIMEOUT_MS = 10_000;
/** Build and server output kept for the error message when they fail. */
const LOG_KEPT = 8_000;

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A fresh build of the console in a private directory (`npm run build -- --outDir`): the benchmark
 * measures the source as it is now, and never rewrites dist/ under a browser test serving it.
 * `extraArgs` go to `vite build` (the firehose profile mode asks for hidden source maps: the
 * scripts served name no map, so the page loads what it loads without them).
 */
export async function buildConsole(log: (line: string) => void, extraArgs: readonly string[] = []): Promise<{ dir: string; remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'console-bench-dist-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  log(`building the console into ${dir}…`);
  const child = spawn('npm', ['run', 'build', '--', '--outDir', dir, '--emptyOutDir', ...extraArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-LOG_KEPT);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  try {
    const code = await withTimeout(new Promise<number | null>((resolve) => child.on('exit', resolve)), BUILD_TIMEOUT_MS, 'npm run build');
    if (code !== 0 || !existsSync(join(dir, 'index.html'))) {
      throw new Error(`npm run build failed (exit ${code}); run it yourself to see why:\n${output}`);
    }
    return { dir, remove };
  } catch (err) {
    child.kill('SIGKILL');
    remove();
    throw err;
  }
}

export function findChromium(): string {
  const path = [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
  if (!path) throw new Error('no Chromium: `apt-get install -y chromium` (docs/decisions.md trap 4) or set CHROMIUM to its path');
  return path;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS, timeout: 30_000 });
}

export interface ConsoleServer {
  baseURL: string;
  /** SIGTERM, then SIGKILL after a grace period; removes the throw-away data directory. */
  stop(): Promise<void>;
}

/** The reference server on a free port with a throw-away database, like a fresh machine. */
export async function startServer(staticDir: string, env: Record<string, string>): Promise<ConsoleServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-bench-data-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: staticDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // Both pipes are read for the whole run: a full pipe would block the server.
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-LOG_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(SERVER_STOP_GRACE_MS)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const baseURL = await withTimeout(
      new Promise<string>((resolve, reject) => {
        const onData = () => {
          const match = /listening on (http:\/\/\S+)/.exec(output);
          if (match?.[1]) resolve(match[1]);
        };
        child.stdout?.on('data', onData);
        void exited.then(() => reject(new Error(`server exited with ${child.exitCode}:\n${output}`)));
      }),
      SERVER_START_TIMEOUT_MS,
      'server start',
    );
    return { baseURL, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

export type ApiCall = (method: string, path: string, body?: unknown) => Promise<unknown>;

/** A session token and a REST client for the benchmark itself (simulator control, workers), via the real API. */
export async function apiAs(baseURL: string, accessKey: string): Promise<{ token: string; call: ApiCall }> {
  const login = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accessKey }),
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const call: ApiCall = async (method, path, body) => {
    const response = await fetch(`${baseURL}/api${path}`, {
      method,
      headers: { 'x-api-key': token, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  return { token, call };
}

export interface FeedCounter {
  /** Events the server has sent this client so far. */
  readonly events: number;
  /**
   * Emit-to-arrival ms of stamped newBlocks (SIM_BENCH_STAMP=on) received since the last call: the
   * server and transport's share of event-to-paint, seen by a client with nothing to render.
   */
  drainDeliveries(): number[];
  close(): void;
}

/**
 * A second socket, subscribed to every event as the console is, counting what the server sends:
 * the offered rate the page's absorbed rate is compared with. It asks for batches as the console
 * does (docs/protocol.md "Batched delivery"), so its emit-to-arrival is the transport the console
 * gets, not a slower one the page would be measured against; `batched: false` measures the plain
 * form instead (one message per event, as before the extension).
 */
export async function countFeed(baseURL: string, token: string, { batched = true }: { batched?: boolean } = {}): Promise<FeedCounter> {
  const socket = io(baseURL, {
    auth: { token },
    query: { events: SERVER_EVENT_NAMES.join(','), ...(batched ? { [BATCH_QUERY]: '1' } : {}) },
    transports: ['websocket'],
    reconnection: false,
  });
  let events = 0;
  let deliveries: number[] = [];
  /** One event, sent alone or in a batch. */
  const one = (event: string, payload: unknown) => {
    events += 1;
    if (event !== 'newBlock') return;
    const num = (payload as { num?: unknown } | null)?.num;
    if (typeof num === 'number' && num >= STAMPED_BLOCK_MIN && deliveries.length < 200_000) deliveries.push(Date.now() - Math.floor(num / 1000));
  };
  socket.onAny((event: string, payload: unknown) => {
    if (event !== BATCH_EVENT) one(event, payload);
    else if (Array.isArray(payload)) for (const entry of payload as unknown[]) if (Array.isArray(entry)) one(String(entry[0]), entry[1]);
  });
  try {
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      }),
      API_TIMEOUT_MS,
      'feed counter socket',
    );
  } catch (err) {
    socket.disconnect();
    throw err;
  }
  return {
    get events() {
      return events;
    },
    drainDeliveries: () => {
      const drained = deliveries;
      deliveries = [];
      return drained;
    },
    close: () => void socket.disconnect(),
  };
}

/** Signs in through the real login form and enters past the splash (§2), as an operator does. */
export async function signIn(page: Page, accessKey: string): Promise<void> {
  await page.goto('/login', { timeout: SIGN_IN_TIMEOUT_MS });
  await page.getByLabel('Access key').fill(accessKey, { timeout: SIGN_IN_TIMEOUT_MS });
  await page.getByRole('button', { name: 'Sign in' }).click({ timeout: SIGN_IN_TIMEOUT_MS });
  await page.waitForURL((url) => url.pathname === '/', { timeout: SIGN_IN_TIMEOUT_MS });
  const splash = page.getByRole('button', { name: 'Enter the console' });
  await splash.click({ timeout: SIGN_IN_TIMEOUT_MS });
  await splash.waitFor({ state: 'detached', timeout: SIGN_IN_TIMEOUT_MS });
}
