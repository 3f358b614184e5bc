import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SESSION_MS } from '../../src/config/constants.ts';
import { SessionClaims } from '../../src/contract/index.ts';
import { buildApp } from '../../server/src/app.ts';
import type { App } from '../../server/src/app.ts';
import { ADMIN_KEY, DEMO_TXS_IN_TESTS, json, makeApp, OPERATOR_KEY, START, tempDir, TestClock } from './helpers.ts';

function login(app: App, accessKey: unknown, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/login', payload: { accessKey }, remoteAddress });
}

function claimsOf(token: string) {
  return SessionClaims.parse(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()));
}

describe('POST /api/login (protocol: Login and the session token)', () => {
  it('a good key gets a token that decodes to name, role and exp = now + session length', async () => {
    const t = await makeApp();
    for (const [key, name, role] of [
      [ADMIN_KEY, 'admin', 'Admin'],
      [OPERATOR_KEY, 'operator', 'Operator'],
    ] as const) {
      const response = await login(t.app, key);
      expect(response.statusCode).toBe(200);
      const token = String(json(response).token);
      expect(claimsOf(token)).toMatchObject({ name, role, exp: (START + SESSION_MS) / 1000 });
    }
    const token = String(json(await login(t.app, ADMIN_KEY)).token);
    const use = await t.app.inject({ method: 'GET', url: '/api/configs', headers: { 'x-api-key': token } });
    expect(use.statusCode).toBe(200);
    await t.app.close();
  });

  it('a bad key, an empty one, or a key sent with extra fields gets 401 "invalid access key"', async () => {
    const t = await makeApp();
    for (const payload of [{ accessKey: `${ADMIN_KEY}x` }, { accessKey: '' }, { accessKey: 'k', role: 'Admin' }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/login', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'invalid access key' });
    }
    // An extra field is ignored, never read: a good key with role Operator's name still signs in as who it is.
    const withExtra = await t.app.inject({ method: 'POST', url: '/api/login', payload: { accessKey: OPERATOR_KEY, role: 'Admin' } });
    expect(claimsOf(String(json(withExtra).token))).toMatchObject({ name: 'operator', role: 'Operator' });
    await t.app.close();
  });

  it('a malformed body gets 400 naming the field', async () => {
    const t = await makeApp();
    for (const payload of [{}, { accessKey: 5 }, { accessKey: 'k'.repeat(513) }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/login', payload });
      expect(response.statusCode).toBe(400);
      expect(json(response).details).toEqual([expect.objectContaining({ in: 'body', field: 'accessKey' })]);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"accessKey":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(typeof json(notJson).error).toBe('string');
    await t.app.close();
  });

  it('is rate limited per client address: 429 after LOGIN_RATE_LIMIT refused keys a minute', async () => {
    const t = await makeApp({ loginRateLimit: 3 });
    for (let i = 0; i < 3; i += 1) expect((await login(t.app, 'wrong-key-000000')).statusCode).toBe(401);
    const limited = await login(t.app, ADMIN_KEY);
    expect(limited.statusCode).toBe(429);
    expect(String(json(limited).error)).toMatch(/^too many login attempts, try again in \d+ s$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(t.app, ADMIN_KEY, '10.0.0.2')).statusCode).toBe(200);
    // The window is the app's clock's (lib/clock.ts): once it ends, the address may sign in again.
    t.clock.advance(60_000);
    expect((await login(t.app, ADMIN_KEY)).statusCode).toBe(200);
    await t.app.close();
  });

  it('good keys never count against the limit: many sign-ins a minute from one address all succeed', async () => {
    const t = await makeApp({ loginRateLimit: 3 });
    for (let i = 0; i < 12; i += 1) expect((await login(t.app, i % 2 ? ADMIN_KEY : OPERATOR_KEY)).statusCode).toBe(200);
    expect((await login(t.app, 'wrong-key-000000')).statusCode).toBe(401);
    expect((await login(t.app, ADMIN_KEY)).statusCode).toBe(200);
    await t.app.close();
  });

  it('wrong keys sent all at once cannot slip in under the limit while the first are being checked', async () => {
    const t = await makeApp({ loginRateLimit: 3 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => login(t.app, 'wrong-key-000000')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    await t.app.close();
  });
});

describe('access keys at rest', () => {
  it('are stored as salted scrypt hashes, never in plaintext', async () => {
    const dataDir = tempDir('console-db-');
    const t = await makeApp({ dataDir });
    expect((await login(t.app, ADMIN_KEY)).statusCode).toBe(200);
    const filesWhileOpen = readdirSync(dataDir).map((file) => readFileSync(join(dataDir, file)));
    await t.app.close();

    const files = [...filesWhileOpen, ...readdirSync(dataDir).map((file) => readFileSync(join(dataDir, file)))];
    expect(files.length).toBeGreaterThan(1);
    for (const bytes of files) {
      expect(bytes.includes(ADMIN_KEY)).toBe(false);
      expect(bytes.includes(OPERATOR_KEY)).toBe(false);
    }
    const db = new BetterSqlite3(join(dataDir, 'console.db'), { readonly: true });
    const rows = db.prepare('SELECT name, role, hash FROM access_keys ORDER BY name').all() as { name: string; role: string; hash: string }[];
    db.close();
    expect(rows.map((r) => [r.name, r.role])).toEqual([
      ['admin', 'Admin'],
      ['operator', 'Operator'],
    ]);
    const salts = rows.map((r) => r.hash.split('$')[4]);
    for (const row of rows) expect(row.hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(new Set(salts).size).toBe(2);
  });

  it('are generated once when none are configured, and kept across restarts', async () => {
    const dataDir = tempDir('console-db-');
    const first = await buildApp({ dataDir, staticDir: dataDir, demoTxs: DEMO_TXS_IN_TESTS });
    const { admin, operator } = first.generatedKeys;
    expect(admin).toMatch(/^[\w-]{32}$/);
    expect(operator).toMatch(/^[\w-]{32}$/);
    const token = String(json(await login(first, admin)).token);
    expect(claimsOf(token).role).toBe('Admin');
    await first.close();

    const second = await buildApp({ dataDir, staticDir: dataDir, demoTxs: DEMO_TXS_IN_TESTS });
    expect(second.generatedKeys).toEqual({});
    expect((await login(second, operator)).statusCode).toBe(200);
    // The generated session secret is kept too: the first app's token still verifies.
    const use = await second.inject({ method: 'GET', url: '/api/configs', headers: { 'x-api-key': token } });
    expect(use.statusCode).toBe(200);
    await second.close();
  });

  it('a configured key replaces the stored one on start', async () => {
    const dataDir = tempDir('console-db-');
    const first = await makeApp({ dataDir });
    await first.app.close();
    const second = await makeApp({ dataDir, keys: { admin: 'replacement-admin-key' } }, new TestClock());
    expect((await login(second.app, ADMIN_KEY)).statusCode).toBe(401);
    expect((await login(second.app, 'replacement-admin-key')).statusCode).toBe(200);
    expect((await login(second.app, OPERATOR_KEY)).statusCode).toBe(200);
    await second.app.close();
  });
});
