/**
 * The standalone alerts process (docs/protocol.md "Alerts delivery") against the reference server:
 * it signs in with an access key, listens to the socket like a console, and sends the same firing
 * and resolved messages to a webhook from its config file, its state in its own SQLite file. The
 * server's own evaluator has no destination here, so every message the receiver gets is the
 * standalone process's.
 */
import { statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertRule } from '../../src/contract/index.ts';
import { startStandalone, StandaloneConfig } from '../../server/src/alerts/standalone.ts';
import { ADMIN_KEY, makeApp, tempDir, type TestApp } from './helpers.ts';
import { startReceiver, type Receiver } from './receiver.ts';

// No resolve window: the resolved message goes as soon as the balance is back (the lifecycle's window is tested apart).
const RULE: AlertRule = { kind: 'balanceBelow', network: 'Ethereum', below: 0.5, unit: 'native', resolveSeconds: 0 };

describe('Alerts delivery (protocol): the standalone alerts process against the reference server', () => {
  let t: TestApp;
  let url: string;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
    t = await makeApp({ sim: { enabled: true, seed: 6, rate: 1 }, alerts: { evaluateEveryMs: 0 } });
    t.app.sim?.pause();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (typeof address !== 'object' || !address) throw new Error('not listening');
    url = `http://127.0.0.1:${address.port}`;
    const saved = await t.app.inject({ method: 'PUT', url: '/api/settings/misc', headers: { 'x-api-key': t.adminToken }, payload: { updates: { alertRules: [RULE] } } });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.app.close();
    await receiver.close();
  });

  const hold = async (balance: number) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sim/control',
      headers: { 'x-api-key': t.adminToken },
      payload: { action: 'balance', network: 'Ethereum', balance },
    });
    expect(response.statusCode).toBe(200);
  };

  it('signs in, fires once when the balance is held low and resolves once when it is back; a restart of the process sends nothing again', async () => {
    const config = StandaloneConfig.parse({
      destinations: [{ id: 'hook', name: 'Ops webhook', kind: 'webhook', enabled: true, url: `${receiver.url}/hook` }],
      dataFile: join(tempDir('alerts-standalone-'), 'alerts.db'),
    });
    const options = { backend: url, key: ADMIN_KEY, config, evaluateEveryMs: 100, log: () => undefined };
    let running = await startStandalone(options);
    try {
      await expect.poll(() => running.evaluator.active(), { timeout: 5000 }).toEqual([]);
      await hold(0.42);
      const [firing] = await receiver.waitFor('/hook', 1);
      expect(firing?.body).toMatchObject({
        status: 'firing',
        rule: 'Balance on Ethereum below 0.50 ETH',
        text: expect.stringMatching(/^FIRING \(warning\): Ethereum balance 0\.42 ETH is below 0\.50 ETH, since \d\d:\d\d UTC$/),
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(receiver.received).toHaveLength(1);

      // Restarted while it still holds: nothing again (state in its own file).
      await running.close();
      running = await startStandalone(options);
      await hold(0.42);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(receiver.received).toHaveLength(1);

      await hold(3);
      const [, resolved] = await receiver.waitFor('/hook', 2);
      expect(resolved?.body).toMatchObject({
        status: 'resolved',
        text: expect.stringMatching(/^RESOLVED \(warning\): Ethereum balance 0\.42 ETH is below 0\.50 ETH, since \d\d:\d\d UTC, resolved after \d+ s$/),
        endedAt: expect.any(Number),
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(receiver.received).toHaveLength(2);
    } finally {
      await running.close();
    }
  });
});

/**
 * A backend that breaks the contract: its events reach the agent as they are. The agent checks each
 * against the contract's schemas, logs and drops the malformed ones, and keeps working (under
 * Restart=always an exit on bad input would be a crash loop).
 */
describe('Alerts delivery (protocol): the standalone alerts process against a backend sending malformed events', () => {
  it('logs and drops each malformed event, stays up, still fires on the next good one, and keeps its state file 0600', async () => {
    const receiver = await startReceiver();
    const http = createServer((request, response) => {
      if (request.method === 'POST' && request.url === '/api/login') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token: 'fake-session' }));
      } else response.writeHead(404).end();
    });
    const io = new Server(http);
    const malformed: [string, unknown][] = [
      ['gas', { network: 'Ethereum', gasEstimate: '<!channel> *x*' }],
      ['balance', { network: 'Ethereum', balance: 'lots' }],
      ['balance', null],
      ['newBlock', { network: 7, num: -1 }],
      ['brainState', 'running'],
      ['connectedServices', [1, 2, 3]],
      ['eventCache', 'not a cache'],
      ['eventCache', { gas: [{ network: 'Ethereum', gasEstimate: {} }] }],
      ['miscSettingsUpdateDone', 42],
    ];
    io.on('connection', (socket) => {
      socket.emit('init', { miscSettings: { alertRules: [RULE] } });
      for (const [event, payload] of malformed) socket.emit(event, payload);
      // Then a good one, below the rule's threshold: the agent is still listening if it fires.
      socket.emit('balance', { network: 'Ethereum', balance: 0.1 });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const backend = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const lines: string[] = [];
    const dataFile = join(tempDir('alerts-standalone-bad-'), 'alerts.db');
    const config = StandaloneConfig.parse({ destinations: [{ id: 'hook', name: 'Ops webhook', kind: 'webhook', enabled: true, url: `${receiver.url}/hook` }], dataFile });
    const running = await startStandalone({ backend, key: 'any-key-0123456789', config, evaluateEveryMs: 50, log: (line) => lines.push(line) });
    try {
      const [firing] = await receiver.waitFor('/hook', 1);
      expect(firing?.body).toMatchObject({ status: 'firing', text: expect.stringMatching(/^FIRING \(warning\): Ethereum balance 0\.10 ETH is below 0\.50 ETH/) });
      const dropped = lines.filter((line) => line.startsWith('dropped a malformed'));
      expect(dropped.some((line) => /^dropped a malformed gas event \(gasEstimate: /.test(line))).toBe(true);
      expect(dropped.some((line) => line.startsWith('dropped a malformed eventCache event'))).toBe(true);
      // Logged once a minute per event name, not once per event: two bad balances, one line.
      expect(dropped.filter((line) => line.startsWith('dropped a malformed balance event'))).toHaveLength(1);
      expect(lines.filter((line) => /failed|not applied/.test(line))).toEqual([]);
      expect((statSync(dataFile).mode & 0o777).toString(8)).toBe('600');
    } finally {
      await running.close();
      await io.close();
      await receiver.close();
    }
  });
});
