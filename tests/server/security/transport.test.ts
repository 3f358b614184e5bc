/** Transport: HSTS only over TLS, and an Origin's scheme compared with the request's. */
import { describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.ts';

describe('transport: HSTS and the Origin\'s scheme', () => {
  it('HSTS is not sent over plain http, nor on an X-Forwarded-Proto the server does not trust', async () => {
    const t = await makeApp();
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/', headers });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
    await t.app.close();
  });

  it('HSTS is sent behind TRUST_PROXY when the proxy says the browser came over https', async () => {
    const t = await makeApp({ trustProxy: true });
    const https = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    await t.app.close();
  });

  it("a page on the server's host under the other scheme is another origin: 403", async () => {
    // console.lan is a name the server is told it serves (ALLOWED_HOSTS), as a LAN deployment would.
    const t = await makeApp({ allowedHosts: ['console.lan'] });
    const call = (origin: string) =>
      t.app.inject({ method: 'GET', url: '/api/txs/', headers: { host: 'console.lan:8080', origin, 'x-api-key': t.operatorToken } });
    expect((await call('http://console.lan:8080')).statusCode).toBe(200);
    const other = await call('https://console.lan:8080');
    expect([other.statusCode, other.json()]).toEqual([403, { error: 'origin not allowed' }]);
    await t.app.close();
  });
});
