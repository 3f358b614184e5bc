/**
 * The simulator's benchmark stamp mode (SimOptions.stampBlocks, SIM_BENCH_STAMP=on): newBlock
 * numbers carry their emit time so bench/firehose.bench.ts can measure event-to-paint, and stay
 * valid by docs/protocol.md (non-negative integers, increasing per network). Off by default.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { ServerEvents } from '../../src/contract/index.ts';
import { stampedBlockMs, type SimOptions } from '../../server/src/sim/plugin.ts';
import { makeApp, type TestApp } from './helpers.ts';

const running: TestApp[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  for (const t of running.splice(0)) await t.app.close();
});

/** newBlock payloads received in `ms` from a server with these simulator options. */
async function blocks(sim: SimOptions, ms: number): Promise<{ network: string; num: number; receivedAt: number }[]> {
  const t = await makeApp({ sim });
  running.push(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  const socket = connect(`http://127.0.0.1:${address.port}`, {
    auth: { token: t.adminToken },
    query: { events: 'init,newBlock' },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  const received: { network: string; num: number; receivedAt: number }[] = [];
  socket.on('newBlock', (payload: unknown) => {
    const block = ServerEvents.newBlock.parse(payload);
    received.push({ ...block, receivedAt: Date.now() });
  });
  await new Promise((resolve) => setTimeout(resolve, ms));
  return received;
}

describe('§6 simulator block stamps for the firehose benchmark', () => {
  it('stamped: each newBlock number decodes to its emit time and still increases per network', async () => {
    const before = Date.now();
    const received = await blocks({ enabled: true, seed: 7, rate: 50, stampBlocks: true }, 1500);
    expect(received.length).toBeGreaterThan(5);
    for (const { num, receivedAt } of received) {
      expect(stampedBlockMs(num)).toBeGreaterThanOrEqual(before);
      expect(stampedBlockMs(num)).toBeLessThanOrEqual(receivedAt);
    }
    const byNetwork = new Map<string, number[]>();
    for (const { network, num } of received) byNetwork.set(network, [...(byNetwork.get(network) ?? []), num]);
    for (const nums of byNetwork.values()) expect(nums).toEqual([...nums].sort((a, b) => a - b));
    expect(new Set(received.map((b) => `${b.network}:${b.num}`)).size).toBe(received.length);
  });

  it('off by default: block numbers are the simulated chain heights', async () => {
    const received = await blocks({ enabled: true, seed: 7, rate: 50 }, 1000);
    expect(received.length).toBeGreaterThan(0);
    // Real heights (SIM_NETWORKS start blocks) are far below a ms-since-1970 stamp times 1000.
    for (const { num } of received) expect(num).toBeLessThan(1e12);
  });
});
