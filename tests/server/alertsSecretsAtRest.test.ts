/**
 * Destination secrets at rest (SECRETS_KEY, alerts/secrets.ts), through the server on a database
 * file: saved with the key, the file holds neither a bot token nor a URL's secret, and delivery still
 * works; plain values of an older database are encrypted at the first start with the key; a value
 * encrypted with another key, or altered, is named in the log at start, the server runs, and nothing
 * is sent to that destination until its secret is entered again.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Destination } from '../../src/contract/alertDelivery.ts';
import type { AppOptions } from '../../server/src/app.ts';
import { DB_FILE_NAME } from '../../server/src/db/store.ts';
import { fieldsOf, json, makeApp, tempDir, type TestApp } from './helpers.ts';
import { startReceiver, type Receiver } from './receiver.ts';

const BOT_TOKEN = '123456:SECRET-bot-token-zz9';
const SLACK_SECRET = 'slack-secret-path-xx7';
const HOOK_SECRET = 'hook-query-secret-q55';
const KEY = randomBytes(32);

const headers = (t: TestApp) => ({ 'x-api-key': t.adminToken });
const put = (t: TestApp, destinations: unknown[]) => t.app.inject({ method: 'PUT', url: '/api/alerts/destinations', headers: headers(t), payload: { destinations } });
const sendTest = (t: TestApp, id: string) => t.app.inject({ method: 'POST', url: `/api/alerts/destinations/${id}/test`, headers: headers(t) });
async function read(t: TestApp): Promise<Destination[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/alerts/destinations', headers: headers(t) });
  expect(response.statusCode).toBe(200);
  return response.json<{ destinations: Destination[] }>().destinations;
}

/** Everything the data directory holds on disk (the database and any WAL or journal beside it), as text. */
function onDisk(dataDir: string): string {
  const file = join(dataDir, DB_FILE_NAME);
  return ['', '-wal', '-shm', '-journal']
    .map((suffix) => file + suffix)
    .filter((path) => existsSync(path))
    .map((path) => readFileSync(path).toString('latin1'))
    .join('\n');
}

function rows(dataDir: string): Record<string, unknown>[] {
  const db = new BetterSqlite3(join(dataDir, DB_FILE_NAME), { readonly: true });
  try {
    return db.prepare<[], { data: string }>('SELECT data FROM alert_destinations ORDER BY position').all().map((row) => JSON.parse(row.data) as Record<string, unknown>);
  } finally {
    db.close();
  }
}

function logLines() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

describe('alert destination secrets at rest (SECRETS_KEY)', () => {
  let receiver: Receiver;
  const dirs: string[] = [];
  const dir = (prefix: string) => {
    const made = tempDir(prefix);
    dirs.push(made);
    return made;
  };
  const base = (dataDir: string): AppOptions => ({ dataDir, demoTxs: 0, alerts: { evaluateEveryMs: 0, timings: { maxAttempts: 1, timeoutMs: 2000 } } });
  const all = () => [
    { id: 'tg', name: 'Telegram on-call', kind: 'telegram', enabled: true, chatId: '-100', botToken: BOT_TOKEN, apiBase: `${receiver.url}/tg` },
    { id: 'slack', name: 'Slack #ops', kind: 'slack', enabled: true, url: `${receiver.url}/services/T0/B0/${SLACK_SECRET}` },
    { id: 'hook', name: 'Ops webhook', kind: 'webhook', enabled: true, url: `${receiver.url}/hook?token=${HOOK_SECRET}` },
  ];
  async function withApp<T>(options: AppOptions, work: (t: TestApp) => Promise<T>): Promise<T> {
    const t = await makeApp(options);
    try {
      return await work(t);
    } finally {
      await t.app.close();
    }
  }

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    for (const made of dirs) rmSync(made, { recursive: true, force: true });
  });

  it('saved with SECRETS_KEY: the database file holds neither the bot token nor a URL\'s secret; each row says it is encrypted; delivery still reaches them', async () => {
    const dataDir = dir('alerts-at-rest-');
    await withApp({ ...base(dataDir), secretsKey: KEY }, async (t) => {
      expect((await put(t, all())).statusCode).toBe(200);
      for (const id of ['tg', 'slack', 'hook']) expect(json(await sendTest(t, id)), id).toEqual({ ok: true, status: 200 });
    });
    const text = onDisk(dataDir);
    expect(text.length).toBeGreaterThan(0);
    for (const secret of [BOT_TOKEN, SLACK_SECRET, HOOK_SECRET]) expect(text).not.toContain(secret);
    const [tg, slack, hook] = rows(dataDir);
    expect(tg).toMatchObject({ name: 'Telegram on-call', chatId: '-100', apiBase: `${receiver.url}/tg`, botToken: { enc: 'v1', iv: expect.any(String), tag: expect.any(String), data: expect.any(String) } });
    expect(slack).toMatchObject({ url: { enc: 'v1' } });
    expect(hook).toMatchObject({ url: { enc: 'v1' } });
    expect(receiver.received.map((r) => r.path)).toEqual(
      expect.arrayContaining([`/tg/bot${BOT_TOKEN}/sendMessage`, `/services/T0/B0/${SLACK_SECRET}`, `/hook?token=${HOOK_SECRET}`]),
    );

    // Read again on the next start with the same key: delivered as before.
    receiver.received.length = 0;
    await withApp({ ...base(dataDir), secretsKey: KEY }, async (t) => {
      expect(json(await sendTest(t, 'tg'))).toEqual({ ok: true, status: 200 });
    });
    expect(receiver.received.map((r) => r.path)).toEqual([`/tg/bot${BOT_TOKEN}/sendMessage`]);
  });

  it('without SECRETS_KEY, stored as before; the first start with the key encrypts them (logged), and they are still delivered', async () => {
    const dataDir = dir('alerts-at-rest-plain-');
    await withApp(base(dataDir), async (t) => {
      expect((await put(t, all())).statusCode).toBe(200);
    });
    // The test can see a secret when one is there.
    expect(onDisk(dataDir)).toContain(BOT_TOKEN);
    expect(rows(dataDir)[0]).toMatchObject({ botToken: BOT_TOKEN });

    const { lines, logger } = logLines();
    receiver.received.length = 0;
    await withApp({ ...base(dataDir), secretsKey: KEY, logger }, async (t) => {
      expect(json(await sendTest(t, 'tg'))).toEqual({ ok: true, status: 200 });
      expect(json(await sendTest(t, 'hook'))).toEqual({ ok: true, status: 200 });
    });
    expect(lines.join('\n')).toContain('alert destination secrets encrypted with SECRETS_KEY');
    expect(lines.join('\n')).toContain('Telegram on-call');
    expect(receiver.received.map((r) => r.path)).toEqual([`/tg/bot${BOT_TOKEN}/sendMessage`, `/hook?token=${HOOK_SECRET}`]);
    const text = onDisk(dataDir);
    for (const secret of [BOT_TOKEN, SLACK_SECRET, HOOK_SECRET]) expect(text).not.toContain(secret);
  });

  it('another key, or a value altered: the server starts, the log names the destination and why, nothing is sent to it; the secret entered again works', async () => {
    const dataDir = dir('alerts-at-rest-wrong-');
    await withApp({ ...base(dataDir), secretsKey: KEY }, async (t) => {
      expect((await put(t, all())).statusCode).toBe(200);
    });
    // The webhook's row altered in the file: one byte of its ciphertext changed.
    const db = new BetterSqlite3(join(dataDir, DB_FILE_NAME));
    const row = db.prepare<[], { data: string }>("SELECT data FROM alert_destinations WHERE id = 'hook'").get();
    const data = JSON.parse(row?.data ?? '{}') as { url: { data: string } };
    const bytes = Buffer.from(data.url.data, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 0x01;
    data.url.data = bytes.toString('base64');
    db.prepare("UPDATE alert_destinations SET data = ? WHERE id = 'hook'").run(JSON.stringify(data));
    db.close();

    // The same key: only the altered one is unreadable.
    const same = logLines();
    await withApp({ ...base(dataDir), secretsKey: KEY, logger: same.logger }, async (t) => {
      const log = same.lines.join('\n');
      expect(log).toContain('alert destination \\"Ops webhook\\" (hook): its URL could not be decrypted: encrypted with another SECRETS_KEY, or altered');
      expect(log).not.toContain('Telegram on-call\\" (tg)');
      expect(json(await sendTest(t, 'tg'))).toEqual({ ok: true, status: 200 });
    });

    // Another key: the server starts and names each destination in its log.
    const other = logLines();
    receiver.received.length = 0;
    await withApp({ ...base(dataDir), secretsKey: randomBytes(32), logger: other.logger }, async (t) => {
      const log = other.lines.join('\n');
      expect(log).toContain('alert destination \\"Telegram on-call\\" (tg): its bot token could not be decrypted: encrypted with another SECRETS_KEY, or altered; nothing is sent to it until an Admin enters its secret again');
      expect(log).toContain('alert destination \\"Slack #ops\\" (slack): its URL could not be decrypted');
      // GET shows the destinations without their secrets; a test send says why it sends nothing.
      const destinations = await read(t);
      expect(destinations.map((d) => [d.id, d.botToken, d.url])).toEqual([
        ['tg', undefined, undefined],
        ['slack', undefined, undefined],
        ['hook', undefined, undefined],
      ]);
      expect(json(await sendTest(t, 'tg'))).toEqual({
        ok: false,
        error: 'its bot token could not be decrypted: encrypted with another SECRETS_KEY, or altered; enter it again and save',
      });
      // An alert to every destination reaches none of them.
      t.app.alerts.dispatcher.send({ status: 'firing', rule: 'Rule', text: 'FIRING: x', startedAt: 0 });
      await t.app.alerts.dispatcher.idle();
      expect(receiver.received).toEqual([]);

      // Saved as read: refused, naming each secret to enter again.
      const refused = await put(t, destinations);
      expect(refused.statusCode).toBe(400);
      expect(fieldsOf(refused)).toEqual(['destinations.0.botToken', 'destinations.1.url', 'destinations.2.url']);
      expect(refused.json<{ details: { message: string }[] }>().details[0]?.message).toBe(
        'enter the bot token again: the stored one could not be decrypted (SECRETS_KEY changed, or the data altered)',
      );
      // Entered again: saved under this key, and delivered.
      expect((await put(t, all())).statusCode).toBe(200);
      expect(json(await sendTest(t, 'tg'))).toEqual({ ok: true, status: 200 });
      expect(receiver.received.map((r) => r.path)).toEqual([`/tg/bot${BOT_TOKEN}/sendMessage`]);
    });

    // Encrypted, and no key at all: named too, never sent as the stored object.
    const none = logLines();
    await withApp({ ...base(dataDir), logger: none.logger }, async (t) => {
      expect(none.lines.join('\n')).toContain('alert destination \\"Telegram on-call\\" (tg): its bot token stored encrypted, and SECRETS_KEY is not set');
      expect(json(await sendTest(t, 'hook'))).toMatchObject({ ok: false });
    });
  });
});
