/** Without a session, an /api path's length does not tell whether its route exists. */
import { describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.ts';

const LONG = 'x'.repeat(150);

describe('Errors (protocol): 401 whatever the length, without a session', () => {
  it('a 150-character last segment is 401 on real routes and elsewhere alike', async () => {
    const t = await makeApp();
    for (const [method, url] of [
      ['GET', `/api/configs/${LONG}`],
      ['PUT', `/api/tokens/${LONG}`],
      ['DELETE', `/api/bridges/${LONG}`],
      ['GET', `/api/txs/${LONG}`],
      ['GET', `/api/no-such-route/${LONG}`],
      ['GET', `/%61pi/configs/${LONG}`],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect([url, response.statusCode, response.json()]).toEqual([url, 401, { error: 'unauthorized' }]);
      const forged = await t.app.inject({ method, url, headers: { 'x-api-key': 'not-a-token' } });
      expect([url, forged.statusCode]).toEqual([url, 401]);
    }
    await t.app.close();
  });

  it('with a session, the over-long parameter is still refused for what it is (414), and public login is unaffected', async () => {
    const t = await makeApp();
    const response = await t.app.inject({ method: 'GET', url: `/api/configs/${LONG}`, headers: { 'x-api-key': t.adminToken } });
    expect(response.statusCode).toBe(414);
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { accessKey: 'wrong-key-000000' } })).statusCode).toBe(401);
    // Outside /api an over-long path is not about sessions at all.
    expect((await t.app.inject({ method: 'GET', url: `/assets/${LONG}` })).statusCode).not.toBe(401);
    await t.app.close();
  });
});
