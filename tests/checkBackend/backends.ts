/**
 * Deliberately wrong backends for the conformance checker's tests: a proxy in front of the
 * reference server that breaks one rule, and a small socket.io server of its own.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Server as SocketServer } from 'socket.io';
import { ADMIN_ROLE } from '../../src/config/enums.ts';
import { BATCH_EVENT, BATCH_QUERY } from '../../src/contract/index.ts';
import { initPayload } from '../realtime/fixtures.ts';

export interface Running {
  url: string;
  close: () => Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const closing = (server: Server, also: () => void = () => {}) => () =>
  new Promise<void>((resolve) => {
    also();
    server.closeAllConnections();
    server.close(() => resolve());
  });

export interface Tamper {
  /** Answer a request itself instead of passing it on; return true when it did. */
  answer?: (request: IncomingMessage, response: ServerResponse) => boolean;
  /** Change an answer's headers (lower-case names) and body before it goes back. */
  rewrite?: (headers: Record<string, string | string[] | undefined>, body: Buffer) => Buffer;
}

/** A proxy to `target` (REST and the socket's WebSocket upgrade) that tampers with REST answers. */
export async function tamperingProxy(target: string, tamper: Tamper): Promise<Running> {
  const upstream = new URL(target);
  const server = createServer((request, response) => {
    if (tamper.answer?.(request, response)) return;
    const forwarded = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const headers = { ...answer.headers };
          const body = tamper.rewrite ? tamper.rewrite(headers, Buffer.concat(chunks)) : Buffer.concat(chunks);
          delete headers['content-length'];
          delete headers['transfer-encoding'];
          response.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': String(body.length) });
          response.end(body);
        });
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  // The socket passes through untouched: the raw upgrade request, then both directions piped.
  server.on('upgrade', (request: IncomingMessage, socket, head: Buffer) => {
    const raw = connect(Number(upstream.port), upstream.hostname, () => {
      const headerLines = Object.entries(request.headers).flatMap(([name, value]) => [value].flat().map((v) => `${name}: ${v}`));
      raw.write(`${request.method} ${request.url} HTTP/1.1\r\n${headerLines.join('\r\n')}\r\n\r\n`);
      raw.write(head);
      socket.pipe(raw).pipe(socket);
    });
    raw.on('error', () => socket.destroy());
    socket.on('error', () => raw.destroy());
  });
  return { url: await listen(server), close: closing(server) };
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export interface SocketBackendOptions {
  /** newBlock's `num` as sent: the block number itself by default. */
  num?: (block: number) => unknown;
  /** ms between two newBlocks. */
  everyMs?: number;
  /**
   * Sent each as one `batch` message right after eventCache to a socket whose handshake asked for
   * batches (`batch=1`), so they are in hand long before the checker's window ends. With none, the
   * backend ignores the query (docs/protocol.md "Batched delivery").
   */
  batches?: readonly unknown[];
}

/**
 * A socket.io backend of its own. It signs anyone in as Admin and answers 404 to every other REST
 * call; its socket refuses a handshake without a token, and sends init, eventCache and then a
 * `newBlock` as itself every `everyMs`.
 */
export async function socketBackend({ num = (block) => block, everyMs = 50, batches = [] }: SocketBackendOptions = {}): Promise<Running> {
  const token = [base64url({ alg: 'HS256' }), base64url({ name: 'admin', role: ADMIN_ROLE, exp: Math.floor(Date.now() / 1000) + 3600 }), 'c2ln'].join('.');
  const server = createServer((request, response) => {
    const signIn = request.method === 'POST' && request.url === '/api/login';
    response.writeHead(signIn ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(signIn ? { token } : { error: 'not found' }));
  });
  const io = new SocketServer(server);
  io.use((socket, next) => next((socket.handshake.auth as { token?: unknown }).token === token ? undefined : new Error('unauthorized')));
  const timers: NodeJS.Timeout[] = [];
  io.on('connection', (socket) => {
    socket.emit('init', initPayload());
    socket.emit('eventCache', {});
    if (socket.handshake.query[BATCH_QUERY] === '1') for (const batch of batches) socket.emit(BATCH_EVENT, batch);
    socket.on('ping', (_payload: unknown, ack?: () => void) => ack?.());
    let block = 21_000_000;
    timers.push(setInterval(() => socket.emit('newBlock', { network: 'Ethereum', num: num(block++) }), everyMs));
  });
  return {
    url: await listen(server),
    close: closing(server, () => {
      for (const timer of timers) clearInterval(timer);
      void io.close();
    }),
  };
}

/** socketBackend whose `newBlock` sends `num` as a string, against the contract. */
export const stringBlockServer = (): Promise<Running> => socketBackend({ num: String, everyMs: 100 });
