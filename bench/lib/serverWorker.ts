/**
 * The reference server for the server benchmarks, in a worker thread of the bench's process: the
 * real app (buildApp) on a temporary data directory with the demo data and DEMO_TXS transactions,
 * listening on a free port. It has its own event loop, so the load generator (autocannon, socket
 * clients) on the main thread does not share the server's loop. Started by serverHarness.ts.
 *
 * Messages in: {type: 'drive', ...DriveOptions} broadcasts stamped events through the hub at a
 * known rate and answers {type: 'driven', sent}; {type: 'coalesce', on} sets Hub.coalesce;
 * {type: 'close'} closes the app and answers {type: 'closed'}. Message out on start: {type: 'ready', port, seedMs}.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { buildApp } from '../../server/src/app.ts';
import type { ServerWorkerOptions, DriveOptions, WorkerReply } from './serverHarness.ts';

const port = parentPort;
if (!port) throw new Error('serverWorker.ts runs as a worker thread (see serverHarness.ts)');
const options = workerData as ServerWorkerOptions;

const started = performance.now();
const app = await buildApp({
  dataDir: options.dataDir,
  jwtSecret: options.jwtSecret,
  keys: { admin: options.adminKey, operator: options.operatorKey },
  staticDir: options.staticDir,
  demoTxs: options.demoTxs,
  txReaders: options.txReaders,
  loginRateLimit: options.loginRateLimit,
  trustProxy: options.trustProxy ?? false,
  // What a production start does (NODE_ENV=production): no self-check of every outgoing payload.
  validateEvents: false,
  sim: options.sim,
  logger: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('the bench server has no TCP address');
const reply = (message: WorkerReply) => port.postMessage(message);
reply({ type: 'ready', port: address.port, seedMs: performance.now() - started });

/** Wall-clock ms with sub-ms precision, comparable across the threads of one process. */
const stamp = () => performance.timeOrigin + performance.now();

/**
 * `rate` events a second for `seconds`, broadcast `perTick` at a time from a timer, each a
 * workerIterationResult carrying its run and whose `sentAt` is the moment it was handed to the hub.
 */
function drive({ rate, seconds, perTick, run }: DriveOptions): Promise<number> {
  return new Promise((resolve) => {
    const total = Math.round(rate * seconds);
    const tickMs = (1000 * perTick) / rate;
    const begin = stamp();
    let sent = 0;
    const timer = setInterval(() => {
      // Catch up on what the timer owes (timers run late under load), so the rate holds.
      const due = Math.min(total, Math.floor(((stamp() - begin) / tickMs) * perTick) + perTick);
      while (sent < due) {
        app.hub.broadcast('workerIterationResult', { key: 'BENCH_Ethereum_Arbitrum_lp', run, seq: sent, sentAt: stamp() });
        sent += 1;
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve(sent);
      }
    }, tickMs);
  });
}

type Command = ({ type: 'drive' } & DriveOptions) | { type: 'coalesce'; on: boolean } | { type: 'close' };

port.on('message', (message: Command) => {
  if (message.type === 'drive') {
    void drive(message).then((sent) => reply({ type: 'driven', sent }));
  } else if (message.type === 'coalesce') {
    app.hub.coalesce = message.on;
    reply({ type: 'coalescing', on: message.on });
  } else {
    void app.close().then(() => {
      reply({ type: 'closed' });
      port.close();
    });
  }
});
