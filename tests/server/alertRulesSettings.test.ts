/**
 * Alert rules for everyone: PUT /api/settings/misc {updates: {alertRules}} from an Admin only,
 * checked by the contract, kept in misc settings and sent to every console like sell only; and the
 * simulator's `balance` control the browser test pushes a low balance with.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_RULES_MAX } from '../../src/config/alerts.ts';
import type { AlertRule } from '../../src/contract/index.ts';
import { derivedRuleId } from '../../src/domain/alertRules.ts';
import { broadcastsDuring, fieldsOf, json, logsWrittenBy, makeApp, type TestApp } from './helpers.ts';

const RULES: AlertRule[] = [
  { kind: 'balanceBelow', network: 'Base', below: 0.5, unit: 'native' },
  { kind: 'balanceBelow', network: 'Ethereum', below: 2000, unit: 'usd' },
  { kind: 'gasAbove', network: 'Ethereum', above: 40 },
  { kind: 'blockStale', network: 'Arbitrum', seconds: 30 },
  { kind: 'healthNotGreen', seconds: 60 },
  { kind: 'noEvents', seconds: 20 },
];

/** docs/protocol.md "Alerts lifecycle": the server gives each rule without one an id, derived from its condition. */
const SAVED = RULES.map((rule) => ({ ...rule, id: derivedRuleId(rule) }));

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.app.close());

const put = (updates: unknown, token = t.adminToken) =>
  t.app.inject({ method: 'PUT', url: '/api/settings/misc', headers: { 'x-api-key': token }, payload: { updates } });

describe('PUT /api/settings/misc {updates: {alertRules}} (alert rules for everyone)', () => {
  it('§6 an Admin saves them: kept in misc settings beside sell only, broadcast as miscSettingsUpdateDone, logged with before and after', async () => {
    const before = await t.app.store.settings.get('miscSettings');
    let response: Awaited<ReturnType<typeof put>> | undefined;
    const logs = await logsWrittenBy(t.app, async () => {
      const sent = await broadcastsDuring(t.app, async () => {
        response = await put({ alertRules: RULES });
      });
      expect(sent.filter(({ event }) => event === 'miscSettingsUpdateDone')).toEqual([
        { event: 'miscSettingsUpdateDone', payload: { ...before, alertRules: SAVED } },
      ]);
    });
    expect(response?.statusCode).toBe(200);
    expect(json(response!)).toEqual({ ok: true, miscSettings: { ...before, alertRules: SAVED } });
    expect(await t.app.store.settings.get('miscSettings')).toEqual({ ...before, alertRules: SAVED });
    expect(logs).toMatchObject([{ user: 'admin', action: 'settings.misc', details: { before: {}, after: { alertRules: SAVED } } }]);

    // An id the Admin gave is kept, with the lifecycle's fields.
    const named = { kind: 'gasAbove', network: 'Base', above: 3, id: 'gas-base', severity: 'critical', forSeconds: 30, resolveSeconds: 120 };
    expect(json(await put({ alertRules: [named] })).miscSettings).toMatchObject({ alertRules: [named] });
    await put({ alertRules: RULES });

    // Sell only afterwards keeps the rules; an empty list clears them.
    expect(json(await put({ sellOnly: true }, t.operatorToken)).miscSettings).toMatchObject({ sellOnly: true, alertRules: SAVED });
    expect(json(await put({ alertRules: [] })).miscSettings).toMatchObject({ sellOnly: true, alertRules: [] });
    await put({ sellOnly: false });
  });

  it('§6 an Operator is refused 403 with the reason, even together with sell only: nothing changes, nothing is logged', async () => {
    const stored = await t.app.store.settings.get('miscSettings');
    const logs = await logsWrittenBy(t.app, async () => {
      for (const updates of [{ alertRules: RULES }, { sellOnly: true, alertRules: [] }]) {
        const refused = await put(updates, t.operatorToken);
        expect(refused.statusCode).toBe(403);
        expect(json(refused)).toEqual({ error: 'only an Admin may change the alert rules' });
      }
    });
    expect(logs).toEqual([]);
    expect(await t.app.store.settings.get('miscSettings')).toEqual(stored);
  });

  it.each([
    ['a threshold that is not above 0', { kind: 'balanceBelow', network: 'Base', below: 0, unit: 'native' }, 'updates.alertRules.0.below'],
    ['an unknown unit', { kind: 'balanceBelow', network: 'Base', below: 1, unit: 'EUR' }, 'updates.alertRules.0.unit'],
    ['an unknown network', { kind: 'gasAbove', network: 'Atlantis', above: 10 }, 'updates.alertRules.0.network'],
    ['seconds that are not whole', { kind: 'blockStale', network: 'Base', seconds: 1.5 }, 'updates.alertRules.0.seconds'],
    ['no events for 0 s', { kind: 'noEvents', seconds: 0 }, 'updates.alertRules.0.seconds'],
    ['a field of another kind', { kind: 'healthNotGreen', seconds: 10, network: 'Base' }, 'updates.alertRules.0.network'],
    ['an unknown kind', { kind: 'moonPhase', seconds: 10 }, 'updates.alertRules.0.kind'],
  ])('400 names the field of the rule that is wrong: %s', async (_what, rule, field) => {
    const stored = await t.app.store.settings.get('miscSettings');
    const refused = await put({ alertRules: [rule] });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).error).toBe('invalid request');
    expect(fieldsOf(refused)).toEqual([field]);
    expect(await t.app.store.settings.get('miscSettings')).toEqual(stored);
  });

  it('400 for more rules than a list holds, for a list that is not one, and for an update naming nothing', async () => {
    const many = Array.from({ length: ALERT_RULES_MAX + 1 }, () => RULES[0]);
    expect(fieldsOf(await put({ alertRules: many }))).toEqual(['updates.alertRules']);
    expect(fieldsOf(await put({ alertRules: 'Base below 1' }))).toEqual(['updates.alertRules']);
    const empty = await put({});
    expect(empty.statusCode).toBe(400);
    expect(json(empty).details).toEqual([{ in: 'body', field: 'updates', message: 'name sellOnly or alertRules' }]);
  });
});

describe('simulator control: balance (alert rules browser test)', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await makeApp({ sim: { enabled: true, seed: 11, rate: 1 } });
    s.app.sim?.pause();
  });
  afterAll(() => s.app.close());
  afterEach(async () => {
    await control({ action: 'balance', network: 'Base', balance: null });
  });

  const control = (body: object, token = s.adminToken) =>
    s.app.inject({ method: 'POST', url: '/api/sim/control', headers: { 'x-api-key': token }, payload: body });

  it('sends the held balance at once; null releases it; Admin only, simulated networks only', async () => {
    const sent = await broadcastsDuring(s.app, async () => {
      expect((await control({ action: 'balance', network: 'Base', balance: 0.01 })).statusCode).toBe(200);
      expect((await control({ action: 'balance', network: 'Base', balance: null })).statusCode).toBe(200);
    });
    expect(sent.filter(({ event }) => event === 'balance')).toEqual([{ event: 'balance', payload: { network: 'Base', balance: 0.01 } }]);
    expect((await control({ action: 'balance', network: 'Base', balance: 1 }, s.operatorToken)).statusCode).toBe(403);
    expect((await control({ action: 'balance', network: 'Atlantis', balance: 1 })).statusCode).toBe(400);
    expect((await control({ action: 'balance', network: 'Base', balance: -1 })).statusCode).toBe(400);
  });
});
