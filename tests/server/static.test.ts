import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, makeApp, makeStaticDir, type TestApp } from './helpers.ts';

describe('static console and SPA fallback (docs/decisions.md trap 2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.app.close());

  it.each(['/', '/settings/configs', '/tx/latest', '/settings/bridges/stargate-eth-arb'])(
    'GET %s serves index.html, revalidated on every load',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('hashed assets are cached for a year, immutable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-3f2a1b.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('console.log(1)');
  });

  it('a missing asset is a 404, not index.html', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });

  it('root files are served as they are', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('paths that climb out of the static directory get index.html, never the file', async () => {
    for (const url of ['/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc%2fpasswd', '/assets/..%2f..%2fetc%2fpasswd']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body).not.toContain('root:');
    }
  });

  it('Errors (protocol): an unknown /api route is 404 JSON after auth, 401 before', async () => {
    const withToken = await t.app.inject({ method: 'GET', url: '/api/unknown', headers: { 'x-api-key': t.operatorToken } });
    expect(withToken.statusCode).toBe(404);
    expect(withToken.json()).toEqual({ error: 'not found' });
    const without = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(without.statusCode).toBe(401);
    expect(without.json()).toEqual({ error: 'unauthorized' });
  });

  /** The served CSP as directive -> sources. */
  function cspOf(header: unknown): Map<string, string[]> {
    const map = new Map<string, string[]>();
    for (const part of String(header).split(';')) {
      const [name, ...sources] = part.trim().split(/\s+/);
      if (name) map.set(name, sources);
    }
    return map;
  }

  const HEADER_CASES: [string, { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> }][] = [
    ['the console root', { method: 'GET', url: '/' }],
    ['the login screen', { method: 'GET', url: '/login' }],
    ['a deep link', { method: 'GET', url: '/settings/configs' }],
    ['a hashed asset', { method: 'GET', url: '/assets/index-3f2a1b.js' }],
    ['a root file', { method: 'GET', url: '/favicon.svg' }],
    ['a missing asset (404)', { method: 'GET', url: '/assets/missing-123.js' }],
    ['an API call without a token (401)', { method: 'GET', url: '/api/txs/' }],
    ['a failed login (401)', { method: 'POST', url: '/api/login', payload: { accessKey: 'wrong-key-000000' } }],
    ['an invalid login body (400)', { method: 'POST', url: '/api/login', payload: { accessKey: 5 } }],
    ['an unknown API route (404)', { method: 'GET', url: '/api/unknown' }],
  ];

  it.each(HEADER_CASES)('security headers on %s: strict CSP, nosniff, no referrer, no framing', async (_what, request) => {
    const response = await t.app.inject(request);
    const csp = cspOf(response.headers['content-security-policy']);
    // Scripts only from the console's own files: no inline script, no eval, no handler attributes.
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    // No other host may be reached: an injected script (if one ever ran) could not send data away.
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    // SECURITY.md: styles keep 'unsafe-inline' (emotion injects <style>), nothing else does.
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    for (const [directive, sources] of csp) {
      if (directive !== 'style-src') expect(sources, directive).not.toContain("'unsafe-inline'");
      expect(sources, directive).not.toContain("'unsafe-eval'");
      expect(sources, directive).not.toContain('*');
    }
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(String(response.headers['permissions-policy'])).toContain('camera=()');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('API answers are never cached; the console shell is revalidated and assets stay immutable', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { accessKey: ADMIN_KEY } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const list = await t.app.inject({ method: 'GET', url: '/api/txs/', headers: { 'x-api-key': t.operatorToken } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/login' })).headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-3f2a1b.js' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });
});

describe('console not built', () => {
  it('answers 503 in plain text when STATIC_DIR has no index.html', async () => {
    const t = await makeApp({ staticDir: makeStaticDir(false) });
    const response = await t.app.inject({ method: 'GET', url: '/tx' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe('console not built: run npm run build');
    await t.app.close();
  });
});
