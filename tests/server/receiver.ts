/** A local HTTP receiver for delivery tests: records each request and answers as the test says. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  body: unknown;
  /** Wall-clock ms it arrived. */
  at: number;
}

/** How to answer a request to a path: a status, after an optional delay. */
export type Answer = (path: string, count: number) => { status: number; delayMs?: number };

export interface Receiver {
  url: string;
  received: Received[];
  on(path: string, answer: Answer): void;
  /** Resolves once `count` requests reached `path` (rejects after `timeoutMs`). */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const answers = new Map<string, Answer>();
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Kept as text.
      }
      received.push({ path, body, at: Date.now() });
      const count = received.filter((r) => r.path === path).length;
      const { status, delayMs = 0 } = answers.get(path)?.(path, count) ?? { status: 200 };
      setTimeout(() => {
        if (!response.destroyed) response.writeHead(status, { 'content-type': 'application/json' }).end('{"ok":true}');
      }, delayMs).unref();
    });
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    on: (path, answer) => answers.set(path, answer),
    async waitFor(path, count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const got = received.filter((r) => r.path === path);
        if (got.length >= count) return got;
        if (Date.now() > deadline) throw new Error(`${path}: ${got.length} of ${count} requests after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
