/**
 * The Host header is checked (DNS rebinding). A page of evil.example whose name was re-pointed at
 * this server reaches it as its own origin, but its requests still say `Host: evil.example:PORT`:
 * they are refused 421 (the socket handshake 403) before any route, authentication or origin check.
 * The server's own names, IP addresses, ALLOWED_ORIGINS' hosts and ALLOWED_HOSTS pass; ports are
 * not compared.
 */
import { request as httpRequest } from 'node:http';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../../../server/src/env.ts';
import { hostJudge, hostNameOf, parseHostList } from '../../../server/src/lib/hosts.ts';
import { ADMIN_KEY, makeApp, type TestApp } from '../helpers.ts';

const closing: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

const REFUSED = { error: 'this server does not answer to that host name (its administrator can add the name to ALLOWED_HOSTS)' };

async function app(options: Parameters<typeof makeApp>[0] = {}): Promise<TestApp> {
  const t = await makeApp(options);
  closing.push(() => t.app.close());
  return t;
}

async function listening(options: Parameters<typeof makeApp>[0] = {}): Promise<{ t: TestApp; port: number }> {
  const t = await makeApp({ now: Date.now, ...options });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  closing.push(() => t.app.close());
  const address = t.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  return { t, port: address.port };
}

/** A raw GET with the Host header as given (fetch would write its own). */
function rawGet(port: number, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the Host header (DNS rebinding)', () => {
  it('a rebinding request (Host: evil.example:PORT) to / and to a console page is refused 421 with a clear message', async () => {
    const t = await app();
    for (const url of ['/', '/tx', '/assets/index-3f2a1b.js']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { host: 'evil.example:8080' } });
      expect([url, response.statusCode, response.json()]).toEqual([url, 421, REFUSED]);
      // The refusal is an error like any other: it frames nothing and is not cached.
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
    // The same page under the server's own name is served.
    expect((await t.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost:8080' } })).statusCode).toBe(200);
  });

  it('a rebinding POST /api/login with a good key is refused before the key is checked: no token, no key derived', async () => {
    const t = await app();
    const login = (host: string) => t.app.inject({ method: 'POST', url: '/api/login', headers: { host }, payload: { accessKey: ADMIN_KEY } });
    const derivedBefore = t.app.keyHasher.derived;
    const refused = await login('evil.example:8080');
    expect([refused.statusCode, refused.json()]).toEqual([421, REFUSED]);
    expect(t.app.keyHasher.derived).toBe(derivedBefore);
    // A valid session does not help either: the name is judged before authentication.
    const withToken = await t.app.inject({ method: 'GET', url: '/api/configs', headers: { host: 'evil.example:8080', 'x-api-key': t.adminToken } });
    expect(withToken.statusCode).toBe(421);
    const own = await login('127.0.0.1:8080');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toHaveProperty('token');
  });

  it('the socket.io handshake under a rebinding name is refused (polling and websocket); under the own name it connects', async () => {
    const { t, port } = await listening();
    const polling = await rawGet(port, '/socket.io/?EIO=4&transport=polling', `evil.example:${port}`);
    expect(polling.status).toBe(403);
    expect(JSON.parse(polling.body)).toMatchObject({ message: 'host not allowed' });
    expect((await rawGet(port, '/socket.io/?EIO=4&transport=polling', `127.0.0.1:${port}`)).status).toBe(200);

    const token = t.app.sessions.issue({ name: 'operator', role: 'Operator' });
    const attempt = (host: string) => {
      const socket: Socket = connect(`http://127.0.0.1:${port}`, {
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: { host },
      });
      closing.push(() => void socket.disconnect());
      return new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (err: Error) => resolve(`refused: ${err.message}`));
      });
    };
    expect(await attempt(`evil.example:${port}`)).toMatch(/^refused/);
    expect(await attempt(`localhost:${port}`)).toBe('connected');
  });

  it('the own names pass: localhost, any IP address (127.0.0.1, [::1], a LAN address), with or without a port', async () => {
    const t = await app();
    for (const host of ['localhost', 'localhost:8080', 'LOCALHOST.:8080', '127.0.0.1:8080', '[::1]:8080', '[::1]', '192.168.1.5:8080', '10.0.0.7']) {
      expect([host, (await t.app.inject({ method: 'GET', url: '/', headers: { host } })).statusCode]).toEqual([host, 200]);
    }
    // Names that only look like the own ones are someone else's.
    for (const host of ['localhost.evil.example', '127.0.0.1.nip.io:8080', 'evil.example', 'local host', '[evil]:80', 'localhost:80x']) {
      expect([host, (await t.app.inject({ method: 'GET', url: '/', headers: { host } })).statusCode]).toEqual([host, 421]);
    }
  });

  it('ALLOWED_HOSTS and the hosts of ALLOWED_ORIGINS pass; ports are not compared (a forwarded port is still this server)', async () => {
    const t = await app({ allowedHosts: ['console.lan'], allowedOrigins: ['https://ops.example.com'] });
    const get = async (host: string) => (await t.app.inject({ method: 'GET', url: '/api/configs', headers: { host, 'x-api-key': t.adminToken } })).statusCode;
    expect(await get('console.lan:8080')).toBe(200);
    expect(await get('Console.LAN')).toBe(200);
    expect(await get('ops.example.com')).toBe(200);
    // Port mismatch: decided not to refuse. A rebinding page names its own host whatever the port,
    // and a console behind `docker -p 80:8080` or an SSH tunnel is asked under another port.
    expect(await get('console.lan:9999')).toBe(200);
    expect(await get('localhost:1')).toBe(200);
    expect(await get('evil.example:8080')).toBe(421);
    expect(await get('sub.console.lan')).toBe(421);
  });

  it('behind TRUST_PROXY, X-Forwarded-Host is judged too (every name in it); without TRUST_PROXY it is ignored', async () => {
    const proxied = await app({ trustProxy: ['10.0.0.2'], allowedHosts: ['console.example.com'] });
    const viaProxy = async (forwarded: string) =>
      (await proxied.app.inject({ method: 'GET', url: '/', remoteAddress: '10.0.0.2', headers: { host: '127.0.0.1:8080', 'x-forwarded-host': forwarded } })).statusCode;
    expect(await viaProxy('console.example.com')).toBe(200);
    // The proxy forwarded the rebinding page's name: refused although Host is the upstream's address.
    expect(await viaProxy('evil.example')).toBe(421);
    expect(await viaProxy('console.example.com, evil.example')).toBe(421);
    // A client writing X-Forwarded-Host itself cannot lift a refused Host.
    const own = await proxied.app.inject({ method: 'GET', url: '/', headers: { host: 'evil.example', 'x-forwarded-host': 'console.example.com' } });
    expect(own.statusCode).toBe(421);

    const direct = await app();
    const ignored = await direct.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost', 'x-forwarded-host': 'evil.example' } });
    expect(ignored.statusCode).toBe(200);
  });

  it('hostJudge refuses a request without Host; hostNameOf reads the Host forms', () => {
    const judge = hostJudge({ allowedHosts: [], allowedOrigins: [], trustProxy: false });
    expect(judge({})).toBe(false);
    expect(judge({ host: '' })).toBe(false);
    expect(hostNameOf('[::1]:8080')).toBe('::1');
    expect(hostNameOf('Console.Example.com.:443')).toBe('console.example.com');
    expect(hostNameOf('a:b:c')).toBeNull();
  });

  it('ALLOWED_HOSTS reads bare host names; a scheme or a port is refused at start with the reason', () => {
    expect(parseEnv({ ALLOWED_HOSTS: 'console.lan, Ops.Example.com.,[fd00::1]' }).ALLOWED_HOSTS).toEqual(['console.lan', 'ops.example.com', 'fd00::1']);
    expect(() => parseEnv({ ALLOWED_HOSTS: 'http://console.lan' })).toThrow(/ALLOWED_HOSTS: http:\/\/console.lan is not a host name/);
    expect(() => parseEnv({ ALLOWED_HOSTS: 'console.lan:8080' })).toThrow(/without scheme or port/);
    expect(parseHostList('')).toEqual([]);
  });
});
