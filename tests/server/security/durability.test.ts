/**
 * Faults: the real server killed with SIGKILL in the middle of a burst of writes. After
 * the kill the database file passes integrity_check and holds every acknowledged write whole (the
 * record and its user log); after a restart on the same data directory the server serves them.
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { io as connect } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE } from '../../../src/config/enums.ts';
import type { InitPayload } from '../../../src/contract/index.ts';
import { signSession } from '../../../server/src/auth/jwt.ts';
import { tempDir } from '../helpers.ts';
import { EVM_ADDRESS } from './samples.ts';
import { integrityCheck, killed, openReadOnly, spawnServer } from './fixtures.ts';

const JWT_SECRET = 'durability-secret-0123456789-abcdefghij';
const ADMIN_KEY = 'durability-admin-key-0123456789';
/** Token creates acknowledged before the kill; more are in flight when it lands. */
const ACKED_BEFORE_KILL = 60;
const IN_FLIGHT = 12;

const dataDir = tempDir('console-durability-');
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function startServer(): Promise<{ child: ChildProcess; url: string }> {
  // As many writes as the test can send: it measures durability, not the per-user write limit.
  return spawnServer({ DATA_DIR: dataDir, ADMIN_KEY, JWT_SECRET, LOG_LEVEL: 'silent', STATIC_DIR: dataDir, WRITE_RATE_LIMIT: '100000' }, children);
}

interface LogRow {
  action: string;
  details: string | null;
}

describe('faults: SIGKILL in the middle of a burst of writes', () => {
  it('every acknowledged write survives whole, integrity_check is ok, and the restarted server serves them', async () => {
    const first = await startServer();
    const token = signSession({ name: 'admin', role: ADMIN_ROLE }, JWT_SECRET, Date.now());
    const headers = { 'x-api-key': token, 'content-type': 'application/json' };
    const call = (method: string, path: string, body: unknown) =>
      fetch(`${first.url}${path}`, { method, headers, body: JSON.stringify(body) });

    const worker = await (await fetch(`${first.url}/api/configs/worker`, { headers })).json() as { version: number; data: Record<string, unknown> };
    const ackedTokens: string[] = [];
    const ackedConfigVersions: number[] = [];
    let stop = false;
    let killedAt = 0;
    /** Token creates sent and not yet answered; the kill waits until some are. */
    let pending = 0;
    let pendingAtKill = 0;

    // Token creates, IN_FLIGHT at a time, until the kill.
    let next = 0;
    const creator = async () => {
      while (!stop) {
        const tokenName = `BURST-${next++}`;
        try {
          pending += 1;
          const response = await call('POST', '/api/tokens', { tokenName, networkData: { Ethereum: { address: EVM_ADDRESS, decimals: 18 } } }).finally(() => {
            pending -= 1;
          });
          if (response.ok) ackedTokens.push(tokenName);
          else throw new Error(`unexpected ${response.status} ${await response.text()}`);
        } catch (err) {
          if (!stop) throw err;
          return;
        }
        // Both kinds of write must have been acknowledged before the kill, or the test would prove less.
        // And the kill lands mid-burst: while other creates are in flight.
        if (ackedTokens.length >= ACKED_BEFORE_KILL && ackedConfigVersions.length >= 3 && killedAt === 0 && pending > 0) {
          killedAt = ackedTokens.length;
          pendingAtKill = pending;
          first.child.kill('SIGKILL');
          stop = true;
        }
      }
    };
    // Config updates, one after another (each PUT carries the version the last one returned).
    const configurer = async () => {
      let version = worker.version;
      for (let i = 0; !stop; i++) {
        try {
          const response = await call('PUT', '/api/configs/worker', { version, data: { ...worker.data, maxParallelTrades: (i % 9) + 1 } });
          if (!response.ok) throw new Error(`unexpected ${response.status} ${await response.text()}`);
          version = ((await response.json()) as { version: number }).version;
          ackedConfigVersions.push(version);
        } catch (err) {
          if (!stop) throw err;
          return;
        }
      }
    };
    await Promise.all([...Array.from({ length: IN_FLIGHT }, creator), configurer()]);
    await killed(first.child);
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(ackedTokens.length).toBeGreaterThanOrEqual(ACKED_BEFORE_KILL);
    // The kill landed mid-burst: creates had been sent and not answered yet.
    expect(pendingAtKill).toBeGreaterThan(0);
    expect(ackedConfigVersions.length).toBeGreaterThan(0);

    // The file as the kill left it.
    const db = openReadOnly(dataDir);
    try {
      expect(integrityCheck(db)).toBe('ok');
      const tokens = new Map(
        db.prepare<[], { token_name: string; data: string }>("SELECT token_name, data FROM tokens WHERE token_name LIKE 'BURST-%'").all().map((row) => [row.token_name, JSON.parse(row.data) as { networkData: Record<string, { address: string }> }]),
      );
      const logs = db.prepare<[], LogRow>("SELECT action, details FROM user_logs WHERE action IN ('token.create', 'config.update')").all();
      const loggedTokens = new Set(
        logs.filter((log) => log.action === 'token.create').map((log) => (JSON.parse(log.details ?? '{}') as { after?: { tokenName?: string } }).after?.tokenName),
      );
      const loggedVersions = new Set(
        logs.filter((log) => log.action === 'config.update').map((log) => (JSON.parse(log.details ?? '{}') as { after?: { version?: number } }).after?.version),
      );

      // Every acknowledged write is there, whole: the record with its data, and its user log.
      for (const name of ackedTokens) {
        expect(tokens.get(name)?.networkData.Ethereum?.address, name).toBe(EVM_ADDRESS);
        expect(loggedTokens.has(name), `user log of ${name}`).toBe(true);
      }
      for (const version of ackedConfigVersions) expect(loggedVersions.has(version), `user log of worker v${version}`).toBe(true);
      const stored = db.prepare<[], { version: number }>("SELECT version FROM configs WHERE config_name = 'worker'").get();
      expect(stored?.version).toBeGreaterThanOrEqual(Math.max(...ackedConfigVersions));

      // Nothing half-written: a record without its log, or a log without its record, in either direction.
      expect([...tokens.keys()].filter((name) => !loggedTokens.has(name))).toEqual([]);
      expect([...loggedTokens].filter((name) => name?.startsWith('BURST-') && !tokens.has(name))).toEqual([]);
      expect(loggedVersions.has(stored?.version)).toBe(true);
    } finally {
      db.close();
    }

    // Restarted on the same directory, the server serves what was acknowledged.
    const second = await startServer();
    try {
      const socket = connect(second.url, {
        auth: { token: signSession({ name: 'admin', role: ADMIN_ROLE }, JWT_SECRET, Date.now()) },
        query: { events: 'init' },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      const init = await new Promise<InitPayload>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no init in 10 s')), 10_000);
        socket.once('init', (payload: InitPayload) => {
          clearTimeout(timer);
          resolve(payload);
        });
      });
      socket.disconnect();
      for (const name of ackedTokens) expect(Object.hasOwn(init.allTokens, name), name).toBe(true);
      const config = await fetch(`${second.url}/api/configs/worker`, { headers: { 'x-api-key': token } });
      expect(((await config.json()) as { version: number }).version).toBeGreaterThanOrEqual(Math.max(...ackedConfigVersions));
    } finally {
      second.child.kill('SIGTERM');
      await killed(second.child);
    }
  }, 90_000);
});
