/**
 * A readable audit trail (docs/protocol.md "The user log"): every mutation writes its user log with
 * structured details (src/contract/userLogs.ts USER_LOG_DETAILS), what a sentence needs: which
 * setting and its old and new value, the command and where it went, the service restarted, the
 * record changed and only its changed fields, the trade and tx of an operation. POST /logs/more
 * filters by time too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogsMoreResponse, type UserLog } from '../../src/contract/index.ts';
import { USER_LOG_DETAILS } from '../../src/contract/userLogDetails.ts';
import { scalingTarget } from '../../src/config/enums.ts';
import { userLogSentence } from '../../src/domain/userLogText.ts';
import { fieldsOf, logsWrittenBy, makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ demoTxs: 20 });
});
afterAll(() => t.app.close());

function call(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = t.adminToken) {
  return t.app.inject({ method, url, headers: { 'x-api-key': token }, ...(payload ? { payload } : {}) });
}

/** The one log a call writes (the call must succeed). */
async function logOf(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<UserLog> {
  let status = 0;
  let body = '';
  const logs = await logsWrittenBy(t.app, async () => {
    const response = await call(method, url, payload);
    status = response.statusCode;
    body = response.body;
  });
  expect(status, body).toBeLessThan(300);
  expect(logs).toHaveLength(1);
  const [log] = logs as [UserLog];
  // Whatever the action, its details have the shape the console reads.
  const schema = USER_LOG_DETAILS[log.action as keyof typeof USER_LOG_DETAILS];
  expect(schema, `a details shape for ${log.action}`).toBeDefined();
  expect(schema.safeParse(log.details).success, JSON.stringify(log.details)).toBe(true);
  return log;
}

describe('The user log (protocol): each kind of mutation writes structured details', () => {
  it('PUT /settings/misc sellOnly: which setting, from and to; it reads "admin turned Sell Only on"', async () => {
    await call('PUT', '/api/settings/misc', { updates: { sellOnly: false } });
    const log = await logOf('PUT', '/api/settings/misc', { updates: { sellOnly: true } });
    expect(log.details).toMatchObject({ setting: 'sellOnly', from: false, to: true });
    expect(userLogSentence(log)).toBe('admin turned Sell Only on');
    const off = await logOf('PUT', '/api/settings/misc', { updates: { sellOnly: false } });
    expect(off.details).toMatchObject({ setting: 'sellOnly', from: true, to: false });
  });

  it('a token update names only the changed fields, by path (networkData.Base.decimals); the whole token stays in before/after', async () => {
    const created = await logOf('POST', '/api/tokens', {
      tokenName: 'LOGTOK',
      networkData: { Base: { address: '0x1111111111111111111111111111111111111111', decimals: 6 }, Ethereum: { address: '0x2222222222222222222222222222222222222222', decimals: 6 } },
    });
    expect(created.details).toMatchObject({ name: 'LOGTOK' });
    expect(userLogSentence(created)).toBe('admin created token LOGTOK');
    const log = await logOf('PUT', '/api/tokens/LOGTOK', {
      tokenName: 'LOGTOK',
      networkData: { Base: { address: '0x1111111111111111111111111111111111111111', decimals: 18 }, Ethereum: { address: '0x2222222222222222222222222222222222222222', decimals: 6 } },
      version: 1,
    });
    expect(log.details).toMatchObject({ name: 'LOGTOK', changes: [{ path: 'networkData.Base.decimals', from: 6, to: 18 }] });
    expect(log.details).toMatchObject({ before: { version: 1, networkData: { Base: { decimals: 6 } } }, after: { version: 2, networkData: { Base: { decimals: 18 } } } });
    expect(userLogSentence(log)).toBe('admin changed token LOGTOK: decimals on Base 6 → 18');
    const deleted = await logOf('DELETE', '/api/tokens/LOGTOK');
    expect(deleted.details).toMatchObject({ name: 'LOGTOK' });
    expect(userLogSentence(deleted)).toBe('admin deleted token LOGTOK');
  });

  it('a bridge and a config update: the changed fields only', async () => {
    await logOf('POST', '/api/bridges', { bridgeName: 'log-bridge', kind: 'CCIP', networks: ['Ethereum', 'Base'] });
    const bridge = await logOf('PUT', '/api/bridges/log-bridge', { bridgeName: 'log-bridge', kind: 'CCIP', networks: ['Ethereum', 'Base'], enabled: false, version: 1 });
    expect(bridge.details).toMatchObject({ name: 'log-bridge', changes: [{ path: 'enabled', to: false }] });
    const worker = await t.app.store.configs.get('worker');
    if (!worker) throw new Error('no worker config');
    const [key] = Object.keys(worker.data);
    if (key === undefined) throw new Error('the worker config is empty');
    const config = await logOf('PUT', '/api/configs/worker', { version: worker.version, data: { ...worker.data, logProbe: 7 } });
    expect(config.details).toMatchObject({ name: 'worker', changes: [{ path: 'data.logProbe', to: 7 }] });
    expect(userLogSentence(config)).toBe('admin changed config worker: logProbe added 7');
  });

  it('POST /command: to and cmd; a service restart: the service, scaling or not, deployment and namespace', async () => {
    const command = await logOf('POST', '/api/command', { to: 'worker', cmd: 'saveStats' });
    expect(command.details).toEqual({ to: 'worker', cmd: 'saveStats' });
    expect(userLogSentence(command)).toBe('admin sent saveStats to worker');
    const scaling = await logOf('POST', '/api/services/worker/restart/scaling', scalingTarget('worker'));
    expect(scaling.details).toEqual({ service: 'worker', scaling: true, deploymentName: 'worker', namespace: 'worker' });
    expect(userLogSentence(scaling)).toBe('admin restarted worker (scaling: deployment worker in namespace worker)');
    const plain = await logOf('POST', '/api/services/brain/restart');
    expect(userLogSentence(plain)).toBe('admin restarted brain');
  });

  it('workers start and stop, cache clear, pins and cloud groups', async () => {
    expect(userLogSentence(await logOf('POST', '/api/workers/start'))).toBe('admin started the workers');
    expect(userLogSentence(await logOf('POST', '/api/workers/stop'))).toBe('admin stopped the workers');
    expect((await logOf('POST', '/api/settings/cache/results/clear')).details).toMatchObject({ cleared: expect.any(Number) });
    await call('PUT', '/api/txs/pins', { pins: [] });
    const pins = await logOf('PUT', '/api/txs/pins', { pins: ['USDC'] });
    expect(pins.details).toMatchObject({ pins: ['USDC'], added: ['USDC'], removed: [] });
    const groups = await logOf('PUT', '/api/aws/groups', { groups: [{ name: 'log-group', region: 'eu-west-1', desired: 1, running: 1 }] });
    expect(groups.details).toMatchObject({ added: ['log-group'] });
    expect(userLogSentence(await logOf('POST', '/api/aws/restart', { group: 'log-group' }))).toBe('admin restarted cloud group log-group');
  });

  it('tx operations name the trade and the tx they queued', async () => {
    const leg = (await t.app.store.txs.list({ filter: {}, sort: 'createdAt', order: 'DESC', offset: 0, limit: 50 })).data.find((tx) => tx.tradeId !== null);
    if (!leg?.tradeId) throw new Error('no trade leg in the demo txs');
    const refund = await logOf('POST', '/api/txs/refund', { tradeId: leg.tradeId, reason: 'stuck' });
    const details = refund.details as { txId: string; tradeId: string };
    expect(details.tradeId).toBe(leg.tradeId);
    expect(await t.app.store.txs.get(details.txId)).toMatchObject({ method: 'refund' });
    expect(userLogSentence(refund)).toBe(`admin refunded trade ${leg.tradeId} (tx ${details.txId}): stuck`);
    const nonce = await logOf('POST', '/api/txs/unlock-nonce', { network: 'Ethereum', nonce: 3 });
    expect(nonce.details).toMatchObject({ network: 'Ethereum', nonce: 3, txId: expect.any(String) });
  });
});

describe('The user log (protocol): POST /logs/more filters by time (from/to, ms, both included), bounded', () => {
  it('from/to bound the entries and the total; a range that is reversed or out of bounds is refused with 400', async () => {
    const first = t.clock.now() + 60_000;
    t.clock.advance(60_000);
    await call('POST', '/api/workers/start');
    t.clock.advance(60_000);
    await call('POST', '/api/workers/stop');
    const both = LogsMoreResponse.parse((await call('POST', '/api/logs/more', { from: first })).json());
    expect(both.data.map((log) => log.action)).toEqual(['workers.stop', 'workers.start']);
    expect(both.total).toBe(2);
    const one = LogsMoreResponse.parse((await call('POST', '/api/logs/more', { from: first, to: first, action: 'workers' })).json());
    expect(one.data.map((log) => log.action)).toEqual(['workers.start']);
    expect(one.total).toBe(1);
    for (const body of [{ from: 10, to: 5 }, { from: -1 }, { to: 1.5 }, { from: 'yesterday' }]) {
      const refused = await call('POST', '/api/logs/more', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(refused).length).toBeGreaterThan(0);
    }
  });
});
