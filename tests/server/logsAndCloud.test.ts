/**
 * User logs (§7 POST /logs/more), cloud groups (PUT /aws/groups, POST /aws/restart) and the
 * results cache (POST /settings/cache/results/clear). 401/403: permissions.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AwsGroup, LogsMoreResponse, UserLog } from '../../src/contract/index.ts';
import { PERMISSIONS } from '../../server/src/auth/permissions.ts';
import { broadcastsDuring, fieldsOf, json, logsWrittenBy, makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.app.close());

function call(method: 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, payload?: object, token = t.adminToken) {
  return t.app.inject({ method, url, headers: { 'x-api-key': token }, ...(payload ? { payload } : {}) });
}

describe('§7 POST /api/logs/more', () => {
  beforeAll(async () => {
    // 30 logs a second apart: 20 by the admin (workers), 10 by the operator (sell only).
    for (let i = 0; i < 30; i++) {
      t.clock.advance(1000);
      if (i % 3 === 2) await call('PUT', '/api/settings/misc', { updates: { sellOnly: i % 2 === 0 } }, t.operatorToken);
      else await call('POST', i % 2 === 0 ? '/api/workers/start' : '/api/workers/stop');
    }
  });

  it('newest first, limit, and `before` for the next older page; total counts every match', async () => {
    const first = LogsMoreResponse.parse(json(await call('POST', '/api/logs/more', { limit: 10 })));
    expect(first.total).toBe(30);
    expect(first.data).toHaveLength(10);
    const times = first.data.map((log) => log.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const older = LogsMoreResponse.parse(json(await call('POST', '/api/logs/more', { before: times.at(-1), limit: 500 })));
    expect(older.data).toHaveLength(20);
    expect(older.data.every((log) => log.time < times.at(-1)!)).toBe(true);
    const bodyless = await t.app.inject({ method: 'POST', url: '/api/logs/more', headers: { 'x-api-key': t.adminToken, 'content-type': 'application/json' } });
    expect(LogsMoreResponse.parse(bodyless.json()).data).toHaveLength(30);
  });

  it('filters by user exactly and by action exactly or as a dotted prefix', async () => {
    const byUser = LogsMoreResponse.parse(json(await call('POST', '/api/logs/more', { user: 'operator' })));
    expect(byUser.total).toBe(10);
    expect(byUser.data.every((log) => log.user === 'operator')).toBe(true);
    const workers = LogsMoreResponse.parse(json(await call('POST', '/api/logs/more', { action: 'workers' })));
    expect(workers.total).toBe(20);
    expect(new Set(workers.data.map((log) => log.action))).toEqual(new Set(['workers.start', 'workers.stop']));
    const starts = LogsMoreResponse.parse(json(await call('POST', '/api/logs/more', { action: 'workers.start', user: 'admin' })));
    expect(starts.total).toBe(10);
    expect(LogsMoreResponse.parse(json(await call('POST', '/api/logs/more', { action: 'work' }))).total).toBe(0);
  });

  it('400 naming bad fields; reading logs writes none', async () => {
    const logs = await logsWrittenBy(t.app, async () => {
      const bad = await call('POST', '/api/logs/more', { limit: 501, before: 'yesterday', order: 'ASC' });
      expect(bad.statusCode).toBe(400);
      expect(fieldsOf(bad)).toEqual(['before', 'limit', 'order']);
      expect((await call('POST', '/api/logs/more', { limit: 1 })).statusCode).toBe(200);
    });
    expect(logs).toEqual([]);
  });

  it('user logs cannot be edited or deleted through the API: no route does it', async () => {
    expect(PERMISSIONS.filter((p) => p.url.includes('/logs') && p.method !== 'POST')).toEqual([]);
    const [log] = await t.app.store.userLogs.list({ limit: 1 });
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const response = await call(method, `/api/logs/${UserLog.parse(log).id}`, {});
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('§7 PUT /api/aws/groups and POST /api/aws/restart', () => {
  const groups = [
    { name: 'workers-eu-central-1', region: 'eu-central-1', instanceType: 'c7i.2xlarge', desired: 3, running: 2 },
    { name: 'workers-ap-southeast-1', region: 'ap-southeast-1', desired: 1 },
  ];

  it('replaces the groups, persists them, broadcasts cloudUpdateDone and logs before/after', async () => {
    const before = await t.app.store.settings.get('awsGroups');
    const logs = await logsWrittenBy(t.app, async () => {
      const events = await broadcastsDuring(t.app, async () => {
        const response = await call('PUT', '/api/aws/groups', { groups });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ ok: true, groups });
      });
      expect(events.find((e) => e.event === 'cloudUpdateDone')?.payload).toEqual(groups);
    });
    expect(await t.app.store.settings.get('awsGroups')).toEqual(groups.map((g) => AwsGroup.parse(g)));
    expect(logs).toMatchObject([{ action: 'aws.groups', details: { before, after: groups } }]);
  });

  it('400 naming bad groups: a name twice, a bad region, a negative count', async () => {
    const response = await call('PUT', '/api/aws/groups', {
      groups: [{ name: 'a', region: 'Frankfurt' }, { name: 'b', desired: -1 }],
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(['groups.0.region', 'groups.1.desired']);
    expect(fieldsOf(await call('PUT', '/api/aws/groups', { groups: [{ name: 'a' }, { name: 'a' }] }))).toEqual(['groups.1']);
    expect(fieldsOf(await call('PUT', '/api/aws/groups', {}))).toEqual(['groups']);
  });

  it('restart: {ok} with a log and a notice for a known group; 404 unknown; 400 without a group', async () => {
    const logs = await logsWrittenBy(t.app, async () => {
      const events = await broadcastsDuring(t.app, async () => {
        expect(json(await call('POST', '/api/aws/restart', { group: 'workers-ap-southeast-1' }))).toEqual({ ok: true });
      });
      expect(events.map((e) => e.event)).toEqual(['newUserLog', 'notify']);
    });
    expect(logs).toMatchObject([{ action: 'aws.restart', details: { group: 'workers-ap-southeast-1' } }]);
    expect((await call('POST', '/api/aws/restart', { group: 'nope' })).statusCode).toBe(404);
    expect(fieldsOf(await call('POST', '/api/aws/restart', {}))).toEqual(['group']);
  });
});

describe('§7 POST /api/settings/cache/results/clear', () => {
  it('takes every checker result still on screen down (checkerDeleteResults) and logs how many', async () => {
    t.app.hub.broadcast('checkerAddResults', { iterId: 'iter-1', profit: 1 });
    t.app.hub.broadcast('checkerAddResults', { iterId: 'iter-2', profit: 2 });
    t.app.hub.broadcast('checkerDeleteResults', { iterId: 'iter-1' });
    const logs = await logsWrittenBy(t.app, async () => {
      const events = await broadcastsDuring(t.app, async () => {
        expect(json(await call('POST', '/api/settings/cache/results/clear'))).toEqual({ ok: true });
      });
      expect(events.filter((e) => e.event === 'checkerDeleteResults').map((e) => e.payload)).toEqual([{ iterId: 'iter-2' }]);
    });
    expect(logs).toMatchObject([{ action: 'settings.cache.results.clear', details: { cleared: 1 } }]);
    expect(t.app.hub.openCheckerResults()).toEqual([]);
    expect(fieldsOf(await call('POST', '/api/settings/cache/results/clear', { all: true }))).toEqual(['all']);
  });
});
