import { describe, expect, it } from 'vitest';
import type { TxStatus, TxType } from '../../src/config/enums.ts';
import {
  durationStats,
  isStepStuck,
  journeyOf,
  quantile,
  stepDurationMs,
  stuckThresholdMs,
  type JourneyStep,
} from '../../src/domain/trades.ts';

const step = (txType: TxType, status: TxStatus, over: Partial<JourneyStep> = {}): JourneyStep => ({
  txType,
  attempt: 1,
  status,
  amountIn: txType === 'Swap' ? 1000 : 0,
  amountOut: status === 'completed' ? (txType === 'Sell' ? 1012.5 : 3.1) : null,
  ...over,
});

describe('Trades (protocol): a trade state and current step from its steps', () => {
  it('Trades (protocol): every leg completed is completed, at the last step, with the capital in and the sell out', () => {
    const journey = journeyOf([step('Swap', 'completed'), step('Bridge', 'completed'), step('Claim', 'completed'), step('Sell', 'completed')]);
    expect(journey).toEqual({ state: 'completed', currentStep: 3, amountIn: 1000, amountOut: 1012.5 });
  });

  it('Trades (protocol): a pending leg is running, at that step; later legs not yet sent do not move it; no amount out yet', () => {
    expect(journeyOf([step('Swap', 'completed'), step('Bridge', 'pending')])).toEqual({ state: 'running', currentStep: 1, amountIn: 1000, amountOut: null });
    expect(journeyOf([step('Swap', 'completed'), step('Bridge', 'pending'), step('Sell', 'created')]).currentStep).toBe(1);
    expect(journeyOf([step('Sell', 'created', { amountIn: 40 })])).toEqual({ state: 'running', currentStep: 0, amountIn: 40, amountOut: null });
    expect(journeyOf([]).state).toBe('running');
  });

  it('Trades (protocol): a failed, stale or sent-back leg fails the trade at that step, the skipped legs after it included', () => {
    const failed = journeyOf([step('Swap', 'completed'), step('Bridge', 'failed'), step('Claim', 'skip'), step('Sell', 'skip')]);
    expect(failed).toEqual({ state: 'failed', currentStep: 1, amountIn: 1000, amountOut: null });
    expect(journeyOf([step('Swap', 'completed'), step('Bridge', 'sent-back')]).state).toBe('failed');
    expect(journeyOf([step('Swap', 'stale')])).toMatchObject({ state: 'failed', currentStep: 0 });
    expect(journeyOf([step('Swap', 'skip'), step('Sell', 'skip')])).toMatchObject({ state: 'failed', currentStep: 0 });
  });

  it('Trades (protocol): a retried leg counts by its last attempt, once in the capital', () => {
    const retried = [step('Swap', 'failed'), step('Swap', 'completed', { attempt: 2 }), step('Bridge', 'completed'), step('Sell', 'completed')];
    expect(journeyOf(retried)).toEqual({ state: 'completed', currentStep: 3, amountIn: 1000, amountOut: 1012.5 });
    const retrying = [step('Swap', 'completed'), step('Bridge', 'stale'), step('Bridge', 'pending', { attempt: 2 })];
    expect(journeyOf(retrying)).toMatchObject({ state: 'running', currentStep: 2 });
  });
});

describe('Trades (protocol): step durations', () => {
  it('Trades (protocol): Step.durationMs: settled updatedAt - createdAt, pending so far, created and skipped 0', () => {
    expect(stepDurationMs({ status: 'completed', createdAt: 1000, updatedAt: 4500 }, 99_000)).toBe(3500);
    expect(stepDurationMs({ status: 'failed', createdAt: 1000, updatedAt: 2000 }, 99_000)).toBe(1000);
    expect(stepDurationMs({ status: 'pending', createdAt: 1000, updatedAt: 1000 }, 61_000)).toBe(60_000);
    expect(stepDurationMs({ status: 'created', createdAt: 1000, updatedAt: 1000 }, 61_000)).toBe(0);
    expect(stepDurationMs({ status: 'skip', createdAt: 1000, updatedAt: 5000 }, 61_000)).toBe(0);
  });

  it('median and p95 by nearest rank, of samples in any order; none without samples', () => {
    const samples = Array.from({ length: 100 }, (_, i) => (100 - i) * 10);
    expect(durationStats(samples)).toEqual({ count: 100, medianMs: 500, p95Ms: 950 });
    expect(durationStats([7])).toEqual({ count: 1, medianMs: 7, p95Ms: 7 });
    expect(durationStats([4, 1, 3, 2])).toEqual({ count: 4, medianMs: 2, p95Ms: 4 });
    expect(durationStats([])).toBeUndefined();
    expect(quantile([], 0.5)).toBeUndefined();
    expect(quantile([1, 2, 3], 1)).toBe(3);
  });
});

describe('Trades (protocol): stuck steps (max(p95 × factor, floor))', () => {
  it('stuck once pending longer than p95 × factor, when that is above the floor', () => {
    expect(stuckThresholdMs(40_000, 3, 60_000)).toBe(120_000);
    expect(isStepStuck(120_000, 40_000, 3, 60_000)).toBe(false);
    expect(isStepStuck(120_001, 40_000, 3, 60_000)).toBe(true);
  });

  it('the floor holds for quick steps, and alone where no such step has completed yet', () => {
    expect(stuckThresholdMs(2000, 3, 60_000)).toBe(60_000);
    expect(isStepStuck(59_000, 2000, 3, 60_000)).toBe(false);
    expect(isStepStuck(60_001, 2000, 3, 60_000)).toBe(true);
    expect(stuckThresholdMs(undefined, 3, 60_000)).toBe(60_000);
    expect(isStepStuck(60_001, undefined, 3, 60_000)).toBe(true);
  });
});
