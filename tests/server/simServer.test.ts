/**
 * The simulator inside the real server: a server on port 0, real socket.io clients, the control
 * route. High SIM_RATE and the control route keep the waiting short.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SERVICES } from '../../src/config/enums.ts';
import { staleThresholdMs } from '../../src/config/networks.ts';
import { BrainState, InitPayload, SERVER_EVENT_NAMES, ServerEvents, Trade, TxListResponse, type ServerEventName } from '../../src/contract/index.ts';
import { PERMISSIONS, SIM_PERMISSIONS } from '../../server/src/auth/permissions.ts';
import { TradeRecord, type TradeDraft } from '../../server/src/db/repos/trades.ts';
import type { SimOptions } from '../../server/src/sim/plugin.ts';
import { makeApp, type TestApp } from './helpers.ts';

interface Received {
  at: number;
  event: ServerEventName;
  payload: unknown;
}

interface Client {
  socket: Socket;
  received: Received[];
  of(event: ServerEventName): Received[];
}

const running: TestApp[] = [];
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  for (const t of running.splice(0)) await t.app.close();
});

async function startServer(sim: SimOptions = { enabled: true, seed: 1, rate: 1 }, paused = false): Promise<TestApp & { url: string }> {
  const t = await makeApp({ sim });
  running.push(t);
  if (paused) t.app.sim?.pause();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  return { ...t, url: `http://127.0.0.1:${address.port}` };
}

/** A console socket subscribed to `events` (every event by default); resolves once init has arrived. */
async function client(url: string, token: string, events: readonly ServerEventName[] = SERVER_EVENT_NAMES): Promise<Client> {
  const socket = connect(url, {
    auth: { token },
    query: { events: ['init', ...events].join(',') },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  const received: Received[] = [];
  const initialised = new Promise<void>((resolve, reject) => {
    socket.once('init', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.onAny((event: ServerEventName, payload: unknown) => received.push({ at: performance.now(), event, payload }));
  await initialised;
  return { socket, received, of: (event) => received.filter((r) => r.event === event) };
}

function control(t: TestApp, body: object, token = t.adminToken) {
  return t.app.inject({ method: 'POST', url: '/api/sim/control', headers: { 'x-api-key': token }, payload: body });
}

/** POST /api/workers/start or /stop as the operator; the seed has workers stopped, so no trade starts until a start. */
async function workers(t: TestApp, action: 'start' | 'stop'): Promise<void> {
  const response = await t.app.inject({ method: 'POST', url: `/api/workers/${action}`, headers: { 'x-api-key': t.operatorToken } });
  expect(response.statusCode).toBe(200);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('trades repository', () => {
  const draft = (tradeId: string, status: 'pending' | 'completed' = 'pending'): TradeDraft => ({
    tradeId,
    tokenName: 'USDC',
    networkBuy: 'Base',
    networkSell: 'Ethereum',
    bridge: { name: 'ccip-eth-base' },
    txTypes: ['Swap', 'Bridge', 'Sell'],
    status,
    expectedProfit: 0.8,
    txs: [{ txId: '0xab', txType: 'Swap', network: 'Base', status: status === 'pending' ? 'pending' : 'completed', amountIn: 1000 }],
  });

  it('keeps the creation time on update, prunes the oldest, and never reuses a sequence number', async () => {
    const t = await makeApp();
    running.push(t);
    const { trades } = t.app.store;
    expect(await trades.lastSeq()).toBe(0);
    await trades.put(draft('a'));
    t.clock.advance(5000);
    await trades.put(draft('a', 'completed'));
    expect(await trades.get('a')).toMatchObject({ id: 'a', status: 'completed', createdAt: t.clock.now() - 5000, updatedAt: t.clock.now() });
    for (const id of ['b', 'c', 'd']) await trades.put(draft(id));
    expect(await trades.prune(2)).toBe(2);
    expect(await trades.get('a')).toBeUndefined();
    expect(await trades.get('d')).toBeDefined();
    const seq = await trades.lastSeq();
    await t.app.store.transaction(async (tx) => void (await tx.trades.prune(0)));
    expect(await trades.lastSeq()).toBe(seq);
  });
});

describe('simulator in the server: named services (docs/protocol.md "Shapes")', () => {
  it('§4 connectedServices names every service with when it was last heard from, on the server\'s clock', async () => {
    const t = await startServer({ enabled: true, seed: 1, rate: 1 }, true);
    const cached = async () => {
      for (let i = 0; i < 100; i++) {
        const value = ServerEvents.connectedServices.parse(t.app.hub.cached().connectedServices ?? { numConnected: 0, numExpected: 0 });
        if (value.services) return value;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('connectedServices never named its services');
    };
    const value = await cached();
    expect(value.services?.map((s) => s.name)).toEqual([...SERVICES]);
    expect(value.services?.every((s) => s.connected && s.lastSeenAt === t.clock.now())).toBe(true);
    expect(value.numConnected).toBe(value.numExpected);
    // What init carries is the stored value, with the names.
    const stored = await t.app.store.settings.get('connectedServices');
    expect(stored.services?.length).toBe(SERVICES.length);
  });
});

describe('simulator in the server: switching it on and off', () => {
  it('off by default in buildApp: app.sim is null and the control route does not exist', async () => {
    const t = await makeApp();
    running.push(t);
    expect(t.app.sim).toBeNull();
    const response = await control(t, { action: 'trade' });
    expect(response.statusCode).toBe(404);
  });

  it('§6 the control route is in the permission table when on: 401 without a token, 403 for an operator', async () => {
    const t = await startServer({ enabled: true, seed: 1, rate: 1 }, true);
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(registered).toEqual([...PERMISSIONS, ...SIM_PERMISSIONS].map((p) => `${p.method} ${p.url}`).sort());

    const anonymous = await t.app.inject({ method: 'POST', url: '/api/sim/control', payload: { action: 'trade' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'unauthorized' });
    const operator = await control(t, { action: 'trade' }, t.operatorToken);
    expect(operator.statusCode).toBe(403);
    expect(operator.json()).toEqual({ error: 'not allowed' });
    await workers(t, 'start');
    expect((await control(t, { action: 'trade' })).json()).toEqual({ ok: true, tradeId: expect.any(String) });
  });

  it('Errors (protocol): 400 for an unknown action, an unknown field, an unsimulated network or an errCode beyond §8', async () => {
    const t = await startServer({ enabled: true, seed: 1, rate: 1 }, true);
    for (const body of [
      { action: 'explode' },
      { action: 'trade', extra: 1 },
      { action: 'stall', network: 'Tron', ms: 1000 },
      { action: 'stall', network: 'Ethereum', ms: -5 },
      { action: 'trade', errCode: 42 },
      { action: 'rate', rate: 0 },
      { action: 'notify', msg: 'x', type: 'loud', autoClose: false },
      { action: 'quiet' },
      { action: 'quiet', quiet: 'yes' },
    ]) {
      const response = await control(t, body);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
    }
  });
});

describe('simulator in the server: what the console receives', () => {
  it('the same seed gives the same first events on two servers; every payload parses with its contract schema', async () => {
    const firstEvents = async () => {
      const t = await startServer({ enabled: true, seed: 11, rate: 40 }, true);
      const c = await client(t.url, t.operatorToken, ['newBlock', 'gas', 'balance', 'workerIterationResult', 'txSent', 'txConfirmed']);
      t.app.sim?.resume();
      await expect.poll(() => c.received.length, { timeout: 5000 }).toBeGreaterThan(150);
      t.app.sim?.pause();
      return c.received.slice(1, 151).map(({ event, payload }) => ({ event, payload }));
    };
    const a = await firstEvents();
    const b = await firstEvents();
    expect(a[0]?.event).not.toBe('init');
    expect(b).toEqual(a);
  });

  it('Server -> client events (protocol): every event a console receives at a high rate parses with its contract schema', async () => {
    const t = await startServer({ enabled: true, seed: 5, rate: 100 });
    const c = await client(t.url, t.adminToken);
    // A thousand events and more, however long this machine takes to send them.
    await expect.poll(() => c.received.length, { timeout: 20_000 }).toBeGreaterThan(1000);
    t.app.sim?.pause();
    for (const { event, payload } of c.received) {
      expect(ServerEvents[event].safeParse(payload).success, event).toBe(true);
    }
    expect(InitPayload.parse(c.of('init')[0]?.payload).brainState.routeSearchRunning).toBe(false);
  });

  it('§9 a stall through the control route keeps the network silent past its threshold, then it resumes', async () => {
    const t = await startServer({ enabled: true, seed: 2, rate: 4 });
    const c = await client(t.url, t.operatorToken, ['newBlock']);
    const heads = () => c.of('newBlock').filter((r) => ServerEvents.newBlock.parse(r.payload).network === 'Arbitrum');
    await expect.poll(() => heads().length).toBeGreaterThan(0);
    const threshold = staleThresholdMs('Arbitrum');
    expect((await control(t, { action: 'stall', network: 'Arbitrum', ms: threshold + 500 })).statusCode).toBe(200);
    const stalledAt = performance.now();
    const before = heads().length;
    await expect.poll(() => heads().length, { timeout: threshold + 3000, interval: 100 }).toBeGreaterThan(before);
    const resumed = heads()[before]!;
    expect(resumed.at - stalledAt).toBeGreaterThan(threshold);
    const [last, next] = [heads()[before - 1]!, resumed].map((r) => ServerEvents.newBlock.parse(r.payload).num);
    expect(next! - last!).toBeGreaterThan(threshold / 250 / 2);
    // Other networks went on meanwhile.
    expect(c.of('newBlock').filter((r) => r.at > stalledAt && r.at < resumed.at).length).toBeGreaterThan(20);
  });

  it('§7 a trade: txSent, then txConfirmed with the same tradeId, errCode as asked; GET /api/txs/sell/{tradeId} has its txs', async () => {
    const t = await startServer({ enabled: true, seed: 3, rate: 10 });
    const c = await client(t.url, t.operatorToken, ['txSent', 'txConfirmed']);
    await workers(t, 'start');
    const tradeIdOf = async (body: object) => {
      const response = await control(t, body);
      expect(response.statusCode).toBe(200);
      return (response.json() as { tradeId: string }).tradeId;
    };
    const confirmation = async (tradeId: string) => {
      await expect
        .poll(() => c.of('txConfirmed').some((r) => Object.values(ServerEvents.txConfirmed.parse(r.payload).txs)[0]?.tradeId === tradeId))
        .toBe(true);
      const index = c.received.findIndex((r) => r.event === 'txConfirmed' && Object.values(ServerEvents.txConfirmed.parse(r.payload).txs)[0]?.tradeId === tradeId);
      const sentIndex = c.received.findIndex((r) => r.event === 'txSent' && ServerEvents.txSent.parse(r.payload).tradeId === tradeId);
      expect(sentIndex).toBeGreaterThanOrEqual(0);
      expect(sentIndex).toBeLessThan(index);
      return ServerEvents.txConfirmed.parse(c.received[index]?.payload);
    };
    const failed = await confirmation(await tradeIdOf({ action: 'trade', errCode: 23 }));
    expect(failed.errCode).toBe(23);
    expect(Object.values(failed.txs).some((tx) => !tx.success)).toBe(true);

    const goodId = await tradeIdOf({ action: 'trade', fail: false });
    const confirmed = await confirmation(goodId);
    const good = ServerEvents.txSent.parse(c.of('txSent').find((r) => ServerEvents.txSent.parse(r.payload).tradeId === goodId)?.payload);
    expect(confirmed.errCode).toBeUndefined();
    expect(Object.values(confirmed.txs).every((tx) => tx.success)).toBe(true);

    const fetched = await t.app.inject({ method: 'GET', url: `/api/txs/sell/${good.tradeId}`, headers: { 'x-api-key': t.operatorToken } });
    expect(fetched.statusCode).toBe(200);
    const trade = TradeRecord.parse(fetched.json());
    expect(Trade.parse(fetched.json()).txs.map((tx) => tx.txType)).toEqual(good.txTypes);
    expect(trade).toMatchObject({ id: good.tradeId, tradeId: good.tradeId, status: 'completed', tokenName: good.tokenName });
    const sell = Object.values(confirmed.txs).find((tx) => tx.txType === 'Sell')!;
    expect(trade.txs.find((tx) => tx.txType === 'Sell')?.amountOut).toBe(sell.amountOut);

    // The trade's txs are in the history too (the /tx/latest screen), settled as confirmed.
    const filter = encodeURIComponent(JSON.stringify({ tradeId: good.tradeId }));
    const history = await t.app.inject({ method: 'GET', url: `/api/txs?filter=${filter}`, headers: { 'x-api-key': t.operatorToken } });
    const rows = TxListResponse.parse(history.json());
    expect(rows.total).toBe(good.txTypes.length);
    expect(rows.data.every((tx) => tx.status === 'completed' && tx.tokenName === good.tokenName)).toBe(true);

    const missing = await t.app.inject({ method: 'GET', url: '/api/txs/sell/no-such-trade', headers: { 'x-api-key': t.operatorToken } });
    expect(missing.statusCode).toBe(404);
  });

  it('§4 workers start triggers the route search: progress up to 100, then routeSearchRunning false; init agrees', async () => {
    const t = await startServer({ enabled: true, seed: 4, rate: 10 });
    const c = await client(t.url, t.operatorToken, ['brainState']);
    const started = await t.app.inject({ method: 'POST', url: '/api/workers/start', headers: { 'x-api-key': t.operatorToken } });
    expect(started.statusCode).toBe(200);
    // From the route's own broadcast on: a price update read before the start may still land first.
    const states = () => {
      const all = c.of('brainState').map((r) => ({ at: r.at, state: BrainState.parse(r.payload) }));
      return all.slice(all.findIndex((s) => s.state.workersRunning));
    };
    const finished = (s: BrainState) => s.routeSearchProgress === 100 && !s.routeSearchRunning;
    await expect.poll(() => states().some((s) => finished(s.state)), { timeout: 5000 }).toBe(true);
    const seen = states();
    expect(seen.every((s) => s.state.workersRunning)).toBe(true);
    const searching = seen.filter((s) => s.state.routeSearchRunning);
    const progress = searching.map((s) => s.state.routeSearchProgress);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const end = seen.find((s) => finished(s.state))!;
    expect(seen.indexOf(end)).toBeGreaterThan(seen.indexOf(searching.at(-1)!));
    // Started, at 100 % and finished are each published, at most one brainState per 250 ms (less
    // what a slow database write before the earlier one takes off the gap seen here).
    const milestones = [searching[0]!, searching.at(-1)!, end].map((s) => s.at);
    expect(milestones[1]! - milestones[0]!).toBeGreaterThan(150);
    expect(milestones[2]! - milestones[1]!).toBeGreaterThan(150);

    const later = await client(t.url, t.operatorToken, []);
    const init = InitPayload.parse(later.of('init')[0]?.payload);
    expect(init.brainState).toMatchObject({ workersRunning: true, routeSearchRunning: false, routeSearchProgress: 100 });
  });

  it('§4 with workers stopped (as seeded) no trade starts over a simulated minute: no txSent, no new pending buy, the control trade is refused (409); after a start trades flow; after a stop the ones in flight confirm and no new one starts', async () => {
    // At rate 30 a simulated minute is 2 s.
    const t = await startServer({ enabled: true, seed: 9, rate: 30 });
    const c = await client(t.url, t.operatorToken, ['txSent', 'txConfirmed', 'newBlock']);
    const sentIds = () => c.of('txSent').map((r) => ServerEvents.txSent.parse(r.payload).tradeId);
    const confirmedIds = () => c.of('txConfirmed').map((r) => Object.values(ServerEvents.txConfirmed.parse(r.payload).txs)[0]?.tradeId);
    const pendingBuys = async () => {
      const filter = encodeURIComponent(JSON.stringify({ side: 'buy', status: 'pending' }));
      const response = await t.app.inject({ method: 'GET', url: `/api/txs/?filter=${filter}`, headers: { 'x-api-key': t.operatorToken } });
      return TxListResponse.parse(response.json()).total;
    };
    const init = await t.app.inject({ method: 'GET', url: '/api/txs/?perPage=1', headers: { 'x-api-key': t.operatorToken } });
    const rowsAtStart = TxListResponse.parse(init.json()).total;
    const pendingAtStart = await pendingBuys();

    await sleep(2000);
    expect(c.of('newBlock').length).toBeGreaterThan(50);
    expect(c.of('txSent')).toEqual([]);
    expect(await pendingBuys()).toBe(pendingAtStart);
    const refused = await control(t, { action: 'trade', errCode: 17 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'workers are stopped: no trade starts until POST /api/workers/start' });
    const afterRefusal = await t.app.inject({ method: 'GET', url: '/api/txs/?perPage=1', headers: { 'x-api-key': t.operatorToken } });
    expect(TxListResponse.parse(afterRefusal.json()).total).toBe(rowsAtStart);

    await workers(t, 'start');
    await expect.poll(() => sentIds().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    // The trades of its own stop starting (quiet), and a trade whose Bridge step takes minutes (at
    // rate 1, real ones) is still in flight when the workers stop, however slow the machine is.
    expect((await control(t, { action: 'quiet', quiet: true })).statusCode).toBe(200);
    t.app.sim?.setRate(1);
    const slow = await control(t, { action: 'trade', fail: false, slowStep: 'Bridge' });
    expect(slow.statusCode).toBe(200);
    const slowId = (slow.json() as { tradeId: string }).tradeId;
    await workers(t, 'stop');
    // Not quiet again: a trade of its own would start now if the stop had not held.
    expect((await control(t, { action: 'quiet', quiet: false })).statusCode).toBe(200);
    // The slow trade was the last one sent before the stop: once its txSent is in, all of them are.
    await expect.poll(() => sentIds()).toContain(slowId);
    const sentAtStop = sentIds();
    expect(confirmedIds()).not.toContain(slowId);

    // Its minutes then pass in seconds: every trade in flight confirms, and no new one starts.
    t.app.sim?.setRate(200);
    await expect.poll(() => [...confirmedIds()].sort(), { timeout: 20_000 }).toEqual([...sentAtStop].sort());
    // Two simulated minutes more, many trade gaps: time for a trade that should not start to start.
    await sleep(600);
    expect(sentIds()).toEqual(sentAtStop);
    expect(await pendingBuys()).toBe(pendingAtStart);
    expect((await control(t, { action: 'trade' })).statusCode).toBe(409);
  });

  it('notify, background and stopReconnect from the control route reach the console', async () => {
    const t = await startServer({ enabled: true, seed: 6, rate: 1 }, true);
    const c = await client(t.url, t.operatorToken, ['notify', 'command', 'stopReconnect']);
    await control(t, { action: 'notify', msg: 'demo starts', type: 'success', autoClose: 60000 });
    await control(t, { action: 'background', seconds: 5 });
    await expect.poll(() => c.received.length).toBe(3);
    expect(c.of('notify')[0]?.payload).toEqual({ msg: 'demo starts', type: 'success', autoClose: 60000 });
    expect(c.of('command')[0]?.payload).toEqual({ name: 'background', seconds: 5 });

    const disconnected = new Promise((resolve) => c.socket.once('disconnect', resolve));
    expect((await control(t, { action: 'stopReconnect' })).statusCode).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
    expect(c.received.at(-1)).toMatchObject({ event: 'stopReconnect', payload: {} });
  });

  it('SIM_RATE: the control route sets the rate the simulator runs at (simDriver.test.ts: that many times the simulated time); events flow at either rate, and pause stops them', async () => {
    const t = await startServer({ enabled: true, seed: 8, rate: 10 });
    const feed: ServerEventName[] = ['newBlock', 'gas', 'balance', 'secondBalance', 'workerIterationResult', 'checkerAddResults', 'txSent'];
    const c = await client(t.url, t.operatorToken, feed);
    const count = async (ms: number) => {
      const before = c.received.length;
      await sleep(ms);
      return c.received.length - before;
    };
    await expect.poll(() => c.received.length, { timeout: 10_000 }).toBeGreaterThan(100);
    expect((await control(t, { action: 'rate', rate: 40 })).statusCode).toBe(200);
    expect(t.app.sim?.rate).toBe(40);
    const atChange = c.received.length;
    await expect.poll(() => c.received.length, { timeout: 10_000 }).toBeGreaterThan(atChange + 100);

    t.app.sim?.pause();
    // What was sent before the pause still arrives; then a window with nothing, which a running
    // simulator at rate 40 never leaves.
    await expect.poll(() => count(300), { timeout: 10_000 }).toBe(0);
    t.app.sim?.resume();
    await expect.poll(() => count(300), { timeout: 10_000 }).toBeGreaterThan(0);
  });
});
