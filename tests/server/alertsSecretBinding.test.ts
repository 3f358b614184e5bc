/**
 * A secret is bound to its address (docs/protocol.md "Alerts delivery"): a masked bot token, or a
 * masked webhook or Slack URL, sent back with another address is refused, so a stored secret never
 * follows an address an Admin (or whoever holds an Admin's session) typed; the secret typed again with
 * the new address is accepted. Webhook URLs are masked like the other secrets in every answer, user
 * log and newUserLog event. Two local receivers stand for the address the secret was saved with and
 * another host.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Destination } from '../../src/contract/alertDelivery.ts';
import { broadcastsDuring, fieldsOf, json, logsWrittenBy, makeApp, type TestApp } from './helpers.ts';
import { startReceiver, type Receiver } from './receiver.ts';

const BOT_TOKEN = '123456:SECRET-bot-token-zz9';
const SLACK_PATH = '/services/T000/B000/slack-secret-path-xx7';
const HOOK_QUERY_SECRET = 'hook-query-secret-q55';
const HOOK_PATH_SECRET = 'hook-path-secret-p44';

const headers = (t: TestApp) => ({ 'x-api-key': t.adminToken });
const put = (t: TestApp, destinations: unknown[]) => t.app.inject({ method: 'PUT', url: '/api/alerts/destinations', headers: headers(t), payload: { destinations } });
async function read(t: TestApp): Promise<{ body: string; destinations: Destination[] }> {
  const response = await t.app.inject({ method: 'GET', url: '/api/alerts/destinations', headers: headers(t) });
  expect(response.statusCode).toBe(200);
  return { body: response.body, destinations: response.json<{ destinations: Destination[] }>().destinations };
}
const sendTest = (t: TestApp, id: string) => t.app.inject({ method: 'POST', url: `/api/alerts/destinations/${id}/test`, headers: headers(t) });
const messagesOf = (response: { json: <T>() => T }) => response.json<{ details: { field: string; message: string }[] }>().details;

describe('Alerts delivery (protocol): a secret is bound to its address', () => {
  let t: TestApp;
  let home: Receiver;
  let elsewhere: Receiver;
  beforeAll(async () => {
    home = await startReceiver();
    elsewhere = await startReceiver();
  });
  afterAll(async () => {
    await home.close();
    await elsewhere.close();
  });
  beforeEach(async () => {
    t = await makeApp({ alerts: { evaluateEveryMs: 0, timings: { backoffBaseMs: 20, maxAttempts: 1, timeoutMs: 2000 } } });
    home.received.length = 0;
    elsewhere.received.length = 0;
  });
  afterEach(async () => {
    await t.app.close();
  });

  it('a Telegram destination sent back masked with another apiBase is refused (400 on botToken, in words); the token goes nowhere new; typed again it is accepted', async () => {
    const saved = { id: 'tg', name: 'Telegram on-call', kind: 'telegram', enabled: true, chatId: '-100', botToken: BOT_TOKEN, apiBase: `${home.url}/tg` };
    expect((await put(t, [saved])).statusCode).toBe(200);
    const [asRead] = (await read(t)).destinations;
    expect(asRead?.botToken).toBe(`••••${BOT_TOKEN.slice(-4)}`);

    // Sent back exactly as read, with only the address changed.
    const moved = await put(t, [{ ...asRead, apiBase: `${elsewhere.url}/tg` }]);
    expect(moved.statusCode).toBe(400);
    expect(fieldsOf(moved)).toEqual(['destinations.0.botToken']);
    expect(messagesOf(moved)[0]?.message).toBe('enter the bot token again: it is only sent to the address it was saved with');
    expect(moved.body).not.toContain(BOT_TOKEN);
    // Nothing changed: the test send still goes to the address it was saved with.
    expect(json(await sendTest(t, 'tg'))).toEqual({ ok: true, status: 200 });
    expect(home.received.map((r) => r.path)).toEqual([`/tg/bot${BOT_TOKEN}/sendMessage`]);
    expect(elsewhere.received).toEqual([]);

    // A trailing slash is the same address (the token is sent to base + /bot…).
    expect((await put(t, [{ ...asRead, apiBase: `${home.url}/tg/` }])).statusCode).toBe(200);
    // Left out, the address is Telegram's own: another address too.
    const { apiBase: _left, ...withoutBase } = asRead as Destination;
    expect(fieldsOf(await put(t, [withoutBase]))).toEqual(['destinations.0.botToken']);

    // The token typed again with the new address: accepted, and sent there.
    expect((await put(t, [{ ...asRead, apiBase: `${elsewhere.url}/tg`, botToken: BOT_TOKEN }])).statusCode).toBe(200);
    expect(json(await sendTest(t, 'tg'))).toEqual({ ok: true, status: 200 });
    expect(elsewhere.received.map((r) => r.path)).toEqual([`/tg/bot${BOT_TOKEN}/sendMessage`]);
  });

  it('a webhook URL is masked in its path and query (scheme, host and port shown); sent back unchanged it keeps the stored URL; with another origin it is refused (400 on url)', async () => {
    const url = `${home.url}/hooks/${HOOK_PATH_SECRET}?token=${HOOK_QUERY_SECRET}`;
    expect((await put(t, [{ id: 'hook', name: 'Ops webhook', kind: 'webhook', enabled: true, url }])).statusCode).toBe(200);
    const { body, destinations } = await read(t);
    expect(body).not.toContain(HOOK_PATH_SECRET);
    expect(body).not.toContain(HOOK_QUERY_SECRET);
    const shown = destinations[0]?.url ?? '';
    expect(shown.startsWith(`${home.url}/••••`)).toBe(true);

    // Unchanged: the stored URL stays, whole.
    expect((await put(t, destinations)).statusCode).toBe(200);
    expect(json(await sendTest(t, 'hook'))).toEqual({ ok: true, status: 200 });
    expect(home.received.map((r) => r.path)).toEqual([`/hooks/${HOOK_PATH_SECRET}?token=${HOOK_QUERY_SECRET}`]);

    // The masked rest on another host, another port, another scheme: refused.
    const elsewherePort = new URL(elsewhere.url).port;
    for (const origin of [elsewhere.url, `http://localhost:${new URL(home.url).port}`, `https://127.0.0.1:${elsewherePort}`]) {
      const moved = await put(t, [{ ...destinations[0], url: shown.replace(home.url, origin) }]);
      expect(moved.statusCode, origin).toBe(400);
      expect(fieldsOf(moved)).toEqual(['destinations.0.url']);
      expect(messagesOf(moved)[0]?.message).toBe('enter the whole URL again: its secret part is only sent to the address it was saved with');
    }
    // A masked URL that is not the stored one's is no URL to keep either.
    const other = await put(t, [{ ...destinations[0], url: `${home.url}/••••nope` }]);
    expect(fieldsOf(other)).toEqual(['destinations.0.url']);

    expect(json(await sendTest(t, 'hook'))).toEqual({ ok: true, status: 200 });
    expect(elsewhere.received).toEqual([]);
    // Typed again in full with the new host: accepted.
    expect((await put(t, [{ ...destinations[0], url: url.replace(home.url, elsewhere.url) }])).statusCode).toBe(200);
    expect(json(await sendTest(t, 'hook'))).toEqual({ ok: true, status: 200 });
    expect(elsewhere.received.map((r) => r.path)).toEqual([`/hooks/${HOOK_PATH_SECRET}?token=${HOOK_QUERY_SECRET}`]);
  });

  it('a Slack URL sent back masked with another origin is refused (400 on url); unchanged it keeps the stored one', async () => {
    expect((await put(t, [{ id: 'slack', name: 'Slack #ops', kind: 'slack', enabled: true, url: `${home.url}${SLACK_PATH}` }])).statusCode).toBe(200);
    const { body, destinations } = await read(t);
    expect(body).not.toContain(SLACK_PATH);
    const shown = destinations[0]?.url ?? '';
    expect(shown).toBe(`${home.url}/••••${SLACK_PATH.slice(-4)}`);
    const moved = await put(t, [{ ...destinations[0], url: shown.replace(home.url, elsewhere.url) }]);
    expect(moved.statusCode).toBe(400);
    expect(fieldsOf(moved)).toEqual(['destinations.0.url']);
    expect((await put(t, destinations)).statusCode).toBe(200);
    expect(json(await sendTest(t, 'slack'))).toEqual({ ok: true, status: 200 });
    expect(home.received.map((r) => r.path)).toEqual([SLACK_PATH]);
    expect(elsewhere.received).toEqual([]);
  });

  it('the user log and the Admins\' newUserLog event show a webhook URL masked, its origin change included, never its secret', async () => {
    const url = `${home.url}/hooks/${HOOK_PATH_SECRET}?token=${HOOK_QUERY_SECRET}`;
    const broadcasts = await broadcastsDuring(t.app, async () => {
      const logs = await logsWrittenBy(t.app, async () => {
        expect((await put(t, [{ id: 'hook', name: 'Ops webhook', kind: 'webhook', enabled: true, url }])).statusCode).toBe(200);
        expect((await put(t, [{ id: 'hook', name: 'Ops webhook', kind: 'webhook', enabled: true, url: url.replace(home.url, elsewhere.url) }])).statusCode).toBe(200);
      });
      expect(logs).toHaveLength(2);
      const text = JSON.stringify(logs);
      expect(text).toContain('Ops webhook');
      // The second entry shows where it now goes, and that its secret was entered again.
      expect(JSON.stringify(logs[1])).toContain(elsewhere.url);
      expect(logs[1]?.details).toMatchObject({ secretsChanged: ['Ops webhook'] });
      expect(text).not.toContain(HOOK_PATH_SECRET);
      expect(text).not.toContain(HOOK_QUERY_SECRET);
    });
    const events = broadcasts.filter((b) => b.event === 'newUserLog');
    expect(events).toHaveLength(2);
    expect(JSON.stringify(events)).toContain(home.url);
    expect(JSON.stringify(events)).not.toContain(HOOK_PATH_SECRET);
    expect(JSON.stringify(events)).not.toContain(HOOK_QUERY_SECRET);
  });

  it('a URL with user:password@ is refused at save (400 on url, in words): fetch cannot send it', async () => {
    const refused = await put(t, [{ name: 'Relay', kind: 'webhook', enabled: true, url: `http://alice:pa55word@127.0.0.1:${new URL(home.url).port}/hook` }]);
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused)).toEqual(['destinations.0.url']);
    expect(messagesOf(refused)[0]?.message).toMatch(/user name or password/);
    expect(refused.body).not.toContain('pa55word');
  });
});
