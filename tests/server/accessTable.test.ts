/**
 * The reference server against the access table (docs/architecture.md "One table for who may do
 * what"): the /api routes fastify registers are exactly API_ROUTES of src/config/access.ts, and
 * each answers its callers as its entry says (§6). The simulator is on, so its control route is
 * registered and held too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, type ApiRoute } from '../../src/config/access.ts';
import { makeApp, samplePath, type TestApp } from './helpers.ts';

const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe('§6 access table: the server registers the access table\'s /api routes, no more and no fewer', () => {
  let withSim: TestApp;
  let withoutSim: TestApp;
  beforeAll(async () => {
    withSim = await makeApp({ sim: { enabled: true, seed: 1, rate: 1 } });
    withSim.app.sim?.pause();
    withoutSim = await makeApp();
    await Promise.all([withSim.app.ready(), withoutSim.app.ready()]);
  }, 120_000);
  afterAll(async () => {
    await withSim.app.close();
    await withoutSim.app.close();
  });

  const apiRoutesOf = (t: TestApp) => t.app.routeTable.filter((route) => route.url === '/api' || route.url.startsWith('/api/')).map(key);

  it('every /api route fastify registers has exactly one entry, and every entry is registered (method and url)', () => {
    const registered = apiRoutesOf(withSim);
    const table = API_ROUTES.map(key);
    expect(new Set(table).size).toBe(table.length);
    expect(new Set(registered).size).toBe(registered.length);
    expect([...registered].sort()).toEqual([...table].sort());
  });

  it('without the simulator, its control route is neither registered nor anything else left out', () => {
    const table = API_ROUTES.filter((route: ApiRoute) => route.only === undefined).map(key);
    expect(table.length).toBe(API_ROUTES.length - 1);
    expect([...apiRoutesOf(withoutSim)].sort()).toEqual([...table].sort());
  });

  it('§6 each route answers as its entry says: public for anyone, any for a session (else 401), admin for exactly Admin (else 403)', async () => {
    const t = withSim;
    const call = (route: ApiRoute, token: string | undefined) =>
      t.app.inject({ method: route.method, url: samplePath(route.url), headers: token === undefined ? {} : { 'x-api-key': token } });
    const decision = (status: number) => (status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : 'handled');
    const answers: string[] = [];
    const table: string[] = [];
    for (const route of API_ROUTES) {
      // Sign-out ends the session it is sent with: each caller brings one of its own.
      const operator = route.url === '/api/logout' ? t.app.sessions.issue({ name: 'operator', role: 'Operator' }) : t.operatorToken;
      const admin = route.url === '/api/logout' ? t.app.sessions.issue({ name: 'admin', role: 'Admin' }) : t.adminToken;
      const [none, asOperator, asAdmin] = [await call(route, undefined), await call(route, operator), await call(route, admin)];
      answers.push(`${key(route)}: ${decision(none.statusCode)} ${decision(asOperator.statusCode)} ${decision(asAdmin.statusCode)}`);
      const signedIn = route.access === 'public' ? 'handled' : 'unauthorized';
      table.push(`${key(route)}: ${signedIn} ${route.access === 'admin' ? 'forbidden' : 'handled'} handled`);
    }
    expect(answers).toEqual(table);
  });
});
