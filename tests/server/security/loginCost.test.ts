/**
 * A sign-in costs one key derivation, whatever the key and however many keys are stored, and
 * sign-ins at once are bounded per address and in all, good keys and bad alike.
 */
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../server/src/app.ts';
import { ADMIN_KEY, DEMO_TXS_IN_TESTS, json, makeApp, OPERATOR_KEY, tempDir } from '../helpers.ts';

function login(app: App, accessKey: string, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/login', payload: { accessKey }, remoteAddress });
}

describe('one key check per sign-in', () => {
  it('a good key and a wrong key each cost one derivation, with 40 keys stored', async () => {
    const t = await makeApp();
    await t.app.store.transaction(async (tx) => {
      for (let i = 0; i < 40; i += 1) {
        const filler = Buffer.alloc(64, i).toString('base64url');
        await tx.accessKeys.upsert({ name: `user-${i}`, role: 'Operator', hash: `scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$${filler}`, lookup: `lookup-${i}`, sessionsValidFrom: 0 });
      }
    });
    const before = t.app.keyHasher.derived;
    expect((await login(t.app, 'a-wrong-key-0000000000')).statusCode).toBe(401);
    expect(t.app.keyHasher.derived - before).toBe(1);
    expect((await login(t.app, OPERATOR_KEY)).statusCode).toBe(200);
    expect(t.app.keyHasher.derived - before).toBe(2);
    await t.app.close();
  });

  it('a key stored before lookups existed still signs in, and from then on costs one derivation', async () => {
    const dataDir = tempDir('console-db-');
    const first = await makeApp({ dataDir });
    await first.app.close();
    const db = new BetterSqlite3(join(dataDir, 'console.db'));
    db.prepare('UPDATE access_keys SET lookup = NULL').run();
    db.close();
    // No keys configured: the stored ones stay as they are, as a generated key of an older database would.
    const second = await buildApp({ dataDir, staticDir: dataDir, demoTxs: DEMO_TXS_IN_TESTS });
    expect((await login(second, ADMIN_KEY)).statusCode).toBe(200);
    const before = second.keyHasher.derived;
    expect((await login(second, ADMIN_KEY)).statusCode).toBe(200);
    expect(second.keyHasher.derived - before).toBe(1);
    await second.close();
  });

  it('12 good sign-ins at once from one address: each signs in or is told to retry, and none counts as a wrong key', async () => {
    const t = await makeApp({ loginRateLimit: 3 });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(t.app, i % 2 ? ADMIN_KEY : OPERATOR_KEY)));
    const errors = answers.filter((a) => a.statusCode !== 200).map((a) => [a.statusCode, json(a).error]);
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    for (const error of errors) expect(error).toEqual([429, 'too many sign-ins at once, try again in 1 s']);
    // The wrong-key limiter still has all three of its refusals left.
    for (let i = 0; i < 3; i += 1) expect((await login(t.app, 'wrong-key-000000')).statusCode).toBe(401);
    expect(json(await login(t.app, ADMIN_KEY)).error).toMatch(/^too many login attempts/);
    await t.app.close();
  });

  it('sign-ins at once are capped per address and in all, whether the key is good or bad', async () => {
    const t = await makeApp({ loginGate: { running: 1, total: 6, perAddress: 3 } });
    const fromOne = await Promise.all(Array.from({ length: 8 }, (_, i) => login(t.app, i % 2 ? ADMIN_KEY : 'wrong-key-000000')));
    expect(fromOne.filter((a) => a.statusCode === 429).length).toBe(5);
    expect(fromOne.filter((a) => a.statusCode !== 429).length).toBe(3);
    const fromMany = await Promise.all(Array.from({ length: 10 }, (_, i) => login(t.app, OPERATOR_KEY, `10.0.0.${i + 1}`)));
    expect(fromMany.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429, 429]);
    expect(fromMany.find((a) => a.statusCode === 429)?.headers['retry-after']).toBe('1');
    await t.app.close();
  });
});
