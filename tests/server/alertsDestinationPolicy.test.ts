/**
 * The destination policy (docs/protocol.md "Alerts delivery"): a destination URL or Telegram
 * apiBase may not point at link-local, metadata or unroutable addresses, nor at private ones unless
 * ALERT_ALLOWED_HOSTS lists them; loopback is allowed. Checked when saved (400 naming the field)
 * and again at each send on the address DNS gave, so a name that resolves (or rebinds) there gets
 * no connection either. A refusal is said in words, without connecting, and not retried.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '../../src/contract/alertDelivery.ts';
import type { StoredDestination } from '../../server/src/alerts/repo.ts';
import { StandaloneConfig } from '../../server/src/alerts/standalone.ts';
import { startFakeTelegram, type FakeTelegram } from '../support/fakeTelegram.ts';
import { json, makeApp, type TestApp } from './helpers.ts';
import { startReceiver, type Receiver } from './receiver.ts';

const as = (t: TestApp) => ({ 'x-api-key': t.adminToken });

/** What the fake DNS answers: names under .test never reach a real resolver. */
const DNS: Record<string, string[]> = {
  'loop.test': ['127.0.0.1'],
  // Both loopbacks, as most systems answer: the receiver listens on 127.0.0.1 alone, so the
  // connection tries ::1 and then 127.0.0.1, each one judged.
  localhost: ['::1', '127.0.0.1'],
  'meta.test': ['169.254.169.254'],
  'mapped-meta.test': ['::ffff:169.254.169.254'],
  // A name that answers a good address and a bad one (as a rebinding resolver alternates them).
  'rebind.test': ['127.0.0.1', '10.0.0.1'],
  'lan.test': ['192.168.50.5'],
};
async function resolve(hostname: string): Promise<{ address: string; family: number }[]> {
  const addresses = DNS[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
}

const REFUSED_SPELLINGS: [string, string][] = [
  ['http://169.254.169.254/latest/meta-data/', 'link-local address 169.254.169.254'],
  ['http://2852039166/', 'link-local address 169.254.169.254'],
  ['http://0xa9fea9fe/', 'link-local address 169.254.169.254'],
  ['http://[::ffff:169.254.169.254]/', 'link-local address ::ffff:a9fe:a9fe'],
  ['http://[::169.254.169.254]/', 'link-local address ::a9fe:a9fe'],
  ['http://[fe80::1]/', 'link-local address fe80::1'],
  ['http://[fd00:ec2::254]/', 'cloud metadata address fd00:ec2::254'],
  ['http://0.0.0.0:9/', 'unspecified address 0.0.0.0'],
  ['http://224.0.0.1/', 'multicast address 224.0.0.1'],
  ['http://255.255.255.255/', 'broadcast address 255.255.255.255'],
  ['http://10.0.0.1/', 'private address 10.0.0.1, not listed in ALERT_ALLOWED_HOSTS'],
  ['http://192.168.1.1/', 'private address 192.168.1.1, not listed in ALERT_ALLOWED_HOSTS'],
  ['http://172.16.0.1/', 'private address 172.16.0.1, not listed in ALERT_ALLOWED_HOSTS'],
  ['http://100.64.0.1/', 'shared (carrier-grade NAT) address 100.64.0.1, not listed in ALERT_ALLOWED_HOSTS'],
  ['http://[fd00::1]/', 'unique local address fd00::1, not listed in ALERT_ALLOWED_HOSTS'],
  ['http://[::ffff:10.0.0.1]/', 'private address ::ffff:a00:1, not listed in ALERT_ALLOWED_HOSTS'],
];

describe('Alerts delivery (protocol): the destination policy', () => {
  let t: TestApp;
  let receiver: Receiver;
  let telegram: FakeTelegram;
  const lines: string[] = [];
  beforeAll(async () => {
    receiver = await startReceiver();
    telegram = await startFakeTelegram();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    t = await makeApp({
      alerts: {
        evaluateEveryMs: 0,
        telegramPollMs: 0,
        timings: { backoffBaseMs: 20, maxAttempts: 3, timeoutMs: 2000 },
        allowedHosts: ['192.168.7.0/24', 'lan.test'],
        resolve,
      },
      logger: { level: 'warn', stream },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await receiver.close();
    await telegram.close();
  });

  const put = (destinations: unknown[]) => t.app.inject({ method: 'PUT', url: '/api/alerts/destinations', headers: as(t), payload: { destinations } });
  const testSend = (id: string) => t.app.inject({ method: 'POST', url: `/api/alerts/destinations/${id}/test`, headers: as(t) });
  const deliveries = async () => (await t.app.inject({ method: 'GET', url: '/api/alerts/deliveries', headers: as(t) })).json<{ data: Delivery[] }>().data;

  it.each(REFUSED_SPELLINGS)('a webhook or Slack URL %s is refused when saved: 400 on url, "%s"', async (url, reason) => {
    for (const kind of ['webhook', 'slack']) {
      const refused = await put([{ name: 'Probe', kind, enabled: true, url }]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ details: { field: string; message: string }[] }>().details).toEqual([
        expect.objectContaining({ field: 'destinations.0.url', message: `refused by policy: ${reason}` }),
      ]);
    }
  });

  it.each(REFUSED_SPELLINGS)('a Telegram apiBase %s is refused when saved: 400 on apiBase', async (apiBase, reason) => {
    const refused = await put([{ name: 'Probe', kind: 'telegram', enabled: true, chatId: '1', botToken: '1:abc', apiBase }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ details: { field: string; message: string }[] }>().details).toEqual([
      expect.objectContaining({ field: 'destinations.0.apiBase', message: `refused by policy: ${reason}` }),
    ]);
  });

  it('loopback in every spelling is allowed, and a test send reaches the local receiver', async () => {
    const port = new URL(receiver.url).port;
    const spellings = [`http://127.1:${port}`, `http://2130706433:${port}`, `http://0x7f000001:${port}`, `http://[::ffff:127.0.0.1]:${port}`, `http://localhost:${port}`];
    const saved = await put(spellings.map((base, i) => ({ id: `loop${i}`, name: `Loop ${i}`, kind: 'webhook', enabled: true, url: `${base}/loop${i}` })));
    expect(saved.statusCode).toBe(200);
    for (let i = 0; i < spellings.length; i++) {
      expect(json(await testSend(`loop${i}`)), spellings[i]).toEqual({ ok: true, status: 200 });
      await receiver.waitFor(`/loop${i}`, 1);
    }
  });

  it('ALERT_ALLOWED_HOSTS opens the private addresses and names it lists', async () => {
    const saved = await put([
      { name: 'LAN relay', kind: 'webhook', enabled: true, url: 'http://192.168.7.20:8080/hook' },
      { name: 'LAN by name', kind: 'webhook', enabled: true, url: 'http://lan.test/hook' },
      { name: 'LAN bot', kind: 'telegram', enabled: true, chatId: '1', botToken: '1:abc', apiBase: 'http://[::ffff:192.168.7.9]' },
    ]);
    expect(saved.statusCode).toBe(200);
    const outside = await put([{ name: 'Other LAN', kind: 'webhook', enabled: true, url: 'http://192.168.8.20/hook' }]);
    expect(outside.statusCode).toBe(400);
  });

  it('a name resolving to a refused address is refused at send, without connecting; a refusal is not retried', async () => {
    expect((await put([
      { id: 'meta', name: 'Meta by name', kind: 'webhook', enabled: true, url: 'http://meta.test/latest' },
      { id: 'mapped', name: 'Mapped meta', kind: 'slack', enabled: true, url: 'http://mapped-meta.test/services/x' },
      { id: 'rebind', name: 'Rebinding', kind: 'webhook', enabled: true, url: `http://rebind.test:${new URL(receiver.url).port}/rebind` },
    ])).statusCode).toBe(200);
    expect(json(await testSend('meta'))).toEqual({ ok: false, error: 'refused by policy: link-local address 169.254.169.254' });
    expect(json(await testSend('mapped'))).toEqual({ ok: false, error: 'refused by policy: link-local address ::ffff:169.254.169.254' });
    // One of its addresses is refused: the name is refused, not tried on the other.
    expect(json(await testSend('rebind'))).toEqual({ ok: false, error: 'refused by policy: private address 10.0.0.1, not listed in ALERT_ALLOWED_HOSTS' });
    expect(receiver.received.filter((r) => r.path === '/rebind')).toEqual([]);

    t.app.alerts.dispatcher.send({ status: 'firing', rule: 'Probe', text: 'FIRING: probe', startedAt: 0 });
    await t.app.alerts.dispatcher.idle();
    const log = (await deliveries()).filter((d) => d.status === 'firing');
    expect(log.map((d) => [d.destinationId, d.ok, d.attempts, d.error]).sort()).toEqual([
      ['mapped', false, 1, 'refused by policy: link-local address ::ffff:169.254.169.254'],
      ['meta', false, 1, 'refused by policy: link-local address 169.254.169.254'],
      ['rebind', false, 1, 'refused by policy: private address 10.0.0.1, not listed in ALERT_ALLOWED_HOSTS'],
    ]);
  });

  it('the connection goes to the address checked: a name the fake DNS alone knows reaches the receiver', async () => {
    expect((await put([{ id: 'byname', name: 'By name', kind: 'webhook', enabled: true, url: `http://loop.test:${new URL(receiver.url).port}/byname` }])).statusCode).toBe(200);
    expect(json(await testSend('byname'))).toEqual({ ok: true, status: 200 });
    await receiver.waitFor('/byname', 1);
  });

  it('a destination stored before the policy (a private or link-local literal) is refused at send, without connecting', async () => {
    const stored: StoredDestination[] = [
      { id: 'old-meta', name: 'Old', kind: 'webhook', enabled: true, url: 'http://169.254.169.254/latest' },
      { id: 'old-lan', name: 'Old LAN', kind: 'telegram', enabled: true, chatId: '1', botToken: '1:abc', apiBase: 'http://10.0.0.1' },
    ];
    await t.app.store.alerts.replaceDestinations(stored);
    t.app.alerts.dispatcher.setDestinations(stored);
    const started = Date.now();
    expect(json(await testSend('old-meta'))).toEqual({ ok: false, error: 'refused by policy: link-local address 169.254.169.254' });
    expect(json(await testSend('old-lan'))).toEqual({ ok: false, error: 'refused by policy: private address 10.0.0.1, not listed in ALERT_ALLOWED_HOSTS' });
    // Well under the 2 s deadline: nothing was waited on.
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('the Telegram commands poller goes through the same policy: a refused apiBase is never asked, and the log says why', async () => {
    const telegramPort = new URL(telegram.url).port;
    expect((await put([
      { id: 'tg-meta', name: 'Meta bot', kind: 'telegram', enabled: true, chatId: '1', botToken: '1:abc', apiBase: 'http://meta.test', commands: true },
      { id: 'tg-loop', name: 'Local bot', kind: 'telegram', enabled: true, chatId: '2', botToken: '2:abc', apiBase: `http://loop.test:${telegramPort}`, commands: true },
    ])).statusCode).toBe(200);
    lines.length = 0;
    await t.app.alerts.telegram.poll();
    expect(telegram.calls.map((c) => [c.method, c.token])).toEqual([['getUpdates', '2:abc']]);
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; reason?: string; destinationId?: string });
    expect(logged).toEqual([expect.objectContaining({ destinationId: 'tg-meta', reason: 'refused by policy: link-local address 169.254.169.254', msg: 'Telegram commands: the bot could not be read' })]);
  });
});

describe('Alerts delivery (protocol): the standalone process holds its config to the same policy', () => {
  const hook = (url: string) => ({ id: 'hook', name: 'Hook', kind: 'webhook', enabled: true, url });

  it('a destination at a refused address stops it at start, naming the field; allowedHosts opens private ones', () => {
    const refused = StandaloneConfig.safeParse({ destinations: [hook('http://169.254.169.254/latest')] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['destinations.0.url', 'refused by policy: link-local address 169.254.169.254']]);
    const telegram = { id: 'tg', name: 'Bot', kind: 'telegram', enabled: true, chatId: '1', botToken: '1:abc', apiBase: 'http://10.0.0.9' };
    expect(StandaloneConfig.safeParse({ destinations: [telegram] }).error?.issues.map((i) => i.path.join('.'))).toEqual(['destinations.0.apiBase']);
    expect(StandaloneConfig.parse({ destinations: [hook('http://10.0.0.5/x'), telegram], allowedHosts: ['10.0.0.0/24'] }).allowedHosts).toEqual(['10.0.0.0/24']);
    expect(StandaloneConfig.safeParse({ destinations: [], allowedHosts: ['https://relay.internal'] }).success).toBe(false);
  });
});
