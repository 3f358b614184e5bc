import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE } from '../../src/config/enums.ts';
import { SESSION_MS } from '../../src/config/constants.ts';
import { signSession } from '../../server/src/auth/jwt.ts';
import { PERMISSIONS } from '../../server/src/auth/permissions.ts';
import { base64urlJson, makeApp, samplePath, SECRET, START, type TestApp } from './helpers.ts';

const protectedRoutes = PERMISSIONS.filter((p) => p.access !== 'public');
const adminRoutes = PERMISSIONS.filter((p) => p.access === 'admin');
const anyRoutes = PERMISSIONS.filter((p) => p.access === 'any');

function forgeRole(token: string, role: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  return [header, base64urlJson({ ...claims, role }), signature].join('.');
}

function signedWith(header: object, claims: object, secret = SECRET, algorithm = 'sha256'): string {
  const input = `${base64urlJson(header)}.${base64urlJson(claims)}`;
  return `${input}.${createHmac(algorithm, secret).update(input).digest('base64url')}`;
}

const adminClaims = { name: 'admin', role: ADMIN_ROLE, iat: START / 1000, exp: (START + SESSION_MS) / 1000 };

/** Every way a token can be wrong (docs/protocol.md Errors: 401 = missing/invalid/expired token). */
function badTokens(operatorToken: string): Record<string, string | undefined> {
  return {
    missing: undefined,
    empty: '',
    garbage: 'not a token',
    'three garbage parts': 'aaa.bbb.ccc',
    expired: signSession({ name: 'admin', role: ADMIN_ROLE }, SECRET, START - SESSION_MS - 1000),
    'wrong secret': signSession({ name: 'admin', role: ADMIN_ROLE }, 'another-secret-0123456789-abcdefghij', START),
    'alg none': `${base64urlJson({ alg: 'none', typ: 'JWT' })}.${base64urlJson(adminClaims)}.`,
    'alg none with signature': `${base64urlJson({ alg: 'none' })}.${base64urlJson(adminClaims)}.c2ln`,
    'alg HS512': signedWith({ alg: 'HS512', typ: 'JWT' }, adminClaims, SECRET, 'sha512'),
    'forged role': forgeRole(operatorToken, ADMIN_ROLE),
  };
}

describe('§6 permission table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
    await t.app.ready();
  });
  afterAll(() => t.app.close());

  it('§7 every registered /api route has exactly one permission entry, and every entry is registered', () => {
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    const table = PERMISSIONS.map((p) => `${p.method} ${p.url}`).sort();
    expect(new Set(table).size).toBe(table.length);
    expect(registered).toEqual(table);
  });

  it('§7 the table covers the Solana bridge config and the quote proxy', () => {
    const urls = PERMISSIONS.map((p) => `${p.method} ${p.url}`);
    expect(urls.filter((u) => u.includes('/solana-bridge/'))).toHaveLength(8);
    expect(urls).toContain('GET /api/proxy/:a/:b');
  });

  describe.each(protectedRoutes)('Errors (protocol): 401 on $method $url', ({ method, url }) => {
    it('for a missing, garbage, expired, wrong-secret, alg-none, other-alg or forged-role token', async () => {
      for (const [kind, token] of Object.entries(badTokens(t.operatorToken))) {
        const response = await t.app.inject({
          method,
          url: samplePath(url),
          headers: token === undefined ? {} : { 'x-api-key': token },
        });
        expect({ kind, status: response.statusCode, body: response.json() }).toEqual({
          kind,
          status: 401,
          body: { error: 'unauthorized' },
        });
      }
    });
  });

  it.each(adminRoutes)('§6 operator gets 403 on admin-only $method $url', async ({ method, url }) => {
    const response = await t.app.inject({ method, url: samplePath(url), headers: { 'x-api-key': t.operatorToken } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'not allowed' });
  });

  it.each(adminRoutes)('§6 admin passes auth on admin-only $method $url (and a real handler answers)', async ({ method, url }) => {
    const response = await t.app.inject({ method, url: samplePath(url), headers: { 'x-api-key': t.adminToken } });
    expect([401, 403, 500, 501]).not.toContain(response.statusCode);
  });

  it.each(anyRoutes)('§6 operator passes auth on $method $url (and a real handler answers)', async ({ method, url }) => {
    // Sign-out ends the session it is sent with, so it gets one of its own.
    const token = url === '/api/logout' ? t.app.sessions.issue({ name: 'operator', role: 'Operator' }) : t.operatorToken;
    const response = await t.app.inject({ method, url: samplePath(url), headers: { 'x-api-key': token } });
    expect([401, 403, 500, 501]).not.toContain(response.statusCode);
  });

  it('§6 the role must be exactly Admin: "admin" is not Admin', async () => {
    const token = signSession({ name: 'x', role: 'admin' }, SECRET, START);
    const response = await t.app.inject({ method: 'GET', url: '/api/configs', headers: { 'x-api-key': token } });
    expect(response.statusCode).toBe(403);
  });
});

describe('§6 deny by default', () => {
  it('an /api route registered without a permission entry is refused 403, even to Admin', async () => {
    const t = await makeApp();
    t.app.get('/api/unlisted', async () => ({ secret: true }));
    const response = await t.app.inject({ method: 'GET', url: '/api/unlisted', headers: { 'x-api-key': t.adminToken } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'not allowed' });
    await t.app.close();
  });
});
