import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECONN_FLAG_STORAGE_KEY } from '../../src/config/constants.ts';
import { SERVER_EVENT_NAMES } from '../../src/contract/index.ts';
import { LiveStore } from '../../src/realtime/liveStore.ts';
import { resetReconnectFlag, stopReconnect } from '../../src/realtime/reconnectFlag.ts';
import { DISCONNECTED_TEXT, RECONNECTING_TEXT, RealtimeService } from '../../src/realtime/service.ts';
import {
  FakeSocket, fakeNotifier, fakeTimersClock, fakeToaster, initPayload, memoryStorage, VALID,
} from './fixtures.ts';

function setup(flag?: string) {
  const sockets: FakeSocket[] = [];
  const storage = memoryStorage(flag === undefined ? {} : { [RECONN_FLAG_STORAGE_KEY]: flag });
  const store = new LiveStore((cb) => setTimeout(cb, 16));
  const toaster = fakeToaster();
  const notifier = fakeNotifier();
  const playSound = vi.fn();
  const logger = { warn: vi.fn(), error: vi.fn() };
  const service = new RealtimeService({
    io: (url, options) => {
      const s = new FakeSocket(url, options);
      sockets.push(s);
      return s;
    },
    url: 'https://console.example',
    token: 'tok.en.jwt',
    storage,
    clock: fakeTimersClock,
    store,
    toaster,
    notifier,
    playSound,
    logger,
  });
  const last = () => sockets[sockets.length - 1] as FakeSocket;
  return { sockets, last, storage, store, toaster, notifier, playSound, logger, service };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('§7 realtime socket connection', () => {
  it('§7 connects with the token as auth and every event name in the subscription query, no socket.io reconnection', () => {
    const { service, sockets } = setup();
    service.start();
    expect(sockets).toHaveLength(1);
    const s = sockets[0] as FakeSocket;
    expect(s.url).toBe('https://console.example');
    expect(s.options.auth).toEqual({ token: 'tok.en.jwt' });
    expect(s.options.reconnection).toBe(false);
    expect(s.options.transports).toEqual(['websocket']);
    // docs/protocol.md "Batched delivery": broadcasts asked for as runs; a backend may ignore it.
    expect(s.options.query.batch).toBe('1');
    const subscribed = s.options.query.events.split(',');
    expect(subscribed.sort()).toEqual([...SERVER_EVENT_NAMES].sort());
    for (const name of ['init', 'eventCache', 'txSent', 'txConfirmed', 'newBlock', 'gas', 'stopReconnect']) {
      expect(subscribed).toContain(name);
    }
  });

  it('§9 pings with an empty payload every 4500 ms while connected', () => {
    const { service, last } = setup();
    service.start();
    last().serverConnect();
    vi.advanceTimersByTime(4499);
    expect(last().emitted).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(last().emitted).toEqual([{ event: 'ping', payload: {}, ack: expect.any(Function) }]);
    vi.advanceTimersByTime(4500 * 3);
    expect(last().emitted).toHaveLength(4);
    service.stop();
    vi.advanceTimersByTime(45_000);
    expect(last().emitted).toHaveLength(4);
  });

  it('a ping ack counts as life for the connection state', () => {
    const { service, last, store } = setup();
    service.start();
    last().serverConnect();
    expect(store.getState().lastEventAt).toBe(1_000_000);
    vi.advanceTimersByTime(4500);
    last().emitted[0]?.ack(null);
    expect(store.getState().lastEventAt).toBe(1_004_500);
    vi.advanceTimersByTime(4500);
    last().emitted[1]?.ack(new Error('operation has timed out'));
    expect(store.getState().lastEventAt).toBe(1_004_500);
  });

  it('server events are parsed into the store and stamp lastEventAt', () => {
    const { service, last, store } = setup();
    service.start();
    last().serverConnect();
    vi.advanceTimersByTime(2000);
    last().serverEmit('init', initPayload());
    expect(store.getState().devMode).toBe(true);
    expect(store.getState().lastEventAt).toBe(1_002_000);
    expect(store.getState().connection).toBe('connected');
  });

  it('§7 a malformed event is logged with its name and dropped', () => {
    const { service, last, store, logger } = setup();
    service.start();
    last().serverConnect();
    const before = store.getState().gasEstimate;
    expect(() => last().serverEmit('gas', { network: 'Base', gasEstimate: '∞' })).not.toThrow();
    expect(store.getState().gasEstimate).toBe(before);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('"gas"'));
  });

  it('docs/protocol.md "Batched delivery": each event of a batch applies in order, as if sent alone; a malformed entry or payload is logged and dropped alone', () => {
    const { service, last, store, logger } = setup();
    service.start();
    last().serverConnect();
    vi.advanceTimersByTime(1000);
    last().serverEmit('batch', [
      ['gas', { network: 'Base', gasEstimate: 1 }],
      ['gas', { network: 'Base', gasEstimate: '∞' }],
      'not a pair',
      ['gas', { network: 'Ethereum', gasEstimate: 7 }],
      ['gas', { network: 'Base', gasEstimate: 2 }],
    ]);
    expect(store.getState().gasEstimate).toEqual(expect.objectContaining({ Base: 2, Ethereum: 7 }));
    expect(store.getState().lastEventAt).toBe(1_001_000);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('malformed "gas" payload dropped'));
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('1 malformed "batch" entry dropped'));
  });

  it('docs/protocol.md "Batched delivery": a batch that is not a list is logged and dropped, and single events still apply after it', () => {
    const { service, last, store, logger } = setup();
    service.start();
    last().serverConnect();
    expect(() => last().serverEmit('batch', { gas: { network: 'Base', gasEstimate: 3 } })).not.toThrow();
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('malformed "batch" dropped'));
    expect(store.getState().gasEstimate).not.toEqual(expect.objectContaining({ Base: 3 }));
    last().serverEmit('gas', { network: 'Base', gasEstimate: 4 });
    expect(store.getState().gasEstimate).toEqual(expect.objectContaining({ Base: 4 }));
  });
});

describe('§4 disconnect handling', () => {
  it('§4 flag not "0": error sound, session timer 0, exact warning toast, retry after exactly 5000 ms', () => {
    const { service, sockets, last, store, toaster, playSound } = setup('1');
    service.start();
    last().serverConnect();
    last().serverEmit('init', initPayload());
    expect(store.getState().msRemainingBeforeDisconnect).toBe(3_599_000);
    last().serverDisconnect('transport close');
    expect(playSound).toHaveBeenCalledExactlyOnceWith('error');
    expect(store.getState().msRemainingBeforeDisconnect).toBe(0);
    expect(store.getState().connection).toBe('reconnecting');
    expect(toaster.open().map((t) => [t.message, t.options.variant])).toEqual([[RECONNECTING_TEXT, 'warning']]);
    expect(RECONNECTING_TEXT).toBe('Disconnected from server. Reconnecting...');
    vi.advanceTimersByTime(4999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
  });

  it('§4 retries every 5 s until it works, without repeating sound or toast, then closes the warning', () => {
    const { service, sockets, last, toaster, playSound, store } = setup();
    service.start();
    last().serverConnect();
    last().serverDisconnect();
    for (let i = 0; i < 3; i++) {
      vi.advanceTimersByTime(5000);
      last().connectError('xhr poll error');
    }
    expect(sockets).toHaveLength(4);
    expect(playSound).toHaveBeenCalledOnce();
    expect(toaster.toasts).toHaveLength(1);
    vi.advanceTimersByTime(5000);
    expect(sockets).toHaveLength(5);
    last().serverConnect();
    expect(toaster.open()).toHaveLength(0);
    expect(store.getState().connection).toBe('connected');
    // every abandoned socket was closed
    for (const s of sockets.slice(0, 4)) expect(s.disconnectCalls).toBe(1);
  });

  it('§4 reconnect re-syncs from init and a second disconnect shows one warning again, not two', () => {
    const { service, last, toaster, store } = setup();
    service.start();
    last().serverConnect();
    last().serverDisconnect();
    vi.advanceTimersByTime(5000);
    last().serverConnect();
    last().serverEmit('init', initPayload({ msRemainingBeforeDisconnect: 1000 }));
    expect(store.getState().msRemainingBeforeDisconnect).toBe(1000);
    last().serverDisconnect();
    expect(toaster.open().map((t) => t.message)).toEqual([RECONNECTING_TEXT]);
  });

  it('§4 flag "0": persistent error toast with the exact text and no retry', () => {
    const { service, sockets, last, toaster, playSound, store } = setup('0');
    service.start();
    last().serverConnect();
    last().serverDisconnect('io server disconnect');
    expect(playSound).toHaveBeenCalledExactlyOnceWith('error');
    expect(store.getState().msRemainingBeforeDisconnect).toBe(0);
    expect(toaster.open()).toEqual([
      { message: 'Disconnected from server', options: expect.objectContaining({ variant: 'error', autoHideDuration: null }), open: true },
    ]);
    expect(DISCONNECTED_TEXT).toBe('Disconnected from server');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(store.getState().connection).toBe('offline');
  });

  it('§4 stopReconnect from the server sets the flag to "0", so the following disconnect does not retry', () => {
    const { service, sockets, last, storage, toaster } = setup();
    service.start();
    last().serverConnect();
    last().serverEmit('stopReconnect', {});
    expect(storage.getItem(RECONN_FLAG_STORAGE_KEY)).toBe('0');
    last().serverDisconnect('io server disconnect');
    vi.advanceTimersByTime(20_000);
    expect(sockets).toHaveLength(1);
    expect(toaster.open().map((t) => t.message)).toEqual([DISCONNECTED_TEXT]);
  });

  it('§4 stopReconnect while already retrying stops the retry loop at the next failure', () => {
    const { service, sockets, last, storage, toaster } = setup();
    service.start();
    last().serverConnect();
    last().serverDisconnect();
    stopReconnect(storage);
    vi.advanceTimersByTime(5000);
    last().connectError('timeout');
    vi.advanceTimersByTime(20_000);
    expect(sockets).toHaveLength(2);
    expect(toaster.open().map((t) => t.message)).toEqual([DISCONNECTED_TEXT]);
  });

  it('a connect_error "unauthorized" is treated like stopReconnect: no retry loop', () => {
    const { service, sockets, last, storage, toaster } = setup();
    service.start();
    last().connectError('unauthorized');
    expect(storage.getItem(RECONN_FLAG_STORAGE_KEY)).toBe('0');
    vi.advanceTimersByTime(20_000);
    expect(sockets).toHaveLength(1);
    expect(toaster.open().map((t) => t.message)).toEqual([DISCONNECTED_TEXT]);
  });

  it('resetReconnectFlag (login) allows reconnecting again', () => {
    const storage = memoryStorage({ [RECONN_FLAG_STORAGE_KEY]: '0' });
    resetReconnectFlag(storage);
    expect(storage.getItem(RECONN_FLAG_STORAGE_KEY)).toBeNull();
  });

  it('stop() (unmount, logout) closes the socket without disconnect toasts, sounds or retries', () => {
    const { service, sockets, last, toaster, playSound, store } = setup();
    service.start();
    last().serverConnect();
    vi.advanceTimersByTime(1000);
    service.stop();
    expect(last().disconnectCalls).toBe(1);
    last().serverDisconnect('io client disconnect'); // listeners are gone already
    vi.advanceTimersByTime(20_000);
    expect(sockets).toHaveLength(1);
    expect(toaster.toasts).toHaveLength(0);
    expect(playSound).not.toHaveBeenCalled();
    expect(store.getState().connection).toBe('idle');
  });

  it('stop() during the retry wait cancels the retry and closes the warning', () => {
    const { service, sockets, last, toaster } = setup();
    service.start();
    last().serverConnect();
    last().serverDisconnect();
    service.stop();
    vi.advanceTimersByTime(20_000);
    expect(sockets).toHaveLength(1);
    expect(toaster.open()).toHaveLength(0);
  });

  it('events of an abandoned socket are ignored', () => {
    const { service, sockets, last, store, notifier } = setup();
    service.start();
    last().serverConnect();
    last().serverDisconnect();
    vi.advanceTimersByTime(5000);
    const old = sockets[0] as FakeSocket;
    old.serverEmit('notify', VALID.notify);
    old.serverConnect();
    expect(notifier.notify).not.toHaveBeenCalled();
    expect(store.getState().connection).toBe('reconnecting');
  });
});
