/**
 * docs/protocol.md "Alerts lifecycle" on the reference server: alerts per rule and subject,
 * pending → firing → resolved with a resolve window, acknowledgements and silences from any
 * signed-in role (each in the user log, each broadcast), the list and one alert, and a flapping rule
 * paging once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert, Silence } from '../../src/contract/alerts.ts';
import { Alert as AlertSchema, AlertsResponse, Silence as SilenceSchema } from '../../src/contract/alerts.ts';
import type { AlertRule } from '../../src/contract/index.ts';
import { broadcastsDuring, json, logsWrittenBy, makeApp, TestClock, type TestApp } from './helpers.ts';
import { startReceiver, type Receiver } from './receiver.ts';

const RULE: AlertRule = { id: 'low-eth', kind: 'balanceBelow', network: 'Ethereum', below: 0.5, unit: 'native', severity: 'critical', resolveSeconds: 60 };

let t: TestApp;
let receiver: Receiver;
const T0 = Date.UTC(2026, 10, 28, 3, 0, 0);

const as = (token: string) => ({ 'x-api-key': token });
async function hold(balance: number | null) {
  const response = await t.app.inject({ method: 'POST', url: '/api/sim/control', headers: as(t.adminToken), payload: { action: 'balance', network: 'Ethereum', balance } });
  expect(response.statusCode).toBe(200);
}
async function evaluate() {
  t.app.alerts.evaluator.evaluate();
  await t.app.alerts.evaluator.settled();
  await t.app.alerts.dispatcher.idle();
}
const list = async (query = '', token = t.operatorToken) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/alerts${query}`, headers: as(token) });
  expect(response.statusCode).toBe(200);
  return AlertsResponse.parse(response.json()).data;
};
const firingMessages = () => receiver.received.filter((r) => (r.body as { status?: string }).status === 'firing');

beforeAll(async () => {
  receiver = await startReceiver();
  t = await makeApp({ sim: { enabled: true, seed: 8, rate: 1 }, alerts: { evaluateEveryMs: 0, publicUrl: 'https://console.example' } }, new TestClock(T0));
  t.app.sim?.pause();
  await t.app.inject({ method: 'PUT', url: '/api/alerts/destinations', headers: as(t.adminToken), payload: { destinations: [{ id: 'hook', name: 'Hook', kind: 'webhook', enabled: true, url: `${receiver.url}/hook` }] } });
  const saved = await t.app.inject({ method: 'PUT', url: '/api/settings/misc', headers: as(t.adminToken), payload: { updates: { alertRules: [RULE] } } });
  expect(saved.statusCode).toBe(200);
});
afterAll(async () => {
  await t.app.close();
  await receiver.close();
});

describe('docs/protocol.md "Alerts lifecycle" on the reference server', () => {
  let alert: Alert;

  it('a rule that holds fires one alert for its subject, broadcast as alertChanged, with a message linking to the alert', async () => {
    await hold(0.2);
    const sent = await broadcastsDuring(t.app, evaluate);
    const changed = sent.filter((b) => b.event === 'alertChanged').map((b) => AlertSchema.parse(b.payload));
    expect(changed.map((a) => a.state)).toEqual(['firing']);
    alert = changed[0]!;
    expect(alert).toMatchObject({ ruleId: 'low-eth', severity: 'critical', subject: { type: 'network', name: 'Ethereum' }, text: 'Ethereum balance 0.20 ETH is below 0.50 ETH', value: 0.2, threshold: 0.5 });
    await receiver.waitFor('/hook', 1);
    expect(receiver.received[0]?.body).toMatchObject({
      status: 'firing',
      alertId: alert.id,
      text: `FIRING (critical): Ethereum balance 0.20 ETH is below 0.50 ETH, since 03:00 UTC https://console.example/alerts/${alert.id}`,
    });
    expect(await list('?state=active')).toEqual([alert]);
    const one = await t.app.inject({ method: 'GET', url: `/api/alerts/${alert.id}`, headers: as(t.operatorToken) });
    expect(json(one)).toEqual(alert);
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts/nope', headers: as(t.operatorToken) })).statusCode).toBe(404);
  });

  it('an Operator acknowledges it with a comment: who and when on the alert, in its history and in the user log', async () => {
    let answer: Record<string, unknown> = {};
    const logs = await logsWrittenBy(t.app, async () => {
      const response = await t.app.inject({ method: 'POST', url: `/api/alerts/${alert.id}/ack`, headers: as(t.operatorToken), payload: { comment: 'topping up' } });
      expect(response.statusCode).toBe(200);
      answer = json(response);
    });
    expect(answer).toMatchObject({ ack: { by: 'operator', at: T0, comment: 'topping up' } });
    expect((answer as Alert).history.at(-1)).toEqual({ at: T0, event: 'acknowledged', by: 'operator' });
    expect(logs).toMatchObject([{ user: 'operator', action: 'alerts.ack', details: { alertId: alert.id, comment: 'topping up' } }]);
    expect((await t.app.inject({ method: 'POST', url: `/api/alerts/${alert.id}/ack`, headers: as(t.operatorToken), payload: { comment: 'x'.repeat(501) } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/alerts/nope/ack', headers: as(t.operatorToken), payload: {} })).statusCode).toBe(404);
  });

  it('flapping inside resolveSeconds is the same alert reopened: one firing message, and resolved only after the window', async () => {
    t.clock.advance(60_000);
    await hold(3);
    await evaluate();
    expect((await list('?state=active')).length).toBe(0);
    t.clock.advance(6_000);
    await hold(0.3);
    await evaluate();
    const [reopened] = await list('?state=active');
    expect(reopened?.id).toBe(alert.id);
    expect(reopened?.history.map((h) => h.event)).toEqual(['pending', 'firing', 'acknowledged', 'resolved', 'reopened']);
    expect(firingMessages()).toHaveLength(1);
    await hold(3);
    await evaluate();
    t.clock.advance(61_000);
    await evaluate();
    await receiver.waitFor('/hook', 2);
    expect(receiver.received.map((r) => (r.body as { status: string }).status)).toEqual(['firing', 'resolved']);
    // Resolved: an acknowledgement is refused 409; it is history now.
    expect((await t.app.inject({ method: 'POST', url: `/api/alerts/${alert.id}/ack`, headers: as(t.operatorToken), payload: {} })).statusCode).toBe(409);
    expect((await list()).map((a) => [a.id, a.state])).toEqual([[alert.id, 'resolved']]);
  });

  it('a silence covers the rule: the next alert changes state and shows silenced, but nothing is sent; ending it is logged', async () => {
    let silence: Silence | undefined;
    const sent = await broadcastsDuring(t.app, async () => {
      const logs = await logsWrittenBy(t.app, async () => {
        const response = await t.app.inject({
          method: 'POST', url: '/api/alerts/silences', headers: as(t.operatorToken),
          payload: { ruleId: 'low-eth', until: t.clock.now() + 3_600_000, reason: 'wallet being refilled' },
        });
        expect(response.statusCode).toBe(200);
        silence = SilenceSchema.parse(response.json());
      });
      expect(logs).toMatchObject([{ user: 'operator', action: 'alerts.silence', details: { reason: 'wallet being refilled' } }]);
    });
    expect(sent.filter((b) => b.event === 'silencesChanged').map((b) => b.payload)).toEqual([{ data: [silence] }]);
    const listed = await t.app.inject({ method: 'GET', url: '/api/alerts/silences', headers: as(t.operatorToken) });
    expect(json(listed)).toEqual({ data: [silence] });

    const before = receiver.received.length;
    await hold(0.1);
    await evaluate();
    const [silenced] = await list('?state=active');
    expect(silenced).toMatchObject({ state: 'firing', silenceId: silence?.id });
    expect(receiver.received).toHaveLength(before);

    const ended = await logsWrittenBy(t.app, async () => {
      const response = await t.app.inject({ method: 'DELETE', url: `/api/alerts/silences/${silence?.id}`, headers: as(t.operatorToken) });
      expect(response.statusCode).toBe(204);
    });
    expect(ended).toMatchObject([{ action: 'alerts.unsilence' }]);
    // Still firing and never announced: announced now.
    await t.app.alerts.evaluator.settled();
    await receiver.waitFor('/hook', before + 1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/alerts/silences/${silence?.id}`, headers: as(t.operatorToken) })).statusCode).toBe(404);
    await hold(null);
  });

  it('a silence needs a reason, a rule or a subject, and an end in the next 7 days (400 naming the field)', async () => {
    const now = t.clock.now();
    const cases: [Record<string, unknown>, string][] = [
      [{ ruleId: 'low-eth', until: now + 60_000, reason: ' ' }, 'reason'],
      [{ until: now + 60_000, reason: 'r' }, 'ruleId'],
      [{ ruleId: 'low-eth', until: now - 1, reason: 'r' }, 'until'],
      [{ ruleId: 'low-eth', until: now + 8 * 86_400_000, reason: 'r' }, 'until'],
      [{ subject: { type: 'planet' }, until: now + 60_000, reason: 'r' }, 'subject.type'],
    ];
    for (const [payload, field] of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/api/alerts/silences', headers: as(t.operatorToken), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ details: { field: string }[] }>().details.map((d) => d.field)).toContain(field);
    }
  });

  it('GET /alerts: 400 on a bad query; signed out 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts?state=maybe', headers: as(t.operatorToken) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts?limit=501', headers: as(t.operatorToken) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts?from=10&to=5', headers: as(t.operatorToken) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts' })).statusCode).toBe(401);
  });
});
