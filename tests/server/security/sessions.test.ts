/**
 * SECURITY "Sessions that end when they should" and "Bounded sockets" (docs/protocol.md "Login and
 * the session token"): sign-out revokes the session on the server, a changed access key revokes the
 * user's outstanding sessions, one session holds a bounded number of sockets, and connectedUsers is
 * coalesced.
 */
import { rmSync } from 'node:fs';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_ROLE } from '../../../src/config/enums.ts';
import { TOO_MANY_SOCKETS } from '../../../server/src/realtime/socket.ts';
import { ADMIN_KEY, logsWrittenBy, makeApp, tempDir, type TestApp } from '../helpers.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function login(t: TestApp, accessKey: string) {
  return t.app.inject({ method: 'POST', url: '/api/login', payload: { accessKey } });
}

async function tokenOf(t: TestApp, accessKey = ADMIN_KEY): Promise<string> {
  const response = await login(t, accessKey);
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string }>().token;
}

const get = (t: TestApp, token: string, url = '/api/txs/?perPage=1') => t.app.inject({ method: 'GET', url, headers: { 'x-api-key': token } });
const logout = (t: TestApp, token: string) =>
  t.app.inject({ method: 'POST', url: '/api/logout', headers: { 'x-api-key': token, 'content-type': 'application/json' } });

describe('SECURITY: POST /api/logout revokes the session on the server', () => {
  it('Login and the session token (protocol): 204; the token then gets 401 on every call, other sessions of the same user keep working', async () => {
    const t = await makeApp();
    cleanups.push(() => t.app.close());
    const [signedOut, other] = [await tokenOf(t), await tokenOf(t)];
    expect((await get(t, signedOut)).statusCode).toBe(200);

    const logs = await logsWrittenBy(t.app, async () => {
      const response = await logout(t, signedOut);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
    });
    expect(logs).toEqual([expect.objectContaining({ user: 'admin', action: 'session.logout' })]);

    for (const url of ['/api/txs/?perPage=1', '/api/configs', '/api/bridges/fee-to-eth']) {
      expect((await get(t, signedOut, url)).statusCode).toBe(401);
    }
    expect((await logout(t, signedOut)).statusCode).toBe(401);
    expect((await get(t, other)).statusCode).toBe(200);
  });

  it('a revoked session stays revoked after the server restarts', async () => {
    const dataDir = tempDir('console-logout-');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = await makeApp({ dataDir, demoTxs: 0 });
    const token = await tokenOf(first);
    expect((await logout(first, token)).statusCode).toBe(204);
    await first.app.close();

    const second = await makeApp({ dataDir, demoTxs: 0 });
    cleanups.push(() => second.app.close());
    expect((await get(second, token)).statusCode).toBe(401);
    expect((await get(second, await tokenOf(second))).statusCode).toBe(200);
  });

  it("the session's sockets get stopReconnect and are disconnected; another session's socket stays", async () => {
    const t = await makeApp({ now: Date.now });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => t.app.close());
    const url = origin(t);
    const signedOut = await tokenOf(t);
    const stays = await tokenOf(t);
    const ending = [open(url, signedOut), open(url, signedOut)];
    const staying = open(url, stays);
    await Promise.all([...ending, staying].map((s) => connected(s.socket)));

    expect((await logout(t, signedOut)).statusCode).toBe(204);
    for (const { socket, received } of ending) {
      await expect.poll(() => socket.connected).toBe(false);
      expect(received).toContain('stopReconnect');
    }
    // A reconnect with the revoked token is refused as unauthorized.
    const again = open(url, signedOut);
    expect(await connectError(again.socket)).toBe('unauthorized');
    expect(staying.socket.connected).toBe(true);
    expect(staying.received).not.toContain('stopReconnect');
  });
});

describe('SECURITY: changing an access key revokes that user\'s sessions', () => {
  it('ADMIN_KEY changed on an existing database: old Admin tokens get 401, the old key is refused, the new one signs in', async () => {
    const dataDir = tempDir('console-keychange-');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = await makeApp({ dataDir, demoTxs: 0 });
    const adminToken = await tokenOf(first);
    const operatorToken = await tokenOf(first, 'operator-key-for-tests-0002');
    await first.app.close();

    const newKey = 'a-new-admin-key-after-rotation';
    const second = await makeApp({ dataDir, demoTxs: 0, keys: { admin: newKey, operator: 'operator-key-for-tests-0002' } });
    cleanups.push(() => second.app.close());
    second.clock.advance(1);
    expect((await get(second, adminToken)).statusCode).toBe(401);
    expect((await login(second, ADMIN_KEY)).statusCode).toBe(401);
    expect((await get(second, await tokenOf(second, newKey))).statusCode).toBe(200);
    // The operator's key did not change: the operator's session goes on.
    expect((await get(second, operatorToken)).statusCode).toBe(200);
  });

  it('a restart with the same configured key keeps every session (the key is not rewritten)', async () => {
    const dataDir = tempDir('console-samekey-');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = await makeApp({ dataDir, demoTxs: 0 });
    const token = await tokenOf(first);
    const hash = (await first.app.store.accessKeys.get('admin'))?.hash;
    await first.app.close();

    const second = await makeApp({ dataDir, demoTxs: 0 });
    cleanups.push(() => second.app.close());
    expect((await get(second, token)).statusCode).toBe(200);
    expect((await second.app.store.accessKeys.get('admin'))?.hash).toBe(hash);
  });
});

describe('SECURITY: sockets per session are bounded, connectedUsers is coalesced', () => {
  it('SOCKETS_PER_SESSION sockets on one token connect, the next is refused; another session still connects; a freed slot is usable', async () => {
    const t = await makeApp({ now: Date.now, socketsPerSession: 3 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => t.app.close());
    const url = origin(t);
    const token = await tokenOf(t);
    const allowed = [open(url, token), open(url, token), open(url, token)];
    await Promise.all(allowed.map((s) => connected(s.socket)));

    const extra = open(url, token);
    expect(await connectError(extra.socket)).toBe(TOO_MANY_SOCKETS);
    const otherSession = open(url, await tokenOf(t));
    await connected(otherSession.socket);

    allowed[0]?.socket.disconnect();
    await expect.poll(async () => {
      const retry = open(url, token);
      const ok = await Promise.race([connected(retry.socket).then(() => true), connectError(retry.socket).then(() => false)]);
      retry.socket.disconnect();
      return ok;
    }).toBe(true);
  });

  it('the default bound is 8 sockets per session', async () => {
    const t = await makeApp({ now: Date.now });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => t.app.close());
    const url = origin(t);
    const token = t.app.sessions.issue({ name: 'operator', role: 'Operator' });
    const sockets = Array.from({ length: 9 }, () => open(url, token));
    const outcomes = await Promise.all(
      sockets.map(({ socket }) => Promise.race([connected(socket).then(() => 'connected'), connectError(socket)])),
    );
    expect(outcomes.filter((o) => o === 'connected')).toHaveLength(8);
    expect(outcomes.filter((o) => o === TOO_MANY_SOCKETS)).toHaveLength(1);
  });

  it('20 sockets connecting together cost a few connectedUsers broadcasts, not 20', async () => {
    const t = await makeApp({ now: Date.now });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => t.app.close());
    const url = origin(t);
    const watcher = open(url, t.app.sessions.issue({ name: 'admin', role: ADMIN_ROLE }), ['init', 'connectedUsers']);
    await expect.poll(() => watcher.received).toContain('connectedUsers');
    const before = watcher.received.filter((e) => e === 'connectedUsers').length;
    const crowd = Array.from({ length: 20 }, () => open(url, t.app.sessions.issue({ name: 'operator', role: 'Operator' }), ['init']));
    await Promise.all(crowd.map((s) => connected(s.socket)));
    await expect.poll(() => watcher.payloads.at(-1)).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'operator' })]));
    await new Promise((resolve) => setTimeout(resolve, 600));
    const broadcasts = watcher.received.filter((e) => e === 'connectedUsers').length - before;
    expect(broadcasts).toBeGreaterThanOrEqual(1);
    expect(broadcasts).toBeLessThanOrEqual(4);
  });
});

// ---------- sockets ----------

interface Opened {
  socket: Socket;
  received: string[];
  /** connectedUsers payloads, in order. */
  payloads: unknown[];
}

const opened: Socket[] = [];
afterEach(() => {
  for (const socket of opened.splice(0)) socket.disconnect();
});

function origin(t: TestApp): string {
  const address = t.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

function open(url: string, token: string, events = ['init', 'stopReconnect']): Opened {
  const socket = connect(url, { auth: { token }, query: { events: events.join(',') }, transports: ['websocket'], reconnection: false, forceNew: true });
  opened.push(socket);
  const received: string[] = [];
  const payloads: unknown[] = [];
  socket.onAny((event: string, payload: unknown) => {
    received.push(event);
    if (event === 'connectedUsers') payloads.push(payload);
  });
  return { socket, received, payloads };
}

function connected(socket: Socket, timeoutMs = 5000): Promise<void> {
  if (socket.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no connect')), timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function connectError(socket: Socket, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no connect_error')), timeoutMs);
    socket.once('connect_error', (err: Error) => {
      clearTimeout(timer);
      resolve(err.message);
    });
  });
}
