/** A socket's frames are decoded only up to a small size, before the handshake too. */
import { afterEach, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_FRAME_MAX_BYTES } from '../../../server/src/realtime/socket.ts';
import { makeApp, type TestApp } from '../helpers.ts';

let t: TestApp | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t?.app.close();
});

async function serverUrl(): Promise<string> {
  t = await makeApp({ now: Date.now });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** How an unauthenticated handshake carrying `token` ends: the server's connect_error text, or the transport closing. */
function outcome(url: string, token: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    socket.once('connect_error', (err: Error) => resolve(`connect_error ${err.message}`));
    socket.once('disconnect', (reason: string) => resolve(`disconnect ${reason}`));
    socket.once('connect', () => resolve('connected'));
  });
}

describe('Socket connection (protocol): socket frame size', () => {
  it('is 16 KB; a small bad token is refused "unauthorized", a 100 KB one is not even decoded: the connection is closed', async () => {
    expect(SOCKET_FRAME_MAX_BYTES).toBe(16 * 1024);
    const url = await serverUrl();
    expect(await outcome(url, 'not-a-token')).toBe('connect_error unauthorized');
    const big = await outcome(url, 'x'.repeat(100_000));
    expect(big).not.toBe('connect_error unauthorized');
    expect(big).not.toBe('connected');
  });
});
