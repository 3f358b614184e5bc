/**
 * The scrypt of a sign-in, on a thread of its own. Node's scrypt runs on the libuv pool, the same
 * four threads that read the console's files from disk: a handful of sign-ins at once would hold
 * every `GET /` behind them (663 ms median at 4-way, bench/availability.bench.ts). This worker
 * derives one key at a time with scryptSync, so the pool stays free for files; sign-ins beyond it
 * wait in line (the login gate bounds how many may wait). It also rests after each derivation for
 * as long as that took, so that a flood of sign-ins takes at most half of one core: on a small
 * machine a core deriving keys without a break slows everyone's pages (GET / p95 3x during a 12-way
 * flood).
 */
import { Worker } from 'node:worker_threads';
import { formatHash, KEY_LENGTH, SCRYPT_MAXMEM, SCRYPT_PARAMS } from './accessKeys.ts';

// CommonJS, evaluated as the worker's source: no file to find, no TypeScript loader to boot.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', ({ id, key, salt, length, options }) => {
  const started = performance.now();
  try {
    const hash = scryptSync(key, Buffer.from(salt, 'base64url'), length, options).toString('base64url');
    parentPort.postMessage({ id, hash, ms: performance.now() - started });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err), ms: performance.now() - started });
  }
});
`;

interface Reply {
  id: number;
  hash?: string;
  error?: string;
  /** How long the derivation took. */
  ms: number;
}

interface Job {
  id: number;
  key: string;
  salt: Buffer;
  resolve: (hash: string) => void;
  reject: (err: Error) => void;
}

export interface KeyHasher {
  /** The key's hash under `salt`, in the format of accessKeys.ts (formatHash). */
  hash(key: string, salt: Buffer): Promise<string>;
  /** Keys derived so far (tests count the cost of a sign-in with it). */
  readonly derived: number;
  close(): Promise<void>;
}

export function createKeyHasher(): KeyHasher {
  let worker: Worker | null = null;
  let nextId = 0;
  let derived = 0;
  const waiting: Job[] = [];
  let running: Job | null = null;
  let restingUntil = 0;
  let restTimer: NodeJS.Timeout | undefined;

  const dispatch = () => {
    if (running || restTimer) return;
    const rest = restingUntil - performance.now();
    if (rest > 0) {
      restTimer = setTimeout(() => {
        restTimer = undefined;
        dispatch();
      }, rest);
      return;
    }
    const job = waiting.shift();
    if (!job) return;
    worker ??= start();
    running = job;
    const options = { ...SCRYPT_PARAMS, maxmem: SCRYPT_MAXMEM };
    worker.postMessage({ id: job.id, key: job.key, salt: job.salt.toString('base64url'), length: KEY_LENGTH, options });
  };

  const start = (): Worker => {
    const started = new Worker(WORKER_SOURCE, { eval: true });
    started.on('message', (reply: Reply) => {
      const job = running;
      if (!job || job.id !== reply.id) return;
      running = null;
      restingUntil = performance.now() + reply.ms;
      if (reply.hash === undefined) job.reject(new Error(reply.error ?? 'key derivation failed'));
      else job.resolve(formatHash(job.salt, Buffer.from(reply.hash, 'base64url')));
      dispatch();
    });
    const fail = (err: Error) => {
      if (worker === started) worker = null;
      const job = running;
      running = null;
      job?.reject(err);
      dispatch();
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`key hasher exited (${code})`)));
    // An idle hasher does not keep the process alive.
    started.unref();
    return started;
  };

  return {
    hash(key, salt) {
      derived += 1;
      return new Promise<string>((resolve, reject) => {
        waiting.push({ id: nextId++, key, salt, resolve, reject });
        dispatch();
      });
    },
    get derived() {
      return derived;
    },
    async close() {
      clearTimeout(restTimer);
      restTimer = undefined;
      for (const job of waiting.splice(0)) job.reject(new Error('key hasher closed'));
      const stopping = worker;
      worker = null;
      if (stopping) await stopping.terminate();
    },
  };
}
