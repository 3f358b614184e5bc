import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES, WORKER_COMMANDS, scalingTarget } from '../../src/config/enums.ts';
import { BrainState, UserLog } from '../../src/contract/index.ts';
import { json, makeApp, type TestApp } from './helpers.ts';

// One app for the file (building one hashes two access keys); tests look only at what they change.
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.app.close());

function call(method: 'POST' | 'PUT', url: string, payload?: object, token = t.operatorToken) {
  return t.app.inject({ method, url, headers: { 'x-api-key': token }, ...(payload ? { payload } : {}) });
}

function fields(response: { json: () => unknown }): string[] {
  const body = response.json() as { details?: { field: string }[] };
  return (body.details ?? []).map((d) => d.field).sort();
}

async function logs(): Promise<UserLog[]> {
  return t.app.store.userLogs.list({ limit: 1000 });
}

/** Runs the calls and returns the user logs they wrote, oldest first. */
async function logsWrittenBy(calls: () => Promise<unknown>): Promise<UserLog[]> {
  const before = (await logs()).length;
  await calls();
  const all = await logs();
  return all.slice(0, all.length - before).reverse();
}

describe('§2 worker controls: POST /api/workers/start and /stop', () => {
  it('§4 start then stop round-trips workersRunning, persists it and logs both with before/after', async () => {
    const [startLog, stopLog] = await logsWrittenBy(async () => {
      const started = await call('POST', '/api/workers/start');
      expect(started.statusCode).toBe(200);
      const body = json(started);
      expect(body.ok).toBe(true);
      expect(BrainState.parse(body.brainState)).toMatchObject({ workersRunning: true, workersStartedBy: 'operator' });
      expect(await t.app.store.settings.get('brainState')).toMatchObject({ workersRunning: true });

      const stopped = await call('POST', '/api/workers/stop', undefined, t.adminToken);
      expect(stopped.statusCode).toBe(200);
      expect(json(stopped).brainState).toMatchObject({ workersRunning: false });
      expect(await t.app.store.settings.get('brainState')).toMatchObject({ workersRunning: false });
    });
    expect(startLog).toMatchObject({
      user: 'operator',
      action: 'workers.start',
      details: { before: { workersRunning: false }, after: { workersRunning: true, workersStartedBy: 'operator' } },
    });
    expect(stopLog).toMatchObject({ user: 'admin', action: 'workers.stop', details: { after: { workersRunning: false } } });
  });

  it('accepts the console\'s bodyless JSON call (content-type set, empty body)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/workers/start',
      headers: { 'x-api-key': t.operatorToken, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('§2 Sell Only: PUT /api/settings/misc', () => {
  it('persists sellOnly, keeps other misc settings and logs the change', async () => {
    const written = await logsWrittenBy(async () => {
      const on = await call('PUT', '/api/settings/misc', { updates: { sellOnly: true } });
      expect(on.statusCode).toBe(200);
      expect(json(on)).toEqual({ ok: true, miscSettings: { sellOnly: true, tradeMode: 'auto' } });
      expect(await t.app.store.settings.get('miscSettings')).toEqual({ sellOnly: true, tradeMode: 'auto' });
      const off = await call('PUT', '/api/settings/misc', { updates: { sellOnly: false } });
      expect(json(off)).toEqual({ ok: true, miscSettings: { sellOnly: false, tradeMode: 'auto' } });
    });
    expect(written).toMatchObject([
      { action: 'settings.misc', details: { before: { sellOnly: false }, after: { sellOnly: true } } },
      { action: 'settings.misc', details: { before: { sellOnly: true }, after: { sellOnly: false } } },
    ]);
  });

  it('400 names the field for a wrong type, and refuses other misc settings', async () => {
    const stored = await t.app.store.settings.get('miscSettings');
    const written = await logsWrittenBy(async () => {
      const wrongType = await call('PUT', '/api/settings/misc', { updates: { sellOnly: 'yes' } });
      expect(wrongType.statusCode).toBe(400);
      expect(json(wrongType).error).toBe('invalid request');
      expect(fields(wrongType)).toEqual(['updates.sellOnly']);
      const other = await call('PUT', '/api/settings/misc', { updates: { sellOnly: true, tradeMode: 'force' } });
      expect(other.statusCode).toBe(400);
    });
    expect(written).toEqual([]);
    expect(await t.app.store.settings.get('miscSettings')).toEqual(stored);
  });
});

describe('§7 POST /api/command {to, cmd}', () => {
  it.each(WORKER_COMMANDS)('accepts the worker command %s and logs it', async (cmd) => {
    const written = await logsWrittenBy(async () => {
      const response = await call('POST', '/api/command', { to: 'worker', cmd });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    });
    expect(written).toMatchObject([{ user: 'operator', action: 'command', details: { to: 'worker', cmd } }]);
  });

  it('400 naming the fields for an unknown worker command, an unknown target, or nothing', async () => {
    const written = await logsWrittenBy(async () => {
      const badCmd = await call('POST', '/api/command', { to: 'worker', cmd: 'rm -rf /' });
      expect(badCmd.statusCode).toBe(400);
      expect(fields(badCmd)).toEqual(['cmd']);
      const badTarget = await call('POST', '/api/command', { to: 'nobody', cmd: 'saveStats' });
      expect(fields(badTarget)).toEqual(['to']);
      const empty = await call('POST', '/api/command', {});
      expect(fields(empty)).toEqual(['cmd', 'to']);
    });
    expect(written).toEqual([]);
  });
});

describe('§7 service restarts', () => {
  it.each(SERVICES)('POST /api/services/%s/restart restarts and logs it', async (service) => {
    const written = await logsWrittenBy(async () => {
      expect((await call('POST', `/api/services/${service}/restart`)).statusCode).toBe(200);
    });
    expect(written).toMatchObject([{ action: 'service.restart', details: { service } }]);
  });

  it('an unknown service is refused 400 naming params.service', async () => {
    const response = await call('POST', '/api/services/database/restart');
    expect(response.statusCode).toBe(400);
    expect(json(response).details).toEqual([expect.objectContaining({ in: 'params', field: 'service' })]);
  });

  it('§7 scaling: worker -> worker/worker, transactions -> tx-core/core, others -> <service>/core', () => {
    expect(scalingTarget('worker')).toEqual({ deploymentName: 'worker', namespace: 'worker' });
    expect(scalingTarget('transactions')).toEqual({ deploymentName: 'tx-core', namespace: 'core' });
    expect(scalingTarget('brain')).toEqual({ deploymentName: 'brain', namespace: 'core' });
  });

  it.each(SERVICES)('§7 POST /api/services/%s/restart/scaling accepts only its own deployment and namespace', async (service) => {
    const url = `/api/services/${service}/restart/scaling`;
    const target = scalingTarget(service);
    expect((await call('POST', url, target)).statusCode).toBe(200);

    const wrongNamespace = await call('POST', url, { ...target, namespace: service === 'worker' ? 'core' : 'worker' });
    expect(wrongNamespace.statusCode).toBe(400);
    expect(fields(wrongNamespace)).toEqual(['namespace']);
    const wrongBoth = await call('POST', url, { deploymentName: 'something-else', namespace: 'default' });
    expect(fields(wrongBoth)).toEqual(['deploymentName', 'namespace']);
    const missing = await call('POST', url, {});
    expect(fields(missing)).toEqual(['deploymentName', 'namespace']);
  });

  it('transactions scales tx-core, not a deployment named after the service', async () => {
    const response = await call('POST', '/api/services/transactions/restart/scaling', {
      deploymentName: 'transactions',
      namespace: 'core',
    });
    expect(response.statusCode).toBe(400);
    expect(fields(response)).toEqual(['deploymentName']);
  });
});

describe('§7 POST /api/txs/peers/:peer/restart', () => {
  it('restarts a peer the brain state reports, from either peer table', async () => {
    const written = await logsWrittenBy(async () => {
      for (const peer of ['tx-eu-1', 'zmq-us-1']) {
        expect((await call('POST', `/api/txs/peers/${peer}/restart`)).statusCode).toBe(200);
      }
    });
    expect(written.map((l) => [l.action, l.details])).toEqual([
      ['peer.restart', { peer: 'tx-eu-1' }],
      ['peer.restart', { peer: 'zmq-us-1' }],
    ]);
  });

  it('404 for an unknown peer, with nothing logged', async () => {
    const written = await logsWrittenBy(async () => {
      for (const peer of ['nope', 'constructor', '__proto__']) {
        const response = await call('POST', `/api/txs/peers/${peer}/restart`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'unknown peer' });
      }
    });
    expect(written).toEqual([]);
  });
});

describe('Errors (protocol)', () => {
  it('a 500 never leaks the cause', async () => {
    const own = await makeApp();
    // A real route whose store fails (every route needs a permission entry, so none is made up here).
    own.app.store.configs.list = () => Promise.reject(new Error('secret database detail'));
    const response = await own.app.inject({ method: 'GET', url: '/api/configs', headers: { 'x-api-key': own.adminToken } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'internal server error' });
    expect(response.body).not.toContain('secret');
    await own.app.close();
  });
});
