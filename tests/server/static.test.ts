import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, makeStaticDir, type TestApp } from './helpers.ts';

describe('static console and SPA fallback (STACK trap 2)', () => {
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

  it('PROTOCOL an unknown /api route is 404 JSON after auth, 401 before', async () => {
    const withToken = await t.app.inject({ method: 'GET', url: '/api/unknown', headers: { 'x-api-key': t.operatorToken } });
    expect(withToken.statusCode).toBe(404);
    expect(withToken.json()).toEqual({ error: 'not found' });
    const without = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(without.statusCode).toBe(401);
    expect(without.json()).toEqual({ error: 'unauthorized' });
  });

  it('security headers: CSP for a Vite React app, nosniff, no referrer, no framing', async () => {
    for (const url of ['/settings', '/api/unknown']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self' ws: wss:",
        "frame-ancestors 'none'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
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
