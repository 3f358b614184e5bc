/**
 * SECURITY "Origins and proxies": the API and socket.io answer the console's own pages by default,
 * configured origins get CORS, and TRUST_PROXY makes the login limiter count the real client
 * behind the TLS proxy instead of the proxy's one address.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { judgeOrigin } from '../../../server/src/lib/origins.ts';
import { ADMIN_KEY, makeApp, type TestApp } from '../helpers.ts';

const closing: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

const HOST = '127.0.0.1:8080';

describe('SECURITY: only the console\'s own origin by default', () => {
  it('judgeOrigin: no Origin or the same host is the console; a listed origin is listed; anything else, null included, is refused', () => {
    expect(judgeOrigin(undefined, HOST, [])).toBe('same');
    expect(judgeOrigin('http://127.0.0.1:8080', HOST, [])).toBe('same');
    expect(judgeOrigin('https://console.example.com', 'console.example.com', [])).toBe('same');
    expect(judgeOrigin('http://127.0.0.1:8081', HOST, [])).toBe('refused');
    expect(judgeOrigin('http://evil.example', HOST, [])).toBe('refused');
    expect(judgeOrigin('null', HOST, [])).toBe('refused');
    expect(judgeOrigin('https://ops.example.com', HOST, ['https://ops.example.com'])).toBe('listed');
    expect(judgeOrigin('http://ops.example.com', HOST, ['https://ops.example.com'])).toBe('refused');
  });

  it('an API call from another site\'s page is refused 403 before its token is looked at; the console\'s own page and non-browser clients pass', async () => {
    const t = await makeApp();
    closing.push(() => t.app.close());
    const call = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/configs', headers: { host: HOST, 'x-api-key': t.adminToken, ...headers } });

    const foreign = await call({ origin: 'http://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: 'origin not allowed' });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    // A spelled-around path is judged the same.
    expect((await t.app.inject({ method: 'GET', url: '/%61pi/configs', headers: { host: HOST, origin: 'http://evil.example' } })).statusCode).toBe(403);
    expect((await call({ origin: `http://${HOST}` })).statusCode).toBe(200);
    expect((await call({})).statusCode).toBe(200);
    // The console's pages themselves are served whatever the Origin (a page load sends none).
    expect((await t.app.inject({ method: 'GET', url: '/tx', headers: { host: HOST, origin: 'http://evil.example' } })).statusCode).toBe(200);
  });

  it('ALLOWED_ORIGINS: a listed origin gets CORS headers and its preflight a 204; others are still refused', async () => {
    const t = await makeApp({ allowedOrigins: ['https://ops.example.com'] });
    closing.push(() => t.app.close());
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/workers/start',
      headers: { host: HOST, origin: 'https://ops.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-api-key' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': 'https://ops.example.com',
      'access-control-allow-methods': 'GET, POST, PUT, DELETE',
      'access-control-allow-headers': 'content-type, x-api-key, range',
    });
    const listed = await t.app.inject({ method: 'GET', url: '/api/configs', headers: { host: HOST, origin: 'https://ops.example.com', 'x-api-key': t.adminToken } });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['access-control-allow-origin']).toBe('https://ops.example.com');
    // The preflight grants nothing by itself: without a token the call is still 401.
    expect((await t.app.inject({ method: 'GET', url: '/api/configs', headers: { host: HOST, origin: 'https://ops.example.com' } })).statusCode).toBe(401);
    const other = await t.app.inject({ method: 'OPTIONS', url: '/api/configs', headers: { host: HOST, origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
    expect(other.statusCode).toBe(403);
  });

  it('socket.io: a handshake from another site\'s page is refused; the console\'s own origin and a listed one connect', async () => {
    const t = await makeApp({ now: Date.now, allowedOrigins: ['https://ops.example.com'] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    closing.push(() => t.app.close());
    const address = t.app.server.address();
    if (typeof address !== 'object' || !address) throw new Error('not listening');
    const url = `http://127.0.0.1:${address.port}`;
    const token = t.app.sessions.issue({ name: 'operator', role: 'Operator' });
    const attempt = (origin: string) => {
      const socket: Socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { origin } });
      closing.push(() => void socket.disconnect());
      return new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (err: Error) => resolve(`refused: ${err.message}`));
      });
    };
    expect(await attempt('http://evil.example')).toMatch(/^refused/);
    expect(await attempt(url)).toBe('connected');
    expect(await attempt('https://ops.example.com')).toBe('connected');
  });
});

describe('SECURITY: TRUST_PROXY and the login limiter', () => {
  async function refusedLogins(t: TestApp, clients: string[]): Promise<number[]> {
    const statuses: number[] = [];
    for (const client of clients) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': client },
        payload: { accessKey: 'a-wrong-key-000000' },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it('without TRUST_PROXY the proxy\'s address is counted: X-Forwarded-For is not believed', async () => {
    const t = await makeApp({ loginRateLimit: 2 });
    closing.push(() => t.app.close());
    expect(await refusedLogins(t, ['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([401, 401, 429]);
  });

  it('with TRUST_PROXY naming the proxy, each client behind it has its own limit, and a good key still signs in', async () => {
    const t = await makeApp({ loginRateLimit: 2, trustProxy: ['10.0.0.2'] });
    closing.push(() => t.app.close());
    expect(await refusedLogins(t, ['203.0.113.1', '203.0.113.1', '203.0.113.1'])).toEqual([401, 401, 429]);
    expect(await refusedLogins(t, ['203.0.113.2', '203.0.113.3'])).toEqual([401, 401]);
    const good = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '203.0.113.4' }, payload: { accessKey: ADMIN_KEY } });
    expect(good.statusCode).toBe(200);
  });

  it('X-Forwarded-For from an address that is not the listed proxy is not believed', async () => {
    const t = await makeApp({ loginRateLimit: 2, trustProxy: ['10.0.0.9'] });
    closing.push(() => t.app.close());
    expect(await refusedLogins(t, ['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([401, 401, 429]);
  });
});
