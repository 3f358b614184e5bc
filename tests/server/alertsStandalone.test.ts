/**
 * The standalone alerts process (docs/protocol.md "Alerts delivery") against the reference server:
 * it signs in with an access key, listens to the socket like a console, and sends the same firing
 * and resolved messages to a webhook from its config file, its state in its own SQLite file. The
 * server's own evaluator has no destination here, so every message the receiver gets is the
 * standalone process's.
 */
import { join } from 'node:path';
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
        rule: 'Balance on Ethereum below 0.5 ETH',
        text: expect.stringMatching(/^FIRING \(warning\): Ethereum balance 0\.42 ETH is below 0\.5 ETH, since \d\d:\d\d UTC$/),
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
        text: expect.stringMatching(/^RESOLVED \(warning\): Ethereum balance 0\.42 ETH is below 0\.5 ETH, since \d\d:\d\d UTC, resolved after \d+ s$/),
        endedAt: expect.any(Number),
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(receiver.received).toHaveLength(2);
    } finally {
      await running.close();
    }
  });
});
