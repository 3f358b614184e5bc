/**
 * The simulator's `refuse` control (server/src/sim/refusals.ts): the reference server itself answers
 * the next requests to one method and path with a given status and `{ error }`, so browser tests
 * see the console handle a real refusal.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeApp, json, logsWrittenBy, type TestApp } from './helpers.ts';

const running: TestApp[] = [];
afterEach(async () => {
  for (const t of running.splice(0)) await t.app.close();
});

async function simApp(): Promise<TestApp> {
  const t = await makeApp({ sim: { enabled: true, seed: 1, rate: 1 } });
  running.push(t);
  t.app.sim?.pause();
  return t;
}

const control = (t: TestApp, body: object, token = t.adminToken) =>
  t.app.inject({ method: 'POST', url: '/api/sim/control', headers: { 'x-api-key': token }, payload: body });

const call = (t: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload: object = {}) =>
  t.app.inject({ method, url, headers: token === undefined ? {} : { 'x-api-key': token }, payload });

const START_REFUSED = { action: 'refuse', method: 'POST', path: '/api/workers/start', status: 503, error: 'worker service unavailable', times: 1 };

describe('simulator control: refuse', () => {
  it('the next matching request gets the status and {error}, changes nothing and logs nothing; the one after goes through', async () => {
    const t = await simApp();
    expect((await control(t, START_REFUSED)).statusCode).toBe(200);
    expect(t.app.refusals?.pending()).toEqual([{ method: 'POST', path: '/api/workers/start', status: 503, error: 'worker service unavailable', times: 1 }]);

    const logs = await logsWrittenBy(t.app, async () => {
      const refused = await call(t, 'POST', '/api/workers/start', t.operatorToken);
      expect(refused.statusCode).toBe(503);
      expect(json(refused)).toEqual({ error: 'worker service unavailable' });
    });
    expect(logs).toEqual([]);
    expect((await t.app.store.settings.get('brainState')).workersRunning).toBe(false);
    expect(t.app.refusals?.pending()).toEqual([]);

    const accepted = await call(t, 'POST', '/api/workers/start', t.operatorToken);
    expect(accepted.statusCode).toBe(200);
    expect((await t.app.store.settings.get('brainState')).workersRunning).toBe(true);
  });

  it('times counts the refusals; a 4xx is answered as given; other methods and paths are not touched', async () => {
    const t = await simApp();
    const path = '/api/services/worker/restart';
    await control(t, { action: 'refuse', method: 'POST', path, status: 409, error: 'a restart is already running', times: 2 });
    expect((await call(t, 'POST', '/api/services/noder/restart', t.adminToken)).statusCode).toBe(200);
    expect((await call(t, 'POST', `${path}/scaling`, t.adminToken, { deploymentName: 'worker', namespace: 'worker' })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const refused = await call(t, 'POST', path, t.adminToken);
      expect(refused.statusCode).toBe(409);
      expect(json(refused)).toEqual({ error: 'a restart is already running' });
    }
    expect((await call(t, 'POST', path, t.adminToken)).statusCode).toBe(200);
  });

  it('the path matches as the router reads it: a trailing slash, an escape or a query string still match', async () => {
    const t = await simApp();
    await control(t, { ...START_REFUSED, path: '/api/txs/peers/tx-eu-1/restart', times: 3 });
    for (const url of ['/api/txs/peers/tx-eu-1/restart/', '/api/txs/peers/tx%2Deu-1/restart', '/api/txs/peers/tx-eu-1/restart?x=1']) {
      expect((await call(t, 'POST', url, t.adminToken)).statusCode, url).toBe(503);
    }
    expect((await call(t, 'POST', '/api/txs/peers/tx-eu-1/restart', t.adminToken)).statusCode).toBe(200);
  });

  it('runs after authentication: a request without a session or without the role is refused by auth and does not use the refusal up', async () => {
    const t = await simApp();
    const manual = { network: 'Base', txType: 'TransferNative', tokenName: 'ETH', amount: 1 };
    await control(t, { action: 'refuse', method: 'POST', path: '/api/txs/manual', status: 500, error: 'tx service down', times: 1 });
    expect((await call(t, 'POST', '/api/txs/manual', undefined, manual)).statusCode).toBe(401);
    expect((await call(t, 'POST', '/api/txs/manual', t.operatorToken, manual)).statusCode).toBe(403);
    const refused = await call(t, 'POST', '/api/txs/manual', t.adminToken, manual);
    expect(refused.statusCode).toBe(500);
    expect(json(refused)).toEqual({ error: 'tx service down' });
  });

  it('times 0 withdraws a refusal not used up yet', async () => {
    const t = await simApp();
    await control(t, { ...START_REFUSED, times: 5 });
    await control(t, { ...START_REFUSED, times: 0 });
    expect(t.app.refusals?.pending()).toEqual([]);
    expect((await call(t, 'POST', '/api/workers/start', t.adminToken)).statusCode).toBe(200);
  });

  it('Admin only; the status must be an error status and the path an /api path', async () => {
    const t = await simApp();
    expect((await control(t, START_REFUSED, t.operatorToken)).statusCode).toBe(403);
    for (const wrong of [{ status: 200 }, { status: 600 }, { path: '/login' }, { error: '' }, { times: -1 }, { method: 'PATCH' }]) {
      expect((await control(t, { ...START_REFUSED, ...wrong })).statusCode, JSON.stringify(wrong)).toBe(400);
    }
    expect(t.app.refusals?.pending()).toEqual([]);
  });

  it('without the simulator there are no refusals and no control route', async () => {
    const t = await makeApp();
    running.push(t);
    expect(t.app.refusals).toBeNull();
    expect((await control(t, START_REFUSED)).statusCode).toBe(404);
  });
});
