/** Deterministic randomness for the simulated pools: the same seed builds the same markets. */

export type Rng = () => number;

/** mulberry32: small, fast, good enough for simulation (not for anything secret). */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed for a sub-stream (per network), so adding a network does not reshuffle the others. */
export function deriveSeed(seed: number, label: string): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

export const between = (rng: Rng, min: number, max: number): number => min + (max - min) * rng();

/** Log-uniform in [min, max]: pool sizes and prices spread over orders of magnitude. */
export const logBetween = (rng: Rng, min: number, max: number): number =>
  Math.exp(between(rng, Math.log(min), Math.log(max)));

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** A 20-byte hex address, lower-cased. */
export function randomAddress(rng: Rng): string {
  let hex = '0x';
  for (let i = 0; i < 5; i++) hex += Math.floor(rng() * 0x100000000).toString(16).padStart(8, '0');
  return hex;
}
