/** Valid sample payloads of every server event (docs/protocol.md), and fakes for the realtime service. */
import { vi } from 'vitest';
import type { BrainState, ServerEventName, ServerEventPayload, Token } from '../../src/contract/index.ts';
import type { LiveNotifier, Toaster, ToastOptions } from '../../src/notifications/index.ts';
import type { HandlerContext } from '../../src/realtime/handlers.ts';
import { LiveStore } from '../../src/realtime/liveStore.ts';
import type { Clock, SocketLike, SocketOptions } from '../../src/realtime/service.ts';
import type { ReactNode } from 'react';

export const token = (tokenName: string, address = '0xabc'): Token => ({
  tokenName,
  networkData: { Ethereum: { address, decimals: 18 } },
});

export const brain = (over: Partial<BrainState> = {}): BrainState => ({
  walletAddress: '0xwallet',
  workersRunning: true,
  workersStartedBy: 'alice',
  routeSearchRunning: false,
  routeSearchProgress: 0,
  pinnedTokens: ['AAA'],
  autosellPins: [],
  pendingSells: [],
  lockedNonces: [],
  wethPriceUSD: 3000,
  txPeerStatus: { a: 1 },
  zmqPeerStatus: { b: 2 },
  nativePriceUSD: { ETH: 3000 },
  txState: { x: [1, 2] },
  ...over,
});

export const initPayload = (over: Partial<ServerEventPayload<'init'>> = {}): ServerEventPayload<'init'> => ({
  devMode: true,
  msRemainingBeforeDisconnect: 3_599_000,
  allTokens: { AAA: token('AAA') },
  competitors: [],
  bridges: { B1: { bridgeName: 'B1', kind: 'Stargate' } },
  miscSettings: { sellOnly: false },
  brainState: brain(),
  awsGroups: [{ name: 'g1' }],
  connectedServices: { numConnected: 3, numExpected: 3 },
  ...over,
});

export const txConfirmation = (over: Partial<ServerEventPayload<'txConfirmed'>['txs'][string]> = {}) => ({
  tokenName: 'AAA',
  txType: 'Sell',
  bridge: { name: 'Stargate' },
  networkBuy: 'Ethereum',
  networkSell: 'Arbitrum',
  success: true,
  expectedProfit: 1,
  tradeId: 't1',
  amountOut: 11,
  ...over,
});

export const VALID: { [E in ServerEventName]: ServerEventPayload<E> } = {
  init: initPayload(),
  eventCache: { workerStats: 'ws' },
  brainState: brain(),
  cloudUpdateDone: [{ name: 'g2' }],
  connectedUsers: [{ name: 'bob', role: 'Admin', since: 1 }],
  connectedServices: { numConnected: 1, numExpected: 2 },
  miscSettingsUpdateDone: { sellOnly: true },
  stopReconnect: {},
  newUserLog: { id: 'l1', time: 1, user: 'bob', action: 'login' },
  command: { name: 'background', seconds: 5 },
  notify: { msg: 'hello', type: 'info', autoClose: 3000 },
  sound: { name: 'plop' },
  tokenCreateDone: token('NEW'),
  tokenUpdateDone: token('AAA', '0xdef'),
  tokenDeleteDone: { tokenName: 'AAA' },
  bridgeCreateDone: { bridgeName: 'B2', kind: 'Synapse' },
  bridgeUpdateDone: { bridgeName: 'B1', kind: 'Synapse' },
  bridgeDeleteDone: { bridgeName: 'B1', tokens: {} },
  checkerAddResults: { iterId: 'i1', ok: true },
  checkerDeleteResults: { iterId: 'i1' },
  newBlock: { network: 'Ethereum', num: 100 },
  gas: { network: 'Ethereum', gasEstimate: 12 },
  balance: { network: 'Ethereum', balance: 1.5 },
  secondBalance: { address: '0xa', network: 'Base', balance: 2 },
  workerIterationResult: { key: 'AAA_Arbitrum_Ethereum_lp', profit: 1 },
  workerIterationError: { key: 'AAA_Arbitrum_Ethereum_lp', error: 'boom' },
  workerStats: 'worker stats',
  analytics: 'analytics',
  events: 'events',
  lpStats: 'lp stats',
  eventerStats: 'eventer stats',
  txSent: {
    tradeId: 't1', tokenName: 'AAA', txTypes: ['Swap', 'Bridge'], networkBuy: 'Ethereum', networkSell: 'Arbitrum',
    bridge: { name: 'Stargate' },
  },
  txConfirmed: { txs: { a: txConfirmation() } },
  tradeStuck: { tradeId: 't1', step: 1, pendingMs: 300_000, expectedMs: 40_000 },
  tradeUnstuck: { tradeId: 't1' },
  alertChanged: {
    id: 'a1', ruleId: 'r1', kind: 'balanceBelow', severity: 'critical', subject: { type: 'network', name: 'Arbitrum' }, state: 'firing',
    text: 'Arbitrum balance 0.01 ETH is below 0.05 ETH', value: 0.01, threshold: 0.05, startedAt: 1, firingAt: 1, history: [{ at: 1, event: 'firing' }],
  },
  silencesChanged: { data: [{ id: 's1', ruleId: 'r1', until: 2, reason: 'maintenance', by: 'bob', at: 1 }] },
};

export function fakeNotifier() {
  return {
    notify: vi.fn<LiveNotifier['notify']>(),
    sound: vi.fn<LiveNotifier['sound']>(),
    txSent: vi.fn<LiveNotifier['txSent']>(),
    txConfirmed: vi.fn<LiveNotifier['txConfirmed']>(),
  } satisfies LiveNotifier;
}

export interface ShownToast {
  message: ReactNode;
  options: ToastOptions;
  open: boolean;
}

/** Records toasts like a screen would show them; `close(id)` marks the open one closed. */
export function fakeToaster(): Toaster & { toasts: ShownToast[]; open(): ShownToast[] } {
  const toasts: ShownToast[] = [];
  const closeId = (id: string) => {
    for (const t of toasts) if (t.options.id === id) t.open = false;
  };
  return {
    toasts,
    open: () => toasts.filter((t) => t.open),
    show(message, options) {
      if (options.id !== undefined) closeId(options.id);
      toasts.push({ message, options, open: true });
    },
    close: closeId,
    closeAll() {
      for (const t of toasts) t.open = false;
    },
  };
}

/** A store whose frames are flushed by hand (flushFrame) — no timers involved. */
export function manualStore(): { store: LiveStore; flushFrame: () => void; pending: () => number } {
  let queue: (() => void)[] = [];
  const store = new LiveStore((cb) => queue.push(cb));
  return {
    store,
    pending: () => queue.length,
    flushFrame: () => {
      const q = queue;
      queue = [];
      for (const cb of q) cb();
    },
  };
}

export function handlerContext(store: LiveStore, now = () => 1_000) {
  const logger = { warn: vi.fn(), error: vi.fn() };
  const notifier = fakeNotifier();
  const stopReconnect = vi.fn();
  const ctx: HandlerContext = { store, now, notifier, stopReconnect, logger };
  return { ctx, logger, notifier, stopReconnect };
}

type Listener = (...args: never[]) => void;

/** An EventEmitter-like stand-in for a socket.io-client Socket, driven by the test as "the server". */
export class FakeSocket implements SocketLike {
  readonly url: string;
  readonly options: SocketOptions;
  readonly listeners = new Map<string, Listener[]>();
  anyListeners: ((event: string, ...args: unknown[]) => void)[] = [];
  readonly emitted: { event: string; payload: unknown; ack: (err: Error | null) => void }[] = [];
  disconnectCalls = 0;

  constructor(url: string, options: SocketOptions) {
    this.url = url;
    this.options = options;
  }

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  onAny(listener: (event: string, ...args: unknown[]) => void): this {
    this.anyListeners.push(listener);
    return this;
  }
  offAny(): this {
    this.anyListeners = [];
    return this;
  }
  timeout(_ms: number) {
    return {
      emit: (event: string, payload: unknown, ack: (err: Error | null) => void) => {
        this.emitted.push({ event, payload, ack });
        return this;
      },
    };
  }
  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }
  disconnect(): this {
    this.disconnectCalls++;
    return this;
  }

  // ----- the "server" side -----
  private fire(event: string, ...args: unknown[]): void {
    for (const l of this.listeners.get(event) ?? []) (l as (...a: unknown[]) => void)(...args);
  }
  serverConnect(): void {
    this.fire('connect');
  }
  serverDisconnect(reason = 'transport close'): void {
    this.fire('disconnect', reason);
  }
  connectError(message: string): void {
    this.fire('connect_error', new Error(message));
  }
  serverEmit(event: string, payload: unknown): void {
    for (const l of [...this.anyListeners]) l(event, payload);
  }
}

/** A Clock over vitest's fake timers. */
export const fakeTimersClock: Clock = {
  now: () => Date.now(),
  setTimeout: (cb, ms) => setTimeout(cb, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (cb, ms) => setInterval(cb, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
};

/** In-memory localStorage stand-in. */
export function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}
