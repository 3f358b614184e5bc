/** Shared set-up for the server tests: an app on an in-memory database with a controllable clock. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tempDir } from '../support/tempDirs.ts';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { vi } from 'vitest';
import { ADMIN_ROLE, OPERATOR_ROLE } from '../../src/config/enums.ts';
import { buildApp, type App, type AppOptions } from '../../server/src/app.ts';
import { signSession } from '../../server/src/auth/jwt.ts';
import type { ServerEventName, UserLog } from '../../src/contract/index.ts';

export const SECRET = 'test-secret-0123456789-abcdefghijklmnop';
export const ADMIN_KEY = 'admin-key-for-tests-0001';
export const OPERATOR_KEY = 'operator-key-for-tests-0002';
export const START = Date.UTC(2025, 0, 15, 12, 0, 0);
export const DEMO_TXS_IN_TESTS = 500;

export class TestClock {
  constructor(public time = START) {}
  now = (): number => this.time;
  advance(ms: number): void {
    this.time += ms;
  }
}

/** A built console: index.html, a hashed asset and a root file. */
export function makeStaticDir(withIndex = true): string {
  const dir = tempDir('console-static-');
  mkdirSync(join(dir, 'assets'));
  if (withIndex) writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-3f2a1b.js'), 'console.log(1)');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

export { tempDir };

export interface TestApp {
  app: App;
  clock: TestClock;
  adminToken: string;
  operatorToken: string;
}

export async function makeApp(options: AppOptions = {}, clock = new TestClock()): Promise<TestApp> {
  const app = await buildApp({
    jwtSecret: SECRET,
    keys: { admin: ADMIN_KEY, operator: OPERATOR_KEY },
    now: clock.now,
    staticDir: makeStaticDir(),
    // A small history keeps every app quick to build; tests of the full seed ask for more.
    demoTxs: DEMO_TXS_IN_TESTS,
    // No timer: the clock is the test's, and a test asks the trade watch to check (app.tradeWatch.check()).
    stuck: { checkEveryMs: 0 },
    ...options,
  });
  return {
    app,
    clock,
    adminToken: signSession({ name: 'admin', role: ADMIN_ROLE }, SECRET, clock.now()),
    operatorToken: signSession({ name: 'operator', role: OPERATOR_ROLE }, SECRET, clock.now()),
  };
}

/** A concrete path for a route pattern: every :param becomes a sample value. */
export function samplePath(pattern: string): string {
  return pattern.replace(/:([A-Za-z]+)/g, 'sample-$1');
}

export function json(response: LightMyRequestResponse): Record<string, unknown> {
  return response.json<Record<string, unknown>>();
}

export function base64urlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export interface Broadcast {
  event: ServerEventName;
  payload: unknown;
}

/** Runs `work` and returns what it broadcast through the hub (payloads are checked by the hub). */
export async function broadcastsDuring(app: App, work: () => Promise<unknown>): Promise<Broadcast[]> {
  const spy = vi.spyOn(app.hub, 'broadcast');
  try {
    await work();
    return spy.mock.calls.map(([event, payload]) => ({ event, payload }));
  } finally {
    spy.mockRestore();
  }
}

/** Runs `work` and returns the user logs it wrote, oldest first. */
export async function logsWrittenBy(app: App, work: () => Promise<unknown>): Promise<UserLog[]> {
  const before = await app.store.userLogs.count();
  await work();
  const written = (await app.store.userLogs.count()) - before;
  return written === 0 ? [] : (await app.store.userLogs.list({ limit: written })).reverse();
}

/** The fields a 400 body's details name, sorted. */
export function fieldsOf(response: LightMyRequestResponse): string[] {
  const body = response.json<{ details?: { field: string }[] }>();
  return (body.details ?? []).map((detail) => detail.field).sort();
}
