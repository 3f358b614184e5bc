/**
 * The scrypt of a sign-in, on a thread of its own. Node's scrypt runs on the libuv pool, the same
 * four threads that read the console's files from disk: a handful of sign-ins at once held every
 * `GET /` behind them (663 ms median at 4-way, issue 27 finding 1). This worker derives one key at
 * a time with scryptSync, so the pool stays free for files; sign-ins beyond it wait in line (the
 * login gate bounds how many may wait).
 */
import { Worker } from 'node:worker_threads';
import { formatHash, KEY_LENGTH, SCRYPT_MAXMEM, SCRYPT_PARAMS } from './accessKeys.ts';

// CommonJS, evaluated as the worker's source: no file to find, no TypeScript loader to boot.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', ({ id, key, salt, length, options }) => {
  try {
    parentPort.postMessage({ id, hash: scryptSync(key, Buffer.from(salt, 'base64url'), length, options).toString('base64url') });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err) });
  }
});
`;

interface Reply {
  id: number;
  hash?: string;
  error?: string;
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
  const pending = new Map<number, { resolve: (hash: string) => void; reject: (err: Error) => void }>();

  const start = (): Worker => {
    const started = new Worker(WORKER_SOURCE, { eval: true });
    started.on('message', (reply: Reply) => {
      const waiter = pending.get(reply.id);
      if (!waiter) return;
      pending.delete(reply.id);
      if (reply.hash === undefined) waiter.reject(new Error(reply.error ?? 'key derivation failed'));
      else waiter.resolve(reply.hash);
    });
    const fail = (err: Error) => {
      worker = null;
      for (const waiter of pending.values()) waiter.reject(err);
      pending.clear();
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`key hasher exited (${code})`)));
    // An idle hasher does not keep the process alive.
    started.unref();
    return started;
  };

  return {
    hash(key, salt) {
      worker ??= start();
      const id = nextId++;
      derived += 1;
      const options = { ...SCRYPT_PARAMS, maxmem: SCRYPT_MAXMEM };
      const running = worker;
      return new Promise<string>((resolve, reject) => {
        pending.set(id, { resolve: (hash) => resolve(formatHash(salt, Buffer.from(hash, 'base64url'))), reject });
        running.postMessage({ id, key, salt: salt.toString('base64url'), length: KEY_LENGTH, options });
      });
    },
    get derived() {
      return derived;
    },
    async close() {
      const running = worker;
      worker = null;
      if (running) await running.terminate();
    },
  };
}
