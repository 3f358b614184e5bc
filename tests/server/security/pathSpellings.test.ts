/**
 * SECURITY "Authorization decided from the matched route": the router decodes percent escapes,
 * ignores a trailing slash and so on, so a check made on the URL as written can be walked around
 * (`/%61pi/configs` answered every config to a visitor without a token). Generated from the app's
 * own route table: every route, spelled every way a client or proxy might, is refused without a
 * token (or answered with the console's index.html, never data), and every Admin route is refused
 * to an Operator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionFor } from '../../../server/src/auth/permissions.ts';
import { makeApp, samplePath, type TestApp } from '../helpers.ts';
import { registeredRoutes, routeKey, type Route } from './fixtures.ts';

const INDEX_HTML = '<!doctype html><div id="root"></div>';

/** Percent-encodes the character at `index` of `path` (a letter, so the escape is always legal). */
function encodeAt(path: string, index: number): string {
  const c = path.charCodeAt(index);
  return `${path.slice(0, index)}%${c.toString(16).padStart(2, '0')}${path.slice(index + 1)}`;
}

/** The index of the first letter of the last static segment (the path's own name, not the prefix). */
function lastStaticLetter(path: string): number {
  const segments = path.split('/');
  let offset = path.length;
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = segments[i] ?? '';
    offset -= segment.length;
    if (/^[a-z]/i.test(segment) && !segment.startsWith('sample-')) return offset;
    offset -= 1;
  }
  return 1;
}

/** Ways to write the same route that a router or proxy may read as that route. */
export function spellings(path: string): Record<string, string> {
  const rest = path.slice('/api'.length);
  return {
    'the prefix letter a percent-encoded': encodeAt(path, 1),
    'the prefix letter i percent-encoded': encodeAt(path, 3),
    'an escape of an upper-case letter': `/%41pi${rest}`,
    'a letter of the path percent-encoded': encodeAt(path, lastStaticLetter(path)),
    'the escape itself escaped': `/%2561pi${rest}`,
    'upper case': path.toUpperCase(),
    'upper-case prefix': `/API${rest}`,
    'a leading double slash': `/${path}`,
    'a double slash after the prefix': `/api/${rest}`,
    'a dot segment': `/api/.${rest}`,
    'a dot-dot segment': `/api/x/..${rest}`,
    'a dot-dot before the prefix': `/x/..${path}`,
    'an encoded dot-dot': `/x/%2e%2e${path}`,
    'a trailing slash': `${path}/`,
    'a semicolon parameter': `${path};x=1`,
    'an encoded slash before the prefix': `/%2fapi${rest}`,
    'an encoded backslash before the prefix': `/%5capi${rest}`,
    'a query string': `${path}?x-api-key=&role=Admin`,
  };
}

let t: TestApp;
let routes: Route[];
beforeAll(async () => {
  // With the simulator, so that its control route (notify, stopReconnect) is checked too.
  t = await makeApp({ sim: { enabled: true, seed: 5, rate: 1 } });
  await t.app.ready();
  t.app.sim?.pause();
  routes = registeredRoutes(t.app);
});
afterAll(() => t.app.close());

const isIndexHtml = (body: string, contentType: unknown) => body === INDEX_HTML && String(contentType).startsWith('text/html');

describe('SECURITY: authorisation by the route that matched, whatever the spelling', () => {
  it('the table of spellings covers each route of the app (the list is not empty)', () => {
    const protectedRoutes = routes.filter((route) => permissionFor(route.method, route.url)?.access !== 'public');
    expect(protectedRoutes.length).toBeGreaterThan(40);
    expect(protectedRoutes.map(routeKey)).toContain('POST /api/sim/control');
  });

  it('every protected route, spelled 18 ways, without a token: 401 or the console page, never data and never a handler', async () => {
    const leaks: string[] = [];
    let refused = 0;
    for (const route of routes.filter((r) => permissionFor(r.method, r.url)?.access !== 'public')) {
      for (const [how, url] of Object.entries(spellings(samplePath(route.url)))) {
        const response = await t.app.inject({ method: route.method as 'GET', url, payload: route.method === 'GET' ? undefined : {} });
        if (response.statusCode === 401 && response.body === '{"error":"unauthorized"}') {
          refused++;
          continue;
        }
        const page = route.method === 'GET' && response.statusCode === 200 && isIndexHtml(response.body, response.headers['content-type']);
        if (!page) leaks.push(`${routeKey(route)} as ${how} (${url}): ${response.statusCode} ${response.body.slice(0, 80)}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(refused).toBeGreaterThan(500);
  });

  it('every Admin route, spelled every way, with an Operator token: 403 or 404, never a handler', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => permissionFor(r.method, r.url)?.access === 'admin')) {
      for (const [how, url] of Object.entries(spellings(samplePath(route.url)))) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { 'x-api-key': t.operatorToken },
          payload: route.method === 'GET' ? undefined : {},
        });
        const refusedAsForbidden = response.statusCode === 403 && response.body === '{"error":"not allowed"}';
        const unknownPath = response.statusCode === 404 && response.body === '{"error":"not found"}';
        const page = route.method === 'GET' && isIndexHtml(response.body, response.headers['content-type']);
        if (!refusedAsForbidden && !unknownPath && !page) {
          wrong.push(`${routeKey(route)} as ${how} (${url}): ${response.statusCode} ${response.body.slice(0, 80)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the review\'s requests: /%61pi/configs, /ap%69/…, /%61pi/txs/ and POST /%61pi/sim/control get 401 and change nothing', async () => {
    for (const url of ['/%61pi/configs', '/ap%69/configs', '/%61pi/txs/?perPage=1', '/%61pi/bridges/fee-to-eth', '/%61pi/solana-bridge/wormhole']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 401, body: { error: 'unauthorized' } });
    }
    const logsBefore = await t.app.store.userLogs.count();
    for (const payload of [
      { action: 'notify', msg: 'URGENT: re-enter your access key at http://evil.example', type: 'error', autoClose: false },
      { action: 'stopReconnect' },
      { action: 'trade' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/%61pi/sim/control', payload });
      expect(response.statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/%61pi/logs/more', payload: {} })).statusCode).toBe(401);
    expect(await t.app.store.userLogs.count()).toBe(logsBefore);
  });

  it('the same encoded spelling with a valid Admin token reaches the route (the refusals above are by decision)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/%61pi/configs', headers: { 'x-api-key': t.adminToken } });
    expect(response.statusCode).toBe(200);
  });
});

describe('SECURITY: nothing is read or parsed before authentication', () => {
  it('every protected route with a malformed JSON body and no token: 401, not the parser\'s 400', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.method !== 'GET' && permissionFor(r.method, r.url)?.access !== 'public')) {
      const response = await t.app.inject({
        method: route.method as 'POST',
        url: samplePath(route.url),
        headers: { 'content-type': 'application/json' },
        payload: '{"csv": "token,network\\n' + 'x'.repeat(1000) + '", oops',
      });
      if (response.statusCode !== 401) wrong.push(`${routeKey(route)}: ${response.statusCode} ${response.body.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('an 8 MB CSV import without a token is refused with 401 before the body is parsed', async () => {
    const csv = `token,network,address,decimals\n${'T,Solana,So11111111111111111111111111111111111111112,9\n'.repeat(160_000)}`;
    expect(csv.length).toBeGreaterThan(8_000_000);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/solana-bridge/wormhole/import',
      headers: { 'content-type': 'application/json' },
      // Malformed at its very end: a parsed body would be a 400, so a 401 shows it was never parsed.
      payload: `${JSON.stringify({ csv })}}`,
    });
    expect(response.statusCode).toBe(401);
    // The rest of a refused upload is not received on a kept-alive connection: it is closed.
    expect(response.headers.connection).toBe('close');
    const small = await t.app.inject({ method: 'POST', url: '/api/workers/start', payload: {} });
    expect(small.statusCode).toBe(401);
    expect(small.headers.connection).not.toBe('close');
  });
});

describe('SECURITY: deny by default, for every route and not only /api', () => {
  it('a route registered without a permission entry, outside /api too, is refused 403 with or without a token', async () => {
    const extra = await makeApp();
    extra.app.get('/debug/state', async () => ({ secret: true }));
    extra.app.get('/api/unlisted', async () => ({ secret: true }));
    await extra.app.ready();
    for (const url of ['/debug/state', '/api/unlisted', '/%64ebug/state']) {
      for (const headers of [{}, { 'x-api-key': extra.adminToken }]) {
        const response = await extra.app.inject({ method: 'GET', url, headers });
        expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 403, body: { error: 'not allowed' } });
      }
    }
    await extra.app.close();
  });

  it('every route the app registers, /api or not, has an entry in the permission table', () => {
    expect(routes.filter((route) => permissionFor(route.method, route.url) === undefined).map(routeKey)).toEqual([]);
  });
});
