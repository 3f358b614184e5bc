/**
 * Trades as journeys (docs/protocol.md "Trades"): where a trade is from its steps, how long its
 * steps take, and when a pending step counts as stuck. Plain functions of their inputs: the server
 * builds the trade list and the stuck events from them, and a console may show the same rules.
 */
import type { TxStatus, TxType } from '../config/enums.ts';

/** A trade's state as its txs give it; `stuck` is decided from time (isStepStuck), not from the txs. */
export type SettledTradeState = 'running' | 'completed' | 'failed';

/** What the rules read of a step: one tx of the trade, in the order the txs were sent. */
export interface JourneyStep {
  txType: TxType;
  attempt: number;
  status: TxStatus;
  amountIn: number;
  amountOut: number | null;
}

export interface Journey {
  state: SettledTradeState;
  /** 0-based index into the steps of the step the trade is at. */
  currentStep: number;
  /**
   * The capital put in: the amountIn of the first leg that moves value (its last attempt). Each leg
   * counts its input in its own units (the buy swap USD, the bridge and the sell the token), so the
   * legs are not summed, and each later leg keeps its real amount (docs/protocol.md "Trades").
   */
  amountIn: number;
  /** The last leg's output, once that leg completed. */
  amountOut: number | null;
}

/** Approvals move no value: only an allowance. Every other tx type moves what its amountIn says. */
export function movesValue(txType: TxType): boolean {
  return txType !== 'ApproveSwap' && txType !== 'ApproveBridge' && txType !== 'ApproveSell';
}

/**
 * What a swap gives for `amountIn`: amountIn × price × (1 − fee), price in output units per input
 * unit, fee a fraction (0.003 for 0.3 %). Out never equals in unless price × (1 − fee) is 1.
 */
export function swapAmountOut(amountIn: number, price: number, fee: number): number {
  return amountIn * price * (1 - fee);
}

const UNSETTLED: ReadonlySet<TxStatus> = new Set(['created', 'pending']);
/** A leg that ended the trade: it will not be tried again. skip: not sent because an earlier leg failed. */
const GAVE_UP: ReadonlySet<TxStatus> = new Set(['failed', 'stale', 'sent-back', 'skip']);

/**
 * A trade's state and current step from its steps. Each leg (tx type) counts by its last attempt,
 * so a retried leg that went through does not fail the trade. Running while a leg is unsettled
 * (at the first pending step, else the first created one); failed when a leg gave up (at the
 * first that failed, went stale or was sent back; a skipped one if that is all); completed
 * otherwise (at the last step). No steps: running at step 0.
 */
export function journeyOf(steps: readonly JourneyStep[]): Journey {
  const last = new Map<TxType, number>();
  steps.forEach((step, index) => {
    const seen = last.get(step.txType);
    if (seen === undefined || step.attempt >= (steps[seen] as JourneyStep).attempt) last.set(step.txType, index);
  });
  const finals = [...last.values()].sort((a, b) => a - b);
  const capital = finals.find((index) => movesValue((steps[index] as JourneyStep).txType));
  const amountIn = capital === undefined ? 0 : (steps[capital] as JourneyStep).amountIn;
  const lastLeg = steps[finals.at(-1) ?? -1];
  const amountOut = lastLeg?.status === 'completed' ? lastLeg.amountOut : null;
  const firstFinal = (statuses: ReadonlySet<TxStatus>) => finals.find((index) => statuses.has((steps[index] as JourneyStep).status));

  if (steps.length === 0 || finals.some((index) => UNSETTLED.has((steps[index] as JourneyStep).status))) {
    const pending = steps.findIndex((step) => step.status === 'pending');
    const created = steps.findIndex((step) => step.status === 'created');
    return { state: 'running', currentStep: Math.max(0, pending >= 0 ? pending : created), amountIn, amountOut };
  }
  const gaveUp = firstFinal(new Set(['failed', 'stale', 'sent-back'])) ?? firstFinal(GAVE_UP);
  if (gaveUp !== undefined) return { state: 'failed', currentStep: gaveUp, amountIn, amountOut };
  return { state: 'completed', currentStep: steps.length - 1, amountIn, amountOut };
}

/** How long a step took (settled), has been pending so far (pending), or 0 (created, not sent; skipped). */
export function stepDurationMs(step: { status: TxStatus; createdAt: number; updatedAt: number }, nowMs: number): number {
  if (step.status === 'created' || step.status === 'skip') return 0;
  if (step.status === 'pending') return Math.max(0, nowMs - step.createdAt);
  return Math.max(0, step.updatedAt - step.createdAt);
}

/** The q-quantile (0 < q <= 1) of ascending samples, by nearest rank: a value that occurred. */
export function quantile(sorted: readonly number[], q: number): number | undefined {
  if (sorted.length === 0) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export interface DurationStats {
  count: number;
  medianMs: number;
  p95Ms: number;
}

/** The median and p95 of durations (any order); undefined without any. */
export function durationStats(samples: readonly number[]): DurationStats | undefined {
  if (samples.length === 0) return undefined;
  const sorted = [...samples].sort((a, b) => a - b);
  return { count: sorted.length, medianMs: quantile(sorted, 0.5) as number, p95Ms: quantile(sorted, 0.95) as number };
}

/** Stuck past max(p95 × factor, floor); without a p95 (no such step has completed yet), past the floor. */
export function stuckThresholdMs(p95Ms: number | undefined, factor: number, floorMs: number): number {
  return p95Ms === undefined ? floorMs : Math.max(p95Ms * factor, floorMs);
}

/** A pending step is stuck once it has been pending longer than its threshold (stuckThresholdMs). */
export function isStepStuck(pendingMs: number, p95Ms: number | undefined, factor: number, floorMs: number): boolean {
  return pendingMs > stuckThresholdMs(p95Ms, factor, floorMs);
}
