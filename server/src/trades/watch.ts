/**
 * The trade watch: learns how long steps take and says when a trade is stuck (docs/protocol.md
 * "Trades").
 *
 * Durations: on start, the latest completed steps of each kind are read from the history once;
 * after that every tx a write completes is added (the store tells which rows a write changed; they
 * are read again at the next check, so a write rolled back teaches nothing). A step counts only
 * if it was seen pending (updatedAt after createdAt): a tx recorded already completed took no time
 * we know of.
 *
 * Stuck: every check (STUCK_CHECK_MS) reads the pending txs of trades (an index seek: the trades in
 * flight). A trade becomes stuck when one of them has been pending longer than max(p95 × factor,
 * floor) of its kind (src/domain/trades.ts); `tradeStuck` is broadcast once, then, and the trade
 * stays stuck until that tx is no longer pending (settled, or gone with its trade), when
 * `tradeUnstuck` is broadcast. What counts as stuck is also what GET /trades/ shows as `stuck`.
 */
import fp from 'fastify-plugin';
import { stuckThresholdMs, type DurationStats } from '../../../src/domain/trades.ts';
import type { WatchedStep } from '../db/repos/journeys.ts';
import { SAMPLES_PER_KEY, StepDurations, type StepKind } from './durations.ts';

/** STUCK_FACTOR's default: stuck at twice the time within which 95 % of such steps completed. */
export const STUCK_FACTOR_DEFAULT = 2;
/** STUCK_FLOOR_MS's default: never stuck before a minute, however quick such steps usually are. */
export const STUCK_FLOOR_MS_DEFAULT = 60_000;
/** STUCK_CHECK_MS's default: how late a stuck trade may be told. */
export const STUCK_CHECK_MS_DEFAULT = 1000;

export interface TradeWatchOptions {
  factor: number;
  floorMs: number;
  /** Ms between checks; 0: no timer, checks only when asked (tests). */
  checkEveryMs: number;
}

export interface StuckTrade {
  tradeId: string;
  /** The pending tx that made it stuck. */
  txId: string;
  step: number;
  since: number;
}

export interface TradeWatch {
  /** The tradeIds held stuck now. */
  stuckIds(): string[];
  /** Median and p95 of completed steps of this tx type and network, for a trade over this bridge. */
  expected(step: { txType: string; network: string; bridgeName: string | null }): DurationStats | undefined;
  /** One pass now: what completed since the last is learned, stuck and unstuck trades are told. */
  check(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tradeWatch: TradeWatch;
  }
}

export default fp<TradeWatchOptions>(
  async (app, options) => {
    const durations = new StepDurations();
    /** Bridge kinds by bridge name; a name not in the catalog (cex-transfer) is its own kind. */
    let kinds = new Map<string, string>();
    const kindOf = (step: { txType: string; network: string; bridgeName: string | null }): StepKind => ({
      txType: step.txType,
      network: step.network,
      bridgeKind: step.bridgeName === null ? '' : (kinds.get(step.bridgeName) ?? step.bridgeName),
    });
    /** Txs a write changed since the last check, with the updatedAt it gave them. */
    let changed = new Map<string, number>();
    const stuck = new Map<string, StuckTrade>();
    let started = false;

    const learn = (step: WatchedStep) => {
      if (step.status === 'completed' && step.updatedAt > step.createdAt) durations.add(kindOf(step), step.updatedAt - step.createdAt);
    };
    const loadKinds = async () => {
      kinds = new Map((await app.store.bridges.list()).map((bridge) => [bridge.bridgeName, bridge.kind]));
    };

    const pass = async () => {
      if (!started) return;
      await loadKinds();
      const written = changed;
      changed = new Map();
      for (const step of await app.store.journeys.stepsById([...written.keys()])) {
        // The same write, committed: a later one will be read at the next check.
        if (written.get(step.id) === step.updatedAt) learn(step);
      }
      const now = app.clock.now();
      const pending = await app.store.journeys.pendingSteps();
      const stillPending = new Set(pending.map((step) => step.id));
      for (const [tradeId, entry] of stuck) {
        if (stillPending.has(entry.txId)) continue;
        stuck.delete(tradeId);
        app.hub.broadcast('tradeUnstuck', { tradeId });
      }
      // Oldest first: a trade's first pending tx is its current step.
      for (const step of pending) {
        if (stuck.has(step.tradeId)) continue;
        const pendingMs = Math.max(0, now - step.createdAt);
        const stats = durations.stats(kindOf(step));
        if (pendingMs <= stuckThresholdMs(stats?.p95Ms, options.factor, options.floorMs)) continue;
        const journey = await app.store.journeys.get(step.tradeId);
        const entry: StuckTrade = { tradeId: step.tradeId, txId: step.id, step: journey?.currentStep ?? 0, since: now };
        stuck.set(step.tradeId, entry);
        app.hub.broadcast('tradeStuck', { tradeId: step.tradeId, step: entry.step, pendingMs, expectedMs: stats?.medianMs ?? options.floorMs });
      }
    };
    // One pass at a time: a check asked for during one runs after it.
    let tail: Promise<void> = Promise.resolve();
    const check = () => {
      const next = tail.then(pass);
      tail = next.catch(() => undefined);
      return next;
    };

    const unsubscribe = app.store.onTxsChanged((changes) => {
      for (const change of changes) {
        if (change.tradeId !== null && started) changed.set(change.id, change.updatedAt);
      }
    });

    app.decorate('tradeWatch', {
      stuckIds: () => [...stuck.keys()],
      expected: (step) => durations.stats(kindOf(step)),
      check,
    } satisfies TradeWatch);

    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await loadKinds();
      // Listening already, so nothing completed between this read and the first check is missed.
      started = true;
      for (const step of await app.store.journeys.completedSteps(SAMPLES_PER_KEY)) learn(step);
      await check();
      if (options.checkEveryMs > 0) {
        timer = setInterval(() => void check().catch((err: unknown) => app.log.error({ err }, 'trade watch check failed')), options.checkEveryMs);
      }
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      unsubscribe();
      await tail;
    });
  },
  { name: 'tradeWatch', dependencies: ['clock', 'database', 'hub'] },
);
