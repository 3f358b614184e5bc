import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { ADMIN_ROLE, OPERATOR_ROLE } from '../../src/config/enums.ts';
import { SESSION_MS } from '../../src/config/constants.ts';
import { BATCH_EVENT, BATCH_QUERY, BatchPayload, BrainState, InitPayload, ServerEvents } from '../../src/contract/index.ts';
import { signSession } from '../../server/src/auth/jwt.ts';
import { makeApp, SECRET, type TestApp } from './helpers.ts';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeEach(async () => {
  // Real time here: the session timer of a socket runs on real timers.
  t = await makeApp({ now: Date.now });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  url = `http://127.0.0.1:${address.port}`;
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t.app.close();
});

function token(role = OPERATOR_ROLE, name = role === ADMIN_ROLE ? 'admin' : 'operator', nowMs = Date.now()): string {
  return signSession({ name, role }, SECRET, nowMs);
}

interface Received {
  event: string;
  payload: unknown;
}

function open(events: string[], auth: Record<string, unknown> = { token: token() }, query: Record<string, string> = {}): { socket: Socket; received: Received[] } {
  const socket = connect(url, {
    auth,
    query: { events: events.join(','), ...query },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  const received: Received[] = [];
  socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
  sockets.push(socket);
  return { socket, received };
}

function next(socket: Socket, event: string, timeoutMs = 3000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe('Socket connection (protocol)', () => {
  it.each([
    ['no token', {}],
    ['a garbage token', { token: 'garbage' }],
    ['an expired token', { token: signSession({ name: 'operator', role: OPERATOR_ROLE }, SECRET, Date.now() - SESSION_MS - 1000) }],
    ['a token signed with another secret', { token: signSession({ name: 'a', role: ADMIN_ROLE }, 'x'.repeat(40), Date.now()) }],
  ])('refuses a handshake with %s: connect_error "unauthorized"', async (_kind, auth) => {
    const { socket } = open(['init'], auth);
    const error = (await next(socket, 'connect_error')) as Error;
    expect(error.message).toBe('unauthorized');
    expect(socket.connected).toBe(false);
  });

  it('sends init, which parses with the contract, then eventCache', async () => {
    const { socket, received } = open(['init', 'eventCache']);
    const [rawInit] = await Promise.all([next(socket, 'init'), next(socket, 'eventCache')]);
    const init = InitPayload.parse(rawInit);
    expect(received.map((r) => r.event)).toEqual(['init', 'eventCache']);
    expect(init.devMode).toBe(true);
    expect(init.msRemainingBeforeDisconnect).toBeGreaterThan(SESSION_MS - 5000);
    expect(init.msRemainingBeforeDisconnect).toBeLessThanOrEqual(SESSION_MS);
    expect(Object.keys(init.allTokens).length).toBeGreaterThanOrEqual(12);
    expect(init.allTokens.USDC?.networkData.Ethereum).toEqual({
      address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      decimals: 6,
    });
    expect(Object.keys(init.bridges)).toHaveLength(4);
    expect(init.miscSettings).toEqual({ sellOnly: false, tradeMode: 'auto' });
    expect(init.brainState.workersRunning).toBe(false);
    expect(init.awsGroups).toHaveLength(2);
    expect(init.connectedServices).toEqual({ numConnected: 8, numExpected: 8 });
  });

  it('answers ping {} with an ack carrying the server time', async () => {
    const { socket } = open(['init']);
    await next(socket, 'init');
    const before = Date.now();
    const ack = (await socket.timeout(3000).emitWithAck('ping', {})) as { t: number };
    expect(ack.t).toBeGreaterThanOrEqual(before);
    expect(ack.t).toBeLessThanOrEqual(Date.now());
  });

  it('a brainState broadcast after POST /api/workers/start reaches the socket', async () => {
    const { socket } = open(['init', 'brainState']);
    await next(socket, 'init');
    const arriving = next(socket, 'brainState');
    const response = await t.app.inject({ method: 'POST', url: '/api/workers/start', headers: { 'x-api-key': token() } });
    expect(response.statusCode).toBe(200);
    expect(BrainState.parse(await arriving)).toMatchObject({ workersRunning: true, workersStartedBy: 'operator' });
  });

  it('only subscribed events arrive', async () => {
    const { socket, received } = open(['brainState']);
    const other = open(['init', 'brainState', 'miscSettingsUpdateDone', 'connectedUsers']);
    await next(other.socket, 'init');
    await expect.poll(() => socket.connected).toBe(true);

    const headers = { 'x-api-key': token() };
    await t.app.inject({ method: 'PUT', url: '/api/settings/misc', headers, payload: { updates: { sellOnly: true } } });
    const arriving = next(socket, 'brainState');
    await t.app.inject({ method: 'POST', url: '/api/workers/start', headers });
    await arriving;
    expect(received.map((r) => r.event)).toEqual(['brainState']);
    // connectedUsers is coalesced, so it may come a moment after the others.
    await expect
      .poll(() => other.received.map((r) => r.event))
      .toEqual(expect.arrayContaining(['miscSettingsUpdateDone', 'connectedUsers']));
    expect(received.map((r) => r.event)).toEqual(['brainState']);
  });

  it('docs/protocol.md "Batched delivery": a socket that asks for batches receives broadcasts as batch messages of its subscribed events, init and eventCache as themselves; a socket that does not, as single events', async () => {
    const events = ['init', 'eventCache', 'miscSettingsUpdateDone', 'brainState'];
    const batched = open(events, { token: token(ADMIN_ROLE) }, { [BATCH_QUERY]: '1' });
    const plain = open(events, { token: token(ADMIN_ROLE) });
    await Promise.all([next(batched.socket, 'eventCache'), next(plain.socket, 'eventCache')]);
    expect(batched.received.map((r) => r.event)).toEqual(['init', 'eventCache']);

    const arriving = next(batched.socket, BATCH_EVENT);
    const headers = { 'x-api-key': token() };
    await t.app.inject({ method: 'PUT', url: '/api/settings/misc', headers, payload: { updates: { sellOnly: true } } });
    const batch = BatchPayload.parse(await arriving);
    // newUserLog was broadcast in the same run; this socket did not subscribe to it.
    expect(batch).toEqual([['miscSettingsUpdateDone', { sellOnly: true, tradeMode: 'auto' }]]);
    await expect.poll(() => plain.received.map((r) => r.event)).toEqual(['init', 'eventCache', 'miscSettingsUpdateDone']);

    const second = next(batched.socket, BATCH_EVENT);
    await t.app.inject({ method: 'POST', url: '/api/workers/start', headers });
    const entries = BatchPayload.parse(await second);
    expect(entries.map(([event]) => event)).toEqual(['brainState']);
    expect(BrainState.parse(entries[0]?.[1]).workersRunning).toBe(true);
    expect(batched.received.map((r) => r.event)).toEqual(['init', 'eventCache', BATCH_EVENT, BATCH_EVENT]);
  });

  it('docs/protocol.md "Batched delivery": broadcasts made while a socket\'s init is read are held and sent after eventCache, in order, as a batch to a socket that asks for batches and one by one to one that does not', async () => {
    const tokens = t.app.store.tokens;
    const list = tokens.list.bind(tokens);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reading = 0;
    tokens.list = async (...args: Parameters<typeof list>) => {
      reading += 1;
      await held;
      return list(...args);
    };
    try {
      const events = ['init', 'eventCache', 'newBlock'];
      const batched = open(events, { token: token() }, { [BATCH_QUERY]: '1' });
      const plain = open(events);
      // Both sockets are reading their init: what is broadcast now waits for it.
      await expect.poll(() => reading).toBe(2);
      t.app.hub.broadcast('newBlock', { network: 'Base', num: 1 });
      t.app.hub.broadcast('newBlock', { network: 'Base', num: 2 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(batched.received).toEqual([]);
      release();
      await expect.poll(() => batched.received.map((r) => r.event)).toEqual(['init', 'eventCache', BATCH_EVENT]);
      expect(batched.received[2]?.payload).toEqual([
        ['newBlock', { network: 'Base', num: 1 }],
        ['newBlock', { network: 'Base', num: 2 }],
      ]);
      await expect.poll(() => plain.received.map((r) => r.event)).toEqual(['init', 'eventCache', 'newBlock', 'newBlock']);
    } finally {
      release();
      tokens.list = list;
    }
  });

  it('user logs reach admins only, even when an operator subscribes', async () => {
    const operator = open(['init', 'newUserLog']);
    const admin = open(['init', 'newUserLog'], { token: token(ADMIN_ROLE) });
    await Promise.all([next(operator.socket, 'init'), next(admin.socket, 'init')]);
    const arriving = next(admin.socket, 'newUserLog');
    await t.app.inject({ method: 'POST', url: '/api/workers/stop', headers: { 'x-api-key': token() } });
    expect(ServerEvents.newUserLog.parse(await arriving)).toMatchObject({ user: 'operator', action: 'workers.stop' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(operator.received.map((r) => r.event)).toEqual(['init']);
  });

  it('connectedUsers lists each signed-in name once, and updates on disconnect', async () => {
    const watcher = open(['init', 'connectedUsers'], { token: token(ADMIN_ROLE) });
    await expect.poll(() => watcher.received.map((r) => r.event)).toEqual(['init', 'connectedUsers']);
    const first = open(['init']);
    const second = open(['init']);
    await Promise.all([next(first.socket, 'init'), next(second.socket, 'init')]);
    const latest = () => ServerEvents.connectedUsers.parse(watcher.received.filter((r) => r.event === 'connectedUsers').at(-1)?.payload);
    await expect
      .poll(() => latest().map((u) => [u.name, u.role]))
      .toEqual([
        ['admin', 'Admin'],
        ['operator', 'Operator'],
      ]);
    first.socket.disconnect();
    second.socket.disconnect();
    await expect.poll(() => latest().map((u) => u.name)).toEqual(['admin']);
  });

  it('eventCache replays the last payload of the cached events a later socket subscribed to', async () => {
    await t.app.inject({ method: 'POST', url: '/api/workers/start', headers: { 'x-api-key': token() } });
    await t.app.inject({
      method: 'PUT',
      url: '/api/settings/misc',
      headers: { 'x-api-key': token() },
      payload: { updates: { sellOnly: true } },
    });
    const { socket } = open(['eventCache', 'brainState', 'miscSettingsUpdateDone']);
    const cache = (await next(socket, 'eventCache')) as Record<string, unknown>;
    expect(BrainState.parse(cache.brainState).workersRunning).toBe(true);
    expect(cache.miscSettingsUpdateDone).toEqual({ sellOnly: true, tradeMode: 'auto' });
    // docs/protocol.md Socket connection: only subscribed events are sent, inside the cache too.
    const narrow = open(['eventCache', 'brainState']);
    expect(Object.keys((await next(narrow.socket, 'eventCache')) as object)).toEqual(['brainState']);
  });

  it('§9 at session expiry the server sends stopReconnect, then disconnects', async () => {
    // Issued as if almost a whole session ago: exp is 0.5 to 1.5 s away.
    const shortLived = token(OPERATOR_ROLE, 'operator', Date.now() - SESSION_MS + 1500);
    const { socket, received } = open(['init', 'stopReconnect'], { token: shortLived });
    const init = InitPayload.parse(await next(socket, 'init'));
    expect(init.msRemainingBeforeDisconnect).toBeLessThanOrEqual(1500);
    const reason = await next(socket, 'disconnect', 3000);
    expect(reason).toBe('io server disconnect');
    expect(received.map((r) => r.event)).toEqual(['init', 'stopReconnect']);
  });

  it('§9 after expiry the same token opens nothing: the socket handshake and REST both refuse it', async () => {
    const shortLived = token(OPERATOR_ROLE, 'operator', Date.now() - SESSION_MS + 1200);
    const first = open(['init', 'stopReconnect'], { token: shortLived });
    await next(first.socket, 'init');
    const stop = next(first.socket, 'stopReconnect', 3000);
    expect(await next(first.socket, 'disconnect', 3000)).toBe('io server disconnect');
    await stop;
    // A console that retried anyway (or reloaded with the old token) gets nowhere: no loop to fall into.
    const again = open(['init'], { token: shortLived });
    expect(((await next(again.socket, 'connect_error')) as Error).message).toBe('unauthorized');
    const rest = await t.app.inject({ method: 'GET', url: '/api/txs/', headers: { 'x-api-key': shortLived } });
    expect(rest.statusCode).toBe(401);
  });

  it('§4 ending every session (simulator stopReconnect) sends stopReconnect before disconnecting each socket', async () => {
    const a = open(['init', 'stopReconnect']);
    const b = open(['init', 'stopReconnect'], { token: token(ADMIN_ROLE) });
    await Promise.all([next(a.socket, 'init'), next(b.socket, 'init')]);
    const gone = Promise.all([next(a.socket, 'disconnect'), next(b.socket, 'disconnect')]);
    t.app.sockets.endAllSessions();
    expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);
    expect(a.received.map((r) => r.event)).toEqual(['init', 'stopReconnect']);
    expect(b.received.map((r) => r.event)).toEqual(['init', 'stopReconnect']);
  });
});
