/**
 * Seeded randomness for everything the server makes up: the simulator's feeds and the quote engine's
 * markets. The same seed (SIM_SEED) gives the same run: every purpose draws from its own stream,
 * derived from the seed and a label, so an operator's action (a trade from the control route, a
 * workers start) never reshuffles the block heads, and adding a network never reshuffles the
 * others' markets. mulberry32: small, fast, never for anything secret.
 */

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  /** Log-uniform in [min, max): amounts, pool sizes and prices spread over orders of magnitude. */
  logBetween(min: number, max: number): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Lower-case hex digits. */
  hex(digits: number): string;
}

/** mulberry32: uniform in [0, 1), the whole sequence given by the seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of a named stream: FNV-1a over the label, its offset basis mixed with the seed. */
export function deriveSeed(seed: number, label: string): number {
  let hash = (seed ^ 0x811c9dc5) >>> 0;
  for (let i = 0; i < label.length; i++) hash = Math.imul(hash ^ label.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

export function createRng(seed: number): Rng {
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
