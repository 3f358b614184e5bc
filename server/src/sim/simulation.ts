/**
 * The simulated trading system, without timers or I/O: time moves only when `advanceTo` is called
 * and everything it produces goes to the sinks. Same seed and same inputs (the start and stop
 * calls included, at the same simulated times), same output.
 */
import type { Network } from '../../../src/config/networks.ts';
import type { BrainState, ConnectedServices } from '../../../src/contract/index.ts';
import { simulateBrain } from './brain.ts';
import { simulateChains } from './chains.ts';
import type { QueuedOperation, SimCatalog, SimContext, SimSinks, SimTally } from './context.ts';
import { simulateNotices } from './notices.ts';
import { simulateOperations } from './operations.ts';
import { rngStreams } from '../lib/rng.ts';
import { Scheduler } from './scheduler.ts';
import { simulateTrades, type TradeOptions } from './trades.ts';
import { simulateWorker } from './worker.ts';

export interface SimulationOptions {
  seed: number;
  /**
   * The stored brain state and connected services the simulation continues from; trades start only
   * while its workersRunning says so (then as workersStarted and workersStopped tell).
   */
  brainState: BrainState;
  connectedServices: ConnectedServices;
  catalog: SimCatalog;
  /** Labels the stream of trade ids; see simulateTrades. */
  tradeIdStream: string;
  sinks: SimSinks;
}

export interface Simulation {
  /** Simulated ms since the start. */
  readonly now: number;
  /** Whether the workers run, that is whether trades start (§4). */
  readonly workersRunning: boolean;
  advanceTo(simMs: number): void;
  /** Tokens and bridges changed in the database. */
  setCatalog(catalog: SimCatalog): void;
  stall(network: Network, simMs: number): void;
  /** Sends one trade now; its tradeId, or null while workers are stopped or when no token can be traded. */
  trade(options?: TradeOptions): string | null;
  /** An operator's tx recorded with status created: sent and settled like the system's (sim/operations.ts). */
  queueOperation(op: QueuedOperation): void;
  workersStarted(): void;
  workersStopped(): void;
  /**
   * Quiet, the simulation does nothing by chance that a test could meet: no trade of its own (those
   * asked for with `trade` still start while the workers run), no stall, no peer or service outage
   * (one under way ends now), no notice or sound, and every operator's tx completes. The feeds go on
   * as ever: block heads, gas, balances, prices, the workers' output and the statistics.
   */
  setQuiet(quiet: boolean): void;
}

export function createSimulation(options: SimulationOptions): Simulation {
  const scheduler = new Scheduler();
  const streams = rngStreams(options.seed);
  let catalog = options.catalog;
  let workersRunning = options.brainState.workersRunning;
  let quiet = false;
  const tally: SimTally = {
    heads: {},
    stalls: 0,
    iterations: 0,
    iterationErrors: 0,
    checks: 0,
    tradesSent: 0,
    tradesConfirmed: 0,
    tradesFailed: 0,
    profitUSD: 0,
  };
  const ctx: SimContext = { scheduler, stream: streams, sinks: options.sinks, tally, catalog: () => catalog, quiet: () => quiet };

  const chains = simulateChains(ctx);
  const brain = simulateBrain(ctx, options.brainState, options.connectedServices);
  simulateWorker(ctx);
  const trades = simulateTrades(ctx, options.tradeIdStream, () => workersRunning);
  simulateNotices(ctx);
  const operations = simulateOperations(ctx, () => workersRunning);

  return {
    get now() {
      return scheduler.now;
    },
    get workersRunning() {
      return workersRunning;
    },
    advanceTo: (simMs) => scheduler.advanceTo(simMs),
    setCatalog: (next) => {
      catalog = next;
    },
    stall: chains.stall,
    trade: trades.trade,
    queueOperation: operations.queue,
    workersStarted: () => {
      workersRunning = true;
      brain.workersStarted();
    },
    workersStopped: () => {
      workersRunning = false;
      brain.workersStopped();
    },
    setQuiet: (next) => {
      quiet = next;
      if (!quiet) return;
      chains.calm();
      brain.calm();
    },
  };
}
