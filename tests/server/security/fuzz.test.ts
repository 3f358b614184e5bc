/**
 * Bad input: property-based fuzzing of every route the server registers, as Admin.
 * The routes come from the app's own route table, so a new route is fuzzed without a change here.
 */
import { rmSync } from 'node:fs';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../server/src/auth/permissions.ts';
import { ADMIN_ROLE } from '../../../src/config/enums.ts';
import { MAX_JSON_DEPTH, jsonDepth } from '../../../server/src/plugins/errors.ts';
import { makeApp, tempDir } from '../helpers.ts';
import {
  RAW_SEGMENTS,
  changedTables,
  dataVersion,
  deepJson,
  encodeSegment,
  expectProtocolError,
  integrityCheck,
  mutated,
  nastyKey,
  nastyNumber,
  nastyString,
  nastyValue,
  openReadOnly,
  paramsOf,
  registeredRoutes,
  routeKey,
  snapshot,
  userLogDigest,
  lastUserLogRowid,
  type Route,
  type TableState,
} from './fixtures.ts';
import { GOOD_QUERY, SOLANA_ADDRESS, SOLANA_KIND, SOLANA_TOKEN, goodBody, goodParams, type Known } from './samples.ts';

/** Generated requests per route: about 4,000 in all. */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 100);
/** POSTs that only read. */
const READ_ONLY_POSTS = new Set(['POST /api/login', 'POST /api/logs/more']);
/** Tables no request may change: credentials, the JWT secret and seed marks, the schema. */
const UNTOUCHABLE = ['access_keys', 'meta', 'schema_migrations'];

const dataDir = tempDir('console-fuzz-');
// Thousands of writes from one Admin: this file tests input handling, not the per-user write limit (writeLimit.test.ts).
// No alert evaluation on a timer: a fuzzed rule firing between a call and its check would write alerts.
const t = await makeApp({ dataDir, demoTxs: 60, writeLimits: { burst: 1_000_000, perSecond: 1_000_000 }, alerts: { evaluateEveryMs: 0 } });
await t.app.ready();
const db = openReadOnly(dataDir);
const ROUTES = registeredRoutes(t.app);
const admin = { 'x-api-key': t.adminToken };

// Records for the routes that edit one: a Solana bridge entry and an operator's sell.
const created = await t.app.inject({
  method: 'POST',
  url: `/api/solana-bridge/${SOLANA_KIND}`,
  headers: admin,
  payload: { token: SOLANA_TOKEN, data: { Solana: { address: SOLANA_ADDRESS, decimals: 9 } } },
});
const sell = await t.app.inject({
  method: 'POST',
  url: '/api/txs/sell',
  headers: admin,
  payload: { tokenName: 'USDC', network: 'Ethereum', amount: 1 },
});
if (created.statusCode !== 200) throw new Error(`set-up: ${created.body}`);
const txs = await t.app.store.txs.list({ filter: {}, sort: 'createdAt', order: 'DESC', offset: 0, limit: 20 });
const brainState = await t.app.store.settings.get('brainState');
const known: Known = {
  tokenName: (await t.app.store.tokens.list()).map((token) => token.tokenName),
  bridgeName: (await t.app.store.bridges.list()).map((bridge) => bridge.bridgeName),
  configName: (await t.app.store.configs.list()).map((config) => config.configName),
  txId: txs.data.map((tx) => tx.id),
  tradeId: txs.data.flatMap((tx) => (tx.tradeId === null ? [] : [tx.tradeId])),
  sellId: [sell.json<{ tradeId: string }>().tradeId],
  peer: [...Object.keys(brainState.txPeerStatus), ...Object.keys(brainState.zmqPeerStatus)],
};
const GOOD = goodParams(known);

afterAll(async () => {
  db.close();
  await t.app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// ---------- Generated requests ----------

function segment(name: string): fc.Arbitrary<string> {
  const good = GOOD[name] ?? [];
  return fc.oneof(
    ...(good.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...good).map(encodeSegment) }] : []),
    { weight: 4, arbitrary: nastyString.map(encodeSegment) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
}

function pathOf(route: Route): fc.Arbitrary<string> {
  const names = paramsOf(route.url);
  const wildcard = route.url.endsWith('*') ? fc.array(segment('file'), { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/')) : fc.constant('');
  return fc.tuple(fc.tuple(...names.map(segment)), wildcard).map(([values, rest]) => {
    let index = 0;
    return route.url.replace(/:([A-Za-z]+)/g, () => values[index++] as string).replace(/\*$/, rest);
  });
}

const queryValue: fc.Arbitrary<string> = fc.oneof(
  nastyString,
  nastyNumber.map(String),
  nastyValue.map((value) => JSON.stringify(value) ?? 'null'),
  deepJson,
);

function queryOf(route: Route): fc.Arbitrary<string> {
  const good = GOOD_QUERY[routeKey(route)] ?? {};
  const goodKeys = Object.keys(good);
  const key = goodKeys.length > 0 ? fc.oneof(fc.constantFrom(...goodKeys), nastyKey) : nastyKey;
  const encode = (entries: [string, string][]) =>
    entries.length === 0 ? '' : `?${entries.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).join('&')}`;
  return fc.oneof(
    fc.constant(''),
    fc.constant(encode(Object.entries(good))),
    // The good query with one field replaced, removed or added.
    mutated(good).map((query) =>
      encode(Object.entries(query as Record<string, unknown>).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')])),
    ),
    // Any fields, repeated ones too (they arrive as arrays).
    fc.array(fc.tuple(key, queryValue), { maxLength: 5 }).map(encode),
  );
}

const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'];

function bodyOf(route: Route): fc.Arbitrary<{ payload?: string; contentType?: string }> {
  if (route.method === 'GET') return fc.constant({});
  const good = goodBody(routeKey(route), known);
  const json = (value: unknown) => ({ payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' });
  const text = fc.oneof(
    { weight: 2, arbitrary: nastyValue.map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: deepJson },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant({}) },
    ...(good ? [{ weight: 2, arbitrary: fc.constant(json(good)) }, { weight: 6, arbitrary: mutated(good).map(json) }] : []),
    { weight: 3, arbitrary: nastyValue.map(json) },
    { weight: 2, arbitrary: fc.tuple(text, fc.constantFrom(...CONTENT_TYPES)).map(([payload, contentType]) => ({ payload, contentType })) },
  );
}

function requestOf(route: Route): fc.Arbitrary<InjectOptions> {
  return fc.tuple(pathOf(route), queryOf(route), bodyOf(route)).map(([path, query, { payload, contentType }]) => ({
    method: route.method as InjectOptions['method'],
    url: `${path}${query}`,
    // Sign-out ends the session it is sent with: each one gets a session of its own.
    headers: {
      ...(routeKey(route) === 'POST /api/logout' ? { 'x-api-key': t.app.sessions.issue({ name: 'admin', role: ADMIN_ROLE }) } : admin),
      ...(contentType === undefined ? {} : { 'content-type': contentType }),
    },
    ...(payload === undefined ? {} : { payload }),
  }));
}

// ---------- The properties ----------

interface LogRow {
  user_name: string;
  time: number;
}

function newestLogs(count: number): LogRow[] {
  return db.prepare<[number], LogRow>('SELECT user_name, time FROM user_logs ORDER BY rowid DESC LIMIT ?').all(count);
}

let requests = 0;
const statuses = new Map<number, number>();

/** The tables as of the last commit; recomputed only after a commit (data_version moved). */
let lastCommit: { version: number; tables: Record<string, TableState> } = { version: -1, tables: {} };
function currentTables(): Record<string, TableState> {
  const version = dataVersion(db);
  if (version !== lastCommit.version) lastCommit = { version, tables: snapshot(db) };
  return lastCommit.tables;
}

describe('bad input: every registered route, fuzzed as Admin (§7; protocol Errors)', () => {
  it("the fuzzed routes are the app's own route table: every §7 route and the static assets", () => {
    const keys = ROUTES.map(routeKey);
    for (const permission of PERMISSIONS) expect(keys).toContain(`${permission.method} ${permission.url}`);
    expect(keys).toContain('GET /assets/*');
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(ROUTES)(
    '$method $url: only 2xx or a JSON 4xx, never 5xx; a 4xx or a read commits nothing; a 2xx mutation is audited',
    async (route) => {
      const isRead = route.method === 'GET' || READ_ONLY_POSTS.has(routeKey(route));
      await fc.assert(
        fc.asyncProperty(requestOf(route), async (request) => {
          const before = currentTables();
          const versionBefore = dataVersion(db);
          const lastLog = lastUserLogRowid(db);
          const response = await t.app.inject(request);
          requests++;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);

          const status = response.statusCode;
          const what = `${request.method} ${String(request.url).slice(0, 200)} -> ${status} ${response.body.slice(0, 300)}`;
          expect((status >= 200 && status < 300) || (status >= 400 && status < 500), what).toBe(true);
          if (status >= 400) expectProtocolError(response);
          if (status >= 400 || isRead) {
            expect(dataVersion(db), `committed a change: ${what}`).toBe(versionBefore);
            return;
          }
          // A 2xx mutation: it committed, with one user log or more by the caller, now; older logs untouched.
          expect(dataVersion(db), what).not.toBe(versionBefore);
          const after = currentTables();
          const changed = changedTables(before, after);
          expect(changed.filter((table) => UNTOUCHABLE.includes(table)), what).toEqual([]);
          const written = (after.user_logs?.rows ?? 0) - (before.user_logs?.rows ?? 0);
          expect(written, `no user log: ${what}`).toBeGreaterThanOrEqual(1);
          for (const log of newestLogs(written)) expect(log).toEqual({ user_name: 'admin', time: t.clock.now() });
          expect(userLogDigest(db, lastLog), `an older user log changed: ${what}`).toBe(before.user_logs?.digest);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
      expect(integrityCheck(db)).toBe('ok');
    },
  );

  it('afterwards the database passes integrity_check and the server still answers', async () => {
    expect(requests).toBeGreaterThanOrEqual(ROUTES.length * RUNS_PER_ROUTE);
    expect(integrityCheck(db)).toBe('ok');
    const response = await t.app.inject({ method: 'GET', url: '/api/configs', headers: admin });
    expect(response.statusCode).toBe(200);
    // Both outcomes were reached: the fuzzing got past validation as well as being refused by it.
    const codes = [...statuses.keys()];
    expect(codes.some((code) => code < 300)).toBe(true);
    expect(codes.some((code) => code === 400)).toBe(true);
  });
});

describe('bad input: routes registered only with the simulator on (SIM=on, the default)', () => {
  it('each such route, fuzzed as Admin with the simulator paused: only 2xx or a JSON 4xx; a 4xx commits nothing', async () => {
    const simDir = tempDir('console-fuzz-sim-');
    const sim = await makeApp({ dataDir: simDir, demoTxs: 0, sim: { enabled: true, seed: 3, rate: 1 } });
    await sim.app.ready();
    sim.app.sim?.pause();
    const simDb = openReadOnly(simDir);
    try {
      const base = new Set(ROUTES.map(routeKey));
      const extra = registeredRoutes(sim.app).filter((route) => !base.has(routeKey(route)));
      expect(extra.map(routeKey)).toContain('POST /api/sim/control');
      for (const route of extra) {
        await fc.assert(
          fc.asyncProperty(requestOf(route), async (request) => {
            const version = dataVersion(simDb);
            const response = await sim.app.inject(request);
            const status = response.statusCode;
            const what = `${request.method} ${String(request.url).slice(0, 200)} -> ${status} ${response.body.slice(0, 300)}`;
            expect((status >= 200 && status < 300) || (status >= 400 && status < 500), what).toBe(true);
            if (status >= 400) {
              expectProtocolError(response);
              expect(dataVersion(simDb), what).toBe(version);
            }
          }),
          { numRuns: RUNS_PER_ROUTE },
        );
      }
      expect(integrityCheck(simDb)).toBe('ok');
    } finally {
      simDb.close();
      await sim.app.close();
      rmSync(simDir, { recursive: true, force: true });
    }
  });
});

describe('bad input: hostile bodies refused before any handler', () => {
  it.each([
    ['__proto__', '{"tokenName":"PROTO1","networkData":{},"__proto__":{"polluted":true}}'],
    ['constructor', '{"tokenName":"PROTO2","networkData":{},"constructor":1}'],
    ['constructor.prototype', '{"tokenName":"PROTO3","networkData":{},"constructor":{"prototype":{"polluted":true}}}'],
    ['prototype, nested', '{"tokenName":"PROTO4","networkData":{"Ethereum":{"address":"0x' + 'ab'.repeat(20) + '","decimals":1,"prototype":1}}}'],
  ])('a %s key anywhere in a body is a 400 and nothing is stored or polluted', async (_kind, payload) => {
    const before = snapshot(db);
    const response = await t.app.inject({ method: 'POST', url: '/api/tokens', headers: { ...admin, 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBe(400);
    expectProtocolError(response);
    expect(changedTables(before, snapshot(db))).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it(`a body nested deeper than ${MAX_JSON_DEPTH} levels is a 400, and one at the limit is read`, async () => {
    const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
    const put = (depth: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/configs/no-such-config',
        headers: { ...admin, 'content-type': 'application/json' },
        payload: `{"version":1,"data":${nested(depth - 1)}}`,
      });
    const tooDeep = await put(MAX_JSON_DEPTH + 1);
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toEqual({ error: `body nests deeper than ${MAX_JSON_DEPTH} levels` });
    // At the limit the body is parsed and reaches the handler, which does not know the config.
    expect((await put(MAX_JSON_DEPTH)).statusCode).toBe(404);
  });

  it('a body over the size limit is a JSON 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ tokenName: 'BIG', networkData: {}, blob: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expectProtocolError(response);
  });

  it('a malformed URL and an over-long path parameter get a JSON error (protocol Errors)', async () => {
    for (const url of ['/api/configs/%E0%A4%A', `/api/configs/${'x'.repeat(500)}`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: admin });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expectProtocolError(response);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('the depth check counts the nesting of any JSON text exactly, brackets inside strings ignored', () => {
    const depthOf = (value: unknown): number =>
      typeof value === 'object' && value !== null ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;
    const withBracketStrings = fc.oneof(nastyValue, fc.string().map((text) => `"[{\\"${text}`));
    fc.assert(
      fc.property(withBracketStrings, (value) => {
        expect(jsonDepth(JSON.stringify(value) ?? 'null', Number.MAX_SAFE_INTEGER)).toBe(depthOf(value));
      }),
      { numRuns: 500 },
    );
  });
});
