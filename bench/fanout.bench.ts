/**
 * Socket fan-out of the live feed: 50 and 200 consoles connected to the real server
 * (socket.io-client, signed in per docs/protocol.md "Socket connection": auth.token and the `events`
 * query naming every server event, as the console subscribes, without batched delivery: one message
 * per event, the heavier form for the server), while the server broadcasts
 * workerIterationResult events through its hub at a known rate, each stamped with the time it was
 * handed to the hub. Each client records the delay from that stamp to its receipt. Reported per
 * client count and rate: events/s delivered per client and in total, delay p50/p99, events lost.
 *
 * The server is the real app in a worker thread (bench/lib/serverHarness.ts), simulator OFF so
 * the rate is exactly the driven one, no demo txs (the history plays no part here). The clients
 * run on this thread: on a 2-core machine they compete with the server for CPU, so the figures
 * are a floor. Baseline: the same run with the hub delivering each broadcast at once instead of
 * coalescing a tick's broadcasts (Hub.coalesce = false); ratio = baseline p99 / coalesced p99.
 *
 *   npm run bench -- fanout
 */
import { io, type Socket } from 'socket.io-client';
import { SERVER_EVENT_NAMES } from '../src/contract/index.ts';
import { percentile, sleep, startBenchServer, type BenchServer } from './lib/serverHarness.ts';
import type { BenchResult } from './types.ts';

/** Clients, and the rates (events/s handed to the hub) driven with them: the simulator sends about
 * 25 events/s at SIM_RATE 1 (the live feed), 250 at 10, 1,000 at 40. 200 clients at 1,000 events/s
 * (200,000 deliveries a second) is past what a 2-core machine can do with the clients on it too. */
const RUNS: [clients: number, rates: number[]][] = [
  [50, [25, 250, 1000]],
  [200, [25, 250]],
];
const SECONDS = 5;
/** Events broadcast per timer tick (the simulator sends its events in bursts too). */
const PER_TICK = 10;
const CONNECT_TIMEOUT_MS = 30_000;
/** After the last event is broadcast, how long the clients may take to receive the rest. */
const DRAIN_TIMEOUT_MS = 15_000;
/** Before a run, the clients must have heard nothing for this long (the previous run's backlog is over). */
const QUIET_MS = 500;

const stamp = () => performance.timeOrigin + performance.now();

interface Client {
  socket: Socket;
  received: number;
  delays: number[];
  first: number;
  last: number;
  /** When it last received anything, of any run. */
  heard: number;
}

/** The run whose events the clients count; events of an earlier run still arriving are not. */
let currentRun = 0;

async function connect(server: BenchServer, count: number): Promise<Client[]> {
  const events = SERVER_EVENT_NAMES.join(',');
  const clients = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Client>((resolve, reject) => {
          const socket = io(server.url, {
            path: '/socket.io',
            transports: ['websocket'],
            auth: { token: server.operatorToken },
            query: { events },
            reconnection: false,
            forceNew: true,
          });
          const client: Client = { socket, received: 0, delays: [], first: 0, last: 0, heard: 0 };
          socket.on('workerIterationResult', (payload: { sentAt?: number; run?: number }) => {
            const now = stamp();
            client.heard = now;
            if (payload.run !== currentRun) return;
            if (client.received === 0) client.first = now;
            client.last = now;
            client.received += 1;
            if (typeof payload.sentAt === 'number') client.delays.push(now - payload.sentAt);
          });
          // Connected means init was sent: the server subscribed it before that.
          socket.once('init', () => resolve(client));
          socket.once('connect_error', (err) => reject(err));
        }),
    ),
  );
  return clients;
}

async function measure(server: BenchServer, clients: Client[], rate: number) {
  const quietBy = Date.now() + DRAIN_TIMEOUT_MS;
  while (clients.some((c) => stamp() - c.heard < QUIET_MS) && Date.now() < quietBy) await sleep(100);
  currentRun += 1;
  for (const client of clients) {
    client.received = 0;
    client.delays = [];
  }
  const sent = await server.drive({ rate, seconds: SECONDS, perTick: PER_TICK, run: currentRun });
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  while (clients.some((c) => c.received < sent) && Date.now() < deadline) await sleep(50);
  const delays = clients.flatMap((c) => c.delays).sort((a, b) => a - b);
  const received = clients.reduce((sum, c) => sum + c.received, 0);
  // Delivery rate per client: what it received over the time from its first to its last event.
  const perClient = clients.map((c) => (c.received > 1 ? ((c.received - 1) * 1000) / Math.max(1, c.last - c.first) : 0));
  const spanMs = Math.max(...clients.map((c) => c.last)) - Math.min(...clients.map((c) => c.first));
  return {
    sent,
    lost: sent * clients.length - received,
    perClient: perClient.reduce((a, b) => a + b, 0) / clients.length,
    total: (received * 1000) / Math.max(1, spanMs),
    p50: percentile(delays, 0.5),
    p99: percentile(delays, 0.99),
  };
}

export async function run(): Promise<BenchResult[]> {
  const server = await startBenchServer({ demoTxs: 0, sim: { enabled: false } });
  const results: BenchResult[] = [];
  try {
    for (const [count, rates] of RUNS) {
      const clients = await Promise.race([
        connect(server, count),
        sleep(CONNECT_TIMEOUT_MS).then(() => {
          throw new Error(`${count} clients did not connect in ${CONNECT_TIMEOUT_MS} ms`);
        }),
      ]);
      try {
        // Warm-up: JIT and socket buffers.
        await measure(server, clients, 250);
        for (const rate of rates) {
          await server.setCoalesce(false);
          const naive = await measure(server, clients, rate);
          await server.setCoalesce(true);
          const real = await measure(server, clients, rate);
          const at = `fan-out ${count} clients, ${rate} events/s`;
          results.push(
            { name: `${at}: delivered per client`, figure: real.perClient, unit: 'events/s' },
            { name: `${at}: delivered in total`, figure: real.total, unit: 'events/s', ratio: real.total / naive.total },
            { name: `${at}: delay p50`, figure: real.p50, unit: 'ms' },
            { name: `${at}: delay p99`, figure: real.p99, unit: 'ms', ratio: naive.p99 / real.p99 },
            { name: `${at}: baseline (no coalescing) delay p99`, figure: naive.p99, unit: 'ms' },
            { name: `${at}: events not delivered within ${DRAIN_TIMEOUT_MS / 1000} s`, figure: real.lost, unit: 'count' },
          );
        }
      } finally {
        for (const client of clients) client.socket.disconnect();
      }
    }
  } finally {
    await server.close();
  }
  return results;
}
