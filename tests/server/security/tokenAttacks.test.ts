/**
 * Attackers with tokens: signature, expiry and role are checked on every request and on
 * the socket handshake. Every kind of bad token is refused (401, or connect_error "unauthorized")
 * on every route the app registers under /api that is not public, and on socket connect.
 */
import { createHmac } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE, OPERATOR_ROLE } from '../../../src/config/enums.ts';
import { SESSION_MS } from '../../../src/config/constants.ts';
import { signSession } from '../../../server/src/auth/jwt.ts';
import { permissionFor } from '../../../server/src/auth/permissions.ts';
import { base64urlJson, makeApp, samplePath, SECRET, type TestApp } from '../helpers.ts';
import { registeredRoutes } from './fixtures.ts';

const OTHER_SECRET = 'another-secret-0123456789-abcdefghijklmn';

function hs(header: object, claims: object, secret = SECRET, algorithm = 'sha256'): string {
  const input = `${base64urlJson(header)}.${base64urlJson(claims)}`;
  return `${input}.${createHmac(algorithm, secret).update(input).digest('base64url')}`;
}

/** The payload edited, the signature kept. */
function withClaims(token: string, edit: (claims: Record<string, unknown>) => Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  return [header, base64urlJson(edit(claims)), signature].join('.');
}

/** Every way a session token can be wrong, for a clock at nowMs. */
function badTokens(nowMs: number): Record<string, unknown> {
  const operator = signSession({ name: 'operator', role: OPERATOR_ROLE }, SECRET, nowMs);
  const admin = signSession({ name: 'admin', role: ADMIN_ROLE }, SECRET, nowMs);
  const claims = { name: 'admin', role: ADMIN_ROLE, iat: Math.floor(nowMs / 1000), exp: Math.floor((nowMs + SESSION_MS) / 1000) };
  const [adminHeader, adminPayload] = admin.split('.') as [string, string];
  return {
    missing: undefined,
    empty: '',
    'not a JWT': 'not a token',
    'two parts': `${adminHeader}.${adminPayload}`,
    'four parts': `${admin}.x`,
    'garbage parts': 'aaa.bbb.ccc',
    'padded with whitespace': ` ${admin} `,
    'not a string': 12345,
    'huge': `${admin}${'A'.repeat(10_000)}`,
    'signed with another secret': signSession({ name: 'admin', role: ADMIN_ROLE }, OTHER_SECRET, nowMs),
    expired: signSession({ name: 'admin', role: ADMIN_ROLE }, SECRET, nowMs - SESSION_MS - 1000),
    'expiry edited, signature kept': withClaims(signSession({ name: 'admin', role: ADMIN_ROLE }, SECRET, nowMs - SESSION_MS - 1000), (c) => ({
      ...c,
      exp: Math.floor(nowMs / 1000) + 3600,
    })),
    'alg none, no signature': `${base64urlJson({ alg: 'none', typ: 'JWT' })}.${base64urlJson(claims)}.`,
    'alg none, with a signature': `${base64urlJson({ alg: 'none', typ: 'JWT' })}.${base64urlJson(claims)}.${admin.split('.')[2]}`,
    'alg NONE': `${base64urlJson({ alg: 'NONE' })}.${base64urlJson(claims)}.`,
    'alg HS512 with the right secret': hs({ alg: 'HS512', typ: 'JWT' }, claims, SECRET, 'sha512'),
    'extra header field (kid)': hs({ alg: 'HS256', typ: 'JWT', kid: '../../dev/null' }, claims),
    'forged role (operator made Admin)': withClaims(operator, (c) => ({ ...c, role: ADMIN_ROLE })),
    'forged name': withClaims(admin, (c) => ({ ...c, name: 'someone-else' })),
    'no exp': hs({ alg: 'HS256', typ: 'JWT' }, { name: 'admin', role: ADMIN_ROLE }),
    'empty name': hs({ alg: 'HS256', typ: 'JWT' }, { ...claims, name: '' }),
    'signature of another token': `${adminHeader}.${adminPayload}.${operator.split('.')[2]}`,
  };
}

describe('bad tokens on REST: every non-public /api route refuses every bad token with 401', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
    await t.app.ready();
  });
  afterAll(() => t.app.close());

  it('covers every registered /api route that is not public, from the app itself', () => {
    const routes = registeredRoutes(t.app).filter((r) => r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(40);
  });

  it('Errors (protocol): 401 {error: "unauthorized"} for each kind of bad token, on each route', async () => {
    const routes = registeredRoutes(t.app).filter((r) => r.url.startsWith('/api/') && permissionFor(r.method, r.url)?.access !== 'public');
    const tokens = badTokens(t.clock.now());
    const failures: string[] = [];
    for (const route of routes) {
      for (const [kind, token] of Object.entries(tokens)) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: samplePath(route.url),
          headers: token === undefined ? {} : { 'x-api-key': String(token) },
        });
        if (response.statusCode !== 401 || response.body !== '{"error":"unauthorized"}') {
          failures.push(`${route.method} ${route.url} with ${kind}: ${response.statusCode} ${response.body.slice(0, 100)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('the token is read from x-api-key only: a good one in Authorization, a cookie or the query is not a session', async () => {
    for (const request of [
      { headers: { authorization: `Bearer ${t.adminToken}` } },
      { headers: { cookie: `USER_API_KEY=${t.adminToken}; token=${t.adminToken}` } },
      { headers: {}, query: `?x-api-key=${t.adminToken}&token=${t.adminToken}` },
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/configs${request.query ?? ''}`, headers: request.headers });
      expect(response.statusCode).toBe(401);
    }
  });

  it('a session expires at its exp: the same token is accepted a second before and refused after', async () => {
    const token = signSession({ name: 'admin', role: ADMIN_ROLE }, SECRET, t.clock.now());
    const request = () => t.app.inject({ method: 'GET', url: '/api/configs', headers: { 'x-api-key': token } });
    t.clock.advance(SESSION_MS - 1000);
    expect((await request()).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await request()).statusCode).toBe(401);
    t.clock.advance(-SESSION_MS);
  });

  it('the good tokens are accepted (the refusals above are not a broken server)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/configs', headers: { 'x-api-key': t.adminToken } });
    expect(response.statusCode).toBe(200);
  });
});

describe('bad tokens on the socket handshake: every bad token gets connect_error "unauthorized"', () => {
  let t: TestApp;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // Real time: the socket's session timer runs on real timers.
    t = await makeApp({ now: Date.now });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (typeof address !== 'object' || !address) throw new Error('not listening');
    url = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await t.app.close();
  });

  /** The first thing the handshake gives: 'connected' and the events, or the connect_error message. */
  function handshake(auth: Record<string, unknown>, query: Record<string, string> = {}): Promise<string> {
    const socket = connect(url, { auth, query: { events: 'init', ...query }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve('no answer'), 5000);
      socket.once('connect_error', (error: Error) => {
        clearTimeout(timer);
        resolve(`connect_error ${error.message}`);
      });
      socket.once('init', () => {
        clearTimeout(timer);
        resolve('init');
      });
    });
  }

  it('refuses every kind of bad token, and a good token in the query instead of auth', async () => {
    const outcomes: Record<string, string> = {};
    const tokens = badTokens(Date.now());
    const results = await Promise.all(Object.entries(tokens).map(async ([kind, token]) => [kind, await handshake(token === undefined ? {} : { token })] as const));
    for (const [kind, outcome] of results) outcomes[kind] = outcome;
    outcomes['good token in the query'] = await handshake({}, { token: signSession({ name: 'admin', role: ADMIN_ROLE }, SECRET, Date.now()) });
    const expected = Object.fromEntries(Object.keys(outcomes).map((kind) => [kind, 'connect_error unauthorized']));
    expect(outcomes).toEqual(expected);
  });

  it('accepts a good token (the refusals above are not a broken server)', async () => {
    expect(await handshake({ token: signSession({ name: 'operator', role: OPERATOR_ROLE }, SECRET, Date.now()) })).toBe('init');
  });
});
