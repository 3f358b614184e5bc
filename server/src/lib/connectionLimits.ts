/**
 * What one client can hold of the server: how long a request may take to arrive, how long an idle
 * connection is kept, and how many connections are open, in all and from one address. Without them
 * a `POST` whose body never finishes would be held forever, and some 20,000 of them would use up the
 * process's open files so that nobody else is answered.
 */
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** A request (headers and body) must have arrived within this many ms of its start, else 408 and closed. */
  requestTimeoutMs: number;
  /** Its headers, within this many ms (≤ requestTimeoutMs). */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this many ms. */
  keepAliveTimeoutMs: number;
  /** A connection on which nothing at all happens (no byte either way) is closed after this many ms. */
  idleTimeoutMs: number;
  /** Open connections at most, websockets included; more are closed as they arrive. */
  maxConnections: number;
  /** Open connections at most from one client address (not applied behind a trusted proxy, whose one address carries every client). */
  maxConnectionsPerAddress: number;
}

export const CONNECTION_LIMITS_DEFAULTS: ConnectionLimits = {
  // A login is a few hundred bytes and the largest body (an 8 MB CSV import) takes a second on a LAN.
  requestTimeoutMs: 20_000,
  headersTimeoutMs: 10_000,
  // Node's own default; a console keeps its connections busy far more often than this.
  keepAliveTimeoutMs: 5_000,
  // Above socket.io's ping interval (25 s) plus its timeout (20 s): a live socket always has a byte by then.
  idleTimeoutMs: 60_000,
  maxConnections: 4_000,
  maxConnectionsPerAddress: 256,
};

/**
 * The options for Node's http server: how often it checks requests against requestTimeoutMs and
 * headersTimeoutMs (its default, 30 s, would let an unfinished request live up to 30 s longer).
 */
export function httpServerOptions(limits: ConnectionLimits): ServerOptions {
  return {
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout: limits.headersTimeoutMs,
    connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(limits.requestTimeoutMs / 10))),
  };
}

/** Caps the server's open connections in all and, unless `perAddress` is false, per client address. */
export function capConnections(server: Server, limits: ConnectionLimits, perAddress: boolean): void {
  server.maxConnections = limits.maxConnections;
  if (!perAddress) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
