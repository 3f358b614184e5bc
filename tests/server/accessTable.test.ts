/**
 * One declaration per route (docs/architecture.md): the operations table (src/contract/operations.ts)
 * is where the reference server's routes, its access checks and the OpenAPI document all come from.
 * Held here by identity (each registered route carries the very entry, with the very schemas), and
 * by change: an entry changed at run time changes what the auth hook decides and what the document
 * says, so neither keeps a copy of its own. The simulator is on, so its control route, which has an
 * entry of the same shape kept by the server, is held too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../../src/config/access.ts';
import { openApiDocument, openApiPath } from '../../src/contract/documents/index.ts';
import { OPERATIONS, operation, type Operation } from '../../src/contract/operations.ts';
import type { RouteEntry } from '../../server/src/app.ts';
import { SIM_CONTROL } from '../../server/src/sim/control.ts';
import { makeApp, samplePath, type TestApp } from './helpers.ts';

const key = (route: { method: string; url?: string; path?: string }) => `${route.method} ${route.url ?? route.path}`;
const TABLE: readonly Operation[] = [...OPERATIONS, SIM_CONTROL];

/** Runs `check` with the entry's access changed to `access`, then puts it back. */
async function withAccess(op: Operation, access: Access, check: () => Promise<void> | void): Promise<void> {
  const entry = op as { access: Access };
  const was = entry.access;
  entry.access = access;
  try {
    await check();
  } finally {
    entry.access = was;
  }
}

describe('one declaration per route: the operations table makes the routes, the access checks and the OpenAPI document', () => {
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

  const apiRoutesOf = (t: TestApp): RouteEntry[] => t.app.routeTable.filter((route) => route.url === '/api' || route.url.startsWith('/api/'));

  it('every /api route fastify registers is an entry of the table, and every entry is registered (method and path)', () => {
    const registered = apiRoutesOf(withSim).map(key);
    const table = TABLE.map(key);
    expect(new Set(table).size).toBe(table.length);
    expect(new Set(TABLE.map((op) => op.id)).size).toBe(TABLE.length);
    expect(new Set(registered).size).toBe(registered.length);
    expect([...registered].sort()).toEqual([...table].sort());
  });

  it('without the simulator, its control route is neither registered nor anything else left out', () => {
    expect([...apiRoutesOf(withoutSim).map(key)].sort()).toEqual([...OPERATIONS.map(key)].sort());
  });

  it('each route carries its very entry, and declares exactly the entry\'s own schemas (the same objects)', () => {
    const routes = apiRoutesOf(withSim);
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const op = route.operation;
      const name = key(route);
      expect(op !== undefined && TABLE.includes(op), `${name} carries no entry of the table`).toBe(true);
      if (!op) continue;
      expect(key(op), name).toBe(name);
      const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown; response?: Record<number, unknown> };
      expect(schema.params, `${name} params`).toBe(op.params);
      expect(schema.querystring, `${name} query`).toBe(op.serverQuery ?? op.query);
      expect(schema.body, `${name} body`).toBe(op.body);
      expect(schema.response?.[200], `${name} answer`).toBe(op.answerAsIs ? undefined : op.response);
    }
  });

  it('§6 each route answers as its entry says: public for anyone, any for a session (else 401), admin for exactly Admin (else 403)', async () => {
    const t = withSim;
    const call = (op: Operation, token: string | undefined) =>
      t.app.inject({ method: op.method, url: samplePath(op.path), headers: token === undefined ? {} : { 'x-api-key': token } });
    const decision = (status: number) => (status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : 'handled');
    const answers: string[] = [];
    const table: string[] = [];
    for (const op of TABLE) {
      // Sign-out ends the session it is sent with: each caller brings one of its own.
      const operator = op.path === '/api/logout' ? t.app.sessions.issue({ name: 'operator', role: 'Operator' }) : t.operatorToken;
      const admin = op.path === '/api/logout' ? t.app.sessions.issue({ name: 'admin', role: 'Admin' }) : t.adminToken;
      const [none, asOperator, asAdmin] = [await call(op, undefined), await call(op, operator), await call(op, admin)];
      answers.push(`${key(op)}: ${decision(none.statusCode)} ${decision(asOperator.statusCode)} ${decision(asAdmin.statusCode)}`);
      const signedIn = op.access === 'public' ? 'handled' : 'unauthorized';
      table.push(`${key(op)}: ${signedIn} ${op.access === 'admin' ? 'forbidden' : 'handled'} handled`);
    }
    expect(answers).toEqual(table);
  });

  it('§6 the auth hook reads the entry itself: changing an entry\'s access changes who is let in, with no other table to change', async () => {
    const t = withSim;
    const getConfig = operation('getConfig');
    const asOperator = () => t.app.inject({ method: 'GET', url: '/api/configs/networkSettings', headers: { 'x-api-key': t.operatorToken } });
    expect((await asOperator()).statusCode).toBe(403);
    await withAccess(getConfig, 'any', async () => {
      expect((await asOperator()).statusCode).toBe(200);
    });
    expect((await asOperator()).statusCode).toBe(403);

    const anonymous = () => t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect((await anonymous()).statusCode).toBe(200);
    await withAccess(operation('openApiDocument'), 'any', async () => {
      expect((await anonymous()).statusCode).toBe(401);
    });
  });

  it('the OpenAPI document has one operation per entry of the contract, with its id, summary and access, and no other', () => {
    const paths = openApiDocument().paths as Record<string, Record<string, { operationId?: string; summary?: string; 'x-access'?: string }>>;
    const documented = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId} ${op['x-access']} ${op.summary}`),
    );
    const table = OPERATIONS.map((op) => `${op.method} ${openApiPath(op.path)} ${op.id} ${op.access} ${op.summary}`);
    expect([...documented].sort()).toEqual([...table].sort());
    expect(documented.some((line) => line.includes(SIM_CONTROL.path))).toBe(false);
  });

  it('the OpenAPI document is made from the entries when asked: an entry changed at run time is what it says', async () => {
    const access = () => (openApiDocument().paths as Record<string, Record<string, { 'x-access'?: string }>>)['/api/configs/{configName}']?.get?.['x-access'];
    expect(access()).toBe('admin');
    await withAccess(operation('getConfig'), 'any', () => {
      expect(access()).toBe('any');
    });
    expect(access()).toBe('admin');
  });
});
