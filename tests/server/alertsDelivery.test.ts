/**
 * Alerts delivered away from the screen (docs/protocol.md "Alerts delivery"): the reference server
 * evaluates the shared rules with nobody signed in and delivers to a webhook, Slack and Telegram (a
 * local receiver stands in for all three), retries what may pass, keeps what fired over a restart,
 * and never shows a secret.
 */
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AlertRule } from '../../src/contract/index.ts';
import type { Delivery, Destination } from '../../src/contract/alertDelivery.ts';
import type { App, AppOptions } from '../../server/src/app.ts';
import { json, logsWrittenBy, makeApp, tempDir, TestClock, type TestApp } from './helpers.ts';
import { startReceiver, type Receiver } from './receiver.ts';

const RULE: AlertRule = { kind: 'balanceBelow', network: 'Ethereum', below: 0.5, unit: 'native' };
const BOT_TOKEN = '123456:SECRET-bot-token-zz9';
const SLACK_PATH = '/services/T000/B000/slack-secret-path-xx7';
/** Short timings: a retry after 20 ms, 40 ms…; a try gives up after 2 s. */
const FAST: NonNullable<AppOptions['alerts']> = { evaluateEveryMs: 0, timings: { backoffBaseMs: 20, maxAttempts: 3, timeoutMs: 2000 } };

const as = (t: TestApp, token: string) => ({ 'x-api-key': token });

async function putDestinations(t: TestApp, destinations: unknown[], token = t.adminToken) {
  return t.app.inject({ method: 'PUT', url: '/api/alerts/destinations', headers: as(t, token), payload: { destinations } });
}
async function saveRules(t: TestApp, rules: AlertRule[]) {
  const response = await t.app.inject({ method: 'PUT', url: '/api/settings/misc', headers: as(t, t.adminToken), payload: { updates: { alertRules: rules } } });
  expect(response.statusCode).toBe(200);
}
async function hold(t: TestApp, balance: number | null) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/sim/control',
    headers: as(t, t.adminToken),
    payload: { action: 'balance', network: 'Ethereum', balance },
  });
  expect(response.statusCode).toBe(200);
}
async function evaluate(app: App) {
  app.alerts.evaluator.evaluate();
  await app.alerts.evaluator.settled();
  await app.alerts.dispatcher.idle();
}
async function deliveries(t: TestApp): Promise<Delivery[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/alerts/deliveries', headers: as(t, t.adminToken) });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Delivery[] }>().data;
}

function allThree(receiver: Receiver) {
  return [
    { id: 'hook', name: 'Ops webhook', kind: 'webhook', enabled: true, url: `${receiver.url}/hook` },
    { id: 'slack', name: 'Slack #ops', kind: 'slack', enabled: true, url: `${receiver.url}${SLACK_PATH}` },
    { id: 'tg', name: 'Telegram on-call', kind: 'telegram', enabled: true, chatId: '-100200300', botToken: BOT_TOKEN, apiBase: `${receiver.url}/tg` },
  ];
}

describe('Alerts delivery (protocol): a balance rule fires once to every destination and resolves once', () => {
  let t: TestApp;
  let receiver: Receiver;
  const lines: string[] = [];
  beforeAll(async () => {
    receiver = await startReceiver();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const clock = new TestClock(Date.UTC(2026, 10, 26, 3, 12, 0));
    t = await makeApp({ sim: { enabled: true, seed: 3, rate: 1 }, alerts: FAST, logger: { level: 'trace', stream } }, clock);
    t.app.sim?.pause();
  });
  afterAll(async () => {
    await t.app.close();
    await receiver.close();
  });

  it('Alerts delivery (protocol): firing once to webhook, Slack and Telegram with the bodies the protocol gives; nothing repeats while it holds; resolved once after release', async () => {
    expect((await putDestinations(t, allThree(receiver))).statusCode).toBe(200);
    await saveRules(t, [RULE]);
    await hold(t, 0.42);
    await evaluate(t.app);
    // Still holding a minute later, and again: nothing more is sent.
    t.clock.advance(60_000);
    await evaluate(t.app);
    await evaluate(t.app);

    const firing = 'FIRING (warning): Ethereum balance 0.42 ETH is below 0.50 ETH, since 03:12 UTC';
    const [alert] = t.app.alerts.evaluator.active();
    const about = { alertId: alert?.id, severity: 'warning', subject: { type: 'network', name: 'Ethereum' }, value: 0.42, threshold: 0.5 };
    expect(receiver.received.map(({ path, body }) => ({ path, body }))).toEqual(
      expect.arrayContaining([
        // deliveryId: the log row's id, for the receiver to drop a repeat after a crash.
        { path: '/hook', body: { status: 'firing', rule: 'Balance on Ethereum below 0.50 ETH', text: firing, startedAt: Date.UTC(2026, 10, 26, 3, 12, 0), ...about, deliveryId: expect.any(String) } },
        { path: SLACK_PATH, body: { text: firing } },
        { path: `/tg/bot${BOT_TOKEN}/sendMessage`, body: { chat_id: '-100200300', text: firing } },
      ]),
    );
    expect(receiver.received).toHaveLength(3);

    // Released: the simulator's own balance (about 4.2 ETH) comes back; 18 minutes after it started.
    t.clock.advance(17 * 60_000);
    await hold(t, null);
    t.app.sim?.setRate(200);
    t.app.sim?.resume();
    const deadline = Date.now() + 20_000;
    while (t.app.alerts.evaluator.active().length > 0 && Date.now() < deadline) {
      await evaluate(t.app);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    t.app.sim?.pause();
    // Resolved, but the message waits out resolveSeconds (60 s by default) in case it holds again.
    await evaluate(t.app);
    expect(receiver.received).toHaveLength(3);
    t.clock.advance(61_000);
    await evaluate(t.app);
    await receiver.waitFor('/hook', 2);
    await t.app.alerts.dispatcher.idle();
    const resolved = 'RESOLVED (warning): Ethereum balance 0.42 ETH is below 0.50 ETH, since 03:12 UTC, resolved after 18 min';
    expect(receiver.received.slice(3).map(({ path, body }) => ({ path, body }))).toEqual(
      expect.arrayContaining([
        {
          path: '/hook',
          body: {
            status: 'resolved',
            rule: 'Balance on Ethereum below 0.50 ETH',
            text: resolved,
            startedAt: Date.UTC(2026, 10, 26, 3, 12, 0),
            endedAt: Date.UTC(2026, 10, 26, 3, 30, 0),
            ...about,
            deliveryId: expect.any(String),
          },
        },
        { path: SLACK_PATH, body: { text: resolved } },
        { path: `/tg/bot${BOT_TOKEN}/sendMessage`, body: { chat_id: '-100200300', text: resolved } },
      ]),
    );
    expect(receiver.received).toHaveLength(6);

    // The delivery log: newest first, each ok after one try.
    const log = await deliveries(t);
    expect(log.map((d) => [d.status, d.destinationId, d.ok, d.attempts]).sort()).toEqual(
      [
        ['firing', 'hook', true, 1],
        ['firing', 'slack', true, 1],
        ['firing', 'tg', true, 1],
        ['resolved', 'hook', true, 1],
        ['resolved', 'slack', true, 1],
        ['resolved', 'tg', true, 1],
      ].sort(),
    );
    expect(log[0]?.status).toBe('resolved');
  });

  it('Alerts delivery (protocol): secrets are masked in every GET and never in a log or a user log; a masked secret sent back keeps the stored one', async () => {
    const logs = await logsWrittenBy(t.app, async () => {
      const got = await t.app.inject({ method: 'GET', url: '/api/alerts/destinations', headers: as(t, t.adminToken) });
      const { destinations } = got.json<{ destinations: Destination[] }>();
      expect(got.body).not.toContain(BOT_TOKEN);
      expect(got.body).not.toContain(SLACK_PATH);
      expect(destinations.find((d) => d.id === 'tg')?.botToken).toBe('••••tzz9'.replace('tzz9', BOT_TOKEN.slice(-4)));
      // A URL shows where it goes (scheme, host, port), its path and query masked.
      expect(destinations.find((d) => d.id === 'slack')?.url).toBe(`${receiver.url}/••••${SLACK_PATH.slice(-4)}`);
      expect(destinations.find((d) => d.id === 'hook')?.url).toBe(`${receiver.url}/••••`);

      // Sent back as read (renamed): the secrets stay; a test send still reaches the real path.
      const again = await putDestinations(t, destinations.map((d) => (d.id === 'tg' ? { ...d, name: 'Telegram night shift' } : d)));
      expect(again.statusCode).toBe(200);
      expect(again.body).not.toContain(BOT_TOKEN);
      const test = await t.app.inject({ method: 'POST', url: '/api/alerts/destinations/tg/test', headers: as(t, t.adminToken) });
      expect(json(test)).toEqual({ ok: true, status: 200 });
      await receiver.waitFor(`/tg/bot${BOT_TOKEN}/sendMessage`, 3);
      const slackTest = await t.app.inject({ method: 'POST', url: '/api/alerts/destinations/slack/test', headers: as(t, t.adminToken) });
      expect(json(slackTest)).toEqual({ ok: true, status: 200 });
      await receiver.waitFor(SLACK_PATH, 3);
    });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ user: 'admin', action: 'alerts.destinations' });
    expect(JSON.stringify(logs[0])).toContain('Telegram night shift');
    const allLogs = JSON.stringify(await t.app.store.userLogs.list({ limit: 100 }));
    expect(allLogs).toContain('Ops webhook');
    expect(allLogs).not.toContain(BOT_TOKEN);
    expect(allLogs).not.toContain(SLACK_PATH);
    const deliveryLog = JSON.stringify(await deliveries(t));
    expect(deliveryLog).not.toContain(BOT_TOKEN);
    expect(deliveryLog).not.toContain(SLACK_PATH);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(BOT_TOKEN);
    expect(lines.join('\n')).not.toContain(SLACK_PATH);
  });

  it('Alerts delivery (protocol): an Operator gets 403 on every alerts route, and never a destination', async () => {
    // The delivery routes; the lifecycle's are any signed-in role's (tests/server/alertsLifecycle.test.ts).
    const routes = t.app.routeTable.filter(({ url }) => /^\/api\/alerts\/(destinations|deliveries)/.test(url));
    expect(routes.map(({ method, url }) => `${method} ${url}`).sort()).toEqual([
      'GET /api/alerts/deliveries',
      'GET /api/alerts/destinations',
      'POST /api/alerts/destinations/:id/test',
      'PUT /api/alerts/destinations',
    ]);
    for (const { method, url } of routes) {
      const response = await t.app.inject({
        method: method as 'GET',
        url: url.replace(':id', 'tg'),
        headers: as(t, t.operatorToken),
        ...(method === 'PUT' ? { payload: { destinations: [] } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.body).not.toContain(BOT_TOKEN);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts/destinations', headers: as(t, t.adminToken) })).json<{ destinations: unknown[] }>().destinations).toHaveLength(3);
  });

  it('Alerts delivery (protocol): 400 names the field: a webhook without a URL, a Telegram without its token, a field of another kind, a URL that is not http(s)', async () => {
    const cases: [unknown, string][] = [
      [{ name: 'x', kind: 'webhook', enabled: true }, 'destinations.0.url'],
      [{ name: 'x', kind: 'telegram', enabled: true, chatId: '1' }, 'destinations.0.botToken'],
      [{ name: 'x', kind: 'slack', enabled: true, url: 'https://hooks.example/x', chatId: '1' }, 'destinations.0.chatId'],
      [{ name: 'x', kind: 'webhook', enabled: true, url: 'file:///etc/passwd' }, 'destinations.0.url'],
      [{ name: 'x', kind: 'telegram', enabled: true, chatId: '1', botToken: 'a/../b' }, 'destinations.0.botToken'],
    ];
    for (const [destination, field] of cases) {
      const refused = await putDestinations(t, [destination]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ details: { field: string }[] }>().details.map((d) => d.field)).toEqual([field]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts/destinations', headers: as(t, t.adminToken) })).json<{ destinations: unknown[] }>().destinations).toHaveLength(3);
  });
});

describe('Alerts delivery (protocol): delivery that holds up', () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
    t = await makeApp({ sim: { enabled: true, seed: 4, rate: 1 }, alerts: FAST });
    t.app.sim?.pause();
    // Resolved at once (no resolve window): each test's hold is a new alert, so a new firing message.
    await saveRules(t, [{ ...RULE, resolveSeconds: 0 }]);
  });
  afterAll(async () => {
    await t.app.close();
    await receiver.close();
  });
  afterEach(async () => {
    // The rule stops holding; what that sends is not this test's concern.
    await putDestinations(t, []);
    await hold(t, 5);
    await evaluate(t.app);
  });

  it('a 503 is retried with backoff, then delivered; the log shows the tries', async () => {
    receiver.on('/flaky', (_path, count) => ({ status: count < 3 ? 503 : 200 }));
    await putDestinations(t, [{ id: 'flaky', name: 'Flaky relay', kind: 'webhook', enabled: true, url: `${receiver.url}/flaky` }]);
    await hold(t, 0.1);
    await evaluate(t.app);
    const got = await receiver.waitFor('/flaky', 3);
    // Backoff: the second wait is longer than the first (20 ms, then 40 ms).
    expect(got[1]!.at - got[0]!.at).toBeGreaterThanOrEqual(15);
    expect(got[2]!.at - got[1]!.at).toBeGreaterThanOrEqual(35);
    await expect
      .poll(async () => (await deliveries(t)).find((d) => d.destinationId === 'flaky'), { timeout: 5000 })
      .toMatchObject({ status: 'firing', ok: true, attempts: 3 });
  });

  it('a 400 is not retried, and its error is recorded; the test send answers "Refused" with the status', async () => {
    receiver.on('/refusing', () => ({ status: 400 }));
    await putDestinations(t, [{ id: 'refusing', name: 'Refusing relay', kind: 'webhook', enabled: true, url: `${receiver.url}/refusing` }]);
    await hold(t, 0.1);
    await evaluate(t.app);
    await expect
      .poll(async () => (await deliveries(t)).find((d) => d.destinationId === 'refusing'), { timeout: 5000 })
      .toMatchObject({ status: 'firing', ok: false, attempts: 1, error: '400 Bad Request' });
    // Longer than the retries would take (20 ms, 40 ms): still one request.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received.filter((r) => r.path === '/refusing')).toHaveLength(1);
    receiver.on('/refusing', () => ({ status: 401 }));
    const test = await t.app.inject({ method: 'POST', url: '/api/alerts/destinations/refusing/test', headers: as(t, t.adminToken) });
    expect(json(test)).toEqual({ ok: false, status: 401, error: '401 Unauthorized' });
  });

  it('a slow destination (10 s) delays neither another destination nor the server', async () => {
    receiver.on('/slow', () => ({ status: 200, delayMs: 10_000 }));
    await putDestinations(t, [
      { id: 'slow', name: 'Slow relay', kind: 'webhook', enabled: true, url: `${receiver.url}/slow` },
      { id: 'quick', name: 'Quick relay', kind: 'webhook', enabled: true, url: `${receiver.url}/quick` },
    ]);
    await hold(t, 0.1);
    const started = Date.now();
    t.app.alerts.evaluator.evaluate();
    await t.app.alerts.evaluator.settled();
    // The evaluation returned at once; the quick one is delivered while the slow one still waits.
    await receiver.waitFor('/quick', 1, 5000);
    await receiver.waitFor('/slow', 1, 5000);
    // The quick one is in the log as delivered after one try, while the slow one is still not.
    await expect.poll(async () => (await deliveries(t)).find((d) => d.destinationId === 'quick'), { timeout: 5000 }).toMatchObject({ ok: true, attempts: 1 });
    expect(Date.now() - started).toBeLessThan(5000);
    // Not answered yet (or timed out under load and waiting to try again): not delivered.
    expect((await deliveries(t)).find((d) => d.destinationId === 'slow')).toMatchObject({ ok: false });
  });

  it('past the rate limit, messages are held back and one summary says how many', async () => {
    const limited = await makeApp({ alerts: { evaluateEveryMs: 0, timings: { perMinute: 2, windowMs: 300 } } });
    try {
      await putDestinations(limited, [{ id: 'limited', name: 'Limited relay', kind: 'webhook', enabled: true, url: `${receiver.url}/limited` }]);
      for (let i = 0; i < 5; i++) limited.app.alerts.dispatcher.send({ status: 'firing', rule: `Rule ${i}`, text: `FIRING: ${i}`, startedAt: 0 });
      const got = await receiver.waitFor('/limited', 3, 5000);
      await limited.app.alerts.dispatcher.idle();
      expect(got.map((r) => (r.body as { text: string }).text)).toEqual([
        'FIRING: 0',
        'FIRING: 1',
        '3 more alert messages were held back in the last minute (at most 2 a minute to this destination)',
      ]);
    } finally {
      await limited.app.close();
    }
  });
});

describe('Alerts delivery (protocol): a restart does not send a firing rule again', () => {
  it('kept in the database: after a restart the rule still holding sends nothing; its end sends resolved once', async () => {
    const receiver = await startReceiver();
    const dataDir = tempDir('alerts-restart-');
    const clock = new TestClock();
    const options: AppOptions = { dataDir, sim: { enabled: true, seed: 5, rate: 1 }, alerts: FAST, demoTxs: 0 };
    const first = await makeApp(options, clock);
    try {
      first.app.sim?.pause();
      await putDestinations(first, [{ id: 'hook', name: 'Ops webhook', kind: 'webhook', enabled: true, url: `${receiver.url}/hook` }]);
      await saveRules(first, [RULE]);
      await hold(first, 0.3);
      await evaluate(first.app);
      await receiver.waitFor('/hook', 1);
    } finally {
      await first.app.close();
    }
    const second = await makeApp(options, clock);
    try {
      second.app.sim?.pause();
      await evaluate(second.app); // nothing known yet: nothing changes
      await hold(second, 0.3);
      await evaluate(second.app);
      await evaluate(second.app);
      expect(receiver.received).toHaveLength(1);
      expect(second.app.alerts.evaluator.active().map((a) => [a.state, a.text])).toEqual([['firing', 'Ethereum balance 0.30 ETH is below 0.50 ETH']]);
      clock.advance(5 * 60_000);
      await hold(second, 3);
      await evaluate(second.app);
      // The resolved message waits out the rule's resolveSeconds (60 s by default).
      clock.advance(61_000);
      await evaluate(second.app);
      await receiver.waitFor('/hook', 2);
      expect(receiver.received.map((r) => (r.body as { status: string; text: string }).text)).toEqual([
        expect.stringMatching(/^FIRING \(warning\): Ethereum balance 0.30 ETH is below 0.50 ETH, since /),
        expect.stringMatching(/^RESOLVED \(warning\): Ethereum balance 0.30 ETH is below 0.50 ETH, since .*, resolved after 5 min$/),
      ]);
    } finally {
      await second.app.close();
      await receiver.close();
    }
  });
});
