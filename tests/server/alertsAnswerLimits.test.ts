/**
 * A destination's answer is bounded (docs/protocol.md "Alerts delivery"): the server reads at most
 * ALERT_ANSWER_MAX_BYTES of it and then drops the connection, so a destination answering without
 * end costs no memory; and the whole attempt (connect, headers, body) has one deadline, so a body
 * that drips past it is a failure, not a delivery. Short deadlines are injected.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_ANSWER_MAX_BYTES, TELEGRAM_ANSWER_MAX_BYTES } from '../../src/config/alertDelivery.ts';
import type { Delivery } from '../../src/contract/alertDelivery.ts';
import { json, makeApp, type TestApp } from './helpers.ts';

const CHUNK = Buffer.alloc(64 * 1024, 'x');
const HUGE = 50 * 1024 * 1024;

interface Answering {
  url: string;
  /** Per answer: bytes of body written and whether the whole body was written. */
  answers: { path: string; written: number; finished: boolean; closed: boolean }[];
  close(): Promise<void>;
}

/**
 * A destination that answers `/huge-<status>` with 50 MB of body, written as fast as the client
 * reads it (waiting on drain), and `/drip` with a 200 whose body comes a byte every 20 ms forever.
 */
async function startAnswering(): Promise<Answering> {
  const answers: Answering['answers'] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => {
      const path = request.url ?? '';
      const answer = { path, written: 0, finished: false, closed: false };
      answers.push(answer);
      response.on('close', () => {
        answer.closed = true;
      });
      // A Telegram bot whose getUpdates answers without end stands in as /bot<token>/getUpdates.
      const huge = /^\/huge-(\d{3})$/.exec(path) ?? (/^\/bot[^/]+\/getUpdates$/.test(path) ? [path, '200'] : null);
      if (huge) {
        response.writeHead(Number(huge[1]), { 'content-type': 'application/octet-stream', 'content-length': HUGE });
        const pump = () => {
          while (answer.written < HUGE && !response.destroyed) {
            answer.written += CHUNK.length;
            if (!response.write(CHUNK)) return void response.once('drain', pump);
          }
          if (!response.destroyed) response.end(() => (answer.finished = true));
        };
        pump();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => {
        if (response.destroyed) return void clearInterval(timer);
        response.write('.');
        answer.written += 1;
      }, 20);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`still not: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('Alerts delivery (protocol): a destination\'s answer is bounded in size and time', () => {
  let t: TestApp;
  let destination: Answering;
  const lines: string[] = [];
  const as = () => ({ 'x-api-key': t.adminToken });
  beforeAll(async () => {
    destination = await startAnswering();
    // One attempt's deadline: 400 ms, so the dripping body is past it quickly.
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    t = await makeApp({
      alerts: { evaluateEveryMs: 0, telegramPollMs: 0, timings: { timeoutMs: 400, backoffBaseMs: 20, maxAttempts: 2 } },
      logger: { level: 'warn', stream },
    });
    const destinations = [
      { id: 'huge-200', name: 'Huge ok', kind: 'webhook', enabled: true, url: `${destination.url}/huge-200` },
      { id: 'huge-503', name: 'Huge failing', kind: 'webhook', enabled: true, url: `${destination.url}/huge-503` },
      { id: 'drip', name: 'Dripping', kind: 'webhook', enabled: false, url: `${destination.url}/drip` },
      { id: 'bot', name: 'Endless bot', kind: 'telegram', enabled: false, chatId: '1', botToken: '1:abc', apiBase: destination.url, commands: true },
    ];
    expect((await t.app.inject({ method: 'PUT', url: '/api/alerts/destinations', headers: as(), payload: { destinations } })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.app.close();
    await destination.close();
  });
  afterEach(() => {
    destination.answers.length = 0;
  });

  it('a 50 MB answer is read no further than 64 KB: the connection is dropped and the attempt judged by its status', async () => {
    const before = process.memoryUsage().rss;
    expect(json(await t.app.inject({ method: 'POST', url: '/api/alerts/destinations/huge-200/test', headers: as() }))).toEqual({ ok: true, status: 200 });
    expect(json(await t.app.inject({ method: 'POST', url: '/api/alerts/destinations/huge-503/test', headers: as() }))).toEqual({
      ok: false,
      status: 503,
      error: '503 Service Unavailable',
    });
    await until(() => destination.answers.length === 2 && destination.answers.every((a) => a.closed), 'both answers closed');
    for (const answer of destination.answers) {
      // Dropped, not read to the end: what was written is what the sockets' buffers held, far from 50 MB.
      expect(answer.finished, answer.path).toBe(false);
      expect(answer.written, answer.path).toBeLessThan(HUGE / 2);
    }
    expect(ALERT_ANSWER_MAX_BYTES).toBe(64 * 1024);
    // Not asserted (a process's RSS moves for many reasons); printed for the report.
    console.info(`RSS after two 50 MB answers: +${Math.round((process.memoryUsage().rss - before) / 1e6)} MB`);
  });

  it('a body dripping past the deadline is a failure ("timed out after 0.4 s"), in the test send and in a delivery', async () => {
    const started = Date.now();
    expect(json(await t.app.inject({ method: 'POST', url: '/api/alerts/destinations/drip/test', headers: as() }))).toEqual({ ok: false, error: 'timed out after 0.4 s' });
    expect(Date.now() - started).toBeLessThan(5000);
    await until(() => destination.answers.length === 1 && destination.answers[0]!.closed, 'the dripping answer closed');
    expect(destination.answers[0]!.written).toBeGreaterThan(0);

    // A real delivery: timed out, so tried again, and failed in the log.
    const drip = (await t.app.store.alerts.destinations()).find((d) => d.id === 'drip');
    t.app.alerts.dispatcher.setDestinations([{ ...drip!, enabled: true }]);
    t.app.alerts.dispatcher.send({ status: 'firing', rule: 'Drip', text: 'FIRING: drip', startedAt: 0 });
    await t.app.alerts.dispatcher.idle();
    const log = (await t.app.inject({ method: 'GET', url: '/api/alerts/deliveries', headers: as() })).json<{ data: Delivery[] }>().data;
    expect(log.find((d) => d.status === 'firing')).toMatchObject({ destinationId: 'drip', ok: false, attempts: 2, error: 'timed out after 0.4 s (gave up after 2 tries)' });
  });

  it('a Telegram getUpdates answering without end fails that poll, read no further than 1 MiB, and says so in the log', async () => {
    const bot = (await t.app.store.alerts.destinations()).find((d) => d.id === 'bot');
    t.app.alerts.dispatcher.setDestinations([{ ...bot!, enabled: true }]);
    lines.length = 0;
    await t.app.alerts.telegram.poll();
    await until(() => destination.answers.length === 1 && destination.answers[0]!.closed, 'the getUpdates answer closed');
    expect(destination.answers[0]).toMatchObject({ finished: false });
    expect(destination.answers[0]!.written).toBeLessThan(HUGE / 2);
    expect(lines.map((l) => JSON.parse(l) as { reason?: string })).toEqual([
      expect.objectContaining({ reason: `getUpdates answered more than ${TELEGRAM_ANSWER_MAX_BYTES} bytes, or was cut off` }),
    ]);
  });
});
