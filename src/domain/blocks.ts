import { staleThresholdMs } from '../config/networks.ts';

/** §4/§9: a block head is stale when unchanged for longer than its network's threshold. */
export function isBlockStale(network: string, changedAt: number, now: number): boolean {
  return now - changedAt > staleThresholdMs(network);
}

/** §2: the block-head button shows the last 2 digits of the block number. */
export function lastTwoDigits(num: number): string {
  const digits = String(Math.trunc(Math.abs(num)));
  return digits.length >= 2 ? digits.slice(-2) : digits.padStart(2, '0');
}

/** Whole seconds since the last change, never negative. */
export function secondsSince(changedAt: number, now: number): number {
  return Math.max(0, Math.floor((now - changedAt) / 1000));
}
