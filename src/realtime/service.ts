/**
 * The socket lifecycle of §4/§7 as a plain class. Every dependency (io factory, storage,
 * clock, toaster, notifier, sounds, logger, store) is an argument, so tests drive it with fakes.
 *
 * socket.io's own reconnection is off: §4 prescribes how a disconnect is handled (error
 * sound, session timer to 0, and then either a warning toast plus a retry every 5 s, or a
 * persistent error toast and no retry when the reconn flag is "0").
 */
import type { ReactNode } from 'react';
import { RECONNECT_DELAY_MS, SOCKET_PING_MS } from '../config/constants.ts';
import type { SoundName } from '../config/enums.ts';
import { BATCH_EVENT, BATCH_QUERY, CLIENT_PING, SERVER_EVENT_NAMES } from '../contract/index.ts';
import type { LiveNotifier, RealtimeToaster } from './ports.ts';
import { dispatchBatch, dispatchServerEvent, type HandlerContext } from './handlers.ts';
import type { ConnectionPhase } from './liveState.ts';
import type { LiveStore } from './liveStore.ts';
import { isReconnectStopped, stopReconnect, type FlagStorage } from './reconnectFlag.ts';

/** §8 toast texts, exactly. */
export const RECONNECTING_TEXT = 'Disconnected from server. Reconnecting...';
export const DISCONNECTED_TEXT = 'Disconnected from server';
const RECONNECTING_TOAST_ID = 'realtime:reconnecting';
const DISCONNECTED_TOAST_ID = 'realtime:disconnected';

export interface SocketOptions {
  auth: { token: string };
  /** `batch: "1"` asks for batched delivery (docs/protocol.md "Batched delivery"). */
  query: { events: string; batch: '1' };
  reconnection: false;
  transports: ['websocket'];
}

/** The part of a socket.io-client Socket this service uses. */
export interface SocketLike {
  on(event: 'connect', listener: () => void): unknown;
  on(event: 'disconnect', listener: (reason: string) => void): unknown;
  on(event: 'connect_error', listener: (err: Error) => void): unknown;
  onAny(listener: (event: string, ...args: unknown[]) => void): unknown;
  timeout(ms: number): { emit(event: string, payload: unknown, ack: (err: Error | null) => void): unknown };
  removeAllListeners(): unknown;
  offAny(): unknown;
  disconnect(): unknown;
}

export type SocketFactory = (url: string, options: SocketOptions) => SocketLike;

export interface Clock {
  now(): number;
  setTimeout(cb: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(cb: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (cb, ms) => globalThis.setTimeout(cb, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (cb, ms) => globalThis.setInterval(cb, ms),
  clearInterval: (h) => globalThis.clearInterval(h as ReturnType<typeof setInterval>),
};

export interface RealtimeDeps {
  io: SocketFactory;
  url: string;
  token: string;
  storage: FlagStorage | null;
  clock: Clock;
  store: LiveStore;
  toaster: RealtimeToaster;
  notifier: LiveNotifier;
  playSound: (name: SoundName) => void;
  logger: Pick<Console, 'warn' | 'error'>;
  /**
   * What the stay-open "Disconnected from server" toast shows (§4/§8; its text stays exactly
   * that): the console passes the text with a "Sign in again" button, since
   * without a retry a reload would be the only way back. The text alone by default.
   */
  disconnectedMessage?: ReactNode;
}

export function socketOptions(token: string): SocketOptions {
  return {
    auth: { token },
    // Broadcasts as one message per run (docs/protocol.md "Batched delivery"); a backend may ignore it.
    query: { events: SERVER_EVENT_NAMES.join(','), [BATCH_QUERY]: '1' as const },
    reconnection: false,
    transports: ['websocket'],
  };
}

export class RealtimeService {
  private readonly deps: RealtimeDeps;
  private readonly ctx: HandlerContext;
  private socket: SocketLike | null = null;
  private pingTimer: unknown = null;
  private retryTimer: unknown = null;
  private running = false;
  /** The reconnecting warning is open; further failed retries do not repeat sound and toast. */
  private reconnecting = false;

  constructor(deps: RealtimeDeps) {
    this.deps = deps;
    this.ctx = {
      store: deps.store,
      now: () => deps.clock.now(),
      notifier: deps.notifier,
      stopReconnect: () => stopReconnect(deps.storage),
      logger: deps.logger,
    };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.setPhase('connecting');
    this.connect();
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.clearRetry();
    this.teardownSocket();
    this.reconnecting = false;
    this.deps.toaster.close(RECONNECTING_TOAST_ID);
    this.setPhase('idle');
  }

  private connect(): void {
    const socket = this.deps.io(this.deps.url, socketOptions(this.deps.token));
    this.socket = socket;
    socket.on('connect', () => {
      if (socket === this.socket) this.onConnect(socket);
    });
    socket.on('disconnect', () => {
      if (socket === this.socket) this.onConnectionLost();
    });
    socket.on('connect_error', (err: Error) => {
      if (socket === this.socket) this.onConnectError(err);
    });
    socket.onAny((event: string, ...args: unknown[]) => {
      if (socket !== this.socket) return;
      this.markAlive();
      if (event === BATCH_EVENT) dispatchBatch(args[0], this.ctx);
      else dispatchServerEvent(event, args[0], this.ctx);
    });
  }

  private onConnect(socket: SocketLike): void {
    this.reconnecting = false;
    this.deps.toaster.close(RECONNECTING_TOAST_ID);
    this.deps.toaster.close(DISCONNECTED_TOAST_ID);
    this.setPhase('connected');
    this.markAlive();
    // The server sends init (and eventCache) on every connect; that re-syncs the store.
    this.stopPing();
    this.pingTimer = this.deps.clock.setInterval(() => {
      // With a timeout the pending ack is released even when the server never answers.
      socket.timeout(SOCKET_PING_MS).emit(CLIENT_PING, {}, (err) => {
        if (!err && socket === this.socket) this.markAlive();
      });
    }, SOCKET_PING_MS);
  }

  private onConnectError(err: Error): void {
    if (err.message === 'unauthorized') {
      // The server refused the token (expired or revoked): retrying with the same token can never
      // work, so this is treated like stopReconnect.
      stopReconnect(this.deps.storage);
    }
    if (this.reconnecting && !isReconnectStopped(this.deps.storage)) {
      // A retry failed: keep the open warning and try again, without another error sound.
      this.teardownSocket();
      this.scheduleRetry();
      return;
    }
    this.onConnectionLost();
  }

  /** §4 disconnect handling. */
  private onConnectionLost(): void {
    this.teardownSocket();
    const { store, clock, toaster, playSound, storage } = this.deps;
    playSound('error');
    // Trades that move on while no socket is open are not told: the stuck list read on reconnecting says.
    store.update(() => ({ msRemainingBeforeDisconnect: 0, sessionDeadline: clock.now(), stuckTrades: new Map() }));
    if (!isReconnectStopped(storage)) {
      this.setPhase('reconnecting');
      if (!this.reconnecting) {
        this.reconnecting = true;
        // Open until the next successful connect closes it.
        toaster.show(RECONNECTING_TEXT, { variant: 'warning', autoHideDuration: null, id: RECONNECTING_TOAST_ID });
      }
      this.scheduleRetry();
    } else {
      this.reconnecting = false;
      this.setPhase('offline');
      toaster.close(RECONNECTING_TOAST_ID);
      toaster.show(this.deps.disconnectedMessage ?? DISCONNECTED_TEXT, {
        variant: 'error',
        autoHideDuration: null,
        id: DISCONNECTED_TOAST_ID,
        text: DISCONNECTED_TEXT,
      });
    }
  }

  private scheduleRetry(): void {
    this.clearRetry();
    this.retryTimer = this.deps.clock.setTimeout(() => {
      this.retryTimer = null;
      if (this.running) this.connect();
    }, RECONNECT_DELAY_MS);
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) this.deps.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private stopPing(): void {
    if (this.pingTimer !== null) this.deps.clock.clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  /** Forget the current socket: no more of its events reach us, and it is closed. */
  private teardownSocket(): void {
    this.stopPing();
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.offAny();
    socket.removeAllListeners();
    socket.disconnect();
  }

  private markAlive(): void {
    const at = this.deps.clock.now();
    this.deps.store.update(() => ({ lastEventAt: at }));
  }

  private setPhase(connection: ConnectionPhase): void {
    this.deps.store.update(() => ({ connection }));
  }
}
