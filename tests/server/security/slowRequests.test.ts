/**
 * No request is held forever, and no client holds every connection. Real sockets against a
 * listening server (inject has no connection to hold).
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../../server/src/app.ts';
import { CONNECTION_LIMITS_DEFAULTS } from '../../../server/src/lib/connectionLimits.ts';
import type { AppOptions } from '../../../server/src/app.ts';
import { makeApp } from '../helpers.ts';

const opened: Socket[] = [];
let current: App | undefined;

afterEach(async () => {
  for (const socket of opened.splice(0)) socket.destroy();
  await current?.close();
  current = undefined;
});

async function listening(options: AppOptions = {}): Promise<number> {
  const t = await makeApp(options);
  current = t.app;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

/** A socket to the server; resolves once connected, or with 'closed' if the server closed it first. */
function open(port: number, localAddress = '127.0.0.1'): Promise<{ socket: Socket; closed: Promise<number>; received: () => string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    opened.push(socket);
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    const closed = new Promise<number>((done) => socket.once('close', () => done(performance.now())));
    socket.once('connect', () => resolve({ socket, closed, received: () => text }));
    socket.once('error', reject);
  });
}

/** Whether the server keeps this connection: an answer to a GET on it, or closed at once. */
async function answers(port: number, localAddress = '127.0.0.1'): Promise<boolean> {
  const { socket, closed, received } = await open(port, localAddress);
  socket.write(`GET /api/txs/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  const outcome = await Promise.race([closed.then(() => 'closed'), new Promise((r) => setTimeout(() => r('waited'), 2000))]);
  return outcome === 'waited' ? received().startsWith('HTTP/1.1 401') : received().startsWith('HTTP/1.1');
}

describe('unfinished requests and connection caps', () => {
  it('a login body dripping a byte every 10 s is cut off within 30 s (the default limits)', async () => {
    const port = await listening();
    const { socket, closed, received } = await open(port);
    const started = performance.now();
    socket.write(`POST /api/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`);
    const drip = setInterval(() => socket.writable && socket.write('a'), 10_000);
    const cut = await Promise.race([closed, new Promise<null>((r) => setTimeout(() => r(null), 32_000))]);
    clearInterval(drip);
    expect(cut).not.toBeNull();
    expect((cut ?? Infinity) - started).toBeLessThan(30_000);
    // Node answers such a request 408 as it closes it.
    expect(received()).toMatch(/^(HTTP\/1\.1 408|$)/);
  }, 45_000);

  it('the defaults: request 20 s, headers 10 s, keep-alive 5 s, idle 60 s, 4,000 connections, 256 per address', async () => {
    expect(CONNECTION_LIMITS_DEFAULTS).toEqual({
      requestTimeoutMs: 20_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 5_000,
      idleTimeoutMs: 60_000,
      maxConnections: 4_000,
      maxConnectionsPerAddress: 256,
    });
    await listening();
    const server = current!.server;
    expect([server.requestTimeout, server.headersTimeout, server.keepAliveTimeout, server.timeout, server.maxConnections]).toEqual([20_000, 10_000, 5_000, 60_000, 4_000]);
  });

  it('headers that never finish are cut off after the headers timeout', async () => {
    const port = await listening({ connectionLimits: { headersTimeoutMs: 500, requestTimeoutMs: 1000 } });
    const { socket, closed } = await open(port);
    const started = performance.now();
    socket.write(`GET /api/txs/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `);
    const drip = setInterval(() => socket.writable && socket.write('a'), 100);
    const at = await Promise.race([closed, new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
    clearInterval(drip);
    expect(at).not.toBeNull();
    expect((at ?? Infinity) - started).toBeLessThan(3000);
  });

  it('SECURITY: a connection that opens and sends nothing is closed when its headers are due, not held for the idle timeout', async () => {
    // The idle timeout (60 s by default) is far above: the headers' deadline is what closes a silent connection.
    const port = await listening({ connectionLimits: { headersTimeoutMs: 500, requestTimeoutMs: 1000, idleTimeoutMs: 60_000 } });
    const { closed, received } = await open(port);
    const at = await Promise.race([closed, new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
    expect(at).not.toBeNull();
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('an idle keep-alive connection is closed after the keep-alive timeout', async () => {
    const port = await listening({ connectionLimits: { keepAliveTimeoutMs: 300 } });
    const { socket, closed, received } = await open(port);
    socket.write(`GET /api/txs/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    const at = await Promise.race([closed, new Promise<null>((r) => setTimeout(() => r(null), 3000))]);
    expect(received()).toMatch(/^HTTP\/1\.1 401/);
    expect(at).not.toBeNull();
  });

  it('connections past the cap per client address are closed; another address is still answered', async () => {
    const port = await listening({ connectionLimits: { maxConnectionsPerAddress: 3 } });
    const held = await Promise.all([open(port), open(port), open(port)]);
    expect(held).toHaveLength(3);
    expect(await answers(port)).toBe(false);
    expect(await answers(port, '127.0.0.2')).toBe(true);
    held[0]!.socket.destroy();
    await held[0]!.closed;
    await new Promise((r) => setTimeout(r, 50));
    expect(await answers(port)).toBe(true);
  });

  it('connections past the total cap are closed, whoever opens them', async () => {
    const port = await listening({ connectionLimits: { maxConnections: 4 } });
    await Promise.all([open(port), open(port, '127.0.0.2'), open(port, '127.0.0.3'), open(port, '127.0.0.4')]);
    expect(await answers(port, '127.0.0.5')).toBe(false);
  });
});
