/**
 * The service against a real socket.io server on port 0 and the real socket.io-client: checks that
 * the library behaves as SocketLike assumes (handshake options, onAny with a batch, ping acks with timeout,
 * connect_error "unauthorized", server-side disconnect).
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECONN_FLAG_STORAGE_KEY } from '../../src/config/constants.ts';
import { LiveStore } from '../../src/realtime/liveStore.ts';
import { DISCONNECTED_TEXT, RealtimeService, systemClock } from '../../src/realtime/service.ts';
import { fakeNotifier, fakeToaster, initPayload, memoryStorage } from './fixtures.ts';

let http: HttpServer;
let server: Server;
let url: string;
let connections: ServerSocket[];
let pings: unknown[];

beforeEach(async () => {
  connections = [];
  pings = [];
  http = createServer();
  server = new Server(http);
  server.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown };
    if (auth.token === 'good') next();
    else next(new Error('unauthorized'));
  });
  server.on('connection', (socket) => {
    connections.push(socket);
    socket.on('ping', (payload: unknown, ack: unknown) => {
      pings.push(payload);
      if (typeof ack === 'function') ack({ t: 1 });
    });
    socket.emit('init', initPayload({ devMode: true }));
    socket.emit('gas', { network: 'Base', gasEstimate: 'bad' });
    // A backend that offers batched delivery (docs/protocol.md "Batched delivery") to a socket that asks.
    if (socket.handshake.query.batch === '1') socket.emit('batch', [['gas', { network: 'Base', gasEstimate: 5 }], ['balance', { network: 'Base', balance: 2 }]]);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function start(token: string) {
  const store = new LiveStore((cb) => setTimeout(cb, 0));
  const toaster = fakeToaster();
  const storage = memoryStorage();
  const logger = { warn: vi.fn(), error: vi.fn() };
  const playSound = vi.fn();
  const service = new RealtimeService({
    io: (u, options) => io(u, options),
    url,
    token,
    storage,
    clock: systemClock,
    store,
    toaster,
    notifier: fakeNotifier(),
    playSound,
    logger,
  });
  service.start();
  return { service, store, toaster, storage, logger, playSound };
}

describe('§7 realtime socket against a real socket.io server', () => {
  it('receives init, subscribes to every event, drops malformed payloads, and its pings are acked', async () => {
    const { service, store, logger } = start('good');
    await vi.waitFor(() => expect(store.getState().devMode).toBe(true));
    expect(store.getState().connection).toBe('connected');
    expect(String(connections[0]?.handshake.query.events).split(',')).toContain('txConfirmed');
    // It asked for batches, and applies the batch the server sent through socket.io-client's onAny.
    await vi.waitFor(() => expect(store.getState().gasEstimate).toEqual(expect.objectContaining({ Base: 5 })));
    await vi.waitFor(() => expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('"gas"')));
    const before = store.getState().lastEventAt ?? 0;
    await vi.waitFor(() => expect(pings).toEqual([{}]), { timeout: 6000 });
    await vi.waitFor(() => expect(store.getState().lastEventAt).toBeGreaterThan(before));
    service.stop();
  });

  it('an unauthorized handshake stops reconnecting and shows the persistent error', async () => {
    const { service, toaster, storage, store } = start('bad');
    await vi.waitFor(() => expect(store.getState().connection).toBe('offline'));
    expect(storage.getItem(RECONN_FLAG_STORAGE_KEY)).toBe('0');
    expect(toaster.open().map((t) => t.message)).toEqual([DISCONNECTED_TEXT]);
    service.stop();
  });

  it('a server-side disconnect is noticed (error sound, reconnecting)', async () => {
    const { service, store, playSound } = start('good');
    await vi.waitFor(() => expect(connections).toHaveLength(1));
    await vi.waitFor(() => expect(store.getState().connection).toBe('connected'));
    connections[0]?.disconnect(true);
    await vi.waitFor(() => expect(store.getState().connection).toBe('reconnecting'));
    expect(playSound).toHaveBeenCalledWith('error');
    service.stop();
  });
});
