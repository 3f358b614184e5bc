/**
 * Shared pieces of the security tests: the routes the app registers, a read-only view of its
 * SQLite file (integrity and per-table digests), and fast-check arbitraries for hostile input.
 */
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../../../server/src/app.ts';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess.ts';
import { DB_FILE_NAME } from '../../../server/src/db/store.ts';

export interface Route {
  method: string;
  url: string;
}

export const routeKey = (route: Route): string => `${route.method} ${route.url}`;

/** Every route the app registered (from its onRoute table), each once, deletes last. */
export function registeredRoutes(app: App): Route[] {
  const seen = new Map(app.routeTable.map((route) => [routeKey(route), { method: route.method, url: route.url }]));
  return [...seen.values()].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

/** The names of a route pattern's :params, in order. */
export function paramsOf(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] as string);
}

// ---------- The database, read beside the app ----------

/** A second, read-only connection to the app's SQLite file (WAL: it sees every committed write). */
export function openReadOnly(dataDir: string): Database {
  return new BetterSqlite3(join(dataDir, DB_FILE_NAME), { readonly: true, fileMustExist: true });
}

export function integrityCheck(db: Database): string {
  return db.pragma('integrity_check', { simple: true }) as string;
}

export function tableNames(db: Database): string[] {
  return db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all()
    .map((row) => row.name);
}

export interface TableState {
  rows: number;
  digest: string;
}

/** Row count and a digest of every row of every table, in rowid order. */
export function snapshot(db: Database): Record<string, TableState> {
  const state: Record<string, TableState> = {};
  for (const table of tableNames(db)) {
    const hash = createHash('sha256');
    let rows = 0;
    // A WITHOUT ROWID table (network_series) is ordered by its columns, its key first.
    const sql = db.prepare<[string], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(table)?.sql ?? '';
    const order = /WITHOUT ROWID/i.test(sql) ? (db.pragma(`table_info("${table}")`) as unknown[]).map((_, i) => String(i + 1)).join(', ') : 'rowid';
    for (const row of db.prepare(`SELECT * FROM "${table}" ORDER BY ${order}`).iterate()) {
      hash.update(JSON.stringify(row));
      rows++;
    }
    state[table] = { rows, digest: hash.digest('hex') };
  }
  return state;
}

/**
 * SQLite's data_version of this connection: it changes when, and only when, another connection
 * commits a change to the file. Equal before and after a request: the request committed nothing.
 */
export function dataVersion(db: Database): number {
  return db.pragma('data_version', { simple: true }) as number;
}

/** A digest of the user logs with rowid up to `upTo`: the entries that existed then. */
export function userLogDigest(db: Database, upTo: number): string {
  const hash = createHash('sha256');
  for (const row of db.prepare('SELECT * FROM user_logs WHERE rowid <= ? ORDER BY rowid').iterate(upTo)) hash.update(JSON.stringify(row));
  return hash.digest('hex');
}

export function lastUserLogRowid(db: Database): number {
  return db.prepare<[], { last: number | null }>('SELECT max(rowid) AS last FROM user_logs').get()?.last ?? 0;
}

/** The tables whose content differs between two snapshots. */
export function changedTables(before: Record<string, TableState>, after: Record<string, TableState>): string[] {
  return Object.keys({ ...before, ...after }).filter((table) => before[table]?.digest !== after[table]?.digest);
}

// ---------- What every error looks like ----------

/** docs/protocol.md Errors: non-2xx bodies are JSON `{ error: string, details?: unknown }`, nothing else. */
export function expectProtocolError(response: LightMyRequestResponse): void {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json<Record<string, unknown>>();
  expect(typeof body.error).toBe('string');
  expect((body.error as string).length).toBeGreaterThan(0);
  expect(Object.keys(body).filter((key) => key !== 'error' && key !== 'details')).toEqual([]);
}

// ---------- Hostile input ----------

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Strings that have broken servers: numbers in disguise, paths, encodings, control characters. */
const TRICKY_STRINGS = [
  '', ' ', 'NaN', '-NaN', 'Infinity', '-Infinity', '1e308', '-1e308', '1e-320', '-1', '-0', '0.5', '1.5', '0x10', '9007199254740993',
  '99999999999999999999999999999999', 'null', 'undefined', 'true', '[]', '{}', '..', '../..', '..%2f..', '%00', '\u0000', '\n\r',
  '\u202e', '\ud83d\ude00', '\ufeff', 'Ω≈ç√', '<script>alert(1)</script>', "' OR 1=1 --", '%', '%zz', 'a/b', 'toString', 'valueOf',
  'hasOwnProperty', ...PROTOTYPE_KEYS,
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  // Huge: past every max() of the contract, and past fastify's path parameter limit.
  { weight: 1, arbitrary: fc.string({ minLength: 129, maxLength: 600 }) },
  { weight: 1, arbitrary: fc.nat({ max: 20_000 }).map((n) => 'x'.repeat(5000 + n)) },
);

/** Numbers out of every range the contract sets. */
export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, Number.MIN_SAFE_INTEGER - 2, 2 ** 31, 2 ** 53, 5e-324),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

export const nastyKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...PROTOTYPE_KEYS),
  fc.constantFrom('tokenName', 'bridgeName', 'version', 'data', 'networkData', 'pins', 'updates', 'cmd', 'to', 'csv', 'amount', 'network'),
  nastyString,
);

/** Any JSON value, with hostile strings, numbers and keys, some of it nested deep. */
export const nastyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(nastyKey, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Nesting past the body limit and past SQLite's JSON limit (1000): n arrays or objects inside each other. */
export const deepJson: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 65, max: 5000 }), fc.boolean())
  .map(([n, arrays]) => (arrays ? `${'['.repeat(n)}${']'.repeat(n)}` : `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`));

/** A body with one field replaced, removed or added (a prototype key, often). */
export function mutated(sample: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(sample);
  const replace = keys.length === 0 ? [] : [fc.tuple(fc.constantFrom(...keys), nastyValue).map(([key, value]) => ({ ...sample, [key]: value }))];
  const remove = keys.length === 0 ? [] : [fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(sample).filter(([k]) => k !== key)))];
  const add = fc.tuple(nastyKey, nastyValue).map(([key, value]) => {
    const body: Record<string, unknown> = { ...sample };
    // defineProperty: a plain assignment of "__proto__" would set the prototype instead of a key.
    Object.defineProperty(body, key, { value, enumerable: true, configurable: true, writable: true });
    return body;
  });
  return fc.oneof(...replace, ...remove, add);
}

/** A path segment or query part, percent-encoded (a lone surrogate becomes U+FFFD, as a browser sends it). */
export function encodeSegment(text: string): string {
  return encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

/** Segments sent as they are, not encoded: malformed escapes and dot segments. */
export const RAW_SEGMENTS = ['%', '%zz', '%E0%A4%A', '%C0%AE%C0%AE', '..', '.', '%2e%2e', '%00', '%FF'] as const;

// ---------- The real server, as a process ----------

export type SpawnedServer = ServerProcess;

/**
 * Starts the real server (node --import tsx server/src/server.ts, as tests/e2e/globalSetup.ts
 * does) on a free port, the simulator off and no demo txs unless env says otherwise. The child is
 * pushed to `children` so the caller can kill it whatever happens.
 */
export async function spawnServer(env: Record<string, string>, children: ChildProcess[]): Promise<SpawnedServer> {
  return startServerProcess({ SIM: 'off', DEMO_TXS: '0', ...env }, (child) => children.push(child));
}

export function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}
