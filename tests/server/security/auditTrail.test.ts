/**
 * The audit trail (docs/protocol.md "The user log"): every operator action (every mutating route
 * the app registers) records who, when, what and before/after, in the same database transaction as
 * the change; the record cannot be edited or deleted through the API.
 */
import { rmSync } from 'node:fs';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { permissionFor } from '../../../server/src/auth/permissions.ts';
import { ADMIN_ROLE, OPERATOR_ROLE, WORKER_COMMANDS, scalingTarget } from '../../../src/config/enums.ts';
import type { UserLog } from '../../../src/contract/index.ts';
import { makeApp, tempDir } from '../helpers.ts';
import {
  changedTables,
  dataVersion,
  integrityCheck,
  openReadOnly,
  registeredRoutes,
  routeKey,
  snapshot,
  type Route,
} from './fixtures.ts';
import { EVM_ADDRESS, SOLANA_ADDRESS } from './samples.ts';

/** POSTs that only read. */
const READ_ONLY_POSTS = new Set(['POST /api/login', 'POST /api/logs/more']);
/**
 * POSTs that change no record an operator keeps: a destination's test message (docs/protocol.md
 * "Alerts delivery") is written to the delivery log, its own record of what was sent, not to the
 * user log.
 */
const RECORDED_ELSEWHERE = new Set(['POST /api/alerts/destinations/:id/test']);

const dataDir = tempDir('console-audit-');
// Alerts are evaluated only when this file asks: a timer's evaluation would write alerts and timeline
// events between a call and the check that it changed nothing.
const t = await makeApp({ dataDir, demoTxs: 20, alerts: { evaluateEveryMs: 0 } });
await t.app.ready();
const db = openReadOnly(dataDir);
// An open alert to acknowledge: a rule and a low balance, evaluated once (the settings calls below
// replace the rules only after the alerts' calls have run).
t.app.alerts.evaluator.setRules([{ id: 'audit-low', kind: 'balanceBelow', network: 'Ethereum', below: 0.5, unit: 'native' }]);
t.app.alerts.evaluator.onEvent('balance', { network: 'Ethereum', balance: 0.1 });
t.app.alerts.evaluator.evaluate();
await t.app.alerts.evaluator.settled();
const [auditAlert] = t.app.alerts.evaluator.active();
afterAll(async () => {
  db.close();
  await t.app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const MUTATING: Route[] = registeredRoutes(t.app).filter(
  (route) => route.url.startsWith('/api/') && route.method !== 'GET' && !READ_ONLY_POSTS.has(routeKey(route)) && !RECORDED_ELSEWHERE.has(routeKey(route)),
);

interface Call {
  path: string;
  body?: unknown;
  /** Called with a session of its own, which it ends (sign-out), instead of the caller's shared one. */
  ownSession?: boolean;
}

/** Values produced by earlier calls (a sell's tradeId) that later calls use. */
const produced: Record<string, string> = {};
const firstTx = (await t.app.store.txs.list({ filter: {}, sort: 'createdAt', order: 'DESC', offset: 0, limit: 1 })).data[0];
const workerConfig = await t.app.store.configs.get('worker');

/**
 * One valid call per mutating route, in an order where each finds what it needs (create before
 * update before delete). A mutating route missing here fails the first test: add its call.
 */
const CALLS: Record<string, () => Call> = {
  // docs/protocol.md "Alerts lifecycle": the alert opened above, acknowledged; a silence made, then ended.
  'POST /api/alerts/:id/ack': () => ({ path: `/api/alerts/${auditAlert?.id ?? 'none'}/ack`, body: { comment: 'on it' } }),
  'POST /api/alerts/silences': () => ({ path: '/api/alerts/silences', body: { ruleId: 'audit-low', until: t.clock.now() + 3_600_000, reason: 'audit' } }),
  'DELETE /api/alerts/silences/:id': () => ({ path: `/api/alerts/silences/${t.app.alerts.evaluator.activeSilences()[0]?.id ?? 'none'}` }),
  'POST /api/workers/start': () => ({ path: '/api/workers/start' }),
  'POST /api/workers/stop': () => ({ path: '/api/workers/stop' }),
  'PUT /api/settings/misc': () => ({ path: '/api/settings/misc', body: { updates: { sellOnly: true } } }),
  'PUT /api/settings/automation/bridges': () => ({ path: '/api/settings/automation/bridges', body: { enabled: true, bridges: ['stargate-eth-arb'] } }),
  'POST /api/settings/cache/results/clear': () => ({ path: '/api/settings/cache/results/clear' }),
  'POST /api/command': () => ({ path: '/api/command', body: { to: 'worker', cmd: WORKER_COMMANDS[0] } }),
  'POST /api/services/:service/restart': () => ({ path: '/api/services/brain/restart' }),
  'POST /api/services/:service/restart/scaling': () => ({ path: '/api/services/worker/restart/scaling', body: scalingTarget('worker') }),
  'POST /api/txs/peers/:peer/restart': () => ({ path: '/api/txs/peers/tx-eu-1/restart' }),
  'POST /api/txs/sell': () => ({ path: '/api/txs/sell', body: { tokenName: 'USDC', network: 'Ethereum', amount: 3 } }),
  'PUT /api/txs/sell/:tradeId': () => ({ path: `/api/txs/sell/${produced.sell}`, body: { tokenName: 'USDC', network: 'Ethereum', amount: 4 } }),
  'POST /api/txs/manual': () => ({ path: '/api/txs/manual', body: { network: 'Ethereum', txType: 'TransferNative', tokenName: 'ETH', amount: 0.1, to: EVM_ADDRESS } }),
  'POST /api/txs/refund': () => ({ path: '/api/txs/refund', body: { txId: firstTx?.id, reason: 'audit test' } }),
  'POST /api/txs/force': () => ({
    path: '/api/txs/force',
    body: { tokenName: 'USDC', networkBuy: 'Ethereum', networkSell: 'Arbitrum', bridgeName: 'stargate-eth-arb', amount: 10 },
  }),
  'POST /api/txs/unlock-nonce': () => ({ path: '/api/txs/unlock-nonce', body: { network: 'Ethereum', nonce: 3 } }),
  'PUT /api/txs/pins': () => ({ path: '/api/txs/pins', body: { pins: ['USDC'] } }),
  'PUT /api/txs/pins/sell': () => ({ path: '/api/txs/pins/sell', body: { pins: ['USDT'] } }),
  'POST /api/tokens': () => ({ path: '/api/tokens', body: { tokenName: 'AUDIT', networkData: { Ethereum: { address: EVM_ADDRESS, decimals: 18 } } } }),
  'PUT /api/tokens/:tokenName': () => ({
    path: '/api/tokens/AUDIT',
    body: { tokenName: 'AUDIT', networkData: { Ethereum: { address: EVM_ADDRESS, decimals: 6 } }, version: 1 },
  }),
  'POST /api/bridges': () => ({ path: '/api/bridges', body: { bridgeName: 'audit-bridge', kind: 'CCIP', networks: ['Ethereum', 'Base'] } }),
  'PUT /api/bridges/:bridgeName': () => ({
    path: '/api/bridges/audit-bridge',
    body: { bridgeName: 'audit-bridge', kind: 'CCIP', networks: ['Ethereum', 'Base'], enabled: false, version: 1 },
  }),
  'PUT /api/configs/:configName': () => ({ path: '/api/configs/worker', body: { version: workerConfig?.version, data: workerConfig?.data } }),
  'PUT /api/aws/groups': () => ({ path: '/api/aws/groups', body: { groups: [{ name: 'audit-group', region: 'eu-west-1', desired: 1, running: 1 }] } }),
  'POST /api/aws/restart': () => ({ path: '/api/aws/restart', body: { group: 'audit-group' } }),
  'POST /api/solana-bridge/:x': () => ({
    path: '/api/solana-bridge/wormhole',
    body: { token: 'AUDITSOL', data: { Solana: { address: SOLANA_ADDRESS, decimals: 9 }, Ethereum: { address: EVM_ADDRESS, decimals: 18 } } },
  }),
  'POST /api/solana-bridge/:x/import': () => ({ path: '/api/solana-bridge/wormhole/import', body: { csv: `token,network,address,decimals\nAUDITCSV,Solana,${SOLANA_ADDRESS},9\n` } }),
  'PUT /api/solana-bridge/:x/:token': () => ({
    path: '/api/solana-bridge/wormhole/AUDITSOL',
    body: { data: { Solana: { address: SOLANA_ADDRESS, decimals: 8 }, Ethereum: { address: EVM_ADDRESS, decimals: 18 } } },
  }),
  'DELETE /api/solana-bridge/:x/:token/:network': () => ({ path: '/api/solana-bridge/wormhole/AUDITSOL/Ethereum' }),
  'DELETE /api/solana-bridge/:x/:token': () => ({ path: '/api/solana-bridge/wormhole/AUDITSOL' }),
  'DELETE /api/bridges/:bridgeName': () => ({ path: '/api/bridges/audit-bridge' }),
  'DELETE /api/tokens/:tokenName': () => ({ path: '/api/tokens/AUDIT' }),
  'PUT /api/alerts/destinations': () => ({
    path: '/api/alerts/destinations',
    body: { destinations: [{ name: 'Audit hook', kind: 'webhook', enabled: false, url: 'http://127.0.0.1:9/audit' }] },
  }),
  'POST /api/logout': () => ({ path: '/api/logout', ownSession: true }),
};
const ORDER = Object.keys(CALLS);

/** Admin-only routes are called by the admin, the others by the operator, so "who" is the caller's. */
function callerOf(route: Route): { name: string; role: string; token: string } {
  return permissionFor(route.method, route.url)?.access === 'admin'
    ? { name: 'admin', role: ADMIN_ROLE, token: t.adminToken }
    : { name: 'operator', role: OPERATOR_ROLE, token: t.operatorToken };
}

function inject(route: Route, call: Call, token: string) {
  return t.app.inject({
    method: route.method as 'POST',
    url: call.path,
    headers: { 'x-api-key': token },
    ...(call.body === undefined ? {} : { payload: call.body as object }),
  });
}

async function newLogs(work: () => Promise<unknown>): Promise<UserLog[]> {
  const before = await t.app.store.userLogs.count();
  await work();
  const written = (await t.app.store.userLogs.count()) - before;
  return written <= 0 ? [] : (await t.app.store.userLogs.list({ limit: written })).reverse();
}

const routesInOrder = [...MUTATING].sort((a, b) => ORDER.indexOf(routeKey(a)) - ORDER.indexOf(routeKey(b)));

describe('The user log (protocol), the audit trail: every operator action is recorded in the same transaction', () => {
  it('every mutating route the app registers has a call in this test (a new one must be added here)', () => {
    expect(MUTATING.length).toBeGreaterThan(25);
    expect(MUTATING.map(routeKey).filter((key) => !(key in CALLS))).toEqual([]);
  });

  // Run first on each route: the fault must leave everything as it was, and then the real call succeeds.
  it.each(routesInOrder)(
    '$method $url: with the user-log write failing after it was made, the request fails and no row changes; then it succeeds with one log of who, when, what, before/after',
    async (route) => {
      const call = CALLS[routeKey(route)];
      if (!call) throw new Error(`no call for ${routeKey(route)}`);
      const caller = callerOf(route);
      if (call().ownSession) caller.token = t.app.sessions.issue({ name: caller.name, role: caller.role });

      // The fault: the user log is written, then the write reports a failure (as a full disk would).
      const tables = snapshot(db);
      const version = dataVersion(db);
      const original = t.app.store.userLogs.insert.bind(t.app.store.userLogs);
      let logsWritten = 0;
      const spy = vi.spyOn(t.app.store.userLogs, 'insert').mockImplementation(async (log) => {
        await original(log);
        logsWritten++;
        throw new Error('simulated failure after the user log was written');
      });
      let faulted: LightMyRequestResponse;
      try {
        faulted = await inject(route, call(), caller.token);
      } finally {
        spy.mockRestore();
      }
      expect(logsWritten).toBe(1);
      expect(faulted.statusCode).toBe(500);
      expect(faulted.json()).toEqual({ error: 'internal server error' });
      expect(changedTables(tables, snapshot(db))).toEqual([]);
      expect(dataVersion(db)).toBe(version);

      // The real call: one log, by the caller, at the server's time, naming what and (for edits) before/after.
      let response: LightMyRequestResponse | undefined;
      const logs = await newLogs(async () => {
        response = await inject(route, call(), caller.token);
      });
      expect(response!.statusCode, response!.body).toBe(['POST /api/logout', 'DELETE /api/alerts/silences/:id'].includes(routeKey(route)) ? 204 : 200);
      if (routeKey(route) === 'POST /api/txs/sell') produced.sell = response!.json<{ tradeId: string }>().tradeId;
      expect(logs).toHaveLength(1);
      const [log] = logs as [UserLog];
      expect(log.user).toBe(caller.name);
      expect(log.time).toBe(t.clock.now());
      expect(log.action).toMatch(/^[a-z][A-Za-z.]+$/);
      const details = log.details as Record<string, unknown>;
      expect(Object.keys(details).length).toBeGreaterThan(0);
      if (route.method === 'PUT') expect(Object.keys(details)).toEqual(expect.arrayContaining(['before', 'after']));
      if (route.method === 'DELETE') expect(details).toHaveProperty('before');
      expect(integrityCheck(db)).toBe('ok');
    },
  );

  it('a change that fails half-way (after its first write) leaves nothing and writes no log', async () => {
    await t.app.inject({ method: 'POST', url: '/api/tokens', headers: { 'x-api-key': t.adminToken }, payload: { tokenName: 'HALF', networkData: {} } });
    await t.app.inject({ method: 'PUT', url: '/api/txs/pins', headers: { 'x-api-key': t.adminToken }, payload: { pins: ['HALF'] } });
    const tables = snapshot(db);
    // Deleting a pinned token deletes it, then unpins it; the unpinning fails.
    let failed = 0;
    const spy = vi.spyOn(t.app.store.settings, 'set').mockImplementation(() => {
      failed++;
      return Promise.reject(new Error('simulated failure'));
    });
    const response = await t.app.inject({ method: 'DELETE', url: '/api/tokens/HALF', headers: { 'x-api-key': t.adminToken } });
    spy.mockRestore();
    expect(failed).toBe(1);
    expect(response.statusCode).toBe(500);
    expect(changedTables(tables, snapshot(db))).toEqual([]);
    expect(await t.app.store.tokens.get('HALF')).toBeDefined();
  });
});

describe('The user log (protocol), the audit trail: user logs cannot be edited or deleted through the API', () => {
  it('the only route under /api/logs is the read POST /api/logs/more', () => {
    const logRoutes = registeredRoutes(t.app).filter((route) => /log/i.test(route.url) && !['/api/login', '/api/logout'].includes(route.url));
    expect(logRoutes.map(routeKey)).toEqual(['POST /api/logs/more']);
  });

  it('generated PUT, PATCH, DELETE and POST on /api/logs paths: 404 or 405 (or a read of /logs/more), and no row changes', async () => {
    const logs = await t.app.store.userLogs.list({ limit: 5 });
    const id = fc.constantFrom(...logs.map((log) => log.id), 'more', '1', '__proto__', '..');
    const path = fc.oneof(
      fc.constantFrom('/api/logs', '/api/logs/', '/api/logs/more', '/api/user-logs', '/api/userLogs', '/api/logs/more/1'),
      id.map((value) => `/api/logs/${encodeURIComponent(value)}`),
      id.map((value) => `/api/logs/more/${encodeURIComponent(value)}`),
    );
    const body = fc.oneof(
      fc.constant(undefined),
      fc.record({ id, action: fc.string(), details: fc.string() }),
      fc.record({ limit: fc.integer({ min: 1, max: 500 }), before: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('PUT', 'PATCH', 'DELETE', 'POST'), path, body, async (method, url, payload) => {
        const version = dataVersion(db);
        const response = await t.app.inject({
          method: method as 'POST',
          url,
          headers: { 'x-api-key': t.adminToken },
          ...(payload === undefined ? {} : { payload }),
        });
        const isRead = method === 'POST' && (url === '/api/logs/more' || url === '/api/logs/more/');
        if (isRead) expect([200, 400]).toContain(response.statusCode);
        else expect([404, 405], `${method} ${url}`).toContain(response.statusCode);
        expect(dataVersion(db)).toBe(version);
      }),
      { numRuns: 300 },
    );
  });
});
