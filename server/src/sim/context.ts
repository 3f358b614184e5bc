/** What the parts of the simulation share: the clock, the random streams, the outputs and the tallies. */
import type {
  BrainState,
  Bridge,
  ServerEventName,
  ServerEventPayload,
  Token,
} from '../../../src/contract/index.ts';
import type { TxType } from '../../../src/config/enums.ts';
import type { TradeDraft } from '../db/repos/trades.ts';
import type { Rng } from '../lib/rng.ts';
import type { Scheduler } from './scheduler.ts';

/** The brain-state fields the simulator owns; workers running and the pins belong to the routes. */
export type SimBrain = Pick<
  BrainState,
  'routeSearchRunning' | 'routeSearchProgress' | 'wethPriceUSD' | 'nativePriceUSD' | 'txPeerStatus' | 'zmqPeerStatus'
>;

/** A created tx of an operation, as the simulation is told of it. */
export interface QueuedOperation {
  id: string;
  /** Its trade; a manual or unlock-nonce tx for no trade has none. */
  tradeId: string | null;
  txType: TxType;
  network: string;
  tokenName: string;
  amountIn: number;
  /** An operator's sell: sent only while workers run. */
  sell: boolean;
}

/** What became of an operation's tx. `outPerIn` gives amountOut from the amountIn stored then (a sell may have been edited). */
export interface OperationUpdate {
  status: 'pending' | 'completed' | 'failed';
  hash: string;
  outPerIn?: number;
  errCode?: number;
}

/**
 * The services as the simulation has them: connected or not, and whether each reports now (one that
 * stays connected but stops reporting turns silent). The plugin stamps when each was last heard from.
 */
export interface SimServices {
  numConnected: number;
  numExpected: number;
  services: { name: string; connected: boolean; reporting: boolean }[];
}

/** Where the simulation's output goes. Each is called synchronously, in simulated-time order. */
export interface SimSinks {
  emit<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void;
  /** The owned brain fields changed; a milestone (route search start, 100 %, end) must not be coalesced away. */
  brainChanged(fields: SimBrain, milestone: boolean): void;
  /** The services changed, or reported again (every SERVICE_REPORT_MS while they do). */
  connectedServicesChanged(value: SimServices): void;
  /** A trade was sent or confirmed; stored so GET /api/txs/sell/{tradeId} can answer and its txs join the history. */
  tradeChanged(trade: TradeDraft): void;
  /** An operator's tx was sent or settled (sim/operations.ts); stored so the history and its trade show it. */
  operationChanged(op: QueuedOperation, update: OperationUpdate): void;
}

export interface SimCatalog {
  tokens: readonly Token[];
  bridges: readonly Bridge[];
}

/** Running totals, read by the statistics strings. */
export interface SimTally {
  heads: Record<string, number>;
  stalls: number;
  iterations: number;
  iterationErrors: number;
  checks: number;
  tradesSent: number;
  tradesConfirmed: number;
  tradesFailed: number;
  profitUSD: number;
}

export interface SimContext {
  scheduler: Scheduler;
  /** A named random stream; ask once per purpose and keep it. */
  stream(label: string): Rng;
  sinks: SimSinks;
  tally: SimTally;
  catalog(): SimCatalog;
  /**
   * Whether the simulation keeps to its feeds (Simulation.setQuiet): no trade, stall, outage,
   * notice or failed operator's tx of its own, so nothing happens by chance that a test meets.
   */
  quiet(): boolean;
}

/** Jitters a mean gap by ±50 %, so periodic work does not fire in lockstep. */
export function jittered(rng: Rng, meanMs: number): number {
  return meanMs * rng.between(0.5, 1.5);
}

/** A number cut to `digits` significant digits, as feeds report them. */
export function significant(value: number, digits: number): number {
  return Number(value.toPrecision(digits));
}

export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
