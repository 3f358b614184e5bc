/**
 * Seeded randomness for the simulator: the same SIM_SEED gives the same events. Every process of
 * the simulation draws from its own stream, so an operator's action (a trade from the control
 * route, a workers start) never reshuffles the block heads or the gas prices.
 */
// mulberry32, shared with the quote market: small, fast, never for anything secret.
import { createRng as mulberry32 } from '../quote/rng.ts';

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  /** Log-uniform in [min, max): amounts and prices spread over orders of magnitude. */
  logBetween(min: number, max: number): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Lower-case hex digits. */
  hex(digits: number): string;
}


/** The seed of a named sub-stream (FNV-1a over the label, mixed with the seed). */
function deriveSeed(seed: number, label: string): number {
  let hash = (seed ^ 0x811c9dc5) >>> 0;
  for (let i = 0; i < label.length; i++) hash = Math.imul(hash ^ label.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  const between = (min: number, max: number) => min + (max - min) * next();
  return {
    next,
    between,
    logBetween: (min, max) => Math.exp(between(Math.log(min), Math.log(max))),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    hex: (digits) => {
      let out = '';
      while (out.length < digits) out += Math.floor(next() * 0x10000).toString(16).padStart(4, '0');
      return out.slice(0, digits);
    },
  };
}

/** Streams named by purpose, all derived from one seed. */
export function rngStreams(seed: number): (label: string) => Rng {
  return (label) => createRng(deriveSeed(seed, label));
}
