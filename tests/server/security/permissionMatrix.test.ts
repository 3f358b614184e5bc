/**
 * The permission table tested exhaustively (§6): every route x every role, generated
 * from both the permission table and the routes the app registers (the simulator's route
 * included), so a route registered without a decision, or a decision without its route, fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, SIM_PERMISSIONS, isAllowed, permissionFor, type Permission } from '../../../server/src/auth/permissions.ts';
import type { App } from '../../../server/src/app.ts';
import { ADMIN_ROLE, OPERATOR_ROLE } from '../../../src/config/enums.ts';
import { ADMIN_KEY, makeApp, samplePath, type TestApp } from '../helpers.ts';
import { expectProtocolError, registeredRoutes, routeKey, type Route } from './fixtures.ts';
import { goodBody, type Known } from './samples.ts';

const TABLE: readonly Permission[] = [...PERMISSIONS, ...SIM_PERMISSIONS];

/** The /api routes of an app that the permission table says nothing about. */
function undecidedRoutes(app: App): string[] {
  return registeredRoutes(app)
    .filter((route) => route.url.startsWith('/api/') && permissionFor(route.method, route.url) === undefined)
    .map(routeKey);
}

const ROLES = [
  { role: 'no token', name: null },
  { role: OPERATOR_ROLE, name: 'operator' },
  { role: ADMIN_ROLE, name: 'admin' },
] as const;
type Caller = (typeof ROLES)[number];

/** What the server must answer: 401 without a token, 403 for a role not allowed, else the handler's own answer. */
function decision(permission: Permission, caller: Caller): 'unauthorized' | 'forbidden' | 'handled' {
  if (permission.access === 'public') return 'handled';
  if (caller.name === null) return 'unauthorized';
  return isAllowed(permission, caller.role) ? 'handled' : 'forbidden';
}

const known: Known = { tokenName: ['USDC'], bridgeName: ['stargate-eth-arb'], configName: [], txId: [], tradeId: [], sellId: [], peer: [] };

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ sim: { enabled: true, seed: 7, rate: 1 } });
  await t.app.ready();
  t.app.sim?.pause();
});
afterAll(() => t.app.close());

describe('§6 permission matrix: the table and the registered routes are the same set', () => {
  it('every registered /api route has a decision in the table', () => {
    expect(undecidedRoutes(t.app)).toEqual([]);
  });

  it('every decision in the table is a registered route (with the simulator on)', () => {
    const registered = new Set(registeredRoutes(t.app).map(routeKey));
    expect(TABLE.map((p) => `${p.method} ${p.url}`).filter((key) => !registered.has(key))).toEqual([]);
    expect(new Set(TABLE.map((p) => `${p.method} ${p.url}`)).size).toBe(TABLE.length);
  });

  it('a route added without a decision is caught by the check above, and refused 403 even to Admin', async () => {
    const extra = await makeApp();
    extra.app.post('/api/new-feature/:id', async () => ({ ok: true }));
    await extra.app.ready();
    expect(undecidedRoutes(extra.app)).toEqual(['POST /api/new-feature/:id']);
    const response = await extra.app.inject({ method: 'POST', url: '/api/new-feature/1', headers: { 'x-api-key': extra.adminToken } });
    expect(response.statusCode).toBe(403);
    await extra.app.close();
  });
});

/** Every (route, role) pair: the routes from the app, their decisions from the table. */
function matrix(): { route: Route; permission: Permission; caller: Caller }[] {
  const routes = registeredRoutes(t.app).filter((route) => route.url.startsWith('/api/'));
  return routes.flatMap((route) => {
    const permission = permissionFor(route.method, route.url);
    if (!permission) throw new Error(`no decision for ${routeKey(route)}`);
    return ROLES.map((caller) => ({ route, permission, caller }));
  });
}

describe('§6 permission matrix: the server enforces each decision for each role', () => {
  it('every route x {no token, Operator, Admin}: 401, 403 or the handler, as the table says; a refusal is never 2xx', async () => {
    const cells = matrix();
    expect(cells.length).toBe(TABLE.length * ROLES.length);
    const wrong: string[] = [];
    const tally = { unauthorized: 0, forbidden: 0, handled: 0, handled2xx: 0 };
    for (const { route, permission, caller } of cells) {
      const expected = decision(permission, caller);
      const token =
        caller.name === null
          ? undefined
          : routeKey(route) === 'POST /api/logout'
            ? // Sign-out ends the session it is sent with: a session of its own.
              t.app.sessions.issue({ name: caller.name, role: caller.role })
            : caller.name === 'admin'
              ? t.adminToken
              : t.operatorToken;
      // Login is public: with a real key it is handled to a 200 (a wrong key is its own 401).
      const body = routeKey(route) === 'POST /api/login' ? { accessKey: ADMIN_KEY } : route.method === 'GET' ? undefined : goodBody(routeKey(route), known);
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: samplePath(route.url),
        headers: token === undefined ? {} : { 'x-api-key': token },
        ...(body === undefined ? {} : { payload: body }),
      });
      const status = response.statusCode;
      const cell = `${routeKey(route)} as ${caller.role}: expected ${expected}, got ${status} ${response.body.slice(0, 120)}`;
      tally[expected]++;
      if (expected === 'unauthorized' && status !== 401) wrong.push(cell);
      if (expected === 'forbidden' && status !== 403) wrong.push(cell);
      if (expected === 'handled') {
        if (status === 401 || status === 403 || status >= 500) wrong.push(cell);
        if (status < 300) tally.handled2xx++;
      }
      if (status >= 400) expectProtocolError(response);
    }
    expect(wrong).toEqual([]);
    // The three outcomes all occur, and allowed calls do get through to a 2xx, not only to a 400.
    expect(tally.unauthorized).toBeGreaterThan(0);
    expect(tally.forbidden).toBeGreaterThan(0);
    expect(tally.handled2xx).toBeGreaterThan(10);
  });

  it('SECURITY "Who can reach it": without a session, only sign-in and the two contract documents answer under /api', async () => {
    // A route made public by mistake in the table would pass the matrix above; this is the list SECURITY.md promises.
    const answered: string[] = [];
    for (const route of registeredRoutes(t.app).filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD')) {
      const response = await t.app.inject({ method: route.method as 'GET', url: samplePath(route.url), ...(route.method === 'GET' ? {} : { payload: {} }) });
      if (response.statusCode !== 401) answered.push(routeKey(route));
    }
    expect(answered.sort()).toEqual(['GET /api/asyncapi.json', 'GET /api/openapi.json', 'POST /api/login']);
  });

  it('HEAD of every GET route follows the GET decision', async () => {
    const gets = registeredRoutes(t.app).filter((route) => route.method === 'GET' && route.url.startsWith('/api/'));
    for (const route of gets) {
      const permission = permissionFor('HEAD', route.url);
      expect(permission).toBeDefined();
      const anonymous = await t.app.inject({ method: 'HEAD', url: samplePath(route.url) });
      // Public GETs (the contract documents, docs/protocol.md REST routes) answer anyone; every
      // other one refuses.
      expect(anonymous.statusCode, routeKey(route)).toBe(permission?.access === 'public' ? 200 : 401);
      const operator = await t.app.inject({ method: 'HEAD', url: samplePath(route.url), headers: { 'x-api-key': t.operatorToken } });
      expect(operator.statusCode, routeKey(route)).toBe(permission?.access === 'admin' ? 403 : operator.statusCode);
      expect(operator.statusCode).not.toBe(401);
    }
  });

  it('an /api path or method nobody registered: 401 without a token, 404 with one, never 2xx', async () => {
    for (const [method, url] of [
      ['GET', '/api/users'],
      ['GET', '/api/access-keys'],
      ['PATCH', '/api/tokens/USDC'],
      ['DELETE', '/api/configs/networkSettings'],
      ['GET', '/api/login'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      const response = await t.app.inject({ method, url, headers: { 'x-api-key': t.adminToken } });
      expect([404, 405]).toContain(response.statusCode);
      expectProtocolError(response);
    }
  });
});
