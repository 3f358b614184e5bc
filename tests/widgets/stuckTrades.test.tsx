// @vitest-environment jsdom
/**
 * Home's Stuck trades (docs/protocol.md "Trades"): the live store's stuck trades from tradeStuck and
 * tradeUnstuck, the read of the stuck list that TradesWatch keeps there (and that tells a backend
 * without trades), and the panel: the count and the oldest few, each a link; quiet when none.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpError, testDataProvider, type DataProvider, type GetListParams } from 'react-admin';
import type { TradeJourney } from '../../src/contract/index.ts';
import { dispatchServerEvent } from '../../src/realtime/handlers.ts';
import { STUCK_TRADES_MAX } from '../../src/realtime/liveState.ts';
import { liveStore } from '../../src/realtime/liveStore.ts';
import { StuckTrades } from '../../src/widgets/StuckTrades/StuckTrades.tsx';
import { TradesWatch } from '../../src/widgets/StuckTrades/TradesWatch.tsx';
import { LiveStore } from '../../src/realtime/liveStore.ts';
import { RealtimeService } from '../../src/realtime/service.ts';
import { FakeSocket, fakeNotifier, fakeTimersClock, fakeToaster, handlerContext, memoryStorage } from '../realtime/fixtures.ts';
import { fakeApi, live, renderWidget, resetLive } from './harness.tsx';

afterEach(resetLive);

const NOW = Date.now();

function trade(tradeId: string, over: Partial<TradeJourney> = {}): TradeJourney {
  return {
    tradeId,
    tokenName: 'PEPE',
    networkBuy: 'Base',
    networkSell: 'Arbitrum',
    bridge: { name: 'stargate-arb-base' },
    startedAt: NOW - 600_000,
    updatedAt: NOW - 5 * 60_000,
    currentStep: 1,
    state: 'stuck',
    expectedProfit: 0.5,
    ...over,
  };
}

/** A socket event through the real handlers, then its frame. */
async function serverEvent(name: string, payload: unknown): Promise<void> {
  await act(async () => {
    dispatchServerEvent(name, payload, handlerContext(liveStore).ctx);
    await new Promise((resolve) => setTimeout(resolve, 40));
  });
}

describe('the live store: tradeStuck and tradeUnstuck (protocol Trades)', () => {
  it('tradeStuck keeps {step, pendingMs, expectedMs, since} by tradeId; tradeUnstuck drops it', async () => {
    await serverEvent('tradeStuck', { tradeId: 'T1', step: 2, pendingMs: 90_000, expectedMs: 30_000 });
    const told = liveStore.getState().stuckTrades.get('T1');
    expect(told).toMatchObject({ step: 2, pendingMs: 90_000, expectedMs: 30_000 });
    expect(told?.since).toBeGreaterThan(0);
    await serverEvent('tradeStuck', { tradeId: 'T2', step: 0, pendingMs: 61_000, expectedMs: 60_000 });
    expect([...liveStore.getState().stuckTrades.keys()]).toEqual(['T1', 'T2']);
    await serverEvent('tradeUnstuck', { tradeId: 'T1' });
    expect([...liveStore.getState().stuckTrades.keys()]).toEqual(['T2']);
    // An unstuck trade the console was never told about changes nothing.
    const before = liveStore.getState().stuckTrades;
    await serverEvent('tradeUnstuck', { tradeId: 'T9' });
    expect(liveStore.getState().stuckTrades).toBe(before);
  });

  it('a lost connection forgets them: what moves on meanwhile is not told (the stuck list is read again on reconnecting)', () => {
    const store = new LiveStore((flush) => setTimeout(flush, 16));
    const sockets: FakeSocket[] = [];
    const service = new RealtimeService({
      io: (url, options) => {
        const socket = new FakeSocket(url, options);
        sockets.push(socket);
        return socket;
      },
      url: 'https://console.example',
      token: 'tok.en.jwt',
      storage: memoryStorage(),
      clock: fakeTimersClock,
      store,
      toaster: fakeToaster(),
      notifier: fakeNotifier(),
      playSound: vi.fn(),
      logger: { warn: vi.fn(), error: vi.fn() },
    });
    service.start();
    const socket = sockets[0] as FakeSocket;
    socket.serverConnect();
    socket.serverEmit('tradeStuck', { tradeId: 'T1', step: 1, pendingMs: 1, expectedMs: 1 });
    expect(store.getState().stuckTrades.has('T1')).toBe(true);
    socket.serverDisconnect('transport close');
    expect(store.getState().stuckTrades.size).toBe(0);
    service.stop();
  });

  it(`keeps at most ${STUCK_TRADES_MAX} (the ones told last), and drops a malformed event with a warning`, async () => {
    await act(async () => {
      for (let i = 0; i <= STUCK_TRADES_MAX; i++) dispatchServerEvent('tradeStuck', { tradeId: `T${i}`, step: 0, pendingMs: 1, expectedMs: 1 }, handlerContext(liveStore).ctx);
      await new Promise((resolve) => setTimeout(resolve, 40));
    });
    const stuck = liveStore.getState().stuckTrades;
    expect(stuck.size).toBe(STUCK_TRADES_MAX);
    expect(stuck.has('T0')).toBe(false);
    expect(stuck.has(`T${STUCK_TRADES_MAX}`)).toBe(true);
    const { ctx, logger } = handlerContext(liveStore);
    expect(dispatchServerEvent('tradeStuck', { tradeId: 'X', step: -1 }, ctx)).toBe(false);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('malformed "tradeStuck" payload dropped'));
  });

  it('tradeStuck and tradeUnstuck announce a change of the trades (their list refreshes), as txSent and txConfirmed do', async () => {
    const changes: string[] = [];
    const stop = liveStore.onCollectionChange((change) => changes.push(change.collection));
    await serverEvent('tradeStuck', { tradeId: 'T1', step: 1, pendingMs: 1, expectedMs: 1 });
    await serverEvent('tradeUnstuck', { tradeId: 'T1' });
    stop();
    expect(changes).toEqual(['trades', 'trades']);
  });
});

/** A data provider whose getList answers the stuck list (or fails), recording what it was asked. */
function stuckListProvider(answer: () => Promise<{ data: TradeJourney[]; total: number }>) {
  const asked: { resource: string; params: GetListParams }[] = [];
  const getList = vi.fn(async (resource: string, params: GetListParams) => {
    asked.push({ resource, params });
    const { data, total } = await answer();
    return { data: data.map((t) => ({ ...t, id: t.tradeId })), total };
  });
  return { provider: { ...testDataProvider(), getList } as unknown as DataProvider, asked, getList };
}

describe('TradesWatch: the stuck list, read on each connection and when trades get stuck', () => {
  it('reads GET /trades/ (state stuck, oldest first) once connected, keeps it in the store, and says the backend has trades', async () => {
    const { provider, asked } = stuckListProvider(async () => ({ data: [trade('T1')], total: 1 }));
    renderWidget(<TradesWatch />, provider);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(asked).toEqual([]);
    await live({ connection: 'connected' });
    await waitFor(() => expect(liveStore.getState().stuckList?.total).toBe(1));
    expect(asked).toEqual([
      { resource: 'tx/trades', params: expect.objectContaining({ filter: { state: 'stuck' }, sort: { field: 'startedAt', order: 'ASC' } }) as unknown },
    ]);
    expect(liveStore.getState().tradesAvailable).toBe(true);
  });

  it('reads again once for a burst of tradeStuck, and again after a reconnection', async () => {
    const { provider, getList } = stuckListProvider(async () => ({ data: [], total: 0 }));
    renderWidget(<TradesWatch />, provider);
    await live({ connection: 'connected' });
    await waitFor(() => expect(getList).toHaveBeenCalledTimes(1));
    await act(async () => {
      for (const tradeId of ['A', 'B', 'C']) dispatchServerEvent('tradeStuck', { tradeId, step: 0, pendingMs: 1, expectedMs: 1 }, handlerContext(liveStore).ctx);
      await new Promise((resolve) => setTimeout(resolve, 40));
    });
    await waitFor(() => expect(getList).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(getList).toHaveBeenCalledTimes(2);
    await live({ connection: 'reconnecting', stuckTrades: new Map() });
    await live({ connection: 'connected' });
    await waitFor(() => expect(getList).toHaveBeenCalledTimes(3));
  });

  it('Trades (protocol): a 404 says this backend has no trades, and it is not asked again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { provider, getList } = stuckListProvider(async () => {
      throw new HttpError('not found', 404);
    });
    renderWidget(<TradesWatch />, provider);
    await live({ connection: 'connected' });
    await waitFor(() => expect(liveStore.getState().tradesAvailable).toBe(false));
    await serverEvent('tradeStuck', { tradeId: 'A', step: 0, pendingMs: 1, expectedMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(getList).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });

  it('a failure other than 404 leaves the Trades screens offered (they say what went wrong when they read)', async () => {
    const { provider } = stuckListProvider(async () => {
      throw new HttpError('server busy', 503);
    });
    renderWidget(<TradesWatch />, provider);
    await live({ connection: 'connected' });
    await waitFor(() => expect(liveStore.getState().tradesAvailable).toBe(true));
    expect(liveStore.getState().stuckList).toBeNull();
  });
});

describe('home: Stuck trades', () => {
  it('quiet when none is stuck: one line, "None"', async () => {
    renderWidget(<StuckTrades gridArea="stuck" />);
    await live({ stuckList: { trades: [], total: 0 }, tradesAvailable: true });
    const panel = screen.getByRole('region', { name: 'Stuck trades' });
    expect(panel).toHaveTextContent(/^Stuck tradesNone$/);
    expect(within(panel).queryByRole('link')).toBeNull();
  });

  it('the count (a link to the stuck ones in the list) and the oldest three, each a link to its trade with its step and how long it is pending', async () => {
    renderWidget(<StuckTrades gridArea="stuck" />);
    const trades = ['T1', 'T2', 'T3', 'T4'].map((id, i) => trade(id, { tokenName: `TOK${i}`, currentStep: i }));
    await live({ stuckList: { trades, total: 7 }, tradesAvailable: true });
    const panel = screen.getByRole('region', { name: 'Stuck trades' });
    const count = within(panel).getByRole('link', { name: '7 stuck' });
    // (The test router writes addresses after a #.)
    expect(count.getAttribute('href')).toBe(`#/tx/trades?filter=${encodeURIComponent('{"state":"stuck"}')}&sort=startedAt&order=ASC`);
    const items = within(within(panel).getByRole('list', { name: 'Oldest stuck trades' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'TOK0 Base → Arbitrum, step 1 pending for 5 min',
      'TOK1 Base → Arbitrum, step 2 pending for 5 min',
      'TOK2 Base → Arbitrum, step 3 pending for 5 min',
    ]);
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'TOK0 Base → Arbitrum' })).toHaveAttribute('href', '#/tx/trades/T1');
  });

  it('Trades (protocol): nothing at all when the backend has no trades', async () => {
    const { container } = renderWidget(<StuckTrades gridArea="stuck" />);
    await live({ tradesAvailable: false });
    expect(container).toBeEmptyDOMElement();
  });
});

describe('home ordered by urgency (docs/guide.md "Alerts")', () => {
  it('stuck trades come first on home, on screen and in the page order, and return below the figures once none is stuck', async () => {
    const { Dashboard } = await import('../../src/widgets/Dashboard/Dashboard.tsx');
    // The figures' own calls (stats, series) stay pending: this is about the order of the panels.
    const pending = new Proxy(fakeApi() as Record<string, unknown>, { get: (target, key: string) => target[key] ?? (() => new Promise(() => undefined)) });
    renderWidget(<Dashboard />, pending as unknown as DataProvider);
    const PANELS = ['Stuck trades', 'Workers', 'Services', 'Block heads'];
    const regions = () => screen.getAllByRole('region').map((r) => r.getAttribute('aria-label')).filter((name) => PANELS.includes(name ?? ''));
    await live({ tradesAvailable: true, stuckList: { trades: [], total: 0 } });
    expect(regions().slice(0, 3)).toEqual(['Workers', 'Services', 'Block heads']);
    await live({ stuckList: { trades: [trade('t-1')], total: 1 } });
    expect(regions()[0]).toBe('Stuck trades');
    expect(within(screen.getByRole('region', { name: 'Stuck trades' })).getByText('1 stuck')).toBeInTheDocument();
    await live({ stuckList: { trades: [], total: 0 } });
    expect(regions()[0]).toBe('Workers');
  });
});
